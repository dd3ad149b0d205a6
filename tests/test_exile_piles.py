"""Exile piles (CR 406.4, 406.5, 406.6, 406.7, 607.1, 607.2a, 610.3; R20).

``game.exile_piles()`` is derived from the links each time it is asked (no second record that
could drift): one pile per exiling object and link, one per unreferenced face-down card, and one
"unreferenced" pile for the rest. ``game.referenced_exile()`` (what the JT-E2 refill keeps) is the
union of the referenced piles. Scenario files cannot name piles (SCENARIOS.md has no such key), so
these expectations live here.
"""

from __future__ import annotations

import json

from judgetower.scenario.runner import play_scenario


def play(d: dict, upto: int | None = None):
    """Build the scenario ``d`` and run its actions (the first ``upto`` of them)."""
    return play_scenario({"variant": "standard", **d}, upto)


def names(g, ids):
    return [g.objects[i].card.name for i in ids]


def summary(g):
    """(label, card names) per pile, in order."""
    return [(p["label"], names(g, p["cards"])) for p in g.exile_piles()]


def check_invariants(g):
    piles = g.exile_piles()
    every = [i for p in piles for i in p["cards"]]
    assert sorted(every) == sorted(g.exile), "each exiled object is in exactly one pile"
    assert len(every) == len(set(every))
    order = {oid: n for n, oid in enumerate(g.exile)}
    for p in piles:
        assert p["cards"] == sorted(p["cards"], key=order.__getitem__), "zone order within a pile"
    assert piles[-1]["kind"] == "unreferenced"
    assert g.referenced_exile() == {i for p in piles if p["referenced"] for i in p["cards"]}
    keys = [p["key"] for p in piles]
    assert len(keys) == len(set(keys))


TWO_RINGS = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {
        "A": {"battlefield": ["Plains"] * 6, "hand": ["Oblivion Ring", "Oblivion Ring"]},
        "B": {"battlefield": ["Grizzly Bears", "Hill Giant", "Forest", "Forest"], "hand": ["Naturalize"],
              "exile": ["Shock"]},
    },
    "actions": [
        {"player": "A", "cast": "Oblivion Ring"}, "resolve", {"player": "A", "choose": "Grizzly Bears"}, "resolve",
        {"player": "A", "cast": "Oblivion Ring"}, "resolve", {"player": "A", "choose": "Hill Giant"}, "resolve",
        {"player": "B", "cast": "Naturalize", "targets": ["Oblivion Ring#1"]}, "resolve", "resolve",
    ],
}


def test_cr_607_2a_two_rings_two_piles():
    g = play(TWO_RINGS, upto=8)
    assert summary(g) == [
        ("exiled with Oblivion Ring (A)", ["Grizzly Bears"]),
        ("exiled with Oblivion Ring (A)", ["Hill Giant"]),
        ("unreferenced", ["Shock"]),
    ]
    # piles are ordered by their first card in zone order, but the unreferenced pile is always last
    piles = g.exile_piles()
    rings = [g.objects[i] for i in g.battlefield if g.objects[i].name == "Oblivion Ring"]
    # key: the exiling card's uid and the link key (the index of the exiling ability)
    assert [p["key"] for p in piles[:2]] == [(rings[0].uid, 0), (rings[1].uid, 0)]
    assert [p["source"] for p in piles[:2]] == [rings[0].id, rings[1].id]
    assert all(p["referenced"] for p in piles[:2]) and not piles[2]["referenced"]
    check_invariants(g)


def test_cr_607_2a_pile_disappears_when_its_card_returns():
    g = play(TWO_RINGS)                 # the first Ring is destroyed: its card returns
    assert summary(g) == [("exiled with Oblivion Ring (A)", ["Hill Giant"]), ("unreferenced", ["Shock"])]
    check_invariants(g)


def test_cr_400_7_ring_back_from_hand_is_not_linked():
    d = {
        "players": [{"name": "A"}, {"name": "B"}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {
            "A": {"battlefield": ["Plains"] * 6, "hand": ["Oblivion Ring"]},
            "B": {"battlefield": ["Grizzly Bears", "Hill Giant", "Island", "Island"], "hand": ["Boomerang"]},
        },
        "actions": [
            {"player": "A", "cast": "Oblivion Ring"}, "resolve", {"player": "A", "choose": "Grizzly Bears"},
            {"player": "B", "cast": "Boomerang", "targets": ["Oblivion Ring"]},
            "resolve", "resolve", "resolve",          # Ring to hand; its leaves trigger; then the Bears are exiled
            {"player": "A", "cast": "Oblivion Ring"}, "resolve", "resolve",
        ],
    }
    g = play(d, upto=7)
    # the enters trigger resolved after the Ring left: nothing can find the Bears (CR 607.2a, R20)
    assert summary(g) == [("unreferenced", ["Grizzly Bears"])]
    assert g.log.contains("Grizzly Bears is exiled, but Oblivion Ring has already left")
    g = play(d)
    assert summary(g) == [("exiled with Oblivion Ring (A)", ["Hill Giant"]), ("unreferenced", ["Grizzly Bears"])]
    ring = g.objects[[i for i in g.battlefield if g.objects[i].name == "Oblivion Ring"][0]]
    assert [g.objects[i].name for i in ring.linked[0]] == ["Hill Giant"]
    check_invariants(g)


def test_cr_610_3_banisher_priest_until_pile():
    d = {
        "players": [{"name": "A"}, {"name": "B"}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"battlefield": ["Plains"] * 3, "hand": ["Banisher Priest"]},
                  "B": {"battlefield": ["Hill Giant"]}},
        "actions": [{"player": "A", "cast": "Banisher Priest"}, "resolve", "resolve"],
    }
    g = play(d)
    (pile, rest) = g.exile_piles()
    priest = g.objects[[i for i in g.battlefield if g.objects[i].name == "Banisher Priest"][0]]
    assert pile["label"] == "until Banisher Priest leaves the battlefield"
    assert pile["key"] == (priest.uid, "until") and pile["kind"] == "until" and pile["referenced"]
    assert names(g, pile["cards"]) == ["Hill Giant"] and rest["cards"] == []
    check_invariants(g)


