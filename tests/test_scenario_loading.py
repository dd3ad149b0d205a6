"""Scenario files v1.1: safe reading of bad input (issue 19) and the runner's v1.1 options
(`--data`, `data: required`, made-up cards not clashing with real ones).

The bad-input corpus (tests/bad_input/scenarios) is run by its own test; here the limits are
checked directly: time and memory of refusing an alias bomb or deep nesting, and that type errors
name the file and the key."""

from __future__ import annotations

import io
import os
import time
import tracemalloc
from pathlib import Path

import pytest

from judgetower.scenario import model
from judgetower.scenario.model import ScenarioFileError, load_file
from judgetower.scenario.runner import CardData, run_paths, run_scenario

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
DATA = SHARED / "data" / "AtomicCards-dev-2022.json.xz"
CORPUS = ROOT / "tests" / "bad_input" / "scenarios"
HEAD = "name: x\nplayers: [{name: A}, {name: B}]\n"


def _bad(tmp_path, content, name="s.yaml"):
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    with pytest.raises(ScenarioFileError) as e:
        load_file(p)
    assert str(p) in str(e.value)
    return e.value


def _timed_refusal(path):
    """The refusal's CPU time (not wall time: on a loaded machine wall time grows with the load,
    the work done does not) and its peak of traced memory."""
    tracemalloc.start()
    t = time.process_time()
    with pytest.raises(ScenarioFileError) as e:
        load_file(path)
    elapsed = time.process_time() - t
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return e.value, elapsed, peak


def test_alias_bomb_refused_fast_and_small():
    err, elapsed, peak = _timed_refusal(CORPUS / "alias-bomb.yaml")
    assert "alias bomb" in str(err)
    assert elapsed < 1.0, elapsed
    assert peak < 100 * 2**20, peak


def test_deep_nesting_refused_fast_and_small():
    for name in ("deep-nesting.yaml", "deep-nesting-mappings.yaml"):
        err, elapsed, peak = _timed_refusal(CORPUS / name)
        assert f"nested more than {model.MAX_DEPTH}" in str(err)
        assert elapsed < 1.0, (name, elapsed)
        assert peak < 100 * 2**20, (name, peak)


def test_recursive_alias_refused(tmp_path):
    assert "recursive alias" in str(_bad(tmp_path, HEAD + "rules: &r [*r]\n"))


def test_a_few_anchors_are_fine(tmp_path):
    p = tmp_path / "ok.yaml"
    p.write_text("- &one {name: a, players: [{name: A}, {name: B}]}\n- {name: b, players: [{name: A}, {name: B}]}\n")
    assert [s.name for s in load_file(p)] == ["a", "b"]


@pytest.mark.parametrize("content, words", [
    (b"\xff\xfe" + HEAD.encode("utf-16-le"), "UTF-16"),
    (HEAD.encode("utf-16-le"), "NUL bytes"),
    (HEAD.encode() + b"# caf\xe9\n", "not UTF-8 text: invalid byte 0xe9"),
    (bytes(range(256)), "NUL bytes"),
])
def test_not_utf8_text_refused(tmp_path, content, words):
    assert words in str(_bad(tmp_path, content))


def test_utf8_bom_accepted(tmp_path):
    p = tmp_path / "bom.yaml"
    p.write_bytes(b"\xef\xbb\xbf" + HEAD.encode())
    assert load_file(p)[0].name == "x"


def test_size_limit(tmp_path):
    err = _bad(tmp_path, HEAD + "#" * (model.MAX_FILE_BYTES + 1) + "\n")
    assert "too large" in str(err)


@pytest.mark.parametrize("text, key", [
    ("state: {A: {hand: {Shock: 1}}}", "state.A.hand"),
    ("start: {turn: three}", "start.turn"),
    ("start: {turn: 0}", "start.turn"),
    ("state: {A: {life: twenty}}", "state.A.life"),
    ("state: {A: {battlefield: [{card: Forest, damage: lots}]}}", "state.A.battlefield[0].damage"),
    ("state: {A: {graveyard: [{cards: Forest}]}}", "state.A.graveyard[0].cards"),
    ("actions: [{player: A, cast: [Shock]}]", "actions[0].cast"),
    ("actions: [{player: A, activate: {card: Sol Ring, ability: first}}]", "actions[0].activate.ability"),
    ("actions: [{player: A, block: [Grizzly Bears]}]", "actions[0].block"),
    ("expect: {life: {A: lots}}", "expect.life.A"),
    ("expect: {life: {C: 3}}", "expect.life.C"),
    ("expect: {A: {hand_count: two}}", "expect.A.hand_count"),
    ("expect: {A: {hand_has: {Shock: many}}}", "expect.A.hand_has.Shock"),
    ("expect: {A: {deck_count: 3}}", "expect.A.deck_count"),
    ("expect: {exile_has: [Shock]}", "expect.exile_has"),
    ("expect: {permanents: [{card: Forest, tapped: yes please}]}", "expect.permanents[0].tapped"),
    ("expect: {permanents: [{card: Forest, colour: red}]}", "expect.permanents[0].colour"),
    ("expect: {game_over: maybe}", "expect.game_over"),
])
def test_wrong_types_name_the_key(tmp_path, text, key):
    err = _bad(tmp_path, HEAD + text + "\n")
    assert err.key == key, str(err)


