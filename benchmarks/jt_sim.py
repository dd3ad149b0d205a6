"""Judge Tower simulation throughput (referee mode, autopilots, starter tower).

Prints decisions per second (wall and CPU), games per second (games that ended), how each game
ended, the p50/p99 time of one autopilot decision (``Autopilot.choose``) and the p50/p99/max CPU
time of ``game.decide``. Games that reach the decision cap
are reported as unfinished, never as ended.

    python3 benchmarks/jt_sim.py                       # 4 players, seeds 1..5, cap 20,000 decisions
    python3 benchmarks/jt_sim.py --players 6 --games 10 --cap 50000
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections import Counter

from judgetower.agents.autopilot import Autopilot
from judgetower.cards.pool import starter_pool
from judgetower.variants.judge_tower import new_judge_tower_game


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=20000)
    args = ap.parse_args()
    pool = starter_pool()
    tower = [c.name for c in pool]
    t0 = time.perf_counter()
    new_judge_tower_game(pool, tower, [{"name": "A"}, {"name": "B"}], seed=0)  # warm the compiler
    warm = time.perf_counter() - t0
    decisions = 0
    ended = 0
    endings: Counter = Counter()
    lat: list[int] = []
    decide_cpu: list[int] = []   # game.decide, in this thread's CPU time (steadier on a shared machine)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for s in range(args.first_seed, args.first_seed + args.games):
        players = [{"name": chr(65 + i), "judge_level": 1 + (s + i) % 5} for i in range(args.players)]
        g = new_judge_tower_game(pool, tower, players, seed=s)
        bots = [Autopilot(s * 31 + i) for i in range(args.players)]
        n = 0
        while not g.game_over and n < args.cap:
            d = g.pending()
            t = time.perf_counter_ns()
            c = bots[d.player].choose(g, d.player)
            lat.append(time.perf_counter_ns() - t)
            t = time.thread_time_ns()
            g.decide(d.player, c)
            decide_cpu.append(time.thread_time_ns() - t)
            n += 1
        decisions += n
        if g.game_over:
            ended += 1
            endings[g.end_reason] += 1
        else:
            endings[f"unfinished at the cap (turn {g.turn})"] += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print("judgetower Judge Tower simulation benchmark (referee mode, autopilots, starter tower)")
    print(f"command:   python3 benchmarks/jt_sim.py --players {args.players} --games {args.games} "
          f"--first-seed {args.first_seed} --cap {args.cap}")
    print(f"machine:   Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    print(f"warm-up:   {warm:.2f} s (compiling the starter tower; not counted)")
    print(f"games:     {args.games} games, {ended} ended, {decisions:,} decisions")
    for k, v in endings.most_common():
        print(f"           {v} x {k}")
    print(f"time:      {wall:.2f} s wall, {cpu:.2f} s CPU")
    print(f"throughput (wall): {decisions / wall:,.0f} decisions/s, {ended / wall:.3f} ended games/s")
    print(f"throughput (CPU):  {decisions / cpu:,.0f} decisions/s, {ended / cpu:.3f} ended games/s")
    print(f"decide CPU time: p50 {pct(decide_cpu, 0.5) / 1000:.1f} µs, p99 {pct(decide_cpu, 0.99) / 1000:.1f} µs, "
          f"max {max(decide_cpu) / 1000:,.1f} µs over {len(decide_cpu):,} decisions")
    print(f"autopilot decision: p50 {pct(lat, 0.5) / 1000:.1f} µs, p99 {pct(lat, 0.99) / 1000:.1f} µs "
          f"over {len(lat):,} decisions")


if __name__ == "__main__":
    main()
