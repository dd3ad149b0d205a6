"""Guard G3 of the layout move (../shared/design/layout.md §4.4): recorded games whose replays must
give the same English and French logs, the same per-player views and the same final state.

    python3 benchmarks/golden_games.py record     # plays the games, writes tests/golden/games/
    python3 benchmarks/golden_games.py check      # replays every record, compares with the digests
    python3 benchmarks/golden_games.py rebase     # after a behaviour fix: the same records, new digests
    python3 benchmarks/golden_games.py check --english   # the same without the French text
                                                          # (games-en.txt; for changes to the French only)

The games (about 300, each capped so that a whole check takes a few minutes on one core):
ordinary Magic between random agents on random starter-tower decks (2-4 players); Judge Tower
referee mode between autopilots (2-6 players); judge mode with erring, calling, disputing bots
(2-6 players); and judge mode on towers of real cards (a fixed sample of the 2022 data file,
skipped with a notice when ``../shared/data`` is absent). Each record is a plain game record
(`judgetower.record`, gzipped); ``games.txt`` holds, per record, a sha256 over every log event (number,
visibility, English and French text, rules), every player's and a spectator's view, and the final
``snapshot()``. Behaviour-preserving changes keep every digest. Prints the load average; never
fails on time. Exit 1 when a record does not replay or a digest differs.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import pickle
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "games"
DIGESTS = GOLDEN / "games.txt"
DIGESTS_EN = GOLDEN / "games-en.txt"   # the same digests without the French text of the log
DATA_2022 = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared") / "data" / "AtomicCards-dev-2022.json.xz"

#: (kind, count, cap): cap is the decision cap per game
PLAN = (("standard", 100, 1000), ("referee", 80, 1500), ("judge", 80, 3000), ("real", 40, 2000))
#: real-card towers: every STRIDE-th card (by name) of the 2022 file, its playable ones
REAL_STRIDE = 60


def digest(game, french: bool = True) -> str:
    h = hashlib.sha256()
    for e in game.log.events:
        vis = None if e.visible_to is None else sorted(e.visible_to)
        h.update(json.dumps([e.number, vis, e.text, e.text_fr if french else "", list(e.rules)],
                            ensure_ascii=False).encode())
    for seat in [None, *range(len(game.players))]:
        h.update(json.dumps(game.view(seat), sort_keys=True, default=repr, ensure_ascii=False).encode())
    h.update(json.dumps(game.snapshot(), sort_keys=True, default=repr, ensure_ascii=False).encode())
    return h.hexdigest()


def real_pool():
    """The compiled pool of the real-card sample (cached in /tmp per compiler version)."""
    if not DATA_2022.exists():
        return None
    from judgetower.cards.mtgjson import parse_atomic, read_bytes
    from judgetower.oracle import COMPILER_VERSION
    from judgetower.oracle import compiled_pool as cp
    cache = Path("/tmp") / f"golden-games-pool-{COMPILER_VERSION}.pickle"
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    _, cards = parse_atomic(read_bytes(DATA_2022), str(DATA_2022))
    cards.sort(key=lambda c: c.name)
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    picked = [c for i, c in enumerate(cards) if i % REAL_STRIDE == 0 or c.name in basics]
    t = time.process_time()
    irs = cp.compile_all(picked, workers=1)
    print(f"compiled {len(picked)} real cards in {time.process_time() - t:.0f} s CPU", flush=True)
    infos = [cp._info(c, cp.status_of(c, ir)) for c, ir in zip(picked, irs)]
    pool = cp.FullPool(source=str(DATA_2022), key="", meta={}, has_legalities=True, infos=infos,
                       records={c.name: c for c in picked}, ir={c.name: ir for c, ir in zip(picked, irs)})
    cache.write_bytes(pickle.dumps(pool, protocol=pickle.HIGHEST_PROTOCOL))
    return pool


def _drive(game, agents, cap: int) -> None:
    """Let ``agents`` decide until the game ends or holds ``cap`` decisions."""
    while not game.game_over and len(game.decisions) < cap:
        d = game.pending()
        if d is None:
            break
        game.decide(d.player, agents[d.player].choose(game, d.player))


def play(kind: str, k: int, cap: int, pool):
    from judgetower.agents.autopilot import Autopilot
    from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
    from judgetower.agents.random_agent import RandomAgent
    from judgetower.cards.pool import starter_pool
    from judgetower.variants.judge_tower import new_judge_tower_game
    seed = 1000 + k
    if kind == "standard":
        from judgetower.rules.deck import new_game, random_deck
        sp = starter_pool()
        rng = random.Random(seed)
        names = [chr(ord("A") + i) for i in range(2 + k % 3)]
        game = new_game(sp, {n: random_deck(sp, rng) for n in names}, seed=seed)
        _drive(game, [RandomAgent(seed * 31 + i, pass_bias=0.5) for i in range(len(names))], cap)
        return game, None
    n = 2 + k % 5
    specs = [{"name": f"P{i + 1}", "judge_level": (k + i) % 4, "first_game": (k + i) % 7 == 0} for i in range(n)]
    if kind == "real":
        from judgetower.cards.tower import build_tower
        tower = build_tower(pool, 120, seed=seed).names()
        cards = pool.card_pool(playable_only=True)
    else:
        cards = starter_pool()
        tower = cards.names()
    mode = "referee" if kind == "referee" else "judge"
    game = new_judge_tower_game(cards, tower, specs, seed=seed, mode=mode, manual_triggers=(kind == "judge" and k % 5 == 0))
    if mode == "referee":
        _drive(game, [Autopilot(seed * 31 + i) for i in range(n)], cap)
    else:
        agents = [ErringAutopilot(seed * 31 + i, 0.05) for i in range(n)]
        table = JudgeTable(game, seed=seed, call_rate=0.5, dispute_rate=0.2)
        run_judge_game(game, agents, table, cap)
    return game, (cards if kind == "real" else None)


def record_all() -> int:
    from judgetower import record
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for old in GOLDEN.glob("*.json.gz"):
        old.unlink()
    pool = None
    lines = []
    for kind, count, cap in PLAN:
        if kind == "real":
            pool = real_pool()
            if pool is None:
                print(f"real-card games skipped: {DATA_2022} is absent")
                continue
        t = time.process_time()
        for k in range(count):
            game, _ = play(kind, k, cap, pool)
            name = f"{kind}-{k:03d}.json.gz"
            (GOLDEN / name).write_bytes(gzip.compress(record.dumps(game).encode(), mtime=0))
            lines.append(f"{digest(game)}  {name}")
        print(f"{kind}: {count} games in {time.process_time() - t:.0f} s CPU", flush=True)
    DIGESTS.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} records and digests written to {GOLDEN}")
    return 0


def check_all(only: str | None = None, rebase: bool = False, english: bool = False) -> int:
    from judgetower import record
    want = {}
    digests = DIGESTS_EN if english else DIGESTS
    if rebase and english and not digests.exists():
        digests.write_text(DIGESTS.read_text())   # the names; every digest is rewritten below
    for line in digests.read_text().splitlines():
        d, name = line.split("  ")
        want[name] = d
    pool = None
    bad = 0
    t = time.process_time()
    n = 0
    for name, d in want.items():
        if only and not name.startswith(only):
            continue
        p = None
        if name.startswith("real-"):
            if pool is None:
                pool = real_pool()
                if pool is None:
                    print(f"real-card records skipped: {DATA_2022} is absent")
                    continue
            p = pool.card_pool(playable_only=True)
        rec = record.loads(gzip.decompress((GOLDEN / name).read_bytes()))
        try:
            game = record.replay(rec, pool=p)
        except record.RecordError as e:
            print(f"{name}: does not replay: {e}")
            bad += 1
            continue
        n += 1
        got = digest(game, french=not english)
        if rebase:
            want[name] = got
        if got != d:
            print(f"{name}: digest differs ({got[:12]} != {d[:12]})")
            bad += 1
    print(f"golden games: {n} replayed, {bad} differ; {time.process_time() - t:.0f} s CPU; "
          f"load average {os.getloadavg()[0]:.1f}")
    if rebase:
        digests.write_text("".join(f"{d}  {name}\n" for name, d in want.items()))
        print(f"digests rewritten: {bad} changed")
        return 0
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("record", "check", "rebase"))
    ap.add_argument("--english", action="store_true",
                    help="digests without the log's French text (games-en.txt): for changes that touch "
                         "only the French")
    ap.add_argument("--only", help="check only records whose name starts with this (standard, referee, judge, real)")
    args = ap.parse_args()
    if args.what == "record":
        return record_all()
    return check_all(args.only, rebase=args.what == "rebase", english=args.english)


if __name__ == "__main__":
    sys.exit(main())
