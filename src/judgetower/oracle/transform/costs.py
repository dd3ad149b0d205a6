"""Costs (CR 118, 601.2f, 602.1): activation costs, keyword costs, ways to cast, additional costs.

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from .. import ir
from ..ir import AlternativeCost, CostIncrease, Keyword, This, You
from .context import ActivationRestriction, Line, Unsupported, VP, mana


class CostCallbacks:
    """Callbacks for costs."""

    # -- costs -----------------------------------------------------------------------------

    def cost_list(self, c):
        parts: dict = {}
        for item in c:
            for key, value in item.items():
                if key == "mana":
                    parts["mana"] = parts.get("mana", "") + value
                elif key in parts:
                    raise Unsupported(f"two {key} costs")
                else:
                    parts[key] = value
        return ir.Cost(**parts)

    alt_cost_list = cost_list

    def cost_mana(self, c):
        return {"mana": mana(c[0])}

    def cost_tap(self, c):
        return {"tap": True}

    def cost_untap(self, c):
        return {"untap": True}

    def cost_sacrifice_self(self, c):
        return {"sacrifice_self": True}

    def cost_exile_self(self, c):
        return {"exile_self": True}

    def cost_sacrifice(self, c):
        return {"sacrifice": c[-1].filter}

    def cost_life(self, c):
        return {"life": c[0]}

    def cost_exile_graveyard(self, c):
        return {"exile_from_graveyard": c[0]}

    def cost_exile_from_hand(self, c):
        return {"exile_from_hand": replace(c[-1].filter, zone="hand")}

    def cost_increase(self, c):
        return Line("abilities", (CostIncrease(mana(c[0])),))

    def alternative_cost(self, c):
        return Line("abilities", (AlternativeCost(c[0]),))

    # -- kwcosts: keyword costs, ways to cast, additional costs, activation restrictions --------

    def kw_cycling(self, c):
        return Keyword("cycling", mana(c[0]))          # CR 702.29a

    def kw_flashback(self, c):
        return Keyword("flashback", mana(c[0]))        # CR 702.34a

    def kw_echo(self, c):
        return Keyword("echo", mana(c[0]))             # CR 702.30a

    kw_cost_list = cost_list

    def kw_flashback_cost(self, c):
        if c[0].exile_from_graveyard:
            raise Unsupported("flashback by exiling cards from the graveyard")
        return Line("abilities", (Keyword("flashback", c[0]),))   # CR 702.34a

    def kw_cycling_cost(self, c):
        cost = c[0]
        if cost.exile_from_graveyard:
            raise Unsupported("cycling by exiling cards from the graveyard")
        return Line("abilities", (Keyword("cycling", cost),))     # CR 702.29a

    def kw_unearth(self, c):
        return Keyword("unearth", mana(c[0]))          # CR 702.84a

    def kw_evoke(self, c):
        return Keyword("evoke", mana(c[0]))            # CR 702.74a

    def kw_cumulative_upkeep(self, c):
        return Keyword("cumulative upkeep", mana(c[0]))   # CR 702.24a

    def kw_madness(self, c):
        return Keyword("madness", mana(c[0]))          # CR 702.35a

    def kw_convoke(self, c):
        return Keyword("convoke")                      # CR 702.51a

    def kw_delve(self, c):
        return Keyword("delve")                        # CR 702.66a

    def cost_discard(self, c):
        return {"discard": c[0] if c else 1}           # CR 118.3, 701.9

    add_cost_list = cost_list

    def additional_cost(self, c):
        cost = c[0]
        if cost.mana or cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self \
                or cost.discard_self or cost.loyalty is not None:
            raise Unsupported("this additional cost to cast a spell")
        return Line("abilities", (ir.AdditionalCost(cost),))   # CR 601.2b, 601.2f

    def once_each_turn(self, c):
        return [ActivationRestriction(once_per_turn=True)]     # CR 602.5b

    def sorcery_once_each_turn(self, c):
        return [ActivationRestriction(once_per_turn=True, sorcery=True)]   # CR 602.5b, 602.5d

    def as_an_instant(self, c):
        return [ActivationRestriction()]               # CR 602.5e: any time its controller has priority

    def during_your_turn(self, c):
        return [ActivationRestriction(timing="your_turn")]

    def your_turn_once_each_turn(self, c):
        return [ActivationRestriction(once_per_turn=True, timing="your_turn")]   # CR 602.5, 602.5b

    def during_your_upkeep(self, c):
        return [ActivationRestriction(timing="your_upkeep")]

    def before_attackers(self, c):
        return [ActivationRestriction(timing="before_attackers")]

    def vp_sacrifice_self_unless(self, c):
        cost = mana(c[0])

        def make(who):
            if who != You():
                raise Unsupported("another player sacrifices unless they pay")
            return [ir.SacrificeUnlessPay(This(), cost)]   # CR 118.12a
        return VP(make)
