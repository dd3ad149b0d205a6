"""benchmarks/house_sims.py: the per-rule decision caps, --seeds, and --json/--merge, which split
issue 20's 200-game run (judge mode, each house rule) across processes and print one table."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import house_sims  # noqa: E402  (benchmarks/house_sims.py)


def test_seeds_a_to_b_both_included():
    assert house_sims.seed_range("0-99") == (0, 100)
    assert house_sims.seed_range("100-199") == (100, 100)
    assert house_sims.seed_range("7") == (7, 1)
    for bad in ("5-3", "a-b", "1-"):
        with pytest.raises(argparse.ArgumentTypeError, match=repr(bad)):
            house_sims.seed_range(bad)


def test_h_rounds_has_its_own_stated_cap():
    assert house_sims.CAP == 100_000 and house_sims.CAPS == {"H-ROUNDS": 1_000_000}
    assert "1,000,000 under H-ROUNDS" in house_sims.__doc__


def _run(argv, monkeypatch) -> int:
    monkeypatch.setattr(sys, "argv", ["house_sims.py", *argv])
    return house_sims.main()


def test_two_runs_write_json_and_merge_into_one_table(tmp_path, monkeypatch, capsys):
    """Two one-game runs of H-FIRST-MISTAKE-OUT (seeds 1 and 2), then --merge: one row for the
    rule, both games counted, each with its real end (a correct call), its cap and decisions."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert _run(["--house", "first-mistake-out", "--seeds", "1-1", "--no-replay", "--json", str(a)], monkeypatch) == 0
    assert _run(["--house", "first-mistake-out", "--seeds", "2-2", "--no-replay", "--json", str(b)], monkeypatch) == 0
    out = capsys.readouterr().out
    assert "H-FIRST-MISTAKE-OUT: decision cap 100,000" in out
    rows = [json.loads(f.read_text(encoding="utf-8")) for f in (a, b)]
    assert [(r["seed"], r["players"], r["cap"], r["real"], r["failures"]) for r in rows] == [
        (1, 3, 100_000, True, []), (2, 4, 100_000, True, [])]
    assert all(r["end"] == "H-FIRST-MISTAKE-OUT (a correct call)" and r["decisions"] > 0 for r in rows)
    assert _run(["--merge", str(a), str(b)], monkeypatch) == 0
    table = capsys.readouterr().out
    row = next(line for line in table.splitlines() if line.startswith("| `H-FIRST-MISTAKE-OUT`"))
    assert "| 100,000 | 2 of 2 (seeds 1-2) | 2 H-FIRST-MISTAKE-OUT (a correct call) |" in row
    mean = (rows[0]["decisions"] + rows[1]["decisions"]) / 2
    assert f"{mean:,.0f}, {max(r['decisions'] for r in rows):,} |" in row


def test_merge_counts_an_unfinished_game_as_no_end(tmp_path, monkeypatch, capsys):
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"rule": "H-ROUNDS", "seed": 95, "players": 2, "cap": 1_000_000,
                             "end": "unfinished (decision cap)", "real": False, "decisions": 1_000_000,
                             "cpu": 300.0, "replay_wall": None, "failures": ["seed 95 (2 players): unfinished"],
                             "line": ""}) + "\n", encoding="utf-8")
    assert _run(["--merge", str(f)], monkeypatch) == 1
    out = capsys.readouterr().out
    assert "| `H-ROUNDS` | 1,000,000 | 0 of 1 (seeds 95) | 1 unfinished (decision cap) |" in out
    assert "games with a failed check or no real end: 1" in out


def test_merge_counts_only_seeds_every_rule_played(tmp_path, monkeypatch, capsys):
    """A run stopped mid-seed: seed 4's H-ROUNDS game never ended, so seed 4 is left out."""
    f = tmp_path / "d.json"
    row = {"players": 2, "cap": 100_000, "end": "JT-E1 (shame)", "real": True, "decisions": 10,
           "cpu": 1.0, "replay_wall": None, "failures": [], "line": ""}
    f.write_text("".join(json.dumps({**row, "rule": r, "seed": s}) + "\n"
                         for s, rules in ((3, ("H-OPEN-HANDS", "H-ROUNDS")), (4, ("H-OPEN-HANDS",)))
                         for r in rules), encoding="utf-8")
    assert _run(["--merge", str(f)], monkeypatch) == 0
    out = capsys.readouterr().out
    assert "2 games (1 seeds, every rule)" in out and "left out: 1 games" in out
    assert "| `H-OPEN-HANDS` | 100,000 | 1 of 1 (seeds 3) |" in out


def test_seed_ranges():
    assert house_sims.ranges([0, 1, 2, 5, 100, 101]) == "0-2, 5, 100-101"
