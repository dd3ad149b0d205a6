"""House rules (issue 20): named, cited options on top of the seed's rules
(`judgetower.variants.house`), set by `--house` on sim/play, by `options: {house: [...]}` in scenario
files, and carried by game records.

H-OPEN-HANDS and H-ROUNDS use two hooks of the variant protocol (``StandardRules.hand_public``,
``StandardRules.before_game_end``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from judgetower import cli
from judgetower import record as records
from judgetower.cards.pool import starter_pool
from judgetower.rules.decisions import Pass
from judgetower.rules.errors import IllegalAction
from judgetower.scenario.model import ScenarioFileError, load_file
from judgetower.variants.house import (HOUSE_RULES, HouseRules, house_specs, parse_house,
                                       parse_one, rule_id_of)
from judgetower.variants.judge_tower import JudgeTowerRules, new_judge_tower_game

HERE = Path(__file__).parent
SCENARIOS = HERE / "scenarios" / "house"


def _rule_param(rule_id: str):
    return pytest.param(rule_id, id=rule_id)


# ---------------------------------------------------------------------------- naming

def test_names_aliases_and_values():
    rules = parse_house(["strikes=4", "H-ONE-NAME-PER-TURN", "h-first-mistake-out"])
    assert house_specs(rules) == ["H-STRIKES=4", "H-ONE-NAME-PER-TURN", "H-FIRST-MISTAKE-OUT"]
    assert parse_one("H-STRIKES-N=2").spec() == "H-STRIKES=2"
    assert parse_one("STRIKES").spec() == "H-STRIKES=3"          # the default
    assert parse_one("one-name-per-turn").id == "H-ONE-NAME-PER-TURN"


@pytest.mark.parametrize("spec, message", [
    ("H-NOPE", "unknown house rule 'H-NOPE' (known: H-OPEN-HANDS"),
    ("strikes=x", "the number of strikes is a whole number"),
    ("strikes=0", "from 1 to 99"),
    ("one-name-per-turn=2", "takes no value"),
    ("", "a house rule is NAME or NAME=VALUE"),
])
def test_bad_house_rules_are_refused_with_the_reason(spec, message):
    with pytest.raises(IllegalAction, match=message.replace("(", r"\(")):
        parse_one(spec)


def test_a_rule_given_twice_is_refused():
    with pytest.raises(IllegalAction, match="H-STRIKES is given twice"):
        parse_house(["strikes=2", "H-STRIKES=3"])


def test_cli_refuses_a_bad_house_option(capsys):
    assert cli.main(["sim", "--house", "nope", "--max-decisions", "5"]) == 2
    assert "judgetower sim: --house: unknown house rule 'nope'" in capsys.readouterr().err


def test_records_and_scenarios_refuse_a_bad_house_option(tmp_path):
    rec = {"format": "judgetower-record", "version": 2, "engine": "x", "variant": "judge-tower", "mode": "referee",
           "options": {"house": ["H-NOPE"]}, "seed": 1, "players": [{"name": "A"}, {"name": "B"}],
           "tower": ["Forest"], "decisions": []}
    with pytest.raises(records.RecordError, match="options.house: unknown house rule 'H-NOPE'"):
        records.loads(json.dumps(rec))
    p = tmp_path / "bad.yaml"
    p.write_text("name: x\nvariant: judge-tower\noptions: {house: [strikes=zero]}\nplayers: [A, B]\n")
    with pytest.raises(ScenarioFileError, match="options.house"):
        load_file(p)
    p.write_text("name: x\noptions: {house: [strikes=2]}\nplayers: [A, B]\n")
    with pytest.raises(ScenarioFileError, match="house rules are for variant: judge-tower"):
        load_file(p)


# ---------------------------------------------------------------------------- scenarios

def test_every_house_rule_has_scenarios_in_referee_and_judge_mode():
    """Each house rule is set (options.house) and cited (rules) by a referee-mode and a
    judge-mode scenario (read as YAML: the pending files do not load while their hook is missing)."""
    found = {rid: set() for rid in HOUSE_RULES}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for sc in data if isinstance(data, list) else [data]:
            house = {rule_id_of(h) for h in (sc.get("options") or {}).get("house") or ()}
            for r in sc.get("rules", []):
                if r in found and r in house:
                    found[r].add(sc.get("mode", "referee"))
    assert {rid: modes for rid, modes in found.items() if modes != {"referee", "judge"}} == {}


# ---------------------------------------------------------------------------- sim and records

@pytest.mark.parametrize("rule_id", [_rule_param(r) for r in HOUSE_RULES])
def test_each_house_rule_in_a_judge_mode_sim_and_its_record(rule_id, tmp_path, capsys):
    spec = "H-STRIKES=3" if rule_id == "H-STRIKES" else rule_id
    rec_path = tmp_path / "game.json"
    assert cli.main(["sim", "--players", "3", "--seed", "2", "--mode", "judge", "--bot-errors", "0.05",
                     "--house", spec, "--no-log", "--max-decisions", "40000", "--record", str(rec_path)]) == 0
    out = capsys.readouterr().out
    assert f"house rules {spec}" in out and f"House rules: {spec}" in out
    assert "unfinished" not in out.split("Summary")[1]
    rec = records.load(rec_path)
    assert rec.options["house"] == [spec]
    game = records.replay(rec)                      # the record replays under the same house rules
    assert isinstance(game.rules, HouseRules) and game.rules.house_specs() == [spec]
    assert game.game_over
    assert game.log.contains(rule_id)
    assert records.dumps(records.record_of(game)) == rec_path.read_text(encoding="utf-8")


def test_strikes_end_a_sim_at_n_shame(capsys):
    """Judge-mode games end at N shame: every loser lost at exactly N (H-STRIKES), none by JT-E1."""
    for seed in (3, 4):
        assert cli.main(["sim", "--players", "4", "--seed", str(seed), "--mode", "judge", "--bot-errors", "0.1",
                         "--house", "strikes=2", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["house"] == ["H-STRIKES=2"] and out["finished"]
        losers = [p for p in out["players"] if p["lost"]]
        assert len(losers) == 3
        assert all(p["shame"] == 2 for p in losers)
        log = "\n".join(out["log"])
        assert log.count("reaches 2 strikes  [H-STRIKES]") == 3 and "[JT-E1" not in log


def test_one_name_per_turn_violations_are_public_and_bots_call_them():
    """Judge mode offers a second spell of a name; it is noted as an H-ONE-NAME-PER-TURN violation
    whose evidence is public (both casts were seen), so the bots' table calls it."""
    from judgetower.agents.judge_bots import JudgeTable
    from judgetower.judge.violations import is_public, referee_refusal
    from judgetower.rules.decisions import Cast
    from judgetower.scenario.runner import Runner
    sc = [x for x in load_file(SCENARIOS / "h-one-name-per-turn.yaml") if x.mode == "judge"][0]
    runner = Runner(sc)
    g = runner.build()
    table = JudgeTable(g, seed=1, call_rate=1.0, dispute_rate=0.0)
    bears = [i for i in g.hand(0)]
    g.decide(0, Cast(bears[0]))
    table.after_decision()
    while g.stack:
        d = g.pending()
        g.decide(d.player, Pass())
        table.after_decision()
    d = g.pending()
    second = Cast(bears[1])
    assert d.player == 0 and second in d.options                    # offered in judge mode
    assert referee_refusal(g, d, second) == "H-ONE-NAME-PER-TURN"
    assert is_public(g, d, second, "H-ONE-NAME-PER-TURN")
    g.decide(0, second)
    table.after_decision()
    assert [v.rule for v in g.judge.violations] == ["H-ONE-NAME-PER-TURN"], g.judge.violations
    assert [(c.rule, c.upheld) for c in g.judge.calls] == [("H-ONE-NAME-PER-TURN", True)]
    assert g.players[0].shame == 1


