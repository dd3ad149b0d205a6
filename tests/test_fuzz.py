"""Fuzzing the public API as an attacker would (issue 19), bounded for CI.

Hypothesis draws game configurations — 2-6 players; ordinary Magic, Judge Tower referee mode or
judge mode; the starter tower or a random one; random-legal agents or autopilots at each seat;
adversarial or not — and ``benchmarks/fuzz.py`` plays each to a small decision cap. Adversarial
games interleave garbage with the legal moves (wrong seats, look-alike values, stale options from
earlier decisions, foreign objects, decisions after the end). Checked for every game: each bad
call raised ``IllegalAction`` with the state digest unchanged, no other exception, card
conservation before every decision, the views of every seat and a spectator hide hands and
libraries, and the record replays (digests verified) to the same final state.

The long runs are ``python3 benchmarks/fuzz.py --games N`` (README). Here: 12 examples of at most
150 decisions each and 6 fixed games of 60: the file took 6.8 s of CPU (measured with
/usr/bin/time; 86 s of wall time at a load average of 17 on this shared 2-core machine). The
last tests check that the checks catch what they are for (a leaking view, an accepted bad seat,
a state changed by a refused call, a record that does not replay).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import fuzz  # noqa: E402  (benchmarks/fuzz.py)

from judgetower.cards.pool import starter_pool  # noqa: E402

CAP = 150


@st.composite
def configs(draw):
    n = draw(st.integers(2, 6))
    return {"seed": draw(st.integers(0, 2 ** 31)), "players": n, "mode": draw(st.sampled_from(fuzz.MODES)),
            "random_tower": draw(st.booleans()),
            "agents": draw(st.lists(st.sampled_from(("random", "autopilot")), min_size=n, max_size=n)),
            "adversarial": draw(st.booleans()), "data": False}


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow],
          database=None)
@given(configs())
def test_fuzzed_games_hold(cfg):
    res = fuzz.play_game(cfg, CAP, starter_pool(), None, view_every=10)
    assert res["failures"] == [], "\n".join(res["failures"][:5])
    assert res["decisions"] > 0
    if cfg["adversarial"]:
        assert res["bad_calls"] > 0


def test_every_mode_and_table_size_once():
    """The configurations Hypothesis may not draw: each mode at 2 and 6 players, adversarial."""
    for mode in fuzz.MODES:
        for n in (2, 6):
            cfg = {"seed": 11 * n, "players": n, "mode": mode, "random_tower": n == 6,
                   "agents": ["autopilot", "random"] * (n // 2), "adversarial": True, "data": False}
            res = fuzz.play_game(cfg, 60, starter_pool(), None, view_every=20)
            assert res["failures"] == [], "\n".join(res["failures"][:5])
            assert res["bad_calls"] > 0


# ---------------------------------------------------------------------------- the checks check

def _game():
    from judgetower.rules.deck import new_game, random_deck
    import random
    rng = random.Random(3)
    return new_game(starter_pool(), {n: random_deck(starter_pool(), rng) for n in "AB"}, seed=3)


def test_the_view_check_finds_a_leaked_hand(monkeypatch):
    g = _game()
    assert fuzz.view_failures(g, "clean") == []
    real = type(g).view

    def leaky(self, viewer):
        v = real(self, viewer)
        v["players"][1]["hand"] = [{"id": i} for i in self.hand(1)]   # B's hand shown to everyone
        return v

    monkeypatch.setattr(type(g), "view", leaky)
    found = fuzz.view_failures(g, "leaky")
    assert found and all("hidden cards" in f for f in found)


def test_the_attacker_finds_an_accepted_look_alike_and_a_changed_state(monkeypatch):
    g = _game()
    a = fuzz.Attacker(1)
    a.attack(g, "clean")
    assert a.failures == [] and a.calls > 0
    from judgetower.rules.errors import IllegalAction

    monkeypatch.setattr(type(g), "legal_choices", lambda self, p: [])    # accepts every seat
    a = fuzz.Attacker(1)
    a.attack(g, "lenient")
    assert any("legal_choices" in f and "was accepted" in f for f in a.failures)
    monkeypatch.undo()

    def corrupting(self, viewer):
        self.turn += 1                                   # a refused call that changes the game
        raise IllegalAction("no", "CR 102.1")

    monkeypatch.setattr(type(g), "view", corrupting)
    a = fuzz.Attacker(2)
    a.attack(g, "corrupting")
    assert any("changed the state" in f for f in a.failures)


def test_the_replay_check_finds_a_record_that_does_not_replay():
    g = _game()
    for _ in range(30):
        d = g.pending()
        g.decide(d.player, d.options[-1])
    assert fuzz.replay_failures(g, starter_pool(), "clean") == []
    g.seed += 1                                          # the record now claims another seed
    found = fuzz.replay_failures(g, starter_pool(), "tampered")
    assert found and "[replay]" in found[0]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
