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


def test_a_judge_mode_game_in_french_has_no_english_line():
    """`judgetower sim --players 4 --seed 1 --mode judge --bot-errors 0.05 --lang fr`: every line of
    the log, judge lines included, is a message with its French."""
    from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
    from judgetower.cards.pool import starter_pool
    from judgetower.variants.judge_tower import new_judge_tower_game
    from judgetower.rules.log_fr import MISSING_TERMS
    MISSING_TERMS.clear()
    pool = starter_pool()
    specs = [{"name": f"P{i + 1}", "judge_level": 0, "first_game": False} for i in range(4)]
    game = new_judge_tower_game(pool, pool.names(), specs, seed=1, mode="judge")
    agents = [ErringAutopilot(31 + i, 0.05) for i in range(4)]
    run_judge_game(game, agents, JudgeTable(game, seed=1, call_rate=0.5, dispute_rate=0.2), 3000)
    plain = sorted({e.text for e in game.log.events if not e.key})
    assert not plain, f"{len(plain)} lines without their French message, e.g. {plain[:20]}"
    assert not MISSING_TERMS, f"terms without French in the glossary (rules/log_fr/glossary.py): {sorted(MISSING_TERMS)}"
