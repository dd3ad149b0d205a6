"""Benchmark: a random 250-card tower from a data file, cold (empty compile cache), ready to play.

    python3 benchmarks/tower_cold.py [--data PATH] [--size 250] [--seed 1] [--players 4]

In a fresh process with an empty cache directory (a temporary ``JUDGETOWER_CACHE_DIR``), what
``judgetower tower build`` and ``judgetower sim --tower`` do: read the data file lazily
(`compiled_pool.lazy_pool`: parsed, no card built), build a seeded random tower
(`judgetower.cards.tower.build_tower`: cards drawn in seeded order, each checked (compiled through
the per-card cache; the Oracle parser is built at the first card missing from it) until ``size``
less the basic lands are playable), then start a Judge Tower game on it (4 autopilot seats by
default) up to its first decision. Prints each step's wall and CPU time (this process's and its
compile workers'), the totals and the load average (``--serial``: no compile workers). Then the same again in a second fresh process with the cache now
warm. Never fails on time. Skips when the data file is absent.
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


def cpu() -> float:
    """CPU time of this process and of its finished children (the compile workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(data: str, size: int, seed: int, players: int, serial: bool) -> None:
    w0, c0 = time.perf_counter(), cpu()
    steps = []

    def step(what: str) -> None:
        steps.append((what, time.perf_counter(), cpu()))

    if serial:
        from judgetower.oracle import compiled_pool
        compiled_pool.PREFETCH_PARALLEL_MIN = 10 ** 9

    from judgetower.cards.pool import CardPool
    from judgetower.cards.tower import build_tower
    from judgetower.oracle.compiled_pool import lazy_pool
    step("imports")
    pool = lazy_pool(data)
    step(f"data file read ({len(pool)} cards, none built)")
    from judgetower.oracle.grammar import parser
    built_before = parser.cache_info().currsize
    tower = build_tower(pool, size, seed)
    parsed = "parser built" if parser.cache_info().currsize > built_before else "parser not needed"
    step(f"tower built: {tower.checked} candidates checked (compiled or read from the cache), "
         f"{len(tower.cards)} playable taken, {parsed}")
    cards = CardPool()
    for name in dict.fromkeys(tower.names()):
        d = pool.card(name).game_card
        if d.name not in cards:
            cards._add(d)
    from judgetower.variants.judge_tower import new_judge_tower_game
    g = new_judge_tower_game(cards, [pool.card(n).game_card.name for n in tower.names()],
                             [{"name": f"P{i}"} for i in range(players)], seed=seed)
    g.pending()
    step(f"game started on a {len(tower)}-card tower (first decision pending)")
    prev_w, prev_c = w0, c0
    for what, w, c in steps:
        print(f"  {what}: {w - prev_w:.2f} s wall, {c - prev_c:.2f} s CPU")
        prev_w, prev_c = w, c
    print(f"  total: {time.perf_counter() - w0:.2f} s wall, {cpu() - c0:.2f} s CPU "
          f"(imports included, interpreter start not); load average now {load()}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--size", type=int, default=250)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--serial", action="store_true",
                    help="compile the candidates in this process only (no worker processes)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if not Path(a.data).exists():
        print(f"skipped: {a.data} is absent")
        return 0
    if a.child:
        run(a.data, a.size, a.seed, a.players, a.serial)
        return 0
    with tempfile.TemporaryDirectory(prefix="jt-tower-cold-") as cache:
        env = {**os.environ, "JUDGETOWER_CACHE_DIR": cache}
        env.pop("JUDGETOWER_NO_COMPILE_CACHE", None)
        for label in ("cold cache", "warm cache (second process)"):
            print(f"{label}: load average {load()}", flush=True)
            t = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--child", "--data", a.data, "--size", str(a.size),
                            "--seed", str(a.seed), "--players", str(a.players)] + (["--serial"] if a.serial else []),
                           env=env, check=True)
            print(f"  whole process, interpreter start included: {time.perf_counter() - t:.2f} s wall",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