# ---------------------------------------------------------------------------- open hands

def _game(house, mode="referee", players=3, seed=5):
    pool = starter_pool()
    specs = [{"name": f"P{i + 1}", "judge_level": 2} for i in range(players)]
    return new_judge_tower_game(pool, pool.names(), specs, seed=seed, mode=mode, house=house)


def test_open_hands_every_view_and_the_log_show_every_hand():
    g = _game(["H-OPEN-HANDS"])
    hands = [[g.objects[i].name for i in g.hand(p.index)] for p in g.players]
    assert all(len(h) == 2 for h in hands)
    for viewer in (None, 0, 1, 2):
        v = g.view(viewer)
        assert [[c["name"] for c in pv["hand"]] for pv in v["players"]] == hands
    public = [e.text for e in g.log.for_player(None)]
    for p, hand in zip(g.players, hands):
        for card in hand:
            assert f"{p.name} draws {card}" in public
    # without the house rule, hands stay hidden (CR 402.3)
    g2 = _game([])
    assert "hand" not in g2.view(1)["players"][0]
    hidden = {f"{p.name} draws {g2.objects[i].name}" for p in g2.players for i in g2.hand(p.index)}
    assert hidden and hidden.isdisjoint(e.text for e in g2.log.for_player(None))
    assert hidden <= {e.text for e in g2.log.events}


