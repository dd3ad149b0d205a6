"""Write the records, card-data and cli entries of the bad-input corpus (README.md here).

    PYTHONPATH=src python3 tests/bad_input/make_entries.py

Run it again when the engine changes what a record replays to (the tampered records are made
from games played now; each one is checked here to be refused the way its sidecar says, so a
regenerated entry never passes by construction of its message). Entries of other kinds
(scenarios, towers) are written by hand.
"""

from __future__ import annotations

import gzip
import json
import lzma
import os
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def entry(kind: str, name: str, args: list, message: str, data: bytes | str | None = None, ext: str = "json",
          exit: int = 2) -> None:
    folder = HERE / kind
    folder.mkdir(exist_ok=True)
    for old in folder.glob(f"{name}.*"):
        old.unlink()
    if data is not None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        (folder / f"{name}.{ext}").write_bytes(raw)
    spec = {"args": args, "exit": exit, "message": message}
    (folder / f"{name}.expect.yaml").write_text(json.dumps(spec, ensure_ascii=True) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------- records

def _games():
    from judgetower import record
    from judgetower.agents.random_agent import RandomAgent
    from judgetower.cards.pool import starter_pool
    from judgetower.rules.deck import new_game
    from judgetower.agents.autopilot import Autopilot
    from judgetower.variants.judge_tower import new_judge_tower_game
    pool = starter_pool()
    # ordinary Magic, Forests and Grizzly Bears: a short game with real choices
    decks = {"A": ["Forest"] * 12 + ["Grizzly Bears"] * 6, "B": ["Forest"] * 12 + ["Grizzly Bears"] * 6}
    g = new_game(pool, decks, seed=5)
    bots = [RandomAgent(11, pass_bias=0.5), RandomAgent(12, pass_bias=0.5)]
    while not g.game_over and len(g.decisions) < 400:
        d = g.pending()
        g.decide(d.player, bots[d.player].choose(g, d.player))
    # Judge Tower, eight Forests: ends by JT-E2 on turn 4
    jt = new_judge_tower_game(pool, ["Forest"] * 8, [{"name": "P1", "judge_level": 3, "first_game": False},
                                                     {"name": "P2", "judge_level": 3, "first_game": False}], seed=1)
    bots = [Autopilot(1), Autopilot(2)]
    while not jt.game_over:
        d = jt.pending()
        jt.decide(d.player, bots[d.player].choose(jt, d.player))
    return json.loads(record.dumps(g)), json.loads(record.dumps(jt)), g


def _text(data: dict) -> str:
    from judgetower import record
    return record.dumps(record.loads(json.dumps(data)))


def records() -> None:
    from judgetower import record
    std, jt, game = _games()
    replay = ["replay", "{file}"]
    entry("records", "not-json", replay, "not JSON", "{ this is not json")
    entry("records", "empty", replay, "not JSON", "")
    entry("records", "seed-5000-digits", replay, "a number of 5,000 characters",
          _text(jt).replace(f'"seed": {jt["seed"]}', '"seed": ' + "7" * 5000))
    entry("records", "nested-100000-deep", replay, "nested too deeply", "[" * 100000 + "]" * 100000)
    deep = dict(jt, decisions=[[0, {"t": "Split", "top": json.loads("[" * 30 + "1" + "]" * 30)}]])
    entry("records", "choice-nested-deep", replay, "nested deeper", json.dumps(deep))
    entry("records", "nan-seed", replay, "NaN is not a JSON number",
          _text(jt).replace(f'"seed": {jt["seed"]}', '"seed": NaN'))
    entry("records", "invalid-utf8", replay, "invalid UTF-8 at byte", b'{"format": "judgetower-record\xff\xfe"}')
    entry("records", "binary", replay, "binary data", bytes(range(256)) * 4)
    entry("records", "utf16-without-bom", replay, "binary data", _text(jt).encode("utf-16-le"))
    entry("records", "lone-surrogate", replay, "a lone UTF-16 surrogate",
          json.dumps(dict(jt, players=[dict(jt["players"][0], name="\ud800")] + jt["players"][1:]), ensure_ascii=True))
    entry("records", "wrong-format", replay, "not a judgetower record", json.dumps(dict(jt, format="pgn")))
    entry("records", "newer-version", replay, "newer than this engine supports",
          json.dumps(dict(jt, version=record.VERSION + 1)))
    entry("records", "too-many-players", replay, "a record holds at most",
          json.dumps(dict(jt, players=[{"name": f"P{i}", "judge_level": 1} for i in range(40)], shame=None)))
    entry("records", "tower-too-big", replay, "a record holds at most 20,000", json.dumps(dict(jt, tower=["Forest"] * 20001)))
    entry("records", "unknown-card", replay, "Forrest", json.dumps(dict(jt, tower=["Forrest"] + jt["tower"][1:])))
    entry("records", "judge-level-9", replay, "judge level 9",
          json.dumps(dict(jt, players=[dict(p, judge_level=9) for p in jt["players"]])))
    entry("records", "first-game-string", replay, "'first_game' must be true or false",
          json.dumps(dict(jt, players=[dict(p, first_game="yes") for p in jt["players"]])))
    entry("records", "unknown-choice", replay, "unknown choice type 'Teleport'",
          json.dumps(dict(jt, decisions=[[0, {"t": "Teleport"}]] + jt["decisions"][1:])))
    entry("records", "bad-digests", replay, "'final' must be 64 hex digits",
          json.dumps(dict(jt, digests=dict(jt["digests"], final="not a digest"))))
    entry("records", "directory", ["replay", "{dir}"], "is a directory")
    entry("records", "missing", ["replay", "{dir}/no-such-record.json"], "No such file")
    # tampering: each refused naming where the replay diverges
    entry("records", "tampered-seed", replay, "diverges before decision 0", json.dumps(dict(jt, seed=jt["seed"] + 1)))
    entry("records", "tampered-tower", replay, "diverges before decision 0",
          json.dumps(dict(std, decks={"A": std["decks"]["A"][:-1] + ["Forest"], "B": std["decks"]["B"]})))
    # a decision changed to another option that is legal there
    from judgetower.record import decode_choice, encode_choice, replay as _replay
    rec = record.loads(json.dumps(std))
    k = None
    for i in range(5, len(rec.decisions)):
        g = _replay(rec, upto=i, verify=False)
        d = g.pending()
        alt = [o for o in d.options if o != rec.decisions[i][1]]
        if alt:
            k = i
            changed = dict(std, decisions=std["decisions"][:i] + [[d.player, encode_choice(alt[0])]]
                           + std["decisions"][i + 1:])
            break
    assert k is not None
    entry("records", "tampered-decision", replay, f"the replay diverges at decision {k} of", json.dumps(changed))
    n = len(std["decisions"])
    if game.game_over:
        appended = dict(std, decisions=std["decisions"] + [[0, {"t": "Pass"}]])
        entry("records", "decision-appended", replay, f"decision {n} of {n + 1}", json.dumps(appended))
    cut = dict(std, decisions=std["decisions"][:-3])
    entry("records", "decisions-removed", replay, f"the record ends before decision {n - 3}", json.dumps(cut))
    final = dict(std, digests=dict(std["digests"], final="0" * 64))
    entry("records", "final-digest-changed", replay, "differs from the record's final digest", json.dumps(final))
    decode_choice  # noqa: B018 (imported for symmetry with encode_choice)


# ---------------------------------------------------------------------------- card data

def _stream(compress, size: int) -> bytes:
    """A compressed JSON-looking stream of ``size`` bytes: an AtomicCards start, then spaces."""
    out = [compress.compress(b'{"meta": {}, "data": {"X": [')]
    block = b" " * (1 << 20)
    for _ in range(size >> 20):
        out.append(compress.compress(block))
    out.append(compress.flush())
    return b"".join(out)


def card_data() -> None:
    sim = ["sim", "--data", "{file}", "--no-log", "--max-decisions", "1"]
    good = {"meta": {"version": "x"}, "data": {"Forest": [{"name": "Forest", "type": "Basic Land — Forest",
                                                           "layout": "normal", "text": "({T}: Add {G}.)"}]}}
    entry("card-data", "not-json", sim, "not valid JSON", "{ this is not json }")
    entry("card-data", "truncated-json", sim, "truncated JSON", json.dumps(good)[:40])
    entry("card-data", "top-level-list", sim, "not an MTGJSON AtomicCards file", "[1, 2, 3]")
    entry("card-data", "no-data", sim, "no 'data' object", json.dumps({"meta": {}}))
    entry("card-data", "empty-data", sim, "no card in 'data'", json.dumps({"meta": {}, "data": {}}))
    entry("card-data", "faces-not-a-list", sim, "expected a non-empty list of face objects",
          json.dumps({"meta": {}, "data": {"Forest": "Forest"}}))
    entry("card-data", "nested-100000-deep", sim, "nested too deeply",
          '{"meta": {}, "data": {"X": ' + "[" * 100000 + "]" * 100000 + "}}")
    entry("card-data", "number-5000-digits", sim, "a number of 5,000 characters",
          json.dumps(good)[:-1] + ', "n": ' + "9" * 5000 + "}")
    entry("card-data", "nan", sim, "NaN is not a JSON number", '{"meta": {"x": NaN}, "data": {}}')
    entry("card-data", "invalid-utf8", sim, "invalid UTF-8 at byte", b'{"meta": {}, "data": {"\xff": []}}')
    entry("card-data", "utf16-without-bom", sim, "binary data", json.dumps(good).encode("utf-16-le"))
    entry("card-data", "lone-surrogate", sim, "a lone UTF-16 surrogate",
          '{"meta": {}, "data": {"Forest\\udc00": [{"name": "Forest", "type": "Land"}]}}')
    entry("card-data", "binary", sim, "binary data", bytes(range(256)) * 16)
    xz = lzma.compress(json.dumps(good).encode(), format=lzma.FORMAT_XZ)
    entry("card-data", "truncated", sim, "truncated or corrupt xz stream", xz[: len(xz) // 2], ext="json.xz")
    entry("card-data", "not-xz", sim, "not an xz file", json.dumps(good), ext="json.xz")
    entry("card-data", "not-gzip", sim, "not a gzip file", json.dumps(good), ext="json.gz")
    gz = gzip.compress(json.dumps(good).encode())
    entry("card-data", "corrupt-gzip", sim, "truncated or corrupt gzip stream", gz[:12] + b"\xff" * 20 + gz[32:],
          ext="json.gz")
    entry("card-data", "xz-bomb", sim, "a decompression bomb",
          _stream(lzma.LZMACompressor(format=lzma.FORMAT_XZ), 1 << 30), ext="json.xz")
    entry("card-data", "gzip-bomb", sim, "a decompression bomb",
          _stream(__import__("zlib").compressobj(9, 8, 31), 256 << 20), ext="json.gz")
    entry("card-data", "directory", ["sim", "--data", "{dir}", "--no-log"], "is a directory")
    entry("card-data", "missing", ["sim", "--data", "{dir}/no-such-file.json.xz", "--no-log"], "no-such-file")


# ---------------------------------------------------------------------------- command line

def cli() -> None:
    entry("cli", "sim-one-player", ["sim", "--players", "1"], "at least 2 players, got 1 (CR 103.1)")
    entry("cli", "sim-a-million-players", ["sim", "--players", "1000000"], "at most 16 players")
    entry("cli", "sim-negative-seed", ["sim", "--seed", "-1"], "--seed -1 is not an integer from 0")
    entry("cli", "sim-seed-100-digits", ["sim", "--seed", "9" * 100], "digits) is not an integer from 0")
    entry("cli", "sim-seed-5000-digits", ["sim", "--seed", "9" * 5000], "invalid int value")
    entry("cli", "sim-seed-not-a-number", ["sim", "--seed", "seven"], "invalid int value: 'seven'")
    entry("cli", "sim-last-seed-too-big", ["sim", "--seed", str(2 ** 63 - 1), "--games", "2"],
          "the last game's seed must be too")
    entry("cli", "sim-zero-games", ["sim", "--games", "0"], "--games must be at least 1")
    entry("cli", "sim-zero-decisions", ["sim", "--max-decisions", "0"], "--max-decisions must be at least 1")
    entry("cli", "sim-bot-errors-nan", ["sim", "--mode", "judge", "--bot-errors", "nan"],
          "--bot-errors nan is not a probability")
    entry("cli", "sim-bot-calls-2", ["sim", "--bot-calls", "2"], "--bot-calls 2.0 is not a probability")
    entry("cli", "sim-judge-level-9", ["sim", "--judge-level", "9"], "judge level 9 is not an integer from 0 to 5")
    entry("cli", "sim-manual-triggers-referee", ["sim", "--manual-triggers"], "needs --mode judge")
    entry("cli", "sim-record-is-a-directory", ["sim", "--record", "{dir}"], "is a directory")
    entry("cli", "sim-record-no-folder", ["sim", "--record", "{dir}/no/such/folder/game.json"], "no such folder")
    entry("cli", "sim-unknown-mode", ["sim", "--mode", "chaos"], "invalid choice: 'chaos'")
    entry("cli", "demo-one-player", ["demo", "--players", "1"], "at least 2 players, got 1 (CR 103.1)")
    entry("cli", "demo-negative-seed", ["demo", "--seed", "-3"], "--seed -3 is not an integer from 0")
    entry("cli", "play-no-bots", ["play", "--bots", "0"], "at least 2 players, got 1 (you and 0 bots)")
    entry("cli", "play-empty-name", ["play", "--name", " "], "--name must not be empty")
    entry("cli", "play-control-characters-in-name", ["play", "--name", "\x1b[31mred"], "printable characters")
    entry("cli", "play-bot-errors-negative", ["play", "--bot-errors", "-0.5"], "--bot-errors -0.5 is not a probability")
    entry("cli", "unknown-command", ["frobnicate"], "invalid choice: 'frobnicate'")
    entry("cli", "no-command", [], "the following arguments are required")
    entry("cli", "replay-no-record", ["replay"], "the following arguments are required: record")


def check() -> int:
    """Run every entry written here as the corpus test does."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_bad_input_corpus import run_entry
    bad = 0
    for kind in ("records", "card-data", "cli"):
        for expect in sorted((HERE / kind).glob("*.expect.yaml")):
            r = run_entry(expect)
            ok = (r["exit"] == r["spec"]["exit"] and r["spec"]["message"] in r["stderr"]
                  and "Traceback" not in r["stderr"] + r["stdout"])
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} {kind}/{expect.name[:-12]}: exit {r['exit']}, {r['cpu']:.2f} s cpu, "
                  f"{r['rss_mb']:.0f} MB" + ("" if ok else f"\n    {r['stderr'].strip()[-300:]}"))
    return 1 if bad else 0


if __name__ == "__main__":
    records()
    card_data()
    cli()
    sys.exit(check())
