"""The terminal table and the command line as a person meets them (issue 18): following the game,
the prompts, the rule texts, `--version`, `--help` defaults, the no-data notice.

Terminal play is driven with scripted input (``input_fn``) and the screen text is checked. The
scripted games are short (a prompt budget, then ``quit``) so that the file stays cheap."""

from __future__ import annotations

import argparse
import io
import re
from types import SimpleNamespace

import pytest

from judgetower import cli
from judgetower.agents.autopilot import Autopilot
from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.ui.terminal import QUIT, RuleBook, TerminalUI, normalize_rule, play_game
from judgetower.variants.judge_tower import new_judge_tower_game

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _game(mode="referee", seed=3, players=2, level=3):
    pool = starter_pool()
    specs = [{"name": "Player" if i == 0 else f"Bot {i}", "judge_level": level, "first_game": False}
             for i in range(players)]
    return new_judge_tower_game(pool, pool.names(), specs, seed=seed, mode=mode)


class Person:
    """The person at seat 0: each decision is an (erring) autopilot's choice, typed as its
    number; y/n questions get the scripted answers; ``extra`` commands are typed at the first
    prompts. At every prompt (decisions and questions alike) it records the screen so far and
    the log events the person may read at that moment."""

    def __init__(self, game, out, *, error_rate=0.0, seed=1, extra=(), answers=(), budget=40):
        self.game, self.out = game, out
        self.bot = ErringAutopilot(seed, error_rate) if game.rules.mode == "judge" else Autopilot(seed)
        self.extra = list(extra)
        self.answers = list(answers)
        self.budget = budget
        self.prompts: list[str] = []
        self.checkpoints: list[tuple[str, list, str]] = []
        self.decisions = 0
        self.quitting = False

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.checkpoints.append((prompt, list(self.game.log.for_player(0)), self.out.getvalue()))
        if prompt.startswith("Save the game record"):
            return "n"
        if prompt.endswith("[y/n] "):
            return self.answers.pop(0) if self.answers else "y"
        if self.extra:
            return self.extra.pop(0)
        if self.decisions >= self.budget:
            return "quit"
        self.decisions += 1
        d = self.game.pending()
        choice = self.bot.choose(self.game, 0)
        return str(TerminalUI.option_order(d).index(choice) + 1)


def _check_every_event_shown(person: Person) -> str:
    """Whenever the person was asked anything, every log event they may read had been shown
    (turns included: no turn passes silently), and each event is shown once."""
    assert person.checkpoints
    for prompt, events, screen in person.checkpoints:
        lines = set(screen.splitlines())
        missing = [e.render() for e in events if e.render() not in lines]
        assert not missing, f"at the prompt {prompt!r}, not shown: {missing[:5]}"
    text = person.out.getvalue()
    screen_lines = text.splitlines()
    for e in person.game.log.for_player(0):
        n = screen_lines.count(e.render())
        assert n <= 1, f"event shown {n} times: {e.render()}"
    return text


def test_scripted_referee_game_shows_every_event_since_the_last_decision():
    g = _game("referee", seed=3)
    out = io.StringIO()
    person = Person(g, out, extra=["rule 117.1", "shame", "calls"], budget=25)
    assert play_game(g, 0, {1: Autopilot(31)}, input_fn=person, out=out) == 0
    text = _check_every_event_shown(person)
    assert g.turn >= 4, "the script should cover several turns"
    assert "Since your last decision (log events" in text
    for t in range(2, g.turn + 1):                               # every turn announced on the screen
        assert re.search(rf"^\s*\d+  Turn {t}: ", text, re.M), f"turn {t} not shown"
    hidden = [e for e in g.log.events if not e.visible(0)]      # the bot's draws stay hidden
    assert hidden and not any(e.render() in text.splitlines() for e in hidden)


