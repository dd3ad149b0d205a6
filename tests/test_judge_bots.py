"""Judge-mode games between erring and calling bots (JT-S2-S4, JT-G11, JT-E1, R15-R18).

Each game: 2-6 players on the starter tower, bots that break a Judge Tower rule with probability
0.05 where they can and call the public violations they see. Every game must end by a real end
condition (JT-E1 shame loss or another game end, never the decision cap); the shame table must
equal the starting shame plus the upheld calls (once per cause, JT-S4); the record (decisions +
judge actions) must replay to the same state, log and shame; and cards are conserved (CR 400.1,
400.7) before every decision: no object in two zones, and the cards in zones plus those that left
with a losing player (CR 800.4a) are the tower's 111 (the shared library and graveyard, JT-G5;
JT-E2 refills, R7 exile, JT-P3 loop exile included), the full check every 250 decisions and at
the end. The full 200-game run is ``benchmarks/judge_sim.py``.

Why judge mode for the conservation property: between perfect autopilots (referee mode) the
variant has no end: infinite life (JT-G3) and JT-E2 refills keep the cards circulating. Real
games end by shame, and judge-mode bots make the errors people make. (The conservation check
was a separate file, test_jt_properties.py, playing 8 more judge-mode games of the same kind
for it alone, ~160 s of CPU: each game here now checks every property.)

Budget (tests/conftest.py): ``JUDGETOWER_TEST_BUDGET=full`` plays seeds 1-10; the default
plays 7 of them (1, 2, 4, 5, 6, 7, 10: 2, 3, 4 and 6 players, manual triggers on and off, a
first game), leaving out the three longest (seeds 3, 8 and 9, tables of 5-6: ~95 of the ~175 s
of CPU the ten take); every check stays on every game played.
"""

from __future__ import annotations

import io

import pytest
from conftest import budget
from test_properties import check_conservation

from judgetower import record
from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
from judgetower.cards.pool import starter_pool
from judgetower.variants.judge_tower import new_judge_tower_game

POOL = starter_pool()
TOWER = POOL.names()
CAP = 60000
FULL_EVERY = 250
SEEDS = budget(quick=[1, 2, 4, 5, 6, 7, 10], full=list(range(1, 11)))


def _game(seed: int, n: int, errors: float = 0.05, calls: float = 0.5, first_game: bool = False,
          manual: bool = False, conserve: bool = False):
    """A judge-mode game played to its end (or ``CAP``) by `run_judge_game`'s loop; with
    ``conserve``, cards are checked before every decision (`check_conservation`)."""
    players = [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5, "first_game": first_game and i == 0}
               for i in range(n)]
    g = new_judge_tower_game(POOL, TOWER, players, seed=seed, mode="judge", manual_triggers=manual)
    table = JudgeTable(g, seed=seed, call_rate=calls, dispute_rate=0.2)
    bots = [ErringAutopilot(seed * 31 + i, errors) for i in range(n)]
    if not conserve:
        return g, table, bots, run_judge_game(g, bots, table, CAP)
    k = 0
    while not g.game_over and len(g.decisions) < CAP:     # run_judge_game, checking as it goes
        check_conservation(g, len(TOWER), full=k % FULL_EVERY == 0)
        d = g.pending()
        if d is None:
            break
        g.decide(d.player, bots[d.player].choose(g, d.player))
        table.after_decision()
        k += 1
    check_conservation(g, len(TOWER), full=True)
    return g, table, bots, not g.game_over


