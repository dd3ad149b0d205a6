"""Compiled card pools (judgetower.oracle.compiled_pool): the SQLite cache, lookups, coverage, towers,
and the `judgetower cards` / `judgetower tower` commands.

Uses ../shared/data/fixture-cards.json (70 cards, every layout), read in place; skips with a
reason when it is absent. Caches and downloads go to tmp_path (JUDGETOWER_CACHE_DIR,
JUDGETOWER_DATA_DIR); nothing touches the network (the download test uses an unreachable
loopback port and file:// URLs).
"""

from __future__ import annotations

import os
import json
import lzma
import sqlite3
from pathlib import Path

import pytest

from judgetower import cli
from judgetower.oracle import compiled_pool as compiled
from judgetower.cards.card import CardError
from judgetower.oracle.compiled_pool import CACHE_FILE, FullPool, load_pool, open_pool
from judgetower.oracle.coverage import coverage, pattern_of
from judgetower.cards.pool import starter_pool
from judgetower.cards.tower import basic_counts, build_tower, parse_filter, read_tower, tower_text

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared") / "data" / "fixture-cards.json"


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("jt-cache")


@pytest.fixture(autouse=True)
def isolated(monkeypatch, tmp_path, shared_cache):
    """No test sees the user's cache, data or the network: a session cache dir (so the fixture
    compiles once), an empty data dir, and an unreachable download URL."""
    monkeypatch.setenv("JUDGETOWER_CACHE_DIR", str(shared_cache))
    monkeypatch.setenv("JUDGETOWER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGETOWER_DOWNLOAD_URL", "http://127.0.0.1:9/AtomicCards.json.xz")


@pytest.fixture
def fixture_path() -> Path:
    if not FIXTURE.exists():
        pytest.skip(f"card data file {FIXTURE} is absent (see ../shared/data/README.md)")
    return FIXTURE


@pytest.fixture
def pool(fixture_path) -> FullPool:
    return load_pool(fixture_path)


# ---------------------------------------------------------------------------------- cache