def test_scripted_judge_game_shows_every_event_and_asks_again_on_other_answers():
    g = _game("judge", seed=5, players=3)
    out = io.StringIO()
    table = JudgeTable(g, seed=5, call_rate=1.0, dispute_rate=1.0)
    person = Person(g, out, error_rate=0.5, seed=2, extra=["call Bot 1 JT-C5"],
                    answers=["maybe", "calls", "y", "perhaps", "n"] * 10, budget=40)
    bots = {1: ErringAutopilot(11, 0.3), 2: ErringAutopilot(12, 0.3)}
    assert play_game(g, 0, bots, input_fn=person, out=out, table=table) == 0
    text = _check_every_event_shown(person)
    assert "call 1: Player calls Bot 1 for JT-C5" in text
    questions = [p for p in person.prompts if p.endswith("[y/n] ")]
    assert questions, "nobody disputed or voted: the script should reach a question"
    assert "'maybe' is not an answer: type y or n" in text
    # the question is asked again after an answer that is neither y nor n (and after `calls`)
    first = person.prompts.index(questions[0])
    assert person.prompts[first + 1] == questions[0] and person.prompts[first + 2] == questions[0]
    assert "call 1: Player called Bot 1 for JT-C5: rejected" in text     # `calls` worked at the question


def test_the_outcome_of_a_dispute_is_shown_before_anything_else_is_asked():
    g = _game("judge", seed=5, players=3)
    out = io.StringIO()
    table = JudgeTable(g, seed=5, call_rate=1.0, dispute_rate=1.0)
    person = Person(g, out, error_rate=0.6, seed=2, answers=["y", "n"] * 20, budget=40)
    play_game(g, 0, {1: ErringAutopilot(11, 0.3), 2: ErringAutopilot(12, 0.3)}, input_fn=person, out=out,
              table=table)
    disputed = [c for c in g.judge.calls if c.state != "standing" and c.votes]
    assert disputed, "the script should reach a dispute"
    text = out.getvalue()
    for c in disputed:
        outcome = [e.render() for e in g.log.events if e.text.startswith(f"call {c.number} ")
                   or e.text.startswith(f"call {c.number}:")]
        assert all(line in text.splitlines() for line in outcome)


def test_no_dispute_question_for_a_call_that_adds_no_shame():
    g = _game("judge")
    asked = []
    ui = TerminalUI(g, 0, input_fn=lambda p: asked.append(p) or "y", out=io.StringIO())
    counted = SimpleNamespace(number=2, by="Bot 1", rule="JT-C5", added=False, upheld=True,
                              violation=SimpleNamespace(event=40, what="Grizzly Bears did not attack"))
    assert ui.ask_dispute(counted) is False
    assert asked == []
    assert "nothing to dispute" in ui.out.getvalue()
    adds = SimpleNamespace(**{**vars(counted), "added": True})
    assert ui.ask_dispute(adds) is True and len(asked) == 1


@pytest.mark.parametrize("mode", ["referee", "judge"])
def test_rule_shame_calls_and_log_at_any_prompt_in_both_modes(mode):
    g = _game(mode)
    d = g.pending()
    while d.player != 0:
        g.decide(d.player, d.options[0])
        d = g.pending()
    out = io.StringIO()
    typed = iter(["rule CR 117.1", "rule 117.1", "rule JT-C5", "rule r9", "rule XYZ", "shame", "calls",
                  "log 2", "quit"])
    ui = TerminalUI(g, 0, input_fn=lambda p: next(typed), out=out)
    assert ui.ask(d) is QUIT
    text = out.getvalue()
    book = RuleBook()
    assert text.count(f"CR 117.1: {book.text('CR 117.1')}") == 2 and book.text("CR 117.1")
    assert f"JT-C5: {book.text('JT-C5')}" in text and "R9: " in text
    assert "No rule 'XYZ' is known" in text
    assert "Player: shame 0" in text and "Bot 1: shame 0" in text
    assert ("No calls yet." if mode == "judge" else "No calls: in referee mode") in text
    assert "is not a choice" not in text


def test_a_call_in_referee_mode_is_explained_not_refused_as_a_choice():
    g = _game("referee")
    d = g.pending()
    typed = iter(["call Bot 1 JT-C5", "quit"])
    out = io.StringIO()
    assert TerminalUI(g, 0, input_fn=lambda p: next(typed), out=out).ask(d) is QUIT
    assert "Calls are for judge mode" in out.getvalue()


@pytest.mark.parametrize("typed, rule", [("CR 117.1", "CR 117.1"), ("117.1", "CR 117.1"), ("cr 702.21A", "CR 702.21a"),
                                         ("jt-c5", "JT-C5"), ("JTC5", "JT-C5"), ("r11", "R11")])
