"""CR 406.8: older wordings of exile. "Remove [an object] from the game" and "set [an object]
aside" exile it; the compiler reads them like the Oracle errata ("exile"). Also CR 406.7's
"target card in exile" (a card that is exiled again)."""

from __future__ import annotations

import pytest

from judgetower.oracle import compile_text
from judgetower.oracle.grammar import parser
from judgetower.oracle.ir import (
    ExileAllGraveyards, ExileFromGraveyard, ExileObjects, LinkedExiled, ReturnToBattlefield, Target,
)


def compiled(text: str, types=("Instant",), name: str = "Test Card"):
    result = compile_text(name, text, types)
    assert result.ok, result.unsupported
    return result.abilities


@pytest.mark.parametrize("old, new", [
    ("Remove target creature from the game.", "Exile target creature."),
    ("Set target creature aside.", "Exile target creature."),
    ("Remove target nonland permanent from the game.", "Exile target nonland permanent."),
    ("Remove all creatures from the game.", "Exile all creatures."),
    ("Remove target creature card in a graveyard from the game.", "Exile target creature card in a graveyard."),
    ("Remove target artifact from the game. Draw a card.", "Exile target artifact. Draw a card."),
    ("Target player removes a card in his or her graveyard from the game.",
     "Target player exiles a card from their graveyard."),
    ("Remove all graveyards from the game.", "Exile all graveyards."),
])
def test_cr_406_8_spell_wordings_compile_like_exile(old, new):
    assert compiled(old) == compiled(new)


def test_cr_406_8_remove_from_the_game_is_an_exile_effect():
    (spell,) = compiled("Remove target creature from the game.")
    assert spell.effects == (ExileObjects(Target(0)),)
    assert spell.targets[0].filter.types == ("creature",)


@pytest.mark.parametrize("old, new", [
    # old Grim Lavamancer's cost
    ("{R}, {T}, Remove two cards in your graveyard from the game: ~ deals 2 damage to any target.",
     "{R}, {T}, Exile two cards from your graveyard: ~ deals 2 damage to any target."),
    # old Relic of Progenitus's second ability
    ("{1}, Remove ~ from the game: Remove all graveyards from the game. Draw a card.",
     "{1}, Exile ~: Exile all graveyards. Draw a card."),
])
def test_cr_406_8_costs_compile_like_exile(old, new):
    assert compiled(old, ("Artifact", "Creature")) == compiled(new, ("Artifact", "Creature"))


def test_cr_406_8_relic_old_wording():
    abilities = compiled("{T}: Target player removes a card in his or her graveyard from the game.\n"
                         "{1}, Remove Test Relic from the game: Remove all graveyards from the game. Draw a card.",
                         ("Artifact",), name="Test Relic")
    assert abilities[0].effects == (ExileFromGraveyard(Target(0), 1),)
    assert abilities[1].cost.exile_self and abilities[1].effects[0] == ExileAllGraveyards()


def test_cr_406_8_alternative_cost_removing_a_card_from_hand():
    # old Force of Will
    old = compiled("You may pay 1 life and remove a blue card in your hand from the game rather than pay "
                   "Test Will's mana cost.", name="Test Will")
    new = compiled("You may pay 1 life and exile a blue card from your hand rather than pay "
                   "Test Will's mana cost.", name="Test Will")
    assert old == new
    assert old[0].cost.exile_from_hand.zone == "hand" and old[0].cost.exile_from_hand.colors == ("U",)


def test_cr_406_8_linked_old_wording_the_removed_card():
    """Old Oblivion Ring: "remove ... from the game" / "return the removed card" are linked
    abilities (CR 607.2a) like today's "exile" / "return the exiled card"."""
    text_old = ("When Test Ring enters, remove another target nonland permanent from the game.\n"
                "When Test Ring leaves the battlefield, return the removed card to the battlefield under its owner's control.")
    text_new = ("When Test Ring enters, exile another target nonland permanent.\n"
                "When Test Ring leaves the battlefield, return the exiled card to the battlefield under its owner's control.")
    old = compiled(text_old, ("Enchantment",), name="Test Ring")
    assert old == compiled(text_new, ("Enchantment",), name="Test Ring")
    assert old[0].effects == (ExileObjects(Target(0), linked=True),)
    assert old[1].effects == (ReturnToBattlefield(LinkedExiled(), under="owner"),)


def test_cr_406_8_until_leaves_old_wording():
    old = compiled("When ~ enters, remove target creature an opponent controls from the game until ~ leaves "
                   "the battlefield.", ("Creature",))
    new = compiled("When ~ enters, exile target creature an opponent controls until ~ leaves the battlefield.",
                   ("Creature",))
    assert old == new and old[0].effects[0].until_leaves


def test_cr_406_7_target_card_in_exile():
    (spell,) = compiled("Exile target card in exile.")
    assert spell.targets[0].filter.zone == "exile"
    assert spell.effects == (ExileObjects(Target(0)),)


@pytest.mark.parametrize("text", [
    "remove target creature from the game",
    "set target creature aside",
    "{1}, remove ~ from the game: draw a card",
    "{r}, {t}, remove two cards in your graveyard from the game: ~ deals 2 damage to any target",
])
def test_cr_406_8_grammar_accepts(text):
    parser().parse(text)


@pytest.mark.parametrize("text", [
    "Remove a +1/+1 counter from target creature.",     # removing counters is not exile
    "Remove target creature from combat.",              # CR 506.4: removed from combat, not the game
])
def test_other_removals_are_not_exile(text):
    result = compile_text("Test Card", text, ("Instant",))
    # refused, or understood as something other than an exile (removing from combat, CR 506.4)
    effects = [type(e).__name__ for ab in result.abilities for e in getattr(ab, "effects", ())]
    assert not result.ok or not any("Exile" in name for name in effects), effects
