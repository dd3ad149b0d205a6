"""The decision API's entry validation (issue 19; DESIGN.md principles 1 and 7).

A choice must be exactly one of the offered option objects (same type and value, recursively: no
bool for an int, no float for an int, ``PID(1.0)`` is not ``PID(1)``); a seat is an ``int`` in
range, never a bool, never -1 read as the last seat. Anything else raises ``IllegalAction``
naming the input and a rule, and the game is untouched: its ``state_digest`` is equal before and
after, and the game goes on normally. These are the issue's reproductions, each a few lines
against the public API.
"""

from __future__ import annotations

import random

import pytest

from judgetower.agents.autopilot import Autopilot
from judgetower.cards.pool import starter_pool
from judgetower.record import state_digest
from judgetower.rules.decisions import Attack, Cast, Done, Pass, PlayLand, check_seat, offered_option
from judgetower.rules.deck import new_game, random_deck
from judgetower.rules.errors import GameOverError, IllegalAction
from judgetower.rules.state import PID
from judgetower.variants.judge_tower import new_judge_tower_game


def _jt(n=3, seed=2, mode="referee"):
    pool = starter_pool()
    return new_judge_tower_game(pool, pool.names(), [{"name": chr(65 + i), "judge_level": 3} for i in range(n)],
                                seed=seed, mode=mode)


def _std(seed=3):
    pool = starter_pool()
    rng = random.Random(seed)
    return new_game(pool, {n: random_deck(pool, rng) for n in "AB"}, seed=seed)


def _until(game, pred, cap=4000):
    """Autopilots play until the pending decision satisfies ``pred``; returns it."""
    bots = [Autopilot(i) for i in range(len(game.players))]
    for _ in range(cap):
        d = game.pending()
        if d is None:
            break
        if pred(d):
            return d
        game.decide(d.player, bots[d.player].choose(game, d.player))
    pytest.skip("no such decision came up in this game")


def _refused(game, call, *args, rule=None):
    before = state_digest(game)
    with pytest.raises(IllegalAction) as ei:
        call(*args)
    assert type(ei.value) in (IllegalAction, GameOverError)
    assert ei.value.rule and ei.value.rule in str(ei.value)
    if rule is not None:
        assert ei.value.rule == rule
    assert state_digest(game) == before
    return str(ei.value)


# ---------------------------------------------------------------------------- look-alike choices

def test_float_for_an_int_option_is_refused_and_the_game_goes_on():
    g = _jt()
    d = _until(g, lambda d: any(type(o) is int for o in d.options))
    i = next(o for o in d.options if type(o) is int)
    msg = _refused(g, g.decide, d.player, float(i))
    assert f"{float(i)!r} (float)" in msg and "same type and value" in msg
    g.decide(d.player, i)                        # the real option still works
    assert not (g.game_over and g.end_reason == "no more turns")


def test_bool_for_an_int_and_int_for_a_bool_are_refused():
    g = _jt()
    d = _until(g, lambda d: any(type(o) is int and o in (0, 1) for o in d.options)
               or any(type(o) is bool for o in d.options))
    for o in d.options:
        if type(o) is int and o in (0, 1):
            _refused(g, g.decide, d.player, bool(o))
        if type(o) is bool:
            _refused(g, g.decide, d.player, int(o))
            _refused(g, g.decide, d.player, float(o))


def test_pid_of_a_float_is_not_the_pid_offered():
    g = _jt()
    d = _until(g, lambda d: any(isinstance(o, PID) for o in d.options))
    pid = next(o for o in d.options if isinstance(o, PID))
    assert PID(float(pid.index)) == pid          # they compare equal: the reason for the check
    msg = _refused(g, g.decide, d.player, PID(float(pid.index)))
    assert "PID" in msg
    _refused(g, g.decide, d.player, pid.index)   # the int is not the PID either
    g.decide(d.player, pid)


def test_a_choice_with_a_look_alike_field_is_refused():
    g = _std()
    d = _until(g, lambda d: any(isinstance(o, (Cast, PlayLand)) for o in d.options))
    o = next(o for o in d.options if isinstance(o, (Cast, PlayLand)))
    bad = type(o)(float(o.obj)) if isinstance(o, PlayLand) else Cast(float(o.obj), o.alternative, o.face, o.fuse)
    assert bad == o
    _refused(g, g.decide, d.player, bad)


def test_wrong_typed_choices_raise_illegal_action_not_attribute_error():
    """Judge Tower's legality hook read ``choice.obj`` of a PID (AttributeError): every type."""
    for mode in ("referee", "judge"):
        g = _jt(mode=mode)
        d = _until(g, lambda d: d.kind == "priority" and len(d.options) > 1)
        for bad in (PID(0), PID(1.0), "Pass", b"x", 3.5, None, [], {}, object(), Attack(1, PID(0)),
                    Cast("12"), Cast(None), PlayLand([1]), ("a", "b"), float("nan"), 10 ** 100):
            _refused(g, g.decide, d.player, bad)


