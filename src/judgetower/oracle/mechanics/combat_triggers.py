"""Transformer callbacks for more combat keywords and restrictions (grammar: the
mechanics/combat_triggers.lark; engine: rules/combat2.py).

* "Rampage N", "Afflict N", "Annihilator N", "Battle cry", "Dethrone", "Melee" -> Keyword
  (CR 702.23a, 702.130a, 702.86a, 702.91a, 702.105a, 702.121a; the engine gives each its
  triggered ability)
* "Skulk" -> Keyword("skulk") through simple_keyword (CR 702.118b)
* "Creatures with power less than ~'s power can't block it." (CR 509.1b)
* "You may have ~ assign its combat damage as though it weren't blocked." (CR 510.1c)
* "~ can't attack alone." / "~ can't attack or block alone." (CR 506.5, 508.1c, 509.1b)
* "~ can't be blocked except by creatures with flying [or reach]." (CR 509.1b)
* "Whenever ~ blocks or becomes blocked by [a creature]" -> Trigger("cb2_blocks_or_blocked_by")
  (CR 509.3b, 509.3d)
* "[instructions] at end of combat" -> DelayedTrigger("cb2_end_of_combat") (CR 603.7, 511.2)
* "... for each creature blocking it" (it = ~) -> the "blocking ~" filter (CR 509.1g)
"""

from __future__ import annotations

from .. import ir
from ..ir import Keyword, SelfCombatRestriction, StaticAbility


def Line(kind, items):
    """transform.Line (defined there, imported when called: transform/__init__ imports this module)."""
    from ..transform.context import Line as _Line
    return _Line(kind, items)


def VP_(make):
    """transform.VP (imported when called)."""
    from ..transform.context import VP
    return VP(make)


def _own(kind, **kw):
    return Line("abilities", (StaticAbility(SelfCombatRestriction(kind, **kw)),))


class CombatTriggersCallbacks:

    def combat_kw_rampage(self, c):
        return Keyword("rampage", c[0])        # CR 702.23a

    def combat_kw_afflict(self, c):
        return Keyword("afflict", c[0])        # CR 702.130a

    def combat_kw_annihilator(self, c):
        return Keyword("annihilator", c[0])    # CR 702.86a

    def combat_kw_battle_cry(self, c):
        return Keyword("battle cry")           # CR 702.91a

    def combat_kw_dethrone(self, c):
        return Keyword("dethrone")             # CR 702.105a

    def combat_kw_mentor(self, c):
        return Keyword("mentor")               # CR 702.134a

    def combat_kw_provoke(self, c):
        return Keyword("provoke")              # CR 702.39a

    def combat_kw_melee(self, c):
        return Keyword("melee")                # CR 702.121a

    def combat_power_less_cant_block(self, c):
        return _own("cb2_power_less")          # CR 509.1b

    def combat_unblocked_damage(self, c):
        return _own("cb2_unblocked_damage")    # CR 510.1c

    def combat_cant_attack_alone(self, c):
        return _own("cb2_cant_attack_alone")   # CR 506.5, 508.1c

    def combat_cant_attack_or_block_alone(self, c):
        return _own("cb2_cant_attack_or_block_alone")   # CR 506.5, 508.1c, 509.1b

    def combat_evasion_kw(self, c):
        return str(c[0])

    def combat_blocked_only_by_kw(self, c):
        # CR 509.1b: "can't be blocked except by creatures with flying or reach" = creatures
        # with none of those keywords can't block it (the existing "blocked_by" restriction)
        kws = tuple(x for x in c[1:] if isinstance(x, str))
        f = ir.Filter(types=("creature",), without_keywords=kws)
        return _own("blocked_by", filter=f)

    def combat_ev_blocks_or_blocked_by(self, c):
        return self._trigger(ir.Trigger("cb2_blocks_or_blocked_by", ir.This(), by=self._by(c[-1])))

    def combat_delayed_end_of_combat(self, c):
        return [ir.DelayedTrigger("cb2_end_of_combat", tuple(c[0]))]

    def combat_pm_blocking_it(self, c):
        from ..transform.context import Unsupported
        if not isinstance(self.ctx.it(), ir.This):
            raise Unsupported("'blocking it' where 'it' is not this object")
        return [("combat_self", "blocking_self")]

    def combat_pm_defending_controls(self, c):
        # CR 506.2: the defending player is known only to the object's own attack trigger
        from ..transform.context import Unsupported
        t = self.ctx.trigger
        if t is None or t.event != "attacks" or not isinstance(t.subject, ir.This):
            raise Unsupported("'defending player controls' outside the object's own attack trigger")
        return [("controller", "cb2_defending")]

    def combat_must_be_blocked(self, c):
        return _own("cb2_must_be_blocked")     # CR 509.1c

    def combat_blocks_self_this_turn(self, c):
        return [ir.BlockRequirement(c[0], ir.This())]   # CR 509.1c

    def combat_attacks_this_turn(self, c):
        return [ir.AttackRequirement(c[0])]             # CR 508.1d

    def combat_lure_this_turn(self, c):
        return [ir.LureThisTurn(c[0])]                  # CR 509.1c

    def combat_combat_state(self, c):
        return str(c[0])

    def combat_as_long_as_in_combat(self, c):
        # CR 506.4, 611.3a: "~ has first strike as long as it's attacking"
        body, state = c
        return self._conds_wrap(ir.InCombatCondition(state), body)

    def combat_as_long_as_in_combat_lead(self, c):
        # "As long as ~ is attacking, it gets +1/+1" (CR 506.4, 611.3a)
        state, body = c[-2], c[-1]
        return self._conds_wrap(ir.InCombatCondition(state), body)

    def combat_vp_poison(self, c):
        from ..transform.context import VP
        n = c[0]
        return VP(lambda who: [ir.GetPoison(who, n)])      # CR 122.1f

    def combat_vp_remove_from_combat(self, c):
        what = self._permanent_or_card(c[0])
        return VP_(lambda who: [ir.RemoveFromCombat(what)])   # CR 506.4

    def combat_ignore_defender(self, c):
        return [ir.IgnoreDefender(self._permanent_or_card(c[0]))]   # CR 702.3b

    def combat_ev_self_attacks_alone(self, c):
        return self._trigger(ir.Trigger("cb2_attacks_alone", ir.This()))          # CR 506.5

    def combat_ev_filter_attacks_alone(self, c):
        return self._trigger(ir.Trigger("cb2_attacks_alone", self._permanents(c[-1])))   # CR 506.5

    def combat_counted_blocking_beyond_first(self, c):
        # the blockers of ~ beyond the first, counted as the effect resolves (CR 608.2h)
        from ..transform.context import Unsupported
        if not isinstance(self.ctx.it(), ir.This):
            raise Unsupported("'blocking it beyond the first' where 'it' is not this object")
        return ir.BlockersBeyondFirst()
