"""The command line: `judgetower scenario run`, `judgetower demo`."""

from __future__ import annotations

import argparse
import random
import sys


def _demo(args) -> int:
    from judgetower.agents.random_agent import RandomAgent, play_out
    from judgetower.cards.pool import starter_pool
    from judgetower.rules.deck import new_game, random_deck
    pool = starter_pool()
    rng = random.Random(args.seed)
    names = [chr(ord("A") + i) for i in range(args.players)]
    decks = {n: random_deck(pool, rng) for n in names}
    g = new_game(pool, decks, seed=args.seed)
    agents = [RandomAgent(args.seed * 31 + i, pass_bias=0.5) for i in range(args.players)]
    n = play_out(g, agents)
    for e in g.log.for_player(None):
        print(e.render())
    winners = ", ".join(g.players[w].name for w in g.winners) or "none (draw)"
    print(f"\nGame over after {g.turn} turns and {n} decisions. Winner(s): {winners}. Reason: {g.end_reason}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="judgetower", description="Judge Tower and ordinary Magic rules engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sc = sub.add_parser("scenario", help="scenario files (SCENARIOS.md)")
    scs = sc.add_subparsers(dest="sub", required=True)
    run = scs.add_parser("run", help="run scenario files or directories")
    run.add_argument("paths", nargs="+")
    demo = sub.add_parser("demo", help="two random agents play ordinary Magic with starter-tower decks")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=2)
    args = ap.parse_args(argv)
    if args.cmd == "scenario":
        from judgetower.scenario.runner import run_paths
        return run_paths(args.paths, sys.stdout)
    if args.cmd == "demo":
        return _demo(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
