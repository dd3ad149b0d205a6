"""Random-playout throughput of the engine (DESIGN.md "Tests": benchmarks print, never fail).

Plays GAMES games of ordinary Magic, PLAYERS players (default 2), each with a ``random_deck``
(40 cards, 17 basics) from the embedded starter tower, driven by ``RandomAgent(…, pass_bias=0.5)``
(the agents of ``judgetower demo``), with fixed seeds: game ``s`` uses seed ``s`` for its decks
(``random.Random(s)``), the game RNG (``new_game(…, seed=s)``) and the agents (``s * 31 + i``).

Prints: decisions per second and games per second (wall clock and CPU time: on a shared machine
the CPU figures are the steadier ones), and the p50/p99/max latency of ``game.legal_choices``,
timed with ``time.perf_counter_ns`` around every call the agents make during the playouts (and,
for comparison, of ``game.decide``, in wall time and in this thread's CPU time). The Oracle compiler's one-time warm-up (compiling every
starter-tower card once) is timed separately and kept out of the throughput.

    python3 benchmarks/random_games.py                 # 30 games, seeds 1..30, 2 players
    python3 benchmarks/random_games.py --games 100 --first-seed 1000 --players 3

Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from judgetower.agents.random_agent import RandomAgent
from judgetower.cards.pool import starter_pool
from judgetower.rules.deck import new_game, random_deck

MAX_DECISIONS = 20_000   # per game; random games average ~1,300. A game stuck in a mandatory loop
                         # (CR 104.4b, which the engine leaves undetected in ordinary Magic) stops here


def percentile(sorted_ns: list[int], q: float) -> int:
    """Nearest-rank percentile of an ascending list (q in 0..100)."""
    if not sorted_ns:
        return 0
    k = max(0, min(len(sorted_ns) - 1, int(round(q / 100 * len(sorted_ns) + 0.5)) - 1))
    return sorted_ns[k]


def us(ns: int | float) -> str:
    return f"{ns / 1000:,.1f} µs"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args(argv)
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    names = [chr(ord("A") + i) for i in range(args.players)]

    pool = starter_pool()
    # warm-up: compile every card of the starter tower once (the compiler caches by text)
    t0, c0 = time.perf_counter(), time.process_time()
    warm = new_game(pool, {n: [c.name for c in pool] for n in names[:2]}, seed=0)
    warm_wall, warm_cpu = time.perf_counter() - t0, time.process_time() - c0
    del warm

    legal_ns: list[int] = []
    decide_ns: list[int] = []
    decide_cpu_ns: list[int] = []   # the same calls in CPU time of this thread (steadier on a shared machine)
    decisions = turns = 0
    reasons: dict[str, int] = {}
    setup_wall = 0.0
    perf = time.perf_counter_ns
    tcpu = time.thread_time_ns
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for s in seeds:
        rng = random.Random(s)
        decks = {n: random_deck(pool, rng) for n in names}
        ts = time.perf_counter()
        game = new_game(pool, decks, seed=s)
        setup_wall += time.perf_counter() - ts
        raw_legal = game.legal_choices

        def timed_legal(player, _raw=raw_legal):
            a = perf()
            out = _raw(player)
            legal_ns.append(perf() - a)
            return out

        game.legal_choices = timed_legal          # the agents call it through the game
        agents = [RandomAgent(s * 31 + i, pass_bias=0.5) for i in range(args.players)]
        n = 0
        while not game.game_over:
            d = game.pending()
            choice = agents[d.player].choose(game, d.player)
            a, ac = perf(), tcpu()
            game.decide(d.player, choice)
            decide_cpu_ns.append(tcpu() - ac)
            decide_ns.append(perf() - a)
            n += 1
            if n >= MAX_DECISIONS:
                break
        decisions += n
        turns += game.turn
        why = game.end_reason if game.game_over else f"no end after {n:,} decisions (seed {s}, turn {game.turn})"
        reasons[why] = reasons.get(why, 0) + 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0

    legal_ns.sort()
    decide_ns.sort()
    decide_cpu_ns.sort()
    games = len(seeds)
    print("judgetower random-playout benchmark")
    print(f"command:   python3 benchmarks/random_games.py --games {args.games} "
          f"--first-seed {args.first_seed} --players {args.players}")
    print(f"seeds:     {seeds[0]}..{seeds[-1]} (decks random.Random(s), game seed s, agents s*31+i, "
          f"pass_bias 0.5)")
    print(f"machine:   Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}"
          if hasattr(os, "getloadavg") else f"machine:   Python {platform.python_version()}")
    print(f"warm-up:   compiling the starter tower once: {warm_wall:.2f} s wall, {warm_cpu:.2f} s CPU "
          f"(not counted below)")
    print(f"games:     {games} games, {args.players} players, {decisions:,} decisions, {turns:,} turns "
          f"(mean {decisions / games:,.0f} decisions, {turns / games:.1f} turns per game)")
    print(f"endings:   " + ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())))
    print(f"time:      {wall:.2f} s wall ({setup_wall:.2f} s of it building games), {cpu:.2f} s CPU")
    print(f"throughput (wall): {decisions / wall:,.0f} decisions/s, {games / wall:.2f} games/s")
    print(f"throughput (CPU):  {decisions / cpu:,.0f} decisions/s, {games / cpu:.2f} games/s")
    print(f"legal_choices latency over {len(legal_ns):,} calls: p50 {us(percentile(legal_ns, 50))}, "
          f"p99 {us(percentile(legal_ns, 99))}, max {us(legal_ns[-1])}, "
          f"mean {us(statistics.fmean(legal_ns))}")
    print("           (legal_choices copies the options the engine computed when it posed the decision;")
    print("            computing them, and playing the game on, happens inside decide)")
    print(f"decide latency over {len(decide_ns):,} calls:        p50 {us(percentile(decide_ns, 50))}, "
          f"p99 {us(percentile(decide_ns, 99))}, max {us(decide_ns[-1])}, "
          f"mean {us(statistics.fmean(decide_ns))}")
    print(f"decide CPU time over {len(decide_cpu_ns):,} calls:       p50 {us(percentile(decide_cpu_ns, 50))}, "
          f"p99 {us(percentile(decide_cpu_ns, 99))}, max {us(decide_cpu_ns[-1])}, "
          f"mean {us(statistics.fmean(decide_cpu_ns))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
