"""The terminal table: a person plays against bots, one numbered choice at a time.

Everything shown to the person comes from ``game.view(human)`` (hidden information stays hidden,
DESIGN.md principle 6) plus the labels of the options the game offers them. Input and output are
injectable (``input_fn``, ``out``) so the table can be driven by tests. ``rich`` is used for colour
when it is installed and the output is a terminal; otherwise the table is plain text.

Commands at a prompt: a number picks that choice; ``help`` explains the rule behind the decision
(and, when the game forces the choice, the Judge Tower rule that does: JT-P1 when passing is not
offered, JT-C5 for attacks and blocks, ...); ``log [N|all]`` shows more of the log; ``state``
shows the table again; ``quit`` ends the session (offering to save the game record).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from judgetower.rules.decisions import Activate, Attack, Block, Cast, Decision, Divide, Done, Pass, PlayLand, Reset, Split
from judgetower.rules.errors import IllegalAction
from judgetower.rules.log import render
from judgetower.rules.state import PID, StackAbility
from judgetower.ui.summary import summary_lines
from judgetower.ui.text import COMMANDS_FR, LANGS, NO, YES, Ord, Poss, ordinal, possessive, template, tr

#: what ``TerminalUI.ask`` returns when the person quits
QUIT = object()

COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}

# Short statements of the rules a decision may cite, used when the rule files are not at hand.
# The full texts are in ../shared/rules (judge-tower.en.md, RULINGS.md, comprehensive-rules.txt).
JT_TEXT = {
    "JT-G1": "Each person's starting hand size equals their judge level.",
    "JT-G3": "Each person starts with an infinite life total; it can never become finite.",
    "JT-G4": "Players are considered able to pay the mana portion of every cost.",
    "JT-G5": "Everyone shares one library and one graveyard.",
    "JT-G8": "The shared library is never shuffled or searched; cards that would be shuffled into it or "
             "put on its bottom are exiled instead.",
    "JT-P1": "People cannot advance the game while there is another legal game action they could take "
             "instead. Activated abilities and special actions other than playing a land can each be "
             "activated/taken only once per turn.",
    "JT-P2": "An activated ability cannot be activated if another activated ability that appears later in "
             "the printed text of the card could also be activated.",
    "JT-P3": "If the game enters an infinite loop of mandatory actions, all objects involved are exiled.",
    "JT-C1": "If an ability gives a person the option to take an action (\"may\", \"unless\"), that person "
             "must take the action if able.",
    "JT-C2": "A number that could be arbitrarily large (an unspecified X, multikicker) is 5.",
    "JT-C3": "A number that cannot be arbitrarily large (targets, attackers, buyback, kicker) is the "
             "largest possible.",
    "JT-C4": "Players cannot fail to find cards when searching a hidden zone unless no card could be found.",
    "JT-C5": "Creatures attack each turn if able. Creatures block each turn if able.",
    "JT-C6": "Splitting looked-at top cards between the top of the library and elsewhere stays a free choice.",
    "JT-E1": "A person whose shame is greater than twice the number of players who started loses.",
    "JT-E2": "A short library is refilled from unreferenced exile, then the graveyard; if still short, the "
             "game ends and the fewest shame win.",
}
R_TEXT = {
    "R1": "Judge level is an integer from 0 to 5.",
    "R7": "\"Search the library\" finds nothing; \"shuffle\" does nothing; bottom-of-library cards are exiled.",
    "R9": "\"May\" and \"unless\" are taken when able; optional costs are paid when able; X and multikicker "
          "are 5; \"up to N\" targets are as many as possible; every creature that can attack attacks and "
          "every creature that can block blocks.",
    "R10": "Scry, surveil and \"look at the top N\" splits are free choices.",
    "R11": "A player with priority who has any legal action (spell, ability not yet activated this turn, "
           "mana abilities included, land play) cannot pass priority.",
    "R12": "Of the activatable abilities of one object, the one printed last must be used first.",
}
CR_BRIEF = {
    "CR 117.1": "Priority: the player with priority may cast spells, activate abilities and take special "
                "actions, or pass.",
    "CR 601.2b": "While casting a spell, the player announces the value of X and any additional costs.",
    "CR 601.2c": "While casting a spell, the player chooses its targets.",
    "CR 602.2b": "While activating an ability, the player chooses its targets.",
    "CR 603.3b": "A player who controls several triggered abilities puts them on the stack in any order.",
    "CR 508.1a": "The active player chooses which creatures attack, and which player or planeswalker each attacks.",
    "CR 509.1a": "The defending player chooses which creatures block, and which attacker each blocks.",
    "CR 701.22a": "Scry N: look at the top N cards of your library, put any number on the bottom and the rest "
                  "on top in any order.",
    "CR 401.4": "Cards put into the library in an order the player chooses.",
    "CR 106.1b": "The five colours of mana: white (W), blue (U), black (B), red (R), green (G).",
    "CR 704.5j": "Legend rule: a player with two or more legendary permanents of one name keeps one.",
    "CR 702.27a": "Buyback: an optional additional cost; the spell returns to its owner's hand.",
    "CR 702.33a": "Kicker: an optional additional cost.",
    "CR 702.33c": "Multikicker: an additional cost that may be paid any number of times.",
    "CR 107.4f": "Phyrexian mana may be paid with mana or with 2 life.",
    "CR 118.12": "\"Unless\" costs: the player chooses whether to pay.",
    "CR 603.5": "An optional (\"may\") action of a triggered ability is chosen as it resolves.",
    "CR 608.2c": "The controller of a resolving spell follows its instructions in order.",
}


def _rules_dirs() -> list[Path]:
    dirs = []
    env = os.environ.get("JUDGETOWER_RULES_DIR")
    if env:
        dirs.append(Path(env))
    shared = os.environ.get("JUDGETOWER_SHARED_DIR")
    if shared:
        dirs.append(Path(shared) / "rules")
    here = Path(__file__).resolve()
    for up in here.parents[2:5]:       # <project>/src/judgetower/ui -> <project>/.., ...
        dirs.append(up / "shared" / "rules")
        dirs.append(up.parent / "shared" / "rules")
    dirs.append(Path.cwd().parent / "shared" / "rules")
    return dirs


_CR_NUMBER = re.compile(r"(\d{3})(?:\.(\d+)([a-z]?))?\.?", re.IGNORECASE)


def normalize_rule(text: str) -> str:
    """A rule as typed at the table -> its citation: ``CR 117.1``, ``117.1`` and ``cr 117.1``
    -> ``CR 117.1``; ``jt-c5`` and ``JTC5`` -> ``JT-C5``; ``r9`` -> ``R9``. Anything else is
    returned upper-cased (and is then unknown)."""
    t = " ".join(text.split())
    m = re.fullmatch(r"(?i)(?:CR\s*)?(\d{3}(?:\.\d+[a-z]?)?)\.?", t)
    if m:
        n = _CR_NUMBER.fullmatch(m.group(1))
        number = n.group(1) + (f".{n.group(2)}{n.group(3).lower()}" if n.group(2) else "")
        return f"CR {number}"
    m = re.fullmatch(r"(?i)JT-?([A-Z])(\d+)", t)
    if m:
        return f"JT-{m.group(1).upper()}{m.group(2)}"
    return t.upper()


class RuleBook:
    """Rule texts by citation: JT rules and rulings from the shared rules files when present,
    the Comprehensive Rules from ``comprehensive-rules.txt`` when present, else short statements."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self._dirs = [Path(directory)] if directory is not None else _rules_dirs()
        self._jt: dict[str, str] | None = None
        self._cr_lines: list[str] | None = None
        self._fr: dict[str, str] | None = None

    def _read(self, name: str) -> str:
        """A shared rules file's text ("" when absent or unreadable)."""
        p = self._find(name)
        try:
            return p.read_text(encoding="utf-8") if p else ""
        except OSError:
            return ""

    def _find(self, name: str) -> Path | None:
        for d in self._dirs:
            p = d / name
            if p.is_file():
                return p
        return None

    def _load_jt(self) -> dict[str, str]:
        if self._jt is None:
            out = dict(JT_TEXT)
            out.update(R_TEXT)
            for fname, pat in (("judge-tower.en.md", r"^- \*\*(JT-[A-Z]\d+)\.\*\*\s*(.*)$"),
                               ("RULINGS.md", r"^- \*\*(R\d+)\b[^*]*\*\*\s*(.*)$")):
                p = self._find(fname)
                if p is None:
                    continue
                try:
                    text = p.read_text(encoding="utf-8")
                except OSError:
                    continue
                cur = None
                for line in text.splitlines():
                    m = re.match(pat, line)
                    if m:
                        cur = m.group(1)
                        out[cur] = m.group(2).strip()
                    elif cur and line.startswith("  ") and line.strip():
                        out[cur] += " " + line.strip()
                    else:
                        cur = None
            self._jt = out
        return self._jt

    def _cr(self, number: str) -> str | None:
        if self._cr_lines is None:
            p = self._find("comprehensive-rules.txt")
            try:
                self._cr_lines = p.read_text(encoding="utf-8").splitlines() if p else []
            except OSError:
                self._cr_lines = []
        for prefix in (number + ".", number + " "):
            for line in self._cr_lines:
                if line.startswith(prefix):
                    return line[len(prefix):].strip()
        return None

    def text(self, rule: str) -> str:
        rule = normalize_rule(rule)
        if rule.startswith("CR "):
            found = self._cr(rule[3:].strip())
            return found or CR_BRIEF.get(rule, "")
        return self._load_jt().get(rule, "")

    def _load_fr(self) -> dict[str, str]:
        """The French texts the shared rules hold: the Judge Tower rules (``judge-tower.fr.md``,
        the original French text) and CR 406 (``cr-406-exile.fr.md``, the 2011 French
        translation, renumbered to today's numbers as that file says: 406.1-406.3 unchanged,
        2011's 406.4-406.7 are today's 406.5-406.8; today's 406.3a, 406.3b and 406.4 have none)."""
        if self._fr is None:
            out: dict[str, str] = {}
            for line in self._read("judge-tower.fr.md").splitlines():
                m = re.match(r"^\*\*(JT-[A-Z]\d+)\.\*\*\s*(.*)$", line.strip())
                if m:
                    out[m.group(1)] = m.group(2).strip()
            for line in self._read("cr-406-exile.fr.md").splitlines():
                m = re.match(r"^\*\*406\.(\d+)\.\*\*\s*(.*)$", line.strip())
                if m:
                    k = int(m.group(1))
                    out[f"CR 406.{k if k <= 3 else k + 1}"] = m.group(2).strip()
            self._fr = out
        return self._fr

    def text_fr(self, rule: str) -> str | None:
        """The rule's French text when the shared rules have one (JT rules, CR 406), else None."""
        return self._load_fr().get(normalize_rule(rule))