def test_an_object_equal_to_everything_is_no_option():
    class Sly:
        def __eq__(self, other):
            return True

        def __hash__(self):
            return 0

    g = _std()
    d = g.pending()
    assert Sly() in d.options                      # `in` would have accepted it
    _refused(g, g.decide, d.player, Sly())


def test_choices_whose_repr_fails_are_refused_cleanly():
    class NoRepr:
        def __repr__(self):
            raise RuntimeError("no repr")

    g = _std()
    d = g.pending()
    for bad in (NoRepr(), 10 ** 5000, "x" * 10 ** 6):
        msg = _refused(g, g.decide, d.player, bad)
        assert len(msg) < 400
    _refused(g, g.view, NoRepr())
    g2 = new_judge_tower_game(starter_pool(), ["Forest"] * 8, [{"name": "A", "judge_level": 3},
                                                              {"name": "B", "judge_level": 3}], seed=1)
    bots = [Autopilot(1), Autopilot(2)]
    while not g2.game_over:
        d = g2.pending()
        g2.decide(d.player, bots[d.player].choose(g2, d.player))
    _refused(g2, g2.decide, 0, NoRepr(), rule="CR 104.1")
    _refused(g2, g2.decide, 0, 10 ** 5000, rule="CR 104.1")


def test_the_offered_object_itself_is_applied():
    g = _std()
    d = g.pending()
    assert offered_option(g, d, d.options[0]) is d.options[0]


def test_a_legal_but_unoffered_choice_keeps_its_rule():
    """The Judge Tower rule is still named for a well-formed choice (JT-P1: passing while able
    to play is not offered in referee mode)."""
    g = _jt()
    d = _until(g, lambda d: d.kind == "priority" and not any(isinstance(o, Pass) for o in d.options))
    _refused(g, g.decide, d.player, Pass(), rule="JT-P1")


# ---------------------------------------------------------------------------- seats

@pytest.mark.parametrize("seat", [True, False, -1, 3, 99, "A", 1.0, PID(0), 2 ** 70])
def test_views_by_a_bad_seat_are_refused(seat):
    """None is a spectator's view (below); anything else not a seat is refused."""
    g = _jt(3)
    msg = _refused(g, g.view, seat, rule="CR 102.1")
    assert "seats" in msg or "int from 0 to 2" in msg


@pytest.mark.parametrize("seat", [True, False, -1, 3, "A", 1.0, None])
def test_legal_choices_by_a_bad_seat_are_refused(seat):
    g = _jt(3)
    _refused(g, g.legal_choices, seat, rule="CR 102.1")


@pytest.mark.parametrize("seat", [True, False, -1, 3, 1.0, None, PID(0), "Zed"])
def test_decide_by_a_bad_seat_is_refused(seat):
    g = _jt(3)
    d = g.pending()
    _refused(g, g.decide, seat, d.options[0], rule="CR 102.1")


def test_good_seats_still_work():
    g = _jt(3)
    assert g.view(None)["viewer"] is None
    assert [g.view(i)["viewer"] for i in range(3)] == ["A", "B", "C"]
    d = g.pending()
    assert g.legal_choices(d.player) == list(d.options)
    assert all(g.legal_choices(i) == [] for i in range(3) if i != d.player)
    g.decide(g.players[d.player].name, d.options[0])     # a name is a seat too
    assert check_seat(g, 2) == 2


def test_decisions_after_the_end_are_refused_with_the_state_untouched():
    g = new_judge_tower_game(starter_pool(), ["Forest"] * 8, [{"name": "A", "judge_level": 3},
                                                             {"name": "B", "judge_level": 3}], seed=1)
    bots = [Autopilot(1), Autopilot(2)]
    while not g.game_over:
        d = g.pending()
        g.decide(d.player, bots[d.player].choose(g, d.player))
    for p in (0, 1, "A"):
        for c in (Pass(), Done(), 1, 1.0):
            _refused(g, g.decide, p, c, rule="CR 104.1")
    _refused(g, g.view, -1)


def test_a_view_without_the_log_is_the_view_less_its_log():
    """``view(seat, log=False)``: the same view without the log lines (the web table sends the
    log as it grows, from ``game.log`` filtered by ``LogEvent.visible``)."""
    from judgetower.cards.pool import starter_pool
    from judgetower.variants.judge_tower import new_judge_tower_game
    pool = starter_pool()
    g = new_judge_tower_game(pool, pool.names(), [{"name": "A"}, {"name": "B"}], seed=1)
    for seat in (None, 0, 1):
        full, bare = g.view(seat), g.view(seat, log=False)
        assert "log" in full and full["log"] and "log" not in bare
        assert {k: v for k, v in full.items() if k != "log"} == bare
