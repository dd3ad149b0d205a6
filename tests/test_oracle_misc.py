"""Branch "misc": proliferate, cost changes, combat restrictions, surveil, reveal-to-hand."""

from judgetower.oracle import compile_text
from judgetower.oracle.ir import (CostModifier, Proliferate, RevealTopToHand, SelfCombatRestriction,
                                  SelfCostReduction, StaticAbility, Surveil)


def _abilities(text, types=("Creature",)):
    cc = compile_text("Test Card", text, types)
    assert cc.ok, cc.unsupported
    return cc.abilities


def test_proliferate_and_surveil():
    assert _abilities("Proliferate.", ("Sorcery",))[0].effects == (Proliferate(),)
    assert _abilities("Surveil 2.", ("Sorcery",))[0].effects == (Surveil(2),)
    assert _abilities("[+1]: Reveal the top card of your library and put that card into your hand.",
                      ("Planeswalker",))[0].effects == (RevealTopToHand(),)


def test_cost_changes():
    st = _abilities("Spells your opponents cast cost {1} more to cast.")[0]
    assert isinstance(st, StaticAbility) and isinstance(st.effect, CostModifier)
    assert (st.effect.caster, st.effect.generic) == ("opponent", 1)
    ab = _abilities("This spell costs {1} less to cast for each creature card in your graveyard.")[0]
    assert isinstance(ab, SelfCostReduction) and ab.generic == 1


def test_combat_restrictions():
    st = _abilities("Test Card can't be blocked except by two or more creatures.")[0]
    assert st.effect == SelfCombatRestriction("min_blockers", n=2)
    assert _abilities("All creatures able to block Test Card do so.")[0].effect == SelfCombatRestriction("lure")


def test_refused():
    for text in ("Red spells you cast cost {R} less to cast.",          # CR 118.7b-c: not done
                 "Target player surveils 2.",
                 "Spells that target Test Card cost {2} less to cast."):
        assert not compile_text("Test Card", text, ("Creature",)).ok, text


def test_costs_with_symbols_the_engine_cannot_pay_are_refused():
    """CR 107.3-107.4: {Z}, half mana and other unpayable symbols make the text unsupported (the
    smoke check found Experiment Five and Flaccify raising in the engine)."""
    from judgetower.oracle.compiler import compile_text
    for text in ("{Z}, {T}: Draw a card.", "Counter target spell unless its controller pays {½}."):
        assert compile_text("Test Card", text, ("Artifact",)).unsupported == (text,)
    assert compile_text("Test Card", "{2}{G}, {T}: Draw a card.", ("Artifact",)).ok
