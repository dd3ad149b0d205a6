"""Issue 17's speed-ups change no ruling: each cache or shortcut gives what the computation it
replaces gives, checked here against that computation.

- judge mode's referee view of a priority decision, derived from the decision's own options
  (``judge.violations.referee_priority_options``; JT-P1, JT-P2, JT-C1, R9, R11, R12), equals
  ``game.priority_options`` computed in referee mode, at every priority decision of judge-mode
  games with erring bots (JT-S2);
- the keyword index of a compiled card (``rules.capabilities``; flashback CR 702.34a, retrace
  CR 702.81a, jump-start CR 702.133a, escape CR 702.138a, aftermath CR 702.127a, flash CR 702.8a,
  "its activated abilities can't be activated" CR 602.5) answers as a scan of its abilities does;
- ``legal_targets`` and ``iter_legal_targets`` give the same candidates in the same order
  (CR 115, 601.2c);
- a life total that takes another value moves ``LIFE_CHANGES`` (the layer cache's key for the
  life totals that "as long as" conditions read, CR 611.3a), and one set to the value it had
  does not;
- a cost with no mana part is payable whatever the mana sources (CR 601.2g-h, 118.5).
"""

from __future__ import annotations

import math

from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
from judgetower.cards.pool import starter_pool
from judgetower.judge.violations import as_referee, referee_priority_options
from judgetower.oracle import ir
from judgetower.rules import capabilities
from judgetower.rules.state import LIFE_CHANGES, Player
from judgetower.rules.stack.mana import ManaCost
from judgetower.variants.judge_tower import new_judge_tower_game

POOL = starter_pool()
TOWER = POOL.names()


def _judge_game(seed: int, n: int):
    players = [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5} for i in range(n)]
    g = new_judge_tower_game(POOL, TOWER, players, seed=seed, mode="judge")
    return g, JudgeTable(g, seed=seed, call_rate=0.5, dispute_rate=0.2), \
        [ErringAutopilot(seed * 31 + i, 0.2) for i in range(n)]


def test_derived_referee_view_equals_the_computed_one():
    derived_used = 0
    for seed, n in ((1, 4), (2, 3)):
        g, table, bots = _judge_game(seed, n)
        while not g.game_over and len(g.decisions) < 1500:
            d = g.pending()
            if d.kind == "priority":
                with as_referee(g.rules):
                    computed = g.priority_options(d.player)
                posed = g.posed_priority
                if posed is not None and posed[1] is d.options and posed[2] == g.state_mark():
                    derived_used += 1
                assert referee_priority_options(g, d) == computed, (seed, g.turn, g.step)
            g.decide(d.player, bots[d.player].choose(g, d.player))
            table.after_decision()
    assert derived_used > 100   # the derivation was exercised, not only the fallback


def test_keyword_index_answers_as_a_scan():
    from judgetower import oracle
    seen = 0
    for card in POOL:
        comp = oracle.compile_card(card)
        names = {a.name for a in comp.abilities if isinstance(a, ir.Keyword)}
        assert capabilities.keyword_names(comp) == names
        for name in names | {"flashback", "retrace", "jump-start", "escape", "aftermath", "flash"}:
            first = next((a.arg for a in comp.abilities if isinstance(a, ir.Keyword) and a.name == name), None)
            assert capabilities.has_keyword(comp, name) == (name in names)
            assert capabilities.keyword_arg(comp, name) == first
        bans = tuple(a.effect for a in comp.abilities
                     if isinstance(a, ir.StaticAbility) and isinstance(a.effect, ir.ActivationBan))
        assert capabilities.activation_bans(comp) == bans
        seen += 1
    assert seen == len(POOL)
    assert capabilities.has_keyword(None, "flash") is False


def test_iter_legal_targets_gives_legal_targets_in_order():
    g, table, bots = _judge_game(3, 4)
    checked = 0
    while not g.game_over and len(g.decisions) < 600:
        d = g.pending()
        for oid in list(g.battlefield) + list(g.hand(d.player)):
            o = g.objects[oid]
            if o.compiled is None:
                continue
            for ab in g.activated_abilities(o):
                for spec in ab.targets:
                    full = g.legal_targets(spec, o, d.player)
                    assert list(g.iter_legal_targets(spec, o, d.player)) == full
                    checked += 1
        g.decide(d.player, bots[d.player].choose(g, d.player))
        table.after_decision()
    assert checked > 0


def test_life_changes_move_only_when_a_life_total_changes():
    p = Player(0, "A")
    before = LIFE_CHANGES[0]
    p.life = 20                     # the value it had: nothing changed
    assert LIFE_CHANGES[0] == before
    p.life = 17
    assert LIFE_CHANGES[0] == before + 1 and p.life == 17
    p.life = math.inf               # Judge Tower's infinite life (JT-G3)
    n = LIFE_CHANGES[0]
    p.life = p.life - 3             # infinity less 3 is infinity: no change (R3)
    assert LIFE_CHANGES[0] == n and p.life == math.inf


def test_a_cost_with_no_mana_is_payable_without_sources():
    g, _, _ = _judge_game(1, 2)
    g.rules.free_mana = False       # ordinary payment (JT-G4 off for the question)
    try:
        assert g.can_pay_mana(0, ManaCost.parse(None))
        assert g.can_pay_mana(0, ManaCost.parse(""))
    finally:
        del g.rules.free_mana
