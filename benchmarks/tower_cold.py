"""Benchmark: a random 250-card tower from a data file, cold (empty compile cache), ready to play.

    python3 benchmarks/tower_cold.py [--data PATH] [--size 250] [--seed 1] [--players 4]

In a fresh process with an empty cache directory (a temporary ``JUDGETOWER_CACHE_DIR``): read the
data file, build the Oracle parser, draw Judge Tower pool cards in a seeded random order and
compile each (per-card cache) until ``size`` playable cards are found (less the basic lands
`judgetower.cards.tower.basic_counts` adds), then start a Judge Tower game on them (4 autopilot
seats by default) up to its first decision. Prints each step's wall and CPU time, the totals and
the load average. Then the same again in a second fresh process with the cache now warm. Never
fails on time. Skips when the data file is absent.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
DEFAULT_DATA = SHARED / "data" / "AtomicCards-dev-2022.json.xz"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(data: str, size: int, seed: int, players: int) -> None:
    w0, c0 = time.perf_counter(), time.process_time()
    steps = []

    def step(what: str) -> None:
        steps.append((what, time.perf_counter(), time.process_time()))

    import random

    from judgetower.cards.mtgjson import load_atomic
    from judgetower.cards.pool import CardPool
    from judgetower.cards.tower import NON_DECK_TYPES, basic_counts
    step("imports")
    atomic = load_atomic(data)
    step(f"data file read ({len(atomic.cards)} cards)")
    from judgetower.oracle.grammar import parser
    parser()
    step("parser built")
    from judgetower.oracle.compiled_pool import _compile_faces, status_of
    pool = [c for c in atomic.cards if not c.is_funny and not c.is_alchemy
            and (c.vintage in ("Legal", "Restricted") or not c.has_legalities)]
    pool.sort(key=lambda c: c.name)
    random.Random(seed).shuffle(pool)
    basics = [(n, k) for n, k in basic_counts(size) if k]
    want = size - sum(k for _, k in basics)
    chosen = []
    tried = 0
    for card in pool:
        if len(chosen) >= want:
            break
        front = card.front
        if front is None or "Basic" in front.supertypes or NON_DECK_TYPES.intersection(front.types):
            continue
        tried += 1
        if status_of(card, _compile_faces(card)).playable and card.game_card is not None:
            chosen.append(card.game_card)
    step(f"{tried} cards compiled, {len(chosen)} playable taken")
    by_name = {c.name: c for c in atomic.cards}
    defs = chosen + [by_name[n].game_card for n, _ in basics]
    cards = CardPool()
    for d in defs:
        if d.name not in cards:
            cards._add(d)
    tower = [c.name for c in chosen] + [n for n, k in basics for _ in range(k)]
    from judgetower.variants.judge_tower import new_judge_tower_game
    g = new_judge_tower_game(cards, tower, [{"name": f"P{i}"} for i in range(players)], seed=seed)
    g.pending()
    step(f"game started on a {len(tower)}-card tower (first decision pending)")
    prev_w, prev_c = w0, c0
    for what, w, c in steps:
        print(f"  {what}: {w - prev_w:.2f} s wall, {c - prev_c:.2f} s CPU")
        prev_w, prev_c = w, c
    print(f"  total: {time.perf_counter() - w0:.2f} s wall, {time.process_time() - c0:.2f} s CPU "
          f"(imports included, interpreter start not); load average now {load()}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--size", type=int, default=250)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if not Path(a.data).exists():
        print(f"skipped: {a.data} is absent")
        return 0
    if a.child:
        run(a.data, a.size, a.seed, a.players)
        return 0
    with tempfile.TemporaryDirectory(prefix="jt-tower-cold-") as cache:
        env = {**os.environ, "JUDGETOWER_CACHE_DIR": cache}
        env.pop("JUDGETOWER_NO_COMPILE_CACHE", None)
        for label in ("cold cache", "warm cache (second process)"):
            print(f"{label}: load average {load()}", flush=True)
            t = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--child", "--data", a.data, "--size", str(a.size),
                            "--seed", str(a.seed), "--players", str(a.players)], env=env, check=True)
            print(f"  whole process, interpreter start included: {time.perf_counter() - t:.2f} s wall",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