def test_rule_ids_as_typed(typed, rule):
    assert normalize_rule(typed) == rule


def test_rich_output_colours_mana_and_never_breaks_a_word(monkeypatch):
    monkeypatch.setenv("COLUMNS", "48")
    g = _game("referee", seed=3)
    d = g.pending()
    while d.player != 0:
        g.decide(d.player, d.options[0])
        d = g.pending()
    rich_out, plain_out = io.StringIO(), io.StringIO()
    for out, use_rich in ((rich_out, True), (plain_out, False)):
        ui = TerminalUI(g, 0, input_fn=lambda p: "quit", out=out, use_rich=use_rich)
        ui.ask(d)
    raw = rich_out.getvalue()
    assert "\x1b[" in raw                                       # colours
    shown = ANSI.sub("", raw)
    assert max(len(line) for line in shown.splitlines()) <= 48
    assert shown.split() == plain_out.getvalue().split()        # the same words: none broken in two
    mana = re.search(r"\x1b\[[0-9;]*m\{W\}", raw)                 # a white mana symbol in its colour
    assert mana, "mana symbols are coloured"


def test_pass_and_done_are_numbered_last_in_both_modes():
    """The same option has the same number in referee and judge mode: judge mode's extra
    options (passing while an action is possible, stopping a forced declaration) come last."""
    from judgetower.rules.decisions import Decision, Done, Pass, Reset
    d = Decision(0, "attackers", [Done(), "a", Reset(), "b"], "declare attackers", "CR 508.1a", {})
    assert TerminalUI.option_order(d) == ["a", "b", Reset(), Done()]
    d = Decision(0, "priority", [Pass(), "cast x", "cast y"], "priority", "CR 117.1", {})
    assert TerminalUI.option_order(d) == ["cast x", "cast y", Pass()]
    shown = {}
    for mode in ("referee", "judge"):
        g = _game(mode, seed=3)
        d = g.pending()
        while not (d.player == 0 and d.kind == "priority" and len(d.options) > 1 + (mode == "judge")):
            g.decide(d.player, Autopilot(d.player).choose(g, d.player))
            d = g.pending()
        ui = TerminalUI(g, 0, out=io.StringIO())
        lines = [line if isinstance(line, str) else line[0] for line in ui.decision_lines(d)]
        shown[mode] = [line for line in lines if re.match(r"^\s+\d+\. ", line)]
    assert shown["judge"][:len(shown["referee"])] == shown["referee"]
    assert shown["judge"][-1].endswith("Pass priority")


@pytest.mark.parametrize("text, lines", [
    ("Equipped creature gets +2/+0.\nEquip {1}", ["Equip {1}"]),                     # Bonesplitter
    ("First strike, haste\nEquipped creature has first strike and haste.\nEquip {1}\nCrew 1",
     ["Equip {1}", "Crew 1"]),                                                        # Unicycle
    ("Target creature gets +1/+1.\nForetell {W} (During your turn, you may pay {2}.)", ["Foretell {W}"]),
    ("Flying, cycling {2}", ["Cycling {2}"]),
    ("{T}: Add {G}.\nLevel up {1}{W}", ["{T}: Add {G}.", "Level up {1}{W}"]),
])
def test_each_ability_is_named_by_its_printed_text(text, lines):
    from judgetower.ui.terminal import ability_lines
    assert ability_lines(SimpleNamespace(text=text)) == lines


def test_every_starter_ability_is_named_by_its_text():
    g = _game("referee")
    ui = TerminalUI(g, 0, out=io.StringIO())
    for o in list(g.objects.values()):
        if getattr(o, "card", None) is None:
            continue
        for i in range(len(g.activated_abilities(o))):
            text = ui._ability_text(o, i)
            assert "activated ability" not in text and not re.fullmatch(r"ability \d+", text), (o.card.name, text)


def test_keywords_and_combat_are_named_for_people():
    g = _game("referee")
    ui = TerminalUI(g, 0, out=io.StringIO())
    bear = {"id": 900, "name": "Grizzly Bears", "power": 2, "toughness": 2,
            "keywords": ["first strike", "landwalk:Forest", "protection:B"]}
    text = ui._perm_text(bear)
    assert "protection from black" in text and "forestwalk" in text
    assert ":" not in text


# ---------------------------------------------------------------------------- the command line

