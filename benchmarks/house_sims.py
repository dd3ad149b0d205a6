"""Judge-mode games with each house rule (judgetower.variants.house), on the starter tower.

    python3 benchmarks/house_sims.py --games 20                 # each available rule, 20 games each
    python3 benchmarks/house_sims.py --house H-STRIKES=3 --games 200 --first-seed 1

Game k has 2 + k % 5 players (2-6), judge levels 1-5, bots err 0.05, call 0.5, dispute 0.1 (as
`judge_sim.py`). For every game it checks, with `simcheck`: that it ended by a real end condition
(never the decision cap, never an exception); that cards are conserved before every decision and at
the end (with H-ROUNDS, the cards a round's end set apart from the tower count as such); that the
shame table equals the starting shame plus the upheld calls (not with H-ROUNDS, which puts shame
back at its start each round); and, unless ``--no-replay``, that the record (which carries the house
rules) replays to the same final state. A house rule that needs an engine hook the engine lacks is
reported and skipped. Prints figures and the load average; never fails on time. Exit status 1 when
a check fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import traceback
from collections import Counter

from simcheck import cards_conserved, cards_left, print_outcome, replay_failure, shame_failure

from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.rules.errors import IllegalAction
from judgetower.variants.house import HOUSE_RULES, parse_house
from judgetower.variants.judge_tower import new_judge_tower_game

DEFAULTS = {"H-STRIKES": "H-STRIKES=3"}


def set_apart(game) -> int:
    """Cards a round's end set apart from the tower (H-ROUNDS)."""
    return sum(1 for o in game.objects.values() if str(getattr(o, "zone", "")) == "gone:round"
               and getattr(o, "card", None) is not None and getattr(o, "token", None) is None)


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


def play(game, bots, table, cap: int, n_cards: int) -> tuple[bool, int | None]:
    """`simcheck.run_checked`, counting the cards set apart by H-ROUNDS as accounted for."""
    broken = None
    while not game.game_over and len(game.decisions) < cap:
        d = game.pending()
        if d is None:
            break
        if broken is None and not cards_conserved(game, n_cards, cards_left(game) + set_apart(game)):
            broken = len(game.decisions)
        game.decide(d.player, bots[d.player].choose(game, d.player))
        table.after_decision()
    return not game.game_over, broken


def run(spec: str, args, pool, tower) -> tuple[int, list[str]]:
    ends: Counter = Counter()
    failures: list[str] = []
    decisions = calls = upheld = 0
    by_players: Counter = Counter()
    rounds = parse_house([spec])[0].id == "H-ROUNDS"
    wall0, cpu0 = time.perf_counter(), time.process_time()
    replay_time = 0.0
    seeds = range(args.first_seed, args.first_seed + args.games)
    for seed in seeds:
        n = 2 + seed % 5
        by_players[n] += 1
        specs = [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5, "first_game": (seed + i) % 7 == 0}
                 for i in range(n)]
        try:
            g = new_judge_tower_game(pool, tower, specs, seed=seed, mode="judge", house=[spec])
            table = JudgeTable(g, seed=seed, call_rate=args.calls, dispute_rate=args.disputes)
            bots = [ErringAutopilot(seed * 31 + i, args.errors) for i in range(n)]
            capped, broken = play(g, bots, table, args.cap, len(tower))
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
        if not rounds and (why := shame_failure(g, table)):
            failures.append(f"seed {seed}: {why}")
        if broken is not None:
            failures.append(f"seed {seed}: cards not conserved before decision {broken}")
        if not cards_conserved(g, len(tower), cards_left(g) + set_apart(g)):
            failures.append(f"seed {seed}: cards not conserved at the end")
        if not args.no_replay:
            t = time.perf_counter()
            why = replay_failure(g)
            if why:
                failures.append(f"seed {seed}: {why}")
            replay_time += time.perf_counter() - t
        if args.progress:
            extra = (f", rounds {g.rules.round}, points {g.rules.points}" if rounds else "")
            mine = [f for f in failures if f.startswith(f"seed {seed}:")]
            print(f"  {spec} seed {seed}: {n} players, {len(g.decisions)} decisions, {end_label(g)}{extra}; "
                  f"checks: {'; '.join(mine) if mine else 'all passed'}"
                  + ("" if args.no_replay else " (replay included)"), flush=True)
    wall = time.perf_counter() - wall0 - replay_time
    cpu = time.process_time() - cpu0
    print(f"== {spec}: {args.games} judge-mode games (seeds {args.first_seed}-{args.first_seed + args.games - 1}), "
          f"players {dict(sorted(by_players.items()))}, bots err {args.errors:g}, call {args.calls:g}, "
          f"dispute {args.disputes:g}")
    print(f"calls: {calls}, upheld (shame added): {upheld}; CPU {cpu:.1f} s incl. replays"
          + ("; shame check skipped (H-ROUNDS resets shame each round)" if rounds else ""))
    print_outcome(args.games, ends, failures, decisions, wall, None if args.no_replay else replay_time)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    return len(failures), failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--house", action="append", help="house rule(s) to run, one run each (default: every rule)")
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
    specs = args.house or [DEFAULTS.get(rid, rid) for rid in HOUSE_RULES]
    print(f"house sims: Python {platform.python_version()}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    total = 0
    for spec in specs:
        try:
            parse_house([spec])
        except IllegalAction as e:
            print(f"== {spec}: skipped: {e}")
            continue
        n, _ = run(spec, args, pool, tower)
        total += n
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
