"""Oracle text -> CompiledCard.

Per card: split the text into lines (Oracle prints one ability per line),
drop reminder text (CR 207.2a), normalise each line (see ``normalise``), parse it with the
grammar, transform the tree to IR (transform.py), then assemble the card:

* a land's basic land types give their intrinsic mana abilities first (CR 305.6);
* every line's abilities follow in printed order;
* the effect lines of an instant or sorcery form one SpellAbility (CR 113.3a), placed where the
  first of them is printed;
* linked abilities (CR 607.2a): when an ability mentions "the exiled card", the exile effects of
  this object's other abilities are marked ``linked``.

Nothing is dropped: a line that does not parse, or parses into something the IR cannot express,
is reported in ``CompiledCard.unsupported`` (sentence by sentence where the sentences can be told
apart) and the card is not ``ok``.
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable

from lark.exceptions import LarkError, VisitError

from .grammar import parser
from .ir import (
    ActivatedAbility, AddMana, CompiledCard, Cost, ExileObjects, LinkedExiled, SpellAbility,
)
from .subtypes import BASIC_LAND_MANA
from .transform import (
    Context, Line, OracleTransformer, Unsupported, contains, finish_effects, walk_replace,
)

#: Nouns that, after "this", refer to the object itself (CR 201.5).
SELF_NOUNS = ("creature", "artifact", "enchantment", "land", "aura", "spell", "permanent",
              "equipment", "card", "planeswalker", "vehicle", "saga", "token", "battle",
              "class", "case", "room", "fortification", "siege", "background")

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=\S)")
_THIS_NOUN = re.compile(r"\bthis (?:%s)\b" % "|".join(SELF_NOUNS), re.IGNORECASE)
_ENTERS_BATTLEFIELD = re.compile(r"\benters the battlefield\b")
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


def strip_reminder(line: str) -> str:
    """Remove reminder text in parentheses (CR 207.2a); it has no rules meaning."""
    previous = None
    while previous != line:
        previous, line = line, _REMINDER.sub("", line)
    return line.strip()


def self_names(name: str) -> list[str]:
    """How a card's text can name the card itself: its full name and, for names like
    "Isamaru, Hound of Konda", the short name before the comma (CR 201.5)."""
    names = {name}
    if "," in name:
        names.add(name.split(",")[0].strip())
    for face in name.split(" // "):
        names.add(face.strip())
    return sorted((n for n in names if n), key=len, reverse=True)


def normalise(text: str, name: str) -> str:
    """One line or sentence of Oracle text -> the grammar's input: lower case, self-references
    as "~", current wording ("enters" for "enters the battlefield"), ASCII minus and quote."""
    text = text.replace("\u2212", "-").replace("\u2019", "'").replace("\u2018", "'")
    for n in self_names(name):
        n = n.replace("\u2019", "'")
        text = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", text)
    text = _THIS_NOUN.sub("~", text)
    text = _ENTERS_BATTLEFIELD.sub("enters", text)
    text = text.lower()
    return re.sub(r"\s+", " ", text).strip()


def split_sentences(line: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(line) if s.strip()]


def _parse(normalised: str):
    return parser().parse(normalised)


def _parses(text: str) -> bool:
    try:
        _parse(text)
        return True
    except LarkError:
        return False


def _failing_sentences(line: str, name: str) -> list[str]:
    """The sentences of a line that the grammar cannot read on their own (the whole line if
    each one can, or if it is a single sentence)."""
    sentences = split_sentences(line)
    if len(sentences) <= 1:
        return [line]
    failing = [s for s in sentences if not _parses(normalise(s, name))]
    return failing or [line]


def compile_line(line: str, name: str, ctx: Context | None = None) -> Line:
    """Parse and transform one reminder-free line. Raises Unsupported or LarkError."""
    tree = _parse(normalise(line, name))
    try:
        result = OracleTransformer(ctx).transform(tree)
    except VisitError as exc:
        raise exc.orig_exc if isinstance(exc.orig_exc, Unsupported) else exc
    if not isinstance(result, Line):
        raise Unsupported(f"unexpected parse result {type(result).__name__}")
    return result


def intrinsic_mana_abilities(subtypes: Iterable[str]) -> list[ActivatedAbility]:
    """CR 305.6: each basic land type gives "{T}: Add [its mana]."."""
    return [ActivatedAbility(Cost(tap=True), (), (AddMana(BASIC_LAND_MANA[s]),), mana_ability=True)
            for s in subtypes if s in BASIC_LAND_MANA]


def _link_exiles(abilities: list) -> list:
    """CR 607.2a: "the exiled card" in one ability refers to what this object's other abilities
    exiled; those exile effects become ``linked`` (unless they already return the card
    themselves, "until ... leaves the battlefield")."""
    users = [i for i, a in enumerate(abilities) if contains(a, lambda v: v == LinkedExiled())]
    if not users:
        return abilities

    def link(node):
        if isinstance(node, ExileObjects) and not node.until_leaves and not node.linked:
            return replace(node, linked=True)
        return node

    return [a if i in users else walk_replace(a, link) for i, a in enumerate(abilities)]


def compile_text(name: str, text: str, types: Iterable[str] = (),
                 subtypes: Iterable[str] = ()) -> CompiledCard:
    """Compile a card's Oracle ``text``. ``types`` (card types, any case) tell a spell's effect
    lines from a permanent's; with no types, effect lines are read as a spell's. Cached."""
    return _compile(name, text or "", tuple(t.lower() for t in types), tuple(subtypes))


@lru_cache(maxsize=None)
def _compile(name: str, text: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> CompiledCard:
    abilities: list = list(intrinsic_mana_abilities(subtypes))
    unsupported: list[str] = []
    is_permanent = any(t in PERMANENT_TYPES for t in types)
    spell_ctx = Context()
    spell_items: list = []
    spell_slot: int | None = None

    for raw in text.splitlines():
        line = strip_reminder(raw)
        if not line:
            continue
        saved = copy.deepcopy(spell_ctx)
        try:
            result = compile_line(line, name, spell_ctx if not is_permanent else None)
        except Unsupported:
            spell_ctx = saved
            unsupported.append(line)
            continue
        except LarkError:
            spell_ctx = saved
            unsupported.extend(_failing_sentences(line, name))
            continue
        if result.kind == "effects":
            if is_permanent:
                # An instruction on a permanent outside any ability: we don't know what it is.
                unsupported.append(line)
                continue
            if spell_slot is None:
                spell_slot = len(abilities)
                abilities.append(None)  # placeholder for the SpellAbility
            spell_items.extend(result.items)
        else:
            abilities.extend(result.items)

    if spell_slot is not None:
        try:
            effects, _, _ = finish_effects(spell_items)
            abilities[spell_slot] = SpellAbility(tuple(spell_ctx.targets), effects)
        except Unsupported:
            del abilities[spell_slot]
            unsupported.append(text.strip())
    return CompiledCard(name, tuple(_link_exiles(abilities)), tuple(unsupported))


def compile_card(card) -> CompiledCard:
    """Compile a ``judgetower.cards.card.CardDef``."""
    return compile_text(card.name, card.text or "", card.types, card.subtypes)
