"""Triggered abilities (CR 603): trigger events, intervening "if" (CR 603.4).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from ..ir import (
    ControllerOf, DefendingPlayer, Filter, This, Trigger, TriggerAmount, TriggerObject,
    TriggeredAbility,
)
from .context import (
    FilterNP, Line, STEP_EVENTS, Unsupported, _no_x_in_filters, _pt_x_resolved, _uses_state,
    contains, finish_effects,
)


class TriggerCallbacks:
    """Callbacks for triggered abilities."""

    # -- triggered abilities ---------------------------------------------------------------

    def triggered(self, c):
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        trigger, items = c
        effects, condition, _ = finish_effects(items, triggered=True)
        self._zn_no_zone()   # zones
        self._check_trigger_refs(trigger, (tuple(self.ctx.targets), effects))  # triggers branch
        return Line("abilities", (TriggeredAbility(trigger, tuple(self.ctx.targets), effects,
                                                   condition=condition),))

    def _trigger(self, trigger: Trigger) -> Trigger:
        if isinstance(trigger.subject, Filter) and _uses_state(trigger.subject):
            # the tapped/combat state of an object that left is not remembered (CR 608.2h)
            raise Unsupported("trigger subject described by tapped or combat state")
        self.ctx.trigger = trigger
        if isinstance(trigger.subject, Filter):
            self.ctx.self_ref = TriggerObject()
        return trigger

    def self_ref(self, c):
        return This()

    def ev_self_enters(self, c):
        return self._trigger(Trigger("enters", This()))

    def ev_self_dies(self, c):
        return self._trigger(Trigger("dies", This()))

    def ev_self_leaves(self, c):
        return self._trigger(Trigger("leaves", This()))

    def ev_self_to_graveyard(self, c):
        return self._trigger(Trigger("to_graveyard", This()))

    def ev_self_attacks(self, c):
        return self._trigger(Trigger("attacks", This()))

    def ev_self_or_other_dies(self, c):
        return self._trigger(Trigger("dies", replace(c[-1].filter, other=False), include_self=True))

    def ev_self_or_other_enters(self, c):
        return self._trigger(Trigger("enters", replace(c[-1].filter, other=False),
                                     include_self=True))

    def ev_filter_dies(self, c):
        return self._trigger(Trigger("dies", c[-1].filter))

    def ev_other_dies(self, c):
        return self._trigger(Trigger("dies", replace(c[-1].filter, other=True)))

    def ev_filter_enters(self, c):
        return self._trigger(Trigger("enters", c[-1].filter))

    def ev_other_enters(self, c):
        return self._trigger(Trigger("enters", replace(c[-1].filter, other=True)))

    def ev_you_gain_life(self, c):
        return self._trigger(Trigger("gain_life", whose="you"))

    def ev_you_lose_life(self, c):
        return self._trigger(Trigger("lose_life", whose="you"))

    def ev_opponent_loses_life(self, c):
        return self._trigger(Trigger("lose_life", whose="opponent"))

    def ev_opponent_gains_life(self, c):
        return self._trigger(Trigger("gain_life", whose="opponent"))

    def step_name(self, c):
        return STEP_EVENTS[" ".join(str(t) for t in c)]

    def step_yours(self, c):
        return self._trigger(Trigger(c[0], whose="you"))

    def step_each(self, c):
        return self._trigger(Trigger(c[0], whose="each"))

    def step_each_end(self, c):
        return self._trigger(Trigger("end_step", whose="each"))

    # -- triggers branch: more trigger conditions (CR 603) -----------------------------------

    def your_control(self, c):
        return "you"

    def opponent_control(self, c):
        return "opponent"

    def combat_word(self, c):
        return "combat"

    def damaged_a_player(self, c):
        return "player"

    def damaged_an_opponent(self, c):
        return "opponent"

    @staticmethod
    def _under(fnp: FilterNP, whose: str, other: bool = False) -> Filter:
        """"[a land] enters the battlefield under your control": the permanent's controller as it
        enters (CR 603.6a)."""
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield":
            raise Unsupported("'enters under ... control' of something not a permanent")
        if f.controller is not None:
            raise Unsupported("two controllers in one trigger")
        return replace(f, controller=whose, other=other or f.other)

    def p_that_objects_controller(self, c):
        return ControllerOf(self.that_object(c))

    def ev_filter_enters_under(self, c):
        fnp, whose = c
        return self._trigger(Trigger("enters", self._under(fnp, whose)))

    def ev_other_enters_under(self, c):
        fnp, whose = c
        return self._trigger(Trigger("enters", self._under(fnp, whose, other=True)))

    def ev_self_or_other_enters_under(self, c):
        return self._trigger(Trigger("enters", replace(self._under(c[-1], "you"), other=False),
                                     include_self=True))

    @staticmethod
    def _permanents(fnp: FilterNP) -> Filter:
        if fnp.head is not None or fnp.filter.zone != "battlefield":
            raise Unsupported("a combat trigger about something not a permanent")
        return fnp.filter

    def ev_filter_attacks(self, c):
        return self._trigger(Trigger("attacks", self._permanents(c[-1])))

    def ev_other_attacks(self, c):
        return self._trigger(Trigger("attacks", replace(self._permanents(c[-1]), other=True)))

    def ev_self_blocks(self, c):
        return self._trigger(Trigger("blocks", This()))

    def ev_filter_blocks(self, c):
        return self._trigger(Trigger("blocks", self._permanents(c[-1])))

    def ev_self_attacks_or_blocks(self, c):
        return self._trigger(Trigger("attacks_or_blocks", This()))

    def ev_self_becomes_blocked(self, c):
        return self._trigger(Trigger("becomes_blocked", This()))

    def ev_filter_becomes_blocked(self, c):
        return self._trigger(Trigger("becomes_blocked", self._permanents(c[-1])))

    def ev_self_blocks_or_blocked(self, c):
        return self._trigger(Trigger("blocks_or_blocked", This()))

    def _cast(self, fnp: FilterNP, whose: str, targets_self: bool = False) -> Trigger:
        """CR 601.2i: "Whenever you cast a [filter] spell". The spell is the trigger object; an
        effect on it ("counter it", "copy it") has no IR yet (see ``_check_trigger_refs``)."""
        f = fnp.filter
        if fnp.head != "spell" or f.zone != "battlefield" or f.controller is not None or f.other:
            raise Unsupported("a cast trigger not about '[kind of] spell'")
        return self._trigger(Trigger("cast", replace(f, zone="stack"), whose=whose,
                                     targets_self=targets_self))

    #: events whose trigger gives "that much" an amount, and those that have a defending player
    AMOUNT_EVENTS = ("gain_life", "lose_life", "deals_damage", "dealt_damage")
    DEFENDING_EVENTS = ("attacks", "blocks", "becomes_blocked", "attacks_or_blocks", "blocks_or_blocked",
                        "attacks_unblocked", "blocked_by", "blocks_creature", "attacks_with_two_others")
    #: events about a permanent still on the battlefield when its trigger resolves, usually
    OBJECT_EVENTS = ("enters", "attacks", "blocks", "becomes_blocked", "deals_damage", "dealt_damage",
                     "attacks_unblocked", "becomes_tapped", "becomes_untapped")
    NEW_EVENTS = ("blocks", "becomes_blocked", "attacks_or_blocks", "blocks_or_blocked", "cast", "cast_self",
                  "deals_damage", "draw", "beginning_of_combat", "precombat_main", "dealt_damage",
                  "attacks_unblocked", "blocked_by", "blocks_creature", "discard", "becomes_tapped",
                  "becomes_untapped", "attacks_with_two_others", "you_attack")

    def _check_trigger_refs(self, trigger: Trigger, ability) -> None:
        """References the engine can't give a value for this trigger's event are refused, never
        played as nothing: the spell of a cast trigger ("counter it"), "that much" where the event
        has no amount, "defending player" outside combat triggers."""
        if trigger.event == "cast" and contains(ability, lambda v: isinstance(v, TriggerObject)) \
                and not self._only_copied(trigger, ability):   # copies2: "copy that spell" (CR 707.10)
            raise Unsupported("an effect on the spell that triggered a cast trigger")
        if trigger.event in self.NEW_EVENTS or trigger.whose == "opponent":
            if trigger.event not in self.AMOUNT_EVENTS and contains(ability, lambda v: isinstance(v, TriggerAmount)):
                raise Unsupported("'that much' for a trigger event without an amount")
            if trigger.event not in self.DEFENDING_EVENTS and contains(ability, lambda v: isinstance(v, DefendingPlayer)):
                raise Unsupported("'defending player' outside a combat trigger")

    def ev_you_cast(self, c):
        return self._cast(c[-1], "you")

    def ev_opponent_casts(self, c):
        return self._cast(c[-1], "opponent")

    def ev_player_casts(self, c):
        return self._cast(c[-1], "each")

    def ev_you_cast_targeting_self(self, c):
        return self._cast(FilterNP(Filter(), "spell"), "you", targets_self=True)

    def _attached(self, trigger: Trigger) -> Trigger:
        """A trigger about "enchanted creature"/"equipped creature": the permanent this Aura or
        Equipment is attached to when the event happens; "it" in the effect is that permanent (the
        event's object, CR 603.2)."""
        self._trigger(trigger)
        self.ctx.self_ref = TriggerObject()
        return trigger

    def ev_attached_attacks(self, c):
        return self._attached(Trigger("attacks", c[0]))

    def ev_attached_deals_damage_player(self, c):
        return self._attached(Trigger("deals_damage", c[0], recipient=c[-1], combat="combat" in c))

    def step_attached_controller(self, c):
        """"At the beginning of the upkeep of enchanted creature's controller": ``whose`` is
        "attached_controller", ``subject`` says which permanent."""
        step, ref = c
        return self._trigger(Trigger(step, ref, whose="attached_controller"))

    def ev_self_deals_damage(self, c):
        return self._trigger(Trigger("deals_damage", This(), combat="combat" in c))

    def ev_attached_deals_damage(self, c):
        return self._attached(Trigger("deals_damage", c[0], combat="combat" in c))

    def ev_self_dealt_damage(self, c):
        return self._trigger(Trigger("dealt_damage", This()))

    def ev_filter_dealt_damage(self, c):
        return self._trigger(Trigger("dealt_damage", self._permanents(c[-1])))

    def ev_attached_dealt_damage(self, c):
        return self._attached(Trigger("dealt_damage", c[0]))

    def ev_self_deals_damage_creature(self, c):
        return self._trigger(Trigger("deals_damage", This(), recipient="creature", combat="combat" in c))

    def ev_self_attacks_unblocked(self, c):
        return self._trigger(Trigger("attacks_unblocked", This()))

    def ev_filter_attacks_unblocked(self, c):
        return self._trigger(Trigger("attacks_unblocked", self._permanents(c[-1])))

    def _by(self, fnp: FilterNP) -> Filter:
        f = self._permanents(fnp)
        if f.controller is not None or f.other:
            raise Unsupported("'blocked by' a creature described by its controller")
        return f

    def ev_self_blocked_by(self, c):
        return self._trigger(Trigger("blocked_by", This(), by=self._by(c[-1])))

    def ev_self_blocks_creature(self, c):
        return self._trigger(Trigger("blocks_creature", This(), by=self._by(c[-1])))

    def tap_tapped(self, c):
        return "becomes_tapped"

    def tap_untapped(self, c):
        return "becomes_untapped"

    def ev_self_becomes_tapped(self, c):
        return self._trigger(Trigger(c[-1], This()))

    def ev_filter_becomes_tapped(self, c):
        return self._trigger(Trigger(c[-1], self._permanents(c[0])))

    def ev_attached_becomes_tapped(self, c):
        return self._attached(Trigger(c[-1], c[0]))

    def ev_battalion(self, c):
        return self._trigger(Trigger("attacks_with_two_others", This()))

    def ev_you_attack(self, c):
        return self._trigger(Trigger("you_attack", whose="you"))

    def ev_you_attack_with(self, c):
        return self._trigger(Trigger("you_attack", whose="you", min_count=int(c[-1])))

    def ev_cast_self(self, c):
        """"When you cast this spell" (CR 601.2i): it triggers from the stack (CR 113.6k)."""
        return self._trigger(Trigger("cast_self", This()))

    def ev_self_deals_damage_player(self, c):
        combat = "combat" in c
        return self._trigger(Trigger("deals_damage", This(), recipient=c[-1], combat=combat))

    def ev_filter_deals_damage_player(self, c):
        combat = "combat" in c
        fnp = c[0]
        return self._trigger(Trigger("deals_damage", self._permanents(fnp), recipient=c[-1],
                                     combat=combat))

    def ev_you_discard(self, c):
        return self._trigger(Trigger("discard", whose="you"))

    def ev_opponent_discards(self, c):
        return self._trigger(Trigger("discard", whose="opponent"))

    def ev_player_discards(self, c):
        return self._trigger(Trigger("discard", whose="each"))

    def ev_you_draw(self, c):
        return self._trigger(Trigger("draw", whose="you"))

    def ev_opponent_draws(self, c):
        return self._trigger(Trigger("draw", whose="opponent"))

    def ev_player_draws(self, c):
        return self._trigger(Trigger("draw", whose="each"))

    def step_combat_yours(self, c):
        return self._trigger(Trigger("beginning_of_combat", whose="you"))

    def step_combat_each(self, c):
        return self._trigger(Trigger("beginning_of_combat", whose="each"))

    def step_combat_opponents(self, c):
        return self._trigger(Trigger("beginning_of_combat", whose="opponent"))

    def step_main1_yours(self, c):
        return self._trigger(Trigger("precombat_main", whose="you"))

    def step_opponents(self, c):
        return self._trigger(Trigger(c[-1], whose="opponent"))
