"""The terminal table in French (issue 18) and the web table's option labels in French (issue 14).

A judge-mode game is played at the terminal under ``lang="fr"`` with scripted input (every command,
a call, disputes and votes, the summary) and every line of the screen is checked for English: a
line fails when it holds a word of the table's English templates (`judgetower.ui.text`) that no
French template uses, or a common English word, once card names (French printings), player names,
rule IDs, mana symbols and quotations (card text, an English rule text quoted as such, what the
person typed) are taken out. The engine's decision prompts are checked apart: until the engine's
prompts are messages with their French (branch prompts-fr), they are English and that one check is
an expected failure."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from judgetower import cli
from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.ui import text as ui_text
from judgetower.ui.summary import summary_lines
from judgetower.ui.terminal import QUIT, TerminalUI, play_game
from judgetower.variants.judge_tower import new_judge_tower_game

UI = Path(ui_text.__file__).resolve().parent
SRC = UI.parent


def _game(mode="judge", seed=5, players=3, level=3):
    pool = starter_pool()
    specs = [{"name": "Joueuse" if i == 0 else f"Bot {i}", "judge_level": level, "first_game": False}
             for i in range(players)]
    return new_judge_tower_game(pool, pool.names(), specs, seed=seed, mode=mode)


# ---------------------------------------------------------------------------- the table of words

def test_every_template_has_its_french_with_the_same_placeholders():
    assert len(ui_text.FR) > 150
    for key, fr in ui_text.FR.items():
        assert fr.strip(), f"no French for {key!r}"
        assert ui_text.placeholders(fr) == ui_text.placeholders(key), (key, fr)
        key.format(**{p: "x" for p in ui_text.placeholders(key)})      # both are valid templates
        fr.format(**{p: "x" for p in ui_text.placeholders(fr)})


def _literal_keys(path: Path, funcs=("t", "tr", "tn", "template", "show_new_events")) -> list[tuple[int, str]]:
    """The string literals the UI code passes as templates (``t("...")``, ``tr("...")``, the
    titles of ``show_new_events``, both branches of a conditional)."""
    found = []

    def strings(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.IfExp):
            yield from strings(node.body)
            yield from strings(node.orelse)
        elif isinstance(node, ast.Dict):                # t({"may": ("Yes", "No"), ...}.get(kind, ...)[i])
            for v in node.values:
                yield from strings(v)
        elif isinstance(node, ast.Tuple):
            for v in node.elts:
                yield from strings(v)
        elif isinstance(node, ast.Subscript):
            yield from strings(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            yield from strings(node.func.value)
            for v in node.args[1:]:
                yield from strings(v)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name not in funcs or not node.args:
            continue
        args = node.args[1:3] if name == "tn" else node.args[:1]
        for a in args:
            for s in strings(a):
                found.append((node.lineno, s))
    return found


@pytest.mark.parametrize("path", [UI / "terminal.py", UI / "summary.py", SRC / "cli.py"], ids=lambda p: p.name)
def test_every_template_the_ui_writes_is_in_the_table(path):
    keys = _literal_keys(path)
    assert keys, f"{path.name}: no template found (the scan is broken)"
    missing = [(n, k) for n, k in keys if k not in ui_text.FR]
    assert not missing, f"{path.name}: templates without French: {missing}"


# ---------------------------------------------------------------------------- the English detector

def _words(s: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿœŒ]+", s)}


FRENCH_WORDS = set().union(*(_words(v) for v in ui_text.FR.values()))
#: French words that are English words too (the log: "Joueuse exile Divination face cachée")
BOTH = {"exile", "sacrifice", "date", "vote", "menace", "portion", "point"}
#: the English of the table that French never uses, and common English words
ENGLISH = ({w for k in ui_text.FR for w in _words(k) if len(w) >= 3} - FRENCH_WORDS - BOTH) | {
    "the", "your", "you", "pass", "cast", "done", "turn", "with", "and", "for", "has", "priority", "choose",
    "target", "player", "from", "into", "moves", "draws", "card", "cards", "which", "ability", "of", "to"}


class EnglishFinder:
    """Flags a line holding English, once names, rule IDs, mana symbols and quotations are out."""

    def __init__(self, game):
        fr_names = set(game.log.names_fr.values()) | {p.name for p in game.players}
        self.names = sorted(fr_names, key=len, reverse=True)
        # an English card name whose French printing differs, shown instead of the French one
        self.english_names = sorted({en for en, fr in game.log.names_fr.items() if fr and fr != en},
                                    key=len, reverse=True)

    def strip(self, line: str) -> str:
        s = re.sub(r"«[^»]*»", " ", line)                    # quotations: card text, a rule in English
        s = re.sub(r"'[^']*'(?=\s*n'est)", " ", s)           # what the person typed, echoed
        s = re.sub(r"\{[^{}]*\}", " ", s)                     # mana symbols
        s = re.sub(r"\b(CR \d{3}(?:\.\d+[a-z]?)?|JT-[A-Z]\d+|R\d+|H-[A-Z-]+)\b", " ", s)
        s = re.sub(r"judgetower [a-z]+(?: --[a-z-]+(?: \w+)?)*", " ", s)   # a command line, quoted
        return s

    def english(self, line: str) -> list[str]:
        s = self.strip(line)
        hits = []
        for n in self.english_names:
            if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", s) and not any(n in f for f in self.names if f != n):
                hits.append(n)
        for n in self.names:
            s = re.sub(rf"(?<!\w){re.escape(n)}(?!\w)", " ", s)
        hits += sorted(w for w in _words(s) if w in ENGLISH)
        return hits


# ---------------------------------------------------------------------------- a game in French

class FrenchPerson:
    """The person at seat 0, typing in French: each decision is an erring autopilot's choice (its
    number); o/n questions get the scripted answers; ``extra`` commands are typed first."""

    def __init__(self, game, *, extra=(), answers=(), budget=40, seed=2, error_rate=0.5):
        self.game = game
        self.bot = ErringAutopilot(seed, error_rate)
        self.extra, self.answers, self.budget = list(extra), list(answers), budget
        self.prompts: list[str] = []
        self.decisions = 0

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt.startswith("Enregistrer la partie"):
            return "n"
        if prompt.endswith("[o/n] "):
            return self.answers.pop(0) if self.answers else "o"
        if self.extra:
            return self.extra.pop(0)
        if self.decisions >= self.budget:
            return "quitter"
        self.decisions += 1
        d = self.game.pending()
        return str(TerminalUI.option_order(d).index(self.bot.choose(self.game, 0)) + 1)


@pytest.fixture(scope="module")
def french_game():
    g = _game("judge", seed=5, players=3)
    out = io.StringIO()
    table = JudgeTable(g, seed=5, call_rate=1.0, dispute_rate=1.0)
    person = FrenchPerson(g, extra=["aide", "règle JT-C5", "règle R9", "règle 406.6", "règle 117.1", "règle XYZ",
                                    "honte", "appels", "journal 3", "table", "xyz", "99",
                                    "appeler Bot 1 JT-C5", "appeler", "quoi"],
                          answers=["peut-être", "appels", "o", "aide", "n"] * 10, budget=40)
    looked_up: list[str] = []
    real = ui_text.template

    def spy(key, lang="en"):
        looked_up.append(key)
        return real(key, lang)

    ui_text.template = spy
    try:
        bots = {1: ErringAutopilot(11, 0.3), 2: ErringAutopilot(12, 0.3)}
        assert play_game(g, 0, bots, input_fn=person, out=out, table=table, lang="fr") == 0
    finally:
        ui_text.template = real
    return g, out.getvalue(), person, looked_up


PROMPT_LINE = re.compile(r"^(Votre décision : |Décision : )(.*?)(  \[[^\]]*\])?$")
#: a judge-mode log line quoting a decision: "répond {choice} à {prompt}" (the prompt's repr and the
#: choice's str, judge/violations.py): the prompt's part, checked with the prompts
ANSWER = re.compile(r"répond (.*?) à ('.*?'|\".*?\")(?=\))")


def _split_prompts(text: str) -> tuple[list[str], list[str]]:
    """The screen's lines with the engine's prompts taken out (of the decision lines and of the
    judge log's quotations of a decision), and the prompts."""
    lines, prompts = [], []
    for line in text.splitlines():
        m = PROMPT_LINE.match(line)
        if m:
            prompts.append(m.group(2))
            line = m.group(1)
        for a in ANSWER.finditer(line):
            prompts.append(f"{a.group(1)} {a.group(2)}")
        line = ANSWER.sub("répond à", line)
        lines.append(line)
    return lines, prompts


def test_a_judge_game_in_french_has_no_english_line(french_game):
    g, text, person, looked_up = french_game
    assert len(person.prompts) > 60 and g.judge.calls, "the script should reach decisions, calls and questions"
    assert any(p.endswith("[o/n] ") for p in person.prompts), "a dispute or a vote should be asked"
    lines, _ = _split_prompts(text)
    finder = EnglishFinder(g)
    english = [(line, hits) for line in lines if (hits := finder.english(line))]
    assert not english, f"{len(english)} English lines, e.g. {english[:8]}"
    # every part of the screen was reached: the table, options, commands, judge questions, summary
    for expected in ("=== Tour ", "Champ de bataille :", "Votre main", "Passer la priorité",
                     "Tapez un numéro", "Mode arbitrage : appeler JOUEUR", "JT-C5 : Les créatures attaquent",
                     "R9 : «", "CR 406.6 : Un objet peut être imprimé", "Aucune règle 'XYZ' n'est connue",
                     "Joueuse : honte", "appel 1 : Joueuse a appelé Bot 1 pour JT-C5",
                     "'peut-être' n'est pas une réponse", "Répondez o (oui) ou n (non)",
                     "Usage : appeler JOUEUR", "Résultat : ", "Table de la honte (JT-S1, JT-E1) :",
                     "Il n'y a pas de choix 99", "'xyz' n'est pas un choix"):
        assert expected in text, expected
    # every template the game looked up has its French (keys built at run time included)
    assert looked_up and not [k for k in looked_up if k not in ui_text.FR]
    # every log event the person may read is shown, in French; the others' hidden draws are not (R16)
    screen = set(text.splitlines())
    shown = [e for e in g.log.for_player(0) if e.render("fr") in screen]
    assert len(shown) == len(g.log.for_player(0))
    hidden = [e for e in g.log.events if not e.visible(0)]
    assert hidden and not [e for e in hidden if e.render("fr") in screen or e.render() in screen]


def test_the_decision_prompts_of_a_french_game_are_french(french_game):
    g, text, _, _ = french_game
    _, prompts = _split_prompts(text)
    assert prompts
    finder = EnglishFinder(g)
    english = [p for p in prompts if finder.english(p)]
    assert not english, f"{len(english)} English prompts, e.g. {english[:5]}"


def test_the_english_detector_finds_english():
    g = _game()
    finder = EnglishFinder(g)
    assert finder.english("Your hand: empty") and finder.english("  3. Cast Grizzly Bears {1}{G}")
    assert finder.english("Pass priority") and finder.english("Lancer Shock {R}")
    assert not finder.english("   3. Lancer Grizzlis {1}{G}")
    assert not finder.english("Activer Île : « {T}: Add {U}. » (texte anglais de la carte)")


def test_the_french_summary_and_the_english_one_say_the_same():
    # an ordinary game that ends (a Judge Tower game between bots seldom does: JT-G3, JT-E2)
    import random
    from judgetower.agents.random_agent import RandomAgent, play_out
    from judgetower.rules.deck import new_game, random_deck
    pool, rng = starter_pool(), random.Random(2)
    g = new_game(pool, {n: random_deck(pool, rng) for n in ("A", "B")}, seed=2)
    play_out(g, [RandomAgent(62 + i, pass_bias=0.5) for i in range(2)])
    en, fr = summary_lines(g), summary_lines(g, "fr")
    assert len(en) == len(fr) and en != fr
    finder = EnglishFinder(g)
    assert not [line for line in fr if finder.english(line)], fr
    assert fr[0].startswith("Résultat : ") and any(line.startswith("Table de la honte") for line in fr)
    # the same figures
    assert re.findall(r"\d+", "".join(en[2:])) == re.findall(r"\d+", "".join(fr[2:]))
    # the end reason: the reason's part of the French line that ended the game (CR 104)
    from judgetower.ui.summary import end_text
    assert g.game_over
    end = [e for e in g.log.events if e.key == "The game ends; winner: {winners} ({reason})"][-1]
    reason = end_text(g, "fr")
    assert reason and f"({reason})" in end.text_fr and "La partie se termine" not in reason
    assert fr[1] == f"Fin : {reason}" and en[1] == f"End: {g.end_reason}"


def test_english_stays_the_default_and_a_bad_language_is_refused():
    g = _game()
    ui = TerminalUI(g, 0, out=io.StringIO())
    assert ui.lang == "en" and ui.t("Pass priority") == "Pass priority"
    with pytest.raises(ValueError, match="'de'"):
        TerminalUI(g, 0, out=io.StringIO(), lang="de")


def test_french_commands_and_english_ones_both_work_under_french():
    g = _game("referee", seed=3, players=2)
    d = g.pending()
    while d.player != 0 or d.kind != "priority":
        g.decide(d.player, d.options[0])
        d = g.pending()
    out = io.StringIO()
    typed = iter(["honte", "shame", "journal tout", "rule JT-G1", "quitter"])
    assert TerminalUI(g, 0, input_fn=lambda p: next(typed), out=out, lang="fr").ask(d) is QUIT
    text = out.getvalue()
    assert text.count("Joueuse : honte 0") == 2
    assert "JT-G1 : Chaque personne a une taille de main de départ égale à son niveau d'arbitrage." in text
    assert "n'est pas un choix" not in text


def test_rich_output_colours_french_card_names():
    g = _game("referee")
    ui = TerminalUI(g, 0, out=io.StringIO(), use_rich=True, lang="fr")
    text = ui.rich_text("   1. Lancer Grizzlis {1}{G}")
    start = text.plain.index("Grizzlis")
    styled = [span for span in text.spans if span.start == start and span.end == start + len("Grizzlis")]
    assert styled and "green" in str(styled[0].style)


def test_keywords_and_protections_in_french():
    from judgetower.ui.terminal import keyword_text
    assert keyword_text("flying", "fr") == "vol"
    assert keyword_text("protection:B", "fr") == "protection contre le noir"
    assert keyword_text("protection:W,U", "fr") == "protection contre le blanc et contre le bleu"
    assert keyword_text("landwalk:Forest", "fr") == "traversée des forêts"
    assert keyword_text("protection:B") == "protection from black"


def test_french_rule_texts_cr_406_renumbered():
    from judgetower.ui.terminal import RuleBook
    book = RuleBook()
    assert book.text_fr("JT-C5").startswith("Les créatures attaquent")
    assert book.text_fr("CR 406.1").startswith("L’exil est essentiellement une zone de dépôt")
    # the French file is the 2011 text: its 406.4 (separate piles to track returns) is today's 406.5
    assert "séparées" in book.text_fr("406.5") and "Face-down cards" in book.text("406.4")
    assert book.text_fr("406.4") is None and book.text_fr("R9") is None


def test_ability_text_in_french_from_the_card_data_else_quoted():
    """An activated ability is named by the card's French printed line when the card data has
    the French text (MTGJSON foreignData), by the French Oracle's words for a fixed mana ability,
    else by its English Oracle line quoted as such."""
    import dataclasses
    from judgetower.ui.terminal import ability_lines_fr
    assert ability_lines_fr("La créature équipée gagne +2/+0.\nÉquipement {1}") == ["Équipement {1}"]
    assert ability_lines_fr("Vol\n{T} : Ajoutez un mana de la couleur de votre choix.") == [
        "{T} : Ajoutez un mana de la couleur de votre choix."]
    assert ability_lines_fr("Quand X arrive : piochez une carte.\n+1 : Chaque joueur se défausse d'une carte.") == [
        "+1 : Chaque joueur se défausse d'une carte."]
    g = _game("referee")
    ui = TerminalUI(g, 0, out=io.StringIO(), lang="fr")
    objs = {o.card.name: o for o in g.objects.values() if getattr(o, "card", None) is not None}
    bone = objs["Bonesplitter"]
    bone.card = dataclasses.replace(bone.card, text_fr="La créature équipée gagne +2/+0.\nÉquipement {1}")
    assert ui._ability_text(bone, 0) == "Équipement {1}"
    assert ui._ability_text(objs["Llanowar Elves"], 0) == "{T} : Ajoutez {G}."
    mogg = ui._ability_text(objs["Mogg Fanatic"], 0)
    assert mogg.startswith("«\u00a0Sacrifice this creature") and mogg.endswith("(texte anglais de la carte)")
    assert TerminalUI(g, 0, out=io.StringIO())._ability_text(objs["Llanowar Elves"], 0) == "{T}: Add {G}."


def test_a_mode_is_named_by_its_text_never_by_an_object_id():
    """A modal spell's options are mode indexes (CR 700.2): labelled by the mode's text; an index
    read as an object id named a card of the hidden library (object 1: "Plains (the shared
    library)", principle 6)."""
    from judgetower.rules.decisions import Decision, Done
    g = _game("referee", players=2)
    assert g.objects[1].zone == "library"
    d = Decision(0, "mode", [0, 1, Done()], "choose a mode for X", "CR 601.2b",
                 {"texts": ("X deals 2 damage to any target.", "Draw a card."), "chosen": ()})
    en = [TerminalUI(g, 0, out=io.StringIO()).label(d, o) for o in d.options]
    fr = [TerminalUI(g, 0, out=io.StringIO(), lang="fr").label(d, o) for o in d.options]
    assert en == ["Mode 1: X deals 2 damage to any target.", "Mode 2: Draw a card.", "Done"]
    assert fr[1] == "Mode 2 : «\u00a0Draw a card.\u00a0» (texte anglais de la carte)" and fr[2] == "Terminé"
    assert TerminalUI(g, 0, out=io.StringIO()).label(Decision(0, "mode", [5], "p", "", {}), 5) == "Mode 6"


# ---------------------------------------------------------------------------- the command line

@pytest.mark.parametrize("cmd", [["demo", "--players", "1"], ["demo", "--players", "1", "--lang", "fr"],
                                 ["play", "--bots", "0", "--lang", "fr"]])
def test_one_player_is_a_clean_error_with_exit_2(cmd, capsys):
    assert cli.main(cmd) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"judgetower {cmd[0]}: ") and "CR 103.1" in err and "Traceback" not in err