@pytest.mark.parametrize("seed", SEEDS)
def test_judge_mode_games_end_and_shame_equals_upheld_calls(seed):
    n = 2 + seed % 5
    g, table, bots, capped = _game(seed, n, first_game=seed % 3 == 0, manual=seed % 2 == 0, conserve=True)
    assert not capped and g.game_over, f"seed {seed}: unfinished after {len(g.decisions)} decisions"
    assert g.end_reason and "decision cap" not in g.end_reason
    j = table.judge
    start = sum(-1 if p.first_game else 0 for p in g.players)
    assert sum(p.shame for p in g.players) == start + len(j.upheld_calls())
    # once per cause (JT-S4): no two upheld calls share a cause
    causes = [c.violation.cause for c in j.upheld_calls()]
    assert len(causes) == len(set(causes))
    # bots only call what they could see (R16): every call names a public violation
    assert all(c.violation is None or c.violation.public for c in j.calls)
    assert sum(b.errors for b in bots) == len(j.violations) > 0
    # the record replays to the same game, shame table included
    buf = io.StringIO()
    record.save(g, buf)
    rec = record.loads(buf.getvalue())
    assert rec.shame == {p.name: p.shame for p in g.players} and rec.judge == j.actions
    again = record.replay(rec)
    assert again.snapshot() == g.snapshot()
    assert [e.render() for e in again.log.events] == [e.render() for e in g.log.events]


def test_no_errors_no_violations():
    g = new_judge_tower_game(POOL, TOWER, [{"name": "A"}, {"name": "B"}], seed=3, mode="judge")
    table = JudgeTable(g, seed=3)
    bots = [ErringAutopilot(1, 0.0), ErringAutopilot(2, 0.0)]
    run_judge_game(g, bots, table, 3000)
    assert table.judge.violations == [] and table.judge.calls == []


def test_hidden_violations_are_never_called():
    """A pass while only a card in hand could be cast is hidden (R16): bots never call it, even
    at call rate 1."""
    g, table, _, _ = _game(4, 3, errors=0.2, calls=1.0)
    hidden = [v for v in table.judge.violations if not v.public]
    assert hidden, "expected some violations with hidden evidence"
    called = {(c.violation.player, c.violation.event) for c in table.judge.calls if c.violation}
    assert not any((v.player, v.event) in called for v in hidden)


def test_record_judge_actions_are_checked():
    g, table, _, _ = _game(2, 2)
    data = record.loads(record.dumps(g)).to_dict()
    bad = dict(data, judge=[{"at": len(data["decisions"]) + 1, "dispute": "A"}])
    with pytest.raises(record.RecordError, match="judge action 0"):
        record.loads(record.json.dumps(bad))
    bad = dict(data, shame={"A": 0})
    with pytest.raises(record.RecordError, match="'shame'"):
        record.loads(record.json.dumps(bad))
    bad = dict(data, shame={k: v + 1 for k, v in data["shame"].items()})
    with pytest.raises(record.RecordError, match="shame table"):
        record.replay(record.loads(record.json.dumps(bad)))
    bad = dict(data, mode="referee")
    with pytest.raises(record.RecordError, match="judge mode"):
        record.loads(record.json.dumps(bad))


def test_bad_rates_are_refused():
    with pytest.raises(ValueError, match="1.5"):
        ErringAutopilot(0, 1.5)
    g = new_judge_tower_game(POOL, TOWER, [{"name": "A"}, {"name": "B"}], seed=1, mode="judge")
    with pytest.raises(ValueError, match="call rate"):
        JudgeTable(g, call_rate=-0.1)


def test_manual_triggers_missed_called_and_remedied():
    """R13 with bots: missed triggers are violations, called, and the callers' remedies are
    recorded decisions that replay."""
    seen = 0
    for seed in (2, 4, 6):
        g, table, _, _ = _game(seed, 3, manual=True)
        g9 = [c for c in table.judge.calls if c.rule == "JT-G9" and c.added]
        seen += len(g9)
        again = record.replay(record.loads(record.dumps(g)))
        assert again.snapshot() == g.snapshot()
    assert seen > 0


def test_manual_triggers_only_in_judge_mode():
    from judgetower.rules.errors import IllegalAction
    with pytest.raises(IllegalAction, match="R13|judge-mode option"):
        new_judge_tower_game(POOL, TOWER, [{"name": "A"}, {"name": "B"}], seed=1, mode="referee",
                             manual_triggers=True)
