"""Judge mode (JT-S2, R16, R17): the engine's hidden violations never leak.

No player's or spectator's view, and no log line visible to them, reveals a violation before
it is called; the same game played with the judge's noting switched off looks exactly the same
to everyone. A call is public (R17) and then shows in every view.
"""

from __future__ import annotations

import json

import pytest
import yaml

from judgetower.judge import judge_of
from judgetower.rules.errors import IllegalAction
from judgetower.scenario.model import validate
from judgetower.scenario.runner import Runner

GAME = """
name: hidden violations
variant: judge-tower
mode: judge
players: [{name: A, judge_level: 1}, {name: B, judge_level: 1}]
spectators: [S]
start: {turn: 1, active: A, step: precombat_main}
state:
  A: {hand: [Grizzly Bears, Stroke of Genius], battlefield: [Hill Giant, Drudge Skeletons]}
  B: {battlefield: [Grizzly Bears]}
  shared: {library: [Plains, Plains, Plains, Plains, Plains, Island, Island]}
actions:
  - {player: A, activate: {card: Drudge Skeletons, ability: 1}}
  - {player: A, activate: {card: Drudge Skeletons, ability: 1}}
  - {player: A, pass: true}
  - resolve
  - resolve
  - {player: A, cast: Stroke of Genius, x: 2, targets: [B]}
  - resolve
  - {player: A, attack: []}
"""


def _play(noting: bool = True, extra: list | None = None):
    d = yaml.safe_load(GAME)
    d["actions"] += extra or []
    sc = validate(d, "hidden", 0, "hidden")
    r = Runner(sc)
    g = r.build()
    if not noting:
        g.rules.on_decision = lambda *a: None   # the same game with nothing noted
    acts = d["actions"]
    for i, a in enumerate(acts):
        r.run_action(i, a, acts[i + 1] if i + 1 < len(acts) else None)
    return g


def _views(g):
    return {v: json.dumps(g.view(v), sort_keys=True, default=str) for v in (0, 1, None)}


def test_violations_are_noted():
    g = _play()
    rules = {v.rule for v in g.judge.violations}
    assert {"JT-P1", "JT-C2", "JT-C5"} <= rules
    assert all(p.shame == 0 for p in g.players)


def test_no_view_or_visible_log_reveals_an_uncalled_violation():
    g = _play()
    assert g.judge.violations
    hidden = _views(g)
    plain = _views(_play(noting=False))
    assert hidden == plain                       # every player's and the spectator's view
    for v in (0, 1, None):
        for e in g.log.for_player(v):
            assert "violation" not in e.text.lower()
            assert not {"JT-S2", "JT-S3", "JT-S4", "R17"} & set(e.rules)
    assert judge_of(g).spectator_view("S") == g.view(None)   # R16: public information only
    for v in (0, 1, None):
        assert "violation" not in hidden[v].lower()
    assert "violation" not in json.dumps(g.snapshot(), default=str).lower()


def test_a_call_is_public():
    g = _play(extra=[{"call": {"by": "S", "accused": "A", "rule": "JT-C5"}}])
    assert g.players[0].shame == 1
    for v in (0, 1, None):
        assert any("S (a spectator) calls A for JT-C5" in line for line in g.view(v)["log"])


def test_spectators_call_but_never_vote():
    g = _play()
    j = judge_of(g)
    j.call("S", "A", "JT-P1")
    assert g.players[0].shame == 1
    j.dispute("A")
    with pytest.raises(IllegalAction) as e:
        j.vote("S", True)
    assert e.value.rule == "R16"
    j.vote("A", False)
    assert g.players[0].shame == 0      # majority of the votes cast so far rejects
    j.vote("B", True)                   # tie: the engine's ruling stands (R15)
    assert g.players[0].shame == 1
    assert j.calls[-1].state == "settled"


def _run(d: dict):
    from judgetower.scenario.runner import run_scenario
    return run_scenario(validate(d, "x.yaml", 0, "x.yaml"))


def test_bad_judge_keys_are_bad_files():
    base = {"name": "bad", "variant": "judge-tower", "mode": "judge",
            "players": [{"name": "A"}, {"name": "B"}]}
    res = _run({**base, "actions": [{"call": {"by": "Z", "accused": "A", "rule": "JT-P1"}}]})
    assert "actions[0].call.by" in res.bad
    res = _run({**base, "actions": [{"call": {"by": "B", "accused": "A"}}]})
    assert "actions[0].call.rule" in res.bad
    res = _run({**base, "mode": "referee", "actions": [{"call": {"by": "B", "accused": "A", "rule": "JT-P1"}}]})
    assert "mode: judge" in res.bad
    # a call that names no violation is a wrong call, not a bad file (SCENARIOS.md)
    res = _run({**base, "actions": [{"call": {"by": "B", "accused": "A", "rule": "CR 999.9"}}],
                "expect": {"shame": {"A": 0}, "log_contains": ["a wrong call"]}})
    assert res.passed, res.bad or res.failures
