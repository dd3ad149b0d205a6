"""Assembling a card from its lines: each line parsed and transformed (``compile_line``), modal
spells and modal triggered abilities (CR 700.2), the spell ability of an instant or sorcery
(CR 113.3a), leveler striations (CR 711), linked exiles (CR 607.2a), the checks made on the whole
card, and multi-faced cards (CR 709, 715, 712). See `judgetower.oracle.compiler`."""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable

from lark.exceptions import LarkError, VisitError

from ..grammar import parser
from ..ir import (
    ActivatedAbility, AddMana, CompiledCard, Cost, ExileObjects, LinkedExiled, Modal, SpellAbility,
)
from ..ir import TriggeredAbility
from ..subtypes import BASIC_LAND_MANA
from ..transform.untap_and_durations import partner_with_line
from .cache import _DISK
from .levelers import compile_band as compile_level_band, is_level_line   # CR 711
from ..transform import (
    Context, Line, OracleTransformer, Unsupported, contains, finish_effects, walk_replace,
)
from .lines import (
    _BULLET, _MODAL_HEADER, MODAL_HEADERS, PERMANENT_TYPES, normalise, self_names, split_sentences,
    strip_ability_word, strip_reminder,
)

#: Parse trees of the lines and sentences parsed lately, by their normalised text (a parse depends
#: on nothing else): keyword lines ("flying"), the sentences of a line that failed, a card's lines
#: compiled again with another context (modes, overload) are parsed once. Lark's transformer never
#: changes the tree it reads (it builds new child lists), so a tree is shared safely. A line that
#: does not parse keeps its error. Bounded: the oldest half goes past `_PARSED_MAX`.
_PARSED: dict = {}
_PARSED_MAX = 8192


