"""Loops of mandatory actions (CR 104.4b; Judge Tower JT-P3, R8).

A loop is found when the whole game state (less the log and history: object ids, announced life
changes, event counts) repeats within one turn while nobody could have done anything else: every
priority decision since the state's previous occurrence offered only "pass". Ordinary Magic
then ends the game in a draw (CR 104.4b); Judge Tower exiles the loop's objects (JT-P3).
"""

from __future__ import annotations


def state_key(game, holder: int, counts: bool = True) -> tuple:
    """The game state for loop detection (R8: everything but the log and history). With
    ``counts=False`` the number of each kind of counter is left out (the loop's *shape*)."""
    objs = game.objects
    bf = tuple(sorted(
        (o.name, o.controller, o.tapped,
         tuple(sorted(o.counters.items())) if counts else tuple(sorted(k for k, n in o.counters.items() if n)), o.damage,
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

    def on_loop(self, game, since: int, growing: bool = False) -> bool:
        """CR 104.4b: a loop of mandatory actions with no way to stop is a draw."""
        game.log.add("the game state repeats in a loop of mandatory actions that nobody can stop: "
                     "the game is a draw", "CR 104.4b")
        game.end_game([], "a draw: loop of mandatory actions", "CR 104.4b")
        return True


def _counts(key: tuple) -> tuple:
    """The counter numbers of a full state key, in battlefield order."""
    return tuple(n for perm in key[4] for _, n in perm[3])


class GrowingLoopDetector(LoopDetector):
    """Also finds a loop whose state repeats but for counters that grow by the same amounts each
    time round (an Exquisite Blood and Sanguine Bond loop with Ajani's Pridemate: with infinite
    life, R3, nothing ever stops it): the shape (the state without the counter numbers) repeats
    with no free decision in between, ``REPEATS`` times in a row with the same non-negative
    growth. JT-P3 exiles "an infinite loop of mandatory actions"; R8's exact repetition cannot
    see this one, so the engine treats an unchanged, growing repetition as that loop (R3: "any
    other instruction to do something infinitely many times is a mandatory infinite loop")."""

    REPEATS = 3

    def __init__(self) -> None:
        super().__init__()
        self.shapes: dict[tuple, tuple] = {}

    def check(self, game, holder: int) -> bool:
        if game.turn != self.turn:
            self.shapes = {}
        if super().check(game, holder):
            self.shapes = {}
            return True
        shape = state_key(game, holder, counts=False)
        counts = _counts(state_key(game, holder))
        mark = (len(game.touched_uids), game.free_priority_decisions)
        prev = self.shapes.get(shape)
        if prev is None or prev[0][1] != mark[1] or len(prev[1]) != len(counts):
            self.shapes[shape] = (mark, counts, None, 0, mark[0])
            return False
        (_, old, delta, reps, start) = prev
        new_delta = tuple(b - a for a, b in zip(old, counts))
        if any(d < 0 for d in new_delta) or not any(new_delta):
            self.shapes[shape] = (mark, counts, None, 0, mark[0])
            return False
        reps = reps + 1 if new_delta == delta else 1
        self.shapes[shape] = (mark, counts, new_delta, reps, start if reps > 1 else prev[0][0])
        if reps < self.REPEATS:
            return False
        self.shapes = {}
        self.seen = {}
        return self.on_loop(game, start, growing=True)
