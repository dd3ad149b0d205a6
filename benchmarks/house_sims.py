"""Judge-mode games with each house rule (judgetower.variants.house), on the starter tower.

    python3 benchmarks/house_sims.py --games 20                 # each available rule, 20 games each
    python3 benchmarks/house_sims.py --house H-STRIKES=3 --games 200 --first-seed 1
    # every rule, 200 games each, seed by seed, a line per game and each rule's tally every 5 seeds
    python3 benchmarks/house_sims.py --games 200 --interleave --progress --tally-every 5 --keep-records /tmp/kept

Game k has 2 + k % 5 players (2-6), judge levels 1-5, bots err 0.05, call 0.5, dispute 0.1 (as
`judge_sim.py`). For every game it checks, with `simcheck`: that it ended by a real end condition
(never the decision cap, never an exception); that cards are conserved before every decision and at
the end (with H-ROUNDS, the cards a round's end set apart from the tower count as such); that the
shame table equals the starting shame plus the upheld calls (not with H-ROUNDS, which puts shame
back at its start each round); and, unless ``--no-replay``, that the record (which carries the house
rules) replays to the same final state. The games, checks and summaries are ``simcheck.JudgeSims``
(shared with judge_sim.py); a game stopped by the cap is counted and listed as unfinished, never as
an end. Prints figures (CPU per game too) and the load average; never fails on time; a run stopped
by SIGTERM or ^C prints what it reached. Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import sys

from simcheck import JudgeSims, _is_card, judge_sim_args, load_average

from judgetower.cards.pool import starter_pool
from judgetower.rules.errors import IllegalAction
from judgetower.variants.house import HOUSE_RULES, parse_house

DEFAULTS = {"H-STRIKES": "H-STRIKES=3"}


def set_apart(game) -> int:
    """Cards a round's end set apart from the tower (H-ROUNDS)."""
    return sum(1 for o in game.objects.values() if str(getattr(o, "zone", "")) == "gone:round" and _is_card(o))


def rounds_detail(game) -> str:
    """H-ROUNDS: the rounds played and the points."""
    return f", rounds {game.rules.round}, points {game.rules.points}"


def end_label(game) -> str:
    r = game.end_reason
    if "strikes" in r:
        return "H-STRIKES (shame reaches N)"
    if "first mistake out" in r:
        return "H-FIRST-MISTAKE-OUT (a correct call)"
    if r.startswith("shame"):
        return "JT-E1 (shame)"
    if r.startswith("the tower has run out"):
        return "H-ROUNDS: the tower has run out (most points win)"
    if "library cannot supply" in r:
        return "JT-E2 (the library cannot supply the cards)"
    return r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--house", action="append", help="house rule(s) to run, one run each (default: every rule)")
    judge_sim_args(ap)
    ap.add_argument("--interleave", action="store_true",
                    help="play seed by seed, every rule's game of a seed before the next seed (a run stopped "
                         "early then has as many games of each rule)")
    ap.add_argument("--tally-every", type=int, default=0, metavar="N",
                    help="with --progress, print each rule's running tally every N seeds")
    args = ap.parse_args()
    pool = starter_pool()
    tower = pool.names()
    print(f"house sims: Python {platform.python_version()}, {os.cpu_count()} CPUs, load average "
          f"{load_average()}; {' '.join(sys.argv[1:])}", flush=True)
    runs: dict[str, JudgeSims] = {}
    for spec in args.house or [DEFAULTS.get(rid, rid) for rid in HOUSE_RULES]:
        try:
            rule = parse_house([spec])[0]
        except IllegalAction as e:
            print(f"== {spec}: skipped: {e}")
            continue
        rounds = rule.id == "H-ROUNDS"
        runs[rule.spec()] = JudgeSims(args, pool, tower, [rule.spec()], apart=set_apart if rounds else None,
                                      label=end_label, shame_check=not rounds, name=rule.spec(),
                                      detail=rounds_detail if rounds else None)
    seeds = range(args.first_seed, args.first_seed + args.games)
    order = ([(seed, spec) for seed in seeds for spec in runs] if args.interleave
             else [(seed, spec) for spec in runs for seed in seeds])
    # a run stopped by SIGTERM or ^C still prints what it reached
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    done_seeds = 0
    try:
        for k, (seed, spec) in enumerate(order):
            line = runs[spec].play(seed)
            if args.progress:
                print(f"  {spec} {line}", flush=True)
            if not args.interleave and (k + 1) % args.games == 0:
                runs[spec].print_summary(spec)
            if args.interleave and spec == list(runs)[-1]:
                done_seeds += 1
                if args.progress and args.tally_every and done_seeds % args.tally_every == 0:
                    print(f"-- after {done_seeds} seeds (load average {load_average()}):", flush=True)
                    for r in runs.values():
                        print(f"   {r.tally_line()}; {r.cpu_line()}", flush=True)
    except KeyboardInterrupt:
        print("-- stopped before the end: the figures below are what it reached", flush=True)
        if not args.interleave:
            stopped = next((s for s in runs.values() if 0 < s.games < args.games), None)
            if stopped is not None:
                stopped.print_summary(stopped.name + " (stopped)")
    if args.interleave:
        for spec, r in runs.items():
            r.print_summary(spec)
    return 1 if any(r.failures for r in runs.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