def _strip_reminder(text: str) -> str:
    s = text.strip()
    if s.startswith("(") and s.endswith(")"):
        s = s[1:-1]
    return re.sub(r"\s*\([^)]*\)", "", s).strip()


#: keyword abilities that are activated abilities (CR 702: "[Keyword] [cost]" means "[cost]: ..."),
#: each shown by its printed words; reconfigure is two abilities (attach, unattach, CR 702.151a)
_ACTIVATED_KEYWORDS = re.compile(
    r"^(equip|\w*cycling|unearth|crew|ninjutsu|suspend|foretell|level up|outlast|scavenge|reconfigure)\b",
    re.IGNORECASE)
#: the same keywords as the French Oracle prints them (équipement, recyclage, exhumation, équipage,
#: ninjutsu, suspension, présage, montée de niveau, persévérance, récupération, reconfiguration)
_ACTIVATED_KEYWORDS_FR = re.compile(
    r"^(équipement|\w*recyclage|exhumation|équipage|ninjutsu|suspension|présage|montée de niveau|"
    r"persévérance|récupération|reconfiguration)\b", re.IGNORECASE)


#: how each language prints what `_activated_lines` looks for: the equip keyword line, the activated
#: keywords, the keyword that is two abilities, what opens a quoted ability, and what opens a line
#: that is not an activated ability (a trigger, "As ~ enters", a condition)
_PRINTED = {
    "en": (re.compile(r"^Equip(\s|—)"), _ACTIVATED_KEYWORDS, "reconfigure", ('"',),
           re.compile(r"^(When|Whenever|At|As|If)\b")),
    "fr": (re.compile(r"^Équipement(\s|—)"), _ACTIVATED_KEYWORDS_FR, "reconfiguration", ("«", '"'),
           re.compile(r"^(Quand|Lorsque|Chaque fois|Au début|À|Tant que|Si|Dès)\b")),
}


def _activated_lines(text: str | None, lang: str) -> list[str]:
    equip, keywords, twice, quotes, not_activated = _PRINTED[lang]
    out = []
    for raw in (text or "").splitlines():
        line = raw.strip()
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]
        if equip.match(line):                     # not "Equipped creature gets ..."
            out.append(_strip_reminder(line))
            continue
        head = line.split(":", 1)[0] if ":" in line else None
        if head is None:
            # a keyword line ("First strike, haste", "Flying, cycling {2}", "Crew 1")
            for part in _strip_reminder(line).split(", "):
                m = keywords.match(part.strip())
                if m:
                    kw = part.strip()
                    out.extend([kw[0].upper() + kw[1:]] * (2 if m.group(1).lower() == twice else 1))
            continue
        if any(q in head for q in quotes) or not_activated.match(head):
            continue
        out.append(_strip_reminder(line))
    return out


def ability_lines(card) -> list[str]:
    """The printed lines of a card's activated abilities, in order (best effort): "cost: effect"
    lines, and the activated keyword abilities of keyword lines ("Equip {1}", "Cycling {2}",
    "Crew 1", "Foretell {W}", ...)."""
    return _activated_lines(card.text, "en")


def ability_lines_fr(text_fr: str | None) -> list[str]:
    """`ability_lines` read from a card's French printed text ("{T} : Ajoutez {G}.", "Équipement
    {1}"): its activated abilities in order, best effort (the caller uses them only when they are
    as many as the English ones)."""
    return _activated_lines(text_fr, "fr")


def _ordinal(n: int) -> str:
    return ordinal(n)


#: card colours and mana symbols at the terminal (rich styles); black is shown purple, which reads
#: on dark and light backgrounds alike
_COLOR_STYLE = {"W": "bold light_goldenrod2", "U": "bold dodger_blue1", "B": "bold medium_purple1",
                "R": "bold red1", "G": "bold green3"}
_GOLD = "bold gold1"
_MANA = re.compile(r"\{([^{}\s]{1,8})\}")


def _mana_style(symbol: str) -> str:
    colours = [c for c in re.split(r"[/]", symbol.upper()) if c in _COLOR_STYLE]
    if len(colours) == 1:
        return _COLOR_STYLE[colours[0]]
    if colours:
        return _GOLD
    return "bold grey70"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


#: the Oracle line of a mana ability that adds fixed mana ("{T}: Add {G}.", "{T}: Add {W}{W}."),
#: whose French Oracle wording is "{T} : Ajoutez {G}."
_MANA_LINE = re.compile(r"\{T\}: Add ((?:\{[WUBRGC0-9]\})+)\.")

