"""kwstatic: static and combat keywords, the object's own combat restrictions, "can't be
countered", "can't be blocked this turn" — what compiles, and neighbouring text that must stay
refused."""

from __future__ import annotations

import pytest

from judgetower.oracle import compile_text
from judgetower.oracle.ir import (
    All, CantAttackOrBlock, CantBeCountered, CombatRule, Enchanted, Filter, Keyword, ModifyPT,
    RestrictThisTurn, SacrificeThis, SpellAbility, StaticAbility, Anthem, Target, This,
)


def abilities(text: str, types=("Creature",), name: str = "Test Card"):
    result = compile_text(name, text, types)
    assert result.ok, result.unsupported
    return result.abilities


@pytest.mark.parametrize("word", ["flash", "hexproof", "shroud", "infect", "wither", "horsemanship",
                                  "fear", "intimidate", "shadow", "prowess", "exalted", "changeling",
                                  "devoid", "flanking", "storm"])
def test_keyword_lines(word):
    assert abilities(word.capitalize()) == (Keyword(word),)


def test_bushido_n_and_keyword_lists():
    assert abilities("Bushido 2") == (Keyword("bushido", 2),)
    assert abilities("Flash\nFlying, shroud") == (Keyword("flash"), Keyword("flying"), Keyword("shroud"))


def test_granted_keywords():
    (sa,) = abilities("Target creature gains hexproof until end of turn.", ("Instant",))
    assert sa.effects == (ModifyPT(Target(0), 0, 0, ("hexproof",)),)
    (st,) = abilities("Creatures you control have shroud.", ("Enchantment",))
    assert st == StaticAbility(Anthem(All(Filter(types=("creature",), controller="you")), 0, 0, ("shroud",)))


@pytest.mark.parametrize("text", [
    "Creatures you control have flash.",      # flash, prowess, exalted... are never granted here
    "Creatures you control have exalted.",
    "Target creature gains prowess until end of turn.",
    "Hexproof from black",                    # CR 702.11d: not the same ability
    "Bushido",
    # (misc: "can't be blocked except by two or more creatures" is supported now, CR 509.1b)
    "Test Card can't be blocked as long as defending player controls an enchantment.",
    "Test Card attacks each combat if able and blocks each combat if able.",
    "Creature spells you control can't be countered.",
])
def test_refused_neighbours(text):
    assert not compile_text("Test Card", text, ("Creature",)).ok


def test_self_restrictions():
    assert abilities("Test Card can't block.") == (StaticAbility(CantAttackOrBlock(This(), attack=False)),)
    assert abilities("This creature can't attack.") == (StaticAbility(CantAttackOrBlock(This(), block=False)),)
    assert abilities("Test Card can't be blocked.") == (StaticAbility(CombatRule(This(), "cant_be_blocked")),)
    assert abilities("Test Card attacks each combat if able.") == (StaticAbility(CombatRule(This(), "attacks_each_combat")),)
    assert abilities("Test Card can block only creatures with flying.") == (
        StaticAbility(CombatRule(This(), "block_only_flying")),)
    assert abilities("Enchanted creature can't be blocked.", ("Enchantment",)) == (
        StaticAbility(CombatRule(Enchanted(), "cant_be_blocked")),)
    assert abilities("Test Card can't block and can't be blocked.") == (
        StaticAbility(CantAttackOrBlock(This(), attack=False)), StaticAbility(CombatRule(This(), "cant_be_blocked")))


def test_cant_be_countered_and_this_turn_restrictions():
    ab = abilities("This spell can't be countered.\nDraw a card.", ("Instant",))
    assert ab[0] == StaticAbility(CantBeCountered()) and isinstance(ab[1], SpellAbility)
    (sa,) = abilities("Target creature can't be blocked this turn.", ("Sorcery",))
    assert sa.effects == (RestrictThisTurn(Target(0), "cant_be_blocked"),)
    (sa,) = abilities("Target creature can't block this turn.", ("Sorcery",))
    assert sa.effects == (RestrictThisTurn(Target(0), "cant_block"),)


def test_block_triggers():
    from judgetower.oracle.ir import GainLife, Trigger, TriggeredAbility, You
    (ab,) = abilities("Whenever Test Card becomes blocked, it gets +2/+2 until end of turn.")
    # (merged with the triggers branch, whose block events these are: CR 509.3a, 509.3c)
    assert ab == TriggeredAbility(Trigger("becomes_blocked", This()), (), (ModifyPT(This(), 2, 2),))
    (ab,) = abilities("Whenever Test Card blocks, you gain 2 life.")
    assert ab == TriggeredAbility(Trigger("blocks", This()), (), (GainLife(You(), 2),))
    (ab,) = abilities("Whenever Test Card blocks or becomes blocked, it gets +1/+1 until end of turn.")
    assert ab.trigger == Trigger("blocks_or_blocked", This())
    # "at end of combat": a delayed trigger (CR 603.7, 511.2; wave 4, combat2)
    (ab,) = abilities("When Test Card blocks, sacrifice it at end of combat.")
    assert ab.trigger == Trigger("blocks", This())
    (delayed,) = ab.effects
    assert delayed.when == "cb2_end_of_combat" and delayed.effects == (SacrificeThis(),)
