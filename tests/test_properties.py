"""Property tests over random games (DESIGN.md "Tests"; issue "Rules engine core").

For each Hypothesis-drawn seed, players get ``random_deck`` decks (40 cards) from the embedded
starter pool and ``RandomAgent(…, pass_bias=0.5)`` agents play ordinary Magic to the end. One run
checks three properties of the same game:

(a) **every game ends**, without an exception, by a real end condition (CR 104: a player lost,
    e.g. CR 704.5a/704.5b, or a draw, CR 104.4a, or a draw by a loop of mandatory actions the
    engine detects, CR 104.4b — ``seed=27``, three Oblivion Rings exiling each other, is kept
    as an explicit example), well within a generous decision cap that is ours, not the engine's;
(b) **cards are conserved** (CR 400.1, 400.7): before *every* decision and once at the end, no
    object id is in two zone lists, and the number of non-token cards across all zones (plus
    cards that left the game with a player who lost, CR 800.4a) equals the number the game
    started with (80 for two 40-card decks); every ``FULL_CHECK_EVERY`` decisions and at the end
    also: each object's ``zone`` agrees with the list holding it, per-player zones hold only
    cards their player owns (CR 400.3), and no live card or token is missing from the zone
    lists (abilities are not checked: a mana ability never uses the stack, CR 605.3a);
(c) **replay is exact** (principle 2): replaying ``game.decisions`` on a fresh game built from
    the same seed and decks gives an identical ``snapshot()`` and identical log (text, French
    text, rule citations, visibility).

Budget (tests/conftest.py): with ``JUDGETOWER_TEST_BUDGET=full`` the 2-player property runs 200
games (issue 2's count) and the 3-player variant 20; by default (what CI runs) 40 and 6. Why
fewer: a random game now costs about 2.8 s of CPU to play and replay (the engine's decisions got
slower since the 200 were set, when the whole file took ~90 s; issue 17), so the 220 games took
~650 s of CPU, more than the whole suite may take; the seeds are drawn afresh at every run (no
``derandomize``), so the runs together keep exploring new games, and each game played is checked
for all three properties as before. Seed 27 (a mandatory loop) is always played, as its own
test. The 2-player games are drawn in four tests so that the parallel workers share them. The
full conservation check walks every object the game ever made, hence its subset of decisions;
the per-decision checks cost ~10% of the run (playing and replaying the games is the rest).
Measured on this 2-core machine (CPU time, commit 9d92558): the 200 two-player games 560 s, the
20 three-player games 93 s.
"""

from __future__ import annotations

import random
import weakref

import pytest
from conftest import budget
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from judgetower.agents.random_agent import RandomAgent
from judgetower.cards.pool import starter_pool
from judgetower.rules.deck import new_game, random_deck
from judgetower.rules.state import GameObject

DECISION_CAP = 20000      # ours, generous: random 2-player games take ~1,300 decisions on average
FULL_CHECK_EVERY = 25     # decisions between the O(all objects ever made) reverse checks
DECK_SIZE = 40
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _decks(seed: int, n_players: int) -> dict[str, list[str]]:
    rng = random.Random(seed)
    pool = starter_pool()
    return {chr(ord("A") + i): random_deck(pool, rng, size=DECK_SIZE) for i in range(n_players)}


def _is_card(o) -> bool:
    """A card object (CR 108.3): not a token (CR 111) and not an ability on the stack."""
    return isinstance(o, GameObject) and o.card is not None and o.token is None


#: game -> (players lost, cards that left the game with them) at the last walk of every object
_LEFT: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def check_conservation(game, total_cards: int, *, full: bool = True) -> None:
    """Walk ``game.all_zone_lists()``: no object id is in two zones, and the cards across all
    zones (plus those that left the game with a losing player) number ``total_cards``.
    ``full`` also checks each object against the list holding it, and that no live card or
    token is missing from every zone list (these walk every object ever made: slower)."""
    zone_lists = game.all_zone_lists()
    objects = game.objects
    ids = [oid for _, lst in zone_lists for oid in lst]
    if len(set(ids)) != len(ids):
        where: dict[int, str] = {}
        for zname, lst in zone_lists:
            for oid in lst:
                assert oid not in where, f"{objects[oid]!r} is in two zones: {where[oid]} and {zname}"
                where[oid] = zname
    cards = sum(1 for oid in ids if _is_card(objects[oid]))
    if full:
        for zname, lst in zone_lists:
            zone, _, owner = zname.partition(":")
            for oid in lst:
                o = objects.get(oid)
                assert o is not None, f"id {oid} in {zname} is not a game object"
                assert o.zone == zone, f"{o!r} is listed in {zname} but says it is in {o.zone!r}"
                if owner not in ("", "None"):
                    assert o.owner == int(owner), f"{o!r} (owner {o.owner}) is in {zname} (CR 400.3)"
    left = 0
    lost = sum(1 for p in game.players if p.lost)
    if full or lost:
        cached = _LEFT.get(game)
        if not full and cached is not None and cached[0] == lost:
            # cards leave the game only when their player does (CR 800.4a): between losses the
            # count walked at the last loss (or full check) holds; any card that vanished from
            # the zones meanwhile still breaks the sum below, and the next full walk recounts
            left = cached[1]
        else:
            listed = set(ids)
            for oid, o in objects.items():
                z = str(o.zone)
                if z == "gone:left game":
                    left += _is_card(o)
                elif full and isinstance(o, GameObject) and not z.startswith("gone:"):
                    assert oid in listed, f"{o!r} is in no zone list"
            _LEFT[game] = (lost, left)
    assert cards + left == total_cards, (
        f"turn {game.turn} {game.step}: {cards} cards in zones + {left} that left the game "
        f"!= {total_cards} at the start")


