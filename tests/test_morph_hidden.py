"""kw2: a face-down morph is hidden information (CR 702.37, 708.5, 708.6; DESIGN.md principle 6).

Cast face down, on the stack and on the battlefield, no other player's view, no spectator view
and no log line they can read names the card; its controller may look at it (CR 708.5). Its
public state (a 2/2 creature, tapped or not, its controller) is shown to all (CR 708.6). Once
turned face up (CR 702.37e), it is public.
"""

from __future__ import annotations

import json

from judgetower.scenario.runner import play_scenario

HIDDEN = "Test Mauler"

SCENARIO = {
    "variant": "standard",
    "cards": [{"name": HIDDEN, "mana_cost": "{4}{G}{G}", "type": "Creature — Beast", "power": 5,
               "toughness": 5, "text": "Trample\nMorph {2}{G}"}],
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Forest"] * 6, "hand": [HIDDEN]}},
    "actions": [
        {"player": "A", "cast": HIDDEN, "alternative": True},
        "resolve",
        {"player": "A", "activate": {"card": HIDDEN, "ability": 1}},
    ],
}


def seen_by(g, viewer) -> str:
    lines = [e.render() for e in g.log.for_player(viewer)]
    return json.dumps(g.view(viewer), ensure_ascii=False) + "\n" + "\n".join(lines)


def test_face_down_spell_on_the_stack_is_hidden():
    g = play_scenario(dict(SCENARIO), 1)
    assert HIDDEN not in seen_by(g, 1)
    assert HIDDEN not in seen_by(g, None)
    assert HIDDEN in seen_by(g, 0)


def test_face_down_permanent_is_hidden_but_its_public_state_shown():
    g = play_scenario(dict(SCENARIO), 2)
    assert HIDDEN not in seen_by(g, 1)
    assert HIDDEN not in seen_by(g, None)
    fd = [o for o in g.view(1)["battlefield"] if o.get("face_down")]
    assert len(fd) == 1 and fd[0]["power"] == 2 and fd[0]["toughness"] == 2 and fd[0]["controller"] == "A"


def test_turned_face_up_it_is_public():
    g = play_scenario(dict(SCENARIO), 3)
    assert HIDDEN in seen_by(g, 1)
    assert HIDDEN in seen_by(g, None)
