"""Judge Tower games on random 250-card towers built from the playable pool of a card file.

    python3 benchmarks/tower_sims.py                       # 200 judge-mode games, 2022 file
    python3 benchmarks/tower_sims.py --games 20 --mode referee --cap 20000
    python3 benchmarks/tower_sims.py --data PATH --size 250 --players 4
    python3 benchmarks/tower_sims.py --games 100 --first-seed 101 --no-replay --progress

Game k: a tower built with ``judgetower.cards.tower.build_tower(pool, size, seed=k)`` (singleton,
playable cards only, a few basic lands), 2 + k % 5 players (2-6) unless ``--players``. Judge mode
(default): bots err with probability ``--errors`` where they can and call the public violations
they see (``judgetower.agents.judge_bots``), so games end by shame (JT-E1) like real Judge Tower
games. Referee mode: perfect autopilots (games may not end: infinite life, JT-E2 refills).
Prints how games ended, exceptions (with the card names on the battlefield), throughput, and a
replay check of every record (``--no-replay`` skips it). Never fails on time; exit 1 when a game
raised an exception, hit the cap in judge mode, or did not replay. Skips when the file is absent.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from simcheck import end_label, game_failures, print_outcome, replay_failure, run_checked

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "AtomicCards-dev-2022.json.xz"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=250)
    ap.add_argument("--players", type=int, default=0, help="players per game (default: 2-6 by seed)")
    ap.add_argument("--mode", choices=("judge", "referee"), default="judge")
    ap.add_argument("--errors", type=float, default=0.05)
    ap.add_argument("--calls", type=float, default=0.5)
    ap.add_argument("--cap", type=int, default=100000)
    ap.add_argument("--no-replay", action="store_true")
    ap.add_argument("--progress", action="store_true", help="print a line per game as it ends")
    args = ap.parse_args()
    if not Path(args.data).exists():
        print(f"skipped: {args.data} is absent")
        return 0
    from judgetower.agents.autopilot import Autopilot
    from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
    from judgetower.cards.tower import build_tower
    from judgetower.oracle.compiled_pool import load_pool
    from judgetower.variants.judge_tower import new_judge_tower_game

    t = time.perf_counter()
    full = load_pool(args.data)
    cards = full.card_pool(playable_only=True)
    print(f"pool: {args.data}: {len(cards)} playable cards, loaded in {time.perf_counter() - t:.1f} s")
    ends: Counter = Counter()
    failures: list[str] = []
    decisions = 0
    wall = replay_wall = 0.0
    for seed in range(args.first_seed, args.first_seed + args.games):
        n_fail, g = len(failures), None
        n = args.players or 2 + seed % 5
        try:
            tower = build_tower(full, args.size, seed).names()
            specs = [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5} for i in range(n)]
            t = time.perf_counter()
            g = None
            table = None
            try:
                g = new_judge_tower_game(cards, tower, specs, seed=seed, mode=args.mode)
                if args.mode == "judge":
                    table = JudgeTable(g, seed=seed, call_rate=args.calls)
                    bots = [ErringAutopilot(seed * 31 + i, args.errors) for i in range(n)]
                else:
                    bots = [Autopilot(seed * 31 + i) for i in range(n)]
                capped, broken = run_checked(g, bots, args.cap, len(tower), table.after_decision if table else None)
            except Exception:
                where = ", ".join(sorted({o.name for o in g.permanents()})) if g is not None else "set-up"
                failures.append(f"seed {seed}: exception (battlefield: {where})\n{traceback.format_exc()}")
                continue
            finally:
                wall += time.perf_counter() - t
            decisions += len(g.decisions)
            if capped:
                ends["unfinished (decision cap)"] += 1
                if args.mode == "judge":
                    failures.append(f"seed {seed}: unfinished after {len(g.decisions)} decisions")
                continue
            ends[end_label(g)] += 1
            failures += [f"seed {seed}: {why}" for why in game_failures(g, table, broken, len(tower))]
            if not args.no_replay:
                t = time.perf_counter()
                why = replay_failure(g, pool=cards)
                if why:
                    failures.append(f"seed {seed}: {why}")
                replay_wall += time.perf_counter() - t
        finally:
            if args.progress:
                print(f"seed {seed}: {n} players, "
                      + (f"{len(g.decisions)} decisions, {end_label(g) if g.game_over else 'unfinished'}"
                         if g is not None else "set-up failed")
                      + f", new failures {len(failures) - n_fail}", flush=True)
    print(f"{args.games} games ({args.mode} mode), random {args.size}-card towers (seeds {args.first_seed}-"
          f"{args.first_seed + args.games - 1})" + (f", bots err {args.errors:g}, call {args.calls:g}"
                                                     if args.mode == "judge" else ""))
    print_outcome(args.games, ends, failures, decisions, wall, None if args.no_replay else replay_wall)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