def test_wrong_type_via_cli_is_exit_2_not_a_traceback(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text(HEAD + "state: {A: {hand: {Shock: 1}}}\n")
    out = io.StringIO()
    assert run_paths([str(p)], out) == 2
    assert f"{p}: state.A.hand" in out.getvalue()
    assert "Traceback" not in out.getvalue()


# ------------------------------------------------------------------ v1.1: real cards

def _scenario(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return load_file(p)[0]


def test_data_required_without_data_is_a_bad_file(tmp_path, monkeypatch):
    monkeypatch.setattr("judgetower.scenario.runner.default_data_path", lambda: None)
    sc = _scenario(tmp_path, HEAD + "data: required\n")
    res = run_scenario(sc)
    assert "data: this file plays real cards" in res.bad


def test_real_card_unknown_without_data_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr("judgetower.scenario.runner.default_data_path", lambda: None)
    sc = _scenario(tmp_path, HEAD + "state: {A: {hand: [Searing Spear]}}\n")
    res = run_scenario(sc)
    assert "unknown card(s)" in res.bad and "--data" in res.bad


@pytest.fixture(scope="module")
def data():
    if not DATA.exists():
        pytest.skip(f"card data file {DATA} is absent (see ../shared/data/README.md)")
    return str(DATA)


def test_real_card_with_data_plays(tmp_path, data):
    sc = _scenario(tmp_path, HEAD + """data: required
state: {A: {battlefield: [Mountain, Mountain], hand: [Searing Spear]}, B: {battlefield: [Hill Giant]}}
actions: [{player: A, cast: Searing Spear, targets: [Hill Giant]}, resolve]
expect: {B: {graveyard: [Hill Giant]}}
""")
    res = run_scenario(sc, data)
    assert res.passed, (res.bad, res.failures)


def test_made_up_card_may_not_clash_with_a_real_card(tmp_path, data):
    sc = _scenario(tmp_path, HEAD + """cards:
  - {name: Searing Spear, mana_cost: "{R}", type: Instant, text: "Searing Spear deals 1 damage to any target."}
""")
    res = run_scenario(sc, data)
    assert "cards[0].name" in res.bad and "clashes with a real card" in res.bad
    # without the data file the same made-up card is fine (it clashes with nothing)
    assert not run_scenario(sc, None).bad or "clashes" not in run_scenario(sc, None).bad


def test_real_card_the_engine_cannot_play_names_the_sentence(tmp_path, data):
    sc = _scenario(tmp_path, HEAD + "data: required\nstate: {A: {hand: [Tarmogoyf]}}\n")
    res = run_scenario(sc, data)
    assert "Tarmogoyf" in res.bad and "not understood" in res.bad and "card types among cards" in res.bad


def test_data_file_read_once_and_only_named_cards_compiled(data, monkeypatch):
    first = CardData.load(data)
    assert CardData.load(data) is first
    compiled = []
    import judgetower.oracle as oracle
    real = oracle.compile_card
    monkeypatch.setattr(oracle, "compile_card", lambda c: compiled.append(c.name) or real(c))
    first._status.pop("Lava Spike", None)
    assert first.status(first.get("Lava Spike")).playable
    assert compiled == ["Lava Spike"]


def test_cli_data_option(tmp_path, data):
    from judgetower.cli import main
    p = tmp_path / "s.yaml"
    p.write_text(HEAD + "data: required\nstate: {A: {hand: [Lava Spike]}}\nexpect: {A: {hand_count: 1}}\n")
    assert main(["scenario", "run", "--data", data, str(p)]) == 0
    assert main(["scenario", "run", "--data", str(tmp_path / "missing.json.xz"), str(p)]) == 2
