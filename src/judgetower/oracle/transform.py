"""Parse tree (oracle.lark) -> ability IR (ir.py).

One ``OracleTransformer`` transforms one ability line with a ``Context`` that lives as long as
the ability: the targets declared so far (``Target(i)`` indexes them), and the antecedents of
pronouns ("it", "its controller", "that player", "that card"). Lark calls the callbacks bottom
up and left to right, so they run in the order of the words, which is what pronoun resolution
needs: "it deals 4 damage to target creature" resolves "it" before the target exists.

A callback that meets something the IR cannot express raises ``Unsupported``; the compiler then
reports the line instead of compiling it partly.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Callable

from lark import Token, Transformer

from . import ir
from .ir import (
    AddMana, All, AlternativeCost, Anthem, CantAttackOrBlock, Chosen, Conditional, ControllerOf,
    CostIncrease, CounterSpell, CountersOn, CreateToken, DealDamage, DefendingPlayer,
    DelayedTrigger, Destroy, Discard, Draw, EachOpponent, EachPlayer, Enchanted, EntersTapped,
    EntersWithCounters, Equipped, ExileAllGraveyards, ExileFromGraveyard, ExileObjects, ExtraTurn,
    Filter, Flicker, GainLife, Keyword, LinkedExiled, LookAtTopReorder, LoseLife, Mill, ModifyPT,
    Optional_, OwnerOf, PlayLinkedFree, PowerOf, PutCounters, PutFromHandOnTop, Regenerate,
    ReturnToBattlefield, ReturnToHand, RevealHand, RevealTopPutIfType, Sacrifice, Scry,
    SearchLibrary, Shuffle, ShuffleGraveyardIntoLibrary, StaticAbility, TapObjects, Target,
    TargetSpec, This, TimesKicked, TokenSpec, Trigger, TriggerAmount, TriggeredAbility,
    TriggerObject, TriggerPlayer, UntapObjects, X, You,
)
from .ir import (  # branch "effects"
    CopySpell, SacrificeThis, DoesntUntap, Fight, PutFromHand, GainControl, IfYouDo, LookTopPutOne, PayMana, PreventAllDamage,
    PreventDamage, PutOnLibrary, SkipNextUntap,
)
from .subtypes import canonical_subtype


class Unsupported(Exception):
    """The text parsed, but says something the IR cannot express (yet)."""


COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
CARD_TYPE_SINGULAR = {"creatures": "creature", "artifacts": "artifact",
                      "enchantments": "enchantment", "lands": "land",
                      "planeswalkers": "planeswalker", "instants": "instant",
                      "sorceries": "sorcery", "permanents": "permanent", "battles": "battle"}
STEP_EVENTS = {"upkeep": "upkeep", "draw step": "draw_step", "end step": "end_step"}


# ---------------------------------------------------------------------------------------------
# Context and intermediate values (never part of the IR the compiler returns)
# ---------------------------------------------------------------------------------------------


@dataclass
class Context:
    """What one ability has said so far."""

    targets: list[TargetSpec] = field(default_factory=list)
    antecedent: Any = None          # the object "it"/"its" refers to
    antecedent_player: Any = None   # the player "that player" refers to
    self_ref: Any = field(default_factory=This)  # "it" with no antecedent
    trigger: Trigger | None = None
    exiled: bool = False            # an earlier effect exiled something ("that card")

    def add_target(self, spec: TargetSpec, *, is_object: bool = True,
                   is_player: bool = False) -> Target:
        self.targets.append(spec)
        ref = Target(len(self.targets) - 1)
        if is_object:
            self.antecedent = ref
        if is_player:
            self.antecedent_player = ref
        return ref

    def it(self) -> Any:
        return self.antecedent if self.antecedent is not None else self.self_ref


@dataclass(frozen=True)
class LeadingIf:
    """"If [condition], [effects]" at the start of a sentence: an intervening "if" when it
    follows a trigger condition (CR 603.4), else a Conditional."""

    condition: str
    effects: tuple


@dataclass(frozen=True)
class NoRegenerate:
    """"They can't be regenerated." (modifies the Destroy before it)."""


@dataclass(frozen=True)
class SorcerySpeed:
    """"Activate only as a sorcery." (CR 602.5d)."""


@dataclass(frozen=True)
class FilterNP:
    """A parsed noun phrase: its Filter, and the head noun ("card", "spell", "token" or None)."""

    filter: Filter
    head: str | None = None

    def target_filter(self) -> Filter:
        """Filter for a target: a bare "card" still says what it is ("target card ...")."""
        if self.head == "card" and not self.filter.types and not self.filter.subtypes:
            return replace(self.filter, types=("card",))
        return self.filter


@dataclass
class VP:
    """A verb phrase waiting for its subject (``who``)."""

    make: Callable[[Any], list]

    def __call__(self, who: Any) -> list:
        return self.make(who)


@dataclass(frozen=True)
class Line:
    """One compiled line: ``kind`` "abilities" (``items`` are abilities) or "effects" (``items``
    are effects and markers of a spell's text)."""

    kind: str
    items: tuple


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


def mana(token: str) -> str:
    """"{2}{g}" -> "{2}{G}"."""
    return str(token).upper()


def mana_letters(token: str) -> str:
    """"{c}{c}" -> "CC" for "Add ..." (only single coloured or colourless symbols)."""
    symbols = str(token).upper().strip("{}").split("}{")
    if not all(s in ("W", "U", "B", "R", "G", "C") for s in symbols):
        raise Unsupported(f"mana symbols {token}")
    return "".join(symbols)


def pt_mod(token: str) -> tuple[int, int]:
    p, t = str(token).split("/")
    if "x" in p or "x" in t:
        raise Unsupported("X in power/toughness modification")
    return int(p), int(t)


def walk_replace(value: Any, fn: Callable[[Any], Any]) -> Any:
    """Rebuild ``value`` (IR dataclasses, tuples) bottom up, applying ``fn`` to every node."""
    if isinstance(value, tuple):
        return fn(tuple(walk_replace(v, fn) for v in value))
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            old = getattr(value, f.name)
            new = walk_replace(old, fn)
            if new is not old:
                changes[f.name] = new
        if changes:
            value = replace(value, **changes)
        return fn(value)
    return fn(value)


def contains(value: Any, predicate: Callable[[Any], bool]) -> bool:
    if predicate(value):
        return True
    if isinstance(value, tuple):
        return any(contains(v, predicate) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(contains(getattr(value, f.name), predicate) for f in fields(value))
    return False


def peephole(effects: tuple) -> tuple:
    """Combine effects that the IR has one node for:
    "Exile X, then return that card to the battlefield under your control" -> Flicker(X)."""
    out: list = []
    for eff in effects:
        if isinstance(eff, Optional_):
            eff = replace(eff, effects=peephole(eff.effects))
        elif isinstance(eff, (Conditional, DelayedTrigger)):
            eff = replace(eff, effects=peephole(eff.effects))
        if (out and isinstance(eff, ReturnToBattlefield) and eff.what == Chosen("exiled")
                and not eff.tapped and isinstance(out[-1], ExileObjects)
                and not (out[-1].linked or out[-1].until_leaves or out[-1].face_down)):
            out[-1] = Flicker(out[-1].what, under=eff.under)
            continue
        out.append(eff)
    return tuple(out)


def finish_effects(items: list, *, triggered: bool = False) -> tuple[tuple, str | None, bool]:
    """Markers -> IR: returns (effects, intervening condition, sorcery speed)."""
    condition = None
    sorcery = False
    effects: list = []
    for i, item in enumerate(items):
        if isinstance(item, LeadingIf):
            if triggered and i == 0:
                condition = item.condition
                effects.extend(item.effects)
            else:
                effects.append(Conditional(item.condition, item.effects))
        elif isinstance(item, IfYouDo):   # branch "effects"
            check_if_you_do(effects)
            effects.append(item)
        elif isinstance(item, Optional_) and any(isinstance(e, PayMana) for e in item.effects) and (
                i + 1 >= len(items) or not isinstance(items[i + 1], IfYouDo)):
            raise Unsupported("'you may pay' without 'if you do' after it")
        elif isinstance(item, NoRegenerate):
            if not effects or not isinstance(effects[-1], Destroy):
                raise Unsupported("'can't be regenerated' without a destroy before it")
            effects[-1] = replace(effects[-1], no_regenerate=True)
        elif isinstance(item, SorcerySpeed):
            sorcery = True
        else:
            effects.append(item)
    return peephole(tuple(effects)), condition, sorcery


#: Instructions that can come before "If you do" (CR 118.12: they are a cost paid on
#: resolution): the engine knows whether each can be, and was, paid in full (CR 118.3).
IF_YOU_DO_EFFECTS = (Draw, Discard, Sacrifice, ExileFromGraveyard, PayMana)


def check_if_you_do(effects: list) -> None:
    """"If you do, ..." must follow "You may [X]." where X is an instruction of yours the engine
    can tell was done (IF_YOU_DO_EFFECTS); anything else is not expressed (yet)."""
    prev = effects[-1] if effects else None
    if not isinstance(prev, Optional_) or prev.who != You():
        raise Unsupported("'if you do' without 'you may ...' before it")
    for e in prev.effects:
        if not isinstance(e, IF_YOU_DO_EFFECTS) or getattr(e, "who", You()) != You():
            raise Unsupported(f"'if you do' after {type(e).__name__}")
        if isinstance(e, Discard) and (e.whole_hand or e.chooser != "self"):
            raise Unsupported("'if you do' after this discard")


def is_mana_ability(effects: tuple, targets: tuple) -> bool:
    """CR 605.1a: could add mana, no target (loyalty abilities are checked by the caller)."""
    return not targets and any(isinstance(e, AddMana) for e in effects)


# ---------------------------------------------------------------------------------------------
# The transformer
# ---------------------------------------------------------------------------------------------


class OracleTransformer(Transformer):
    """Callbacks named after the rules and aliases of oracle.lark."""

    def __init__(self, ctx: Context | None = None):
        super().__init__(visit_tokens=False)
        self.ctx = ctx if ctx is not None else Context()

    def __default__(self, data, children, meta):
        raise Unsupported(f"no IR for grammar rule {data!r}")

    # -- top level -------------------------------------------------------------------------

    def start(self, c):
        return c[0]

    def spell_text(self, c):
        return Line("effects", tuple(c[0]))

    def effect_body(self, c):
        items: list = []
        for sentence in c:
            items.extend(sentence)
        return items

    # -- keywords --------------------------------------------------------------------------

    def keyword_line(self, c):
        out: list = []
        for kw in c:
            out.extend(kw if isinstance(kw, list) else [kw])
        return Line("abilities", tuple(out))

    def simple_keyword(self, c):
        return " ".join(str(t) for t in c)

    def landwalk(self, c):
        return str(c[0])

    def granted_keyword(self, c):
        return c[0]

    def keyword_list(self, c):
        return tuple(c)

    def kw_simple(self, c):
        return Keyword(c[0])

    def kw_protection(self, c):
        return [Keyword("protection", colour) for colour in c]

    def kw_landwalk(self, c):
        return Keyword("landwalk", c[0][: -len("walk")].capitalize())

    def kw_kicker(self, c):
        return Keyword("kicker", mana(c[0]))

    def kw_multikicker(self, c):
        return Keyword("multikicker", mana(c[0]))

    def kw_buyback(self, c):
        return Keyword("buyback", mana(c[0]))

    def kw_equip(self, c):
        return Keyword("equip", mana(c[0]))

    def kw_enchant(self, c):
        return Keyword("enchant", c[0].filter)

    def kw_hideaway(self, c):
        return Keyword("hideaway", c[0])

    def kw_hideaway_old(self, c):
        # Before 2023, "Hideaway" (always 4) also meant "This permanent enters tapped."
        return [Keyword("hideaway", 4), StaticAbility(EntersTapped())]

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

    # -- activated and loyalty abilities ---------------------------------------------------

    def activated(self, c):
        cost, items = c
        effects, _, sorcery = finish_effects(items)
        targets = tuple(self.ctx.targets)
        return Line("abilities", (ir.ActivatedAbility(
            cost, targets, effects, mana_ability=is_mana_ability(effects, targets),
            sorcery_speed=sorcery),))

    def loyalty_ability(self, c):
        token, items = c
        value = str(token).strip("[]")
        if "x" in value:
            raise Unsupported("loyalty cost X")
        effects, _, _ = finish_effects(items)
        return Line("abilities", (ir.ActivatedAbility(
            ir.Cost(loyalty=int(value)), tuple(self.ctx.targets), effects, sorcery_speed=True),))

    # -- triggered abilities ---------------------------------------------------------------

    def triggered(self, c):
        trigger, items = c
        effects, condition, _ = finish_effects(items, triggered=True)
        return Line("abilities", (TriggeredAbility(trigger, tuple(self.ctx.targets), effects,
                                                   condition=condition),))

    def _trigger(self, trigger: Trigger) -> Trigger:
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

    # -- static abilities ------------------------------------------------------------------

    def st_anthem(self, c):
        affected, token, keywords = c
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(Anthem(affected, p, t, keywords or ())),))

    def st_grant(self, c):
        affected, keywords = c
        return Line("abilities", (StaticAbility(Anthem(affected, 0, 0, keywords)),))

    def st_cant_attack_or_block(self, c):
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0])),))

    def st_cant_attack(self, c):
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], block=False)),))

    def st_cant_block(self, c):
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], attack=False)),))

    def st_enters_tapped(self, c):
        return Line("abilities", (StaticAbility(EntersTapped()),))

    def st_enters_with_counters(self, c):
        condition, subject, count, kind, times_kicked, keywords = c
        if subject != This():
            raise Unsupported("another object than this one enters with counters")
        amount: Any = count
        if times_kicked is not None:
            if count != 1:
                raise Unsupported("N counters for each time it was kicked")
            amount = TimesKicked()
        return Line("abilities", (StaticAbility(EntersWithCounters(
            kind, amount, condition=condition, keywords=keywords or ())),))

    def times_kicked(self, c):
        return True

    # -- sentences and clauses -------------------------------------------------------------

    def clauses(self, c):
        out: list = []
        for effects in c:
            out.extend(effects)
        return out

    def imperative(self, c):
        out: list = []
        for vp in c:
            out.extend(vp(You()))
        return out

    def player_clause(self, c):
        who, *vps = c
        out: list = []
        for vp in vps:
            out.extend(vp(who))
        return out

    def may_clause(self, c):
        who, *vps = c
        out: list = []
        for vp in vps:
            out.extend(vp(who))
        return [Optional_(tuple(out), who=who)]

    def leading_if(self, c):
        condition, effects = c
        return [LeadingIf(condition, tuple(effects))]

    def trailing_if(self, c):
        effects, condition = c
        return [Conditional(condition, tuple(effects))]

    def delayed_end_step(self, c):
        return [DelayedTrigger("next_end_step", tuple(c[0]))]

    def no_regenerate(self, c):
        return [NoRegenerate()]

    def sorcery_speed_only(self, c):
        return [SorcerySpeed()]

    def reveal_top_put_if_type(self, c):
        who, fnp = c
        f = fnp.filter
        if not f.types or f.not_types or f.colors or f.subtypes or f.supertypes:
            raise Unsupported("reveal-top condition beyond card types")
        return [RevealTopPutIfType(who, f.types)]

    def choose_then_discard(self, c):
        fnp = c[-1]
        if self.ctx.antecedent_player is None:
            raise Unsupported("'that player' without a player before it")
        return [Discard(self.ctx.antecedent_player, 1, chooser="you",
                        filter=replace(fnp.filter, zone="hand"))]

    # -- damage and P/T ---------------------------------------------------------------------

    def deal_damage(self, c):
        source, amount, to = c
        return [DealDamage(amount, to, source)]

    def deal_damage_divided(self, c):
        source, amount, *how, target = c
        if how and how[0] is True:
            i = target.index
            self.ctx.targets[i] = replace(self.ctx.targets[i], evenly=True)
        return [DealDamage(amount, target, source)]

    def evenly(self, c):
        return True

    def _divided(self, low: int, high: int | None) -> Target:
        return self.ctx.add_target(TargetSpec("any", count_min=low, count_max=high, divided=True),
                                   is_player=True)

    def dt_any_number(self, c):
        return self._divided(1, None)

    def dt_one_or_two(self, c):
        return self._divided(1, 2)

    def dt_one_two_or_three(self, c):
        return self._divided(1, 3)

    def any_target(self, c):
        return self.ctx.add_target(TargetSpec("any"), is_player=True)

    def modify_pt(self, c):
        what, token, keywords = c
        self._permanent_or_card(what)
        p, t = pt_mod(token)
        return [ModifyPT(what, p, t, keywords or ())]

    def gain_keywords(self, c):
        what, keywords = c
        self._permanent_or_card(what)
        return [ModifyPT(what, 0, 0, keywords)]

    # -- verb phrases ----------------------------------------------------------------------

    def vp_draw(self, c):
        amount = c[0]
        return VP(lambda who: [Draw(who, amount)])

    def vp_discard(self, c):
        amount = c[0]
        return VP(lambda who: [Discard(who, amount)])

    def vp_discard_random(self, c):
        amount = c[0]
        return VP(lambda who: [Discard(who, amount, chooser="random")])

    def vp_discard_hand(self, c):
        return VP(lambda who: [Discard(who, whole_hand=True)])

    def vp_gain_life(self, c):
        amount = c[0]
        return VP(lambda who: [GainLife(who, amount)])

    vp_gain_life_ref = vp_gain_life

    def vp_lose_life(self, c):
        amount = c[0]
        return VP(lambda who: [LoseLife(who, amount)])

    vp_lose_life_ref = vp_lose_life

    def vp_mill(self, c):
        amount = c[0]
        return VP(lambda who: [Mill(who, amount)])

    def vp_reveal_hand(self, c):
        return VP(lambda who: [RevealHand(who)])

    def vp_look_at_hand(self, c):
        whose = c[0]
        return VP(lambda who: [RevealHand(whose, look_only=True)])

    def vp_sacrifice(self, c):
        amount = c[0] if len(c) == 2 else 1
        f = c[-1].filter
        return VP(lambda who: [Sacrifice(who, f, amount)])

    def vp_search(self, c):
        (count, fnp), (dest, tapped) = c
        f = replace(fnp.filter, zone="library")
        return VP(lambda who: [SearchLibrary(who, f, dest=dest, tapped=tapped, count=count)])

    def search_one(self, c):
        return (1, c[-1])

    def search_up_to(self, c):
        return (c[0], c[1])

    def put_battlefield(self, c):
        return ("battlefield", c[-1] is not None)

    def put_hand(self, c):
        return ("hand", False)

    def tapped(self, c):
        return True

    def vp_extra_turn(self, c):
        return VP(lambda who: [ExtraTurn(who)])

    def vp_shuffle(self, c):
        return VP(lambda who: [Shuffle(who)])

    def vp_shuffle_graveyard(self, c):
        return VP(lambda who: [ShuffleGraveyardIntoLibrary(who)])

    def vp_shuffle_self_and_graveyard(self, c):
        return VP(lambda who: [ShuffleGraveyardIntoLibrary(who, include_self=True)])

    def vp_exile_from_graveyard(self, c):
        amount = c[0]
        return VP(lambda who: [ExileFromGraveyard(who, amount)])

    def vp_exile_all_graveyards(self, c):
        return VP(lambda who: [ExileAllGraveyards()])

    def vp_put_from_hand_on_top(self, c):
        amount = c[0]
        return VP(lambda who: [PutFromHandOnTop(amount)])

    def vp_look_reorder(self, c):
        amount = c[0]
        return VP(lambda who: [LookAtTopReorder(amount)])

    def vp_scry(self, c):
        amount = c[0]
        return VP(lambda who: [Scry(amount)])

    def vp_create_token(self, c):
        spec, amount = c[0]
        return VP(lambda who: [CreateToken(spec, amount, who)])

    def vp_add_mana(self, c):
        add = c[0]
        return VP(lambda who: [add])

    def vp_play_linked_free(self, c):
        return VP(lambda who: [PlayLinkedFree()])

    def vp_destroy(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [Destroy(what)])

    def vp_exile(self, c):
        what = self._permanent_or_card(c[0])
        self.ctx.exiled = True
        return VP(lambda who: [ExileObjects(what)])

    def vp_exile_until_leaves(self, c):
        what = self._permanent_or_card(c[0])
        self.ctx.exiled = True
        return VP(lambda who: [ExileObjects(what, until_leaves=True)])

    def vp_return_to_hand(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [ReturnToHand(what)])

    def hand_owner(self, c):
        return "owner"

    def vp_return_to_battlefield(self, c):
        what, tapped, under = c
        self._permanent_or_card(what)
        return VP(lambda who: [ReturnToBattlefield(what, under=under or "owner",
                                                   tapped=bool(tapped))])

    def under_you(self, c):
        return "you"

    def under_owner(self, c):
        return "owner"

    def vp_counter(self, c):
        what = c[0]
        return VP(lambda who: [CounterSpell(what)])

    def vp_counter_unless(self, c):
        what, cost = c
        return VP(lambda who: [CounterSpell(what, unless_pays=mana(cost))])

    def vp_tap(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [TapObjects(what)])

    def vp_untap(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [UntapObjects(what)])

    def vp_regenerate(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [Regenerate(what)])

    def vp_put_counters(self, c):
        amount, kind, what = c
        self._permanent_or_card(what)
        return VP(lambda who: [PutCounters(what, kind, amount)])

    # -- tokens and mana -------------------------------------------------------------------

    def token(self, c):
        amount, pt, colors, *rest = c
        keywords = rest.pop() or ()
        types = rest.pop()
        subtypes = tuple(canonical_subtype(str(t)) for t in rest)
        power, toughness = str(pt).split("/")
        if "x" in power or "x" in toughness:
            raise Unsupported("X/X token")
        spec = TokenSpec(" ".join(subtypes) + " Token", int(power), int(toughness), colors,
                         types, subtypes, keywords)
        return (spec, amount)

    def token_colors(self, c):
        return tuple(c)

    def token_types(self, c):
        return tuple(str(t).capitalize() for t in c if t is not None)

    def mana_symbols(self, c):
        return AddMana(mana_letters(c[0]))

    def mana_per_counter(self, c):
        token, kind = c
        return AddMana(mana_letters(token), amount=CountersOn(This(), kind))

    def mana_any_color(self, c):
        return AddMana(any_color=True, amount=c[0])

    # -- more effect sentences (branch "effects") ------------------------------------------

    _DELAYED_UNREACHABLE = (Target, TriggerObject, TriggerPlayer, DefendingPlayer, Chosen)

    def delayed_next_upkeep(self, c):
        """CR 603.7: "[effects] at the beginning of the next turn's upkeep"."""
        effects = tuple(c[0])
        if contains(effects, lambda v: isinstance(v, self._DELAYED_UNREACHABLE)):
            raise Unsupported("a delayed upkeep trigger referring to targets or event objects")
        return [DelayedTrigger("next_upkeep", effects)]

    def if_you_do(self, c):
        return [IfYouDo(tuple(c[0]))]   # checked against the "you may" before it: finish_effects

    def combat(self, c):
        return True

    def vp_prevent_all(self, c):
        combat = bool(c[0])
        return VP(lambda who: [PreventAllDamage(combat)])

    def _prevent_ref(self, ref):
        if isinstance(ref, Target) and self.ctx.targets[ref.index].kind == "spell":
            raise Unsupported("preventing damage a spell would deal")
        if isinstance(ref, All) and ref.filter.zone != "battlefield":
            raise Unsupported("preventing damage of spells or cards")
        if not isinstance(ref, (Target, This, TriggerObject, All, You, EachPlayer, EachOpponent)):
            raise Unsupported(f"preventing damage of {type(ref).__name__}")
        return ref

    def vp_prevent_all_to(self, c):
        combat, to = bool(c[0]), self._prevent_ref(c[1])
        return VP(lambda who: [PreventAllDamage(combat, to=to)])

    def vp_prevent_all_by(self, c):
        combat, by = bool(c[0]), self._prevent_ref(c[-1])
        if isinstance(by, (You, EachPlayer, EachOpponent)):
            raise Unsupported("damage dealt by players")
        return VP(lambda who: [PreventAllDamage(combat, by=by)])

    def vp_prevent_all_to_and_by(self, c):
        combat, ref = bool(c[0]), self._prevent_ref(c[-1])
        if isinstance(ref, (You, EachPlayer, EachOpponent, All)):
            raise Unsupported("'dealt to and dealt by' a group or players")
        return VP(lambda who: [PreventAllDamage(combat, by=ref, to_and_by=True)])

    def vp_gain_control(self, c):
        what = self._permanent_or_card(c[0])

        def make(who):
            if who != You():
                raise Unsupported("another player than you gains control")
            return [GainControl(what, duration="permanent")]
        return VP(make)

    def look_top_put_one(self, c):
        amount, rest = c
        return [LookTopPutOne(amount, rest)]

    def look_top_reveal(self, c):
        amount, fnp, rest = c
        return [LookTopPutOne(amount, rest, reveal=replace(fnp.target_filter(), zone="library"))]

    def may_pay_mana(self, c):
        who, cost = c
        if who != You():
            raise Unsupported("another player than you may pay")
        return [Optional_((PayMana(mana(cost)),), who=who)]

    def st_doesnt_untap(self, c):
        return Line("abilities", (StaticAbility(DoesntUntap(c[0])),))

    def st_self_doesnt_untap(self, c):
        return Line("abilities", (StaticAbility(DoesntUntap(This())),))

    def rest_bottom_any(self, c):
        return "bottom_any"

    def rest_bottom_random(self, c):
        return "bottom_random"

    def rest_graveyard(self, c):
        return "graveyard"

    def rest_top_any(self, c):
        return "top_any"

    def _copy_what(self, what):
        """Only instant and sorcery spells are copied (a copy of a permanent spell would become a
        token, CR 707.10f, which the engine does not do)."""
        if not isinstance(what, Target) or self.ctx.targets[what.index].kind != "spell":
            raise Unsupported("copying something else than a target spell")
        spec = self.ctx.targets[what.index]
        if spec.count_max != 1 or not spec.filter.types or not set(spec.filter.types) <= {"instant", "sorcery"}:
            raise Unsupported("copying a spell that may be a permanent spell")
        return what

    def copy_spell(self, c):
        return [CopySpell(self._copy_what(c[0]))]

    def copy_spell_new_targets(self, c):
        return [CopySpell(self._copy_what(c[0]), new_targets=True)]

    def vp_sacrifice_this(self, c):
        if c[0] != This():
            raise Unsupported("sacrificing an object other than this one")

        def make(who):
            if who != You():
                raise Unsupported("another player sacrifices this object")
            return [SacrificeThis()]
        return VP(make)

    def vp_sacrifice_another(self, c):
        # "sacrifice another creature": any but this object (CR 701.21a; Filter.other)
        f = replace(c[0].filter, other=True)
        return VP(lambda who: [Sacrifice(who, f, 1)])

    def may_put_from_hand(self, c):
        who, fnp, tapped = c
        f = fnp.filter
        # an Aura would need something to enchant (CR 303.4f): only these card types
        if not f.types or not set(f.types) <= {"land", "creature", "artifact"} or "Aura" in f.subtypes:
            raise Unsupported("putting this kind of card from a hand onto the battlefield")
        if not isinstance(who, (You, EachPlayer, EachOpponent, Target, TriggerPlayer, DefendingPlayer)):
            raise Unsupported(f"{type(who).__name__} puts a card from a hand")
        return [Optional_((PutFromHand(who, replace(f, zone="hand"), bool(tapped)),), who=who)]

    def then_sentence(self, c):
        # "Then [clauses]." : sentences are carried out in order anyway (CR 608.2c)
        return c[0]

    def _one_object(self, what, verb: str):
        """Effects that need exactly one object (fight, put on a library): a single target,
        this object, or "it"."""
        self._permanent_or_card(what)
        if isinstance(what, Target):
            spec = self.ctx.targets[what.index]
            if spec.kind != "object" or spec.count_max != 1:
                raise Unsupported(f"{verb} with several or non-object targets")
            return what
        if isinstance(what, (This, TriggerObject)):
            return what
        raise Unsupported(f"{verb} of {type(what).__name__}")

    def fight(self, c):
        a, b = c
        return [Fight(self._one_object(a, "fight"), self._one_object(b, "fight"))]

    def skip_next_untap(self, c):
        what = self._permanent_or_card(c[0])
        return [SkipNextUntap(what)]

    def deal_damage_two(self, c):
        # "deals N damage to each creature and each player": one event per recipient (CR 120.2)
        source, amount, objs, who = c
        return [DealDamage(amount, objs, source), DealDamage(amount, who, source)]

    def deal_damage_split(self, c):
        source, a1, r1, a2, r2 = c
        return [DealDamage(a1, r1, source), DealDamage(a2, r2, source)]

    def vp_put_on_library_top(self, c):
        what = self._one_object(c[0], "put on a library")
        return VP(lambda who: [PutOnLibrary(what, "top")])

    def vp_put_on_library_bottom(self, c):
        what = self._one_object(c[0], "put on a library")
        return VP(lambda who: [PutOnLibrary(what, "bottom")])

    def vp_prevent_next(self, c):
        amount, to = c
        if isinstance(to, All) and to.filter.zone != "battlefield":
            raise Unsupported("preventing damage to spells or cards")
        return VP(lambda who: [PreventDamage(amount, to)])

    def vp_gain_control_eot(self, c):
        what = self._permanent_or_card(c[0])

        def make(who):
            if who != You():
                raise Unsupported("another player than you gains control")
            return [GainControl(what)]
        return VP(make)

    # -- players ---------------------------------------------------------------------------

    def p_you(self, c):
        return You()

    def p_each_player(self, c):
        return EachPlayer()

    def p_each_opponent(self, c):
        return EachOpponent()

    def p_target_player(self, c):
        return self.ctx.add_target(TargetSpec("player"), is_object=False, is_player=True)

    def p_target_opponent(self, c):
        return self.ctx.add_target(TargetSpec("opponent"), is_object=False, is_player=True)

    def p_its_controller(self, c):
        return ControllerOf(self.ctx.it())

    def p_its_owner(self, c):
        return OwnerOf(self.ctx.it())

    def p_that_player(self, c):
        if self.ctx.antecedent_player is not None:
            return self.ctx.antecedent_player
        if self.ctx.trigger is not None and self.ctx.trigger.whose is not None:
            return TriggerPlayer()
        raise Unsupported("'that player' without a player before it")

    def p_defending_player(self, c):
        return DefendingPlayer()

    # -- objects ---------------------------------------------------------------------------

    def this_ref(self, c):
        return This()

    def it_ref(self, c):
        return self.ctx.it()

    def that_object(self, c):
        if self.ctx.exiled:
            return Chosen("exiled")
        if self.ctx.antecedent is not None:
            return self.ctx.antecedent
        raise Unsupported("'that card' without an object before it")

    def linked_exiled(self, c):
        return LinkedExiled()

    def enchanted_ref(self, c):
        return Enchanted()

    def equipped_ref(self, c):
        return Equipped()

    def group(self, c):
        fnp = c[-1]
        if fnp.head == "spell":
            return All(replace(fnp.filter, zone="stack"))
        return All(fnp.filter)

    def _permanent_or_card(self, what):
        """Effects other than "counter" act on permanents and cards, not on spells (yet)."""
        if isinstance(what, Target) and self.ctx.targets[what.index].kind == "spell":
            raise Unsupported("this effect on a spell")
        if isinstance(what, All) and what.filter.zone == "stack":
            raise Unsupported("this effect on spells")
        return what

    def another(self, c):
        return True

    def _object_target(self, fnp: FilterNP, **counts) -> Target:
        if fnp.head == "spell":
            f = fnp.filter
            f = Filter() if f == Filter() else replace(f, zone="stack")
            return self.ctx.add_target(TargetSpec("spell", f, **counts))
        return self.ctx.add_target(TargetSpec("object", fnp.target_filter(), **counts))

    def t_object(self, c):
        another, fnp = c
        if another:
            if self.ctx.targets:
                # "another target" after a target means "not that one": no IR for it yet.
                raise Unsupported("'another target' after an earlier target")
            fnp = replace(fnp, filter=replace(fnp.filter, other=True))
        return self._object_target(fnp)

    def t_object_n(self, c):
        n, fnp = c
        return self._object_target(fnp, count_min=n, count_max=n)

    def t_object_up_to(self, c):
        n, fnp = c
        return self._object_target(fnp, count_min=0, count_max=n)

    # -- filters ---------------------------------------------------------------------------

    def filter_np(self, c):
        adjectives, nouns, *postmods = c
        values: dict[str, Any] = {}
        listy = {"types", "not_types", "colors", "not_colors", "subtypes", "supertypes"}

        def put(key, value):
            if key in listy:
                values[key] = values.get(key, ()) + (value,)
            elif key in values and values[key] != value:
                raise Unsupported(f"conflicting {key}")
            else:
                values[key] = value

        for key, value in adjectives or ():
            put(key, value)
        head = None
        kinds = set()
        for noun in nouns:
            n_types, n_subtypes, n_head = noun
            if len(n_types) > 1 or len(n_subtypes) > 1:
                raise Unsupported("object with several types at once ('artifact creature')")
            if len(nouns) > 1 and n_types and n_subtypes:
                raise Unsupported("'or' of type-and-subtype nouns")
            for t in n_types:
                put("types", t)
                kinds.add("type")
            for s in n_subtypes:
                put("subtypes", s)
                kinds.add("subtype")
            if n_head:
                if head not in (None, n_head):
                    raise Unsupported("mixed head nouns")
                head = n_head
        if len(nouns) > 1 and len(kinds) > 1:
            raise Unsupported("'or' of card types and subtypes")
        if head == "token":
            put("token", True)
            head = None
        for postmod in postmods:
            for key, value in postmod:
                put(key, value)
        return FilterNP(Filter(**values), head)

    def adjectives(self, c):
        return list(c)

    def adj_color(self, c):
        return ("colors", c[0])

    def adj_non_color(self, c):
        return ("not_colors", c[0])

    def adj_non_type(self, c):
        return ("not_types", c[0])

    def adj_basic(self, c):
        return ("supertypes", "Basic")

    def adj_legendary(self, c):
        return ("supertypes", "Legendary")

    def adj_snow(self, c):
        return ("supertypes", "Snow")

    def adj_other(self, c):
        return ("other", True)

    def adj_token(self, c):
        return ("token", True)

    def adj_nontoken(self, c):
        return ("token", False)

    def type_union(self, c):
        return list(c)

    def type_noun(self, c):
        types: list[str] = []
        subtypes: list[str] = []
        head = None
        for item in c:
            if item is None:
                continue
            if isinstance(item, Token) and item.type == "SUBTYPE":
                subtypes.append(canonical_subtype(str(item)))
            elif isinstance(item, tuple) and item[0] == "head":
                head = item[1]
            else:
                types.append(item)
        return (tuple(types), tuple(subtypes), head)

    def card_type(self, c):
        word = str(c[0])
        return CARD_TYPE_SINGULAR.get(word, word)

    def head_noun(self, c):
        word = str(c[0])
        return ("head", {"cards": "card", "spells": "spell", "tokens": "token"}.get(word, word))

    def non_color(self, c):
        return COLOR_LETTERS[str(c[0])[3:]]

    def non_type(self, c):
        return str(c[0])[3:]

    def color(self, c):
        return COLOR_LETTERS[str(c[0])]

    def pm_you_control(self, c):
        return [("controller", "you")]

    def pm_opponent_controls(self, c):
        return [("controller", "opponent")]

    def pm_your_graveyard(self, c):
        return [("zone", "graveyard"), ("controller", "you")]

    def pm_a_graveyard(self, c):
        return [("zone", "graveyard")]

    def pm_your_hand(self, c):
        return [("zone", "hand")]

    def pm_exile(self, c):
        return [("zone", "exile")]

    def pm_their_choice(self, c):
        return []

    # -- amounts ---------------------------------------------------------------------------

    def count_digits(self, c):
        return int(str(c[0]))

    def number_word(self, c):
        return NUMBER_WORDS[str(c[0])]

    def number_one(self, c):
        return 1

    def amount_one(self, c):
        return 1

    def amount_x(self, c):
        return X()

    def amount_trigger(self, c):
        if self.ctx.trigger is None:
            raise Unsupported("'that much' outside a triggered ability")
        return TriggerAmount()

    def amount_its_power(self, c):
        return PowerOf(self.ctx.it())

    def counter_count(self, c):
        return c[0]

    def counter_kind(self, c):
        return str(c[0])
