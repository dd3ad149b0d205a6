"""exilecast: hidden information of foretell (CR 702.143a, 406.3): a foretold card is exiled face
down; only its owner may look at it; other players' views and log lines never name it."""

import json

from judgetower.scenario.runner import play_scenario

FORETELL = {
    "variant": "standard",
    "cards": [{"name": "Test Dark Omen", "mana_cost": "{3}{B}{B}", "type": "Sorcery",
               "text": "Target player loses 3 life.\nForetell {B}"}],
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 1, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Swamp", "Swamp"], "hand": ["Test Dark Omen"]}},
    "actions": [{"player": "A", "activate": {"card": "Test Dark Omen", "ability": 1}}],
}


def test_foretold_card_hidden_from_others():
    g = play_scenario(FORETELL)
    assert len(g.exile) == 1 and g.objects[g.exile[0]].face_down
    for viewer in (1, None):
        assert "Test Dark Omen" not in json.dumps(g.view(viewer), default=str)
    own = json.dumps(g.view(0), default=str)
    assert "Test Dark Omen" in own            # its owner may look at it (CR 702.143a)
    piles = [p for p in g.exile_piles() if p["referenced"]]
    assert piles and "Test Dark Omen" not in piles[0]["label"]   # R20 pile, public label
