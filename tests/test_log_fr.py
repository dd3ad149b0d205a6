"""The log in French (DESIGN.md principle 5): common lines are translated, card names use their
French printing, and a line without a known pattern falls back to English."""

from __future__ import annotations

from judgetower.rules.log import GameLog
from judgetower.scenario.runner import play_scenario


def test_common_lines_are_translated_with_french_card_names():
    g = play_scenario({
        "players": [{"name": "A"}, {"name": "B"}],
        "state": {"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}},
        "actions": [{"player": "A", "cast": "Lightning Bolt", "targets": ["B"]}, "resolve"],
    })
    fr = [e.render("fr") for e in g.log.events]
    assert any("A lance Foudre" in line for line in fr)
    assert any("Foudre inflige 3 blessure(s) à B" in line for line in fr)
    assert any("B perd 3 point(s) de vie (total : 17)" in line for line in fr)


def test_specific_lines_win_over_general_ones_and_unknown_lines_fall_back():
    log = GameLog()
    e = log.add("A plays first", "CR 103.1")
    assert e.text_fr == "A commence la partie"
    e = log.add("something the translator does not know", "CR 100.1")
    assert e.text_fr == "" and e.render("fr") == e.render("en")
