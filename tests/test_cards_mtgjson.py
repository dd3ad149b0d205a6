"""Reading MTGJSON AtomicCards files (judgetower.cards.mtgjson): layouts, faces, French, flags,
compression, and clear errors for broken files.

Card data is read from ../shared/data (never copied into the project); tests skip with a reason
when it is absent. Broken files are made in tmp_path from the fixture's bytes.
"""

from __future__ import annotations

import os
import gzip
import json
import lzma
from pathlib import Path

import pytest

from judgetower.cards.card import CardError
from judgetower.cards.mtgjson import ENGINE_LAYOUTS, load_atomic, parse_atomic

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared") / "data"
FIXTURE = DATA / "fixture-cards.json"
DEV_2022 = DATA / "AtomicCards-dev-2022.json.xz"
CURRENT_2026 = DATA / "AtomicCards-current-2026-normal.json.xz"


def _need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"card data file {path} is absent (see ../shared/data/README.md)")
    return path


@pytest.fixture(scope="module")
def fixture_cards():
    data = load_atomic(_need(FIXTURE))
    return {c.name: c for c in data.cards}


def test_every_layout_is_read(fixture_cards):
    layouts = {c.layout for c in fixture_cards.values()}
    assert {"normal", "split", "transform", "adventure", "modal_dfc", "saga", "flip", "leveler",
            "meld", "class", "aftermath", "host", "augment"} <= layouts
    assert len(fixture_cards) == 70


def test_multi_faced_cards_keep_every_face_and_their_layout(fixture_cards):
    fire_ice = fixture_cards["Fire // Ice"]
    assert fire_ice.layout == "split"
    assert fire_ice.face_names == ("Fire", "Ice")
    assert [f.name for f in fire_ice.faces] == ["Fire", "Ice"]
    assert fire_ice.faces[1].text.startswith("Tap target permanent.")
    assert fire_ice.layout_reason is None            # faces: split cards are played (CR 709)
    assert fire_ice.game_card.name == "Fire // Ice" and fire_ice.game_card.mana_value == 4
    delver = fixture_cards["Delver of Secrets // Insectile Aberration"]
    assert delver.layout == "transform"
    assert delver.faces[1].colors == ("U",)          # colour indicator, no mana cost
    assert delver.faces[1].mana_cost is None
    assert delver.layout_reason is None              # faces2: transforming cards are played (CR 712)
    assert delver.game_card.faces[1].mana_value == 1  # faces2: the front face's (CR 712.8e)
    assert fixture_cards["Bruna, the Fading Light // Brisela, Voice of Nightmares"].layout_reason == "layout meld"
    assert fixture_cards["Bonecrusher Giant // Stomp"].faces[1].types == ("Instant",)


def test_single_faced_engine_layouts_are_supported(fixture_cards):
    assert ENGINE_LAYOUTS == {"normal", "saga", "class", "leveler"}
    for name in ("Lightning Bolt", "History of Benalia", "Druid Class", "Student of Warfare"):
        assert fixture_cards[name].layout_reason is None, name
        assert fixture_cards[name].front is fixture_cards[name].faces[0]


def test_french_names_and_text(fixture_cards):
    bolt = fixture_cards["Lightning Bolt"]
    assert bolt.front.name_fr == "Foudre"
    assert "3 blessures" in bolt.front.text_fr
    assert bolt.names_fr() == ("Foudre",)
    mystic = fixture_cards["Kitsune Mystic // Autumn-Tail, Kitsune Sage"]
    assert mystic.faces[0].name_fr == "Mystique kitsune"
    assert mystic.name_fr == "Mystique kitsune // Autumn-Tail, Kitsune Sage"


def test_flags_and_vintage_legality(fixture_cards):
    assert fixture_cards["Bat-"].is_funny
    assert not fixture_cards["Bat-"].in_judge_tower_pool()
    assert fixture_cards["Lightning Bolt"].vintage == "Legal"
    assert fixture_cards["Black Lotus"].vintage == "Restricted"
    assert fixture_cards["Black Lotus"].in_judge_tower_pool()
    assert fixture_cards["Chaos Orb"].vintage != "Legal"
    # without legalities in the file, every non-funny card is in the pool
    assert fixture_cards["Chaos Orb"].in_judge_tower_pool(file_has_legalities=False)


def test_facts_the_card_model_refuses_do_not_stop_the_load(fixture_cards):
    kitten = fixture_cards["Adorable Kitten"]          # "Host Creature": not a card type
    assert kitten.faces == ()
    assert kitten.front is None
    assert "Host" in kitten.fact_errors[0]


def test_gz_and_xz_read_like_json(tmp_path):
    raw = _need(FIXTURE).read_bytes()
    (tmp_path / "c.json.gz").write_bytes(gzip.compress(raw))
    (tmp_path / "c.json.xz").write_bytes(lzma.compress(raw))
    plain = load_atomic(FIXTURE)
    for name in ("c.json.gz", "c.json.xz"):
        packed = load_atomic(tmp_path / name)
        assert packed.cards == plain.cards
        assert packed.sha256 != plain.sha256          # the hash is of the file's own bytes


