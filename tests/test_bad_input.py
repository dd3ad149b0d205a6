"""Bad input gets a clear error, never a corrupted game (DESIGN.md principle 7, issue "Rules
engine core").

Scenario files (SCENARIOS.md: exit code 2 for a bad file, which names the path, the key and what
is wrong; the run ends with `N passed, N failed`): an unknown card (with a close-match
suggestion), malformed YAML (path and line), an unknown key. The decision API (principle 1): an
option not offered, the wrong player, a player who is not in the game, a decision after the game
ended; each raises ``IllegalAction`` citing its rule and leaves the game exactly as it was.
Starting a game: fewer than 2 players (CR 103.1), unknown card names in decks (``CardError``).
"""

from __future__ import annotations

import io
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judgetower.agents.random_agent import RandomAgent, play_out
from judgetower.cards.card import CardError
from judgetower.cards.pool import starter_pool
from judgetower.rules.decisions import Cast, Done, Pass, PlayLand
from judgetower.rules.deck import new_game, random_deck
from judgetower.rules.errors import GameOverError, IllegalAction
from judgetower.rules.game import Game
from judgetower.scenario.model import ScenarioFileError, load_file
from judgetower.scenario.runner import run_paths

GOOD = """\
name: bolt the face
rules: [CR 120.3a]
players: [A, B]
state:
  A:
    hand: [Lightning Bolt]
    battlefield: [Mountain]
actions:
  - {player: A, cast: Lightning Bolt, targets: [B]}
  - resolve
expect:
  life: {B: 17}
"""

UNKNOWN_CARD = """\
name: a typo in a card name
players: [A, B]
state:
  A:
    hand: [Lightning Blot]
    battlefield: [Mountain]
"""

UNKNOWN_CARD_IN_EXPECT = """\
name: a typo in an expectation
players: [A, B]
state:
  A:
    battlefield: [Mountain]
expect:
  A: {battlefield_has: {Mountian: 0}}
"""

MALFORMED = """\
name: an unclosed list
players: [A, B]
state:
  A:
    hand: [Lightning Bolt
  B: {}
"""

UNKNOWN_KEY = """\
name: a misspelt key
players: [A, B]
exepct:
  life: {B: 17}
"""

