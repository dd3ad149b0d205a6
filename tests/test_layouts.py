"""Multi-faced cards: split cards (CR 709), adventurer cards (CR 715), modal double-faced cards
(CR 712).

Scenario files cannot express a card's faces (SCENARIOS.md ``cards:`` entries are single-faced
`card_from_mapping` mappings, and a ``cast`` action names no face), so these expectations live
here: made-up cards built as `CardDef`s with `whole_card`, put into the scenario runner's pool,
and driven with `Cast(obj, face=...)` decisions. A few real cards of the 2022 MTGJSON file are
checked when ../shared/data is present.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judgetower.cards.card import CardDef, CardError, whole_card
from judgetower.cards.mtgjson import AtomicCard
from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card
from judgetower.oracle.compiled_pool import _compile_faces, status_of
from judgetower.rules.decisions import Cast, Pass
from judgetower.scenario import runner as runner_mod

DATA = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or Path(__file__).resolve().parents[2] / "shared") / "data" / "AtomicCards-dev-2022.json.xz"

# made-up cards
SEAR = CardDef("Sear", "Instant", "{1}{R}", text="Sear deals 2 damage to any target.")
STUDY = CardDef("Study", "Sorcery", "{2}{U}", text="Draw two cards.")
SEAR_STUDY = whole_card("split", (SEAR, STUDY))
GIANT = CardDef("Mesa Giant", "Creature — Giant", "{2}{R}", power="4", toughness="3")
ROCKFALL = CardDef("Rockfall", "Instant — Adventure", "{1}{R}", text="Rockfall deals 2 damage to any target.")
MESA_GIANT = whole_card("adventure", (GIANT, ROCKFALL))
FUSED = whole_card("split", (CardDef("Rise", "Sorcery", "{U}", text="Fuse\nDraw a card."),
                             CardDef("Fall", "Sorcery", "{B}", text="Fuse\nDraw a card.")))
CYCLER = whole_card("split", (CardDef("Ebb", "Instant", "{U}", text="Draw a card."),
                              CardDef("Flow", "Instant", "{U}", text="Draw a card.\nCycling {2}")))

DIG = CardDef("Dig", "Sorcery", "{1}{U}", text="Draw a card.")
BURY = CardDef("Bury", "Sorcery", "{1}{B}", text="Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
                                                  "You gain 2 life.")
DIG_BURY = whole_card("split", (DIG, BURY))
SNAP_CRACKLE = whole_card("split", (
    CardDef("Snap", "Instant", "{R}", text="Snap deals 1 damage to any target.\nFuse (You may cast one or both halves of this card from your hand.)"),
    CardDef("Crackle", "Sorcery", "{U}", text="Draw a card.\nFuse (You may cast one or both halves of this card from your hand.)")))
CHARGE = CardDef("Sunlit Charge", "Sorcery", "{1}{W}", text="You gain 3 life.")
STEPPE = CardDef("Sunlit Steppe", "Land", text="{T}: Add {W}.")
SUNLIT = whole_card("modal_dfc", (CHARGE, STEPPE))
TIDAL = whole_card("modal_dfc", (CardDef("Tidal Study", "Instant", "{1}{U}", text="Draw a card."),
                                 CardDef("Tidal Drake", "Creature — Drake", "{1}{U}", power="2",
                                         toughness="2", text="Flying")))


@pytest.fixture
def faces_pool(monkeypatch):
    pool = starter_pool().with_cards([SEAR_STUDY, MESA_GIANT, SUNLIT, TIDAL, DIG_BURY, SNAP_CRACKLE])
    monkeypatch.setattr(runner_mod, "starter_pool", lambda: pool)
    return pool


def build(d: dict):
    from judgetower.scenario.model import validate
    sc = validate({"name": "faces test", "variant": "standard", **d}, "<inline>", 0, "<inline>")
    r = runner_mod.Runner(sc)
    g = r.build()
    return r, g


def act(r, a):
    r.run_action(0, a, None)


def in_zone(g, zone_ids, name):
    return [i for i in zone_ids if g.objects[i].name == name]


def cast_face(r, g, p, oid, face):
    d = g.pending()
    assert d.kind == "priority" and d.player == p
    assert Cast(oid, face=face) in d.options
    r.decide(p, Cast(oid, face=face))
    r.settle(None)


# ---------------------------------------------------------------------------------- card facts

def test_cr_709_4_split_card_characteristics_combined():
    c = SEAR_STUDY
    assert c.name == "Sear // Study" and c.layout == "split"
    assert c.mana_cost == "{1}{R}{2}{U}" and c.mana_value == 5          # CR 709.4b
    assert c.colors == ("U", "R")                                          # CR 709.4b
    assert c.types == ("Instant", "Sorcery")                               # CR 709.4c
    assert [f.name for f in c.faces] == ["Sear", "Study"]
    comp = compile_card(c)
    assert comp.ok and comp.abilities == ()   # the halves' abilities are used on the stack


def test_cr_715_4_adventurer_card_has_only_its_normal_characteristics():
    c = MESA_GIANT
    assert (c.name, c.types, c.mana_value, c.power) == ("Mesa Giant", ("Creature",), 3, "4")
    assert c.faces[1].subtypes == ("Adventure",)
    assert compile_card(c).ok


def test_faces_bad_input_clear_errors():
    with pytest.raises(CardError, match="2 faces"):
        whole_card("split", (SEAR,))
    with pytest.raises(CardError, match="CR 715.2"):
        whole_card("adventure", (SEAR, STUDY))
    with pytest.raises(CardError, match="layout 'meld'"):   # faces2: transform is played now
        whole_card("meld", (SEAR, STUDY))


def test_faces_refused_when_a_half_has_abilities_outside_the_stack():
    """Cycling on a half, fuse with a kicker...: not played, refused."""
    assert compile_card(FUSED).ok                 # fuse is played (CR 702.102)
    kicked = whole_card("split", (CardDef("Rise", "Sorcery", "{U}", text="Kicker {1}\nFuse\nDraw a card."),
                                  CardDef("Fall", "Sorcery", "{B}", text="Fuse\nDraw a card.")))
    assert "fuse with a half" in compile_card(kicked).unsupported[0]
    unsup = compile_card(CYCLER).unsupported
    assert unsup and "keyword cycling" in unsup[0]


def test_layout_reason_and_status_for_supported_layouts():
    split = AtomicCard("Sear // Study", "split", (SEAR, STUDY), ("Sear", "Study"))
    adv = AtomicCard("Mesa Giant // Rockfall", "adventure", (GIANT, ROCKFALL), ("Mesa Giant", "Rockfall"))
    tdfc = AtomicCard("Day // Night", "meld", (GIANT, GIANT), ("Day", "Night"))   # faces2: not transform
    assert split.layout_reason is None and adv.layout_reason is None
    assert tdfc.layout_reason == "layout meld"
    assert split.game_card == SEAR_STUDY
    assert adv.game_card.name == "Mesa Giant" and adv.game_card.faces == (GIANT, ROCKFALL)
    assert status_of(split, _compile_faces(split)).playable
    assert status_of(adv, _compile_faces(adv)).playable
    assert not status_of(tdfc, _compile_faces(tdfc)).playable
    broken = AtomicCard("Sear // Bad", "split", (SEAR,), ("Sear", "Bad"), fact_errors=("Bad: no type",))
    assert broken.layout_reason == "layout split" and broken.game_card is None


# ---------------------------------------------------------------------------------- split cards

SPLIT_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Mountain", "Mountain", "Island", "Island", "Island"],
                    "hand": ["Sear // Study"], "library": ["Plains", "Plains", "Plains"]},
              "B": {"battlefield": ["Grizzly Bears"]}},
}


def test_cr_709_3_split_card_offers_each_half_not_the_whole(faces_pool):
    r, g = build(SPLIT_GAME)
    [oid] = g.hand(0)
    opts = g.pending().options
    assert Cast(oid, face=0) in opts and Cast(oid, face=1) in opts
    assert Cast(oid) not in opts                   # CR 709.3: one half is chosen
    with pytest.raises(Exception):
        r.decide(0, Cast(oid))


def test_cr_709_3b_half_on_the_stack_then_whole_card_in_graveyard(faces_pool):
    r, g = build(SPLIT_GAME)
    [oid] = g.hand(0)
    cast_face(r, g, 0, oid, 1)                     # Study: {2}{U}, draw two
    spell = g.objects[g.stack[-1]]
    assert spell.name == "Study" and spell.card.mana_value == 3     # CR 709.3b
    assert sum(1 for i in g.battlefield if g.objects[i].tapped) == 3  # paid the half's cost only
    assert "casts Study (one half of a split card)" in "\n".join(e.text for e in g.log.events)
    act(r, "resolve")
    assert len(g.hand(0)) == 2
    [gy] = g.graveyard(0)
    assert g.objects[gy].name == "Sear // Study" and g.objects[gy].card.mana_value == 5  # CR 709.4


def test_cr_709_3a_only_the_chosen_half_is_evaluated_for_timing(faces_pool):
    d = dict(SPLIT_GAME, start={"turn": 3, "active": "B", "step": "precombat_main"})
    d = dict(d, state={"A": SPLIT_GAME["state"]["A"], "B": {"battlefield": ["Grizzly Bears"], "hand": []}})
    r, g = build(d)
    [oid] = g.hand(0)
    r.decide(1, Pass())                            # B passes: A gets priority in B's main phase
    opts = g.pending().options
    assert g.pending().player == 0
    assert Cast(oid, face=0) in opts               # Sear: an instant
    assert Cast(oid, face=1) not in opts           # Study: a sorcery (CR 307.1)


def test_cr_709_3_sear_deals_damage(faces_pool):
    r, g = build(SPLIT_GAME)
    [oid] = g.hand(0)
    bears = g.battlefield[-1]
    r.decide(0, Cast(oid, face=0))
    d = g.pending()
    r.decide(0, bears if bears in d.options else next(o for o in d.options if o == bears))
    r.settle(None)
    act(r, "resolve")
    assert g.objects[bears].zone.startswith("gone")


def test_cr_702_127a_aftermath_half_from_the_graveyard_only_then_exiled(faces_pool):
    assert compile_card(DIG_BURY).ok
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "A", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Island", "Island", "Swamp", "Swamp"], "hand": ["Dig // Bury"],
                         "library": ["Plains", "Plains"]}, "B": {}}}
    r, g = build(d)
    [oid] = g.hand(0)
    opts = g.pending().options
    assert Cast(oid, face=0) in opts and Cast(oid, face=1) not in opts     # not from the hand
    cast_face(r, g, 0, oid, 0)
    act(r, "resolve")
    [gy] = [i for i in g.graveyard(0) if g.objects[i].name == "Dig // Bury"]
    opts = g.pending().options
    assert Cast(gy, face=1) in opts and Cast(gy, face=0) not in opts       # only the aftermath half
    life = g.players[0].life
    cast_face(r, g, 0, gy, 1)
    assert g.objects[g.stack[-1]].name == "Bury"
    act(r, "resolve")
    assert g.players[0].life == life + 2
    assert [g.objects[i].name for i in g.exile] == ["Dig // Bury"]          # exiled, not graveyard
    log = "\n".join(e.text for e in g.log.events)
    assert "casts Bury from the graveyard (aftermath)" in log and "it is exiled instead" in log


def test_aftermath_keyword_on_an_adventure_is_refused():
    bad = whole_card("adventure", (GIANT, CardDef("Rubble", "Sorcery — Adventure", "{R}",
                                                   text="Aftermath\nYou gain 2 life.")))
    assert not compile_card(bad).ok


def test_cr_702_102_fuse_both_halves_left_then_right(faces_pool):
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "A", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Mountain", "Island", "Island"], "hand": ["Snap // Crackle"],
                         "library": ["Plains", "Plains"]}, "B": {"battlefield": ["Grizzly Bears"]}}}
    r, g = build(d)
    [oid] = g.hand(0)
    opts = g.pending().options
    assert {Cast(oid, face=0), Cast(oid, face=1), Cast(oid, fuse=True)} <= set(opts)
    r.decide(0, Cast(oid, fuse=True))
    bears = next(i for i in g.battlefield if g.objects[i].name == "Grizzly Bears")
    r.decide(0, bears)
    r.settle(None)
    spell = g.objects[g.stack[-1]]
    assert spell.name == "Snap // Crackle" and spell.card.types == ("Instant", "Sorcery")  # CR 709.4d
    assert sum(1 for i in g.battlefield if g.objects[i].tapped) == 2                    # CR 702.102c
    act(r, "resolve")
    assert g.objects[bears].damage == 1 and len(g.hand(0)) == 1                         # CR 702.102d
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Snap // Crackle"]
    assert "casts Snap // Crackle fused (both halves)" in "\n".join(e.text for e in g.log.events)


def test_cr_702_102_fused_spell_with_a_sorcery_half_has_sorcery_timing(faces_pool):
    d = {"players": [{"name": "A"}, {"name": "B"}],
         "start": {"turn": 3, "active": "B", "step": "precombat_main"},
         "state": {"A": {"battlefield": ["Mountain", "Island"], "hand": ["Snap // Crackle"]},
                   "B": {"battlefield": ["Grizzly Bears"]}}}
    r, g = build(d)
    [oid] = g.hand(0)
    r.decide(1, Pass())
    opts = g.pending().options
    assert Cast(oid, face=0) in opts and Cast(oid, fuse=True) not in opts and Cast(oid, face=1) not in opts


# ---------------------------------------------------------------------------------- adventures

ADV_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Mountain"] * 6, "hand": ["Mesa Giant"]},
              "B": {"battlefield": ["Grizzly Bears"]}},
}


def _adventure(r, g):
    [oid] = g.hand(0)
    opts = g.pending().options
    assert Cast(oid) in opts and Cast(oid, face=1) in opts and Cast(oid, face=0) not in opts
    bears = g.battlefield[-1]
    r.decide(0, Cast(oid, face=1))
    r.decide(0, bears)
    r.settle(None)
    spell = g.objects[g.stack[-1]]
    assert spell.name == "Rockfall" and "Instant" in spell.card.types   # CR 715.3b
    act(r, "resolve")
    return bears


def test_cr_715_3d_adventure_exiled_then_creature_cast_from_exile(faces_pool):
    r, g = build(ADV_GAME)
    bears = _adventure(r, g)
    assert g.objects[bears].zone.startswith("gone")
    [ex] = g.exile
    assert g.objects[ex].name == "Mesa Giant" and g.objects[ex].adventure_player == 0
    assert not g.graveyard(0) or all(g.objects[i].name != "Mesa Giant" for i in g.graveyard(0))
    # R20: the card on an adventure is a referenced pile (the JT-E2 refill leaves it)
    piles = g.exile_piles()
    assert piles[0]["kind"] == "adventure" and piles[0]["cards"] == [ex] and piles[0]["referenced"]
    assert g.referenced_exile() == {ex}
    opts = g.pending().options
    assert Cast(ex) in opts and Cast(ex, face=1) not in opts   # not as an Adventure again
    r.decide(0, Cast(ex))
    r.settle(None)
    act(r, "resolve")
    [giant] = [i for i in g.battlefield if g.objects[i].name == "Mesa Giant"]
    assert g.objects[giant].card.power == "4" and not g.exile
    assert "it went on an adventure" in "\n".join(e.text for e in g.log.events)


def test_cr_715_3d_countered_adventure_goes_to_the_graveyard(faces_pool):
    d = dict(ADV_GAME, state={"A": ADV_GAME["state"]["A"],
                             "B": {"battlefield": ["Grizzly Bears", "Island", "Island"], "hand": ["Counterspell"]}})
    r, g = build(d)
    [oid] = g.hand(0)
    r.decide(0, Cast(oid, face=1))
    r.decide(0, g.battlefield[6])
    r.settle(None)
    act(r, {"player": "B", "cast": "Counterspell", "targets": ["Rockfall"]})
    act(r, "resolve")
    assert not g.exile
    assert [g.objects[i].name for i in g.graveyard(0)] == ["Mesa Giant"]


def test_cr_715_adventure_card_cast_as_creature(faces_pool):
    r, g = build(ADV_GAME)
    [oid] = g.hand(0)
    r.decide(0, Cast(oid))
    r.settle(None)
    assert g.objects[g.stack[-1]].name == "Mesa Giant"
    act(r, "resolve")
    assert any(g.objects[i].name == "Mesa Giant" for i in g.battlefield)


def test_jt_e2_refill_leaves_the_card_on_an_adventure(faces_pool):
    d = {
        "variant": "judge-tower", "mode": "referee",
        "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"hand": ["Mesa Giant", "Divination"]}, "B": {"battlefield": ["Grizzly Bears"]},
                  "shared": {"library": [], "exile": ["Shock", "Giant Growth"]}},
    }
    r, g = build(d)
    giant = next(i for i in g.hand(0) if g.objects[i].name == "Mesa Giant")
    opts = g.pending().options
    assert Cast(giant, face=1) in opts
    r.decide(0, Cast(giant, face=1))
    r.settle(None)
    act(r, "resolve")
    ex = next(i for i in g.exile if g.objects[i].name == "Mesa Giant")
    assert g.referenced_exile() == {ex}
    div = next(i for i in g.hand(0) if g.objects[i].name == "Divination")
    r.decide(0, Cast(div))
    r.settle(None)
    act(r, "resolve")
    assert [g.objects[i].name for i in g.exile] == ["Mesa Giant"]   # R19/R20: kept in exile
    assert sorted(g.objects[i].name for i in g.hand(0)) == ["Giant Growth", "Shock"]


def test_hidden_information_faces_of_a_card_in_hand(faces_pool):
    r, g = build(SPLIT_GAME)
    text = repr(g.view(1))
    assert "Sear" not in text and "Study" not in text


# ------------------------------------------------------------------------ modal double-faced cards

def test_cr_712_8a_mdfc_has_its_front_face_characteristics():
    assert (SUNLIT.name, SUNLIT.types, SUNLIT.mana_value, SUNLIT.layout) == (
        "Sunlit Charge", ("Sorcery",), 2, "modal_dfc")
    assert compile_card(SUNLIT).ok and compile_card(TIDAL).ok
    mdfc = AtomicCard("Sunlit Charge // Sunlit Steppe", "modal_dfc", (CHARGE, STEPPE),
                      ("Sunlit Charge", "Sunlit Steppe"))
    assert mdfc.layout_reason is None and mdfc.game_card == SUNLIT
    assert status_of(mdfc, _compile_faces(mdfc)).playable


MDFC_GAME = {
    "players": [{"name": "A"}, {"name": "B"}],
    "start": {"turn": 3, "active": "A", "step": "precombat_main"},
    "state": {"A": {"battlefield": ["Plains", "Island", "Island"], "hand": ["Sunlit Charge", "Tidal Study"],
                    "library": ["Plains", "Plains"]},
              "B": {"battlefield": ["Mountain"], "hand": ["Shock"]}},
}


def test_cr_712_12_mdfc_land_face_played_as_the_land_play(faces_pool):
    from judgetower.rules.decisions import PlayLand
    r, g = build(MDFC_GAME)
    sun = next(i for i in g.hand(0) if g.objects[i].name == "Sunlit Charge")
    opts = g.pending().options
    assert PlayLand(sun, face=1) in opts and Cast(sun) in opts and PlayLand(sun) not in opts
    r.decide(0, PlayLand(sun, face=1))
    r.settle(None)
    [land] = [i for i in g.battlefield if g.objects[i].name == "Sunlit Steppe"]
    assert g.objects[land].card.types == ("Land",)                          # CR 712.8f
    assert g.players[0].land_plays == 1
    assert not any(isinstance(o, type(PlayLand(0))) for o in g.pending().options)   # CR 305.2
    assert "plays Sunlit Steppe (back face of Sunlit Charge up)" in "\n".join(e.text for e in g.log.events)


def test_cr_712_13_mdfc_back_face_spell_becomes_that_permanent_then_front_face_again(faces_pool):
    r, g = build(MDFC_GAME)
    tid = next(i for i in g.hand(0) if g.objects[i].name == "Tidal Study")
    opts = g.pending().options
    assert Cast(tid) in opts and Cast(tid, face=1) in opts
    r.decide(0, Cast(tid, face=1))
    r.settle(None)
    assert g.objects[g.stack[-1]].name == "Tidal Drake"                     # CR 712.11b
    act(r, "resolve")
    [drake] = [i for i in g.battlefield if g.objects[i].name == "Tidal Drake"]
    assert g.objects[drake].card.power == "2"                               # CR 712.13
    act(r, "pass")
    act(r, {"player": "B", "cast": "Shock", "targets": ["Tidal Drake"]})
    act(r, "resolve")
    [gy] = [i for i in g.graveyard(0)]
    assert g.objects[gy].name == "Tidal Study" and g.objects[gy].card.types == ("Instant",)  # CR 712.8a


# ---------------------------------------------------------------------------------- real cards

@pytest.fixture(scope="module")
def real():
    if not DATA.exists():
        pytest.skip(f"{DATA} is absent (the 2022 MTGJSON file is not shipped with the project)")
    from judgetower.cards.mtgjson import load_atomic
    return {c.name: c for c in load_atomic(DATA).cards}


def test_real_split_and_adventure_cards(real):
    fi = real["Fire // Ice"]
    assert fi.layout == "split" and fi.layout_reason is None
    assert fi.game_card.mana_value == 4 and fi.game_card.colors == ("U", "R")
    bg = real["Bonecrusher Giant // Stomp"]
    assert bg.layout == "adventure" and bg.layout_reason is None
    assert bg.game_card.name == "Bonecrusher Giant" and bg.game_card.mana_value == 3
    # fuse is played (CR 702.102): Wear // Tear is
    c = real["Wear // Tear"]
    assert status_of(c, _compile_faces(c)).playable
    # aftermath is (CR 702.127a): Cut // Ribbons is refused only if its other text is not understood
    c = real["Cut // Ribbons"]
    assert c.layout == "aftermath" and c.layout_reason is None and c.game_card.layout == "split"
    assert not any("aftermath" in u.lower() for u in status_of(c, _compile_faces(c)).unsupported)
    mdfc = real["Agadeem's Awakening // Agadeem, the Undercrypt"]
    assert mdfc.layout == "modal_dfc" and mdfc.layout_reason is None
    assert mdfc.game_card.name == "Agadeem's Awakening" and mdfc.game_card.faces[1].types == ("Land",)
    # layouts not supported yet keep their reason
    assert real["Bruna, the Fading Light // Brisela, Voice of Nightmares"].layout_reason == "layout meld"   # faces2


def test_jt_p1_forced_play_offers_each_half_and_no_pass(faces_pool):
    """Judge Tower referee mode (JT-P1, R11): no pass while a half can be cast; free mana (JT-G)."""
    d = {
        "variant": "judge-tower", "mode": "referee",
        "players": [{"name": "A", "judge_level": 1}, {"name": "B", "judge_level": 1}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"hand": ["Sear // Study", "Sunlit Charge"]}, "B": {"battlefield": ["Grizzly Bears"]},
                  "shared": {"library": ["Plains", "Plains", "Plains"]}},
    }
    r, g = build(d)
    split = next(i for i in g.hand(0) if g.objects[i].name == "Sear // Study")
    sun = next(i for i in g.hand(0) if g.objects[i].name == "Sunlit Charge")
    from judgetower.rules.decisions import PlayLand
    opts = g.pending().options
    assert Pass() not in opts
    assert {Cast(split, face=0), Cast(split, face=1), Cast(sun), PlayLand(sun, face=1)} <= set(opts)
    assert Cast(split) not in opts


def test_record_keeps_the_face_cast():
    from judgetower.record import decode_choice, encode_choice
    from judgetower.rules.decisions import PlayLand
    for c in (Cast(3, face=1), Cast(3, fuse=True), PlayLand(4, face=1), Cast(5)):
        assert decode_choice(encode_choice(c)) == c
    assert encode_choice(Cast(5)) == {"t": "Cast", "obj": 5, "alternative": False}   # older records
