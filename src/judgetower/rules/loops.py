"""Loops of mandatory actions (CR 104.4b; Judge Tower JT-P3, R8).

A loop is found when the whole game state (less the log and history: object ids, announced life
changes, event counts) repeats within one turn while nobody could have done anything else: every
priority decision since the state's previous occurrence offered only "pass". Ordinary Magic
then ends the game in a draw (CR 104.4b); Judge Tower exiles the loop's objects (JT-P3).

Memory: a turn may hold many forced decisions (a stack that grows for a long time), so the
detectors remember each state by its hash, not the state itself; a hash collision (about one in
2**64 per pair of states) is the only way a state could be taken for another.
"""

from __future__ import annotations

from collections import Counter


def _zone_name(kv) -> str:
    return kv[0]


def loop_keys(game, holder: int) -> tuple[tuple, tuple, tuple]:
    """The game state for loop detection (R8: everything but the log and history), in one pass:
    ``(state, shape, amounts)``. ``shape`` is the state without amounts that a loop can grow —
    the number of each kind of counter, how many alike permanents there are (tokens), how many
    times each object is on the stack, the number of continuous effects and delayed triggers;
    ``amounts`` lists those numbers in ``shape``'s order."""
    objs = game.objects
    perms = []
    shapes = []
    amounts: list[int] = []
    for o in game.permanents():
        attached = objs[o.attached_to].name if o.attached_to in objs else ""
        acts = tuple(sorted(map(str, o.activated_this_turn))) if o.activated_this_turn else ()
        counters = tuple(sorted(o.counters.items())) if o.counters else ()
        perms.append((o.name, o.controller, o.tapped, counters, o.damage, attached, acts))
        shapes.append((o.name, o.controller, o.tapped, tuple(k for k, n in counters if n), o.damage, attached, acts,
                       tuple(n for k, n in counters if n)))
    perms.sort()
    shapes.sort()
    # identical permanents (tokens a loop makes each time round) count as one entry and a number
    # that may grow (R3: "do something infinitely many times")
    alike = Counter(shapes)
    bf_shape = tuple(s[:-1] for s in alike)
    for s, n in alike.items():
        amounts.extend(s[-1])
        amounts.append(n)
    zones = tuple((name, tuple([objs[i].name for i in lst])) for name, lst in sorted(game.all_zone_lists(), key=_zone_name)
                  if lst and name != "battlefield" and name != "stack")
    stack = tuple(objs[i].name for i in game.stack)
    on_stack = sorted(Counter(stack).items())
    amounts.extend(n for _, n in on_stack)
    amounts.extend((len(game.continuous), len(game.delayed)))
    common = (game.turn, game.step, game.active, holder)
    tail = (tuple(p.land_plays for p in game.players),
            tuple(str(p.life) if p.life != float("inf") else "inf" for p in game.players))
    state = common + (tuple(perms), zones, stack, len(game.pending_triggers), len(game.continuous),
                      len(game.delayed)) + tail
    shape = common + (bf_shape, zones, tuple(name for name, _ in on_stack), len(game.pending_triggers)) + tail
    return state, shape, tuple(amounts)


def state_key(game, holder: int) -> tuple:
    """The whole game state for loop detection (R8)."""
    return loop_keys(game, holder)[0]


class LoopDetector:
    """Remembers (the hashes of) the states seen this turn; ``check`` returns True when it acted on
    a loop."""

    def __init__(self) -> None:
        self.turn = -1
        self.seen: dict[int, tuple[int, int]] = {}

    def check(self, game, holder: int) -> bool:
        if game.turn != self.turn:
            self.turn = game.turn
            self.seen = {}
        return self._check_exact(game, hash(state_key(game, holder)))

    def _check_exact(self, game, key: int) -> bool:
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


class GrowingLoopDetector(LoopDetector):
    """Also finds a loop whose state repeats but for amounts that grow by the same numbers each
    time round. With infinite life (R3) nothing stops an Exquisite Blood and Sanguine Bond loop:
    with Ajani's Pridemate its counters grow each time round, or, when each Pridemate trigger is
    put under the next Sanguine Bond trigger, the stack grows by one Pridemate trigger each time
    round. The shape (the state without those amounts, see ``loop_keys``) repeats with no free
    decision in between, ``REPEATS`` times in a row with the same non-negative growth. JT-P3 exiles
    "an infinite loop of mandatory actions"; R8's exact repetition cannot see these, so the engine
    treats an unchanged, growing repetition as that loop (R3: "any other instruction to do
    something infinitely many times is a mandatory infinite loop")."""

    REPEATS = 3

    def __init__(self) -> None:
        super().__init__()
        self.shapes: dict[int, tuple] = {}

    def check(self, game, holder: int) -> bool:
        if game.turn != self.turn:
            self.turn = game.turn
            self.seen = {}
            self.shapes = {}
        state, shape_key, counts = loop_keys(game, holder)
        if self._check_exact(game, hash(state)):
            self.shapes = {}
            return True
        shape = hash(shape_key)
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
