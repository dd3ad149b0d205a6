"""faces2: transforming double-faced cards (CR 712, 701.27) and flip cards (CR 710).

Scenario files cannot express a card's faces (SCENARIOS.md ``cards:`` entries are single-faced),
so, as in test_layouts.py, these use made-up cards built as `CardDef`s with `whole_card`, put into
the scenario runner's pool. The single-faced parts (transforming a permanent that is not a
double-faced card, the werewolf conditions) are scenario files under tests/scenarios/rules/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judgetower.cards.card import BackFaceDef, CardDef, whole_card
from judgetower.cards.mtgjson import AtomicCard
from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card
from judgetower.oracle.compiled_pool import _compile_faces, status_of
from judgetower.rules.decisions import Activate, Cast
from judgetower.scenario import runner as runner_mod

DATA = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or Path(__file__).resolve().parents[2] / "shared") / "data" / "AtomicCards-dev-2022.json.xz"

HOWLER_FRONT = CardDef("Village Howler", "Creature — Human Werewolf", "{1}{R}", power="2", toughness="2",
                       text="At the beginning of each upkeep, if no spells were cast last turn, "
                            "transform Village Howler.")
HOWLER_BACK = CardDef("Howling Terror", "Creature — Werewolf", None, colors=("R",), power="4", toughness="4",
                      text="Trample\nAt the beginning of each upkeep, if a player cast two or more spells "
                           "last turn, transform Howling Terror.")
HOWLER = whole_card("transform", (HOWLER_FRONT, HOWLER_BACK))
STUDENT = whole_card("transform", (
    CardDef("Lab Student", "Creature — Human Wizard", "{U}", power="1", toughness="1",
            text="{1}: Transform Lab Student."),
    CardDef("Lab Horror", "Creature — Human Horror", None, colors=("U",), power="3", toughness="3",
            text="Flying\nWhen this creature transforms into Lab Horror, draw a card.\n{2}: Transform Lab Horror.")))
KNIGHT = whole_card("transform", (
    CardDef("Fallen Knight", "Creature — Human Knight", "{2}{B}", power="2", toughness="1",
            text="When Fallen Knight dies, return it to the battlefield transformed under your control."),
    CardDef("Risen Knight", "Creature — Zombie Knight", None, colors=("B",), power="3", toughness="3")))
MONK = whole_card("flip", (
    CardDef("Young Monk", "Creature — Human Monk", "{1}{W}", power="1", toughness="1",
            text="{1}: Flip Young Monk."),
    CardDef("Old Master", "Legendary Creature — Human Monk", None, colors=("W",), power="3", toughness="3",
            text="Vigilance")))
CATHAR = whole_card("transform", (
    CardDef("Oathsworn Cathar", "Creature — Human Soldier", "{W}{W}", power="2", toughness="1",
            text="When Oathsworn Cathar dies, return it to the battlefield transformed under your control "
                 "at the beginning of the next end step."),
    CardDef("Oathless Cathar", "Creature — Zombie Soldier", None, colors=("B",), power="2", toughness="1")))
VILLAGER = whole_card("transform", (
    CardDef("Sunlit Villager", "Creature — Human Werewolf", "{1}{G}", power="2", toughness="2",
            text="{1}: Transform Sunlit Villager.\nDaybound (If a player casts no spells during their own turn, it becomes night next turn.)"),
    CardDef("Moonlit Ravager", "Creature — Werewolf", None, colors=("G",), power="4", toughness="4",
            text="Nightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)")))
GEIST = whole_card("transform", (
    CardDef("Lingering Geist", "Creature — Spirit", "{1}{W}", power="2", toughness="1",
            text="Flying\nDisturb {1}{W} (You may cast this card transformed from your graveyard for its disturb cost.)"),
    CardDef("Geist's Blessing", "Enchantment — Aura", None, colors=("W",),
            text="Enchant creature\nEnchanted creature gets +1/+1.\n"
                 "If Geist's Blessing would be put into a graveyard from anywhere, exile it instead.")))
MIRROR = CardDef("Test Mirror", "Sorcery", "{U}", text="Create a token that's a copy of target creature you control.")
MAYBE = whole_card("transform", (
    CardDef("Hesitant Squire", "Creature — Human", "{W}", power="1", toughness="1",
            text="At the beginning of your end step, you may transform Hesitant Squire."),
    CardDef("Bold Squire", "Creature — Human Knight", None, colors=("W",), power="2", toughness="2")))


@pytest.fixture
def f2_pool(monkeypatch):
    pool = starter_pool().with_cards([HOWLER, STUDENT, KNIGHT, MONK, MAYBE, CATHAR, VILLAGER, MIRROR, GEIST])
    monkeypatch.setattr(runner_mod, "starter_pool", lambda: pool)
    return pool


def build(d: dict, variant: str = "standard"):
    from judgetower.scenario.model import validate
    sc = validate({"name": "faces2 test", "variant": variant, **d}, "<inline>", 0, "<inline>")
    r = runner_mod.Runner(sc)
    return r, r.build()


def act(r, a):
    r.run_action(0, a, None)


def named(g, zone_ids, name):
    return [i for i in zone_ids if g.objects[i].name == name]


def log_text(g):
    return "\n".join(e.text for e in g.log.events)


# ---------------------------------------------------------------------------------- card facts

def test_cr_712_8a_transforming_card_has_its_front_face_outside_the_battlefield():
    c = HOWLER
    assert (c.name, c.layout, c.mana_cost, c.mana_value, c.power) == ("Village Howler", "transform", "{1}{R}", 2, "2")
    back = c.faces[1]
    assert isinstance(back, BackFaceDef)
    assert back.mana_cost is None and back.mana_value == 2 and back.colors == ("R",)   # CR 712.8e
    comp = compile_card(c)
    assert comp.ok and len(comp.abilities) == 1   # the front face's ability only


def test_cr_710_1c_flipped_half_keeps_mana_cost_and_colour():
    flipped = MONK.faces[1]
    assert flipped.mana_cost == "{1}{W}" and flipped.colors == ("W",) and flipped.mana_value == 2
    assert MONK.name == "Young Monk" and compile_card(MONK).ok


def test_playable_only_if_both_faces_compile():
    bad = AtomicCard("Village Howler // Odd Beast", "transform",
                     (HOWLER_FRONT, CardDef("Odd Beast", "Creature — Beast", None, power="1", toughness="1",
                                            text="Odd Beast frobnicates every widget.")),
                     ("Village Howler", "Odd Beast"))
    good = AtomicCard("Village Howler // Howling Terror", "transform", (HOWLER_FRONT, HOWLER_BACK),
                      ("Village Howler", "Howling Terror"))
    assert good.layout_reason is None and status_of(good, _compile_faces(good)).playable
    st = status_of(bad, _compile_faces(bad))
    assert not st.playable and st.unsupported
    meld = AtomicCard("A // B", "meld", (HOWLER_FRONT,), ("A", "B"))
    assert meld.layout_reason == "layout meld"   # meld (CR 712.4) is not played


# ---------------------------------------------------------------------------------- casting

CAST_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Mountain"] * 3, "hand": ["Village Howler"]}, "B": {}},
}


def test_cr_712_11_cast_with_front_face_up_only(f2_pool):
    r, g = build(CAST_GAME)
    [oid] = g.hand(0)
    opts = g.pending().options
    assert Cast(oid) in opts and Cast(oid, face=0) not in opts and Cast(oid, face=1) not in opts
    r.decide(0, Cast(oid))
    r.settle(None)
    spell = g.objects[g.stack[-1]]
    assert spell.name == "Village Howler" and spell.card.power == "2"      # CR 712.8c
    act(r, "resolve")
    [h] = named(g, g.battlefield, "Village Howler")                         # CR 712.13
    assert g.chars(g.objects[h]).power == 2


def test_hand_shows_only_the_front_face_to_its_owner(f2_pool):
    r, g = build(CAST_GAME)
    mine = g.view(0)
    theirs = g.view(1)
    text_mine, text_theirs = repr(mine), repr(theirs)
    assert "Village Howler" in text_mine and "Howling Terror" not in text_mine
    assert "Village Howler" not in text_theirs and "Howling Terror" not in text_theirs


# ---------------------------------------------------------------------------------- transform

WOLF_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Village Howler", "Mountain", "Mountain", "Island", "Island"],
                    "hand": ["Shock", "Shock", "Lightning Bolt"], "library": ["Island"] * 5},
              "B": {"battlefield": ["Grizzly Bears"], "library": ["Island"] * 5}},
}


def test_cr_701_27a_werewolf_transforms_when_no_spells_then_back_after_two(f2_pool):
    r, g = build(WOLF_GAME)
    [h] = named(g, g.battlefield, "Village Howler")
    g.objects[h].counters["+1/+1"] = 1
    act(r, {"to": "upkeep", "turn": 4})
    act(r, "resolve")
    o = g.objects[h]
    assert o.name == "Howling Terror" and o.zone == "battlefield"           # same object, CR 712.18
    ch = g.chars(o)
    assert (ch.power, ch.toughness, ch.colors, ch.mana_value) == (5, 5, ("R",), 2)   # CR 712.8e
    assert "trample" in {str(k) for k in ch.keywords} or any("trample" in str(k) for k in ch.keywords)
    assert "transforms into Howling Terror" in log_text(g)
    # turn 4 (B's): A casts two spells; at the next upkeep the back face's trigger turns it back
    act(r, {"to": "precombat_main", "turn": 4})
    act(r, {"player": "A", "cast": "Shock", "targets": ["B"]})
    act(r, "resolve")
    act(r, {"player": "A", "cast": "Shock", "targets": ["B"]})
    act(r, "resolve")
    act(r, {"to": "upkeep", "turn": 5})
    act(r, "resolve")
    assert g.objects[h].name == "Village Howler" and g.chars(g.objects[h]).power == 3


def test_cr_603_4_werewolf_does_not_transform_after_a_spell(f2_pool):
    r, g = build(WOLF_GAME)
    [h] = named(g, g.battlefield, "Village Howler")
    act(r, {"player": "A", "cast": "Lightning Bolt", "targets": ["B"]})
    act(r, "resolve")
    act(r, {"to": "draw", "turn": 4})
    assert g.objects[h].name == "Village Howler"


STUDENT_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Lab Student"] + ["Island"] * 5, "library": ["Island", "Island"]},
              "B": {"library": ["Island"] * 5}},
}


def test_cr_701_27e_transforms_into_trigger_and_leaving_resets(f2_pool):
    r, g = build(STUDENT_GAME)
    [s] = named(g, g.battlefield, "Lab Student")
    act(r, {"player": "A", "activate": {"card": "Lab Student", "ability": 1}})
    act(r, "resolve")
    assert g.objects[s].name == "Lab Horror"
    act(r, "resolve")     # "When this creature transforms into Lab Horror, draw a card."
    assert len(g.hand(0)) == 1
    # the back face's own ability turns it back (its "transforms into" trigger doesn't fire)
    act(r, {"player": "A", "activate": {"card": "Lab Horror", "ability": 1}})
    act(r, "resolve")
    assert g.objects[s].name == "Lab Student" and not g.stack and len(g.hand(0)) == 1


def test_cr_701_27f_second_transform_of_the_same_permanent_is_ignored(f2_pool):
    r, g = build(STUDENT_GAME)
    [s] = named(g, g.battlefield, "Lab Student")
    act(r, {"player": "A", "activate": {"card": "Lab Student", "ability": 1}})
    act(r, {"player": "A", "activate": {"card": "Lab Student", "ability": 1}})
    act(r, "resolve")
    assert g.objects[s].name == "Lab Horror"
    # the trigger went on the stack above the older activation: resolve both
    act(r, "resolve")
    act(r, "resolve")
    assert g.objects[s].name == "Lab Horror"                                   # not turned back
    assert "CR 701.27f" in log_text(g) or any("CR 701.27f" in " ".join(e.rules) for e in g.log.events)


def test_cr_712_8e_copy_of_a_back_face_has_mana_value_zero(f2_pool):
    d = dict(STUDENT_GAME, state={"A": {"battlefield": ["Lab Student"] + ["Island"] * 5, "hand": ["Test Mirror"],
                                        "library": ["Island", "Island"]}, "B": {"library": ["Island"] * 5}})
    r, g = build(d)
    [s] = named(g, g.battlefield, "Lab Student")
    act(r, {"player": "A", "activate": {"card": "Lab Student", "ability": 1}})
    act(r, "resolve")
    act(r, "resolve")
    act(r, {"player": "A", "cast": "Test Mirror", "targets": ["Lab Horror"]})
    act(r, "resolve")
    [tok] = [i for i in named(g, g.battlefield, "Lab Horror") if i != s]
    assert g.chars(g.objects[tok]).mana_value == 0 and g.chars(g.objects[tok]).power == 3
    assert g.chars(g.objects[s]).mana_value == 1


def test_cr_712_14a_dies_and_returns_transformed_then_front_face_in_graveyard(f2_pool):
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "B", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Fallen Knight"]},
                   "B": {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": ["Lightning Bolt", "Lightning Bolt"]}}}
    r, g = build(d)
    act(r, {"player": "B", "cast": "Lightning Bolt", "targets": ["Fallen Knight"]})
    act(r, "resolve")
    act(r, "resolve")     # the dies trigger
    [k] = named(g, g.battlefield, "Risen Knight")
    assert g.chars(g.objects[k]).power == 3 and g.chars(g.objects[k]).mana_value == 3
    assert "entered the battlefield transformed" in log_text(g)
    act(r, {"player": "B", "cast": "Lightning Bolt", "targets": ["Risen Knight"]})
    act(r, "resolve")
    # CR 712.8a: in the graveyard it is its front face again; its dies trigger is not there (the
    # back face has none)
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Fallen Knight"] and not g.stack


def test_cr_603_7c_delayed_return_transformed_finds_the_card_in_the_graveyard(f2_pool):
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "B", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Oathsworn Cathar"], "library": ["Island"] * 3},
                   "B": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": ["Island"] * 3}}}
    r, g = build(d)
    act(r, {"player": "B", "cast": "Lightning Bolt", "targets": ["Oathsworn Cathar"]})
    act(r, "resolve")
    act(r, "resolve")     # the dies trigger sets up the delayed trigger (CR 603.7a)
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Oathsworn Cathar"]
    act(r, {"to": "end", "turn": 3})
    act(r, "resolve")
    [c] = named(g, g.battlefield, "Oathless Cathar")
    assert g.chars(g.objects[c]).colors == ("B",) and not g.graveyard(0)


# ---------------------------------------------------------------------------------- day and night

DAY_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Sunlit Villager", "Forest", "Forest", "Forest"],
                    "hand": ["Sunlit Villager"], "library": ["Island"] * 5},
              "B": {"battlefield": ["Mountain", "Mountain"], "hand": ["Shock", "Shock"], "library": ["Island"] * 5}},
}


def test_cr_730_2_day_becomes_night_and_back_daybound_transforms(f2_pool):
    r, g = build(DAY_GAME)
    [v] = named(g, g.battlefield, "Sunlit Villager")
    act(r, {"to": "upkeep", "turn": 4})
    text = log_text(g)
    assert "it becomes day" in text and "it becomes night" in text          # CR 702.145d, 730.2a
    assert g.day_night == "night" and g.objects[v].name == "Moonlit Ravager"   # CR 702.145c
    assert g.chars(g.objects[v]).power == 4
    # B (active in turn 4) casts two spells: at turn 5's untap it becomes day (CR 730.2b)
    act(r, {"to": "precombat_main", "turn": 4})
    act(r, {"player": "B", "cast": "Shock", "targets": ["A"]})
    act(r, "resolve")
    act(r, {"player": "B", "cast": "Shock", "targets": ["A"]})
    act(r, "resolve")
    act(r, {"to": "upkeep", "turn": 5})
    assert g.day_night == "day" and g.objects[v].name == "Sunlit Villager"     # CR 702.145f


def test_cr_702_145b_daybound_enters_transformed_at_night_and_cant_be_transformed(f2_pool):
    r, g = build(DAY_GAME)
    act(r, {"to": "precombat_main", "turn": 5})     # night since turn 4 (A cast nothing in turn 3)
    assert g.day_night == "night"
    act(r, {"player": "A", "cast": "Sunlit Villager"})
    act(r, "resolve")
    assert len(named(g, g.battlefield, "Moonlit Ravager")) == 2
    assert "enters transformed" in log_text(g)
    # the day: A's villager front face up can't transform by its own ability (CR 702.145b)
    r, g = build(DAY_GAME)
    [v] = named(g, g.battlefield, "Sunlit Villager")
    act(r, {"player": "A", "activate": {"card": "Sunlit Villager", "ability": 1}})
    act(r, "resolve")
    assert g.objects[v].name == "Sunlit Villager" and "CR 702.145b" in {x for e in g.log.events for x in e.rules}


# ---------------------------------------------------------------------------------- disturb

DISTURB_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Grizzly Bears", "Plains", "Plains", "Plains"], "graveyard": ["Lingering Geist"],
                    "hand": ["Lingering Geist"], "library": ["Island"] * 3},
              "B": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": ["Island"] * 3}},
}


def test_cr_702_146a_disturb_cast_transformed_from_the_graveyard(f2_pool):
    r, g = build(DISTURB_GAME)
    [gy] = g.graveyard(0)
    [hand] = g.hand(0)
    opts = g.pending().options
    assert Cast(gy, face=1) in opts and Cast(gy) not in opts                    # CR 702.146a
    assert Cast(hand) in opts and Cast(hand, face=1) not in opts               # CR 712.11
    r.decide(0, Cast(gy, face=1))
    r.settle(None)
    spell = g.objects[g.stack[-1]]
    assert spell.name == "Geist's Blessing" and spell.card.mana_value == 2     # CR 712.8c
    tapped = [i for i in g.battlefield if g.objects[i].name == "Plains" and g.objects[i].tapped]
    assert len(tapped) == 2                                                     # {1}{W} paid
    assert "disturb cost {1}{W}" in log_text(g)
    act(r, "resolve")
    [aura] = named(g, g.battlefield, "Geist's Blessing")                       # CR 702.146b
    [bears] = named(g, g.battlefield, "Grizzly Bears")
    assert g.objects[aura].attached_to == bears and g.chars(g.objects[bears]).power == 3
    # the creature dies: the Aura would go to the graveyard (CR 704.5m): exiled instead (CR 614.1a)
    act(r, {"player": "B", "cast": "Lightning Bolt", "targets": ["Grizzly Bears"]})
    act(r, "resolve")
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Grizzly Bears"]
    assert [g.objects[i].name for i in g.exile] == ["Lingering Geist"]          # its front face (CR 712.8a)


def test_cr_614_1a_countered_disturb_spell_is_exiled(f2_pool):
    d = dict(DISTURB_GAME, state={"A": {"battlefield": ["Grizzly Bears", "Plains", "Plains"], "graveyard": ["Lingering Geist"],
                                        "library": ["Island"] * 3},
                                  "B": {"battlefield": ["Island", "Island"], "hand": ["Counterspell"], "library": ["Island"] * 3}})
    r, g = build(d)
    [gy] = g.graveyard(0)
    r.decide(0, Cast(gy, face=1))
    r.settle(None)
    act(r, {"player": "B", "cast": "Counterspell", "targets": ["Geist's Blessing"]})
    act(r, "resolve")
    assert not g.graveyard(0) and [g.objects[i].name for i in g.exile] == ["Lingering Geist"]
    assert "exiled instead" in log_text(g)


def test_jt_p1_disturb_cast_from_the_shared_graveyard_is_a_forced_action(f2_pool):
    """JT-P1, R11: casting transformed with disturb from the shared graveyard (R5: every player's
    graveyard) is a legal action, so the player can't pass; the caster becomes its owner (R5)."""
    d = {"mode": "referee",
         "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
         "start": {"turn": 3, "active": "A", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Grizzly Bears"]}, "B": {},
                   "shared": {"library": ["Island"] * 10, "graveyard": ["Lingering Geist"]}}}
    r, g = build(d, variant="judge-tower")
    [gy] = g.graveyard(0)
    opts = g.pending().options
    assert Cast(gy, face=1) in opts and not any(type(o).__name__ == "Pass" for o in opts)
    r.decide(0, Cast(gy, face=1))
    r.settle(None)
    act(r, "resolve")
    [aura] = named(g, g.battlefield, "Geist's Blessing")
    assert g.objects[aura].owner == 0 and g.objects[aura].controller == 0


