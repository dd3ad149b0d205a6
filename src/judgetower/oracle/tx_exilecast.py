"""exilecast: transformer callbacks for cards played from exile (CR 702.62 suspend, 702.143
foretell, 702.88 rebound). The engine side is ``judgetower.rules.exilecast``."""

from __future__ import annotations

from .ir import Keyword


class ExilecastTransformMixin:

    def ec_suspend(self, c):
        from .transform import mana
        n = int(c[0])
        return Keyword("suspend", (n, mana(c[1])))      # CR 702.62a: (time counters, cost)

    def ec_foretell(self, c):
        from .transform import mana
        return Keyword("foretell", mana(c[0]))          # CR 702.143a: the foretell cost

    def ec_rebound(self, c):
        return Keyword("rebound")                       # CR 702.88a

    def ec_exile_self_time(self, c):
        from .ir import ExilecastExileSelfWithTime
        n = c[0]
        if not isinstance(n, int):
            from .transform import Unsupported
            raise Unsupported("a variable number of time counters")
        return [ExilecastExileSelfWithTime(n)]          # CR 406.3, 122.1, 702.62b

    def ec_miracle(self, c):
        from .transform import mana
        return Keyword("miracle", mana(c[0]))           # CR 702.94a: the miracle cost


#: costs a spell cast "without paying its mana cost" must still pay or offer (CR 702.62d,
#: 702.88b: the rules for alternative costs, 601.2b and 601.2f-h); the engine's free cast
#: (``cast_free``) does not ask for them, so such cards stay refused
_FREE_CAST_UNHANDLED = frozenset({"kicker", "multikicker", "buyback", "entwine", "replicate"})


def exilecast_check_free_cast(abilities, text: str, unsupported: list) -> None:
    """A card with suspend or rebound is cast from exile without paying its mana cost; if it
    also has an additional or optional cost, its suspend/rebound line is left unsupported."""
    from .ir import AdditionalCost
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
