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
figures; never fails on time. Exit status 1 when a check fails. The games, checks and summary are
``simcheck.JudgeSims``, shared with house_sims.py.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys

from simcheck import JudgeSims, judge_sim_args

from judgetower.cards.pool import starter_pool


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    judge_sim_args(ap)
    args = ap.parse_args()
    pool = starter_pool()
    sims = JudgeSims(args, pool, pool.names())
    for seed in range(args.first_seed, args.first_seed + args.games):
        line = sims.play(seed)
        if args.progress:
            print(f"{line}; failures so far {len(sims.failures)}", flush=True)
    sims.print_summary(f"judge-mode sims (Python {platform.python_version()}, {os.cpu_count()} CPUs)")
    return 1 if sims.failures else 0


if __name__ == "__main__":
    sys.exit(main())
