"""Keyword mechanics: crew (CR 702.122), renown (702.112), bloodthirst (702.54), modular (702.43),
monstrosity (701.37), exploit (702.110), morph and megamorph (702.37), dash (702.109), living weapon
(702.92), entwine (702.42), replicate (702.56), ninjutsu (702.49), exert (701.43).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from .. import ir
from ..ir import Keyword, StaticAbility, This, Trigger
from ..transform.context import (
    Line, Unsupported, _no_x_in_filters, _pt_x_resolved, finish_effects, mana,
)


class ActivatedMechanicsCallbacks:
    """Callbacks for keyword mechanics: crew."""

    # -- kw2: crew, renown, bloodthirst, modular, monstrosity ------------------------------

    def kw_crew(self, c):
        return Keyword("crew", c[0])          # CR 702.122a

    def kw_renown(self, c):
        return Keyword("renown", c[0])        # CR 702.112a

    def kw_bloodthirst(self, c):
        return Keyword("bloodthirst", c[0])   # CR 702.54a

    def kw_modular(self, c):
        return Keyword("modular", c[0])       # CR 702.43a

    def kw_monstrosity(self, c):
        return [ir.Monstrosity(c[0])]         # CR 701.37a

    def kw_ev_becomes_monstrous(self, c):
        return self._trigger(Trigger("kw2_becomes_monstrous", This()))   # CR 701.37b

    def kw_exploit(self, c):
        return Keyword("exploit")             # CR 702.110a

    def kw_ev_exploits(self, c):
        return self._trigger(Trigger("kw2_exploits", This()))   # CR 702.110b

    def kw_morph(self, c):
        return Keyword("morph", mana(c[0]))        # CR 702.37a

    def kw_megamorph(self, c):
        return Keyword("megamorph", mana(c[0]))    # CR 702.37b

    def kw_ev_turned_face_up(self, c):
        return self._trigger(Trigger("kw2_turned_face_up", This()))   # CR 708.8

    def kw_exert_line(self, c):
        # CR 701.43d: the exert cost and its "when you do" reflexive trigger (CR 603.12)
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        effects, condition, _ = finish_effects(c[0], triggered=True)
        if condition is not None:
            raise Unsupported("an intervening condition in an exert trigger")
        return Line("abilities", (ir.ExertAbility(tuple(self.ctx.targets), effects),))

    def kw_dash(self, c):
        return Keyword("dash", mana(c[0]))         # CR 702.109a

    def kw_living_weapon(self, c):
        return Keyword("living weapon")            # CR 702.92a

    def kw_entwine(self, c):
        return Keyword("entwine", mana(c[0]))      # CR 702.42a

    def kw_replicate(self, c):
        return Keyword("replicate", mana(c[0]))    # CR 702.56a

    def kw_cond_monstrous(self, c):
        self._about_this(c[0], "is monstrous")
        return "kw2_monstrous"                     # CR 701.37b

    def kw_cond_renowned(self, c):
        self._about_this(c[0], "is renowned")
        return "kw2_renowned"                      # CR 702.112b

    def kw_ninjutsu(self, c):
        return Keyword("ninjutsu", mana(c[0]))     # CR 702.49a

    def kw_status(self, c):
        return "kw2_" + str(c[0])

    def kw_st_status_keywords(self, c):
        # CR 701.37b, 702.112b, 611.3a
        return Line("abilities", (StaticAbility(ir.StatusKeywords(c[1], tuple(c[2]))),))
