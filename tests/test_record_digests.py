"""Records are tied to the game they claim (issue 19): digests written on save, verified on replay.

A record carries the digest of the game as set up, a 4-hex-digit trail entry per decision, a
checkpoint digest every 100 decisions and the final digest (``judgetower.record``). Replay
refuses a record whose seed, tower or decks, players, a decision, or its length was changed,
naming the first decision where the replay diverges. Records without digests (written before
them) still load and replay, unverified. Reading a record is bounded: huge numbers, deep nesting,
bad encodings and oversized files are ``RecordError``s, never tracebacks.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from judgetower import record
from judgetower.agents.autopilot import Autopilot
from judgetower.agents.random_agent import RandomAgent
from judgetower.cards.pool import starter_pool
from judgetower.record import RecordError, encode_choice
from judgetower.rules.deck import new_game, random_deck
from judgetower.variants.judge_tower import new_judge_tower_game

ROOT = Path(__file__).resolve().parents[1]


def _play(game, bots, cap):
    while not game.game_over and len(game.decisions) < cap:
        d = game.pending()
        game.decide(d.player, bots[d.player].choose(game, d.player))
    return game


def _std(seed=4, cap=450):
    pool = starter_pool()
    rng = random.Random(seed)
    g = new_game(pool, {n: random_deck(pool, rng) for n in "AB"}, seed=seed)
    return _play(g, [RandomAgent(seed * 7 + i, pass_bias=0.5) for i in range(2)], cap)


def _jt(n=3, seed=2, cap=250, mode="referee"):
    pool = starter_pool()
    g = new_judge_tower_game(pool, pool.names(), [{"name": f"P{i}", "judge_level": 2} for i in range(n)],
                             seed=seed, mode=mode)
    if mode == "judge":
        from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
        run_judge_game(g, [ErringAutopilot(seed + i, 0.1) for i in range(n)], JudgeTable(g, seed=seed), cap)
        return g
    return _play(g, [Autopilot(seed + i) for i in range(n)], cap)


def _data(game) -> dict:
    return json.loads(record.dumps(game))


def _refused(data: dict, *words) -> str:
    rec = record.loads(json.dumps(data))
    with pytest.raises(RecordError) as ei:
        record.replay(rec)
    msg = str(ei.value)
    for w in words:
        assert w in msg, msg
    return msg


# ---------------------------------------------------------------------------- digests written

def test_a_record_carries_its_digests_and_replays_verified():
    g = _std()
    data = _data(g)
    dg = data["digests"]
    n = len(data["decisions"])
    assert dg["every"] == record.CHECKPOINT_EVERY
    assert len(dg["trail"]) == 4 * n and len(dg["checkpoints"]) == n // dg["every"]
    assert dg["final"] == record.state_digest(g)
    again = record.replay(record.loads(json.dumps(data)))
    assert record.state_digest(again) == record.state_digest(g) and again.snapshot() == g.snapshot()


def test_judge_mode_record_with_judge_actions_replays_verified():
    g = _jt(3, seed=5, cap=400, mode="judge")
    data = _data(g)
    assert data["digests"] is not None
    again = record.replay(record.loads(json.dumps(data)))
    assert record.state_digest(again) == record.state_digest(g)


def test_old_records_without_digests_still_load_and_replay():
    g = _jt()
    data = _data(g)
    del data["digests"]
    rec = record.loads(json.dumps(data))
    assert rec.digests is None
    assert record.replay(rec).snapshot() == g.snapshot()
    assert "digests" not in json.loads(record.dumps(rec))      # not invented on a round trip


def test_digests_do_not_depend_on_the_hash_seed():
    """Same seed, same game, same digests in processes with different hash seeds."""
    code = ("import json, random; from judgetower import record; from judgetower.cards.pool import starter_pool;"
            "from judgetower.rules.deck import new_game, random_deck;"
            "from judgetower.agents.random_agent import RandomAgent;"
            "p = starter_pool(); r = random.Random(4); g = new_game(p, {n: random_deck(p, r) for n in 'AB'}, seed=4);"
            "b = [RandomAgent(28 + i, pass_bias=0.5) for i in range(2)]\n"
            "while not g.game_over and len(g.decisions) < 200:\n"
            "    d = g.pending(); g.decide(d.player, b[d.player].choose(g, d.player))\n"
            "print(json.dumps(json.loads(record.dumps(g))['digests']))")
    outs = []
    for hs in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hs, PYTHONPATH=str(ROOT / "src"))
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1]


# ---------------------------------------------------------------------------- tampering

def test_a_changed_seed_is_refused_before_decision_0():
    data = _data(_jt())
    data["seed"] += 1
    _refused(data, "diverges before decision 0", "tower")


def test_a_changed_tower_is_refused_before_decision_0():
    data = _data(_jt())
    t = data["tower"]
    t[0], t[-1] = t[-1], t[0]                       # the same cards, another order
    _refused(data, "diverges before decision 0")


def test_changed_decks_or_players_are_refused():
    data = _data(_std())
    data["decks"]["A"][-1] = "Forest" if data["decks"]["A"][-1] != "Forest" else "Island"
    _refused(data, "diverges before decision 0", "decks")
    data = _data(_jt())
    data["players"][1]["first_game"] = True
    data.pop("shame")
    _refused(data, "diverges before decision 0")


def test_a_decision_changed_to_another_legal_one_is_named():
    g = _std(cap=300)
    data = _data(g)
    rec = record.loads(json.dumps(data))
    for i in range(len(rec.decisions) - 1, 0, -1):        # the last decision with an alternative
        d = record.replay(rec, upto=i, verify=False).pending()
        alt = [o for o in d.options if o != rec.decisions[i][1]]
        if alt:
            break
    data["decisions"][i] = [d.player, encode_choice(alt[0])]
    _refused(data, f"the replay diverges at decision {i} of {len(rec.decisions)}")


def test_an_illegal_changed_decision_is_named_too():
    data = _data(_jt())
    data["decisions"][7] = [data["decisions"][7][0], {"t": "PlayLand", "obj": 99999}]
    _refused(data, "decision 7 of", "does not replay")


def test_appended_decisions_are_named():
    g = _std(cap=200)
    assert not g.game_over
    data = _data(g)
    n = len(data["decisions"])
    d = g.pending()
    data["decisions"].append([d.player, encode_choice(d.options[0])])   # legal, but not in the game
    _refused(data, f"decision {n} of {n + 1}", "not in the game recorded")


def test_a_decision_after_the_end_is_named():
    g = new_judge_tower_game(starter_pool(), ["Forest"] * 8, [{"name": "A", "judge_level": 3},
                                                             {"name": "B", "judge_level": 3}], seed=1)
    _play(g, [Autopilot(1), Autopilot(2)], 5000)
    assert g.game_over
    data = _data(g)
    n = len(data["decisions"])
    data["decisions"].append([0, {"t": "Pass"}])
    _refused(data, f"decision {n} of {n + 1}", "does not replay", "over")


def test_removed_decisions_are_named():
    data = _data(_std(cap=300))
    n = len(data["decisions"])
    del data["decisions"][-5:]
    _refused(data, f"the record ends before decision {n - 5}", "decisions removed")


def test_a_changed_checkpoint_or_final_digest_is_named():
    data = _data(_std(cap=450))
    assert len(data["digests"]["checkpoints"]) >= 2
    data["digests"]["checkpoints"][1] = "0" * 64
    _refused(data, "at or before decision 199", "checkpoint 1")
    data = _data(_std(cap=450))
    data["digests"]["final"] = "f" * 64
    _refused(data, "final digest")


def test_malformed_digests_are_refused_on_load():
    base = _data(_jt())
    for change, words in (({"trail": "xyz"}, "'trail'"), ({"final": "12"}, "'final'"),
                          ({"every": 0}, "'every'"), ({"checkpoints": ["0" * 64]}, "checkpoints for")):
        data = dict(base, digests=dict(base["digests"], **change))
        with pytest.raises(RecordError, match=words):
            record.loads(json.dumps(data))
    with pytest.raises(RecordError, match="unknown key 'extra'"):
        record.loads(json.dumps(dict(base, digests=dict(base["digests"], extra=1))))


# ---------------------------------------------------------------------------- bounded reading

@pytest.mark.parametrize("text, words", [
    ('{"seed": ' + "9" * 5000 + "}", "a number of 5,000 characters"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ('{"a": ' + "[" * 40 + "]" * 40 + "}", "nested deeper than 32"),
    ('{"seed": NaN}', "NaN is not a JSON number"),
    ('{"seed": 1e999}', "out of range"),
    ("", "not JSON"),
])
def test_bad_record_text_is_a_record_error(text, words):
    with pytest.raises(RecordError, match=words):
        record.loads(text, "r.json")


@pytest.mark.parametrize("raw, words", [
    (b'{"a": "\xff"}', "invalid UTF-8 at byte 7"),
    (bytes(range(256)), "binary data"),
    ('{"a": 1}'.encode("utf-16-le"), "binary data"),
])
def test_bad_record_bytes_are_a_record_error(tmp_path, raw, words):
    p = tmp_path / "r.json"
    p.write_bytes(raw)
    with pytest.raises(RecordError, match=words) as ei:
        record.load(p)
    assert str(p) in str(ei.value)


def test_a_utf16_record_with_its_bom_is_read(tmp_path):
    g = _jt()
    p = tmp_path / "r.json"
    p.write_bytes(b"\xff\xfe" + record.dumps(g).encode("utf-16-le"))
    assert record.replay(record.load(p)).snapshot() == g.snapshot()


def test_an_oversized_record_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 1000)
    p = tmp_path / "big.json"
    p.write_text(" " * 5000 + "{}", encoding="utf-8")
    with pytest.raises(RecordError, match="larger than"):
        record.load(p)
    with pytest.raises(RecordError, match="cannot read record"):
        record.load(tmp_path / "nowhere.json")
    with pytest.raises(RecordError, match="is a directory"):
        record.load(tmp_path)


def test_records_bound_what_they_set_up():
    base = _data(_jt())
    with pytest.raises(RecordError, match="at most 20,000"):
        record.loads(json.dumps(dict(base, tower=["Forest"] * 20001)))
    with pytest.raises(RecordError, match="at most 16"):
        record.loads(json.dumps(dict(base, players=[{"name": str(i)} for i in range(17)])))
    with pytest.raises(RecordError, match="first_game"):
        record.loads(json.dumps(dict(base, players=[dict(p, first_game="no") for p in base["players"]])))
    deep = json.loads("[" * 10 + "1" + "]" * 10)
    with pytest.raises(RecordError, match="nested deeper"):
        record.loads(json.dumps(dict(base, decisions=[[0, {"t": "Split", "top": deep}]])))