FAILING = GOOD.replace("{B: 17}", "{B: 16}").replace("bolt the face", "bolt does 4 (wrong)")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _run(*paths: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = run_paths([str(p) for p in paths], out)
    return code, out.getvalue()


def _cli() -> list[str]:
    exe = shutil.which("judgetower")
    return [exe] if exe else [sys.executable, "-m", "judgetower.cli"]


# ------------------------------------------------------------------ scenario files

def test_unknown_card_in_scenario_is_a_bad_file_with_suggestion(tmp_path):
    p = _write(tmp_path, "typo.yaml", UNKNOWN_CARD)
    code, out = _run(p)
    assert code == 2, out
    bad = [line for line in out.splitlines() if line.startswith("bad file:")]
    assert len(bad) == 1, out
    assert str(p) in bad[0]
    assert "unknown card 'Lightning Blot'" in bad[0]
    assert "did you mean" in bad[0] and "Lightning Bolt" in bad[0]
    assert out.splitlines()[-1] == "0 passed, 0 failed"


def test_unknown_card_in_expectation_is_a_bad_file_not_a_check(tmp_path):
    """SCENARIOS.md: an unknown reference is a bad file, not a failed (or vacuously passing) check."""
    p = _write(tmp_path, "typo-expect.yaml", UNKNOWN_CARD_IN_EXPECT)
    code, out = _run(p)
    assert code == 2, out
    assert "expect.A.battlefield_has" in out
    assert "unknown card 'Mountian'" in out and "Mountain" in out


def test_malformed_yaml_names_path_and_line(tmp_path):
    p = _write(tmp_path, "broken.yaml", MALFORMED)
    with pytest.raises(ScenarioFileError) as ei:
        load_file(p)
    assert ei.value.path == str(p) and ei.value.key == "(yaml)"
    code, out = _run(p)
    assert code == 2, out
    bad = out.splitlines()[0]
    assert bad.startswith("bad file:") and str(p) in bad
    assert "malformed YAML" in bad and "line 6" in bad
    assert out.splitlines()[-1] == "0 passed, 0 failed"


def test_unknown_key_names_the_key(tmp_path):
    p = _write(tmp_path, "key.yaml", UNKNOWN_KEY)
    with pytest.raises(ScenarioFileError) as ei:
        load_file(p)
    assert ei.value.key == "exepct"
    code, out = _run(p)
    assert code == 2, out
    assert str(p) in out and "exepct" in out and "unknown key" in out


def test_cli_exit_codes_and_summary_line(tmp_path):
    """`judgetower scenario run`, as a user runs it: 0 all pass, 1 a check failed, 2 a bad file;
    the last line is always `N passed, N failed`; a bad file does not stop the other files."""
    good = _write(tmp_path, "good.yaml", GOOD)
    failing = _write(tmp_path, "failing.yaml", FAILING)
    typo = _write(tmp_path, "typo.yaml", UNKNOWN_CARD)
    broken = _write(tmp_path, "broken.yaml", MALFORMED)

    def run(*paths):
        r = subprocess.run(_cli() + ["scenario", "run", *map(str, paths)],
                           capture_output=True, text=True, timeout=300)
        return r.returncode, r.stdout.strip().splitlines(), r.stderr

    code, lines, err = run(good)
    assert (code, lines[-1]) == (0, "1 passed, 0 failed"), (lines, err)
    code, lines, err = run(good, failing)
    assert (code, lines[-1]) == (1, "1 passed, 1 failed"), (lines, err)
    assert any("FAIL" in ln and "bolt does 4 (wrong)" in ln for ln in lines)
    assert any("expected 16, got 17" in ln for ln in lines)
    code, lines, err = run(good, failing, typo, broken)
    assert (code, lines[-1]) == (2, "1 passed, 1 failed"), (lines, err)
    text = "\n".join(lines)
    assert "Lightning Blot" in text and "Lightning Bolt" in text
    assert str(broken) in text and "line 6" in text
    code, lines, err = run(tmp_path / "missing.yaml")
    assert code == 2 and "missing.yaml" in lines[0] and lines[-1] == "0 passed, 0 failed", (lines, err)


# ------------------------------------------------------------------ the decision API

def _game(seed: int = 3) -> Game:
    pool = starter_pool()
    rng = random.Random(seed)
    return new_game(pool, {n: random_deck(pool, rng) for n in "AB"}, seed=seed)


def _state(g: Game):
    """Everything a rejected decision must leave alone."""
    return (g.snapshot(), len(g.log), list(g.decisions), g.rng.getstate(), g.pending(), g._next_id)


def _to_main_phase_with_a_land(g: Game) -> None:
    """Pass priority until someone may play a land (so PlayLand/Cast ids exist)."""
    for _ in range(200):
        d = g.pending()
        if d.kind == "priority" and any(isinstance(o, PlayLand) for o in d.options):
            return
        g.decide(d.player, d.options[0])
    raise AssertionError("no land play was offered")


@pytest.mark.parametrize("bad", [
    PlayLand(10**6),         # no such object
    Cast(10**6),
    "banana",                # not a choice at all
    {"pass": True},          # unhashable
    Done(),                  # a choice of another kind of decision
])
def test_illegal_choice_raises_with_rule_and_leaves_state(bad):
    g = _game()
    _to_main_phase_with_a_land(g)
    d = g.pending()
    before = _state(g)
    with pytest.raises(IllegalAction) as ei:
        g.decide(d.player, bad)
    assert ei.value.rule and ei.value.rule.startswith(("CR ", "JT-"))
    assert ei.value.rule in str(ei.value)
    assert _state(g) == before
    # and the game goes on normally
    g.decide(d.player, d.options[0])


def test_stale_option_is_refused():
    """A land already played is no longer an option, and a second land play is refused with
    the land-play limit cited (CR 305.2)."""
    g = _game()
    _to_main_phase_with_a_land(g)
    d = g.pending()
    lands = [o for o in d.options if isinstance(o, PlayLand)]
    assert len(lands) >= 2, "seed 3 gives a hand with two lands"
    g.decide(d.player, lands[0])
    assert g.pending().player == d.player and g.pending().kind == "priority"
    before = _state(g)
    with pytest.raises(IllegalAction) as ei:
        g.decide(d.player, lands[0])             # that object has left the hand (CR 400.7)
    assert ei.value.rule
    with pytest.raises(IllegalAction) as ei:
        g.decide(d.player, lands[1])             # one land per turn
    assert ei.value.rule == "CR 305.2"
    assert _state(g) == before


def test_wrong_player_names_who_must_decide():
    g = _game()
    d = g.pending()
    other = 1 - d.player
    before = _state(g)
    assert g.legal_choices(other) == []
    with pytest.raises(IllegalAction) as ei:
        g.decide(other, d.options[0])
    msg = str(ei.value)
    assert g.players[other].name in msg
    assert f"waits for {g.players[d.player].name}" in msg
    assert ei.value.rule
    assert _state(g) == before
    with pytest.raises(IllegalAction):                 # by name, too
        g.decide(g.players[other].name, d.options[0])
    assert _state(g) == before


@pytest.mark.parametrize("who", [2, 99, -1, "Zed", None, True])
def test_player_not_in_game_is_refused(who):
    """A seat that does not exist is refused (CR 102.1), never read as another seat (-1)."""
    g = _game()
    d = g.pending()
    before = _state(g)
    with pytest.raises(IllegalAction) as ei:
        g.decide(who, d.options[0])
    assert ei.value.rule == "CR 102.1"
    assert _state(g) == before


def test_decision_after_game_over():
    g = _game(5)
    play_out(g, [RandomAgent(1, pass_bias=0.5), RandomAgent(2, pass_bias=0.5)], 20000)
    assert g.game_over and g.pending() is None
    assert g.legal_choices(0) == [] and g.legal_choices(1) == []
    before = _state(g)
    for p in (0, 1, "A"):
        with pytest.raises(GameOverError) as ei:
            g.decide(p, Pass())
        assert isinstance(ei.value, IllegalAction) and ei.value.rule == "CR 104.1"
        assert "over" in str(ei.value)
    assert _state(g) == before


# ------------------------------------------------------------------ starting a game

@pytest.mark.parametrize("names", [[], ["A"]])
def test_fewer_than_two_players(names):
    with pytest.raises(IllegalAction) as ei:
        Game(names)
    assert ei.value.rule == "CR 103.1"
    assert str(len(names)) in str(ei.value)
    with pytest.raises(IllegalAction) as ei:
        new_game(starter_pool(), {n: ["Forest"] * 40 for n in names})
    assert ei.value.rule == "CR 103.1"


def test_duplicate_player_names():
    with pytest.raises(IllegalAction) as ei:
        Game(["A", "A"])
    assert ei.value.rule == "CR 102.1"


def test_unknown_card_in_decks_lists_every_one():
    decks = {"A": ["Forest"] * 38 + ["Lightning Blot", "Forest"],
             "B": ["Grizly Bears"] + ["Mountain"] * 38 + ["Mountian"]}
    with pytest.raises(CardError) as ei:
        new_game(starter_pool(), decks, seed=1)
    msg = str(ei.value)
    for name in ("Lightning Blot", "Grizly Bears", "Mountian"):
        assert repr(name) in msg
    assert "A's deck" in msg and "B's deck" in msg
    assert "did you mean" in msg and "Lightning Bolt" in msg and "Grizzly Bears" in msg


def test_a_card_whose_text_is_not_understood_is_refused_not_played(tmp_path):
    """DESIGN.md principle 4: a scenario naming such a card is a bad file naming the card and
    the sentence; a deck holding one is refused with a CardError."""
    from judgetower.cards.card import CardDef
    path = tmp_path / "moon.yaml"
    path.write_text(
        "name: moon bear\n"
        "players: [{name: A}, {name: B}]\n"
        "cards:\n"
        "  - {name: Test Moon Bear, mana_cost: '{1}{G}', type: Creature — Bear, power: 2, toughness: 2,\n"
        "     text: 'Draw a card for each moon.'}\n"
        "state:\n"
        "  A: {battlefield: [Test Moon Bear]}\n"
        "expect:\n"
        "  A: {battlefield: [Test Moon Bear]}\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "judgetower.cli", "scenario", "run", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert "Test Moon Bear" in out.stdout and "Draw a card for each moon." in out.stdout
    moon = CardDef("Test Moon Bear", "Creature — Bear", "{1}{G}", power="2", toughness="2",
                   text="Draw a card for each moon.")
    pool = starter_pool().with_cards([moon])
    with pytest.raises(CardError, match="Draw a card for each moon"):
        new_game(pool, {"A": ["Test Moon Bear"] * 40, "B": ["Forest"] * 40}, seed=1)