def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0
    from judgetower import __version__
    assert capsys.readouterr().out.strip() == f"judgetower {__version__}"


def _parsers(parser, path=("judgetower",)):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, path + (name,))


def test_help_states_every_default_and_breaks_no_word():
    parsers = list(_parsers(cli.build_parser()))
    assert {p[-1] for p, _ in parsers} >= {"sim", "play", "replay", "demo", "serve", "run", "show", "build"}
    for path, parser in parsers:
        fmt = parser._get_formatter()
        for action in parser._actions:
            if not action.option_strings or action.default is argparse.SUPPRESS or action.required:
                continue
            text = fmt._get_help_string(action) if action.help else ""
            assert "default" in text.lower(), f"{' '.join(path)} {action.option_strings[0]}: {text!r}"
        help_text = parser.format_help()
        assert not re.search(r"[A-Za-z]-\n", help_text), f"{' '.join(path)}: a word broken at a hyphen"


def test_demo_with_one_player_is_a_clean_error(capsys):
    assert cli.main(["demo", "--players", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("judgetower demo: ") and "CR 103.1" in err and "Traceback" not in err


def test_the_no_card_data_notice_is_shown_once(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("JUDGETOWER_DATA_DIR", str(tmp_path / "data"))
    for first in (True, False, False):
        assert cli.main(["sim", "--seed", "1", "--max-decisions", "5", "--no-log"]) == 0
        cap = capsys.readouterr()
        assert ("no card data file" in cap.err) is first, cap.err
        assert "the starter tower (111 cards)" in cap.out           # the header still names the tower
    monkeypatch.setenv("JUDGETOWER_DATA_DIR", str(tmp_path / "other"))
    assert cli.main(["tower", "check", str(_tower(tmp_path))]) == 0
    assert "no card data file" in capsys.readouterr().err


def _tower(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("8 Forest\n", encoding="utf-8")
    return p


def test_start_again_is_not_offered_when_the_declaration_was_forced():
    """Issue 18: "start the declaration again" is offered only when a pick so far had another
    option; when every block so far was forced (JT-C5, CR 509.1c), starting again could only
    rebuild the same declaration."""
    from judgetower.rules.decisions import Block, Decision, Done, Reset
    g = _game("referee", seed=3)
    ui = TerminalUI(g, 0, out=io.StringIO())
    first = Decision(0, "blockers", [Block(1, 9)], "A: declare blockers", "CR 509.1a", {})
    ui._remember(first, Block(1, 9))                      # the only block there was
    then = Decision(0, "blockers", [Done(), Block(2, 9), Reset()], "A: declare blockers", "CR 509.1a", {})
    assert Reset() not in ui.shown_options(then)
    assert ui.shown_options(then) == [Block(2, 9), Done()]
    ui2 = TerminalUI(g, 0, out=io.StringIO())
    free = Decision(0, "blockers", [Done(), Block(1, 9), Block(2, 9)], "A: declare blockers", "CR 509.1a", {})
    ui2._remember(free, Block(1, 9))                      # a choice: starting again can change it
    assert ui2.shown_options(then) == [Block(2, 9), Reset(), Done()]


def test_damage_assignment_in_one_step():
    """Issue 18: combat damage is assigned one point at a time (CR 510.1c); "all N" gives every
    remaining point of that creature's damage to choice N in one step."""
    from judgetower.rules.decisions import Decision
    g = _game("referee", seed=3)
    ids = [o.id for o in g.permanents()][:2] or list(g.objects)[:2]
    answers = iter(["all 2", "1"])
    out = io.StringIO()
    ui = TerminalUI(g, 0, input_fn=lambda prompt: next(answers), out=out)
    prompt = "assign 1 point of Hill Giant's combat damage (defender: B)"
    d = Decision(0, "damage", list(ids), prompt, "CR 510.1c", {})
    assert ui.ask(d) == ids[1]
    assert "all N: every remaining point" in out.getvalue()
    assert ui.ask(d) == ids[1] and ui.ask(d) == ids[1]            # no input read: "all 2" goes on
    other = Decision(0, "damage", list(ids), "assign 1 point of Craw Wurm's combat damage (defender: B)",
                     "CR 510.1c", {})
    assert ui.ask(other) == ids[0]                                 # another creature's damage: asked
