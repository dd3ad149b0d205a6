"""The Oracle grammar and compiler on sentence forms, wordings and text it must refuse."""

from __future__ import annotations

import re

import pytest

from judgetower.cards.card import CardDef
from judgetower.oracle import compile_card, compile_text, normalise, strip_reminder
from judgetower.oracle.grammar import grammar_text, parser
from judgetower.oracle.ir import (
    ActivatedAbility, AddMana, All, Conditional, ControllerOf, Cost, CreateToken, DealDamage,
    Destroy, Draw, EachOpponent, ExileObjects, Filter as F, GainLife, Keyword, LoseLife, ModifyPT,
    Optional_, PutCounters, ReturnToBattlefield, ReturnToHand, Sacrifice, SpellAbility,
    StaticAbility, Anthem, Target, TargetSpec as T, This, TokenSpec, Trigger, TriggerObject,
    TriggeredAbility, You,
)
from judgetower.oracle.subtypes import canonical_subtype, plural

CREATURE = F(types=("creature",))


def spell(text: str, name: str = "Test Spell"):
    result = compile_text(name, text, ("Instant",))
    assert result.ok, result.unsupported
    assert len(result.abilities) == 1
    return result.abilities[0]


def creature(text: str, name: str = "Test Creature"):
    result = compile_text(name, text, ("Creature",))
    assert result.ok, result.unsupported
    return result.abilities


# --- unsupported text is reported, never dropped ---------------------------------------------


def test_unknown_sentence_is_reported():
    result = compile_text("Moon Spell", "Draw a card for each moon.", ("Sorcery",))
    assert not result.ok
    assert result.unsupported == ("Draw a card for each moon.",)


def test_only_the_failing_sentence_of_a_line_is_reported():
    result = compile_text("Moon Spell", "Draw a card. Draw a card for each moon.", ("Sorcery",))
    assert not result.ok
    assert result.unsupported == ("Draw a card for each moon.",)


def test_other_lines_still_compile_when_one_fails():
    result = compile_text("Odd Bird", "Flying\nWhenever the moon rises, draw a card.",
                          ("Creature",))
    assert not result.ok
    assert result.abilities == (Keyword("flying"),)
    assert result.unsupported == ("Whenever the moon rises, draw a card.",)


@pytest.mark.parametrize("text", [
    "Flying, bananas",
    '"Quoted" text ☃ with {∞} odd symbols.',
    "Choose one —\n• Draw a card.\n• Bananas.",   # modal (CR 700.2): a mode not understood
    "Destroy target artifact permanent.",      # "permanent" among several card types
    "Target creature gets +X/+0 until end of turn.",
    ":::",
    "{T}: Add X mana of any one color, where X is bananas.",   # ("Add {R} or {G}." is understood since manaab)
])
def test_parse_errors_become_unsupported_never_exceptions(text):
    result = compile_text("Weird Card", text, ("Instant",))
    assert not result.ok
    assert result.unsupported


def test_instruction_line_on_a_permanent_is_unsupported():
    result = compile_text("Odd Wall", "Draw a card.", ("Creature",))
    assert result.unsupported == ("Draw a card.",)


def test_reminder_text_is_ignored():
    assert strip_reminder("Flying (This creature can't be blocked (really).)") == "Flying"
    result = compile_text("Bird", "Flying (This creature can't be blocked except by (x).)",
                          ("Creature",))
    assert result.ok and result.abilities == (Keyword("flying"),)


# --- self-references and wordings ------------------------------------------------------------


def test_card_name_self_reference():
    assert spell("Lightning Bolt deals 3 damage to any target.", "Lightning Bolt") == \
        SpellAbility((T("any"),), (DealDamage(3, Target(0)),))


def test_short_legendary_name_is_a_self_reference():
    abilities = creature("{T}: Isamaru deals 1 damage to any target.", "Isamaru, Hound of Konda")
    assert abilities[0].effects == (DealDamage(1, Target(0), This()),)


@pytest.mark.parametrize("noun", ["creature", "artifact", "enchantment", "land", "Aura", "spell",
                                  "permanent", "Equipment"])
def test_this_noun_is_a_self_reference(noun):
    assert normalise(f"Sacrifice this {noun}: Draw a card.", "X") == "sacrifice ~: draw a card."