def test_truncated_xz_is_a_clear_error(tmp_path):
    packed = lzma.compress(_need(FIXTURE).read_bytes())
    bad = tmp_path / "AtomicCards.json.xz"
    bad.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(CardError, match="truncated or corrupt xz stream") as err:
        load_atomic(bad)
    assert str(bad) in str(err.value)


def test_truncated_gz_and_json_are_clear_errors(tmp_path):
    raw = _need(FIXTURE).read_bytes()
    gz = tmp_path / "c.json.gz"
    gz.write_bytes(gzip.compress(raw)[:5000])
    with pytest.raises(CardError, match="truncated or corrupt gzip stream"):
        load_atomic(gz)
    js = tmp_path / "c.json"
    js.write_bytes(raw[: len(raw) // 3])
    with pytest.raises(CardError, match=r"c\.json: truncated JSON"):
        load_atomic(js)


def test_json_without_data_is_not_atomic_cards(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"meta": {}, "cards": []}))
    with pytest.raises(CardError, match="not an MTGJSON AtomicCards file: no 'data' object") as err:
        load_atomic(path)
    assert str(path) in str(err.value)
    path.write_text("[1, 2]")
    with pytest.raises(CardError, match="top level is a list"):
        load_atomic(path)


def test_other_broken_inputs(tmp_path):
    with pytest.raises(CardError, match="cannot read card data file .*missing.json"):
        load_atomic(tmp_path / "missing.json")
    fake = tmp_path / "fake.json.xz"
    fake.write_text('{"data": {}}')
    with pytest.raises(CardError, match="not an xz file"):
        load_atomic(fake)
    with pytest.raises(CardError, match="card 'X': expected a non-empty list of face objects"):
        parse_atomic(b'{"data": {"X": {}}}', "mem.json")
    with pytest.raises(CardError, match="card 'X': a face has no 'type'"):
        parse_atomic(b'{"data": {"X": [{"name": "X"}]}}', "mem.json")


def test_both_wordings_read_as_they_are():
    """2022 "enters the battlefield" and current "enters" are kept verbatim; the compiler
    reads both to the same abilities."""
    from judgetower.oracle import compile_card
    old = {c.name: c for c in load_atomic(_need(FIXTURE)).cards}["Snapcaster Mage"].front
    assert "enters the battlefield" in old.text
    from dataclasses import replace
    new = replace(old, text="When this creature enters, draw a card.")
    was = replace(old, text="When Snapcaster Mage enters the battlefield, draw a card.")
    assert compile_card(new).ok and compile_card(was).ok
    assert compile_card(new).abilities == compile_card(was).abilities


# ------------------------------------------------------------------ big files (light checks)

def test_dev_2022_file_reads_every_card_with_french():
    data = load_atomic(_need(DEV_2022))
    assert len(data.cards) == 24014
    assert data.has_legalities
    with_french = sum(1 for c in data.cards if c.names_fr())
    assert with_french > 20000
    assert {c.layout for c in data.cards} >= {"split", "transform", "modal_dfc", "meld", "flip"}


def test_current_2026_file_has_alchemy_and_no_legalities():
    data = load_atomic(_need(CURRENT_2026))
    assert len(data.cards) == 32924
    assert not data.has_legalities
    alchemy = [c for c in data.cards if c.is_alchemy]
    assert alchemy and all(not c.in_judge_tower_pool(False) for c in alchemy)
    assert any("When this creature enters," in (c.front.text if c.front else "") for c in data.cards)


def test_a_mana_symbol_outside_cr_107_4_is_refused_as_a_card_fact():
    """CR 107.4 lists every mana symbol; a cost with another one (the half-mana {HW} of a joke
    card) cannot be paid, so the card is kept but not playable, with the reason."""
    from judgetower.cards.card import CardDef
    made_up = {"name": "Half Pint", "layout": "normal", "type": "Creature — Human", "manaCost": "{HW}",
               "power": "0", "toughness": "1", "text": ""}
    raw = json.dumps({"meta": {}, "data": {"Half Pint": [made_up]}}).encode()
    _, cards = parse_atomic(raw, "made-up.json")
    assert cards[0].front is None
    assert "unknown mana symbol {HW}" in cards[0].fact_errors[0] and "CR 107.4" in cards[0].fact_errors[0]
    ok = CardDef("Every Symbol", "Creature — Test", "{2}{W/U}{2/R}{C/G}{G/P}{W/U/P}{S}{C}{X}",
                 power="1", toughness="1")
    assert ok.colors == ("W", "U", "R", "G")
    with pytest.raises(CardError, match="CR 107.4"):
        CardDef("Variable Y", "Sorcery", "{Y}")
