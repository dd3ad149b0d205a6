"""Transformer callbacks for activated abilities' restrictions and costs (grammar: the
grammar/activation.lark; engine: rules/actcost.py).

* "Activate only if [condition]." (CR 602.5) -> ActivationRestriction(condition=...)
* "Activate only if creatures you control have total power N or greater." (CR 602.5)
* "Activate no more than twice / three times each turn." (CR 602.5b)
* "if a creature died this turn" (morbid, CR 207.2c) -> ir.CreatureDiedCondition
"""

from __future__ import annotations

from .. import ir


class ActivationCallbacks:
    """actcost callbacks (found by name by Lark; mixed into OracleTransformer)."""

    def activation_only_if(self, c):
        # CR 602.5: "Activate only if ...": checked when the ability would be activated
        from .context import ActivationRestriction, Unsupported
        if isinstance(c[-1], str):
            # the string conditions ("~ was kicked", werewolf conditions...) are read from a
            # resolving spell or a trigger's context: none of them is meant for an activation
            raise Unsupported("'activate only if' with this condition")
        return [ActivationRestriction(condition=c[-1])]

    def activation_only_if_total_power(self, c):
        # CR 602.5, 208.1: the total power of the creatures you control now (layers applied)
        from .context import ActivationRestriction
        total = ir.StatOf(ir.Filter(types=("creature",), controller="you"), "power", "sum")
        return [ActivationRestriction(condition=ir.CountCondition(total, int(c[-1])))]

    def activation_times(self, c):
        return {"twice": 2, "three": 3, "four": 4}[str(c[0])]

    def activation_max_per_turn(self, c):
        # CR 602.5b: "Activate no more than [N times] each turn"
        from .context import ActivationRestriction
        return [ActivationRestriction(max_per_turn=c[-1])]

    def activation_cond_creature_died(self, c):
        return ir.CreatureDiedCondition()   # CR 700.4: "dies" means put into a graveyard from the battlefield

    # -- costs (CR 118.3, 602.2b) -----------------------------------------------------------

    def _activation_untapped_yours(self, fnp):
        from dataclasses import replace
        from .context import Unsupported
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.tapped is not False \
                or f.controller != "you" or f.other:
            raise Unsupported("a tapping cost other than 'tap an untapped ... you control'")
        return replace(f, tapped=None)

    def activation_cost_tap_other(self, c):
        return {"actcost_tap": (self._activation_untapped_yours(c[-1]), 1)}

    def activation_cost_tap_others(self, c):
        n, fnp = c
        return {"actcost_tap": (self._activation_untapped_yours(fnp), int(n))}

    def activation_cost_discard_self(self, c):
        # "Discard this card": the ability functions from the hand (CR 113.6, 602.2)
        return {"discard_self": True}

    def activation_cost_discard_random(self, c):
        return {"actcost_discard_random": 1}     # CR 701.9a, 118.3

    def activation_cost_put_counters(self, c):
        from .context import Unsupported
        n, kind = c[0], str(c[1])
        if "x" in kind:
            raise Unsupported("an X counter cost")
        return {"actcost_put_counters": (kind, int(n))}   # CR 122.1, 118.3

    def activation_cost_sacrifice_another(self, c):
        from dataclasses import replace
        return {"sacrifice": replace(c[-1].filter, other=True)}   # CR 701.21a

    def _activation_zone(self, cost, zone: str) -> str:
        """"[Cost], Discard ~: ...": an ability that functions from the hand (CR 113.6, 602.2);
        a cost that needs the permanent (tapping it, its counters) can't go with it."""
        from .context import Unsupported
        if cost.actcost_remove_any is not None and not cost.tap:
            # the number removed is read by the ability's effect: with {T} in the cost, a mana
            # ability resolves at once (CR 605.3a) and no second activation can come in between
            raise Unsupported("'remove any number of counters' without {T}")
        if not cost.discard_self:
            return zone
        if zone != "battlefield" or cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self \
                or cost.remove_counters or cost.actcost_put_counters or cost.loyalty is not None:
            raise Unsupported("'discard ~' with a cost of a permanent")
        return "hand"

    # -- "Any player may activate this ability [but only ...]." (CR 602.2, 602.5) -------------

    def activation_any_player(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(any_player=True)]

    def activation_any_player_sorcery(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(any_player=True, sorcery=True)]    # CR 602.5d: the activator's timing

    def activation_any_player_their_turn(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(any_player=True, timing="your_turn")]   # the activating player's turn

    def activation_any_player_any_upkeep(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(any_player=True, timing="actcost_any_upkeep")]

    # -- effects -----------------------------------------------------------------------------

    def activation_pt_and_damage(self, c):
        # "~ gets +1/+1 until end of turn and deals 1 damage to you" (CR 611.2, 120.3): the
        # object is the damage's source too
        from .context import Unsupported
        what, token, amount, to = c
        if not isinstance(what, ir.This):
            raise Unsupported("'gets ... and deals damage' of another object")
        return self.modify_pt([what, token, None]) + self.deal_damage([what, amount, to])

    def activation_mana_equal_power(self, c):
        from .context import Unsupported, mana_letters
        letters = mana_letters(c[0])
        if len(letters) != 1:
            raise Unsupported("an amount of several mana symbols")
        return ir.AddMana(letters, amount=ir.PowerOf(ir.This()))   # CR 208.1, 106.1

    def activation_mana_commander_identity(self, c):
        # CR 903.4f: no commander, so "any color in your commander's color identity" is undefined
        # and adds nothing (the ability is still a mana ability, CR 605.1a)
        return ir.AddCommanderMana("", amount=c[0])

    def activation_keep_mana(self, c):
        # CR 106.4a: the mana just added stays in the pool as steps and phases end this turn
        return [ir.KeepMana()]

    def activation_cost_remove_any(self, c):
        # CR 118.3: any number (0 included) of the counters it has; the number is remembered for
        # "for each ... counter removed this way" (CR 607.2: the same ability)
        self.ctx.actcost_remove_any = True
        return {"actcost_remove_any": str(c[0])}

    def activation_add_then_per_removed(self, c):
        from .context import Unsupported, mana_letters
        first, extra, kind = mana_letters(c[0]), mana_letters(c[1]), str(c[2])
        if not getattr(self.ctx, "actcost_remove_any", False):
            raise Unsupported("'removed this way' without a cost removing any number of counters")
        return [ir.AddMana(first), ir.AddMana(extra, amount=ir.CountersRemoved(kind))]

    def activation_if_activated_n_times(self, c):
        from .context import DelayedTrigger
        n, effects = c
        return [ir.IfActivatedTimes(int(n), (DelayedTrigger("next_end_step", tuple(effects)),))]

    # -- more activation restrictions (CR 602.5) ----------------------------------------------

    def activation_any_upkeep_only(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(timing="actcost_any_upkeep")]

    def activation_your_upkeep_once(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(timing="your_upkeep", once_per_turn=True)]   # CR 602.5, 602.5b

    def activation_only_exact_hand(self, c):
        from .context import ActivationRestriction
        n = int(c[0])
        return [ActivationRestriction(condition=ir.CountCondition(ir.HandSize(ir.You()), n, n))]

    def activation_only_self_attacking(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(condition=ir.ActivationSelfCondition("attacking"))]   # CR 506.4

    def activation_only_you_attacked(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(condition=ir.AttackedThisTurnCondition())]   # CR 508.1

    def activation_only_self_power(self, c):
        from .context import ActivationRestriction
        return [ActivationRestriction(condition=ir.ActivationSelfCondition("power", int(c[0])))]   # CR 208.1

    # -- triggered mana abilities (CR 605.1b, 106.12) -------------------------------------------

    def activation_enchanted_land_mana(self, c):
        from .context import Line, mana_letters
        return Line("abilities", (ir.ManaTrigger("enchanted", None, _fixed_mana(c[-1])),))

    def activation_filter_land_mana(self, c):
        from .context import Line, Unsupported, mana_letters
        fnp, token = c
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or "land" not in f.types and not f.subtypes:
            raise Unsupported("'is tapped for mana' of this kind")
        return Line("abilities", (ir.ManaTrigger("filter", f, _fixed_mana(token)),))


def _fixed_mana(token) -> str:
    """Mana symbols of fixed types only ({G}, {G}{G}, {C}), as letters."""
    from .context import Unsupported, mana_letters
    letters = mana_letters(token)
    if not letters or any(ch not in "WUBRGC" for ch in letters):
        raise Unsupported("an additional mana other than fixed coloured or colourless symbols")
    return letters
