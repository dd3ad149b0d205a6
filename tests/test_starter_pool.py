"""The embedded starter tower pool: names, lookups, and card facts checked against shared data.

The card facts in `starter_tower.yaml` are hand-written; the data-file tests below only
*check* them against MTGJSON files in ../shared/data (never copied into the project).
"""

from __future__ import annotations

import os
import json
import lzma
import re
from functools import cache
from pathlib import Path

import pytest

from judgetower.cards import CardDef, CardError, CardPool, card_from_mapping, starter_pool
from judgetower.cards.pool import load_pool_yaml

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
STARTER_LIST = SHARED / "cards" / "starter-tower.txt"
CURRENT_DATA = SHARED / "data" / "AtomicCards-current-2026-normal.json.xz"
DEV_DATA = SHARED / "data" / "AtomicCards-dev-2022.json.xz"


def _starter_names() -> list[str]:
    if not STARTER_LIST.exists():
        pytest.skip(f"{STARTER_LIST} is absent")
    lines = STARTER_LIST.read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


@cache
def _atomic(path: Path) -> dict:
    with lzma.open(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)["data"]


def _data(path: Path) -> dict:
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return _atomic(path)


def _norm(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


# --- the pool itself -----------------------------------------------------------

def test_pool_has_exactly_the_starter_names_in_order():
    names = _starter_names()
    assert len(names) == 111
    pool = starter_pool()
    assert pool.names() == names
    assert len(pool) == 111
    assert [c.name for c in pool] == names


def test_every_card_builds_and_has_a_french_name():
    pool = starter_pool()
    for card in pool:
        assert isinstance(card, CardDef)
        assert card.name_fr and card.name_fr.strip(), card.name
        assert pool.french_name(card.name) == card.name_fr


def test_starter_pool_is_cached():
    assert starter_pool() is starter_pool()


def test_lookup_exact_and_case_insensitive():
    pool = starter_pool()
    bolt = pool.get("Lightning Bolt")
    assert bolt.mana_cost == "{R}" and bolt.is_type("Instant")
    assert pool.get("lightning bolt") is bolt
    assert pool["LIGHTNING BOLT"] is bolt
    assert "lightning bolt" in pool and "Lightning Bolt" in pool
    assert "Lightening Bolt" not in pool
    assert pool.french_name("Lightning Bolt") == "Foudre"


def test_unknown_name_quotes_it_and_suggests_close_matches():
    with pytest.raises(CardError) as info:
        starter_pool().get("Lightening Bolt")
    msg = str(info.value)
    assert "'Lightening Bolt'" in msg
    assert "did you mean" in msg and "Lightning Bolt" in msg
    assert isinstance(info.value, ValueError)


def test_unknown_name_with_nothing_close():
    with pytest.raises(CardError, match=r"unknown card 'Zzzzqqq'$"):
        starter_pool().get("Zzzzqqq")


def test_get_many_reports_every_unknown_name_at_once():
    pool = starter_pool()
    got = pool.get_many(["Shock", "forest", "Sol Ring"])
    assert [c.name for c in got] == ["Shock", "Forest", "Sol Ring"]
    with pytest.raises(CardError) as info:
        pool.get_many(["Shock", "Lightening Bolt", "Forest", "Counterspel", "Nope Nope"])
    msg = str(info.value)
    for bad in ("'Lightening Bolt'", "'Counterspel'", "'Nope Nope'"):
        assert bad in msg
    assert "Lightning Bolt" in msg and "Counterspell" in msg
    assert "'Shock'" not in msg


def test_with_cards_adds_and_rejects_clashes():
    pool = starter_pool()
    extra = CardDef(name="Test Golem", type_line="Artifact Creature — Golem",
                    mana_cost="{2}", power="2", toughness="2")
    bigger = pool.with_cards([extra])
    assert len(bigger) == len(pool) + 1
    assert bigger.get("Test Golem") is extra
    assert "Test Golem" not in pool  # the original is untouched
    assert bigger.names()[-1] == "Test Golem"
    with pytest.raises(CardError, match="Shock"):
        pool.with_cards([CardDef(name="Shock", type_line="Instant", mana_cost="{R}")])
    with pytest.raises(CardError, match="shock"):
        pool.with_cards([CardDef(name="shock", type_line="Instant", mana_cost="{R}")])


def test_card_from_mapping_accepts_scenario_style_keys():
    card = card_from_mapping(
        {"name": "Test Bear", "type": "Creature — Bear", "mana_cost": "{1}{G}",
         "power": 2, "toughness": 2},
        "scenario.yaml cards[0]",
    )
    assert card.type_line == "Creature — Bear"
    assert (card.power, card.toughness) == ("2", "2")
    assert card.colors == ("G",)
    odd = card_from_mapping({"name": "Ghost", "type_line": "Artifact", "colors": ["U"]}, "x")
    assert odd.colors == ("U",)


def test_card_from_mapping_rejects_unknown_keys_naming_where_and_key():
    with pytest.raises(CardError) as info:
        card_from_mapping({"name": "X", "type": "Instant", "cost": "{R}"}, "scn.yaml cards[2]")
    assert "scn.yaml cards[2]" in str(info.value) and "'cost'" in str(info.value)


def test_card_from_mapping_wraps_card_errors_with_where():
    with pytest.raises(CardError, match="here: .*power and toughness"):
        card_from_mapping({"name": "X", "type": "Creature — Bear"}, "here")
    with pytest.raises(CardError, match="here: .*name"):
        card_from_mapping({"type": "Instant"}, "here")


def test_malformed_yaml_names_file_and_entry():
    with pytest.raises(CardError, match=r"f\.yaml entry 2 \(Bad\).*'typo'"):
        load_pool_yaml("- {name: A, type_line: Instant}\n- {name: Bad, type_line: Instant, typo: 1}\n",
                       "f.yaml")
    with pytest.raises(CardError, match=r"f\.yaml entry 2"):
        load_pool_yaml("- {name: A, type_line: Instant}\n- {name: A, type_line: Instant}\n", "f.yaml")
    with pytest.raises(CardError, match=r"f\.yaml: expected a list"):
        load_pool_yaml("name: A\n", "f.yaml")


def test_empty_pool():
    pool = CardPool()
    assert len(pool) == 0 and list(pool) == [] and pool.names() == []
    with pytest.raises(CardError, match="unknown card 'Shock'"):
        pool.get("Shock")


# --- facts checked against the shared data files ---------------------------------

FIELDS = (("mana_cost", "manaCost"), ("type_line", "type"), ("power", "power"),
          ("toughness", "toughness"), ("loyalty", "loyalty"))


def test_card_facts_match_current_oracle_data():
    data = _data(CURRENT_DATA)
    problems = []
    for card in starter_pool():
        faces = data.get(card.name)
        if not faces:
            problems.append(f"{card.name}: not in {CURRENT_DATA.name}")
            continue
        face = faces[0]
        for ours, theirs in FIELDS:
            if getattr(card, ours) != face.get(theirs):
                problems.append(f"{card.name}: {ours} {getattr(card, ours)!r} != {face.get(theirs)!r}")
        if _norm(card.text) != _norm(face.get("text")):
            problems.append(f"{card.name}: text\n  ours:  {card.text!r}\n  data:  {face.get('text')!r}")
        derived = card.colors
        if tuple(face.get("colors", derived)) != derived and "colors" in face:
            problems.append(f"{card.name}: colors {derived} != {face['colors']}")
    assert not problems, "\n".join(problems)


def test_french_names_match_data():
    data = _data(DEV_DATA)
    problems, checked = [], 0
    for card in starter_pool():
        faces = data.get(card.name) or []
        french = [f["name"] for face in faces for f in face.get("foreignData", [])
                  if f.get("language") == "French" and f.get("name")]
        if not french:
            continue  # the data has no French entry for this card
        checked += 1
        if card.name_fr not in french:
            problems.append(f"{card.name}: {card.name_fr!r} not in {sorted(set(french))!r}")
    if not checked:
        pytest.skip("no French names in the data")
    assert not problems, "\n".join(problems)