def _parse(normalised: str):
    hit = _PARSED.get(normalised)
    if hit is None:
        try:
            hit = parser().parse(normalised)
        except LarkError as exc:
            hit = exc
        if len(_PARSED) >= _PARSED_MAX:
            for key in list(_PARSED)[:_PARSED_MAX // 2]:
                del _PARSED[key]
        _PARSED[normalised] = hit
    if isinstance(hit, LarkError):
        raise hit.with_traceback(None)
    return hit


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


_QUOTED = re.compile(r'"([^"]+)"')


def _check_quoted_names(line: str, name: str) -> None:
    """tokens helper: inside a quoted ability (a token's or a granted one, CR 111.3, 613.1f) "~"
    means the object that has the ability; the card's own name there means the card itself, which
    "~" cannot tell apart, so such a line is refused."""
    if '"' not in line or not name:
        return
    text = line.replace("\u2019", "'")
    for quoted in _QUOTED.findall(text):
        for n in self_names(name):
            if re.search(r"(?<![\w'])" + re.escape(n.replace("\u2019", "'")) + r"(?![\w])", quoted):
                raise Unsupported("the card's own name inside a quoted ability")


def compile_line(line: str, name: str, ctx: Context | None = None) -> Line:
    """Parse and transform one reminder-free line. Raises Unsupported or LarkError."""
    _check_quoted_names(line, name)   # tokens helper
    tree = _parse(normalise(line, name))
    try:
        result = OracleTransformer(ctx).transform(tree)
    except VisitError as exc:
        raise exc.orig_exc if isinstance(exc.orig_exc, Unsupported) else exc
    if not isinstance(result, Line):
        raise Unsupported(f"unexpected parse result {type(result).__name__}")
    from ..ir import TopCardLookedAt   # zones4
    from ..transform import contains
    if contains(result.items, lambda v: isinstance(v, TopCardLookedAt)):
        raise Unsupported("'it' after looking at or revealing the top card of a library")
    return result


def compile_modes(header: str, bullets: list[str], name: str) -> tuple[Modal | None, list[str]]:
    """CR 700.2: a "Choose one —" header and its bulleted modes -> a Modal (each mode a
    SpellAbility compiled on its own: its own targets and effects), or the mode lines not
    understood (a mode is never dropped: any of them makes the card unsupported)."""
    m = _MODAL_HEADER.match(header.strip())
    if m is None or len(bullets) < 2:
        return None, [header] + bullets
    lo, hi = MODAL_HEADERS[m.group(1).lower()]
    modes: list[SpellAbility] = []
    texts: list[str] = []
    bad: list[str] = []
    for raw in bullets:
        text = _BULLET.sub("", strip_reminder(raw)).strip()
        ctx = Context()
        try:
            result = compile_line(text, name, ctx)
            if result.kind != "effects":
                raise Unsupported("a mode must be a spell's instructions")
            effects, condition, _ = finish_effects(list(result.items))
            if condition is not None:
                raise Unsupported("an intervening condition in a mode")
        except (Unsupported, LarkError):
            bad.append(raw.strip())
            continue
        modes.append(SpellAbility(tuple(ctx.targets), effects))
        texts.append(text)
    if bad:
        return None, bad
    return Modal(lo, hi, tuple(modes), tuple(texts)), []


# -- conds: modal triggered abilities (CR 700.2b) ----------------------------------------------

_TRIGGER_MODAL = re.compile(r"^(.*?),\s*choose (one or both|one or more|one|two|three)\s*[\u2014-]$",
                                  re.IGNORECASE)


def compile_trigger_modes(prefix: str, how: str, bullets: list[str], name: str):
    """conds: "[trigger][, if ...], choose one —" and its bulleted modes -> one TriggeredAbility
    with ``modal`` (CR 700.2b), or the lines not understood. Each mode is compiled as the whole
    triggered ability "[trigger], [mode]" (so that "it", "that creature" and targets read as in
    any triggered ability); the modes must agree on the trigger and on the intervening "if"."""
    if len(bullets) < 2:
        return None, [f"{prefix}, choose {how} \u2014"] + bullets
    lo, hi = MODAL_HEADERS[how.lower()]
    modes: list[SpellAbility] = []
    texts: list[str] = []
    bad: list[str] = []
    first = None
    for raw in bullets:
        text = _BULLET.sub("", strip_reminder(raw)).strip()
        try:
            result = compile_line(f"{prefix}, {text}", name, None)
            items = result.items
            if result.kind != "abilities" or len(items) != 1 or not isinstance(items[0], TriggeredAbility) \
                    or items[0].modal is not None:
                raise Unsupported("a mode of a triggered ability must be its instructions")
            ab = items[0]
            if first is None:
                first = ab
            elif (ab.trigger, ab.condition) != (first.trigger, first.condition):
                raise Unsupported("modes that read the trigger differently")
        except (Unsupported, LarkError):
            bad.append(raw.strip())
            continue
        modes.append(SpellAbility(ab.targets, ab.effects))
        texts.append(text)
    if bad or first is None:
        return None, bad or [prefix]
    return TriggeredAbility(first.trigger, (), (), condition=first.condition,
                            modal=Modal(lo, hi, tuple(modes), tuple(texts))), []


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
    lines from a permanent's; with no types, effect lines are read as a spell's. Cached in
    memory, and on disk between runs, one row a card (`cache.CardCache`)."""
    key = (name, text or "", tuple(t.lower() for t in types), tuple(subtypes))
    hit = _DISK.get(key)
    if hit is not None:
        return hit
    result = _compile(*key)
    _DISK.put(key, result)
    return result


@lru_cache(maxsize=None)
def _compile(name: str, text: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> CompiledCard:
    abilities: list = list(intrinsic_mana_abilities(subtypes))
    unsupported: list[str] = []
    is_permanent = any(t in PERMANENT_TYPES for t in types)
    spell_ctx = Context()
    spell_items: list = []
    spell_slot: int | None = None

    raw_lines = text.splitlines()
    i = 0
    while i < len(raw_lines):
        raw = raw_lines[i]
        i += 1
        line = strip_ability_word(strip_reminder(raw))  # CR 207.2c (triggers branch)
        if not line:
            continue
        partner_with = partner_with_line(line)   # turnflow: "Partner with [name]" (CR 702.124j)
        if partner_with is not None:
            abilities.append(partner_with)
            continue
        if is_permanent and is_level_line(line):
            # counters2: a leveler's level symbol and its striation (CR 711.2)
            band, bad, i = compile_level_band(raw_lines, i - 1, name)
            if band is None:
                unsupported.extend(bad)
            else:
                abilities.append(band)
            continue
        m_trig = _TRIGGER_MODAL.match(line)
        if m_trig is not None and (line.lower().startswith(("when", "whenever", "at "))):
            # conds: "When ~ enters, choose one —" and its bulleted modes (CR 700.2b)
            bullets = []
            while i < len(raw_lines) and _BULLET.match(raw_lines[i]) and raw_lines[i].strip()[:1] in "\u2022*":
                bullets.append(raw_lines[i])
                i += 1
            ability, bad = compile_trigger_modes(m_trig.group(1), m_trig.group(2), bullets, name)
            if ability is None:
                unsupported.extend(bad or [line])
            else:
                abilities.append(ability)
            continue
        if _MODAL_HEADER.match(line):
            # CR 700.2: "Choose one —" and the bulleted modes that follow it
            bullets = []
            while i < len(raw_lines) and _BULLET.match(raw_lines[i]) and raw_lines[i].strip()[:1] in "\u2022*":
                bullets.append(raw_lines[i])
                i += 1
            modal, bad = compile_modes(line, bullets, name)
            if modal is None or is_permanent:
                unsupported.extend(bad or [line])
            else:
                abilities.append(modal)
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

    if spell_slot is not None and any(isinstance(a, Modal) for a in abilities):
        # instructions besides the modes of a modal spell: not something the IR expresses
        del abilities[spell_slot]
        unsupported.append(text.strip())
        spell_slot = None
    if spell_slot is not None:
        try:
            effects, _, _ = finish_effects(spell_items)
            abilities[spell_slot] = SpellAbility(tuple(spell_ctx.targets), effects)
        except Unsupported:
            del abilities[spell_slot]
            unsupported.append(text.strip())
    _check_chosen_references(abilities, text, unsupported)
    from ..mechanics.exile_casting import check_free_cast, check_may_play   # exilecast
    check_free_cast(abilities, text, unsupported)   # CR 702.62d, 702.88b
    check_may_play(abilities, text, unsupported)    # CR 601.2a: "that card" just exiled
    _compile_overload(name, text, types, subtypes, abilities, unsupported)   # copies2: CR 702.96
    _check_splice(abilities, unsupported)   # copies2: CR 702.47
    return CompiledCard(name, tuple(_link_exiles(abilities)), tuple(unsupported))


def _check_splice(abilities: list, unsupported: list) -> None:
    """copies2: splice (CR 702.47a): the engine adds a spliced card's spell ability to the spell;
    a card with splice must be one plain spell ability besides its keywords."""
    from ..ir import Keyword
    if not any(isinstance(a, Keyword) and a.name == "splice" for a in abilities):
        return
    rest = [a for a in abilities if not isinstance(a, Keyword)]
    if (len(rest) != 1 or not isinstance(rest[0], SpellAbility)) and not unsupported:
        unsupported.append("splice on a card that is not one plain spell ability (CR 702.47a)")


def _compile_overload(name, text, types, subtypes, abilities: list, unsupported: list) -> None:
    """copies2: overload (CR 702.96a, 702.96c): "If you chose to pay this spell's overload
    cost, change its text by replacing all instances of the word 'target' with the word
    'each'." That text is compiled here with the card, so that a card whose overloaded text is
    not understood is refused; the overloaded spell has no targets (CR 702.96b)."""
    from ..ir import Keyword
    for i, ab in enumerate(abilities):
        if not (isinstance(ab, Keyword) and ab.name == "overload" and ab.arg[1] is None):
            continue
        lines = [ln for ln in text.splitlines() if not re.match(r"\s*overload\b", ln, re.I)]
        changed = re.sub(r"\b([Tt])arget\b", lambda m: "Each" if m.group(1) == "T" else "each", "\n".join(lines))
        over = _compile(name, changed, types, subtypes)
        bad = list(over.unsupported)
        if not bad and any(getattr(a, "targets", ()) for a in over.abilities if isinstance(a, SpellAbility)):
            bad.append("a target left after 'target' is changed to 'each'")
        if not bad and not any(isinstance(a, SpellAbility) for a in over.abilities):
            bad.append("no spell ability")
        if bad:
            unsupported.extend(f"overload (text with 'each' for 'target', CR 702.96a): {b}" for b in bad)
            continue
        # the overloaded spell keeps the keyword (its alternative cost was paid, CR 118.9)
        over = CompiledCard(over.name, over.abilities + (Keyword("overload", (ab.arg[0], None)),), ())
        abilities[i] = Keyword("overload", (ab.arg[0], over))


def _check_chosen_references(abilities: list, text: str, unsupported: list) -> None:
    """conds: "the chosen color"/"the chosen type" read the choice the card itself made as it
    entered (CR 614.12); without that "As ~ enters, choose ..." the reference is not understood."""
    from ..ir import AddMana, EntersChoice, Filter, StaticAbility
    made = {ab.effect.what for ab in abilities
            if isinstance(ab, StaticAbility) and isinstance(ab.effect, EntersChoice)}
    needs = set()

    def note(v) -> bool:
        if isinstance(v, Filter) and v.chosen is not None:
            needs.add(v.chosen)
        if isinstance(v, AddMana) and v.chosen_color:
            needs.add("color")
        return False    # visit every node

    for ab in abilities:
        contains(ab, note)
    if needs - made:
        unsupported.extend(line for line in text.splitlines() if "chosen" in line.lower()
                           and line not in unsupported)


def compile_card(card) -> CompiledCard:
    """Compile a ``judgetower.cards.card.CardDef``."""
    if getattr(card, "faces", ()):
        return compile_faces_card(card)   # faces: split and adventurer cards (CR 709, 715)
    return compile_text(card.name, card.text or "", card.types, card.subtypes)


# ---------------------------------------------------------------------------------- faces
# Multi-faced cards (CR 709 split cards, CR 715 adventurer cards). The spell halves of these
# cards are played with their own characteristics on the stack (CR 709.3b, 715.3b); the engine
# keeps a half's abilities only there. So a half may hold only abilities that work while its
# spell is cast or on the stack; any other (fuse, aftermath, cycling, flashback...) makes the
# card refused rather than played wrongly.
_STACK_KEYWORDS = frozenset({"kicker", "multikicker", "buyback", "convoke", "delve", "flash"})


def outside_stack_abilities(face_name: str, compiled: CompiledCard, layout: str = "split") -> tuple[str, ...]:
    """Why a spell half's abilities cannot be played by the engine (one line each), if any.
    Aftermath (CR 702.127a) is played on a split card's half."""
    from ..ir import AdditionalCost, Keyword, Modal, SpellAbility
    out = []
    for ab in compiled.abilities:
        if isinstance(ab, (SpellAbility, Modal, AdditionalCost)):
            continue
        if isinstance(ab, Keyword) and ab.name in _STACK_KEYWORDS:
            continue
        if isinstance(ab, Keyword) and ab.name == "aftermath" and layout == "split":
            continue
        if isinstance(ab, Keyword) and ab.name == "fuse" and layout == "split":
            # CR 702.102: the engine fuses halves that are each one plain spell ability
            rest = [a for a in compiled.abilities if not (isinstance(a, Keyword) and a.name == "fuse")]
            if len(rest) != 1 or not isinstance(rest[0], SpellAbility):
                out.append(f"{face_name}: fuse with a half that is not one plain spell ability "
                           "(CR 702.102)")
            continue
        what = f"keyword {ab.name}" if isinstance(ab, Keyword) else type(ab).__name__
        out.append(f"{face_name}: {what} on the spell half of a multi-faced card "
                   "(only spell abilities are played there, CR 709.3b, 715.3b)")
    return tuple(out)


def compile_faces_card(card) -> CompiledCard:
    """A multi-faced ``CardDef`` (``card.faces``): the whole card's abilities (none for a split
    card, whose abilities are its halves', CR 709.4c, used on the stack; the creature's for an
    adventurer card, CR 715.4; the front face's for a modal double-faced card, CR 712.8a), and every face's sentences not understood (a card is playable
    only if every face compiles)."""
    unsupported: list[str] = []
    abilities: tuple = ()
    for i, face in enumerate(card.faces):
        comp = compile_card(face)
        unsupported.extend(comp.unsupported)
        spell_half = card.layout == "split" or (card.layout == "adventure" and i == 1)
        if spell_half:
            unsupported.extend(outside_stack_abilities(face.name, comp, card.layout))
        elif i == 0:
            # an adventurer card's creature (CR 715.4), a modal double-faced card's front face
            # (CR 712.8a: its back face's abilities exist only while that face is up)
            abilities = comp.abilities
    return CompiledCard(card.name, abilities, tuple(unsupported))