def test_cr_614_1a_front_face_goes_to_the_graveyard_normally(f2_pool):
    d = dict(DISTURB_GAME, state={"A": {"battlefield": ["Lingering Geist"], "library": ["Island"] * 3},
                                  "B": {"battlefield": ["Mountain"], "hand": ["Shock"], "library": ["Island"] * 3}})
    d["start"] = {"turn": 3, "active": "B", "step": "precombat_main"}
    r, g = build(d)
    act(r, {"player": "B", "cast": "Shock", "targets": ["Lingering Geist"]})
    act(r, "resolve")
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Lingering Geist"] and not g.exile


# ---------------------------------------------------------------------------------- flip

def test_cr_710_2_flip_is_one_way_and_forgotten_off_the_battlefield(f2_pool):
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "A", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Young Monk", "Plains", "Plains", "Plains"],
                         "hand": []},
                   "B": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}}}
    r, g = build(d)
    [m] = named(g, g.battlefield, "Young Monk")
    act(r, {"player": "A", "activate": {"card": "Young Monk", "ability": 1}})
    act(r, "resolve")
    o = g.objects[m]
    ch = g.chars(o)
    assert o.name == "Old Master" and (ch.power, ch.toughness, ch.mana_value, ch.colors) == (3, 3, 2, ("W",))
    assert "Legendary" in ch.supertypes
    # the flipped card has no "flip" ability left: nothing more to activate on it
    assert not [a for a in g.pending().options if isinstance(a, Activate) and a.obj == m]
    act(r, {"player": "B", "cast": "Lightning Bolt", "targets": ["Old Master"]})
    act(r, "resolve")
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Young Monk"]   # CR 710.4


