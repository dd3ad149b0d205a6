"""Cost-changing statics of permanents and spells (CR 601.2f, 118.7a); proliferate (CR 701.34a);
"reveal the top card ... into your hand" (CR 701.20a).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import fields
from ..ir import (
    CostModifier, CountOf, Filter, HandSize, PlayerCount, Proliferate, RevealTopToHand,
    SelfCostReduction, StaticAbility,
)
from .context import FilterNP, Line, Unsupported, VP


class CostChangeCallbacks:
    """Callbacks for cost-changing statics of permanents and spells."""

    # ---- branch "misc": proliferate (CR 701.34a), cost-changing statics (CR 601.2f) ----------

    def misc_vp_proliferate(self, c):
        return VP(lambda who: [Proliferate(who)])

    def misc_less_more(self, c):
        return str(c[0])

    def _misc_cost(self, c, caster: str):
        np, token, less_more = c
        if not isinstance(np, FilterNP) or np.head != "spell":
            raise Unsupported("cost change of something other than spells")
        f = np.filter
        allowed = {"types", "not_types", "colors", "not_colors", "subtypes", "supertypes",
                   "multicolored", "colorless"}
        plain = Filter(zone=f.zone)
        if any(getattr(f, k.name) != getattr(plain, k.name) for k in fields(f) if k.name not in allowed):
            raise Unsupported("cost change of spells described by more than their characteristics")
        symbols = str(token).strip("{}").split("}{")
        if len(symbols) != 1 or not symbols[0].isdigit():
            raise Unsupported("cost change by other than generic mana")   # CR 118.7b-g not done
        n = int(symbols[0])
        return Line("abilities", (StaticAbility(CostModifier(f, caster, n if less_more == "more" else -n)),))

    def misc_cost_you(self, c):
        return self._misc_cost(c, "you")

    def misc_cost_opponents(self, c):
        return self._misc_cost(c, "opponent")

    def misc_cost_each(self, c):
        return self._misc_cost(c, "any")

    def misc_self_cost_less_for_each(self, c):
        token, counted = c
        if not isinstance(counted, (CountOf, HandSize, PlayerCount)):
            raise Unsupported("cost reduction counted by something other than objects or players")
        symbols = str(token).strip("{}").split("}{")
        if len(symbols) != 1 or not symbols[0].isdigit():
            raise Unsupported("cost change by other than generic mana")   # CR 118.7b-g not done
        return Line("abilities", (SelfCostReduction(int(symbols[0]), counted),))

    def misc_reveal_top_to_hand(self, c):
        return [RevealTopToHand()]
    # ---- end of branch "misc" callbacks --------------------------------------------------------
