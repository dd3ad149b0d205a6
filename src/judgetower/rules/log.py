"""The game log: every line says what happened and which rule made it happen (principle 5).

Each event has a number (scenario `call: {event: N}` names one), a visibility (who may read
it: ``None`` means everyone), the English text, the French text and the rule IDs it applies.

A line is written as a message: an English template (its key) and typed parameters,

    game.log.add("{player} draws {card}", "CR 121.1", player=game.players[p], card=o)

and its French is the template of the same key in the French catalogue (`judgetower.rules.log_fr`)
filled with the same parameters rendered in French (card names in their French printing, game
terms from the glossary), never a translation of the English sentence after the fact. A parameter
is rendered by its type: a player by their name; a card, token or spell by its name; an ability
on the stack as "ability of X" / "capacité de X"; a `Message` (a sentence inside a sentence) in
the same language; a `CardName` (a card's name held as a string) and a `Term` (a zone, a step, a
counter kind…) through the French names and the glossary; a list as its items joined with ", " (an `AndList` with " and " / " et ");
anything else as ``str()``. `tests/test_log_messages.py` checks that every template the engine
writes has its French, with the same parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_RULE_ID = re.compile(r"^(CR \d|JT-[A-Z]\d|R\d)")


class CardName(str):
    """A card's English name held as a string: rendered in French through its French printing."""

    __slots__ = ()


class Term(str):
    """A game term (a zone, a step, a counter kind, a colour…): rendered in French through the
    glossary of `judgetower.rules.log_fr`."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Phrase:
    """A phrase written apart in each language (an animation's description, whose word order
    differs): its English and its French."""

    en: str
    fr: str

    def __str__(self) -> str:
        return self.en


class AndList(tuple):
    """Items joined with " and " (French: " et ")."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence inside a log line (a reason, a part built apart): its English template (the key)
    and its parameters, rendered in the line's language."""

    key: str
    params: dict[str, Any]

    def __str__(self) -> str:   # the English (where a message meets plain text)
        return _fill(self.key, self.params, "en", {})


def msg(key: str, **params: Any) -> Message:
    return Message(key, params)


def said(reason: Any) -> Any:
    """A reason or cause as a log parameter: a `Message` as it is, English text as a glossary `Term`."""
    return Term(reason) if type(reason) is str else reason


def render(value: Any, lang: str = "en", names_fr: dict[str, str] | None = None) -> str:
    """A message or parameter as text in ``lang`` (a reason or cause kept as English text for
    the game's own use: ``render(reason)``)."""
    return _render(value, lang, names_fr or {})


def _render(value: Any, lang: str, names_fr: dict[str, str]) -> str:
    from judgetower.cards.card import CardDef
    from judgetower.rules.state import GameObject, Player, StackAbility
    if isinstance(value, str):
        if lang == "fr" and type(value) is not str:
            from judgetower.rules.log_fr import term_fr
            if isinstance(value, CardName):
                return names_fr.get(value, value)
            return term_fr(value)
        return str(value)
    if isinstance(value, Player):
        return value.name
    if isinstance(value, Message):
        return _fill(value.key, value.params, lang, names_fr)
    if isinstance(value, StackAbility):
        if lang == "fr":
            return "capacité de " + names_fr.get(value.source_name, value.source_name)
        return value.name
    if isinstance(value, GameObject):
        name = value.name
        if lang == "fr":
            if value.face_down:
                return "une carte face cachée"
            if value.token is not None and name == value.token.name:
                from judgetower.rules.log_fr.glossary import token_name_fr
                return token_name_fr(value.token.subtypes) or name
            fr = names_fr.get(name)
            if fr is None and value.card is not None and value.card.name == name and value.card.name_fr:
                fr = value.card.name_fr
            return fr or name
        return name
    if isinstance(value, Phrase):
        return value.fr if lang == "fr" else value.en
    if isinstance(value, AndList):
        return (" et " if lang == "fr" else " and ").join(_render(v, lang, names_fr) for v in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_render(v, lang, names_fr) for v in value)
    if isinstance(value, CardDef):
        return (value.name_fr or value.name) if lang == "fr" else value.name
    return str(value)


def _fill(key: str, params: dict[str, Any], lang: str, names_fr: dict[str, str]) -> str:
    template = key
    if lang == "fr":
        from judgetower.rules.log_fr import FRENCH
        template = FRENCH.get(key)
        if template is None:   # a message without its French: the test of the catalogue fails
            template = key
    values = {k: _render(v, lang, names_fr) for k, v in params.items()}
    plan = _plans.get((template, lang))
    if plan is None:
        plan = _plans[(template, lang)] = _plan(template, lang)
    if plan:
        template = _agree(template, plan, params, values, lang)
    return template.format(**values)


# --- agreement: "{n} card(s)" said as "1 card" / "2 cards" ----------------------------------------
#
# A template marks a word that agrees with a number or a list by a suffix in parentheses: "{n}
# card(s)", "{n} cop(ies)", "{cards} get(s)"; French "{n} carte(s)", "{cards} gagne(nt)". The
# marker takes the nearest parameter before it in its clause that holds a count: an ``int`` (a
# noun after a number: English singular for 1, French for 0 and 1) or a list of objects (a verb
# after its subject: English "gets" for one, "get" for several; French "gagne" / "gagnent"). With
# a singular noun, the clause's "are"/"were" (French "sont") becomes "is"/"was" ("est"). In English,
# "{name}'s" after a name ending in "s" is "Plains'". A marker with no count is left as written.

