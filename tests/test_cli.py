"""The command line: `judgetower sim`, `replay` and `play` (with the terminal table driven by
injected input). Decision caps keep every game short."""

from __future__ import annotations

import os
import builtins
import io
import json

import pytest

from judgetower import cli, record
from judgetower.agents.autopilot import Autopilot
from judgetower.cards.pool import starter_pool
from judgetower.rules.decisions import Pass
from judgetower.ui.terminal import QUIT, TerminalUI, play_game
from judgetower.variants.judge_tower import new_judge_tower_game


def _summary(text: str) -> list[str]:
    """The summary block: from `Result:` to the end of the shame table."""
    lines = text.splitlines()
    start = max(i for i, l in enumerate(lines) if l.startswith("Result: "))
    out = []
    for line in lines[start:]:
        if not line.strip() or line.startswith("Record saved"):
            break
        out.append(line)
    return out


@pytest.fixture
def lands_tower(tmp_path):
    p = tmp_path / "lands.txt"
    p.write_text("# a tower that runs out on turn 4 (JT-E2)\n8 Forest\n", encoding="utf-8")
    return str(p)


# ---------------------------------------------------------------------------- sim

def test_sim_prints_the_cited_log_and_a_summary(capsys):
    assert cli.main(["sim", "--players", "3", "--seed", "1", "--max-decisions", "3000"]) == 0
    out = capsys.readouterr().out
    assert "=== Game 1 of 1: Judge Tower (referee), 3 autopilots, seed 1" in out
    assert "[JT-G3, JT-G5, JT-P1]" in out                  # the log cites its rules
    summary = _summary(out)
    assert summary[0].startswith("Result: ")
    assert "Shame table (JT-S1, JT-E1):" in summary
    assert any(l.split()[:1] == ["P3"] for l in summary)
    if "unfinished" in summary[0]:                          # never reported as a win
        assert "unfinished (decision cap), not a win" in out
        assert "Turns: " in out and "decisions: 3000" in out