def test_open_hands_judge_bots_call_what_they_see_in_hands():
    """A pass while holding a castable card is hidden information, never called (R16) - unless
    hands are open: then it is public, and bots call it."""
    from judgetower.agents.judge_bots import JudgeTable
    from judgetower.judge.violations import referee_refusal

    def pass_violation(house):
        """Play compliant choices until a pass would break JT-P1; pass then; the table looks."""
        g = _game(house, mode="judge", players=2, seed=11)
        table = JudgeTable(g, seed=1, call_rate=1.0, dispute_rate=0.0)
        for _ in range(500):
            d = g.pending()
            if d is None:
                return None
            if d.kind == "priority" and Pass() in d.options and referee_refusal(g, d, Pass()) == "JT-P1":
                g.decide(d.player, Pass())
                table.after_decision()
                return g
            ok = [o for o in d.options if referee_refusal(g, d, o) is None] or d.options
            g.decide(d.player, ok[0])
            table.after_decision()
        return None

    open_game = pass_violation(["H-OPEN-HANDS"])
    closed_game = pass_violation(["H-STRIKES=9"])
    assert open_game is not None and closed_game is not None
    v_open, v_closed = open_game.judge.violations[-1], closed_game.judge.violations[-1]
    assert v_open.rule == v_closed.rule == "JT-P1"
    assert v_open.public and not v_closed.public
    assert any(c.rule == "JT-P1" for c in open_game.judge.calls)
    assert not any(c.rule == "JT-P1" and c.violation is v_closed for c in closed_game.judge.calls)


# ---------------------------------------------------------------------------- rounds

def test_rounds_score_points_until_the_tower_runs_out(capsys):
    assert cli.main(["sim", "--players", "3", "--seed", "1", "--mode", "judge", "--bot-errors", "0.05",
                     "--house", "rounds", "--no-log", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["house"] == ["H-ROUNDS"]
    assert out["end_reason"].startswith("the tower has run out")
    points = out["points"]
    assert sum(points.values()) == out["rounds"] - 1 >= 1     # one point a round won
    best = max(points.values())
    assert all(points[w] == best for w in out["winners"])


def test_house_rules_class_is_the_seed_plus_rules():
    r = HouseRules("judge", False, parse_house(["strikes=2"]))
    assert isinstance(r, JudgeTowerRules) and r.name == "judge-tower" and r.house_specs() == ["H-STRIKES=2"]


def test_rule_objects_are_fresh_for_each_game():
    """A house rule keeps per-game state (names cast this turn): each game gets its own."""
    rules = parse_house(["one-name-per-turn"])
    a, b = HouseRules("referee", False, rules), HouseRules("referee", False, rules)
    assert a.house[0] is not b.house[0] and a.house_specs() == b.house_specs() == ["H-ONE-NAME-PER-TURN"]