_MARKER = re.compile(r"(?<=[^\s({])\((s|es|ies|x|nt|ent)\)")
_FIELD = re.compile(r"\{(\w+)\}")
_CLAUSE_END = re.compile(r"[;:,]|\)(?!\))")
_plans: dict[tuple[str, str], tuple] = {}


def _plan(template: str, lang: str) -> tuple:
    """The markers of ``template``: (start, end, suffix, field names before it nearest first,
    position of the clause's "are"/"were"/"sont" after it or -1), and the possessive fields."""
    markers = []
    plain = _MARKER.sub(lambda m: "#" * len(m.group(0)), template)   # markers' parentheses end no clause
    for m in _MARKER.finditer(template):
        before = plain[:m.start()]
        cut = max((c.end() for c in _CLAUSE_END.finditer(before)), default=0)
        fields = [f.group(1) for f in _FIELD.finditer(before, cut)][::-1]
        after = plain[m.end():]
        end = _CLAUSE_END.search(after)
        clause = after[:end.start()] if end else after
        verb = re.search(r"\b(are|were)\b" if lang == "en" else r"\bsont\b", clause)
        markers.append((m.start(), m.end(), m.group(1), tuple(fields),
                        m.end() + verb.start() if verb else -1, verb.group(0) if verb else ""))
    possessive = tuple(f.group(1) for f in re.finditer(r"\{(\w+)\}'s\b", template)) if lang == "en" else ()
    return (tuple(markers), possessive) if markers or possessive else ()


def _count(value: Any) -> tuple[str, int] | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "n", value
    if isinstance(value, str) and value.isdigit():
        return "n", int(value)
    if isinstance(value, (list, tuple)) and not isinstance(value, Phrase):
        return "list", len(value)
    return None


_SINGULAR = {"are": "is", "were": "was", "sont": "est"}


def _agree(template: str, plan: tuple, params: dict[str, Any], values: dict[str, str], lang: str) -> str:
    markers, possessive = plan
    edits: list[tuple[int, int, str]] = []
    for start, end, suffix, fields, verb_at, verb in markers:
        count = next((c for c in (_count(params.get(f)) for f in fields) if c is not None), None)
        if count is None:
            continue
        kind, n = count
        if kind == "n":     # a noun after its number
            one = n == 1 if lang == "en" else n in (0, 1)
            word = {"ies": "y"}.get(suffix, "") if one else suffix
            if one and verb_at >= 0:
                edits.append((verb_at, verb_at + len(verb), _SINGULAR[verb]))
        elif lang == "en":  # a verb after its subject: "it gets", "they get"
            word = suffix if n == 1 else ""
        else:               # "il gagne", "ils gagnent"
            word = "" if n == 1 else suffix
        edits.append((start, end, word))
    for f in possessive:
        if values.get(f, "").endswith("s"):
            key = "{" + f + "}'s"
            i = template.find(key)
            while i >= 0:
                edits.append((i + len(key) - 2, i + len(key), "'"))
                i = template.find(key, i + 1)
    for a, b, text in sorted(edits, reverse=True):
        template = template[:a] + text + template[b:]
    return template


@dataclass(frozen=True)
class LogEvent:
    number: int
    text: str
    rules: tuple[str, ...] = ()
    visible_to: frozenset[int] | None = None  # None: public; else player indices who may read it
    text_fr: str = ""
    key: str = ""     # the message's English template ("" for a line written as plain text)

    def render(self, lang: str = "en") -> str:
        """One line: number, text (French with ``lang="fr"`` where known), rules cited."""
        cite = f"  [{', '.join(self.rules)}]" if self.rules else ""
        text = self.text_fr if lang == "fr" and self.text_fr else self.text
        return f"{self.number:>4}  {text}{cite}"

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)


@dataclass
class GameLog:
    events: list[LogEvent] = field(default_factory=list)
    names_fr: dict[str, str] = field(default_factory=dict)   # English card name -> French

    def add(self, text: str | Message, *rules: str, visible_to=None, text_fr: str = "", **params: Any) -> LogEvent:
        """Write one line: ``text`` is a message's English template (its key), filled with
        ``params`` in English and, from the French catalogue, in French; or a `Message`."""
        key = ""
        if isinstance(text, Message):
            text, params = text.key, {**text.params, **params}
        from judgetower.rules.log_fr import FRENCH
        if params or text in FRENCH:
            key = text
            text_fr = text_fr or _fill(key, params, "fr", self.names_fr)
            text = _fill(key, params, "en", self.names_fr)
        ev = LogEvent(len(self.events) + 1, text, tuple(r for r in rules if r),
                      None if visible_to is None else frozenset(visible_to), text_fr, key)
        self.events.append(ev)
        return ev

    def for_player(self, player: int | None) -> list[LogEvent]:
        """The events ``player`` may read (``None``: a spectator, public events only)."""
        return [e for e in self.events if e.visible(player)]

    def contains(self, needle: str, player: int | None = None) -> bool:
        """Whether an event cites rule ``needle`` or its text contains ``needle``. A rule ID
        matches itself and its sub-rules ("CR 704.5" matches "CR 704.5g") but not a longer
        number ("JT-G1" does not match "JT-G10", "R1" not "R10")."""
        is_rule = _RULE_ID.match(needle) is not None
        pattern = re.compile(re.escape(needle) + r"(?!\d)") if is_rule else None
        for e in self.events:
            if player is not None and not e.visible(player):
                continue
            if is_rule:
                if any(pattern.match(r) for r in e.rules) or pattern.search(e.text):
                    return True
            elif needle in e.text or needle in e.rules:
                return True
        return False

    def __len__(self) -> int:
        return len(self.events)