def test_enters_the_battlefield_and_enters_compile_the_same():
    old = compile_text("Flametongue Kavu",
                       "When Flametongue Kavu enters the battlefield, it deals 4 damage to target creature.",
                       ("Creature",))
    new = compile_text("Flametongue Kavu",
                       "When this creature enters, it deals 4 damage to target creature.",
                       ("Creature",))
    assert old.ok and new.ok
    assert old.abilities == new.abilities == (TriggeredAbility(
        Trigger("enters", This()), (T("object", CREATURE),), (DealDamage(4, Target(0)),)),)


def test_old_hideaway_means_hideaway_4_and_enters_tapped():
    old = compile_text("Windbrisk Heights", "Hideaway (This land enters the battlefield tapped. ...)",
                       ("Land",))
    assert old.abilities[:2] == (Keyword("hideaway", 4), StaticAbility(compile_text(
        "Windbrisk Heights", "This land enters tapped.", ("Land",)).abilities[0].effect))


def test_unicode_minus_in_loyalty_costs():
    result = compile_text("Walker", "[−2]: Draw a card.\n[+1]: Draw a card.\n[0]: Draw a card.",
                          ("Planeswalker",))
    assert result.ok
    assert [a.cost.loyalty for a in result.abilities] == [-2, 1, 0]
    assert all(a.sorcery_speed and not a.mana_ability for a in result.abilities)


def test_compile_card_takes_a_carddef():
    card = CardDef(name="Shock", type_line="Instant", mana_cost="{R}",
                   text="Shock deals 2 damage to any target.")
    assert compile_card(card).abilities == (SpellAbility((T("any"),), (DealDamage(2, Target(0)),)),)


def test_compile_text_without_types_reads_effect_lines_as_a_spell():
    result = compile_text("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.")
    assert result.ok and isinstance(result.abilities[0], SpellAbility)


def test_cache_by_name_and_text():
    a = compile_text("Divination", "Draw two cards.", ("Sorcery",))
    assert compile_text("Divination", "Draw two cards.", ("Sorcery",)) is a


# --- keywords --------------------------------------------------------------------------------


@pytest.mark.parametrize("line, expected", [
    ("Flying, vigilance", (Keyword("flying"), Keyword("vigilance"))),
    ("First strike, double strike", (Keyword("first strike"), Keyword("double strike"))),
    ("Protection from black", (Keyword("protection", "B"),)),
    ("Protection from white and from blue", (Keyword("protection", "W"), Keyword("protection", "U"))),
    ("Mountainwalk", (Keyword("landwalk", "Mountain"),)),
    ("Islandwalk", (Keyword("landwalk", "Island"),)),
    ("Kicker {2}{G}", (Keyword("kicker", "{2}{G}"),)),
    ("Multikicker {2}", (Keyword("multikicker", "{2}"),)),
    ("Buyback {3}", (Keyword("buyback", "{3}"),)),
    ("Equip {1}", (Keyword("equip", "{1}"),)),
    ("Enchant creature", (Keyword("enchant", CREATURE),)),
    ("Enchant land you control", (Keyword("enchant", F(types=("land",), controller="you")),)),
    ("Hideaway 4", (Keyword("hideaway", 4),)),
    ("Persist", (Keyword("persist"),)),
    ("Reach, trample, haste, menace, defender, indestructible, deathtouch, lifelink",
     tuple(Keyword(k) for k in ("reach", "trample", "haste", "menace", "defender",
                                "indestructible", "deathtouch", "lifelink"))),
])
def test_keyword_lines(line, expected):
    result = compile_text("K", line, ("Creature",))
    assert result.ok, result.unsupported
    assert result.abilities == expected