def test_cr_610_3b_priest_gone_before_its_trigger_resolves_exiles_nothing():
    d = {
        "players": [{"name": "A"}, {"name": "B"}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"battlefield": ["Plains"] * 3, "hand": ["Banisher Priest"]},
                  "B": {"battlefield": ["Hill Giant", "Mountain"], "hand": ["Lightning Bolt"]}},
        "actions": [{"player": "A", "cast": "Banisher Priest"}, "resolve",
                    {"player": "B", "cast": "Lightning Bolt", "targets": ["Banisher Priest"]}, "resolve", "resolve"],
    }
    g = play(d)
    assert g.exile == [] and summary(g) == [("unreferenced", [])]
    assert g.log.contains("CR 610.3b")


FLICKERWISP = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Plains"] * 3, "hand": ["Flickerwisp"]},
              "B": {"battlefield": ["Hill Giant"], "exile": ["Shock"]}},
    "actions": [{"player": "A", "cast": "Flickerwisp"}, "resolve", {"player": "A", "choose": "Hill Giant"},
                "resolve", {"to": "end"}, "resolve"],
}


def test_cr_603_7c_delayed_trigger_pile_until_it_resolves():
    label = "exiled with Flickerwisp (A): returns at the beginning of the next end step"
    g = play(FLICKERWISP, upto=4)       # the Giant waits for the delayed trigger
    assert summary(g) == [(label, ["Hill Giant"]), ("unreferenced", ["Shock"])]
    (pile,) = [p for p in g.exile_piles() if p["kind"] == "delayed"]
    assert pile["referenced"] and pile["key"][1] == "next_end_step"
    check_invariants(g)
    g = play(FLICKERWISP, upto=5)       # the end step: the delayed trigger is on the stack
    assert g.step == "end" and g.stack
    assert (label, ["Hill Giant"]) in summary(g)
    check_invariants(g)
    g = play(FLICKERWISP)               # it resolved: the Giant is back
    assert summary(g) == [("unreferenced", ["Shock"])]


def test_cr_406_7_exiled_again_is_a_new_object_in_a_new_pile():
    d = {
        "players": [{"name": "A"}, {"name": "B"}],
        "cards": [{"name": "Test Second Banishment", "mana_cost": "{W}", "type": "Instant",
                   "text": "Exile target card in exile."}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"battlefield": ["Plains"] * 4, "hand": ["Oblivion Ring", "Test Second Banishment"]},
                  "B": {"battlefield": ["Grizzly Bears"], "exile": ["Shock"]}},
        "actions": [{"player": "A", "cast": "Oblivion Ring"}, "resolve", "resolve",
                    {"player": "A", "cast": "Test Second Banishment", "targets": ["Grizzly Bears"]}, "resolve"],
    }
    g = play(d, upto=3)
    old = [i for i in g.exile if g.objects[i].name == "Grizzly Bears"][0]
    assert summary(g) == [("exiled with Oblivion Ring (A)", ["Grizzly Bears"]), ("unreferenced", ["Shock"])]
    g = play(d)
    new = [i for i in g.exile if g.objects[i].name == "Grizzly Bears"][0]
    assert new != old and g.objects[new].uid == g.objects[old].uid
    assert g.exile == [g.exile[0], new], "it doesn't change zones; it is the newest object in exile"
    assert summary(g) == [("unreferenced", ["Shock", "Grizzly Bears"])]
    assert g.log.contains("CR 406.7")
    check_invariants(g)


def test_r20_view_lists_piles_and_spectators_see_face_up_cards():
    g = play(TWO_RINGS, upto=8)
    for viewer in (0, 1, None):
        v = g.view(viewer)
        json.dumps(v)                   # the view is plain data
        assert [p["label"] for p in v["exile_piles"]] == [
            "exiled with Oblivion Ring (A)", "exiled with Oblivion Ring (A)", "unreferenced"]
        assert [[c["name"] for c in p["cards"]] for p in v["exile_piles"]] == [
            ["Grizzly Bears"], ["Hill Giant"], ["Shock"]]
        assert [p["referenced"] for p in v["exile_piles"]] == [True, True, False]


def test_r19_refill_keeps_referenced_piles():
    """JT-E2 (R19) shuffles in only the unreferenced pile."""
    d = {
        "variant": "judge-tower", "mode": "referee",
        "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"hand": ["Oblivion Ring", "Divination"]}, "B": {"battlefield": ["Grizzly Bears"]},
                  "shared": {"library": [], "exile": ["Shock", "Giant Growth"]}},
        "actions": [{"player": "A", "cast": "Oblivion Ring"}, "resolve", "resolve",
                    {"player": "A", "cast": "Divination"}, "resolve"],
    }
    g = play(d, upto=3)
    assert [p["kind"] for p in g.exile_piles()] == ["linked", "unreferenced"]
    assert names(g, g.referenced_exile()) == ["Grizzly Bears"]
    g = play(d)
    assert summary(g) == [("exiled with Oblivion Ring (A)", ["Grizzly Bears"]), ("unreferenced", [])]
    assert sorted(names(g, g.hand(0))) == ["Giant Growth", "Shock"]
