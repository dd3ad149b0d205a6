"""Property test of Judge Tower games (issue: the variant's sims): for Hypothesis-chosen seeds and
2-6 players on the starter tower, a judge-mode game between erring, calling bots

(a) ends by a real end condition (JT-E1 shame, JT-E2 library shortfall, or a card's effect),
    never an exception or the decision cap;
(b) conserves cards (CR 400.1, 400.7) before every decision: no object in two zones, and the
    cards in zones plus those that left with a losing player (CR 800.4a) are the tower's 111 —
    the shared library and graveyard (JT-G5), JT-E2 refills, R7 exile and JT-P3 loop exile
    included; the full check (zones agree with objects) every 250 decisions and at the end;
(c) replays exactly from its record (config, seed, decisions, judge actions): same snapshot and
    log, shame table checked by the replay.

Why judge mode: between perfect autopilots (referee mode) the variant has no end — infinite life
(JT-G3) and JT-E2 refills keep the cards circulating (README, Known limits). Real games end by
shame, and judge-mode bots make the errors that people make.

The games: the eight configurations Hypothesis drew for this test (``max_examples=8,
derandomize=True``: the same eight at every run), written out as parameters so that
pytest-xdist can play them on different workers (one game of six players takes about a minute of
CPU; as one Hypothesis test the eight ran one after the other on one worker, ~160 s). They cover
2, 3, 4 and 6 players, with and without manual triggers.
"""

from __future__ import annotations

import pytest
from test_properties import check_conservation

from judgetower import record
from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.variants.judge_tower import new_judge_tower_game

CAP = 60000
FULL_EVERY = 250
#: (seed, players, manual triggers): what Hypothesis drew (see the module text)
GAMES = [(1, 2, False), (800, 3, True), (1188, 2, True), (265, 6, False), (11940, 3, True),
         (10303, 4, True), (248, 6, True), (131072, 2, False)]


@pytest.mark.parametrize("seed, n, manual", GAMES, ids=[f"seed{s}-{n}p{'-manual' * m}" for s, n, m in GAMES])
def test_judge_tower_games_end_conserve_cards_and_replay(seed, n, manual):
    pool = starter_pool()
    tower = pool.names()
    specs = [{"name": f"P{i + 1}", "judge_level": 1 + (seed + i) % 5, "first_game": (seed + i) % 4 == 0}
             for i in range(n)]
    g = new_judge_tower_game(pool, tower, specs, seed=seed, mode="judge", manual_triggers=manual)
    table = JudgeTable(g, seed=seed, call_rate=0.5, dispute_rate=0.2)
    bots = [ErringAutopilot(seed * 31 + i, 0.05) for i in range(n)]
    k = 0
    while not g.game_over and len(g.decisions) < CAP:
        check_conservation(g, len(tower), full=k % FULL_EVERY == 0)
        d = g.pending()
        g.decide(d.player, bots[d.player].choose(g, d.player))
        table.after_decision()
        k += 1
    check_conservation(g, len(tower), full=True)
    assert g.game_over, f"seed {seed}, {n} players: unfinished after {len(g.decisions)} decisions"
    assert g.end_reason
    again = record.replay(record.loads(record.dumps(g)))
    assert again.snapshot() == g.snapshot()
    assert [e.render() for e in again.log.events] == [e.render() for e in g.log.events]
