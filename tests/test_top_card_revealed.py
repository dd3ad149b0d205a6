"""zones4: the top card of a library looked at any time or revealed (CR 401.5). Looking is hidden
information (CR 401.2): only the ability's controller sees the card, in their view; a revealed top
card is in every view, spectators' too. Judge Tower: "your library" is the shared library (JT-G5)."""

from __future__ import annotations

import json

from judgetower.scenario.runner import play_scenario

LOOK = {"name": "Test Seer", "mana_cost": "{U}", "type": "Creature — Human Wizard", "power": 1, "toughness": 1,
        "text": "You may look at the top card of your library any time."}
FIELD = {"name": "Test Field", "mana_cost": "{U}", "type": "Enchantment",
         "text": "Players play with the top card of their libraries revealed."}


def seen(g, viewer) -> str:
    return json.dumps(g.view(viewer), ensure_ascii=False)


def standard(card):
    return {"variant": "standard", "cards": [card], "players": [{"name": "A"}, {"name": "B"}],
            "start": {"turn": 3, "active": "A", "step": "precombat_main"},
            "state": {"A": {"battlefield": [card["name"]], "library": ["Wrath of God", "Forest"]},
                      "B": {"library": ["Craw Wurm", "Island"]}},
            "actions": []}


def test_cr_401_5_look_at_top_any_time_only_its_controller():
    g = play_scenario(standard(LOOK))
    assert "Wrath of God" in seen(g, 0)
    assert "Wrath of God" not in seen(g, 1)
    assert "Wrath of God" not in seen(g, None)
    assert "Craw Wurm" not in seen(g, 0)      # only "your library"


def test_cr_401_5_look_at_top_follows_the_library():
    d = standard(LOOK)
    d["state"]["A"]["hand"] = []
    d["actions"] = [{"to": "precombat_main", "turn": 5}]
    g = play_scenario(d)
    assert [c["name"] for c in g.view(0)["players"][0]["hand"]] == ["Wrath of God"]   # drawn (CR 504.1)
    assert g.view(0)["players"][0]["library_top"]["name"] == "Forest"
    assert "library_top" not in g.view(1)["players"][0]


def test_cr_401_5_players_play_with_top_revealed():
    g = play_scenario(standard(FIELD))
    for viewer in (0, 1, None):
        assert "Wrath of God" in seen(g, viewer)
        assert "Craw Wurm" in seen(g, viewer)


def test_no_such_ability_top_card_stays_hidden():
    d = standard(LOOK)
    d["state"]["A"]["battlefield"] = []
    g = play_scenario(d)
    for viewer in (0, 1, None):
        assert "Wrath of God" not in seen(g, viewer)


def test_judge_tower_shared_library_top_seen_by_the_controller_only():
    d = {"variant": "judge-tower", "mode": "referee", "cards": [LOOK],
         "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
         "start": {"turn": 1, "active": "A", "step": "precombat_main"},
         "state": {"A": {"battlefield": [LOOK["name"]]}, "shared": {"library": ["Wrath of God", "Forest"]}},
         "actions": []}
    g = play_scenario(d)
    assert g.view(0)["players"][0]["library_top"]["name"] == "Wrath of God"
    assert "Wrath of God" not in seen(g, 1)
    assert "Wrath of God" not in seen(g, None)