# ---------------------------------------------------------------------------------- Judge Tower

def test_jt_c1_r9_may_transform_is_taken_in_judge_tower(f2_pool):
    """JT-C1, R9: "you may transform ~" is taken when able (the Optional_ hook)."""
    d = {"mode": "referee",
         "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
         "start": {"turn": 3, "active": "A", "step": "postcombat_main"},
         "state": {"A": {"battlefield": ["Hesitant Squire"]}, "B": {},
                   "shared": {"library": ["Island"] * 10}}}
    r, g = build(d, variant="judge-tower")
    [s] = named(g, g.battlefield, "Hesitant Squire")
    act(r, {"to": "end"})
    seen = []
    for _ in range(20):
        dec = g.pending()
        if not g.stack and dec.kind == "priority":
            break
        seen.append(dec.kind)
        r.decide(dec.player, dec.options[0])
    assert "may" not in seen                       # no choice: the "may" is taken (R9)
    assert g.objects[s].name == "Bold Squire"


def test_cr_603_may_transform_is_a_choice_in_standard_magic(f2_pool):
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "A", "step": "postcombat_main"},
         "state": {"A": {"battlefield": ["Hesitant Squire"], "library": ["Island"] * 3},
                   "B": {"library": ["Island"] * 3}}}
    r, g = build(d)
    [s] = named(g, g.battlefield, "Hesitant Squire")
    act(r, {"to": "end"})
    seen = []
    for _ in range(20):
        dec = g.pending()
        if not g.stack and dec.kind == "priority":
            break
        seen.append(dec.kind)
        if dec.kind == "may":
            assert set(dec.options) == {True, False}
            r.decide(dec.player, False)
        else:
            r.decide(dec.player, dec.options[0])
    assert "may" in seen and g.objects[s].name == "Hesitant Squire"


# ---------------------------------------------------------------------------------- real cards

@pytest.mark.skipif(not DATA.exists(), reason="MTGJSON data absent")
def test_real_transform_and_flip_cards_load_with_both_faces():
    from judgetower.cards.mtgjson import load_atomic
    data = load_atomic(DATA)
    by = {c.name: c for c in data.cards}
    kruin = by["Kruin Outlaw // Terror of Kruin Pass"]
    gc = kruin.game_card
    assert kruin.layout_reason is None and gc.layout == "transform" and gc.name == "Kruin Outlaw"
    assert gc.faces[1].mana_value == 3 and gc.faces[1].colors == ("R",)
    st = status_of(kruin, _compile_faces(kruin))
    assert st.playable, st.why()
    bushi = by["Bushi Tenderfoot // Kenzo the Hardhearted"]
    assert bushi.game_card.layout == "flip" and bushi.game_card.faces[1].mana_cost == "{W}"
