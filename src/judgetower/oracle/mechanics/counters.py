"""Transformer callbacks for counter mechanics (grammar block "counters2" at the end
of the grammar, mechanics/counters.lark). Keywords become ``ir.Keyword`` (the engine gives them their abilities, see
rules/counters2.py); outlast compiles to its activated ability; unleash to its keyword (the
"enter with a counter" choice) and its static "can't block" half."""

from __future__ import annotations

from .. import ir
from ..ir import (ActivatedAbility, AsLongAs, CantAttackOrBlock, CountCondition, Cost, CountersOn, EntersWithCounters,
                 Filter, Keyword, PutCounters, StaticAbility, TargetSpec, This, X)


class CountersCallbacks:

    # ---- keywords ----------------------------------------------------------------------
    def counters_undying(self, c):
        return Keyword("undying")                 # CR 702.93a

    def counters_graft(self, c):
        return Keyword("graft", c[0])             # CR 702.58a

    def counters_fading(self, c):
        return Keyword("fading", c[0])            # CR 702.32a

    def counters_vanishing(self, c):
        return Keyword("vanishing", c[0])         # CR 702.63a

    def counters_vanishing_bare(self, c):
        return Keyword("vanishing")               # CR 702.63b

    def counters_evolve(self, c):
        return Keyword("evolve")                  # CR 702.100a

    def counters_amplify(self, c):
        return Keyword("amplify", c[0])           # CR 702.38a

    def counters_riot(self, c):
        return Keyword("riot")                    # CR 702.136a

    def counters_training(self, c):
        return Keyword("training")                # CR 702.149a

    def counters_unleash(self, c):
        # CR 702.98a: "You may have this permanent enter with an additional +1/+1 counter on it"
        # (the keyword, see rules/counters2.py) and "This permanent can't block as long as it has
        # a +1/+1 counter on it" (a static ability, CR 611.3a)
        cant_block = StaticAbility(AsLongAs(CountCondition(CountersOn(This(), "+1/+1"), 1, None),
                                            CantAttackOrBlock(This(), attack=False, block=True)))
        return [Keyword("unleash"), cant_block]

    def counters_outlast(self, c):
        # CR 702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a
        # sorcery."
        from ..transform.context import mana
        return ActivatedAbility(Cost(mana=mana(c[0]), tap=True), (), (PutCounters(This(), "+1/+1", 1),),
                                sorcery_speed=True)

    def counters_level_up(self, c):
        # CR 702.87a: "[Cost]: Put a level counter on this permanent. Activate only as a
        # sorcery." (its level symbols: oracle/c2_leveler.py, CR 711)
        from ..transform.context import mana
        return ActivatedAbility(Cost(mana=mana(c[0])), (), (PutCounters(This(), "level", 1),), sorcery_speed=True)

    # ---- keyword actions (sentences) ---------------------------------------------------
    def counters_bolster(self, c):
        return [ir.Bolster(c[0])]               # CR 701.39a

    def counters_adapt(self, c):
        return [ir.Adapt(c[0])]                 # CR 701.46a

    def counters_support(self, c):
        # CR 701.41a: "Put a +1/+1 counter on each of up to N other target creatures" (on an
        # instant or sorcery, "up to N target creatures": "other" then excludes only the spell
        # itself, which is no creature on the battlefield, so one filter serves both). Judge
        # Tower: "up to N" targets are as many as possible (JT-C3, R9), by the targeting code.
        spec = TargetSpec("object", Filter(types=("creature",), other=True), count_min=0, count_max=c[0])
        ref = self.ctx.add_target(spec)
        return [PutCounters(ref, "+1/+1", 1)]

    # ---- "~ enters with X +1/+1 counters on it" (CR 107.3m, 614.1c) ----------------------
    def counters_enters_with_x(self, c):
        subject, kind = c
        if subject != This():
            from ..transform.context import Unsupported
            raise Unsupported("another object than this one enters with counters")
        from ..transform.context import Line
        return Line("abilities", (StaticAbility(EntersWithCounters(kind, X())),))

    def counters_ev_evolves(self, c):
        self._about_this(c[0], "evolves")
        return self._trigger(ir.Trigger("c2_evolves", This()))   # CR 702.100b

    # ---- energy (CR 107.14, 122.1) -------------------------------------------------------
    @staticmethod
    def _counters_energy_count(token) -> int:
        return str(token).lower().count("{e}")

    def counters_cost_pay_energy(self, c):
        return {"c2_energy": self._counters_energy_count(c[0])}    # CR 107.14, 118.3

    def counters_vp_get_energy(self, c):
        n = self._counters_energy_count(c[0])
        from ..transform.context import VP
        return VP(lambda who: [ir.GetEnergy(who, n)])       # CR 122.1

    def counters_may_pay_energy(self, c):
        # "you may pay {E}{E}. If you do, ..." (CR 118.12, 107.14); Judge Tower: the "may" is
        # taken when able (JT-C1, R9), as for "you may pay {1}"
        who, token = c
        from ..ir import Optional_, You
        from ..transform.context import Unsupported
        if who != You():
            raise Unsupported("another player than you may pay energy")
        return [Optional_((ir.PayEnergy(self._counters_energy_count(token)),), who=who)]
