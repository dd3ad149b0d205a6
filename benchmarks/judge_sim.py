"""Judge-mode Judge Tower games between erring and calling bots (JT-S2-S4, JT-G11, JT-E1).

    python3 benchmarks/judge_sim.py                      # 200 games, 2-6 players, seeds 1..200
    python3 benchmarks/judge_sim.py --games 500 --errors 0.05 --calls 0.5 --no-replay

Game k has 2 + k % 5 players (2-6), judge levels 1-5, the starter tower. For every game it checks
and prints: that it ended by a real end condition (never the decision cap, never an exception),
that the shame table equals the starting shame plus the upheld calls (JT-S2, JT-S4, R17), that
cards are conserved before every decision and at the end (every card of the tower is in exactly one
zone, or left the game with a player who lost), and, unless
``--no-replay``, that the saved record (decisions + judge actions) replays to the same final state
(``judgetower.record``). Then throughput (decisions/s, games/s) and how the games ended. Prints
figures; never fails on time. Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import traceback
from collections import Counter

from simcheck import end_label, game_failures, print_outcome, replay_failure, run_checked

from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.variants.judge_tower import new_judge_tower_game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--errors", type=float, default=0.05, help="bot error rate")
    ap.add_argument("--calls", type=float, default=0.5, help="bot call rate")
    ap.add_argument("--disputes", type=float, default=0.1, help="bot dispute rate")
    ap.add_argument("--cap", type=int, default=100000, help="decision cap per game")
    ap.add_argument("--no-replay", action="store_true", help="skip the record replay check")
    ap.add_argument("--progress", action="store_true", help="print a line per game as it ends")
    args = ap.parse_args()
    pool = starter_pool()
    tower = pool.names()
    ends: Counter = Counter()
    failures: list[str] = []
    decisions = calls = upheld = 0
    by_players: Counter = Counter()
    wall0, cpu0 = time.perf_counter(), time.process_time()
    replay_time = 0.0
    for seed in range(args.first_seed, args.first_seed + args.games):
        n = 2 + seed % 5
        by_players[n] += 1
        specs = [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5, "first_game": (seed + i) % 7 == 0}
                 for i in range(n)]
        try:
            g = new_judge_tower_game(pool, tower, specs, seed=seed, mode="judge")
            table = JudgeTable(g, seed=seed, call_rate=args.calls, dispute_rate=args.disputes)
            bots = [ErringAutopilot(seed * 31 + i, args.errors) for i in range(n)]
            capped, broken = run_checked(g, bots, args.cap, len(tower), table.after_decision)
        except Exception:
            failures.append(f"seed {seed}: exception\n{traceback.format_exc()}")
            continue
        decisions += len(g.decisions)
        calls += len(table.judge.calls)
        upheld += len(table.judge.upheld_calls())
        if capped:
            ends["unfinished (decision cap)"] += 1
            failures.append(f"seed {seed}: unfinished after {len(g.decisions)} decisions (cap)")
            continue
        ends[end_label(g)] += 1
        failures += [f"seed {seed}: {why}" for why in game_failures(g, table, broken, len(tower))]
        if not args.no_replay:
            t = time.perf_counter()
            why = replay_failure(g)
            if why:
                failures.append(f"seed {seed}: {why}")
            replay_time += time.perf_counter() - t
        if args.progress:
            print(f"seed {seed}: {n} players, {len(g.decisions)} decisions, {end_label(g)}, "
                  f"{len(table.judge.upheld_calls())} upheld calls, failures so far {len(failures)}", flush=True)
    wall = time.perf_counter() - wall0 - replay_time
    cpu = time.process_time() - cpu0
    print(f"judge-mode sims: {args.games} games (seeds {args.first_seed}-{args.first_seed + args.games - 1}), "
          f"players {dict(sorted(by_players.items()))}, bots err {args.errors:g}, call {args.calls:g}, "
          f"dispute {args.disputes:g}; Python {platform.python_version()}, {os.cpu_count()} CPUs")
    print(f"calls: {calls}, upheld (shame added): {upheld}; CPU {cpu:.1f} s incl. replays")
    print_outcome(args.games, ends, failures, decisions, wall, None if args.no_replay else replay_time)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
