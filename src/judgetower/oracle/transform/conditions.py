"""Conditions (CR 608.2c, 603.4) and "as long as" static abilities (CR 611.3a); choices as a
permanent enters (CR 614.12) and references to them; devotion (CR 700.5).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from .. import ir
from ..ir import (
    AddMana, Anthem, CantAttackOrBlock, CountOf, CountersOn, Filter, HandSize, StaticAbility,
    This, You,
)
from .context import FilterNP, Line, Unsupported, pt_mod


class ConditionCallbacks:
    """Callbacks for conditions."""

    # -- conditions ------------------------------------------------------------------------

    def _about_this(self, ref, what: str) -> None:
        if ref != This():
            raise Unsupported(f"'{what}' about another object than this one")

    def cond_this_untapped(self, c):
        self._about_this(c[0], "is untapped")
        return "this_untapped"

    def cond_kicked(self, c):
        self._about_this(c[0], "was kicked")
        return "kicked"

    def cond_attacked_with_3(self, c):
        return "attacked_with_3"

    # -- conds: conditions and "as long as" static abilities (CR 611.3a, 603.4, 608.2c) -------

    def _conds_permanents(self, fnp, what: str):
        """A filter_np that names permanents you control ("you control a Plains")."""
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield":
            raise Unsupported(f"'{what}' of cards or spells")
        if f.controller is not None or f.other:
            raise Unsupported(f"'{what}' with a controller or 'other'")
        if any(stat in ("power", "toughness") for stat, _, _ in f.compare) or f.with_keywords \
                or f.without_keywords:
            # the layer system evaluates the condition before layers 6-7 (layers.py)
            raise Unsupported(f"'{what}' of objects described by power, toughness or keywords")
        return CountOf(replace(f, controller="you"))

    def cond_control_a(self, c):
        return ir.CountCondition(self._conds_permanents(c[-1], "you control"), 1)

    def cond_control_n(self, c):
        n, fnp = c
        return ir.CountCondition(self._conds_permanents(fnp, "you control"), int(n))

    def cond_control_no(self, c):
        return ir.CountCondition(self._conds_permanents(c[-1], "you control no"), 0, 0)

    def cond_n_in_graveyard(self, c):
        n, fnp = c
        f = fnp.filter
        if fnp.head != "card" or f.zone != "battlefield" or f.controller is not None or f.other:
            raise Unsupported("'N or more ... are in your graveyard' of this kind")
        return ir.CountCondition(self.counted_filter([FilterNP(replace(f, zone="graveyard", controller="you"), "card")]),
                            int(n))

    def cond_there_are_n(self, c):
        n, fnp = c
        if fnp.filter.zone not in ("graveyard", "hand"):
            raise Unsupported("'there are N or more ...' outside graveyards and hands")
        return ir.CountCondition(self.counted_filter([fnp]), int(n))

    def cond_empty_hand(self, c):
        return ir.CountCondition(HandSize(You()), 0, 0)

    def cond_hand_n(self, c):
        return ir.CountCondition(HandSize(You()), int(c[0]))

    def cond_life_ge(self, c):
        return ir.LifeCondition(int(c[0]), True)

    def cond_life_le(self, c):
        return ir.LifeCondition(int(c[0]), False)

    def cond_your_turn(self, c):
        return ir.YourTurnCondition()

    def cond_not_your_turn(self, c):
        return ir.YourTurnCondition(negate=True)

    def cond_has_counter(self, c):
        ref, kind = c
        self._about_this(ref, "has a counter")
        return ir.CountCondition(CountersOn(This(), str(kind)), 1)

    def cond_has_counters_n(self, c):
        ref, n, kind = c
        self._about_this(ref, "has counters")
        return ir.CountCondition(CountersOn(This(), str(kind)), int(n))

    def cond_attached_is(self, c):
        ref, fnp = c
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller is not None or f.other \
                or f.compare or f.with_keywords or f.without_keywords or f.tapped is not None \
                or f.combat or f.combat_self:
            raise Unsupported("'enchanted/equipped ... is' of this kind")
        return ir.IsCondition(ref, f)

    def cond_attached_is_color(self, c):
        ref, color = c
        return ir.IsCondition(ref, Filter(colors=(color,)))

    _CONDS_STATIC = (Anthem, CantAttackOrBlock, ir.CombatRule)

    def _conds_wrap(self, condition, body):
        if isinstance(condition, (str, ir.CastMainPhaseCondition)):
            # the older string conditions are checked by Game.condition_true, not in layers
            raise Unsupported("this condition on a static ability")
        if isinstance(body, tuple) and body and body[0] == "it":
            # "As long as equipped creature is a Human, it gets +1/+1": "it" is the condition's
            # object; elsewhere the object with the ability (CR 201.5)
            affected = condition.ref if isinstance(condition, ir.IsCondition) else This()
            body = Line("abilities", (StaticAbility(replace(body[1], affected=affected)),))
        if not isinstance(body, Line) or body.kind != "abilities":
            raise Unsupported("'as long as' with this ability")
        out = []
        for ab in body.items:
            if not isinstance(ab, StaticAbility) or not isinstance(ab.effect, self._CONDS_STATIC):
                raise Unsupported("'as long as' with this ability")
            affected = ab.effect.affected
            if isinstance(condition, ir.CountCondition) and isinstance(condition.amount, CountersOn) \
                    and affected != This():
                # "Enchanted creature gets +1/+1 as long as it has a counter on it": "it" is the
                # enchanted creature, which CountersOn(This()) would not read
                raise Unsupported("'it has a counter' about another object than this one")
            out.append(StaticAbility(ir.AsLongAs(condition, ab.effect)))
        return Line("abilities", tuple(out))

    def cond_cast_main_phase(self, c):
        if self.ctx is self._conds_fresh_ctx:
            # a permanent's ability: the spell that was cast is another object (CR 400.7)
            raise Unsupported("'if you cast this spell during your main phase' on a permanent")
        return ir.CastMainPhaseCondition()

    def cond_control_another(self, c):
        count = self._conds_permanents(c[-1], "you control another")
        return ir.CountCondition(CountOf(replace(count.filter, other=True)), 1)

    def cond_card_types(self, c):
        n, fnp = c
        if fnp.filter.zone != "graveyard" or fnp.head != "card":
            raise Unsupported("card types among objects outside graveyards")
        return ir.CardTypesCondition(int(n), fnp.filter)

    def cond_permanent_left(self, c):
        return ir.PermanentLeftCondition()

    def conds_as_long_as_after(self, c):
        body, condition = c
        return self._conds_wrap(condition, body)

    def conds_as_long_as(self, c):
        condition, body = c
        return self._conds_wrap(condition, body)

    def conds_during_your_turn(self, c):
        return self._conds_wrap(ir.YourTurnCondition(), c[0])

    def conds_during_others_turns(self, c):
        return self._conds_wrap(self.cond_not_your_turn([]), c[0])

    def _conds_anthem(self, affected, token, keywords):
        p, t = pt_mod(token)
        return Anthem(affected, p, t, keywords or ())

    def conds_self_anthem(self, c):
        _, token, keywords = c
        return Line("abilities", (StaticAbility(self._conds_anthem(This(), token, keywords)),))

    def conds_self_grant(self, c):
        _, keywords = c
        return Line("abilities", (StaticAbility(Anthem(This(), 0, 0, keywords)),))

    def conds_it_anthem(self, c):
        token, keywords = c
        return ("it", self._conds_anthem(This(), token, keywords))

    def conds_it_grant(self, c):
        return ("it", Anthem(This(), 0, 0, c[0]))

    # conds: choices as a permanent enters (CR 614.12) and references to them
    def conds_enters_choose_color(self, c):
        return Line("abilities", (StaticAbility(ir.EntersChoice("color")),))

    def conds_enters_choose_type(self, c):
        return Line("abilities", (StaticAbility(ir.EntersChoice("creature_type")),))

    def conds_pm_chosen_color(self, c):
        return [("chosen", "color")]

    def conds_pm_chosen_type(self, c):
        return [("chosen", "creature_type")]

    def conds_mana_chosen_color(self, c):
        return AddMana(chosen_color=True)

    def conds_amount_devotion(self, c):
        return ir.Devotion(tuple(c))
