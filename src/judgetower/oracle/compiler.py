"""Oracle text -> CompiledCard.

Per card: split the text into lines (Oracle prints one ability per line),
drop reminder text (CR 207.2a), normalise each line (see ``normalise``), parse it with the
grammar, transform the tree to IR (transform.py), then assemble the card:

* a land's basic land types give their intrinsic mana abilities first (CR 305.6);
* every line's abilities follow in printed order;
* the effect lines of an instant or sorcery form one SpellAbility (CR 113.3a), placed where the
  first of them is printed;
* a modal spell's "Choose one —" (two, one or both, one or more) and the bulleted lines after it
  form one Modal (CR 700.2), each mode its own SpellAbility; a mode not understood makes the card
  unsupported;
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
    ActivatedAbility, AddMana, CompiledCard, Cost, ExileObjects, LinkedExiled, Modal, SpellAbility,
)
from .ir import TriggeredAbility  # conds: modal triggered abilities
from .subtypes import BASIC_LAND_MANA
from .tx_turnflow import tf_special_line   # turnflow
from .c2_leveler import compile_band as c2_compile_band, is_level_line as c2_is_level_line  # counters2: CR 711
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
#: "Choose one —" and its kin (CR 700.2): the header of a modal spell -> (choose_min, choose_max).
MODAL_HEADERS = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2),
                 "one or more": (1, None)}
_MODAL_HEADER = re.compile(r"^choose (one or both|one or more|one|two|three)\s*[\u2014-]$", re.IGNORECASE)
_BULLET = re.compile(r"^\s*[\u2022*]\s*")


# -- triggers branch: ability words (CR 207.2c) ------------------------------------------------
#: The ability words of CR 207.2c. An ability word printed before an ability ("Landfall — Whenever
#: a land enters ...") has no rules meaning; the compiler reads the ability without it.
ABILITY_WORDS = (
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma",
    "cohort", "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4",
    "descend 8", "domain", "eerie", "eminence", "enrage", "fateful hour", "fathomless descent",
    "ferocious", "flurry", "formidable", "grandeur", "hellbent", "heroic", "imprint", "inspired",
    "join forces", "kinship", "landfall", "lieutenant", "magecraft", "metalcraft", "morbid",
    "pack tactics", "paradox", "parley", "radiance", "raid", "rally", "renew", "revolt",
    "secret council", "spell mastery", "strive", "survival", "sweep", "tempting offer", "threshold",
    "undergrowth", "valiant", "vivid", "void", "will of the council")
_ABILITY_WORD = re.compile(r"^(?:%s) \u2014 (?=\S)" % "|".join(re.escape(w) for w in ABILITY_WORDS),
                           re.IGNORECASE)


def strip_ability_word(line: str) -> str:
    """CR 207.2c: drop a leading ability word ("Landfall — "); it has no rules meaning."""
    if "\u2014" not in line:
        return line
    m = _ABILITY_WORD.match(line.replace("\u2019", "'"))  # same length: the match end holds for line
    return line[m.end():] if m else line


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
    text = lib2_quote_names(text)   # library2: "a card named X, reveal it" -> "a card named \"x\""
    return re.sub(r"\s+", " ", text).strip()


# library2: the name of a card a search looks for runs from "named" to ", reveal it" or "and put it"
# (names may hold commas: "a card named Chandra, Bold Pyromancer, reveal it, ..."); it is quoted
# so that the grammar reads it as one QUOTED terminal.
_LIB2_NAMED = re.compile(r'(\bsearch\b[^.]*?\bnamed )(?!~)([^".]+?)'
                         r'(?=, reveal (?:it|them|that card)\b|,? and put it\b|, put (?:it|them|that card)\b)')


def lib2_quote_names(text: str) -> str:
    def quote(m):
        if re.search(r"\b(?:or|and/or)\b", m.group(2)):   # "named X or Y": two names, left unread
            return m.group(0)
        return f'{m.group(1)}"{m.group(2)}"'
    return _LIB2_NAMED.sub(quote, text)


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


_TK_QUOTED = re.compile(r'"([^"]+)"')


def _tk_check_quoted_names(line: str, name: str) -> None:
    """tokens helper: inside a quoted ability (a token's or a granted one, CR 111.3, 613.1f) "~"
    means the object that has the ability; the card's own name there means the card itself, which
    "~" cannot tell apart, so such a line is refused."""
    if '"' not in line or not name:
        return
    text = line.replace("\u2019", "'")
    for quoted in _TK_QUOTED.findall(text):
        for n in self_names(name):
            if re.search(r"(?<![\w'])" + re.escape(n.replace("\u2019", "'")) + r"(?![\w])", quoted):
                raise Unsupported("the card's own name inside a quoted ability")


def compile_line(line: str, name: str, ctx: Context | None = None) -> Line:
    """Parse and transform one reminder-free line. Raises Unsupported or LarkError."""
    _tk_check_quoted_names(line, name)   # tokens helper
    tree = _parse(normalise(line, name))
    try:
        result = OracleTransformer(ctx).transform(tree)
    except VisitError as exc:
        raise exc.orig_exc if isinstance(exc.orig_exc, Unsupported) else exc
    if not isinstance(result, Line):
        raise Unsupported(f"unexpected parse result {type(result).__name__}")
    from .ir import Zones4NoObject   # zones4
    from .transform import contains
    if contains(result.items, lambda v: isinstance(v, Zones4NoObject)):
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

_CONDS_TRIGGER_MODAL = re.compile(r"^(.*?),\s*choose (one or both|one or more|one|two|three)\s*[\u2014-]$",
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
    memory, and on disk between runs for small pools (`_DiskCache`)."""
    key = (name, text or "", tuple(t.lower() for t in types), tuple(subtypes))
    hit = _DISK.get(key)
    if hit is not None:
        return hit
    result = _compile(*key)
    _DISK.put(key, result)
    return result


class _DiskCache:
    """Compile results kept between processes, so that a command does not spend ~1.5 s
    compiling the starter tower at every start. The file is named after the compiler version
    (a hash of the compiler's sources), so any compiler change starts a new file; only the IR
    is stored (name, abilities, unsupported), never what the engine derives from it. Large
    pools are left to the SQLite pool cache (`judgetower.oracle.compiled_pool`): past
    ``LIMIT`` entries nothing is written. Set JUDGETOWER_NO_COMPILE_CACHE=1 to switch it off."""

    LIMIT = 5000

    def __init__(self) -> None:
        self.entries: dict | None = None
        self.dirty = False

    def _path(self):
        import os
        from pathlib import Path

        from judgetower.oracle import COMPILER_VERSION
        base = os.environ.get("JUDGETOWER_CACHE_DIR")
        if not base:
            import platformdirs
            base = platformdirs.user_cache_dir("judgetower")
        safe = "".join(ch if ch.isalnum() else "-" for ch in COMPILER_VERSION)
        return Path(base) / f"oracle-{safe}.pickle"

    def _load(self) -> dict:
        import atexit
        import os
        import pickle
        self.entries = {}
        if os.environ.get("JUDGETOWER_NO_COMPILE_CACHE"):
            return self.entries
        try:
            with open(self._path(), "rb") as f:
                raw = pickle.load(f)
            self.entries = {k: CompiledCard(*v) for k, v in raw.items()}
        except Exception:  # no cache yet, or unreadable: compile as usual
            self.entries = {}
        atexit.register(self.save)
        return self.entries

    def get(self, key):
        entries = self.entries if self.entries is not None else self._load()
        return entries.get(key)

    def put(self, key, value) -> None:
        entries = self.entries if self.entries is not None else self._load()
        entries[key] = value
        self.dirty = True

    def save(self) -> None:
        import os
        import pickle
        import tempfile
        if not self.dirty or not self.entries or len(self.entries) > self.LIMIT:
            return
        try:
            path = self._path()
            path.parent.mkdir(parents=True, exist_ok=True)
            raw = {k: (v.name, v.abilities, v.unsupported) for k, v in self.entries.items()}
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(raw, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
            self.dirty = False
        except Exception:  # a cache that cannot be written is skipped, never fatal
            pass


_DISK = _DiskCache()


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
        tf_ability = tf_special_line(line)   # turnflow: "Partner with [name]" (CR 702.124j)
        if tf_ability is not None:
            abilities.append(tf_ability)
            continue
        if is_permanent and c2_is_level_line(line):
            # counters2: a leveler's level symbol and its striation (CR 711.2)
            band, bad, i = c2_compile_band(raw_lines, i - 1, name)
            if band is None:
                unsupported.extend(bad)
            else:
                abilities.append(band)
            continue
        m_trig = _CONDS_TRIGGER_MODAL.match(line)
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
    _conds_check_chosen(abilities, text, unsupported)
    from .tx_exilecast import exilecast_check_free_cast, exilecast_check_may_play   # exilecast
    exilecast_check_free_cast(abilities, text, unsupported)   # CR 702.62d, 702.88b
    exilecast_check_may_play(abilities, text, unsupported)    # CR 601.2a: "that card" just exiled
    _copies2_overload(name, text, types, subtypes, abilities, unsupported)   # copies2: CR 702.96
    _copies2_splice(abilities, unsupported)   # copies2: CR 702.47
    return CompiledCard(name, tuple(_link_exiles(abilities)), tuple(unsupported))


def _copies2_splice(abilities: list, unsupported: list) -> None:
    """copies2: splice (CR 702.47a): the engine adds a spliced card's spell ability to the spell;
    a card with splice must be one plain spell ability besides its keywords."""
    from .ir import Keyword
    if not any(isinstance(a, Keyword) and a.name == "splice" for a in abilities):
        return
    rest = [a for a in abilities if not isinstance(a, Keyword)]
    if (len(rest) != 1 or not isinstance(rest[0], SpellAbility)) and not unsupported:
        unsupported.append("splice on a card that is not one plain spell ability (CR 702.47a)")


def _copies2_overload(name, text, types, subtypes, abilities: list, unsupported: list) -> None:
    """copies2: overload (CR 702.96a, 702.96c): "If you chose to pay this spell's overload
    cost, change its text by replacing all instances of the word 'target' with the word
    'each'." That text is compiled here with the card, so that a card whose overloaded text is
    not understood is refused; the overloaded spell has no targets (CR 702.96b)."""
    from .ir import Keyword
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


def _conds_check_chosen(abilities: list, text: str, unsupported: list) -> None:
    """conds: "the chosen color"/"the chosen type" read the choice the card itself made as it
    entered (CR 614.12); without that "As ~ enters, choose ..." the reference is not understood."""
    from .ir import AddMana, EntersChoice, Filter, StaticAbility
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
    from .ir import AdditionalCost, Keyword, Modal, SpellAbility
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