def test_demo_in_french(capsys):
    assert cli.main(["demo", "--seed", "2", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Partie terminée après " in out and " pioche " in out
    assert "Game over after" not in out


def test_play_in_french_speaks_french_from_the_first_line(monkeypatch, capsys):
    typed = iter(["quitter", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert cli.main(["play", "--seed", "4", "--lang", "fr", "--name", "Ada", "--mode", "judge"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("Judge Tower (mode arbitrage) : vous êtes Ada, contre Bot 1 ; la tour de départ")
    assert "Mode arbitrage : chaque choix" in out and "Vous quittez la table" in out
    g = _game()
    finder = EnglishFinder(g)
    lines, _ = _split_prompts(out)
    assert not [line for line in lines if finder.english(line.replace("Ada", ""))]


# ---------------------------------------------------------------------------- the web table (issue 14)

def test_the_web_decision_frame_is_french_for_a_french_connection():
    from judgetower.server.table import Conn, Table
    g = _game("referee", seed=3, players=2)
    d = g.pending()
    while not (d.player == 0 and d.kind == "priority" and len(d.options) > 1):
        g.decide(d.player, d.options[-1] if d.kind == "priority" else d.options[0])
        d = g.pending()
    config = {"seats": [{"kind": "person"}, {"kind": "autopilot"}], "mode": "referee", "seed": 3}

    class Store:
        def append(self, *a, **k):
            pass

    t = Table("t1", config, g, starter_pool(), Store())
    fr = t.frame(Conn(seat=0, lang="fr"), full=True)["decision"]
    en = t.frame(Conn(seat=0, lang="en"), full=True)["decision"]
    assert [o["i"] for o in fr["options"]] == [o["i"] for o in en["options"]]
    assert [o["label"] for o in en["options"]] == [TerminalUI(g, 0, out=io.StringIO()).label(d, o) for o in d.options]
    assert [o["label"] for o in fr["options"]] == [TerminalUI(g, 0, out=io.StringIO(), lang="fr").label(d, o)
                                                   for o in d.options]
    finder = EnglishFinder(g)
    assert not [o["label"] for o in fr["options"] if finder.english(o["label"])], fr["options"]
    assert any(o["label"].startswith(("Lancer ", "Jouer le terrain", "Activer ")) for o in fr["options"])
    assert all(not finder.english(f["text"]) for f in fr["forced"])
    assert isinstance(fr["prompt"], str) and isinstance(en["prompt"], str)
    # the English page is as it was
    assert en["options"][0]["label"] != fr["options"][0]["label"]


def test_a_refused_judge_action_is_said_in_french():
    """A refusal the person may meet at the table (a vote with no dispute open, R15) in French."""
    from judgetower.agents.judge_bots import JudgeTable
    from judgetower.rules.errors import IllegalAction
    g = _game()
    judge = JudgeTable(g, seed=1).judge
    try:
        judge.vote(0, True)
    except IllegalAction as e:
        assert str(e).endswith("votes, but no dispute is open [R15]")          # the English is unchanged
        assert e.said("fr") == f"{g.players[0].name} vote, mais aucune contestation n'est ouverte [R15]"
    else:
        raise AssertionError("a vote with no dispute open is refused (R15)")