_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def keyword_text(kw: str, lang: str = "en") -> str:
    """A keyword as printed, from the engine's stored form: "protection:B" -> "protection from
    black", "protection:artifacts" -> "protection from artifacts", "landwalk:Forest" ->
    "forestwalk"; a keyword with another parameter ("ward:life:2") -> its words. French
    (``lang="fr"``): the French Oracle's names (the log's glossary, `KEYWORDS_FR`): "vol",
    "protection contre le noir", "traversée des forêts"; a keyword the glossary lacks keeps its
    English name."""
    from judgetower.rules.log_fr.glossary import COLORS_FR, KEYWORDS_FR
    fr = lang == "fr"
    name, _, arg = kw.partition(":")
    word = name.replace("_", " ")
    if fr:
        word = KEYWORDS_FR.get(word, word)
    if not arg:
        return word
    if name == "protection":
        parts = []
        for a in re.split(r"[,/]", arg):
            if not a:
                continue
            if fr:
                parts.append(("le " + COLORS_FR[a]) if a in COLORS_FR else a.replace("_", " "))
            else:
                parts.append(_COLOR_WORDS.get(a, a.replace("_", " ")))
        joined = parts[0] if parts else ""
        for p in parts[1:]:
            joined = tr("{a} and from {b}", lang, a=joined, b=p)
        return tr("protection from {what}", lang, what=joined)
    if name == "landwalk":
        english = arg.lower().replace(" ", "") + "walk"
        return KEYWORDS_FR.get(english, english) if fr else english
    return " ".join([word] + [a.replace("_", " ") for a in arg.split(":") if a])


