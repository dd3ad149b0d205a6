"""Transformer callbacks for triggers, untap/turn state and static game-rule changes
(grammar: grammar/game_rule_changes.lark; engine: rules/trigstate.py).

* "~ doesn't untap during your next untap step." (CR 502.3) -> SkipYourNextUntap
* "Those creatures / That land don't untap during their controller's next untap step." -> SkipNextUntap
"""

from __future__ import annotations

from dataclasses import replace

from .. import ir


def _unsupported(msg):
    from .context import Unsupported
    return Unsupported(msg)


class GameRuleChangesCallbacks:
    """trigstate callbacks (mixed into OracleTransformer)."""

    def game_those(self, c):
        # "those creatures", "that land": the objects of the sentence before (never the source)
        if self.ctx.antecedent is None:
            raise _unsupported("'those creatures' without objects before it")
        return self.ctx.antecedent

    def game_skip_your_next_untap(self, c):
        what = self._permanent_or_card(c[0])
        return [ir.SkipYourNextUntap(what)]

    def game_skip_next_turn(self, c):
        return [ir.SkipNextTurn(c[0])]

    # CR 603.2: "becomes the target of a spell or ability" (event "ts_becomes_target")
    def game_ev_self_targeted(self, c):
        return self._trigger(ir.Trigger("ts_becomes_target", ir.This()))

    def game_ev_attached_targeted(self, c):
        return self._attached(ir.Trigger("ts_becomes_target", c[0]))

    # CR 603.8: "When you control no Islands, ..." (a state trigger)
    def game_ev_state_control_no(self, c):
        cond = self.cond_control_no(c)
        return self._trigger(ir.StateTrigger("ts_state", state=cond))

    # CR 118.12: "sacrifice it unless you [pay {M} | return a land you control ... | discard a card at random]"
    def _game_unless(self, what, make_effect):
        from .context import VP
        if what != ir.This():
            raise _unsupported("sacrificing an object other than this one unless ...")

        def make(who):
            if who != ir.You():
                raise _unsupported("another player sacrifices unless ...")
            return [make_effect()]
        return VP(make)

    def game_sacrifice_unless_pay(self, c):
        from .context import mana
        cost = mana(c[1])
        return self._game_unless(c[0], lambda: ir.SacrificeUnlessPay(ir.This(), cost))

    def game_sacrifice_unless_return(self, c):
        fnp = c[-1]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller != "you":
            raise _unsupported("returning a chosen object other than a permanent you control")
        return self._game_unless(c[0], lambda: ir.SacrificeUnless(ir.This(), "return", f))

    def game_sacrifice_unless_discard(self, c):
        # "discard a land card": a card of the player's choice from their hand (CR 701.9a)
        fnp = c[-1]
        if fnp.head != "card" or fnp.filter.zone != "battlefield" or fnp.filter.controller is not None \
                or fnp.filter.other:
            raise _unsupported("'unless you discard' of this description")
        f = replace(fnp.filter, zone="hand")
        return self._game_unless(c[0], lambda: ir.SacrificeUnless(ir.This(), "discard", f))

    def game_sacrifice_unless_return_another(self, c):
        fnp = c[-1]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller != "you":
            raise _unsupported("returning a chosen object other than a permanent you control")
        return self._game_unless(c[0], lambda: ir.SacrificeUnless(ir.This(), "return", replace(f, other=True)))

    def game_sacrifice_unless_discard_random(self, c):
        return self._game_unless(c[0], lambda: ir.SacrificeUnless(ir.This(), "discard_random"))

    # CR 614.1c: "[permanents] enter the battlefield tapped" (a static replacement effect)
    def game_others_enter_tapped(self, c):
        from .context import Line
        fnp = c[0]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield":
            raise _unsupported("entering tapped: not a permanent description")
        return Line("abilities", (ir.StaticAbility(ir.OthersEnterTapped(f)),))

    # CR 305.2a: additional land plays
    def _game_land_n(self, n):
        if not isinstance(n, int) or n < 1:
            raise _unsupported("a variable number of additional land plays")
        return n

    def game_additional_land_turn(self, c):
        return [ir.AdditionalLands(self._game_land_n(c[0]))]

    def game_additional_land_static(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.AdditionalLands(self._game_land_n(c[0]))),))

    # CR 101.2: "Each player can't cast more than one spell each turn."
    def game_one_spell_each_turn(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.SpellLimit(1)),))

    # CR 602.5: "Activated abilities of artifacts can't be activated." -> auras2's ActivationBan
    def game_activation_ban_group(self, c):
        from .context import Line
        fnp = c[0]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield":
            raise _unsupported("activation ban: not a permanent description")
        return Line("abilities", (ir.StaticAbility(ir.ActivationBan(ir.All(f))),))

    # CR 603.6a: "Creatures entering the battlefield don't cause abilities to trigger."
    def game_entering_no_triggers(self, c):
        from .context import Line
        fnp = c[0]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield":
            raise _unsupported("entering: not a permanent description")
        return Line("abilities", (ir.StaticAbility(ir.EnteringNoTriggers(f)),))

    # CR 603.7: "Sacrifice that creature at the beginning of the next end step."
    def game_that_creature(self, c):
        if not isinstance(self.ctx.antecedent, ir.Target):
            raise _unsupported("'sacrifice that creature' without a target before it")
        return self.ctx.antecedent

    def game_delayed_sacrifice(self, c):
        return [ir.DelayedSacrifice(c[0])]

    # "no creatures are on the battlefield": CountCondition of every such permanent, at most 0
    def game_cond_none_on_battlefield(self, c):
        fnp = c[0]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller is not None or f.other \
                or any(stat in ("power", "toughness") for stat, _, _ in f.compare) or f.with_keywords \
                or f.without_keywords:
            raise _unsupported("'no ... are on the battlefield' of this description")
        return ir.CountCondition(ir.CountOf(f), 0, 0)

    # CR 702.24a: cumulative upkeep with a choice of two mana costs, or a life payment
    def game_kw_cumulative_upkeep_or(self, c):
        from .context import mana
        return ir.Keyword("cumulative upkeep", ir.CumulativeCost(options=(mana(c[0]), mana(c[1]))))

    def game_kw_cumulative_upkeep_life(self, c):
        n = c[0]
        if not isinstance(n, int) or n < 1:
            raise _unsupported("cumulative upkeep: a variable life payment")
        from .context import Line
        return Line("abilities", (ir.Keyword("cumulative upkeep", ir.CumulativeCost(life=n)),))
