"""Transformer callbacks for cards played from exile (CR 702.62 suspend, 702.143
foretell, 702.88 rebound). The engine side is ``judgetower.rules.exilecast``."""

from __future__ import annotations

from ..ir import Keyword


class ExileCastingCallbacks:

    def exile_cast_suspend(self, c):
        from ..transform.context import mana
        n = int(c[0])
        return Keyword("suspend", (n, mana(c[1])))      # CR 702.62a: (time counters, cost)

    def exile_cast_foretell(self, c):
        from ..transform.context import mana
        return Keyword("foretell", mana(c[0]))          # CR 702.143a: the foretell cost

    def exile_cast_rebound(self, c):
        return Keyword("rebound")                       # CR 702.88a

    def exile_cast_exile_self_time(self, c):
        from ..ir import ExileSelfWithTime
        n = c[0]
        if not isinstance(n, int):
            from ..transform.context import Unsupported
            raise Unsupported("a variable number of time counters")
        return [ExileSelfWithTime(n)]          # CR 406.3, 122.1, 702.62b

    def exile_cast_play_verb(self, c):
        return str(c[0])                                # "play" or "cast"

    def exile_cast_that_card(self, c):
        return "that card"

    def exile_cast_may_play_eot(self, c):
        from ..ir import MayPlayExiled
        return [MayPlayExiled("end_of_turn", c[0] == "cast")]   # CR 601.2a, 305.1

    def exile_cast_may_play_next(self, c):
        from ..ir import MayPlayExiled
        return [MayPlayExiled("next_turn", c[0] == "cast")]     # CR 601.2a, 305.1

    def exile_cast_may_play_next_upkeep(self, c):
        from ..ir import MayPlayExiled
        return [MayPlayExiled("next_upkeep", c[0] == "cast")]   # CR 601.2a, 305.1

    def exile_cast_miracle(self, c):
        from ..transform.context import mana
        return Keyword("miracle", mana(c[0]))           # CR 702.94a: the miracle cost


#: costs a spell cast "without paying its mana cost" must still pay or offer (CR 702.62d,
#: 702.88b: the rules for alternative costs, 601.2b and 601.2f-h); the engine's free cast
#: (``cast_free``) does not ask for them, so such cards stay refused
_FREE_CAST_UNHANDLED = frozenset({"kicker", "multikicker", "buyback", "entwine", "replicate"})


def check_free_cast(abilities, text: str, unsupported: list) -> None:
    """A card with suspend or rebound is cast from exile without paying its mana cost; if it
    also has an additional or optional cost, its suspend/rebound line is left unsupported."""
    from ..ir import AdditionalCost
    names = {a.name for a in abilities if isinstance(a, Keyword)}
    free = names & {"suspend", "rebound"}
    if not free:
        return
    if not (names & _FREE_CAST_UNHANDLED or any(isinstance(a, AdditionalCost) for a in abilities)):
        return
    for line in text.splitlines():
        low = line.strip().lower()
        if any(low.startswith(k) for k in free) and line.strip() not in unsupported:
            unsupported.append(line.strip())


def check_may_play(abilities, text: str, unsupported: list) -> None:
    """"you may play that card" refers to the cards the instruction just before it exiled: it is
    understood only right after "[you] exile(s) the top ... of your library" in the same
    ability; anywhere else its sentence is left unsupported."""
    from ..ir import MayPlayExiled, ExileTopOfLibrary, You

    bad = []

    def walk(effects):
        prev = None
        for e in effects:
            if isinstance(e, MayPlayExiled):
                if not (isinstance(prev, ExileTopOfLibrary) and isinstance(prev.who, You)):
                    bad.append(e)
            prev = e

    def visit(node):
        from dataclasses import fields, is_dataclass
        if isinstance(node, (list, tuple)):
            if any(isinstance(x, MayPlayExiled) for x in node):
                walk(node)
            for x in node:
                visit(x)
        elif is_dataclass(node):
            for f in fields(node):
                visit(getattr(node, f.name))

    visit(list(abilities))
    if bad:
        for line in text.splitlines():
            low = line.lower()
            if "you may play" in low or "you may cast" in low:
                if line.strip() not in unsupported:
                    unsupported.append(line.strip())
