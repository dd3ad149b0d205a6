"""Checks and report lines shared by the simulation benchmarks (judge_sim.py, tower_sims.py).

* ``run_checked``: plays a game to its end (or a decision cap) and checks before every decision
  that cards are conserved (CR 400.1, 400.7: every card of the tower in exactly one zone, or gone
  with a player who left the game, CR 800.4a);
* ``replay_failure``: saves the game's record and replays it (``judgetower.record``); the final
  state must be the same;
* ``shame_failure``: the shame table equals the starting shame plus the upheld calls (JT-S1,
  JT-S2, JT-S4, R17);
* ``print_outcome``: how the games ended, throughput, failures.
"""

from __future__ import annotations

import resource
from collections import Counter

from judgetower import record
from judgetower.rules.state import GameObject


def _is_card(o) -> bool:
    """A card (CR 108.1): not a token (CR 111) and not a copy of a spell, which is no card either
    (CR 707.10; storm, replicate, "copy target spell")."""
    return (isinstance(o, GameObject) and o.token is None and o.card is not None
            and not o.is_spell_copy)


def cards_left(game) -> int:
    """Cards that left the game with a player who lost (CR 800.4a)."""
    return sum(1 for o in game.objects.values() if str(o.zone) == "gone:left game" and _is_card(o))


def cards_conserved(game, n_cards: int, left: int | None = None) -> bool:
    """No object in two zones; cards in zones plus cards that left the game with a player who
    lost number the tower's cards. ``left``: that last number when the caller knows it."""
    ids = [i for _, lst in game.all_zone_lists() for i in lst]
    cards = sum(1 for i in ids if _is_card(game.objects[i]))
    if left is None:
        left = cards_left(game)
    return len(ids) == len(set(ids)) and cards + left == n_cards


def run_checked(game, bots, cap: int, n_cards: int, after=None) -> tuple[bool, int | None]:
    """Let ``bots`` play until the game ends or holds ``cap`` decisions, calling ``after()`` after
    each decision (a judge-mode table's calls). Returns (capped, index of the first decision before
    which cards were not conserved, or None)."""
    lost, left, broken = -1, 0, None
    while not game.game_over and len(game.decisions) < cap:
        d = game.pending()
        if d is None:
            break
        n_lost = sum(1 for p in game.players if p.lost)
        if n_lost != lost:      # the cards gone with players change only when one leaves
            lost, left = n_lost, cards_left(game)
        if broken is None and not cards_conserved(game, n_cards, left):
            broken = len(game.decisions)
        game.decide(d.player, bots[d.player].choose(game, d.player))
        if after is not None:
            after()
    return not game.game_over, broken


def replay_failure(game, pool=None) -> str | None:
    """Why the game's record does not replay to the same final state (None: it does)."""
    try:
        again = record.replay(record.loads(record.dumps(game)), pool=pool)
    except record.RecordError as e:
        return f"replay failed: {e}"
    return None if again.snapshot() == game.snapshot() else "the replayed final state differs"


def shame_failure(game, table) -> str | None:
    start = sum(-1 if p.first_game else 0 for p in game.players)
    upheld = len(table.judge.upheld_calls())
    if sum(p.shame for p in game.players) != start + upheld:
        return f"shame table {[p.shame for p in game.players]} != start {start} + {upheld} upheld calls"
    return None


def game_failures(game, table, broken: int | None, n_cards: int) -> list[str]:
    """What the checks of an ended game found: the shame table (judge mode, ``table`` given),
    cards conserved before every decision (``broken``: the first one where they were not, from
    `run_checked`) and at the end."""
    found = (shame_failure(game, table) if table is not None else None,
             None if broken is None else f"cards not conserved before decision {broken}",
             None if cards_conserved(game, n_cards) else "cards not conserved at the end")
    return [why for why in found if why]


def end_label(game) -> str:
    return game.end_reason.split(" ")[0] if game.end_reason.startswith("shame") else game.end_reason


def print_outcome(games: int, ends: Counter, failures: list[str], decisions: int, wall: float,
                  replay_wall: float | None) -> None:
    print(f"ended by a real end condition: {sum(v for k, v in ends.items() if 'cap' not in k)} of {games}")
    for reason, k in ends.most_common():
        print(f"  {k:>4}  {reason}")
    if wall:
        print(f"play: {decisions} decisions in {wall:.1f} s wall (card conservation checked before each): "
              f"{decisions / wall:,.0f} decisions/s, {games / wall:.2f} games/s")
    if replay_wall is not None:
        print(f"replay check: {replay_wall:.1f} s")
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print("  " + f)
