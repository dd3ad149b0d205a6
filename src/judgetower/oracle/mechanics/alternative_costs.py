"""Transformer callbacks for keywords about casting (grammar:
mechanics/alternative_costs.lark; engine: rules/kwcast.py).

* "Basic landcycling {1}{G}", "Plainscycling {2}" ... (CR 702.29e) -> Keyword("typecycling",
  (kind, mana)); kind "basic land" or a basic land type ("Plains")
* "Split second" (CR 702.61a) -> Keyword("split second")
* "Retrace" (CR 702.81a) -> Keyword("retrace")
* "Jump-start" (CR 702.133a) -> Keyword("jump-start")
* "Cascade" (CR 702.85a) -> Keyword("cascade")
* "Spectacle {M}" (CR 702.137a), "Surge {M}" (CR 702.117a), "Scavenge {M}" (CR 702.97a), "Blitz {M}"
  (CR 702.152a) -> Keyword
* "Undaunted" (CR 702.125a) -> SelfCostReduction(1, PlayerCount(EachOpponent()))
* "Casualty N" (CR 702.153a) -> Keyword("casualty", N)
* "Escape—{M}, Exile N other cards from your graveyard." (CR 702.138a) -> Keyword("escape", (M, N))
* "Cast this spell only during the declare attackers step and only if you've been attacked this
  step." / "Cast this spell only if you've cast another spell this turn." (CR 601.3) -> CastOnlyRestriction
"""

from __future__ import annotations

from ..ir import Keyword, CastOnlyRestriction


class AlternativeCostsCallbacks:
    """Callbacks of the kwcast grammar block."""

    def cast_typecycling_word(self, c):
        return str(c[0])

    def cast_typecycling(self, c):
        from ..transform.context import mana
        word = str(c[0])
        kind = word[: -len("cycling")].capitalize()   # "plainscycling" -> "Plains"
        return Keyword("typecycling", (kind, mana(c[1])))   # CR 702.29e

    def cast_basic_landcycling(self, c):
        from ..transform.context import mana
        return Keyword("typecycling", ("basic land", mana(c[0])))   # CR 702.29e

    def cast_split_second(self, c):
        return Keyword("split second")   # CR 702.61a

    def cast_retrace(self, c):
        return Keyword("retrace")   # CR 702.81a

    def cast_jump_start(self, c):
        return Keyword("jump-start")   # CR 702.133a

    def cast_cascade(self, c):
        return Keyword("cascade")   # CR 702.85a

    # -- kwcast (2) ---------------------------------------------------------------------------
    def cast_spectacle(self, c):
        from ..transform.context import mana
        return Keyword("spectacle", mana(c[0]))   # CR 702.137a

    def cast_surge(self, c):
        from ..transform.context import mana
        return Keyword("surge", mana(c[0]))   # CR 702.117a

    def cast_scavenge(self, c):
        from ..transform.context import mana
        return Keyword("scavenge", mana(c[0]))   # CR 702.97a

    def cast_blitz(self, c):
        from ..transform.context import mana
        return Keyword("blitz", mana(c[0]))   # CR 702.152a

    def cast_escape(self, c):
        from ..transform.context import Line, mana
        return Line("abilities", (Keyword("escape", (mana(c[0]), int(c[1]))),))   # CR 702.138a

    def cast_casualty(self, c):
        return Keyword("casualty", int(c[0]))   # CR 702.153a

    def cast_undaunted(self, c):
        # CR 702.125a: "This spell costs {1} less to cast for each opponent you have." (the
        # turnflow/misc cost reduction, CR 601.2f, 118.7a)
        from ..ir import EachOpponent, PlayerCount, SelfCostReduction
        return SelfCostReduction(1, PlayerCount(EachOpponent()))

    def cast_cast_only_attacked(self, c):
        from ..transform.context import Line
        return Line("abilities", (CastOnlyRestriction("attacked_this_step"),))   # CR 601.3

    def cast_cast_only_another_spell(self, c):
        from ..transform.context import Line
        return Line("abilities", (CastOnlyRestriction("another_spell_this_turn"),))   # CR 601.3
