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
import io
import os
import platform
import sys
import time
import traceback
from collections import Counter

from judgetower import record
from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.rules.objects import GameObject
from judgetower.variants.judge_tower import new_judge_tower_game


def _is_card(o) -> bool:
    return isinstance(o, GameObject) and o.token is None and o.card is not None


def cards_conserved(game, n_cards: int, left: int | None = None) -> bool:
    """No object in two zones; cards in zones plus cards that left the game with a player who
    lost (CR 800.4a) number the tower's cards (CR 400.1, 400.7). ``left``: that last number when
    the caller already knows it (it changes only when a player leaves)."""
    ids = [i for _, lst in game.all_zone_lists() for i in lst]
    cards = sum(1 for i in ids if _is_card(game.objects[i]))
    if left is None:
        left = cards_left(game)
    return len(ids) == len(set(ids)) and cards + left == n_cards


def cards_left(game) -> int:
    """Cards that left the game with a player who lost (CR 800.4a)."""
    return sum(1 for o in game.objects.values() if str(o.zone) == "gone:left game" and _is_card(o))


def run_checked(game, bots, table, cap: int, n_cards: int) -> tuple[bool, int | None]:
    """``run_judge_game`` with the card-conservation check before every decision. Returns (capped,
    index of the first decision before which cards were not conserved, or None)."""
    lost, left, broken = -1, 0, None
    while not game.game_over and len(game.decisions) < cap:
        d = game.pending()
        if d is None:
            break
        n_lost = sum(1 for p in game.players if p.lost)
        if n_lost != lost:
            lost, left = n_lost, cards_left(game)
        if broken is None and not cards_conserved(game, n_cards, left):
            broken = len(game.decisions)
        game.decide(d.player, bots[d.player].choose(game, d.player))
        table.after_decision()
    return not game.game_over, broken


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--errors", type=float, default=0.05, help="bot error rate")
    ap.add_argument("--calls", type=float, default=0.5, help="bot call rate")
    ap.add_argument("--disputes", type=float, default=0.1, help="bot dispute rate")
    ap.add_argument("--cap", type=int, default=100000, help="decision cap per game")
    ap.add_argument("--no-replay", action="store_true", help="skip the record replay check")
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
            capped, broken = run_checked(g, bots, table, args.cap, len(tower))
        except Exception:
            failures.append(f"seed {seed}: exception\n{traceback.format_exc()}")
            continue
        decisions += len(g.decisions)
        calls += len(table.judge.calls)
        upheld += len(table.judge.upheld_calls())
        if capped:
            failures.append(f"seed {seed}: unfinished after {len(g.decisions)} decisions (cap)")
            continue
        ends[g.end_reason.split(" ")[0] if g.end_reason.startswith("shame") else g.end_reason] += 1
        start = sum(-1 if p.first_game else 0 for p in g.players)
        if sum(p.shame for p in g.players) != start + len(table.judge.upheld_calls()):
            failures.append(f"seed {seed}: shame table {[p.shame for p in g.players]} != start {start} + "
                            f"{len(table.judge.upheld_calls())} upheld calls")
        if broken is not None or not cards_conserved(g, len(tower)):
            failures.append(f"seed {seed}: cards not conserved (before decision {broken}, or at the end)")
        if not args.no_replay:
            t = time.perf_counter()
            buf = io.StringIO()
            record.save(g, buf)
            try:
                again = record.replay(record.loads(buf.getvalue()))
                if again.snapshot() != g.snapshot():
                    failures.append(f"seed {seed}: the replayed final state differs")
            except record.RecordError as e:
                failures.append(f"seed {seed}: replay failed: {e}")
            replay_time += time.perf_counter() - t
    wall = time.perf_counter() - wall0 - replay_time
    cpu = time.process_time() - cpu0
    print(f"judge-mode sims: {args.games} games (seeds {args.first_seed}-{args.first_seed + args.games - 1}), "
          f"players {dict(sorted(by_players.items()))}, bots err {args.errors:g}, call {args.calls:g}, "
          f"dispute {args.disputes:g}; Python {platform.python_version()}, {os.cpu_count()} CPUs")
    print(f"ended by a real end condition: {sum(ends.values())} of {args.games}")
    for reason, k in ends.most_common():
        print(f"  {k:>4}  {reason}")
    print(f"calls: {calls}, upheld (shame added): {upheld}")
    print(f"play: {decisions} decisions in {wall:.1f} s wall ({cpu:.1f} s CPU incl. replays): "
          f"{decisions / wall:,.0f} decisions/s, {args.games / wall:.2f} games/s")
    if not args.no_replay:
        print(f"replay check: every record replayed in {replay_time:.1f} s")
    import resource
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