class TerminalUI:
    """One person's seat at the terminal table. ``lang``: "en" or "fr" (issue 18): every text the
    table writes comes from `judgetower.ui.text` in that language, card names in their French
    printing (the log's ``names_fr``), the log lines in French (`LogEvent.render`)."""

    def __init__(self, game, human: int = 0, *, input_fn: Callable[[str], str] | None = None,
                 out: TextIO | None = None, use_rich: bool | None = None, log_lines: int = 8,
                 rulebook: RuleBook | None = None, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"lang {lang!r} is not one of {', '.join(LANGS)}")
        self.game = game
        self.human = human
        self.lang = lang
        self.names_fr: dict[str, str] = getattr(getattr(game, "log", None), "names_fr", None) or {}
        self.input_fn = input_fn or input
        self.out = out or sys.stdout
        self.log_lines = log_lines
        self.rules = rulebook or RuleBook()
        self.console = None
        self._declared: tuple[tuple, list[str]] = ((), [])   # this declaration's picks so far
        self._free_pick = False   # a pick of this declaration had another option (start again: a new one)
        self._damage_rest: tuple[str, str] | None = None   # "all N": (the damage prompt, the option's label)
        self._shown = 0        # the number of the last log event shown to the person
        self._asked = False    # a dispute or a vote was asked (the table's hooks) since last looked
        self._name_re: re.Pattern | None = None
        self._name_style: dict[str, str] = {}
        if use_rich is None:
            use_rich = hasattr(self.out, "isatty") and self.out.isatty()
        if use_rich:
            try:
                from rich.console import Console
                # colours (card colours, mana symbols); lines wrapped between words at the
                # terminal's width, never inside a word (soft_wrap=False: rich wraps)
                self.console = Console(file=self.out, highlight=False, soft_wrap=False, emoji=False,
                                       markup=False, force_terminal=True)
            except ImportError:
                self.console = None

    # ------------------------------------------------------------------ words
    def t(self, key: str, **params: Any) -> str:
        """A text of the table in the person's language (`judgetower.ui.text`)."""
        return tr(key, self.lang, self.names_fr, **params)

    def tn(self, n: int, one: str, many: str, **params: Any) -> str:
        """``one`` or ``many`` by the number ``n`` (French: 0 and 1 are singular)."""
        single = n in (0, 1) if self.lang == "fr" else n == 1
        return self.t(one if single else many, n=n, **params)

    @property
    def semicolon(self) -> str:
        """What separates the items of a list: "; " (French typography: " ; ")."""
        return " ; " if self.lang == "fr" else "; "

    def term(self, word: str) -> str:
        """A game term (a step, a zone, a counter kind, a creature type) in the person's language:
        French from the log's glossary (`judgetower.rules.log_fr.glossary`), else as it is."""
        if self.lang != "fr":
            return word
        from judgetower.rules.log_fr.glossary import GLOSSARY
        return GLOSSARY.get(word, word)

    def card_name(self, name: str) -> str:
        """A card's English name as the person reads it (French: its French printing)."""
        return self.names_fr.get(name, name) if self.lang == "fr" else name

    def prompt_text(self, d: Decision) -> str:
        """The decision's prompt in the person's language (a `Message` prompt has its French;
        a plain string prompt is shown as it is)."""
        return render(d.prompt, self.lang, self.names_fr)

    def _vname(self, o: dict) -> str:
        """The name of an object of the view (``game.view``) in the person's language."""
        name = o.get("name", "")
        if self.lang != "fr":
            return name
        if o.get("face_down") and name == "face-down card":
            return self.t("face-down card")
        obj = self.game.objects.get(o.get("id"))
        # a face-down card the person may look at is named by the view (CR 406.3a): its French name
        if obj is not None and not getattr(obj, "face_down", False):
            if isinstance(obj, StackAbility) or getattr(obj, "name", None) == name:
                return render(obj, "fr", self.names_fr)     # tokens: "jeton Bête"; abilities: "capacité de X"
        return self.names_fr.get(name, name)

    def _targets_text(self, o: dict) -> list[str]:
        """The targets of a spell or ability of the view, in the person's language."""
        if self.lang != "fr":
            return list(o.get("targets") or [])
        obj = self.game.objects.get(o.get("id"))
        if obj is None or not getattr(obj, "targets", None):
            return [self.names_fr.get(t, t) for t in o.get("targets") or []]
        return [render(self.game.target_said(t), "fr", self.names_fr) for ts in obj.targets for t in ts]

    def rule_text(self, rule: str) -> str:
        """A rule's text in the person's language: the French JT rules and CR 406 where the
        shared rules have them; else the English text, quoted and said to be English."""
        english = self.rules.text(rule)
        if self.lang != "fr":
            return english
        french = self.rules.text_fr(rule)
        if french:
            return french
        return self.t("{english} (English text: this rule has no French version here)", english=english) \
            if english else ""

    # ------------------------------------------------------------------ output
    def write(self, text: str = "", style: str | None = None) -> None:
        if self.console is not None:
            self.console.print(self.rich_text(text, style))
        else:
            self.out.write(text + "\n")
        try:
            self.out.flush()
        except (AttributeError, ValueError):
            pass

    def rich_text(self, text: str, style: str | None = None):
        """``text`` as a rich ``Text``: mana symbols in their colours ({W} {U} {B} {R} {G},
        generic and colourless grey) and card names in their card's colour (gold: several)."""
        from rich.text import Text
        t = Text(text, style=style or "")
        for m in _MANA.finditer(text):
            t.stylize(_mana_style(m.group(1)), m.start(), m.end())
        names = self._names()
        if names is not None:
            for m in names.finditer(text):
                st = self._name_style.get(m.group(0))
                if st:
                    t.stylize(st, m.start(), m.end())
        return t

    def _names(self) -> re.Pattern | None:
        """A pattern matching the names of the game's cards that have a colour (built once;
        French: their French names too)."""
        if self._name_re is None:
            styles: dict[str, str] = {}
            for o in list(self.game.objects.values()):
                card = getattr(o, "card", None)
                colors = tuple(getattr(card, "colors", None) or ())
                if card is None or not colors or not card.name:
                    continue
                styles[card.name] = _COLOR_STYLE[colors[0]] if len(colors) == 1 else _GOLD
                if self.lang == "fr":
                    fr = self.names_fr.get(card.name) or getattr(card, "name_fr", None)
                    if fr:
                        styles[fr] = styles[card.name]
            self._name_style = styles
            names = sorted(styles, key=len, reverse=True)
            self._name_re = (re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")
                             if names else re.compile(r"(?!x)x"))
        return self._name_re

    def write_lines(self, lines) -> None:
        for item in lines:
            if isinstance(item, tuple):
                self.write(*item)
            else:
                self.write(item)

    # ------------------------------------------------------------------ names
    def _pname(self, p: int) -> str:
        return self.t("you") if p == self.human else self.game.players[p].name

    def object_name(self, oid: Any) -> str:
        """An object's name as the person may see it (face-down cards stay hidden)."""
        g = self.game
        if isinstance(oid, PID):
            return self._pname(oid.index)
        o = g.objects.get(oid) if isinstance(oid, int) else None
        if o is None:
            return f"#{oid}"
        if getattr(o, "face_down", False) and self.human not in getattr(o, "may_look", ()):
            return self.t("a face-down card")
        if self.lang == "fr":
            if isinstance(o, StackAbility) or o.card is None:
                return render(o, "fr", self.names_fr)
            return self.card_name(o.card.name)
        if isinstance(o, StackAbility):
            return o.name
        return o.card.name if o.card is not None else o.name

    def object_label(self, oid: Any) -> str:
        """Name plus where it is, whose it is, and (on the battlefield) P/T and tapped."""
        g = self.game
        if isinstance(oid, PID):
            p = oid.index
            return self.t("you (player)") if p == self.human else self.t("{name} (player)", name=g.players[p].name)
        o = g.objects.get(oid) if isinstance(oid, int) else None
        name = self.object_name(oid)
        if o is None:
            return name
        mine = o.controller == self.human
        if isinstance(o, StackAbility) or o.zone == "stack":
            return (self.t("{name} (on the stack, your)", name=name) if mine else
                    self.t("{name} (on the stack, {owner})", name=name, owner=Poss(g.players[o.controller].name)))
        zone = o.zone
        if zone == "battlefield":
            bits = [self.t("yours") if mine else self.t("{owner}", owner=Poss(g.players[o.controller].name))]
            ch = g.chars(o)
            if "Creature" in ch.types:
                bits.append(f"{ch.power}/{ch.toughness}")
            if o.tapped:
                bits.append(self.t("tapped"))
            return f"{name} ({', '.join(bits)})"
        owned = o.owner == self.human
        if zone == "hand":
            return (self.t("{name} (your hand)", name=name) if owned else
                    self.t("{name} ({owner} hand)", name=name, owner=Poss(g.players[o.owner].name)))
        if zone in ("library", "graveyard"):
            if g.zone_shared(zone, o.owner):
                return self.t("{name} (the shared " + zone + ")", name=name)
            if owned:
                return self.t("{name} (your " + zone + ")", name=name)
            return self.t("{name} ({owner} " + zone + ")", name=name, owner=Poss(g.players[o.owner].name))
        return self.t("{name} ({zone})", name=name, zone=self.term(zone))

    def _ability_text(self, o, index: int) -> str:
        """The printed line of an object's ``index``-th activated ability. French: the line of
        the card's French printed text when the card data has it (and it holds as many such
        lines), else the English Oracle line quoted (a quotation of the card)."""
        g = self.game
        abilities = g.activated_abilities(o)
        card = getattr(o, "card", None)
        lines = ability_lines(card) if card is not None else []
        if len(lines) == len(abilities) and 0 <= index < len(lines):
            if self.lang != "fr":
                return lines[index]
            french = ability_lines_fr(getattr(card, "text_fr", None))
            if len(french) == len(lines):
                return french[index]
            m = _MANA_LINE.fullmatch(lines[index])
            if m:   # "{T}: Add {G}." (a basic land's intrinsic ability, CR 305.6): the French Oracle's words
                return f"{{T}} : Ajoutez {m.group(1)}."
            return self.t("\u201c{text}\u201d", text=lines[index])
        return self.t("its {nth} activated ability (of {n}; type help, or see the card)",
                      nth=Ord(index + 1), n=len(abilities))

    def label(self, d: Decision, opt: Any) -> str:
        """A readable label for one option of ``d`` (card names, not ids)."""
        g, kind, t = self.game, d.kind, self.t
        if isinstance(opt, Pass):
            return t("Pass priority")
        if isinstance(opt, PlayLand):
            o = g.objects.get(opt.obj)
            if getattr(opt, "face", None) is not None and o is not None and o.card is not None:
                return t("Play land: {name} (a face of {card})", name=self._face_name(o.card.faces[opt.face]),
                         card=self.object_name(opt.obj))
            return t("Play land: {name}", name=self.object_name(opt.obj))
        if isinstance(opt, Cast):
            o = g.objects.get(opt.obj)
            card = o.card if o is not None else None
            if getattr(opt, "face", None) is not None and card is not None:
                # faces: the face cast (its options are shown to its owner only, like the hand)
                face = card.faces[opt.face]
                cost = f" {face.mana_cost}" if face.mana_cost else ""
                return t("Cast {name}{cost} (a face of {card})", name=self._face_name(face), cost=cost,
                         card=self.object_name(opt.obj))
            cost = f" {o.card.mana_cost}" if o is not None and o.card is not None and o.card.mana_cost else ""
            return t("Cast {name}{cost} by its alternative cost" if opt.alternative else "Cast {name}{cost}",
                     name=self.object_name(opt.obj), cost=cost)
        if isinstance(opt, Activate):
            o = g.objects.get(opt.obj)
            text = (self._ability_text(o, opt.index) if o is not None
                    else t("its {nth} activated ability", nth=Ord(opt.index + 1)))
            return t("Activate {name}: {text}", name=self.object_name(opt.obj), text=text)
        if isinstance(opt, Attack):
            return t("Attack with {creature} -> {defender}", creature=self.object_label(opt.creature),
                     defender=self.object_label(opt.defender))
        if isinstance(opt, Block):
            return t("Block {attacker} with {blocker}", attacker=self.object_label(opt.attacker),
                     blocker=self.object_label(opt.blocker))
        if isinstance(opt, Done):
            return t({"attackers": "Done: no more attackers", "blockers": "Done: no more blockers",
                      "target": "Done: no more targets", "cards": "Done: no more cards"}.get(kind, "Done"))
        if isinstance(opt, Reset):
            return t("Start the declaration again")
        if isinstance(opt, Divide):   # CR 601.2d: an amount per target, in the order chosen
            targets = list(d.context.get("targets") or [])
            return self.semicolon.join(t("{n} to {target}", n=n, target=self.object_label(x))
                                       for n, x in zip(opt.amounts, targets))
        if isinstance(opt, Split):
            parts = []
            for what, ids in (("top", opt.top), ("bottom", opt.bottom), ("graveyard", opt.graveyard)):
                if ids:
                    parts.append(t(what + ": {cards}", cards=", ".join(self.object_name(i) for i in ids)))
            if not parts:
                return t("(nothing)")
            joined = self.semicolon.join(parts)
            return t("{parts} (top first)", parts=joined) if len(opt.top) > 1 else joined
        if isinstance(opt, PID):
            return self.object_label(opt)
        if isinstance(opt, bool):
            return t({"may": ("Yes", "No"), "pay": ("Pay", "Don't pay"), "buyback": ("Pay buyback", "Don't pay buyback"),
                      "phyrexian": ("Pay 2 life", "Pay mana")}.get(kind, ("Yes", "No"))[0 if opt else 1])
        if isinstance(opt, int):
            if kind == "x":
                return t("X = {n}", n=opt)
            if kind == "kicker":
                return t("Don't kick") if opt == 0 else self.tn(opt, "Kick {n} time", "Kick {n} times")
            if kind == "mode":   # a modal spell's mode by its printed text (CR 700.2), never an object's id
                texts = d.context.get("texts") or ()
                if 0 <= opt < len(texts):
                    text = texts[opt]
                    shown = (self.t("\u201c{text}\u201d", text=text) if self.lang == "fr" and isinstance(text, str)
                             else render(text, self.lang, self.names_fr))
                    return t("Mode {n}: {text}", n=opt + 1, text=shown)
                return t("Mode {n}", n=opt + 1)
            if kind == "trigger_order":
                names = self._trigger_names(d)
                return (t("Put {name} on the stack next", name=self.card_name(names[opt])) if opt < len(names)
                        else t("Trigger {n}", n=opt))
            return self.object_label(opt)
        if isinstance(opt, str) and kind == "color" and len(opt) > 1:   # "{W}{U}" (manaab)
            return "".join("{%s}" % x for x in opt)
        if isinstance(opt, str) and kind == "color":
            if self.lang == "fr":
                from judgetower.rules.log_fr.glossary import COLORS_FR
                colour = COLORS_FR.get(opt, opt)
                return t("{colour} ({symbol})", colour=colour[:1].upper() + colour[1:], symbol=opt)
            return f"{COLOR_NAMES.get(opt, opt)} ({opt})"
        if self.lang == "fr" and isinstance(opt, str):
            if opt == "defender":
                return t("defender")
            return self.term(opt)   # a creature type, a term (the glossary)
        return str(opt)

    def _face_name(self, face) -> str:
        name = face.name
        if self.lang == "fr":
            return self.names_fr.get(name) or getattr(face, "name_fr", None) or name
        return name

    @staticmethod
    def _trigger_names(d: Decision) -> list[str]:
        _, _, tail = str(d.prompt).partition("? ")
        return [re.sub(r"^\d+:\s*", "", part) for part in tail.split("; ")] if tail else []

    # ------------------------------------------------------------------ the table
    def state_lines(self, recent: bool = False) -> list:
        """The table as the person sees it. ``recent``: also the last ``log_lines`` log lines
        (`ask` shows every event since the person's last decision instead)."""
        g, me, t = self.game, self.human, self.t
        v = g.view(me)
        lines: list = []
        step = v["step"].replace("_", " ")
        lines.append((t("=== Turn {turn}: {active} turn, {step} ===", turn=v["turn"], active=Poss(v["active"]),
                        step=self.term(step)), "bold"))
        shared = g.zone_shared("library", me)
        rows = [tuple(t(w) for w in ("player", "life", "shame", "hand") + (() if shared else ("library",)))]
        for i, pv in enumerate(v["players"]):
            name = pv["name"]
            if i == me:
                name = t("{name} (you)", name=name)
            if pv["lost"]:
                name = t("{name} [out]", name=name)
            row = (name, pv["life"], str(pv["shame"]), str(pv["hand_count"]))
            rows.append(row + (() if shared else (str(pv["library_count"]),)))
        widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
        for n, r in enumerate(rows):
            lines.append(("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip(), "bold" if n == 0 else None))
        if shared:
            pv = v["players"][me]
            lines.append(self.tn(pv["library_count"], "Shared library: {n} card", "Shared library: {n} cards"))
            lines.append(self._zone_line(t("Shared graveyard"), pv["graveyard"]))
        else:
            for pv in v["players"]:
                lines.append(self._zone_line(t("{owner} graveyard", owner=Poss(pv["name"])), pv["graveyard"]))
        lines.append(self._zone_line(t("Exile"), v["exile"]))
        piles = v.get("exile_piles") or []
        labels = self._pile_labels(piles)
        for pile, label in zip(piles, labels):     # R20: exiled cards an object can still find
            if pile.get("referenced") and pile.get("cards"):
                lines.append(t("  {label}: {names}", label=label,
                               names=", ".join(self._vname(o) for o in pile["cards"])))
        lines.append((t("Battlefield:"), "bold"))
        for i, pv in enumerate(v["players"]):
            perms = [o for o in v["battlefield"] if o.get("controller") == pv["name"]]
            who = t("{name} (you)", name=pv["name"]) if i == me else pv["name"]
            lines.append(t("  {who}: {perms}", who=who,
                           perms=", ".join(self._perm_text(o, v["battlefield"]) for o in perms) if perms else "-"))
        if v["stack"]:
            lines.append((t("Stack (top first):"), "bold"))
            for o in reversed(v["stack"]):
                targets = self._targets_text(o)
                tg = f" -> {', '.join(targets)}" if targets else ""
                lines.append(f"  {self._vname(o)} ({o.get('controller', '?')}){tg}")
        else:
            lines.append(t("Stack: empty"))
        hand = v["players"][me].get("hand", [])
        lines.append((t("Your hand: {cards}", cards=", ".join(self._hand_text(o) for o in hand)) if hand
                      else t("Your hand: empty"), "cyan"))
        if self.log_lines and recent:
            if self.lang == "fr":
                shown = [e.render("fr") for e in g.log.for_player(me)][-self.log_lines:]
            else:
                shown = v["log"][-self.log_lines:]
            if shown:
                lines.append((t("Recent log:"), "bold"))
                lines.extend((line, "dim") for line in shown)
        return lines

    def _pile_labels(self, piles: list[dict]) -> list[str]:
        """The exile piles' labels (CR 406.4, 406.5, R20). English: the engine's. French: made
        here from the pile's kind and its exiling object (`Game.exile_piles`, the piles of the
        view in the same order); a kind without French keeps the engine's English label."""
        if self.lang != "fr":
            return [p.get("label", "linked") for p in piles]
        g, out = self.game, []
        try:
            raw = g.exile_piles()
        except Exception:    # a label never breaks the table
            raw = []
        for i, pile in enumerate(piles):
            label = pile.get("label") or self.t("linked")
            src = raw[i] if i < len(raw) else None
            holder = g.objects.get(src.get("source")) if src is not None and src.get("source") is not None else None
            kind = src.get("kind") if src is not None else None
            if holder is not None and kind is not None:
                name = render(holder, "fr", self.names_fr)
                ctl = g.players[holder.controller].name
                if kind == "until":
                    label = self.t("until {name} leaves the battlefield", name=name)
                elif kind == "adventure" and getattr(holder, "adventure_player", None) is not None:
                    label = self.t("on an adventure: {player} may cast it",
                                   player=g.players[holder.adventure_player].name)
                elif kind == "delayed":
                    label = self.t("exiled with {name} ({controller}): returns at the beginning of the next end step",
                                   name=name, controller=ctl)
                elif not kind.startswith("exilecast") and not kind.startswith("exile_cast"):
                    label = self.t("exiled with {name} ({controller})", name=name, controller=ctl)
            out.append(label)
        return out

    def _zone_line(self, title: str, objs: list[dict]) -> str:
        if not objs:
            return self.t("{title}: empty", title=title)
        names = [self._vname(o) for o in objs]
        shown = names[-12:]
        more = self.t("... ({n} more), ", n=len(names) - len(shown)) if len(names) > len(shown) else ""
        return self.t("{title} ({n}): {more}{names}", title=title, n=len(names), more=more, names=", ".join(shown))

    def _hand_text(self, o: dict) -> str:
        obj = self.game.objects.get(o["id"])
        cost = obj.card.mana_cost if obj is not None and obj.card is not None and obj.card.mana_cost else ""
        return self._vname(o) + (f" {cost}" if cost else "")

    def _perm_text(self, o: dict, field: list[dict] | None = None) -> str:
        """A permanent as the table shows it: P/T, damage, tapped, counters, keywords as printed,
        what it is attached to and what is attached to it, whom it attacks, what it blocks and
        what blocks it (``field``: the battlefield of the view, for the last two kinds)."""
        t = self.t
        s = self._vname(o)
        field = field or []
        bits = []
        if "power" in o:
            bits.append(f"{o['power']}/{o['toughness']}")
            if o.get("damage"):
                bits.append(t("{n} damage", n=o["damage"]) if self.lang != "fr" or o["damage"] == 1
                            else t("{n} damages", n=o["damage"]))
            if o.get("sick"):
                bits.append(t("summoning sick"))
        if o.get("tapped"):
            bits.append(t("tapped"))
        for k, n in sorted((o.get("counters") or {}).items()):
            bits.append(self.tn(n, "{n} {kind} counter", "{n} {kind} counters", kind=self.term(k)))
        if o.get("keywords"):
            bits.append(", ".join(keyword_text(k, self.lang) for k in o["keywords"]))
        if o.get("attached_to") is not None:
            bits.append(t("attached to {name}", name=self.object_name(o["attached_to"])))
        if o.get("attached_to_player"):
            bits.append(t("attached to {name}", name=o["attached_to_player"]))
        attached = [self._vname(x) for x in field if x.get("attached_to") == o.get("id")]
        if attached:
            bits.append(t("with {names} attached", names=", ".join(attached)))
        if o.get("attacking"):
            bits.append(t("attacking {who}", who=self._attacked(o)))
        if o.get("blocking"):
            bits.append(t("blocking {names}", names=", ".join(self.object_name(b) for b in o["blocking"])))
        blockers = [self._vname(x) for x in field if o.get("id") in (x.get("blocking") or ())]
        if blockers:
            bits.append(t("blocked by {names}", names=", ".join(blockers)))
        return s + (f" [{self.semicolon.join(bits)}]" if bits else "")

    def _attacked(self, o: dict) -> str:
        """Whom an attacking creature of the view attacks, in the person's language."""
        if self.lang == "fr":
            obj = self.game.objects.get(o.get("id"))
            if obj is not None and getattr(obj, "attacking", None) is not None:
                return render(self.game.target_said(obj.attacking), "fr", self.names_fr)
        return o["attacking"]

    PROMPT_HELP = "Type a number, or help, log, state, rule ID, shame, calls, quit."
    JUDGE_HELP = ("Judge mode: call PLAYER RULE [EVENT] (e.g. call Bot 1 JT-C5 120) calls an error; "
                  "rule ID shows a rule's text; shame shows the shame table; calls lists the calls.")

    def decision_lines(self, d: Decision) -> list:
        t = self.t
        lines: list = [(t("Your decision: {prompt}", prompt=self.prompt_text(d)) + (f"  [{d.rule}]" if d.rule else ""),
                        "bold yellow")]
        picks = self._picks(d)
        if picks:
            lines.append(t("  declared so far: {picks}", picks=self.semicolon.join(picks)))
        for n, opt in enumerate(self.shown_options(d), 1):
            lines.append(f"  {n:>2}. {self.label(d, opt)}")
        if d.kind == "damage" and len(d.options) > 1:
            lines.append((t("  (all N: every remaining point of this damage to choice N at once)"), "dim"))
        forced = self.forced_notes(d)
        if forced:
            lines.append((t("  (forced: {rules}; type help for why)", rules=", ".join(r for r, _ in forced)), "magenta"))
        lines.append((t(self.PROMPT_HELP), "dim"))
        if getattr(self.game.rules, "mode", None) == "judge":
            lines.append((t(self.JUDGE_HELP), "dim"))
        return lines

    @staticmethod
    def option_order(d: Decision) -> list:
        """The options as numbered at the table: the engine's order, except that passing
        priority, "start the declaration again" and "Done" come last, so that an option has the
        same number in referee and judge mode (judge mode also offers the ones a Judge Tower
        rule forbids, e.g. passing while an action is possible, JT-P1)."""
        def last(o) -> int:
            return 3 if isinstance(o, Done) else 2 if isinstance(o, Reset) else 1 if isinstance(o, Pass) else 0
        return sorted(d.options, key=last)

    def _decl_key(self, d: Decision) -> tuple:
        g = self.game
        return (g.turn, g.step, d.kind, d.player, re.sub(r"\d+", "", str(d.prompt)))

    def _picks(self, d: Decision) -> list[str]:
        key, picks = self._declared
        return picks if d.kind in ("attackers", "blockers", "target") and key == self._decl_key(d) else []

    def _remember(self, d: Decision, choice: Any) -> None:
        """Attackers, blockers and targets are declared one at a time: keep the picks to show them."""
        if d.kind not in ("attackers", "blockers", "target") or isinstance(choice, (Done, Reset)):
            self._declared = ((), [])
            self._free_pick = False
            return
        key = self._decl_key(d)
        picks = self._declared[1] if self._declared[0] == key else []
        free = sum(1 for o in d.options if not isinstance(o, Reset)) > 1
        self._free_pick = (self._free_pick if picks else False) or free
        self._declared = (key, picks + [self.label(d, choice)])

    def shown_options(self, d: Decision) -> list:
        """The options numbered at the table (`option_order`), without "start the declaration
        again" when every pick so far was forced (JT-C5, JT-C6, CR 509.1c): starting again could
        only rebuild the same declaration."""
        opts = self.option_order(d)
        if d.kind in ("attackers", "blockers") and not (self._free_pick and self._picks(d)):
            opts = [o for o in opts if not isinstance(o, Reset)]
        return opts or self.option_order(d)

    # ------------------------------------------------------------------ help
    def forced_notes(self, d: Decision) -> list[tuple[str, str]]:
        """The Judge Tower rules that removed options from ``d``: (rule, explanation) pairs."""
        g, t = self.game, self.t
        if not hasattr(g.rules, "why_illegal"):
            return []
        notes: list[tuple[str, str]] = []

        def why(choice) -> str:
            try:
                return g.why_illegal(d, choice) or ""
            except Exception:   # an explanation must never break the table
                return ""

        if d.kind == "priority":
            if Pass() not in d.options:
                notes.append(("JT-P1", t("You cannot pass priority while you have another legal action "
                                         "(JT-P1, ruling R11): take one of the actions below.")))
            try:
                full = g.legal_actions(d.player)
            except Exception:
                full = []
            for a in full:
                if a in d.options:
                    continue
                rule = why(a)
                if not rule.startswith("JT-"):
                    continue
                what = self.label(d, a)
                reason = {"JT-C1": "its alternative cost must be used when able (JT-C1, R9)",
                          "JT-P2": "a later printed ability of the same object must be used first (JT-P2, R12)",
                          "JT-P1": "it was already activated this turn (JT-P1, R11)"}.get(rule)
                notes.append((rule, t("Not offered: {what}: {reason}.", what=what,
                                      reason=t(reason) if reason else rule)))
        elif d.kind in ("attackers", "blockers") and Done() not in d.options:
            rule = why(Done())
            if rule.startswith("JT-"):
                notes.append((rule, t("You cannot stop declaring: every creature that can attack must attack "
                                      "(JT-C5, ruling R9)." if d.kind == "attackers" else
                                      "You cannot stop declaring: every creature that can block must block "
                                      "(JT-C5, ruling R9).")))
        elif d.kind in ("target", "cards") and Done() not in d.options and getattr(g.rules, "max_targets", False):
            spec = d.context.get("spec")
            if spec is not None and (spec.count_max is None or spec.count_max > spec.count_min):
                notes.append(("JT-C3", t("You must choose as many targets as possible (JT-C3, ruling R9).")))
        elif d.kind in ("x",):
            notes.append(("JT-C2", t("An arbitrarily large number is 5 (JT-C2).")))
        return notes

    def help_lines(self, d: Decision) -> list:
        t = self.t
        lines: list = [(t("Decision: {prompt}", prompt=self.prompt_text(d)), "bold")]
        for rule in [r.strip() for r in (d.rule or "").split(",") if r.strip()]:
            text = self.rule_text(rule)
            lines.append(t("Rule {rule}: {text}", rule=rule, text=text) if text else t("Rule {rule}.", rule=rule))
        if not d.rule:
            lines.append(t("Rule: (the engine cites no rule for this decision)"))
        for rule, why in self.forced_notes(d):
            lines.append((why, "magenta"))
            text = self.rule_text(rule)
            if text:
                lines.append(t("  {rule}: {text}", rule=rule, text=text))
            ruling = {"JT-P1": "R11", "JT-P2": "R12", "JT-C1": "R9", "JT-C3": "R9", "JT-C5": "R9"}.get(rule)
            if ruling and self.rules.text(ruling):
                lines.append(t("  {rule}: {text}", rule=ruling, text=self.rule_text(ruling)))
        return lines

    def log_text(self, n: int | None) -> list:
        events = self.game.log.for_player(self.human)
        chosen = events if n is None else events[-n:]
        return [e.render(self.lang) for e in chosen] or [self.t("(the log is empty)")]

    # ------------------------------------------------------------------ following the game
    def new_events(self) -> list:
        """The log events the person may read that were not shown to them yet."""
        return [e for e in self.game.log.for_player(self.human) if e.number > self._shown]

    def show_new_events(self, title: str | None = None, style: str | None = "dim") -> int:
        """Write every event the person may read since the last ones shown (all of them: the
        turns, steps, spells, attacks, damage, zone changes and calls of everyone), then mark
        them shown. ``title``: a template of `judgetower.ui.text` ({first}, {last}, {n}).
        Returns how many were written."""
        events = self.new_events()
        if not events:
            return 0
        if title:
            self.write(template(title, self.lang).format(first=events[0].number, last=events[-1].number,
                                                         n=len(events)), "bold")
        for e in events:
            self.write(e.render(self.lang), style)
        self._shown = events[-1].number
        return len(events)

    # ------------------------------------------------------------------ the prompt
    def _word(self, word: str) -> str:
        """A command word as typed -> the command (French words work under --lang fr, and the
        English ones in both languages)."""
        low = word.lower()
        return COMMANDS_FR.get(low, low) if self.lang == "fr" else low

    def ask(self, d: Decision) -> Any:
        """Show what happened since the person's last decision, the table and the options; read
        until the person picks one (returns it) or quits (returns ``QUIT``). Nothing the person
        types changes the game but a valid number (and, in judge mode, a call)."""
        t = self.t
        if self._damage_rest is not None:   # "all N": the rest of this damage, one point at a time (CR 510.1c)
            prompt, label = self._damage_rest
            same = [o for o in d.options if d.kind == "damage" and str(d.prompt) == prompt and self.label(d, o) == label]
            if same:
                return same[0]
            self._damage_rest = None
        self.write()
        self.show_new_events("Since your last decision (log events {first}-{last}):"
                             if self._shown else "The game so far (log events {first}-{last}):")
        self.write_lines(self.state_lines())
        self.write_lines(self.decision_lines(d))
        n = len(self.shown_options(d))
        while True:
            try:
                raw = self.input_fn("> ")
            except (EOFError, KeyboardInterrupt):
                self.write()
                return QUIT
            text = (raw or "").strip()
            low = self._word(text)
            if not text:
                self.write(t("Type a number from 1 to {n}, or help, log, state, rule ID, shame, calls, quit.", n=n),
                           "red")
                continue
            if low in ("quit", "q", "exit"):
                return QUIT
            if low in ("help", "h", "?"):
                self.write_lines(self.help_lines(d))
                continue
            if low == "state":
                self.write_lines(self.state_lines())
                self.write_lines(self.decision_lines(d))
                continue
            if self.command(text):
                continue
            words = text.split()
            if d.kind == "damage" and len(words) == 2 and self._word(words[0]) == "all" and words[1].isdigit():
                k = int(words[1])
                if 1 <= k <= n:
                    choice = self.shown_options(d)[k - 1]
                    self._damage_rest = (str(d.prompt), self.label(d, choice))
                    return choice
                self.write(t("There is no choice {k}: type a number from 1 to {n}.", k=k, n=n), "red")
                continue
            if text.isdigit():
                k = int(text)
                if 1 <= k <= n:
                    choice = self.shown_options(d)[k - 1]
                    self._remember(d, choice)
                    return choice
                self.write(t("There is no choice {k}: type a number from 1 to {n}.", k=k, n=n), "red")
                continue
            self.write(t("{text!r} is not a choice: type a number from 1 to {n}, or help, log, state, rule ID, "
                         "shame, calls, quit.", text=text, n=n), "red")

    # ------------------------------------------------------------------ commands (both modes)
    def command(self, text: str) -> bool:
        """``log [N|all]``, ``rule ID``, ``shame``, ``calls`` (any mode) and ``call`` (judge
        mode) at any prompt (French: ``journal [N|tout]``, ``règle ID``, ``honte``,
        ``signalements``, ``signaler``). True when ``text`` was one of them (handled)."""
        words = text.split()
        if not words:
            return False
        head = self._word(words[0])
        g, t = self.game, self.t
        if head == "log":
            arg = " ".join(words[1:]).lower()
            arg = COMMANDS_FR.get(arg, arg) if self.lang == "fr" else arg
            if not arg:
                self.write_lines(self.log_text(40))
            elif arg == "all":
                self.write_lines(self.log_text(None))
            elif arg.isdigit() and int(arg) > 0:
                self.write_lines(self.log_text(int(arg)))
            else:
                self.write(t("log takes a number of lines or 'all', not {arg!r}.", arg=arg), "red")
            return True
        if head == "shame" and len(words) == 1:
            for p in g.players:
                self.write(t("  {name}: shame {shame}", name=p.name, shame=p.shame) + (t("  (lost)") if p.lost else ""))
            self.write(t("  JT-E1: a player whose shame exceeds {n} loses the game.", n=2 * len(g.players)), "dim")
            return True
        if head == "calls" and len(words) == 1:
            j = self._judge()
            if j is None:
                self.write(t("No calls: in referee mode the engine enforces every Judge Tower rule, nobody "
                             "can err, so there is nothing to call (JT-S2; judgetower play --mode judge)."))
                return True
            if not j.calls:
                self.write(t("No calls yet."))
            for c in j.calls:
                outcome = t("upheld, shame added" if c.added else ("upheld" if c.upheld else "rejected"))
                at = t(" at event {event}", event=c.event) if c.event is not None else ""
                self.write(t("  call {number}: {by} called {accused} for {rule}{at}: {outcome}", number=c.number,
                             by=c.by, accused=g.players[c.accused].name, rule=c.rule, at=at, outcome=outcome))
            return True
        if head == "rule":
            if len(words) == 1:
                self.write(t("Usage: rule ID, e.g. rule JT-C5, rule R9, rule CR 117.1 or rule 117.1."), "red")
                return True
            asked = " ".join(words[1:])
            rule = normalize_rule(asked)
            found = self.rule_text(rule)
            self.write(t("{rule}: {text}", rule=rule, text=found) if found else
                       t("No rule {asked!r} is known (JT-G1 ... JT-E2, R1 ... R20, CR numbers like 117.1).",
                         asked=asked))
            return True
        if head == "call":
            if self._judge() is None:
                self.write(t("Calls are for judge mode (judgetower play --mode judge): in referee mode the engine "
                             "enforces every rule, nobody can err (JT-S2)."), "red")
                return True
            self.judge_call(text)
            return True
        return False

    def _judge(self):
        """The game's judge (judge mode: attached on first use), None in referee mode."""
        g = self.game
        if getattr(g, "judge", None) is None and getattr(g.rules, "mode", None) == "judge":
            from judgetower.judge import attach
            attach(g)
        return getattr(g, "judge", None)

    def judge_command(self, text: str) -> bool:
        """Kept for callers of the earlier name: `command`."""
        return self.command(text)

    def judge_call(self, text: str) -> None:
        """``call PLAYER RULE [EVENT]`` (JT-S2, JT-G11; French: ``signaler ...``): the call, then
        the accused's answer and the votes (the table's bots), each log line shown at once."""
        g, j = self.game, self.game.judge
        rest = text.strip()[len(text.split()[0]):].strip()
        # the accused's name may hold spaces ("Bot 1"): the longest player name the text starts with
        names = sorted((p.name for p in g.players), key=len, reverse=True)
        accused = next((n for n in names if rest.lower().startswith(n.lower() + " ")), None)
        args = rest[len(accused):].split() if accused else []
        if len(args) >= 2 and args[0].upper() == "CR":     # "call Bot 1 CR 508.1 120": a rule of two words
            args = [f"{args[0]} {args[1]}"] + args[2:]
        if accused is None or not 1 <= len(args) <= 2 or (len(args) == 2 and not args[1].isdigit()):
            self.write(self.t("Usage: call PLAYER RULE [EVENT], e.g. call Bot 1 JT-C5 120 (the event number is in "
                              "the log)."), "red")
            return
        self.show_new_events()
        try:
            rec = j.call(self.human, accused, normalize_rule(args[0]), int(args[1]) if len(args) == 2 else None)
        except IllegalAction as e:
            self.write(self.t("Refused: {error}", error=e.said(self.lang, self.game.log.names_fr)), "red")
            return
        self.show_new_events(style="yellow")
        table = getattr(self, "table", None)
        if table is not None:
            table.answer(rec)
            self.show_new_events(style="yellow")

    def _answer(self, question: str) -> bool | None:
        """A yes/no question: y/yes or n/no (French: o/oui or n/non); the commands (log, rule,
        shame, calls, help) work meanwhile; anything else asks again. None when the input ends."""
        t = self.t
        while True:
            try:
                raw = self.input_fn(t("{question} [y/n] ", question=question))
            except (EOFError, KeyboardInterrupt):
                self.write()
                return None
            ans = (raw or "").strip()
            low = ans.lower()
            if low in YES[self.lang]:
                return True
            if low in NO[self.lang]:
                return False
            if [self._word(w) for w in low.split()[:1]] != ["call"] and self.command(ans):
                continue
            if self._word(low) in ("help", "h", "?"):
                self.write(t("Answer y (yes) or n (no). Meanwhile: log [N|all], rule ID, shame, calls."), "dim")
                continue
            self.write(t("{ans!r} is not an answer: type y or n (or log, rule ID, shame, calls).", ans=ans), "red")

    def yes_no(self, question: str) -> bool:
        return bool(self._answer(question))

    def ask_dispute(self, rec) -> bool:
        """A bot called you: dispute at once (JT-G11, R15)? Asked only when the call added
        shame: a call already counted, not explained or wrong changes nothing to dispute."""
        g, t = self.game, self.t
        self._asked = True
        self.show_new_events("Meanwhile (log events {first}-{last}):")
        v = rec.violation
        what = (t("event {event}: {what}", event=v.event, what=v.what) if v is not None
                else t("the engine finds no such violation"))
        self.write(t("{by} calls you for {rule} ({what}).", by=rec.by, rule=rec.rule, what=what), "yellow")
        if not rec.added:
            self.write(t("  The call adds no shame (the engine finds no violation): nothing to dispute." if v is None
                         else "  The call adds no shame (that error was already counted, or the rule was never "
                              "explained to you): nothing to dispute."), "dim")
            return False
        text = self.rule_text(rec.rule)
        if text:
            self.write(t("  {rule}: {text}", rule=rec.rule, text=text), "dim")
        self.write(t("  Your shame: {shame}.", shame=g.players[self.human].shame), "dim")
        return self.yes_no(t("Dispute the call? The players still in the game vote (R15)"))

    def ask_vote(self, rec) -> bool:
        t = self.t
        self._asked = True
        self.show_new_events(style="yellow")
        ruling = t("a violation" if rec.engine_ruling else "no violation")
        return self.yes_no(t("Vote on call {number} ({rule} against {accused}; the engine's ruling: {ruling}). "
                             "Uphold it?", number=rec.number, rule=rec.rule,
                             accused=self.game.players[rec.accused].name, ruling=ruling))

    def confirm_save(self, default_path: str | None) -> str | None:
        """Ask where to save the game record; None: don't save."""
        t = self.t
        try:
            if default_path:
                ans = self.input_fn(t("Save the game record to {path}? [Y/n] ", path=default_path)).strip().lower()
                if ans == "" or ans in YES[self.lang]:
                    return default_path
                if ans in NO[self.lang] or self._word(ans) in ("q", "quit"):
                    return None
                return ans  # a file name typed instead
            ans = self.input_fn(t("Save the game record? Type a file name (Enter: don't save): ")).strip()
            if ans.lower() in ("", "n", "no", "q", "quit", "exit") or (
                    self.lang == "fr" and ans.lower() in NO["fr"] + ("quitter",)):
                return None
            return ans
        except (EOFError, KeyboardInterrupt):
            return None


def play_game(game, human: int, agents: dict[int, Any], *, input_fn=None, out=None, record_path: str | None = None,
              use_rich: bool | None = None, log_lines: int = 8, max_bot_decisions: int = 1_000_000,
              auto_pass: bool = True, table=None, lang: str = "en") -> int:
    """Run ``game`` with the person at seat ``human`` and ``agents`` (seat -> bot) at the others.
    Returns 0. The record is saved to ``record_path`` when the game ends, and offered on quit.
    ``auto_pass``: when passing priority is the person's only option, pass without asking (it is
    still a recorded decision); any other forced option (JT-P1) is shown and asked. ``lang``:
    the table's language ("en", "fr")."""
    from judgetower import record as records
    ui = TerminalUI(game, human, input_fn=input_fn, out=out, use_rich=use_rich, log_lines=log_lines, lang=lang)
    if table is not None:   # judge mode: the bots' calls, disputes and votes (JT-S2, JT-G11)
        ui.table = table
        table.human, table.ask_dispute, table.ask_vote = human, ui.ask_dispute, ui.ask_vote
    bot_run = 0
    while True:
        d = game.pending()
        if d is None:
            break
        if d.player == human:
            bot_run = 0
            if auto_pass and d.kind == "priority" and d.options == [Pass()]:
                game.decide(human, Pass())
                continue
            choice = ui.ask(d)
            if choice is QUIT:
                ui.write(ui.t("You leave the table; the game is not finished."))
                path = ui.confirm_save(record_path)
                if path:
                    _save(records, game, path, ui)
                return 0
            try:
                game.decide(human, choice)
            except IllegalAction as e:   # cannot happen with offered options; never corrupt the game
                ui.write(ui.t("Refused: {error}", error=e.said(ui.lang, ui.game.log.names_fr)), "red")
            if table is not None:
                _after(ui, table)
            continue
        game.decide(d.player, agents[d.player].choose(game, d.player))
        if table is not None:
            _after(ui, table)
        bot_run += 1
        if bot_run >= max_bot_decisions:
            ui.write(ui.t("The bots took {n} decisions in a row without you: stopping (unfinished).", n=bot_run), "red")
            break
    ui.write()
    ui.show_new_events("Since your last decision (log events {first}-{last}):")
    ui.write_lines(ui.state_lines())
    ui.write(ui.t("Game over." if game.game_over else "The game stops."), "bold")
    for line in summary_lines(game, lang):
        ui.write(line)
    if record_path:
        _save(records, game, record_path, ui)
    return 0


def _after(ui: TerminalUI, table) -> None:
    """The judge table looks at the last decision (bots call, the accused disputes, all vote);
    when the person was asked to dispute or vote, the outcome is shown at once (R15)."""
    ui._asked = False
    table.after_decision()
    if ui._asked:
        ui.show_new_events(style="yellow")
        ui._asked = False


def _save(records, game, path: str, ui: TerminalUI) -> None:
    try:
        records.save(game, path)
        ui.write(ui.t("Record saved to {path} (judgetower replay {path})", path=path))
    except (OSError, records.RecordError) as e:
        ui.write(ui.t("Could not save the record to {path}: {error}", path=path, error=str(e)), "red")
