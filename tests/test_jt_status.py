"""JT-G10, R14: every mana payment (with the mana) and every life change (with its amount) is
announced in the log and kept in each player's status, which every player and spectator sees."""

from __future__ import annotations

from judgetower.scenario.runner import play_scenario


def test_status_keeps_mana_payments_and_life_changes():
    g = play_scenario({
        "variant": "judge-tower", "mode": "referee",
        "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
        "state": {"A": {"hand": ["Lightning Bolt"]}},
        "actions": [{"player": "A", "cast": "Lightning Bolt", "targets": ["B"]}, "resolve"],
    })
    for viewer in (0, 1, None):
        players = {p["name"]: p for p in g.view(viewer)["players"]}
        assert players["A"]["mana_paid"] == ["{R} for Lightning Bolt"]
        assert players["B"]["life"] == "∞ (−3)"
    assert g.log.contains("JT-G10") and g.log.contains("R14")