def _play(seed: int, n_players: int):
    """Play one random game, checking conservation as it goes; returns (game, decks)."""
    decks = _decks(seed, n_players)
    game = new_game(starter_pool(), decks, seed=seed)
    total = DECK_SIZE * n_players
    agents = [RandomAgent(seed * 31 + i, pass_bias=0.5) for i in range(n_players)]
    check_conservation(game, total)
    n = 0
    while not game.game_over:
        d = game.pending()
        assert d is not None, "the game is not over but waits for no decision"
        assert game.legal_choices(d.player) == list(d.options)
        game.decide(d.player, agents[d.player].choose(game, d.player))
        n += 1
        check_conservation(game, total, full=(n % FULL_CHECK_EVERY == 0))
        assert n < DECISION_CAP, f"seed {seed}: no end after {n} decisions (turn {game.turn} {game.step})"
    check_conservation(game, total)
    return game, decks


def _assert_real_end(game) -> None:
    assert game.game_over and game.pending() is None
    assert game.end_reason and "cap" not in game.end_reason
    assert game.end_reason != "no more turns", "the turn loop stopped without a CR 104 end"
    alive = [p for p in game.players if not p.lost]
    if "CR 104.4b" in game.log.events[-1].rules:
        assert game.winners == []  # a draw: nobody wins, nobody lost (CR 104.4b)
    else:
        assert len(alive) <= 1, f"game over with {len(alive)} players still in it ({game.end_reason})"
        assert [p.index for p in alive] == game.winners
    assert game.log.events[-1].text.startswith("The game ends")


def _log(game) -> list:
    return [(e.number, e.text, e.rules, e.visible_to, e.text_fr) for e in game.log.events]


def _assert_replay(game, decks, seed: int) -> None:
    fresh = new_game(starter_pool(), decks, seed=seed)
    for player, choice in game.decisions:
        fresh.decide(player, choice)
    assert fresh.game_over == game.game_over
    assert fresh.snapshot() == game.snapshot()
    assert _log(fresh) == _log(game)
    assert fresh.decisions == game.decisions


def _property(seed: int, n_players: int) -> None:
    game, decks = _play(seed, n_players)
    _assert_real_end(game)
    if "CR 104.4b" in game.log.events[-1].rules:
        event("a draw by a loop of mandatory actions (CR 104.4b)")
    _assert_replay(game, decks, seed)


#: the two-player games are drawn in PARTS tests of TWO_PLAYER_GAMES / PARTS examples each, so
#: that pytest-xdist can play them on different workers; part k plays seed XOR k, so that the
#: parts' first, simplest draws (Hypothesis starts near 0) are different games
PARTS = 4
TWO_PLAYER_GAMES = budget(quick=40, full=200)
THREE_PLAYER_GAMES = budget(quick=6, full=20)


@pytest.mark.parametrize("part", range(PARTS))
@settings(max_examples=TWO_PLAYER_GAMES // PARTS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_two_player_games_end_conserve_cards_and_replay(part, seed):
    _property(seed ^ part, 2)


def test_a_mandatory_loop_is_a_draw():
    """seed 27: a CR 104.4b mandatory loop (three Oblivion Rings): the engine declares a draw
    (the explicit example the 200-game property always played)."""
    _property(27, 2)


@settings(max_examples=THREE_PLAYER_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_three_player_games_end_conserve_cards_and_replay(seed):
    _property(seed, 3)


def test_conservation_check_catches_a_duplicated_and_a_lost_card():
    """The checker itself fails when a card is in two zones or vanishes."""
    game = new_game(starter_pool(), _decks(1, 2), seed=1)
    check_conservation(game, 80)
    hand = game.hand(0)
    game.graveyard(0).append(hand[0])          # the same id in hand and graveyard
    try:
        check_conservation(game, 80)
    except AssertionError as e:
        assert "two zones" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a duplicated card went unnoticed")
    game.graveyard(0).pop()
    lost = hand.pop()                            # a card in no zone at all
    try:
        check_conservation(game, 80)
    except AssertionError as e:
        assert "no zone list" in str(e) or "!= 80" in str(e)
    else:  # pragma: no cover
        raise AssertionError(f"lost card #{lost} went unnoticed")
