"""Face-down exile is hidden information (CR 406.3, 406.3a, 702.75a, 708; DESIGN.md principle 6).

Windbrisk Heights' hideaway exiles a card face down; only its controller may look at it. No other
player's view, no spectator view (``view(None)``) and no log line they can read may name it, until
it leaves exile. In Judge Tower the other looked-at cards are exiled face up instead of going to
the bottom of the shared library (JT-G8, R7): those are public.
"""

from __future__ import annotations

import json

from judgetower.scenario.runner import play_scenario

HIDDEN = "Wrath of God"


def play(d: dict, upto: int | None = None):
    """Build the scenario ``d`` and run its actions (the first ``upto`` of them)."""
    return play_scenario({**d}, upto)


def seen_by(g, viewer) -> str:
    """Everything ``viewer`` (a player index or None) may read: the JSON view and the log."""
    lines = [e.render() for e in g.log.for_player(viewer)]
    return json.dumps(g.view(viewer), ensure_ascii=False) + "\n" + "\n".join(lines)


def assert_hidden_from_others(g, owner: int, name: str = HIDDEN) -> None:
    for p in range(len(g.players)):
        if p != owner:
            assert name not in seen_by(g, p), f"{g.players[p].name} can see {name}"
    assert name not in seen_by(g, None), f"a spectator can see {name}"
    assert name in seen_by(g, owner), f"the owner cannot see {name}"


STANDARD = {
    "variant": "standard",
    "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {
        "A": {"hand": ["Windbrisk Heights"], "library": ["Shock", HIDDEN, "Forest", "Mountain", "Swamp"]},
        "B": {"battlefield": ["Island", "Island"], "hand": ["Boomerang"], "library": ["Plains"]},
        "C": {"library": ["Plains"]},
    },
    "actions": [
        {"player": "A", "play_land": "Windbrisk Heights"},
        "resolve",
        {"player": "A", "choose": HIDDEN},
        {"to": "end"},
        {"player": "B", "cast": "Boomerang", "targets": ["Windbrisk Heights"]},
        "resolve",
    ],
}


def test_cr_406_3_hideaway_choice_pending_names_nothing_to_others():
    g = play(STANDARD, upto=2)          # the hideaway trigger resolves: A is choosing
    d = g.pending()
    assert d is not None and d.player == 0 and d.rule == "CR 702.75a"
    for p in (1, 2, None):
        v = g.view(p)
        assert v["pending"]["options"] is None
        for card in ("Shock", HIDDEN, "Forest", "Mountain"):
            assert card not in seen_by(g, p)


def test_cr_406_3_hideaway_face_down_standard():
    g = play(STANDARD, upto=3)
    (hidden,) = [g.objects[i] for i in g.exile]
    assert hidden.face_down and hidden.card.name == HIDDEN and hidden.may_look == frozenset({0})
    assert_hidden_from_others(g, owner=0)
    # the owner's view shows it (CR 702.75a: its controller may look at it), marked face down
    (pile,) = [p for p in g.view(0)["exile_piles"] if p["referenced"]]
    assert pile["label"] == "exiled with Windbrisk Heights (A)"
    assert pile["cards"][0]["name"] == HIDDEN and pile["cards"][0]["face_down"]
    # the others see a face-down card with no characteristics (CR 406.3a)
    for p in (1, 2, None):
        (pile,) = [x for x in g.view(p)["exile_piles"] if x["referenced"]]
        assert pile["cards"] == [{"id": hidden.id, "name": "face-down card", "face_down": True}]
        assert g.view(p)["exile"] == [{"id": hidden.id, "name": "face-down card", "face_down": True}]


def test_cr_406_3_stays_hidden_through_the_turn_and_after_the_heights_leave():
    g = play(STANDARD)                  # to the end step, then B returns the Heights to A's hand
    assert g.objects[g.exile[0]].face_down
    assert [g.objects[i].name for i in g.hand(0)] == ["Windbrisk Heights"]
    assert_hidden_from_others(g, owner=0)
    # nothing can find it any more: a face-down pile of its own (CR 406.4), unreferenced (R20)
    piles = g.exile_piles()
    assert [p["kind"] for p in piles] == ["face_down", "unreferenced"]
    assert piles[0]["referenced"] is False and g.referenced_exile() == set()
    # CR 406.3: having looked at it, A may still look at it while it stays in exile
    assert HIDDEN in seen_by(g, 0)


def test_cr_406_3a_revealed_when_played():
    d = {
        "variant": "standard",
        "players": [{"name": "A"}, {"name": "B"}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {
            "A": {"battlefield": ["Plains", "Grizzly Bears", "Savannah Lions", "Elite Vanguard"],
                  "hand": ["Windbrisk Heights"],
                  "library": ["Island", "Glorious Anthem", "Forest", "Mountain", "Swamp"]},
            "B": {"library": ["Plains"]},
        },
        "actions": [
            {"player": "A", "play_land": "Windbrisk Heights"}, "resolve",
            {"player": "A", "choose": "Glorious Anthem"},
            {"to": "upkeep", "turn": 5},
            {"player": "A", "attack": ["Grizzly Bears", "Savannah Lions", "Elite Vanguard"], "at": "B"},
            {"to": "postcombat_main"},
            {"player": "A", "activate": {"card": "Windbrisk Heights", "ability": 2}},
            "resolve", "resolve",
        ],
    }
    g = play(d, upto=6)                 # before the ability resolves: still hidden
    assert_hidden_from_others(g, owner=0, name="Glorious Anthem")
    g = play(d)                         # played: turned face up (CR 406.3a), public from then on
    for p in (0, 1, None):
        assert "Glorious Anthem" in seen_by(g, p)


JUDGE_TOWER = {
    "variant": "judge-tower",
    "mode": "referee",
    "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}, {"name": "C", "judge_level": 1}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {
        "A": {"hand": ["Windbrisk Heights", "Divination"]},
        "shared": {"library": ["Island", HIDDEN, "Forest", "Mountain", "Swamp"]},
    },
    "actions": [
        {"player": "A", "play_land": "Windbrisk Heights"},
        "resolve",
        {"player": "A", "choose": HIDDEN},
        {"player": "A", "cast": "Divination"},
        "resolve",
    ],
}


def test_r7_hideaway_in_judge_tower_other_cards_exiled_face_up_hidden_card_stays_hidden():
    g = play(JUDGE_TOWER, upto=3)
    assert_hidden_from_others(g, owner=0)
    piles = g.exile_piles()
    assert [p["kind"] for p in piles] == ["linked", "unreferenced"]
    assert [g.objects[i].card.name for i in piles[0]["cards"]] == [HIDDEN]
    # JT-G8, R7: the three others are exiled face up, in the unreferenced pile: public
    others = sorted(g.objects[i].name for i in piles[1]["cards"])
    assert others == ["Forest", "Island", "Mountain"]
    assert not any(g.objects[i].face_down for i in piles[1]["cards"])
    for p in (0, 1, 2, None):
        for name in others:
            assert name in seen_by(g, p)
    # nothing claims they went to the bottom of the library
    assert not g.log.contains("go on the bottom of the library")


def test_r20_hideaway_card_survives_the_jt_e2_refill_and_stays_hidden():
    g = play(JUDGE_TOWER)               # Divination: one card left, JT-E2 shuffles the three others in
    assert g.log.contains("3 unreferenced exiled cards are shuffled into the library")
    assert [g.objects[i].card.name for i in g.exile] == [HIDDEN]
    assert len(g.hand(0)) == 2 and HIDDEN not in [g.objects[i].name for i in g.hand(0)]
    assert_hidden_from_others(g, owner=0)