# --- general sentence forms beyond the starter tower ----------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("Destroy target creature an opponent controls.",
     SpellAbility((T("object", F(types=("creature",), controller="opponent")),), (Destroy(Target(0)),))),
    ("Destroy target nonland permanent.",
     SpellAbility((T("object", F(types=("permanent",), not_types=("land",))),), (Destroy(Target(0)),))),
    ("Target creature gains flying until end of turn.",
     SpellAbility((T("object", CREATURE),), (ModifyPT(Target(0), 0, 0, ("flying",)),))),
    ("Up to two target creatures get +1/+1 until end of turn.",
     SpellAbility((T("object", CREATURE, count_min=0, count_max=2),), (ModifyPT(Target(0), 1, 1),))),
    ("Return target creature card from your graveyard to the battlefield.",
     SpellAbility((T("object", F(types=("creature",), controller="you", zone="graveyard")),),
                  (ReturnToBattlefield(Target(0)),))),
    ("Each opponent loses 2 life and you gain 2 life.",
     SpellAbility((), (LoseLife(EachOpponent(), 2), GainLife(You(), 2)))),
    ("Create two 1/1 white Soldier creature tokens.",
     SpellAbility((), (CreateToken(TokenSpec("Soldier Token", 1, 1, ("W",), ("Creature",),
                                             ("Soldier",)), 2),))),
    ("Put a +1/+1 counter on target creature you control.",
     SpellAbility((T("object", F(types=("creature",), controller="you")),),
                  (PutCounters(Target(0), "+1/+1", 1),))),
    ("Return target instant or sorcery card from your graveyard to your hand.",
     SpellAbility((T("object", F(types=("instant", "sorcery"), controller="you", zone="graveyard")),),
                  (ReturnToHand(Target(0)),))),
    ("Target player sacrifices two creatures.",
     SpellAbility((T("player"),), (Sacrifice(Target(0), CREATURE, 2),))),
    ("Exile target creature. Its controller draws a card.",
     SpellAbility((T("object", CREATURE),), (ExileObjects(Target(0)), Draw(ControllerOf(Target(0)), 1)))),
    ("Destroy all white creatures.",
     SpellAbility((), (Destroy(All(F(types=("creature",), colors=("W",)))),))),
    ("If this spell was kicked, draw a card.",
     SpellAbility((), (Conditional("kicked", (Draw(You(), 1),)),))),
    ("Lightning Bolt deals 3 damage to target creature or player.", None),  # old wording: refused
])
def test_spell_forms(text, expected):
    result = compile_text("Lightning Bolt" if "Bolt" in text else "Test Spell", text, ("Instant",))
    if expected is None:
        assert not result.ok
    else:
        assert result.ok, result.unsupported
        assert result.abilities == (expected,)


@pytest.mark.parametrize("text", [
    "Counter target spell if it was kicked.",          # "it" is the target, not this spell
    "Return target spell to its owner's hand.",        # ReturnToHand acts on permanents/cards
    "Counter target spell. Counter another target spell.",   # "another" among spells: no IR
])
def test_text_whose_meaning_the_ir_cannot_carry_is_refused(text):
    result = compile_text("Test Spell", text, ("Instant",))
    assert not result.ok


def test_triggered_ability_with_filter_subject_refers_to_the_trigger_object():
    abilities = creature("Whenever another creature you control dies, return it to its owner's hand.")
    assert abilities == (TriggeredAbility(
        Trigger("dies", F(types=("creature",), controller="you", other=True)), (),
        (ReturnToHand(TriggerObject()),)),)


def test_activate_only_as_a_sorcery():
    abilities = creature("{2}: Draw a card. Activate only as a sorcery.")
    assert abilities == (ActivatedAbility(Cost(mana="{2}"), (), (Draw(You(), 1),), sorcery_speed=True),)


def test_mana_ability_is_only_without_targets():
    abilities = creature("{T}: Add {G}{G}.")
    assert abilities == (ActivatedAbility(Cost(tap=True), (), (AddMana("GG"),), mana_ability=True),)


def test_you_may_with_target_keeps_the_target_on_the_ability():
    abilities = creature("When this creature enters, you may destroy target artifact.")
    assert abilities[0].targets == (T("object", F(types=("artifact",))),)
    assert abilities[0].effects == (Optional_((Destroy(Target(0)),)),)


def test_static_grant_without_pt():
    abilities = creature("Other Elves you control have trample.")
    assert abilities == (StaticAbility(Anthem(All(F(subtypes=("Elf",), controller="you", other=True)),
                                              0, 0, ("trample",))),)


# --- grammar integrity -----------------------------------------------------------------------


def test_subtype_plurals():
    assert canonical_subtype("goblins") == "Goblin"
    assert canonical_subtype("elves") == "Elf"
    assert canonical_subtype("allies") == "Ally"
    assert plural("Sphinx") == "Sphinxes"


def test_no_grammar_word_is_also_a_subtype():
    # SUBTYPE wins over literals in the lexer, so a literal equal to a subtype word would never
    # be matched.
    literals = set(re.findall(r'"([a-z][a-z\'\-/]*)"', grammar_text().split("SUBTYPE.2:")[0]))
    clashes = set()
    for word in literals:
        try:
            canonical_subtype(word)
            clashes.add(word)
        except KeyError:
            pass
    assert clashes == set()


def test_parser_is_shared():
    assert parser() is parser()
