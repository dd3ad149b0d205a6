"""What the transformer's callbacks share: the Context of one ability, the Line a callback returns,
the markers that later sentences merge into earlier ones, ``finish_effects`` and the helpers.

Parse tree (`judgetower.oracle.grammar`) -> ability IR (`judgetower.oracle.ir`):

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

from .. import ir
from ..ir import (
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
from ..ir import (  # branch "effects"
    CopySpell, SacrificeThis, DoesntUntap, Fight, PutFromHand, GainControl, IfYouDo, LookTopPutOne, PayMana, PreventAllDamage,
    PreventDamage, PutOnLibrary, SkipNextUntap,
)
from ..ir import (  # branch "zones"
    ExileTopOfLibrary, ReturnSelfFromGraveyard, ShuffleIntoLibrary, SkipStep, Surveil,
)
from ..ir import CostModifier, Proliferate, RevealTopToHand, SelfCombatRestriction, SelfCostReduction  # branch "misc"
from ..subtypes import canonical_subtype


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
        from ..token_text import TokenTextUnsupported, compile_token_text
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
        elif hasattr(item, "merge_into"):   # replace: "... instead" sentences (transform/replacement.py)
            item.merge_into(effects)
        else:
            effects.append(item)
    return peephole(tuple(effects)), condition, sorcery


#: Instructions that can come before "If you do" (CR 118.12: they are a cost paid on
#: resolution): the engine knows whether each can be, and was, paid in full (CR 118.3).
IF_YOU_DO_EFFECTS = (Draw, Discard, Sacrifice, ExileFromGraveyard, PayMana)
IF_YOU_DO_EFFECTS = IF_YOU_DO_EFFECTS + (ir.PayEnergy,)   # counters2: "you may pay {E}" (CR 107.14)
IF_YOU_DO_EFFECTS = IF_YOU_DO_EFFECTS + (ir.ExileToOwnersGraveyard,)   # zones4: processors (CR 406.3)


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


def _misc_refuse(why: str):
    """Refuse a form the IR can't express (raised while building the effects)."""
    raise Unsupported(why)
