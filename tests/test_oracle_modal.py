"""Modal spells (CR 700.2): "Choose one —" and a bulleted list of modes compile to a ``Modal``
node, each mode its own SpellAbility; the engine announces modes at cast (CR 601.2b)."""

from __future__ import annotations

import pytest

from judgetower.oracle import compile_text
from judgetower.oracle.ir import DealDamage, Destroy, Draw, GainLife, Modal, SpellAbility, Target, You
from judgetower.rules.decisions import KINDS, Done
from judgetower.rules.errors import IllegalAction
from judgetower.scenario.runner import play_scenario, run_scenario

CHARM = "Choose one —\n• Test Charm deals 2 damage to any target.\n• Draw a card."


def modal(text: str, name: str = "Test Charm", types=("Instant",)) -> Modal:
    card = compile_text(name, text, types)
    assert card.ok, card.unsupported
    (ab,) = card.abilities
    assert isinstance(ab, Modal)
    return ab


def test_choose_one_compiles_to_modal_with_one_spell_ability_per_mode():
    m = modal(CHARM)
    assert (m.choose_min, m.choose_max) == (1, 1)
    dmg, draw = m.modes
    assert isinstance(dmg, SpellAbility) and dmg.targets[0].kind == "any"
    assert dmg.effects == (DealDamage(2, Target(0)),)
    assert draw == SpellAbility((), (Draw(You(), 1),))
    assert m.texts == ("Test Charm deals 2 damage to any target.", "Draw a card.")


@pytest.mark.parametrize("header, lo, hi", [
    ("Choose one —", 1, 1), ("Choose two —", 2, 2), ("Choose one or both —", 1, 2),
    ("Choose one or more —", 1, None),
])
def test_headers(header, lo, hi):
    m = modal(f"{header}\n• Destroy target artifact.\n• You gain 3 life.\n• Draw a card.")
    assert (m.choose_min, m.choose_max) == (lo, hi)
    assert len(m.modes) == 3


def test_each_mode_has_its_own_targets():
    m = modal("Choose one or both —\n• Destroy target artifact.\n• Destroy target enchantment.")
    a, e = m.modes
    assert a.targets[0].filter.types == ("artifact",) and a.effects == (Destroy(Target(0)),)
    assert e.targets[0].filter.types == ("enchantment",) and e.effects == (Destroy(Target(0)),)


def test_a_mode_not_understood_makes_the_card_unsupported():
    card = compile_text("Test Charm", "Choose one —\n• Frobnicate the widget.\n• Draw a card.", ("Instant",))
    assert not card.ok
    assert card.unsupported == ("• Frobnicate the widget.",)
    assert card.abilities == ()


def test_a_header_without_modes_is_unsupported():
    card = compile_text("Test Charm", "Choose one —", ("Instant",))
    assert not card.ok


def test_mode_kind_is_a_decision_kind():
    assert "mode" in KINDS


def _game_at_mode_decision(text="Choose one or both —\n• Destroy target artifact.\n• You gain 3 life."):
    return play_scenario({
        "players": [{"name": "A"}, {"name": "B"}],
        "cards": [{"name": "Test Command", "mana_cost": "{1}{W}", "type": "Instant", "text": text}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"battlefield": ["Plains", "Plains"], "hand": ["Test Command"]},
                  "B": {"battlefield": ["Ornithopter"]}},
        "actions": [{"player": "A", "cast": "Test Command"}, {"player": "A", "choose": "You gain 3 life."}],
    }, upto=1)


def test_mode_decision_then_same_mode_twice_is_refused():
    g = _game_at_mode_decision()
    d = g.pending()
    assert d.kind == "mode" and d.options == [0, 1] and d.rule == "CR 601.2b"
    g.decide(0, 1)
    d = g.pending()
    assert d.kind == "mode" and d.options == [0, Done()]
    with pytest.raises(IllegalAction) as e:
        g.decide(0, 1)
    assert e.value.rule == "CR 700.2d"
    g.decide(0, 0)   # targets follow, for the chosen modes only; the one artifact is taken alone
    spell = g.objects[g.stack[-1]]
    assert spell.modes == (0, 1)
    sa = g.spell_ability(spell)
    assert [t.kind for t in sa.targets] == ["object"]
    assert sa.effects == (Destroy(Target(0)), GainLife(You(), 3))


def test_second_mode_targets_are_renumbered():
    g = _game_at_mode_decision("Choose one or both —\n• You gain 3 life.\n• Destroy target artifact.")
    g.decide(0, 1)
    g.decide(0, 0)
    spell = g.objects[g.stack[-1]]
    assert g.spell_ability(spell).effects == (GainLife(You(), 3), Destroy(Target(0)))


def test_unknown_mode_text_is_a_bad_file():
    from judgetower.scenario.model import validate
    sc = validate({
        "name": "bad mode",
        "players": [{"name": "A"}, {"name": "B"}],
        "cards": [{"name": "Test Charm", "mana_cost": "{R}", "type": "Instant", "text": CHARM}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"battlefield": ["Mountain"], "hand": ["Test Charm"]}},
        "actions": [{"player": "A", "cast": "Test Charm", "modes": ["Gain 5 life."]}],
    }, "<inline>", 0, "<inline>")
    res = run_scenario(sc)
    assert res.bad and "modes" in res.bad


def test_modes_for_a_spell_that_is_not_modal_is_a_bad_file():
    from judgetower.scenario.model import validate
    sc = validate({
        "name": "not modal",
        "players": [{"name": "A"}, {"name": "B"}],
        "start": {"turn": 3, "active": "A", "step": "precombat_main"},
        "state": {"A": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}},
        "actions": [{"player": "A", "cast": "Lightning Bolt", "targets": ["B"], "modes": ["Draw a card."]}],
    }, "<inline>", 0, "<inline>")
    res = run_scenario(sc)
    assert res.bad and "modes" in res.bad


def test_autopilot_and_random_agent_answer_mode_decisions():
    from judgetower.agents.autopilot import Autopilot
    from judgetower.agents.random_agent import RandomAgent
    g = _game_at_mode_decision()
    assert Autopilot().choose(g, 0) == 0          # the first mode with a legal target
    assert RandomAgent(seed=1).choose(g, 0) in (0, 1)
