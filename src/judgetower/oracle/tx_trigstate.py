"""trigstate: transformer callbacks for triggers, untap/turn state and static game-rule changes
(grammar: the "trigstate" block at the end of oracle.lark; engine: rules/trigstate.py).

* "~ doesn't untap during your next untap step." (CR 502.3) -> TsSkipYourNextUntap
* "Those creatures / That land don't untap during their controller's next untap step." -> SkipNextUntap
"""

from __future__ import annotations

from . import ir


def _unsupported(msg):
    from .transform import Unsupported
    return Unsupported(msg)


class TrigstateTransformMixin:
    """trigstate callbacks (mixed into OracleTransformer)."""

    def ts_those(self, c):
        # "those creatures", "that land": the objects of the sentence before (never the source)
        if self.ctx.antecedent is None:
            raise _unsupported("'those creatures' without objects before it")
        return self.ctx.antecedent

    def ts_skip_your_next_untap(self, c):
        what = self._permanent_or_card(c[0])
        return [ir.TsSkipYourNextUntap(what)]

    def ts_no_max_hand_you(self, c):
        from .transform import Line
        return Line("abilities", (ir.StaticAbility(ir.TsNoMaxHandSize("you")),))

    def ts_no_max_hand_all(self, c):
        from .transform import Line
        return Line("abilities", (ir.StaticAbility(ir.TsNoMaxHandSize("each")),))

    def ts_skip_next_turn(self, c):
        return [ir.TsSkipNextTurn(c[0])]

    # CR 603.2: "becomes the target of a spell or ability" (event "ts_becomes_target")
    def ts_ev_self_targeted(self, c):
        return self._trigger(ir.Trigger("ts_becomes_target", ir.This()))

    def ts_ev_attached_targeted(self, c):
        return self._attached(ir.Trigger("ts_becomes_target", c[0]))

    # CR 603.8: "When you control no Islands, ..." (a state trigger)
    def ts_ev_state_control_no(self, c):
        cond = self.cond_control_no(c)
        return self._trigger(ir.TsStateTrigger("ts_state", state=cond))
