"""Judge-mode games with each house rule (judgetower.variants.house), on the starter tower.

    python3 benchmarks/house_sims.py --games 20                 # each available rule, 20 games each
    python3 benchmarks/house_sims.py --house H-STRIKES=3 --games 200 --first-seed 1
    # every rule, 200 games each, seed by seed, a line per game and each rule's tally every 5 seeds
    python3 benchmarks/house_sims.py --games 200 --interleave --progress --tally-every 5 --keep-records /tmp/kept
    # the same run split across two processes, each writing its games to JSON, then one table
    python3 benchmarks/house_sims.py --seeds 0-99 --interleave --json /tmp/a.json
    python3 benchmarks/house_sims.py --seeds 100-199 --interleave --json /tmp/b.json
    python3 benchmarks/house_sims.py --merge /tmp/a.json /tmp/b.json

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

Decision caps (a game holding that many decisions is stopped and counted as unfinished): 100,000 a
game; 1,000,000 under H-ROUNDS, whose game is several Judge Tower games in a row (a round is a whole
game, ended when all but one player pass JT-E1's shame limit, shame back at its start each round,
until the tower runs out), so 100,000 stopped long but ending games (109,491-404,223 decisions).
``--cap N`` sets one cap for every rule.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import signal
import sys

from simcheck import JudgeSims, _is_card, judge_sim_args, judge_sim_players, load_average

from judgetower.cards.pool import starter_pool
from judgetower.rules.errors import IllegalAction
from judgetower.variants.house import HOUSE_RULES, parse_house

DEFAULTS = {"H-STRIKES": "H-STRIKES=3"}
CAP = 100_000
CAPS = {"H-ROUNDS": 1_000_000}   # see the module's docstring: a round is a whole Judge Tower game


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


def seed_range(text: str) -> tuple[int, int]:
    """``--seeds A-B``: (first seed, number of games), B included."""
    a, sep, b = text.partition("-")
    try:
        first, last = int(a), int(b if sep else a)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seeds {text!r}: expected A-B (e.g. 0-99)") from None
    if last < first:
        raise argparse.ArgumentTypeError(f"--seeds {text!r}: the last seed is before the first")
    return first, last - first + 1


def game_row(r: JudgeSims, before: tuple, seed: int, line: str) -> dict:
    """The game just played by ``r`` (``before``: its tallies before that game), for --json."""
    ends, n_fail, decisions, n_cpu, replay = before
    end = next(iter((r.ends - ends).elements()))
    return {"rule": r.name, "seed": seed, "players": len(judge_sim_players(seed)), "cap": r.args.cap,
            "end": end, "real": "cap" not in end and end != "exception",
            "decisions": r.decisions - decisions, "cpu": r.cpu[-1][0] if len(r.cpu) > n_cpu else None,
            "replay_wall": round(r.replay_wall - replay, 3) if not r.args.no_replay else None,
            "failures": r.failures[n_fail:], "line": line}


def ranges(seeds: list[int]) -> str:
    """Sorted seeds as ranges: [0, 1, 2, 5] -> "0-2, 5"."""
    out: list[list[int]] = []
    for s in seeds:
        if out and s == out[-1][1] + 1:
            out[-1][1] = s
        else:
            out.append([s, s])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in out)


def merge(files: list[str]) -> int:
    """Print the per-rule table of the games in the --json files (markdown)."""
    rows = [json.loads(line) for f in files for line in open(f, encoding="utf-8") if line.strip()]
    games = {}
    for row in rows:   # a seed played twice (overlapping runs) counts once: the last one
        games[row["rule"], row["seed"]] = row
    # a run stopped mid-seed (SIGTERM) has some rules' game of its last seed and not others: only
    # seeds every rule played are counted, so that every rule has as many games
    rules = dict.fromkeys(k[0] for k in games)
    full = {s for _, s in games if all((r, s) in games for r in rules)}
    partial = [k for k in games if k[1] not in full]
    for k in partial:
        del games[k]
    print(f"{len(games)} games ({len(full)} seeds, every rule) from {', '.join(files)}"
          + (f"; left out: {len(partial)} games of seeds not played by every rule" if partial else ""))
    print("| rule | cap | real ends | how they ended | CPU per game: mean, max | decisions: mean, max |")
    print("|---|---|---|---|---|---|")
    failed = 0
    for rule in rules:
        rs = [g for (r, _), g in sorted(games.items()) if r == rule]
        seeds = sorted(g["seed"] for g in rs)
        ends: dict[str, int] = {}
        for g in rs:
            ends[g["end"]] = ends.get(g["end"], 0) + 1
        cpus = [g["cpu"] for g in rs if g["cpu"] is not None]
        decs = [g["decisions"] for g in rs]
        failed += sum(1 for g in rs if g["failures"])
        caps = ", ".join(f"{c:,}" for c in sorted({g["cap"] for g in rs}))
        print(f"| `{rule}` | {caps} | "
              f"{sum(g['real'] for g in rs)} of {len(rs)} (seeds {ranges(seeds)}) | "
              + ", ".join(f"{v} {k}" for k, v in sorted(ends.items(), key=lambda kv: -kv[1])) + " | "
              + (f"{sum(cpus) / len(cpus):.1f} s, {max(cpus):.1f} s" if cpus else "-") + " | "
              + f"{sum(decs) / len(decs):,.0f}, {max(decs):,} |")
    for g in sorted(games.values(), key=lambda g: (g["rule"], g["seed"])):
        for f in g["failures"]:
            print(f"  {g['rule']}: {f.splitlines()[0]}")
    print(f"games with a failed check or no real end: {failed}")
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="Decision caps" + __doc__.split("Decision caps")[1].rstrip(),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--house", action="append", help="house rule(s) to run, one run each (default: every rule)")
    judge_sim_args(ap)
    ap.set_defaults(cap=None)   # per rule (CAP, CAPS) unless --cap is given
    ap.add_argument("--seeds", type=seed_range, metavar="A-B",
                    help="play seeds A to B, both included (instead of --first-seed and --games)")
    ap.add_argument("--json", metavar="FILE",
                    help="write each game's result to FILE as it ends (a JSON object a line) for --merge")
    ap.add_argument("--merge", nargs="+", metavar="FILE", help="print the table of these --json files and exit")
    ap.add_argument("--interleave", action="store_true",
                    help="play seed by seed, every rule's game of a seed before the next seed (a run stopped "
                         "early then has as many games of each rule)")
    ap.add_argument("--tally-every", type=int, default=0, metavar="N",
                    help="with --progress, print each rule's running tally every N seeds")
    args = ap.parse_args()
    if args.merge:
        return merge(args.merge)
    if args.seeds:
        args.first_seed, args.games = args.seeds
    out = open(args.json, "w", encoding="utf-8") if args.json else None
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
        rargs = copy.copy(args)
        rargs.cap = args.cap or CAPS.get(rule.id, CAP)
        print(f"== {rule.spec()}: decision cap {rargs.cap:,}", flush=True)
        runs[rule.spec()] = JudgeSims(rargs, pool, tower, [rule.spec()], apart=set_apart if rounds else None,
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
            r = runs[spec]
            before = (r.ends.copy(), len(r.failures), r.decisions, len(r.cpu), r.replay_wall)
            line = r.play(seed)
            if out is not None:
                out.write(json.dumps(game_row(r, before, seed, line)) + "\n")
                out.flush()
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
