"""Oracle text lines before the grammar: reminder text (CR 207.2a), ability words (CR 207.2c),
self-references and current wording (``normalise``), sentences, modal headers and bullets
(CR 700.2)."""

from __future__ import annotations

import re

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
    text = quote_searched_names(text)   # library2: "a card named X, reveal it" -> "a card named \"x\""
    return re.sub(r"\s+", " ", text).strip()


# library2: the name of a card a search looks for runs from "named" to ", reveal it" or "and put it"
# (names may hold commas: "a card named Chandra, Bold Pyromancer, reveal it, ..."); it is quoted
# so that the grammar reads it as one QUOTED terminal.
_SEARCH_NAMED = re.compile(r'(\bsearch\b[^.]*?\bnamed )(?!~)([^".]+?)'
                         r'(?=, reveal (?:it|them|that card)\b|,? and put it\b|, put (?:it|them|that card)\b)')


def quote_searched_names(text: str) -> str:
    def quote(m):
        if re.search(r"\b(?:or|and/or)\b", m.group(2)):   # "named X or Y": two names, left unread
            return m.group(0)
        return f'{m.group(1)}"{m.group(2)}"'
    return _SEARCH_NAMED.sub(quote, text)


def split_sentences(line: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(line) if s.strip()]