def test_sim_finished_game_names_the_winners(capsys, lands_tower):
    assert cli.main(["sim", "--tower", lands_tower, "--judge-level", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Result: winners: P1, P2" in out
    assert "the library cannot supply the cards" in out
    assert "[JT-E2]" in out
    assert "decision cap" not in out


def test_sim_games_tally_and_json(capsys, lands_tower):
    assert cli.main(["sim", "--tower", lands_tower, "--judge-level", "3", "--seed", "5", "--games", "2",
                     "--no-log"]) == 0
    out = capsys.readouterr().out
    assert "=== Tally over 2 games (seeds 5-6) ===" in out
    assert "  P1: 2 wins" in out and "unfinished (decision cap): 0" in out
    assert cli.main(["sim", "--tower", lands_tower, "--judge-level", "3", "--seed", "5", "--games", "2",
                     "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    objs = [json.loads(l) for l in lines]
    assert [o["seed"] for o in objs] == [5, 6]
    assert all(o["result"] == "win" and o["finished"] and o["winners"] == ["P1", "P2"] for o in objs)
    assert all(any("[JT-E2]" in l for l in o["log"]) for o in objs)


def test_sim_json_reports_a_capped_game_as_unfinished(capsys):
    assert cli.main(["sim", "--players", "2", "--seed", "2", "--max-decisions", "50", "--json"]) == 0
    o = json.loads(capsys.readouterr().out)
    assert o["result"] == "unfinished" and o["stopped_by_decision_cap"] and o["winners"] == []
    assert o["decisions"] == 50


def test_sim_fewer_than_two_players_cites_cr_103_1(capsys):
    assert cli.main(["sim", "--players", "1", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "at least 2 players" in err and "CR 103.1" in err


def test_sim_judge_level_out_of_range_cites_r1(capsys):
    assert cli.main(["sim", "--players", "2", "--judge-level", "7"]) == 2
    err = capsys.readouterr().err
    assert "judge level 7" in err and "R1" in err


def test_sim_unknown_tower_cards_are_all_named(capsys, tmp_path):
    p = tmp_path / "tower.txt"
    p.write_text("4 Forest  # lands\n2x Lightning Blot\nShok\nGrizzly Bears\n", encoding="utf-8")
    assert cli.main(["sim", "--tower", str(p)]) == 2
    err = capsys.readouterr().err
    assert "'Lightning Blot'" in err and "Lightning Bolt" in err       # with a close match
    assert "'Shok'" in err and "Shock" in err
    assert err.count("Lightning Blot") == 1                              # each unknown name once


def test_read_tower_counts_and_comments(tmp_path):
    p = tmp_path / "tower.txt"
    p.write_text("# my tower\n\n3 forest\n2x Grizzly Bears # bears\nShock\n", encoding="utf-8")
    assert cli.read_tower(str(p)) == ["Forest"] * 3 + ["Grizzly Bears"] * 2 + ["Shock"]


def test_sim_missing_tower_file_exits_2(capsys, tmp_path):
    assert cli.main(["sim", "--tower", str(tmp_path / "none.txt")]) == 2
    assert "cannot read tower file" in capsys.readouterr().err


# ---------------------------------------------------------------------------- replay

def test_replay_reproduces_the_summary(capsys, tmp_path):
    path = tmp_path / "game.json"
    assert cli.main(["sim", "--players", "3", "--seed", "1", "--max-decisions", "600", "--record", str(path)]) == 0
    sim_out = capsys.readouterr().out
    assert f"Record saved to {path}" in sim_out
    assert cli.main(["replay", str(path)]) == 0
    rep_out = capsys.readouterr().out
    assert _summary(rep_out) == _summary(sim_out)
    sim_log = [l for l in sim_out.splitlines() if l[:4].strip().isdigit()]
    rep_log = [l for l in rep_out.splitlines() if l[:4].strip().isdigit()]
    assert rep_log == sim_log
    assert cli.main(["replay", str(path), "--json"]) == 0
    o = json.loads(capsys.readouterr().out)
    assert o["decisions"] == 600 and o["result"] == "unfinished"


def test_replay_of_a_finished_game(capsys, tmp_path, lands_tower):
    path = tmp_path / "g.json"
    assert cli.main(["sim", "--tower", lands_tower, "--judge-level", "3", "--record", str(path)]) == 0
    sim_out = capsys.readouterr().out
    assert cli.main(["replay", str(path)]) == 0
    assert _summary(capsys.readouterr().out) == _summary(sim_out)


def test_replay_corrupt_record_exits_2(capsys, tmp_path):
    p = tmp_path / "bad.json"
    p.write_text("{ nope", encoding="utf-8")
    assert cli.main(["replay", str(p)]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_replay_newer_version_exits_2(capsys, tmp_path, lands_tower):
    path = tmp_path / "g.json"
    cli.main(["sim", "--tower", lands_tower, "--judge-level", "3", "--record", str(path)])
    capsys.readouterr()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "version 99" in err and f"version {record.VERSION}" in err


# ---------------------------------------------------------------------------- play

def _feeder(answers, prompts):
    it = iter(answers)

    def fake_input(prompt=""):
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError
    return fake_input


def test_play_with_injected_input(capsys, monkeypatch, tmp_path):
    path = tmp_path / "play.json"
    prompts: list[str] = []
    monkeypatch.setattr(builtins, "input", _feeder(["1", "banana", "1", "help", "1", "quit", "y"], prompts))
    assert cli.main(["play", "--bots", "1", "--seed", "3", "--judge-level", "3", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "you are Player, against Bot 1" in out
    assert "Your hand:" in out and "Shared library:" in out and "Battlefield:" in out
    assert "'banana' is not a choice: type a number from 1 to" in out
    assert "Rule CR 117.1" in out or "Rule " in out
    assert "You leave the table" in out
    assert prompts[-1].startswith("Save the game record to")
    rec = record.load(path)
    assert len(rec.decisions) >= 3 and rec.players[0]["name"] == "Player"
    g = record.replay(rec)                                  # the three numbers were taken, nothing else
    human = [c for p, c in rec.decisions if p == 0 and c != Pass()]
    assert len(human) == 3
    assert not g.game_over


def test_play_quit_without_saving(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(builtins, "input", _feeder(["quit", ""], []))
    assert cli.main(["play", "--bots", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Bot 2" in out and "You leave the table" in out
    assert list(tmp_path.iterdir()) == []


def test_play_bad_arguments_exit_2(capsys):
    assert cli.main(["play", "--bots", "0"]) == 2
    assert "CR 103.1" in capsys.readouterr().err
    assert cli.main(["play", "--bots", "1", "--judge-level", "6"]) == 2
    assert "R1" in capsys.readouterr().err
    assert cli.main(["play", "--bots", "1", "--name", "Bot 1"]) == 2
    assert "CR 102.1" in capsys.readouterr().err


# ---------------------------------------------------------------------------- the terminal table

def _game(seed=3, level=3, players=2):
    pool = starter_pool()
    specs = [{"name": "Player" if i == 0 else f"Bot {i}", "judge_level": level} for i in range(players)]
    return new_judge_tower_game(pool, pool.names(), specs, seed=seed)


def _advance_to(game, pred, cap=3000):
    bots = [Autopilot(i) for i in range(len(game.players))]
    while len(game.decisions) < cap:
        d = game.pending()
        if d is None:
            break
        if pred(d):
            return d
        game.decide(d.player, bots[d.player].choose(game, d.player))
    pytest.skip("no such decision within the cap")


def test_invalid_input_leaves_the_game_untouched():
    g = _game()
    d = _advance_to(g, lambda d: d.player == 0 and len(d.options) > 1)
    before, n = g.snapshot(), len(g.decisions)
    out = io.StringIO()
    answers = iter(["0", "x", str(len(d.options) + 1), "log 2", "state", "2"])
    ui = TerminalUI(g, 0, input_fn=lambda p: next(answers), out=out)
    choice = ui.ask(d)
    assert choice == ui.option_order(d)[1]              # the options as numbered at the table
    assert g.snapshot() == before and len(g.decisions) == n
    text = out.getvalue()
    assert "There is no choice 0" in text and "'x' is not a choice" in text
    assert f"There is no choice {len(d.options) + 1}" in text
    for n_opt, opt in enumerate(ui.option_order(d), 1):
        assert f"{n_opt:>2}. {ui.label(d, opt)}" in text
    assert "#" not in "".join(ui.label(d, o) for o in d.options)   # card names, not ids


def test_help_explains_jt_p1_when_pass_is_not_offered():
    g = _game()
    d = _advance_to(g, lambda d: d.player == 0 and d.kind == "priority" and Pass() not in d.options)
    out = io.StringIO()
    answers = iter(["help", "quit"])
    ui = TerminalUI(g, 0, input_fn=lambda p: next(answers), out=out)
    assert ui.ask(d) is QUIT
    text = out.getvalue()
    assert "(forced: JT-P1" in text
    assert "You cannot pass priority" in text and "JT-P1" in text and "R11" in text
    assert "Rule CR 117.1" in text


def test_table_shows_hand_battlefield_and_infinite_life():
    g = _game(seed=5)
    _advance_to(g, lambda d: g.turn >= 4 and d.player == 0 and len(d.options) > 1)
    ui = TerminalUI(g, 0, out=io.StringIO())
    lines = [l if isinstance(l, str) else l[0] for l in ui.state_lines()]
    text = "\n".join(lines)
    assert "Player (you)" in text and "∞" in text
    assert "Shared library:" in text and "Shared graveyard" in text and "Exile" in text
    hand = [g.objects[i].name for i in g.hand(0)]
    assert all(name in text for name in hand)
    for i in g.hand(1):                                     # a bot's hand stays hidden
        name = g.objects[i].name
        assert not any(l.startswith("Your hand:") and name in l and name not in hand for l in lines)


def test_play_game_runs_to_the_end_with_a_scripted_person(tmp_path):
    pool = starter_pool()
    g = new_judge_tower_game(pool, ["Forest"] * 8, [{"name": "Player", "judge_level": 3},
                                                    {"name": "Bot 1", "judge_level": 3}], seed=1)
    out = io.StringIO()
    path = tmp_path / "r.json"
    assert play_game(g, 0, {1: Autopilot(1)}, input_fn=lambda p: "1", out=out, record_path=str(path)) == 0
    assert g.game_over
    text = out.getvalue()
    assert "Game over." in text and "Result: winners: Player, Bot 1" in text
    assert record.replay(record.load(path)).snapshot() == g.snapshot()


def test_play_judge_mode_calls_from_the_terminal(capsys, monkeypatch, tmp_path):
    """`play --mode judge` (JT-S2, JT-G11): the person calls, lists calls and the shame table,
    reads a rule's text; a wrong call changes nothing; the record keeps the call."""
    path = tmp_path / "judge.json"
    prompts: list[str] = []
    monkeypatch.setattr(builtins, "input", _feeder(
        ["shame", "call Bot 1 JT-C5", "call Bot 1", "rule JT-C5", "calls", "1", "quit", "y"], prompts))
    assert cli.main(["play", "--bots", "1", "--seed", "3", "--mode", "judge", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Judge Tower (judge mode)" in out
    assert "Bot 1: shame 0" in out and "JT-E1: a player whose shame exceeds 4 loses the game." in out
    assert "Player calls Bot 1 for JT-C5: the engine finds no such violation; a wrong call, no change" in out
    assert "Usage: call PLAYER RULE [EVENT]" in out
    assert "JT-C5: Creatures attack each turn if able." in out
    assert "call 1: Player called Bot 1 for JT-C5: rejected" in out
    rec = record.load(path)
    assert rec.mode == "judge" and rec.judge[0]["call"] == {"by": "Player", "accused": "Bot 1", "rule": "JT-C5",
                                                            "event": None}
    assert rec.shame == {"Player": 0, "Bot 1": 0}
    g = record.replay(rec)
    assert len(g.judge.calls) == 1 and not g.judge.calls[0].upheld


def test_sim_judge_mode(capsys, tmp_path):
    path = tmp_path / "sim.json"
    assert cli.main(["sim", "--players", "3", "--seed", "2", "--mode", "judge", "--bot-errors", "0.05",
                     "--no-log", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "judge mode, bots err 0.05 and call 0.5" in out and "Calls: " in out
    rec = record.load(path)
    g = record.replay(rec)
    assert g.game_over and sum(rec.shame.values()) == len(g.judge.upheld_calls())
    assert cli.main(["sim", "--bot-errors", "0.1"]) == 2
    assert "needs --mode judge" in capsys.readouterr().err
    assert cli.main(["sim", "--mode", "judge", "--bot-calls", "2"]) == 2
    assert "--bot-calls 2.0 is not a probability" in capsys.readouterr().err
# ---------------------------------------------------------------------------- --data (issue 5)

from pathlib import Path  # noqa: E402

# $JUDGETOWER_SHARED_DIR, else ../shared next to the project (tests/conftest.py)
FIXTURE_DATA = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or Path(__file__).resolve().parents[2] / "shared") / "data" / "fixture-cards.json"


@pytest.fixture(scope="module")
def data_cache(tmp_path_factory):
    """One compiled-pool cache for this module's `--data` runs (the fixture file compiles once)."""
    if not FIXTURE_DATA.exists():
        pytest.skip(f"card data file {FIXTURE_DATA} is absent (see ../shared/data/README.md)")
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def data_env(data_cache, monkeypatch, tmp_path):
    monkeypatch.setenv("JUDGETOWER_CACHE_DIR", str(data_cache))
    monkeypatch.setenv("JUDGETOWER_DATA_DIR", str(tmp_path / "no-download"))   # nothing downloaded
    return str(FIXTURE_DATA)


@pytest.fixture
def dragon_tower(tmp_path):
    p = tmp_path / "dragons.txt"          # Shivan Dragon and Dark Ritual: in the data, not the starter tower
    p.write_text("6 Mountain\n2 Shivan Dragon\n2 Dark Ritual\n2 Swamp\n", encoding="utf-8")
    return str(p)


def test_sim_with_data_plays_a_tower_of_that_data_and_replays_with_it(capsys, data_env, dragon_tower, tmp_path):
    path = tmp_path / "g.json"
    assert cli.main(["sim", "--data", data_env, "--tower", dragon_tower, "--judge-level", "3", "--seed", "2",
                     "--max-decisions", "300", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{dragon_tower} (12 cards), cards from {data_env}" in out
    assert "Result: " in out
    rec = record.load(path)
    assert rec.tower.count("Shivan Dragon") == 2
    # a replay needs the same cards: without --data it says so, with it the game is the same
    assert cli.main(["replay", str(path)]) == 2
    assert "--data PATH" in capsys.readouterr().err
    assert cli.main(["replay", str(path), "--data", data_env]) == 0
    assert _summary(capsys.readouterr().out) == _summary(out)


def test_sim_tower_cards_must_be_known_and_playable_in_the_data(capsys, data_env, tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("4 Forest\nBlack Lotus\nShivan Dragn\n", encoding="utf-8")
    assert cli.main(["sim", "--data", data_env, "--tower", str(p)]) == 2
    err = capsys.readouterr().err
    assert "'Shivan Dragn'" in err and "Shivan Dragon" in err            # unknown, with a close match
    p.write_text("4 Forest\nTarmogoyf\n", encoding="utf-8")
    assert cli.main(["sim", "--data", data_env, "--tower", str(p)]) == 2
    err = capsys.readouterr().err
    assert "Tarmogoyf" in err and "cannot play" in err                 # known, not playable: refused


def test_sim_and_play_with_a_missing_data_file_exit_2(capsys, data_env, tmp_path):
    missing = str(tmp_path / "none.json.xz")
    assert cli.main(["sim", "--data", missing]) == 2
    assert "judgetower sim:" in capsys.readouterr().err
    assert cli.main(["play", "--data", missing]) == 2
    assert "judgetower play:" in capsys.readouterr().err


def test_sim_without_data_or_download_uses_the_starter_tower_with_a_notice(capsys, data_env):
    assert cli.main(["sim", "--seed", "1", "--max-decisions", "50", "--no-log"]) == 0
    cap = capsys.readouterr()
    assert "no card data file" in cap.err and "starter tower" in cap.err
    assert "the starter tower (111 cards)" in cap.out and "cards from" not in cap.out


def test_play_with_data(capsys, monkeypatch, data_env, dragon_tower):
    monkeypatch.setattr(builtins, "input", _feeder(["quit", "n"], []))
    assert cli.main(["play", "--data", data_env, "--tower", dragon_tower, "--seed", "3", "--judge-level", "3"]) == 0
    out = capsys.readouterr().out
    assert f"cards from {data_env}" in out and "You leave the table" in out
