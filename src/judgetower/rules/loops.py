"""Loops of mandatory actions (CR 104.4b; Judge Tower JT-P3, R8).

A loop is found when the whole game state (less the log and history: object ids, announced life
changes, event counts) repeats within one turn while nobody could have done anything else: every
priority decision since the state's previous occurrence offered only "pass". Ordinary Magic
then ends the game in a draw (CR 104.4b); Judge Tower exiles the loop's objects (JT-P3).
"""

from __future__ import annotations


def state_key(game, holder: int) -> tuple:
    """The game state for loop detection (R8: everything but the log and history)."""
    objs = game.objects
    bf = tuple(sorted(
        (o.name, o.controller, o.tapped, tuple(sorted(o.counters.items())), o.damage,
         objs[o.attached_to].name if o.attached_to in objs else "", tuple(sorted(map(str, o.activated_this_turn))))
        for o in game.permanents()))
    zones = tuple((name, tuple(objs[i].name for i in lst)) for name, lst in sorted(game.all_zone_lists(), key=lambda kv: kv[0])
                  if name != "battlefield" and lst)
    stack = tuple(objs[i].name for i in game.stack)
    return (game.turn, game.step, game.active, holder, bf, zones, stack, len(game.pending_triggers),
            len(game.continuous), len(game.delayed), tuple(p.land_plays for p in game.players),
            tuple(str(p.life) if p.life != float("inf") else "inf" for p in game.players))


class LoopDetector:
    """Remembers the states seen this turn; ``check`` returns True when it acted on a loop."""

    def __init__(self) -> None:
        self.turn = -1
        self.seen: dict[tuple, tuple[int, int]] = {}

    def check(self, game, holder: int) -> bool:
        if game.turn != self.turn:
            self.turn = game.turn
            self.seen = {}
        key = state_key(game, holder)
        mark = (len(game.touched_uids), game.free_priority_decisions)
        prev = self.seen.get(key)
        self.seen[key] = mark
        if prev is None or prev[1] != mark[1]:
            return False  # new, or someone could have acted since: not a mandatory loop
        self.seen = {}
        return self.on_loop(game, prev[0])

    def on_loop(self, game, since: int) -> bool:
        """CR 104.4b: a loop of mandatory actions with no way to stop is a draw."""
        game.log.add("the game state repeats in a loop of mandatory actions that nobody can stop: "
                     "the game is a draw", "CR 104.4b")
        game.end_game([], "a draw: loop of mandatory actions", "CR 104.4b")
        return True
