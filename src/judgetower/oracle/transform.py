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

import re

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Callable

from lark import Token, Transformer

from . import ir
from .ir import (
    AddMana, All, AlternativeCost, Anthem, CantAttackOrBlock, Chosen, Conditional, ControllerOf,
    CostIncrease, CounterSpell, CountersOn, CreateToken, DealDamage, DefendingPlayer,
    DelayedTrigger, Destroy, Discard, Draw, EachOpponent, EachPlayer, Enchanted, EntersTapped,
    EntersWithCounters, Equipped, ExileAllGraveyards, ExileFromGraveyard, ExileObjects, ExtraTurn,
    Anthem, CountOf, DefinePT, HandSize, ManaValueOf, PlayerCount, Product, StatOf, WhereX,
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
from .ir import (  # branch "zones"
    ExileTopOfLibrary, ReturnSelfFromGraveyard, ShuffleIntoLibrary, SkipStep, Surveil,
)
from .ir import CostModifier, Proliferate, RevealTopToHand, SelfCombatRestriction, SelfCostReduction  # branch "misc"
from .subtypes import canonical_subtype
from .tx_library2 import Library2TransformMixin   # library2
from .tx_auras2 import Auras2TransformMixin  # auras2


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
    pt_x_pending: bool = False      # "+X/+X" waiting for its "where X is" (filters helper)

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
class ActivationRestriction:
    """kwcosts: "Activate only once each turn." / "... during your upkeep." and the like
    (CR 602.5): modifies the activated ability it ends; anywhere else it is not understood."""

    once_per_turn: bool = False
    timing: str = ""
    sorcery: bool = False
    # actcost: "Activate only if [condition]." (CR 602.5), "Activate no more than twice each turn." (CR 602.5b)
    condition: object = None
    max_per_turn: int = 0
    any_player: bool = False


class TkItHas:
    """tokens helper: 'Create a 1/1 ... token. It has "Sacrifice this creature: Add {C}."': the
    quoted ability is part of the token's text (CR 111.3), merged into the CreateToken just
    before it (anything else before it is refused)."""

    def __init__(self, text: str):
        self.text = text

    def merge(self, prev):
        from .token_text import TokenTextUnsupported, compile_token_text
        if not isinstance(prev, CreateToken):
            raise Unsupported("'it has \"...\"' not right after creating a token")
        spec = prev.token
        try:
            abilities = compile_token_text(self.text, tuple(t.lower() for t in spec.types), spec.subtypes)
        except TokenTextUnsupported as exc:
            raise Unsupported(f"token ability: {exc}")
        return replace(prev, token=replace(spec, abilities=tuple(spec.abilities) + tuple(abilities)))


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
    """"{2}{g}" -> "{2}{G}". A symbol the engine cannot pay (CR 107.4 lists the mana symbols;
    of the variable ones only X is supported, CR 107.3; no half mana, {Z}, {HW}...) makes the
    text unsupported rather than a cost nobody can pay."""
    from judgetower.cards.card import is_mana_symbol
    text = str(token).upper()
    for sym in re.findall(r"\{([^}]*)\}", text):
        if not is_mana_symbol(sym) or sym in ("Y", "Z"):
            raise Unsupported(f"mana symbol {{{sym}}} in a cost")
    return text


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
        elif isinstance(item, ActivationRestriction):
            raise Unsupported("an activation restriction outside an activated ability")
        elif isinstance(item, TkItHas):   # tokens helper
            effects[-1:] = [item.merge(effects[-1] if effects else None)]
        elif hasattr(item, "repl_merge"):   # replace: "... instead" sentences (tx_replace.py)
            item.repl_merge(effects)
        else:
            effects.append(item)
    return peephole(tuple(effects)), condition, sorcery


#: Instructions that can come before "If you do" (CR 118.12: they are a cost paid on
#: resolution): the engine knows whether each can be, and was, paid in full (CR 118.3).
IF_YOU_DO_EFFECTS = (Draw, Discard, Sacrifice, ExileFromGraveyard, PayMana)
IF_YOU_DO_EFFECTS = IF_YOU_DO_EFFECTS + (ir.C2PayEnergy,)   # counters2: "you may pay {E}" (CR 107.14)
IF_YOU_DO_EFFECTS = IF_YOU_DO_EFFECTS + (ir.Zones4ExileToOwnersGraveyard,)   # zones4: processors (CR 406.3)


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
# Noun-phrase generalisation (filters helper): helpers
# ---------------------------------------------------------------------------------------------

#: Filter fields added by the noun-phrase generalisation that hold tuples (filled by ``put``).
FILTER_LISTY = {"all_types", "not_subtypes", "not_supertypes", "combat", "combat_self",
                "with_keywords", "without_keywords", "compare", "with_counters", "without_counters"}


@dataclass(frozen=True)
class Recipients:
    """"each creature and each player": several damage recipients of one sentence."""

    refs: tuple


def _uses_state(f: Filter) -> bool:
    return (f.tapped is not None or bool(f.combat) or bool(f.combat_self) or bool(f.with_counters)
            or bool(f.without_counters))


def _static_filter_ok(affected: Any, grants_keywords: bool) -> None:
    """A static ability's affected set is computed inside the layer system (layers.py): a filter
    on power/toughness would depend on the layer being applied (CR 613.8), and one on keywords
    on the abilities being granted (layer 6). Refuse those rather than apply them wrongly."""
    if not isinstance(affected, All):
        return
    f = affected.filter
    if any(stat in ("power", "toughness") for stat, _, _ in f.compare):
        raise Unsupported("static ability on objects described by power or toughness")
    if grants_keywords and (f.with_keywords or f.without_keywords):
        raise Unsupported("keywords granted to objects described by keywords")


def _no_x_in_filters(ctx: Context) -> None:
    """"with mana value X or less" reads the X of the spell (CR 107.3); abilities have none here."""
    if any(v == "X" for spec in ctx.targets for _, _, v in spec.filter.compare):
        raise Unsupported("X in an ability's target description")


def _pt_x_resolved(ctx: Context) -> None:
    if ctx.pt_x_pending:
        raise Unsupported("X in power/toughness modification")


def _pt_mod_x(token) -> tuple[int, int]:
    """"+X/+X" -> (1, 1), "-X/-0" -> (-1, 0): the units multiplied by X (ModifyPT.per)."""
    units = []
    for part in str(token).split("/"):
        if part[1:] == "x":
            units.append(-1 if part[0] == "-" else 1)
        elif int(part) == 0:
            units.append(0)
        else:
            raise Unsupported("X and a number in one power/toughness modification")
    return units[0], units[1]


def _keyword_key(name: str) -> str:
    """Stored form of a keyword (as rules/layers.py keyword_key): "forestwalk" -> "landwalk:Forest"."""
    if name.endswith("walk") and name != "landwalk":
        return "landwalk:" + name[: -len("walk")].capitalize()
    return name


_AMOUNT_EFFECTS = (DealDamage, Draw, Discard, GainLife, LoseLife, Mill, Scry, PutCounters,
                   CreateToken, Sacrifice, AddMana)


# ---------------------------------------------------------------------------------------------
# The transformer
# ---------------------------------------------------------------------------------------------


from .tx_exilecast import ExilecastTransformMixin  # exilecast: CR 702.62, 702.143, 702.88


from .tx_faces2 import Faces2TransformMixin   # faces2


from .tx_copies2 import Copies2TransformMixin   # copies2


from .tx_turnflow import TurnflowTransformMixin  # turnflow


from .tx_counters2 import Counters2TransformMixin  # counters2
from .tx_tokcount import TokcountTransformMixin  # tokcount


from .tx_kwcast import KwcastTransformMixin  # kwcast: CR 702.29e, 702.61, 702.81, 702.85, 702.133
from .tx_zones4 import Zones4TransformMixin  # zones4
from .tx_replace import ReplaceTransformMixin  # replace: CR 614, 615, 119, 120

from .tx_actcost import ActcostTransformMixin  # actcost


from .tx_trigstate import TrigstateTransformMixin  # trigstate
from .tx_chars import CharsTransformMixin  # chars
from .tx_combat2 import Combat2TransformMixin  # combat2


class OracleTransformer(ExilecastTransformMixin, Faces2TransformMixin, Copies2TransformMixin,
                        TurnflowTransformMixin, Library2TransformMixin, Counters2TransformMixin,
                        Auras2TransformMixin, TokcountTransformMixin, KwcastTransformMixin, Zones4TransformMixin, ReplaceTransformMixin, ActcostTransformMixin, TrigstateTransformMixin, CharsTransformMixin, Combat2TransformMixin, Transformer):
    """Callbacks named after the rules and aliases of oracle.lark."""

    def __init__(self, ctx: Context | None = None):
        super().__init__(visit_tokens=False)
        self.ctx = ctx if ctx is not None else Context()
        self._conds_fresh_ctx = self.ctx if ctx is None else None   # conds: not a spell's text

    def __default__(self, data, children, meta):
        raise Unsupported(f"no IR for grammar rule {data!r}")

    # -- top level -------------------------------------------------------------------------

    def start(self, c):
        return c[0]

    def spell_text(self, c):
        _pt_x_resolved(self.ctx)
        self._zn_no_zone()   # zones
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
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        cost, items = c
        # kwcosts: restrictions on activation end the ability (CR 602.5)
        restrictions = [i for i in items if isinstance(i, ActivationRestriction)]
        items = [i for i in items if not isinstance(i, ActivationRestriction)]
        effects, _, sorcery = finish_effects(items)
        targets = tuple(self.ctx.targets)
        once = any(r.once_per_turn for r in restrictions)
        sorcery = sorcery or any(r.sorcery for r in restrictions)
        timings = {r.timing for r in restrictions if r.timing}
        if len(timings) > 1 or (timings and sorcery):
            raise Unsupported("two timing restrictions on one activated ability")
        zone = self._zn_zone(cost)   # zones: an ability that functions from the graveyard (CR 113.6m)
        zone = self._actcost_zone(cost, zone)   # actcost: "Discard ~" functions from the hand (CR 113.6)
        # actcost: condition and count restrictions (CR 602.5, 602.5b)
        conditions = tuple(r.condition for r in restrictions if r.condition is not None)
        max_per_turn = min((r.max_per_turn for r in restrictions if r.max_per_turn), default=0)
        if any(r.any_player for r in restrictions) and (
                cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self or cost.remove_counters
                or cost.actcost_put_counters or cost.actcost_remove_any or cost.discard_self):
            # CR 701.21a and the like: paying with the permanent itself by a player who doesn't
            # control it is not settled here: refused
            raise Unsupported("'any player may activate' with a cost paid with the permanent itself")
        return Line("abilities", (ir.ActivatedAbility(
            cost, targets, effects, mana_ability=is_mana_ability(effects, targets),
            sorcery_speed=sorcery, once_per_turn=once, timing=next(iter(timings), ""), zone=zone,
            actcost_conditions=conditions, actcost_max_per_turn=max_per_turn,
            actcost_any_player=any(r.any_player for r in restrictions)),))

    def loyalty_ability(self, c):
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        token, items = c
        value = str(token).strip("[]")
        if "x" in value:
            raise Unsupported("loyalty cost X")
        effects, _, _ = finish_effects(items)
        self._zn_no_zone()   # zones
        return Line("abilities", (ir.ActivatedAbility(
            ir.Cost(loyalty=int(value)), tuple(self.ctx.targets), effects, sorcery_speed=True),))

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
                and not self.c2_only_copied(trigger, ability):   # copies2: "copy that spell" (CR 707.10)
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
        _static_filter_ok(affected, bool(keywords))
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(Anthem(affected, p, t, keywords or ())),))

    def st_grant(self, c):
        affected, keywords = c
        _static_filter_ok(affected, True)
        return Line("abilities", (StaticAbility(Anthem(affected, 0, 0, keywords)),))

    def st_cant_attack_or_block(self, c):
        _static_filter_ok(c[0], False)
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0])),))

    def st_cant_attack(self, c):
        _static_filter_ok(c[0], False)
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], block=False)),))

    def st_cant_block(self, c):
        _static_filter_ok(c[0], False)
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], attack=False)),))

    def st_enters_tapped(self, c):
        return Line("abilities", (StaticAbility(EntersTapped()),))

    def st_enters_with_counters(self, c):
        condition, subject, count, kind, times_kicked, keywords = c
        if condition is not None and not isinstance(condition, str):
            # conds: the enters replacement reads only "kicked" (casting.py)
            raise Unsupported("this condition on entering with counters")
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

    # -- kwstatic: static and combat keywords, restrictions, "can't be countered" -------------

    def kws_printed_keyword(self, c):
        return str(c[0])

    def kws_bushido(self, c):
        # CR 702.45a: "Bushido N"
        return Keyword("bushido", c[0])

    def kws_cant_be_blocked(self, c):
        return Line("abilities", (StaticAbility(ir.CombatRule(c[0], "cant_be_blocked")),))

    def kws_attacks_each_combat(self, c):
        return Line("abilities", (StaticAbility(ir.CombatRule(c[0], "attacks_each_combat")),))

    def kws_block_only_flying(self, c):
        return Line("abilities", (StaticAbility(ir.CombatRule(c[0], "block_only_flying")),))

    def kws_cant_block_and_cant_be_blocked(self, c):
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], attack=False)),
                                  StaticAbility(ir.CombatRule(c[0], "cant_be_blocked"))))

    def kws_cant_be_blocked_this_turn(self, c):
        return [ir.RestrictThisTurn(c[0], "cant_be_blocked")]

    def kws_cant_block_this_turn(self, c):
        return [ir.RestrictThisTurn(c[0], "cant_block")]

    def kws_ev_self_blocks(self, c):
        return self._trigger(Trigger("kws_blocks", This()))

    def kws_ev_self_becomes_blocked(self, c):
        return self._trigger(Trigger("kws_becomes_blocked", This()))

    def kws_ev_self_blocks_or_blocked(self, c):
        return self._trigger(Trigger("kws_blocks_or_blocked", This()))

    def kws_cant_be_countered(self, c):
        self._about_this(c[0], "can't be countered")
        return Line("abilities", (StaticAbility(ir.CantBeCountered()),))

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
        if isinstance(to, Recipients):
            return [DealDamage(amount, r, source) for r in to.refs]
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
        if "x" in str(token):   # "+X/+X ..., where X is ..." (filters helper)
            p, t = _pt_mod_x(token)
            self.ctx.pt_x_pending = True
            return [ModifyPT(what, p, t, keywords or (), per=X())]
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
        spec, amount, *rest = c[0]   # tokens helper: (spec, amount, tapped[, X/X amount])
        tapped = bool(rest and rest[0])
        pt = rest[1] if len(rest) > 1 else None
        return VP(lambda who: [CreateToken(spec, amount, who, tapped, pt)])

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
        if power == toughness == "x":   # tokens helper: "an X/X ... token" (CR 107.3)
            spec = TokenSpec(" ".join(subtypes) + " Token", 0, 0, colors, types, subtypes, keywords)
            return (spec, amount, False, X())
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

    # -- mana abilities and land text (manaab) -----------------------------------------------

    def mana_choice(self, c):
        """"Add {R} or {G}" / "Add {R}, {W}, or {B}": one of these, the player's choice (CR 106.1b)."""
        options = tuple(mana_letters(t) for t in c)
        if len(set(options)) != len(options):
            raise Unsupported("the same mana twice in a choice")
        return AddMana(options=options)

    def _could_produce(self, c, like_type: bool):
        n, fnp = c
        if n != 1 or fnp.head is not None or fnp.filter.zone != "battlefield":
            raise Unsupported("mana that other permanents could produce, beyond one mana")
        return AddMana(like=fnp.filter, like_type=like_type)

    def mana_color_could_produce(self, c):
        return self._could_produce(c, False)

    def mana_type_could_produce(self, c):
        return self._could_produce(c, True)

    def mana_per_count(self, c):
        """"Add {G} for each creature you control" (a count of objects, as the ability resolves)."""
        token, fnp = c
        f = fnp.filter
        if f.zone not in ("battlefield", "graveyard") or (f.zone == "graveyard" and f.controller != "you"):
            raise Unsupported("counting objects in that zone")
        # "for each Elf [on the battlefield]": a permanent description with no zone means
        # permanents on the battlefield, whoever controls them (CR 109.2)
        return AddMana(mana_letters(token), amount=ir.CountOf(f))

    def mana_per_count_all(self, c):
        token, fnp = c
        f = fnp.filter
        if f.zone != "battlefield" or f.controller is not None:
            raise Unsupported("'on the battlefield' of a filter naming a controller or a zone")
        return AddMana(mana_letters(token), amount=ir.CountOf(f))

    def _enters_tapped_unless(self, **kw):
        return Line("abilities", (StaticAbility(ir.EntersTappedUnless(**kw)),))

    def _etu_filter(self, fnp) -> Filter:
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller is not None:
            raise Unsupported("'enters tapped unless you control' of something else than permanents")
        return replace(f, controller="you")

    def st_enters_tapped_unless_any(self, c):
        return self._enters_tapped_unless(filters=tuple(self._etu_filter(f) for f in c))

    def st_enters_tapped_unless_at_least(self, c):
        n, fnp = c
        return self._enters_tapped_unless(filters=(self._etu_filter(fnp),), at_least=n)

    def st_enters_tapped_unless_at_most(self, c):
        n, fnp = c
        return self._enters_tapped_unless(filters=(self._etu_filter(fnp),), at_least=0, at_most=n)

    def st_enters_tapped_if_at_least(self, c):
        """"If you control N or more [permanents], ~ enters tapped": untapped unless N-1 or fewer."""
        n, fnp = c
        if n < 1:
            raise Unsupported("'if you control zero or more'")
        return self._enters_tapped_unless(filters=(self._etu_filter(fnp),), at_least=0, at_most=n - 1)

    def st_enters_tapped_unless_opponents(self, c):
        return self._enters_tapped_unless(at_least=0, opponents=c[0])

    def animate_self_land(self, c):
        """Man-lands: "~ becomes a 3/3 red Elemental creature ... It's still a land." (CR 205.1b)."""
        return [c[0]]

    def animate_spec(self, c):
        pt, colors, *rest = c
        keywords = rest.pop() or ()
        artifact = rest.pop()
        subtypes = tuple(canonical_subtype(str(t)) for t in rest)
        power, toughness = str(pt).split("/")
        if "x" in power or "x" in toughness:
            raise Unsupported("X/X creature")
        types = ("Artifact", "Creature") if artifact else ("Creature",)
        return ir.BecomeCreature(This(), int(power), int(toughness), colors, subtypes, types, tuple(keywords))

    def animate_colors(self, c):
        return tuple(c)

    def animate_artifact(self, c):
        return True

    def cost_remove_counters(self, c):
        n, kind = c
        return {"remove_counters": (kind, n)}

    def st_enters_tapped_with_counters(self, c):
        n, kind = c
        return Line("abilities", (StaticAbility(EntersTapped()), StaticAbility(EntersWithCounters(kind, n))))

    def mana_any_one_color(self, c):
        """"Add three mana of any one color": one of {W}{W}{W}, ..., {G}{G}{G} (CR 106.1b)."""
        n = c[0]
        if not isinstance(n, int) or n < 1:
            raise Unsupported("a variable amount of mana of any one color")
        return AddMana(options=tuple(col * n for col in "WUBRG"))

    def vp_return_chosen_to_hand(self, c):
        """Bounce lands: "return a land you control to its owner's hand" (chosen, not targeted)."""
        fnp = c[0]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller != "you":
            raise Unsupported("returning a chosen object other than a permanent you control")
        return VP(lambda who: [ir.ReturnChosenToHand(who, f)])
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
        if isinstance(what, TriggerObject):   # copies2: the spell of a cast trigger (CR 707.10)
            return self.c2_copy_trigger_spell(what)
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
        if isinstance(to, Recipients):   # "each creature and each player": a shield each (CR 615.7)
            if any(isinstance(r, All) and r.filter.zone != "battlefield" for r in to.refs):
                raise Unsupported("preventing damage to spells or cards")
            return VP(lambda who: [PreventDamage(amount, r) for r in to.refs])
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
        if self.ctx.trigger is not None and self.ctx.trigger.recipient is not None:
            return TriggerPlayer()  # triggers branch: the player dealt damage
        t = self.ctx.trigger
        if (t is not None and t.event == "enters" and isinstance(t.subject, Filter)
                and t.subject.controller == "opponent"):
            return ControllerOf(TriggerObject())  # triggers branch: the opponent it entered under
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
        t = self.ctx.trigger  # triggers branch: "that creature" is the permanent the event was about
        if t is not None and t.event == "dies" and isinstance(t.subject, (Enchanted, Equipped)):
            return ir.DiedCard()   # auras2: "When enchanted creature dies, return that card ..." (CR 400.7e)
        if t is not None and isinstance(t.subject, Filter) and t.event in self.OBJECT_EVENTS:
            return TriggerObject()
        if t is not None and (t.by is not None or t.recipient == "creature"):
            return TriggerObject()  # the blocking/blocked creature, the creature dealt damage
        if t is not None and t.event == "cast":
            return TriggerObject()  # copies2: "that spell" of a cast trigger (checked by _check_trigger_refs)
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
                # "another target" after a target means "not that one" (filters helper)
                return self._another_target(fnp)
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
        listy = {"types", "not_types", "colors", "not_colors", "subtypes", "supertypes"} | FILTER_LISTY

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
        nouns = self._filters_nouns(nouns, put)
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
        out = []
        for item in c:   # an adjective may stand for several entries ("attacking or blocking")
            out.extend(item if isinstance(item, list) else [item])
        return out

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
        return [("zone", "hand"), ("controller", "you")]

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

    # -- kwcosts: keyword costs, ways to cast, additional costs, activation restrictions --------

    def kw_cycling(self, c):
        return Keyword("cycling", mana(c[0]))          # CR 702.29a

    def kw_flashback(self, c):
        return Keyword("flashback", mana(c[0]))        # CR 702.34a

    def kw_echo(self, c):
        return Keyword("echo", mana(c[0]))             # CR 702.30a

    kw_cost_list = cost_list

    def kw_flashback_cost(self, c):
        if c[0].exile_from_graveyard:
            raise Unsupported("flashback by exiling cards from the graveyard")
        return Line("abilities", (Keyword("flashback", c[0]),))   # CR 702.34a

    def kw_cycling_cost(self, c):
        cost = c[0]
        if cost.exile_from_graveyard:
            raise Unsupported("cycling by exiling cards from the graveyard")
        return Line("abilities", (Keyword("cycling", cost),))     # CR 702.29a

    def kw_unearth(self, c):
        return Keyword("unearth", mana(c[0]))          # CR 702.84a

    def kw_evoke(self, c):
        return Keyword("evoke", mana(c[0]))            # CR 702.74a

    def kw_cumulative_upkeep(self, c):
        return Keyword("cumulative upkeep", mana(c[0]))   # CR 702.24a

    def kw_madness(self, c):
        return Keyword("madness", mana(c[0]))          # CR 702.35a

    def kw_convoke(self, c):
        return Keyword("convoke")                      # CR 702.51a

    def kw_delve(self, c):
        return Keyword("delve")                        # CR 702.66a

    def cost_discard(self, c):
        return {"discard": c[0] if c else 1}           # CR 118.3, 701.9

    add_cost_list = cost_list

    def additional_cost(self, c):
        cost = c[0]
        if cost.mana or cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self \
                or cost.discard_self or cost.loyalty is not None:
            raise Unsupported("this additional cost to cast a spell")
        return Line("abilities", (ir.AdditionalCost(cost),))   # CR 601.2b, 601.2f

    def once_each_turn(self, c):
        return [ActivationRestriction(once_per_turn=True)]     # CR 602.5b

    def sorcery_once_each_turn(self, c):
        return [ActivationRestriction(once_per_turn=True, sorcery=True)]   # CR 602.5b, 602.5d

    def as_an_instant(self, c):
        return [ActivationRestriction()]               # CR 602.5e: any time its controller has priority

    def during_your_turn(self, c):
        return [ActivationRestriction(timing="your_turn")]

    def your_turn_once_each_turn(self, c):
        return [ActivationRestriction(once_per_turn=True, timing="your_turn")]   # CR 602.5, 602.5b

    def during_your_upkeep(self, c):
        return [ActivationRestriction(timing="your_upkeep")]

    def before_attackers(self, c):
        return [ActivationRestriction(timing="before_attackers")]

    def vp_sacrifice_self_unless(self, c):
        cost = mana(c[0])

        def make(who):
            if who != You():
                raise Unsupported("another player sacrifices unless they pay")
            return [ir.SacrificeUnlessPay(This(), cost)]   # CR 118.12a
        return VP(make)
    # -- noun-phrase generalisation (filters helper) ---------------------------------------

    def _filters_nouns(self, nouns, put):
        """"artifact creature" (several card types in one noun: all of them, CR 205.2a) and
        "Elf or Soldier creature" (subtypes joined by "or" sharing the last noun's card type)."""
        if len(nouns) == 1 and len(nouns[0][0]) > 1 and not nouns[0][1]:
            for t in nouns[0][0]:
                if t in ("permanent", "card", "spell"):
                    raise Unsupported("'permanent' among several card types")
                put("all_types", t)
            return [((), (), nouns[0][2])]
        if (len(nouns) > 1 and len(nouns[-1][0]) == 1 and nouns[-1][1]
                and all(not n[0] and n[1] and len(n[1]) == 1 and n[2] is None for n in nouns[:-1])
                and len(nouns[-1][1]) == 1):
            put("types", nouns[-1][0][0])
            for n in nouns:
                put("subtypes", n[1][0])
            return [((), (), nouns[-1][2])]
        return nouns

    def adj_tapped(self, c):
        return ("tapped", True)

    def adj_untapped(self, c):
        return ("tapped", False)

    def adj_attacking(self, c):
        return ("combat", "attacking")

    def adj_blocking(self, c):
        return ("combat", "blocking")

    def adj_attacking_or_blocking(self, c):
        return [("combat", "attacking"), ("combat", "blocking")]

    def adj_nonbasic(self, c):
        return ("not_supertypes", "Basic")

    def adj_nonlegendary(self, c):
        return ("not_supertypes", "Legendary")

    def adj_multicolored(self, c):
        return ("multicolored", True)

    def adj_monocolored(self, c):
        return ("multicolored", False)

    def adj_colorless(self, c):
        return ("colorless", True)

    def adj_non_subtype(self, c):
        word = str(c[0])[len("non-"):]
        try:
            return ("not_subtypes", canonical_subtype(word))
        except KeyError:
            raise Unsupported(f"'non-{word}': not a subtype") from None

    def pm_with_keywords(self, c):
        return [("with_keywords", _keyword_key(k)) for k in c[0]]

    def pm_without_keywords(self, c):
        return [("without_keywords", _keyword_key(k)) for k in c[0]]

    def stat(self, c):
        return "mana_value" if len(c) == 2 else str(c[0])

    def pm_stat_le(self, c):
        return [("compare", (c[0], "<=", c[1]))]

    def pm_stat_ge(self, c):
        return [("compare", (c[0], ">=", c[1]))]

    def pm_stat_le_x(self, c):
        return [("compare", (c[0], "<=", "X"))]

    def pm_stat_ge_x(self, c):
        return [("compare", (c[0], ">=", "X"))]

    def pm_power_or_toughness_le(self, c):
        return [("compare", ("power_or_toughness", "<=", c[0]))]

    def pm_power_or_toughness_ge(self, c):
        return [("compare", ("power_or_toughness", ">=", c[0]))]

    def pm_an_opponents_graveyard(self, c):
        return [("zone", "graveyard"), ("controller", "opponent")]

    def filter_np_shared_adjectives(self, c):
        """"noncreature artifact or noncreature enchantment": one set of adjectives for both
        nouns, written twice; different adjectives have no Filter (refused)."""
        adj1, noun1, adj2, noun2, *postmods = c
        if adj1 != adj2:
            raise Unsupported("'or' of nouns with different adjectives")
        return self.filter_np([adj1, [noun1, noun2], *postmods])

    def pm_with_counter(self, c):
        return [("with_counters", c[-1])]

    def pm_with_any_counter(self, c):
        return [("with_counters", "*")]

    def pm_without_counter(self, c):
        return [("without_counters", c[-1])]

    def t_player_or_planeswalker(self, c):
        return self.ctx.add_target(TargetSpec("player_or_planeswalker"), is_player=True)

    def t_opponent_or_planeswalker(self, c):
        return self.ctx.add_target(TargetSpec("opponent_or_planeswalker"), is_player=True)

    def _another_target(self, fnp: FilterNP) -> Target:
        """"Target creature you control ... another target creature": a different object from
        the earlier object targets of this ability."""
        earlier = tuple(i for i, s in enumerate(self.ctx.targets)
                        if s.kind in ("object", "any", "player_or_planeswalker",
                                      "opponent_or_planeswalker"))
        if fnp.head == "spell" or not earlier:
            raise Unsupported("'another target' after a spell or player target")
        return self.ctx.add_target(TargetSpec("object", fnp.target_filter(), distinct_from=earlier))

    def adj_color_or(self, c):
        return [("colors", c[0]), ("colors", c[1])]   # colours are "any of" (Filter.colors)

    def pm_without_any_counter(self, c):
        return [("without_counters", "*")]

    def amount_its_mana_value(self, c):
        return ManaValueOf(self.ctx.it())

    def t_object_one_or_two(self, c):
        return self._object_target(c[-1], count_min=1, count_max=2)

    def t_object_any_number(self, c):
        return self._object_target(c[-1], count_min=0, count_max=None)

    def _stat_filter(self, fnp) -> Filter:
        f = fnp.filter
        if f.zone != "battlefield" or f.other or fnp.head is not None:
            raise Unsupported("a statistic of objects outside the battlefield or 'other' ones")
        return f

    def amount_greatest(self, c):
        stat, fnp = c
        return StatOf(self._stat_filter(fnp), stat, "max")

    def amount_total_power(self, c):
        return StatOf(self._stat_filter(c[-1]), "power", "sum")

    def pm_other_than_self(self, c):
        return [("other", True)]

    @staticmethod
    def _yours(c):
        fnp = c[-1]
        if fnp.filter.controller not in (None, "you"):
            raise Unsupported("conflicting controller")
        return [*c[:-1], replace(fnp, filter=replace(fnp.filter, controller="you"))]

    def ev_filter_enters_yours(self, c):
        return self.ev_filter_enters(self._yours(c))

    def ev_other_enters_yours(self, c):
        return self.ev_other_enters(self._yours(c))

    def ev_self_or_other_enters_yours(self, c):
        return self.ev_self_or_other_enters(self._yours(c))

    def pm_on_battlefield(self, c):
        return [("zone", "battlefield")]

    def pm_blocking_self(self, c):
        return [("combat_self", "blocking_self")]

    def pm_blocked_by_self(self, c):
        return [("combat_self", "blocked_by_self")]

    def pm_blocking_or_blocked_by_self(self, c):
        return [("combat_self", "blocking_self"), ("combat_self", "blocked_by_self")]

    def counted_filter(self, c):
        fnp = c[0]
        if fnp.head == "spell" or fnp.filter.zone not in ("battlefield", "hand", "graveyard"):
            raise Unsupported("counting objects outside the battlefield, hands and graveyards")
        if fnp.filter.other:
            raise Unsupported("counting 'other' objects")
        return CountOf(fnp.filter)

    def counted_hand(self, c):
        return HandSize(c[-1])

    def counted_opponents(self, c):
        return PlayerCount(EachOpponent())

    def counted_counters(self, c):
        kind, ref = c
        if ref != This():
            raise Unsupported("counting counters on another object than this one")
        return CountersOn(ref, kind)

    def deal_damage_equal_first(self, c):
        source, amount, to = c
        return self.deal_damage_equal([source, to, amount])

    def counted_amount(self, c):
        return c[-1]

    def token_x(self, c):
        return self.token([X(), *c])

    def vp_put_x_counters(self, c):
        return self.vp_put_counters([X(), *c])

    def amount_twice_x(self, c):
        return Product(2, X())

    def objects_and_players(self, c):
        group, player = c
        return Recipients((group, player))

    def deal_damage_equal(self, c):
        source, to, amount = c
        if isinstance(to, Recipients):
            return [DealDamage(amount, r, source) for r in to.refs]
        return [DealDamage(amount, to, source)]

    def for_each_sentence(self, c):
        """"You gain 1 life for each creature you control": the one number of the sentence is
        multiplied by the count (CR 107.1); a sentence with no or several numbers is refused."""
        items, counted = c
        found = []

        def fn(node):
            if isinstance(node, _AMOUNT_EFFECTS) and isinstance(node.amount, int):
                found.append(node)
                return replace(node, amount=Product(node.amount, counted)
                               if node.amount != 1 else counted)
            return node

        def fn_pt(node):
            if isinstance(node, ModifyPT) and node.per is None and (node.power or node.toughness):
                found.append(node)
                return replace(node, per=counted)
            return node

        out = [walk_replace(walk_replace(item, fn), fn_pt) for item in items]
        if len(found) != 1:
            raise Unsupported("'for each' with no single amount to multiply")
        return out

    def where_x_sentence(self, c):
        """"... X damage ..., where X is the number of ...": X is that amount (CR 107.3)."""
        items, amount = c
        if any(v == "X" for spec in self.ctx.targets for _, _, v in spec.filter.compare):
            raise Unsupported("'where X is' with X in a target description")
        found = []

        def fn(node):
            if isinstance(node, X):
                found.append(node)
                return WhereX(amount)
            return node

        out = [walk_replace(item, fn) for item in items]
        if not found:
            raise Unsupported("'where X is' without an X")
        self.ctx.pt_x_pending = False
        return out

    def cda_amount(self, c):
        plus, amount = c
        if isinstance(amount, CountOf) and (amount.filter.compare or amount.filter.with_keywords
                                            or amount.filter.without_keywords):
            # layer 7a is applied before keywords (layer 6) and other P/T effects (CR 613.4)
            raise Unsupported("characteristic-defining count by power, toughness or keywords")
        return (plus or 0, amount)

    def _define_pt(self, c, power: bool, toughness: bool):
        plus, amount = c[0]
        return Line("abilities", (StaticAbility(DefinePT(
            amount if power else None, amount if toughness else None, plus)),))

    def st_define_pt_both(self, c):
        return self._define_pt(c, True, True)

    def st_define_pt_power(self, c):
        return self._define_pt(c, True, False)

    def st_define_pt_toughness(self, c):
        return self._define_pt(c, False, True)

    def st_anthem_for_each(self, c):
        affected, token, counted = c
        p, t = pt_mod(token)
        _static_filter_ok(affected, False)
        if isinstance(counted, CountOf) and any(
                stat in ("power", "toughness") for stat, _, _ in counted.filter.compare):
            raise Unsupported("static count of objects described by power or toughness")
        return Line("abilities", (StaticAbility(Anthem(affected, p, t, per=counted)),))

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
        return ir.CondCount(self._conds_permanents(c[-1], "you control"), 1)

    def cond_control_n(self, c):
        n, fnp = c
        return ir.CondCount(self._conds_permanents(fnp, "you control"), int(n))

    def cond_control_no(self, c):
        return ir.CondCount(self._conds_permanents(c[-1], "you control no"), 0, 0)

    def cond_n_in_graveyard(self, c):
        n, fnp = c
        f = fnp.filter
        if fnp.head != "card" or f.zone != "battlefield" or f.controller is not None or f.other:
            raise Unsupported("'N or more ... are in your graveyard' of this kind")
        return ir.CondCount(self.counted_filter([FilterNP(replace(f, zone="graveyard", controller="you"), "card")]),
                            int(n))

    def cond_there_are_n(self, c):
        n, fnp = c
        if fnp.filter.zone not in ("graveyard", "hand"):
            raise Unsupported("'there are N or more ...' outside graveyards and hands")
        return ir.CondCount(self.counted_filter([fnp]), int(n))

    def cond_empty_hand(self, c):
        return ir.CondCount(HandSize(You()), 0, 0)

    def cond_hand_n(self, c):
        return ir.CondCount(HandSize(You()), int(c[0]))

    def cond_life_ge(self, c):
        return ir.CondLife(int(c[0]), True)

    def cond_life_le(self, c):
        return ir.CondLife(int(c[0]), False)

    def cond_your_turn(self, c):
        return ir.CondYourTurn()

    def cond_not_your_turn(self, c):
        return ir.CondYourTurn(negate=True)

    def cond_has_counter(self, c):
        ref, kind = c
        self._about_this(ref, "has a counter")
        return ir.CondCount(CountersOn(This(), str(kind)), 1)

    def cond_has_counters_n(self, c):
        ref, n, kind = c
        self._about_this(ref, "has counters")
        return ir.CondCount(CountersOn(This(), str(kind)), int(n))

    def cond_attached_is(self, c):
        ref, fnp = c
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller is not None or f.other \
                or f.compare or f.with_keywords or f.without_keywords or f.tapped is not None \
                or f.combat or f.combat_self:
            raise Unsupported("'enchanted/equipped ... is' of this kind")
        return ir.CondIs(ref, f)

    def cond_attached_is_color(self, c):
        ref, color = c
        return ir.CondIs(ref, Filter(colors=(color,)))

    _CONDS_STATIC = (Anthem, CantAttackOrBlock, ir.CombatRule)

    def _conds_wrap(self, condition, body):
        if isinstance(condition, (str, ir.CondCastMainPhase)):
            # the older string conditions are checked by Game.condition_true, not in layers
            raise Unsupported("this condition on a static ability")
        if isinstance(body, tuple) and body and body[0] == "it":
            # "As long as equipped creature is a Human, it gets +1/+1": "it" is the condition's
            # object; elsewhere the object with the ability (CR 201.5)
            affected = condition.ref if isinstance(condition, ir.CondIs) else This()
            body = Line("abilities", (StaticAbility(replace(body[1], affected=affected)),))
        if not isinstance(body, Line) or body.kind != "abilities":
            raise Unsupported("'as long as' with this ability")
        out = []
        for ab in body.items:
            if not isinstance(ab, StaticAbility) or not isinstance(ab.effect, self._CONDS_STATIC):
                raise Unsupported("'as long as' with this ability")
            affected = ab.effect.affected
            if isinstance(condition, ir.CondCount) and isinstance(condition.amount, CountersOn) \
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
        return ir.CondCastMainPhase()

    def cond_control_another(self, c):
        count = self._conds_permanents(c[-1], "you control another")
        return ir.CondCount(CountOf(replace(count.filter, other=True)), 1)

    def cond_card_types(self, c):
        n, fnp = c
        if fnp.filter.zone != "graveyard" or fnp.head != "card":
            raise Unsupported("card types among objects outside graveyards")
        return ir.CondCardTypes(int(n), fnp.filter)

    def cond_permanent_left(self, c):
        return ir.CondPermanentLeft()

    def conds_as_long_as_after(self, c):
        body, condition = c
        return self._conds_wrap(condition, body)

    def conds_as_long_as(self, c):
        condition, body = c
        return self._conds_wrap(condition, body)

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
    # -- zones: zone-changing effects and abilities that work from other zones (branch "zones") --

    def _zn_zone(self, cost) -> str:
        """The zone an activated ability functions from: "graveyard" when its effect returns its
        own card from the graveyard (CR 113.6m), else the battlefield."""
        zone = getattr(self.ctx, "zn_zone", None)
        if zone is None:
            return "battlefield"
        exiles_self = cost.exile_self and not getattr(self.ctx, "zn_cost_exiles", False)
        if (cost.tap or cost.untap or cost.sacrifice_self or exiles_self or cost.discard_self
                or cost.remove_counters or cost.loyalty is not None):
            # a cost that needs the permanent on the battlefield (or exiles it from elsewhere)
            raise Unsupported("a cost that can't be paid from the graveyard")
        return zone

    def _zn_no_zone(self) -> None:
        if getattr(self.ctx, "zn_zone", None) is not None:
            # CR 113.6m: only an activated ability is compiled to function from the graveyard here
            raise Unsupported("'return ~ from your graveyard' outside an activated ability")

    def zn_return_self_gy_hand(self, c):
        self.ctx.zn_zone = "graveyard"
        return VP(lambda who: [ReturnSelfFromGraveyard("hand")])

    def zn_return_self_gy_battlefield(self, c):
        self.ctx.zn_zone = "graveyard"
        tapped = bool(c[-1]) if c else False
        return VP(lambda who: [ReturnSelfFromGraveyard("battlefield", tapped=tapped)])

    def zn_put_onto_battlefield(self, c):
        what, tapped, under = c
        # reanimation: only a targeted card in a graveyard (CR 115.1, 400.7); other "put ...
        # onto the battlefield" forms (from a library, hand, exile) stay unsupported
        if not (isinstance(what, Target) and self.ctx.targets[what.index].kind == "object"
                and self.ctx.targets[what.index].filter.zone == "graveyard"):
            raise Unsupported("put onto the battlefield from somewhere else than a graveyard")
        return VP(lambda who: [ReturnToBattlefield(what, under=under or "owner", tapped=bool(tapped))])

    def zn_shuffle_into_library(self, c):
        what = self._permanent_or_card(c[0])
        if isinstance(what, All):
            raise Unsupported("shuffle a group of objects into their owners' libraries")
        return VP(lambda who: [ShuffleIntoLibrary(what)])

    def zn_surveil(self, c):
        amount = c[0]
        return VP(lambda who: [Surveil(amount)])

    def zn_exile_top(self, c):
        amount = c[0]
        return VP(lambda who: [ExileTopOfLibrary(who, amount)])

    def zn_exile_top_one(self, c):
        return VP(lambda who: [ExileTopOfLibrary(who, 1)])

    def zn_skip_draw_step(self, c):
        return Line("abilities", (StaticAbility(SkipStep("draw")),))

    def zn_cost_exile_self_gy(self, c):
        # CR 113.6m: a cost that exiles the card from the graveyard: the ability works only there
        self.ctx.zn_zone = "graveyard"
        self.ctx.zn_cost_exiles = True
        return {"exile_self": True}

    def _zn_chosen_filter(self, fnp):
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller != "you":
            raise Unsupported("returning a chosen object other than a permanent you control")
        return f

    def zn_return_another_chosen(self, c):
        f = replace(self._zn_chosen_filter(c[0]), other=True)
        return VP(lambda who: [ir.ReturnChosenToHand(who, f)])

    def zn_return_n_chosen(self, c):
        amount = c[0]
        f = self._zn_chosen_filter(c[1])
        return VP(lambda who: [ir.ReturnChosenToHand(who, f, amount)])

    def zn_exile_top_of(self, c):
        amount, whose = c
        return VP(lambda who: [ExileTopOfLibrary(whose, amount)])

    def zn_exile_top_one_of(self, c):
        whose = c[0]
        return VP(lambda who: [ExileTopOfLibrary(whose, 1)])
    # -- kw2: crew, renown, bloodthirst, modular, monstrosity ------------------------------

    def kw2_crew(self, c):
        return Keyword("crew", c[0])          # CR 702.122a

    def kw2_renown(self, c):
        return Keyword("renown", c[0])        # CR 702.112a

    def kw2_bloodthirst(self, c):
        return Keyword("bloodthirst", c[0])   # CR 702.54a

    def kw2_modular(self, c):
        return Keyword("modular", c[0])       # CR 702.43a

    def kw2_monstrosity(self, c):
        return [ir.Monstrosity(c[0])]         # CR 701.37a

    def kw2_ev_becomes_monstrous(self, c):
        return self._trigger(Trigger("kw2_becomes_monstrous", This()))   # CR 701.37b

    def kw2_exploit(self, c):
        return Keyword("exploit")             # CR 702.110a

    def kw2_ev_exploits(self, c):
        return self._trigger(Trigger("kw2_exploits", This()))   # CR 702.110b

    def kw2_morph(self, c):
        return Keyword("morph", mana(c[0]))        # CR 702.37a

    def kw2_megamorph(self, c):
        return Keyword("megamorph", mana(c[0]))    # CR 702.37b

    def kw2_ev_turned_face_up(self, c):
        return self._trigger(Trigger("kw2_turned_face_up", This()))   # CR 708.8

    def kw2_exert_line(self, c):
        # CR 701.43d: the exert cost and its "when you do" reflexive trigger (CR 603.12)
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        effects, condition, _ = finish_effects(c[0], triggered=True)
        if condition is not None:
            raise Unsupported("an intervening condition in an exert trigger")
        return Line("abilities", (ir.Kw2ExertAbility(tuple(self.ctx.targets), effects),))

    def kw2_dash(self, c):
        return Keyword("dash", mana(c[0]))         # CR 702.109a

    def kw2_living_weapon(self, c):
        return Keyword("living weapon")            # CR 702.92a

    def kw2_entwine(self, c):
        return Keyword("entwine", mana(c[0]))      # CR 702.42a

    def kw2_replicate(self, c):
        return Keyword("replicate", mana(c[0]))    # CR 702.56a

    def kw2_cond_monstrous(self, c):
        self._about_this(c[0], "is monstrous")
        return "kw2_monstrous"                     # CR 701.37b

    def kw2_cond_renowned(self, c):
        self._about_this(c[0], "is renowned")
        return "kw2_renowned"                      # CR 702.112b

    def kw2_ninjutsu(self, c):
        return Keyword("ninjutsu", mana(c[0]))     # CR 702.49a

    def kw2_status(self, c):
        return "kw2_" + str(c[0])

    def kw2_st_status_keywords(self, c):
        # CR 701.37b, 702.112b, 611.3a
        return Line("abilities", (StaticAbility(ir.Kw2StatusKeywords(c[1], tuple(c[2]))),))
    # ---- faces: multi-faced cards (CR 709, 715, 712) -------------------------------------
    def faces_aftermath(self, c):
        """Aftermath (CR 702.127a): cast this half only from a graveyard, then exile it."""
        return Keyword("aftermath")

    def faces_fuse(self, c):
        """Fuse (CR 702.102a): cast both halves of this split card from the hand."""
        return Keyword("fuse")
    # -- tokens helper: more token forms (CR 111.3, 111.10, 701.7, 707.2) -------------------------
    # The token rule's tk_ alternatives return (TokenSpec, amount, tapped).

    def tk_token(self, c):
        amount, spec = c
        return (spec, amount, False)

    def tk_token_tapped(self, c):
        amount, spec = c
        return (spec, amount, True)

    def tk_token_equal(self, c):
        spec, amount = c
        return (spec, amount, False)

    def tk_token_equal_tapped(self, c):
        spec, amount = c
        return (spec, amount, True)

    def tk_x(self, c):
        return X()

    def tk_predefined(self, c):
        """CR 111.10: "a Treasure token" is the predefined Treasure token, its ability compiled
        from its rules text (refused if the compiler does not understand that text)."""
        from .token_text import PREDEFINED, TokenTextUnsupported, predefined_token
        name = canonical_subtype(str(c[0]))
        if name not in PREDEFINED:
            raise Unsupported(f"{name} token: not a predefined token (CR 111.10)")
        try:
            return predefined_token(name)
        except TokenTextUnsupported as exc:
            raise Unsupported(f"{name} token's ability: {exc}")

    def tk_creature_plain(self, c):
        spec, _, *pt = self.token([1, *c])
        if pt:
            raise Unsupported("X/X token in this form")
        return spec

    def tk_creature_quoted(self, c):
        """'... creature token with "When this creature dies, ..."' (CR 111.3: the quoted
        ability is part of the token's text; it is compiled like a card's ability, and "this
        creature" in it is the token itself, CR 201.5)."""
        from .token_text import TokenTextUnsupported, compile_token_text
        *rest, quoted = c
        spec, _, *pt = self.token([1, *rest])
        if pt:
            raise Unsupported("X/X token in this form")
        text = str(quoted)[1:-1].strip()
        try:
            abilities = compile_token_text(text, tuple(t.lower() for t in spec.types), spec.subtypes)
        except TokenTextUnsupported as exc:
            raise Unsupported(f"token ability: {exc}")
        return replace(spec, abilities=abilities)

    def tk_vp_create_copy(self, c):
        """"Create a token that's a copy of [object]" (CR 707.2)."""
        what = c[0]
        if isinstance(what, All):
            raise Unsupported("a token copy of a group")
        return VP(lambda who: [ir.CreateTokenCopy(what, 1, who)])

    def tk_vp_create_copies(self, c):
        amount, what = c
        if isinstance(what, All):
            raise Unsupported("token copies of a group")
        return VP(lambda who: [ir.CreateTokenCopy(what, amount, who)])

    def tk_it_has(self, c):
        return [TkItHas(str(c[0])[1:-1].strip())]

    def tk_st_grant_ability(self, c):
        """'Enchanted creature has "{T}: Add {G}."' (CR 613.1f): the quoted ability, compiled like
        a card's, is granted to each affected object; only activated abilities (granted triggered
        or static abilities are not expressed by the engine)."""
        from .token_text import TokenTextUnsupported, compile_token_text
        affected, quoted = c
        _static_filter_ok(affected, True)
        text = str(quoted)[1:-1].strip()
        try:
            abilities = compile_token_text(text, ("creature",), ())
        except TokenTextUnsupported as exc:
            raise Unsupported(f"granted ability: {exc}")
        if not abilities or not all(isinstance(a, ir.ActivatedAbility) for a in abilities):
            raise Unsupported("granted ability other than an activated ability")
        return Line("abilities", (StaticAbility(ir.GrantAbilities(affected, tuple(abilities))),))

    def tk_st_grant_keywords_ability(self, c):
        """'Enchanted creature has vigilance and "{T}: ..."': keywords and an activated ability,
        both granted in layer 6 (CR 613.1f)."""
        affected, keywords, quoted = c
        granted = self.tk_st_grant_ability([affected, quoted]).items
        return Line("abilities", self.st_grant([affected, keywords]).items + granted)

    def tk_token_that_many(self, c):
        """"create that many 1/1 ... tokens": the amount of the trigger event (CR 603.2)."""
        return (c[0], self.amount_trigger([]), False)
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

    def misc_cant_be_blocked_by(self, c):
        np = c[-1]
        if np.head is not None or np.filter.controller is not None or np.filter.other:
            raise Unsupported("'can't be blocked by' other than creatures described by characteristics")
        if any(v == "X" for _, _, v in np.filter.compare):
            raise Unsupported("'can't be blocked by' with X")
        return Line("abilities", (StaticAbility(SelfCombatRestriction("blocked_by", np.filter)),))

    def misc_min_blockers(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("min_blockers", n=int(c[-1]))),))

    def misc_max_blockers(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("max_blockers", n=int(c[-1]))),))

    def misc_attack_unless_defender(self, c):
        np = c[-1]
        if np.head is not None or np.filter.controller is not None or np.filter.other:
            raise Unsupported("'can't attack unless defending player controls' an unusual description")
        if any(v == "X" for _, _, v in np.filter.compare):
            raise Unsupported("'can't attack unless' with X")
        return Line("abilities", (StaticAbility(SelfCombatRestriction("attack_unless_defender", np.filter)),))

    def misc_lure_self(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("lure")),))

    def misc_lure_enchanted(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("lure_enchanted")),))

    def _misc_attack_unless_you(self, np, n: int, other: bool):
        if np.head is not None or np.filter.controller is not None or np.filter.other:
            raise Unsupported("'can't attack unless you control' an unusual description")
        if any(v == "X" for _, _, v in np.filter.compare):
            raise Unsupported("'can't attack unless' with X")
        f = replace(np.filter, controller="you", other=other)
        return Line("abilities", (StaticAbility(SelfCombatRestriction("attack_unless_you_control", f, n)),))

    def misc_attack_unless_you_control_n(self, c):
        return self._misc_attack_unless_you(c[-1], int(c[-2]), False)

    def misc_attack_unless_you_control_another(self, c):
        return self._misc_attack_unless_you(c[-1], 1, True)

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


def _misc_refuse(why: str):
    """branch "misc": refuse a form the IR can't express (raised while building the effects)."""
    raise Unsupported(why)