def test_second_load_is_served_from_sqlite(fixture_path, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("JUDGETOWER_CACHE_DIR", str(cache))
    first = load_pool(fixture_path)
    assert not first.from_cache
    assert (cache / CACHE_FILE).exists()
    second = load_pool(fixture_path)
    assert second.from_cache
    assert second.key == first.key
    assert second.names() == first.names()
    for name in first:
        assert second.status(name) == first.status(name), name
        assert second.card(name) == first.card(name), name
    # the IR comes back from the cache, equal to the fresh compile
    assert second.compiled("Lightning Bolt") == first.compiled("Lightning Bolt")
    assert second.compiled("Fire // Ice") == first.compiled("Fire // Ice")
    with sqlite3.connect(cache / CACHE_FILE) as db:
        n, = db.execute("SELECT COUNT(*) FROM cards WHERE key=?", (first.key,)).fetchone()
    assert n == 70


def test_cache_key_is_file_hash_and_compiler_version(fixture_path, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("JUDGETOWER_CACHE_DIR", str(cache))
    from judgetower.oracle import COMPILER_VERSION
    key = load_pool(fixture_path).key
    assert COMPILER_VERSION in key
    copy = tmp_path / "same.json"
    copy.write_bytes(fixture_path.read_bytes())
    assert load_pool(copy).from_cache                         # same bytes, another path
    copy.write_bytes(fixture_path.read_bytes() + b"\n")
    assert not load_pool(copy).from_cache                     # other bytes
    monkeypatch.setattr(compiled, "compiler_version", lambda: "another-compiler")
    assert not load_pool(fixture_path).from_cache             # other compiler


def test_parallel_compile_matches_serial(pool):
    cards = [pool.card(n) for n in ("Lightning Bolt", "Fire // Ice", "Black Lotus", "Serra Angel",
                                    "Student of Warfare", "Adorable Kitten")]
    assert compiled.compile_all(cards, workers=2) == compiled.compile_all(cards, workers=1)


def test_corrupt_cache_is_rebuilt_with_a_notice(fixture_path, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / CACHE_FILE).write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("JUDGETOWER_CACHE_DIR", str(cache))
    notes: list[str] = []
    p = load_pool(fixture_path, notice=notes.append)
    assert not p.from_cache and len(p) == 70
    assert any("unreadable" in n for n in notes)


def test_playable_status_and_reasons(pool):
    assert pool.playable("Lightning Bolt")
    # faces2: transforming cards are played now (CR 712); meld cards are not (CR 712.4)
    assert pool.status("Bruna, the Fading Light // Brisela, Voice of Nightmares").reasons == ("layout meld",)
    delver = pool.status("Delver of Secrets // Insectile Aberration")
    assert not delver.reasons and delver.unsupported   # its "revealed this way" sentence
    assert pool.playable("Fire // Ice")                 # faces: split cards are played (CR 709)
    ape = pool.status("Tarmogoyf")   # (conds: Kird Ape's "as long as" is understood now)
    assert not ape.playable and ape.unsupported       # the sentence it did not understand
    assert pool.playable("Kird Ape")                  # conds: "as long as you control a Forest"
    assert pool.playable("Black Lotus")                 # "Add three mana of any one color" (manaab)
    assert "card facts" in pool.status("Adorable Kitten").why()[1]
    engine = pool.card_pool()
    assert "Lightning Bolt" in engine and "Tarmogoyf" not in engine and "Fire" not in engine
    assert engine["Fire // Ice"].faces[0].name == "Fire"   # faces: the whole card holds its halves


def test_lookups_by_face_french_and_case(pool):
    assert pool.resolve("foudre") == "Lightning Bolt"
    assert pool.resolve("Ice") == "Fire // Ice"
    assert pool.resolve("LIGHTNING BOLT") == "Lightning Bolt"
    with pytest.raises(CardError, match=r"unknown card 'Lightning Blot' \(did you mean: Lightning Bolt\?\)"):
        pool.get("Lightning Blot")
    with pytest.raises(CardError, match="2 unknown cards"):
        pool.resolve_many(["Shock", "Foudre", "Zzyzx"])
    assert "Lightning Bolt" in pool.search("FOUD")
    assert pool.search("3 blessures", lang="fr") == ["Lightning Bolt"]


def test_lazy_pool_gives_the_full_pools_answers(pool, fixture_path):
    """`open_pool` reads a data file lazily (`LazyCompiledPool`): every card's status, info, IR,
    lookups, search, tower and engine pool are those of the whole compiled pool (`load_pool`)."""
    lazy = compiled.lazy_pool(fixture_path)
    assert isinstance(open_pool(fixture_path), compiled.LazyCompiledPool)
    assert lazy.names() == pool.names()
    for name in pool:
        assert lazy.status(name) == pool.status(name), name
        assert lazy.info(name) == pool.info(name), name
        assert lazy.compiled(name) == pool.compiled(name), name
        assert lazy.in_tower_pool(name) == pool.in_tower_pool(name), name
    for name in ("foudre", "Ice", "LIGHTNING BOLT", "Zzyzx"):
        assert lazy.resolve(name) == pool.resolve(name), name
    assert lazy.search("FOUD") == pool.search("FOUD")
    assert lazy.unknown_message("Lightning Blot") == pool.unknown_message("Lightning Blot")
    for seed in (1, 2, 3):
        assert build_tower(lazy, 20, seed) == build_tower(pool, 20, seed)
    assert build_tower(lazy, 5, 1, filter_expr="type=creature") == build_tower(pool, 5, 1, filter_expr="type=creature")
    assert lazy.card_pool().names() == pool.card_pool().names()


def test_a_lazy_tower_compiles_only_the_cards_it_draws(fixture_path, monkeypatch):
    """`tower build` on a data file compiles (or reads from the per-card cache) the candidates it
    draws, not the whole file."""
    asked: list[str] = []
    real = compiled.compile_all

    def counting(cards, **kw):
        asked.extend(c.name for c in cards)
        return real(cards, **kw)
    monkeypatch.setattr(compiled, "compile_all", counting)
    lazy = compiled.lazy_pool(fixture_path)
    tower = build_tower(lazy, 10, seed=4)
    # the candidates are handed to the compiler in batches (LazyCompiledPool.prefetch): those
    # checked and the rest of the last batch, each once
    assert len(asked) == len(set(asked)) == len(lazy._ir)
    assert tower.checked <= len(asked) < len(lazy)
    assert set(tower.cards) <= set(asked)


def test_the_pool_cache_keeps_no_ir(fixture_path, tmp_path, monkeypatch):
    """One store for compiled IR: the per-card cache (compiler.cache); the pool cache keeps the
    card index, statuses and records only."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("JUDGETOWER_CACHE_DIR", str(cache))
    first = load_pool(fixture_path)
    with sqlite3.connect(cache / CACHE_FILE) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(cards)")]
    assert "ir" not in columns and "record" in columns
    assert load_pool(fixture_path).compiled("Fire // Ice") == first.compiled("Fire // Ice")


def test_no_data_falls_back_to_the_starter_tower_with_a_notice():
    notes: list[str] = []
    p = open_pool(None, notice=notes.append)
    assert len(p) == len(starter_pool())
    assert any("starter tower" in n and "cards download" in n for n in notes)


# ------------------------------------------------------------------------------- coverage

def test_coverage_report_shape(pool):
    report = coverage(pool, top=30)
    assert report["all"] == {"total": 70, "playable": report["all"]["playable"]}
    assert 0 < report["pool"]["playable"] <= report["pool"]["total"] < 70
    assert report["pool_unsupported_layouts"]["meld"] == 3
    rows = report["unsupported"]
    assert 0 < len(rows) <= 30
    assert all(set(r) >= {"pattern", "cards"} and r["cards"] >= 1 for r in rows)
    assert [r["cards"] for r in rows] == sorted((r["cards"] for r in rows), reverse=True)


def test_patterns_normalise_name_numbers_and_mana():
    assert pattern_of("{2}{R}, {T}: Lightning Bolt deals 3 damage to any target.", "Lightning Bolt") \
        == "{M}, {T}: CARDNAME deals N damage to any target."
    assert pattern_of("Isamaru gets +1/+1.", "Isamaru, Hound of Konda") == "CARDNAME gets +N/+N."
    assert pattern_of("Fire deals 2 damage.", "Fire // Ice", ("Fire", "Ice")) == "CARDNAME deals N damage."


def test_coverage_json_command(fixture_path, capsys):
    assert cli.main(["cards", "coverage", "--data", str(fixture_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for part in ("all", "pool"):
        assert set(report[part]) == {"total", "playable"}
    assert isinstance(report["unsupported"], list) and report["unsupported"][0]["pattern"]


def test_coverage_without_legalities_says_so(tmp_path, capsys):
    doc = {"meta": {}, "data": {
        "Shock": [{"name": "Shock", "type": "Instant", "manaCost": "{R}", "layout": "normal",
                   "text": "Shock deals 2 damage to any target."}],
        "Joke": [{"name": "Joke", "type": "Instant", "manaCost": "{R}", "layout": "normal",
                  "text": "Draw a card.", "isFunny": True}],
    }}
    path = tmp_path / "small.json"
    path.write_text(json.dumps(doc))
    assert cli.main(["cards", "coverage", "--data", str(path)]) == 0
    out = capsys.readouterr().out
    assert "no legalities" in out
    report = coverage(load_pool(path))
    assert report["legalities"] is False
    assert report["pool"] == {"total": 1, "playable": 1}
    assert report["all"] == {"total": 2, "playable": 2}


# --------------------------------------------------------------------------------- towers

def test_tower_file_lists_every_unknown_name(pool, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("# my tower\nLightning Blot\n4 Islnd  # copies\nFoudre\nZzyzx Qqq\n")
    with pytest.raises(CardError) as err:
        read_tower(path, pool)
    msg = str(err.value)
    assert "3 unknown cards" in msg
    assert "line 2: unknown card 'Lightning Blot' (did you mean: Lightning Bolt" in msg
    assert "line 3: unknown card 'Islnd'" in msg and "Island" in msg
    assert "line 5: unknown card 'Zzyzx Qqq'" in msg


def test_tower_file_refuses_unsupported_cards_with_the_reason(pool, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("Lightning Bolt\n2x Tarmogoyf\nDelver of Secrets // Insectile Aberration\n3 Island\n")
    with pytest.raises(CardError) as err:
        read_tower(path, pool)
    msg = str(err.value)
    assert "2 cards the engine cannot play yet" in msg
    assert "Tarmogoyf: not understood:" in msg and "Tarmogoyf's power is equal to" in msg
    assert "Delver of Secrets // Insectile Aberration: not understood:" in msg   # faces2: layout played now
    names = read_tower(path, pool, allow_unsupported=True)
    assert names == ["Lightning Bolt", "Tarmogoyf", "Tarmogoyf",
                     "Delver of Secrets // Insectile Aberration"] + ["Island"] * 3


def test_tower_file_with_the_compiled_starter_pool(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("Plains\n2 Island\n")
    pool = compiled.pool_from_cards(starter_pool())
    assert read_tower(path, pool) == ["Plains", "Island", "Island"]
    path.write_text("")
    with pytest.raises(CardError, match="holds no card"):
        read_tower(path, pool)


def test_towers_refuse_an_uncompiled_pool(tmp_path):
    """The cards layer does not call the compiler (DESIGN.md layers): callers compile."""
    path = tmp_path / "t.txt"
    path.write_text("Plains\n")
    with pytest.raises(TypeError, match="compiled pool"):
        read_tower(path, starter_pool())


def test_tower_build_is_deterministic_and_singleton(pool, tmp_path):
    a = build_tower(pool, 20, seed=7)
    b = build_tower(pool, 20, seed=7)
    assert a == b
    assert len(a) == 20 and len(a.names()) == 20
    assert len(set(a.cards)) == len(a.cards) == 18              # singleton, 2 basic lands
    assert dict(a.basics) == {"Plains": 1, "Island": 1}
    assert all(pool.playable(n) and pool.in_tower_pool(n) for n in a.cards)
    assert build_tower(pool, 20, seed=8).cards != a.cards
    path = tmp_path / "tower.txt"
    path.write_text(tower_text(a, ["seed 7"]))
    assert sorted(read_tower(path, pool)) == sorted(a.names())  # round trip


def test_tower_build_command(fixture_path, tmp_path, capsys):
    out1, out2 = tmp_path / "a.txt", tmp_path / "b.txt"
    args = ["tower", "build", "--size", "20", "--seed", "3", "--data", str(fixture_path)]
    assert cli.main(args + ["-o", str(out1)]) == 0
    assert cli.main(args + ["-o", str(out2)]) == 0
    assert out1.read_text() == out2.read_text()
    assert cli.main(["tower", "check", str(out1), "--data", str(fixture_path)]) == 0
    assert cli.main(args[:-2] + ["--size", "500", "--data", str(fixture_path), "-o", str(out1)]) == 2
    assert "only" in capsys.readouterr().err


def test_basic_lands_spread_over_five_types():
    assert basic_counts(250) == [("Plains", 5), ("Island", 5), ("Swamp", 5), ("Mountain", 5), ("Forest", 5)]
    assert sum(n for _, n in basic_counts(47)) == 5


def test_tower_filter(pool):
    t = build_tower(pool, 5, seed=1, filter_expr="type=creature, mv<=3")
    cards = [pool.card(n).front for n in t.cards]
    assert all("Creature" in c.types and c.mana_value <= 3 for c in cards)
    red = parse_filter("color=R")
    green_or_red = parse_filter("color=R|G,type!=land")
    bolt, elves = pool.card("Lightning Bolt").front, pool.card("Llanowar Elves").front
    assert red(bolt) and not red(elves) and green_or_red(elves)
    assert parse_filter("color=C")(pool.card("Sol Ring").front)
    for bad, why in [("mv<=x", "whole number"), ("color=Q", "not a colour"), ("power>2", "unknown key"),
                     ("type<3", "takes = or !="), ("creature", "KEY OP VALUE"), ("mv=1,,mv=2", "empty term")]:
        with pytest.raises(CardError, match=why):
            parse_filter(bad)


# ------------------------------------------------------------------------------- commands

def test_cards_show(fixture_path, capsys):
    assert cli.main(["cards", "show", "tarmogoyf", "--data", str(fixture_path)]) == 0
    out = capsys.readouterr().out
    assert "Tarmogoyf" in out and "Creature" in out and "Supported: no" in out
    assert "not understood: Tarmogoyf's power is equal to" in out
    assert cli.main(["cards", "show", "Lightning Bolt", "--lang", "fr", "--data", str(fixture_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Foudre") and "blessures" in out
    assert "SpellAbility(" in out and "DealDamage(amount=3" in out and "Supported: yes" in out
    assert cli.main(["cards", "show", "Lightning Blot", "--data", str(fixture_path)]) == 2
    assert "did you mean: Lightning Bolt" in capsys.readouterr().err


def test_cards_search(fixture_path, capsys):
    assert cli.main(["cards", "search", "foudre", "--data", str(fixture_path)]) == 0
    assert "Lightning Bolt [Foudre]" in capsys.readouterr().out
    assert cli.main(["cards", "search", "FLYING", "--data", str(fixture_path), "--limit", "0"]) == 0
    assert "Serra Angel" in capsys.readouterr().out


def test_download_offline_is_a_clear_error(tmp_path, capsys):
    assert cli.main(["cards", "download", "--dest", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot download http://127.0.0.1:9/AtomicCards.json.xz:" in err
    assert "use --data PATH" in err
    assert not list(tmp_path.iterdir())                        # no partial file left behind


def test_download_verifies_and_saves(fixture_path, tmp_path, capsys, monkeypatch):
    good = tmp_path / "src.json.xz"
    good.write_bytes(lzma.compress(fixture_path.read_bytes()))
    data_dir = tmp_path / "data"
    assert cli.main(["cards", "download", "--url", good.as_uri()]) == 0
    saved = data_dir / "AtomicCards.json.xz"
    assert saved.exists() and f"Saved 70 cards to {saved}" in capsys.readouterr().out
    assert compiled.default_data_file() == saved
    assert open_pool(None).source == str(saved)               # used without --data from now on
    bad = tmp_path / "bad.json.xz"
    bad.write_bytes(good.read_bytes()[:3000])
    dest = tmp_path / "other"
    assert cli.main(["cards", "download", "--url", bad.as_uri(), "--dest", str(dest)]) == 2
    assert "truncated or corrupt xz stream" in capsys.readouterr().err
    assert not (dest / "AtomicCards.json.xz").exists()


def test_a_tower_names_a_double_faced_card_by_its_whole_name():
    """`tower build` writes a double-faced card as "Front // Back" (the data file's name); the game
    pool holds it as its front face (CR 712.8a): the whole name resolves to it, a wrong back face
    does not."""
    from judgetower.cards.card import CardDef
    from judgetower.cards.pool import CardPool
    front = CardDef("Test Villager", "Creature — Human Werewolf", "{1}{G}", power="2", toughness="2")
    back = CardDef("Test Howler", "Creature — Werewolf", None, power="4", toughness="4")
    card = CardDef("Test Villager", "Creature — Human Werewolf", "{1}{G}", power="2", toughness="2",
                   layout="transform", faces=(front, back))
    pool = CardPool([card])
    assert [c.name for c in pool.get_many(["Test Villager // Test Howler"])] == ["Test Villager"]
    with pytest.raises(CardError, match="Test Villager // Test Other"):
        pool.get_many(["Test Villager // Test Other"])
