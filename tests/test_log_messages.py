"""Log messages by key (../shared/design/layout.md §4.4 F7; DESIGN.md principle 5): every line the
engine writes is an English template with typed parameters, and its French is the template of the
same key in `judgetower.rules.log_fr`, never a translation of the English after the fact.

The source is read, not run: every ``log.add(...)`` call in the package is found, and its first
argument must be a plain string (no f-string, no concatenation) or a ``msg(...)`` call whose
template has French with exactly the same placeholders, each passed by name at the call.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from judgetower.rules.log_fr import FRENCH

SRC = Path(__file__).resolve().parent.parent / "src" / "judgetower"

#: modules still writing some lines as plain English (translated by pattern): may only shrink
NOT_YET_MESSAGES: set[str] = set()   # every module writes messages now


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def _calls():
    """(module, line, template or None, keyword names) of every log.add and msg call."""
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        tree = ast.parse(path.read_text(), filename=rel)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            is_add = isinstance(f, ast.Attribute) and f.attr == "add" and (
                (isinstance(f.value, ast.Attribute) and f.value.attr == "log")
                or (isinstance(f.value, ast.Name) and f.value.id == "log"))
            is_msg = isinstance(f, ast.Name) and f.id == "msg"
            if not (is_add or is_msg) or not node.args:
                continue
            first = node.args[0]
            if is_add and isinstance(first, ast.Call) and isinstance(first.func, ast.Name) \
                    and first.func.id == "msg":
                continue   # the msg(...) call is checked on its own
            template = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
            names = {k.arg for k in node.keywords if k.arg not in (None, "visible_to", "text_fr")}
            yield rel, node.lineno, template, names


def test_every_message_is_a_template_with_its_french():
    problems = []
    still_plain = set()
    for rel, line, template, names in _calls():
        if template is None:
            still_plain.add(rel)
            continue
        fields = _fields(template)
        if not fields and template not in FRENCH:
            still_plain.add(rel)   # a plain line with no parameters and no French: not a message yet
            continue
        if fields != names:
            problems.append(f"{rel}:{line}: {template!r} has fields {sorted(fields)} but the call passes "
                            f"{sorted(names)}")
        fr = FRENCH.get(template)
        if fr is None:
            problems.append(f"{rel}:{line}: {template!r} has no French (judgetower/rules/log_fr/)")
        elif _fields(fr) != fields:
            problems.append(f"{rel}:{line}: the French {fr!r} has fields {sorted(_fields(fr))}, the English "
                            f"{sorted(fields)}")
    assert not problems, "\n".join(problems)
    grown = still_plain - NOT_YET_MESSAGES
    assert not grown, f"modules writing log lines as plain English (write messages instead): {sorted(grown)}"
    done = NOT_YET_MESSAGES - still_plain
    assert not done, f"these modules write only messages now: remove them from NOT_YET_MESSAGES: {sorted(done)}"


def test_every_french_template_is_used():
    used = {t for _, _, t, _ in _calls() if t is not None}
    unused = sorted(set(FRENCH) - used)
    assert not unused, f"French templates no log line uses: {unused}"


@pytest.mark.parametrize("key", sorted(FRENCH))
def test_french_templates_are_french(key):
    """A cheap check on the catalogue: the French is not the English left as is."""
    fr = FRENCH[key]
    assert fr.strip(), key
    words = [w for w in re.sub(r"\{\w*\}", " ", key).split() if any(ch.isalpha() for ch in w)]
    if len(words) > 2:
        assert fr != key, f"{key!r} is not translated"


def _played_judge_game(decisions: int = 3000):
    """`judgetower sim --players 4 --seed 1 --mode judge --bot-errors 0.05`, its first ``decisions``."""
    from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
    from judgetower.cards.pool import starter_pool
    from judgetower.variants.judge_tower import new_judge_tower_game
    pool = starter_pool()
    specs = [{"name": f"P{i + 1}", "judge_level": 0, "first_game": False} for i in range(4)]
    game = new_judge_tower_game(pool, pool.names(), specs, seed=1, mode="judge")
    agents = [ErringAutopilot(31 + i, 0.05) for i in range(4)]
    run_judge_game(game, agents, JudgeTable(game, seed=1, call_rate=0.5, dispute_rate=0.2), decisions)
    return game


def test_a_judge_mode_game_in_french_has_no_english_line():
    """`judgetower sim --players 4 --seed 1 --mode judge --bot-errors 0.05 --lang fr`: every line of
    the log, judge lines included, is a message with its French."""
    from judgetower.rules.log_fr import MISSING_TERMS
    MISSING_TERMS.clear()
    game = _played_judge_game()
    plain = sorted({e.text for e in game.log.events if not e.key})
    assert not plain, f"{len(plain)} lines without their French message, e.g. {plain[:20]}"
    assert not MISSING_TERMS, f"terms without French in the glossary (rules/log_fr/glossary.py): {sorted(MISSING_TERMS)}"


# --- prompts (issues 14 and 18: every prompt in French under --lang fr) ------------------------

#: where a call poses a decision, the index of its prompt argument
_PROMPT_ARG = {"ask": 3, "ask_any_number": 2, "Decision": 3}


def _is_msg(node) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "msg"
            and bool(node.args) and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))


def _prompt_ok(node, scope, parents) -> bool:
    """The prompt expression is a message: ``msg("...", ...)`` (its French is checked with the log's
    messages above), a choice between messages, a lambda returning one (``ask_any_number``), a
    call of a prompt function handed in, or a name that is a parameter of its function or only
    ever assigned messages there. Plain text (a string, an f-string, a concatenation, a ``str``
    method's result) is not."""
    if _is_msg(node):
        return True
    if isinstance(node, ast.IfExp):
        return _prompt_ok(node.body, scope, parents) and _prompt_ok(node.orelse, scope, parents)
    if isinstance(node, ast.Lambda):
        return _prompt_ok(node.body, node, parents)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id != "str"   # e.g. ``prompt(len(chosen))``
    if isinstance(node, ast.Name):
        if scope is None:
            return False
        args = scope.args
        if node.id in {a.arg for a in args.args + args.kwonlyargs + args.posonlyargs}:
            return True
        values = [n.value for n in ast.walk(scope) if isinstance(n, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)]
        return bool(values) and all(_prompt_ok(v, scope, parents) for v in values)
    return False


def _prompt_calls():
    """(module, line, call's source, ok) of every call that poses a decision: ``ask``,
    ``ask_any_number`` and ``Decision(...)`` with a prompt argument."""
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        text = path.read_text()
        tree = ast.parse(text, filename=rel)
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name not in _PROMPT_ARG:
                continue
            kw = [k.value for k in node.keywords if k.arg == "prompt"]
            arg = node.args[_PROMPT_ARG[name]] if len(node.args) > _PROMPT_ARG[name] else (kw[0] if kw else None)
            if arg is None:
                continue   # not a call that poses a decision (``ui.ask(d)``)
            scope = parents.get(node)
            while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                scope = parents.get(scope)
            yield rel, node.lineno, ast.get_source_segment(text, arg), _prompt_ok(arg, scope, parents)


def test_every_prompt_is_a_message():
    """A decision's prompt is a message with its French, never plain English text (a guard against
    prompts written as f-strings again)."""
    calls = list(_prompt_calls())
    assert len(calls) > 100, f"only {len(calls)} calls posing a decision found: the scan is broken"
    plain = [f"{rel}:{line}: {src}" for rel, line, src, ok in calls if not ok]
    assert not plain, "prompts written as plain text (write msg(template, **params) and its French in " \
        "rules/log_fr/prompts.py):\n" + "\n".join(plain)


def test_a_plain_text_prompt_is_caught():
    """The scan above tells a message from text (the guard guards)."""
    tree = ast.parse('def f(self, x, p):\n'
                     '    self.ask(0, "may", [1], f"pay {x}?", "CR 1")\n'
                     '    self.ask(0, "may", [1], "choose" + x, "CR 1")\n'
                     '    self.ask(0, "may", [1], msg("pay {x}?", x=x), "CR 1")\n'
                     '    self.ask(0, "may", [1], p, "CR 1")\n'
                     '    q = "text"\n'
                     '    self.ask(0, "may", [1], q, "CR 1")\n'
                     '    self.ask_any_number(0, [1], lambda k: f"{k} so far", "CR 1")\n')
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    func = tree.body[0]
    calls = [n for n in ast.walk(func) if isinstance(n, ast.Call) and getattr(n.func, "attr", "").startswith("ask")]
    calls.sort(key=lambda n: n.lineno)
    got = [_prompt_ok(n.args[_PROMPT_ARG[n.func.attr]], func, parents) for n in calls]
    assert got == [False, False, True, True, False, False]


def test_a_french_game_poses_every_prompt_in_french(monkeypatch):
    """`judgetower sim --players 4 --seed 1 --mode judge --lang fr`: every decision posed (through
    ``Game.ask`` or put before the flow by a judge's remedy) is a message whose French is not its
    English left as is (DESIGN.md principle 5; issues 14 and 18)."""
    from judgetower.rules.game import Game
    from judgetower.rules.log import Message, render
    from judgetower.rules.log_fr import MISSING_TERMS
    posed = []
    ask, interrupt = Game.ask, Game.interrupt

    def recording_ask(self, player, kind, options, prompt, rule="", **context):
        posed.append((self, kind, prompt))
        return (yield from ask(self, player, kind, options, prompt, rule, **context))

    def recording_interrupt(self, d, apply):
        posed.append((self, d.kind, d.prompt))
        return interrupt(self, d, apply)

    monkeypatch.setattr(Game, "ask", recording_ask)
    monkeypatch.setattr(Game, "interrupt", recording_interrupt)
    MISSING_TERMS.clear()
    game = _played_judge_game()
    assert len(posed) > 500 and len({kind for _, kind, _ in posed}) >= 5, "too few decisions to check"
    plain, untranslated = set(), set()
    for g, kind, prompt in posed:
        if not isinstance(prompt, Message):
            plain.add(f"{kind}: {prompt!r}")
            continue
        en, fr = render(prompt), render(prompt, "fr", g.log.names_fr)
        assert en == str(prompt)
        if fr == en and any(ch.isalpha() for ch in re.sub(r"\{\w*\}", "", prompt.key)):
            untranslated.add(prompt.key)
    assert not plain, f"prompts posed as plain text: {sorted(plain)[:20]}"
    assert not untranslated, f"prompts whose French is their English: {sorted(untranslated)}"
    assert not MISSING_TERMS, f"terms without French in the glossary: {sorted(MISSING_TERMS)}"
    # the view's prompt: English, and French (asked for) with the game's French names
    game = _played_judge_game(decisions=0)
    d = game.pending()
    assert d is not None
    view = game.view(d.player, lang="fr")
    assert view["pending"]["prompt"] == str(d.prompt)
    assert view["pending"]["prompt_fr"] == render(d.prompt, "fr", game.log.names_fr) != str(d.prompt)
    assert "prompt_fr" not in game.view(d.player)["pending"]   # the English view is as it was
