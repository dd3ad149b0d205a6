"""tokens helper: token forms, token copies and granted quoted abilities in the compiler, and the
text they must refuse (CR 111.3, 111.10, 613.1f, 707.2)."""

from __future__ import annotations

import pytest

from judgetower.oracle import compile_text
from judgetower.oracle.ir import (
    ActivatedAbility, CreateToken, CreateTokenCopy, GrantAbilities, StaticAbility, TriggeredAbility, X,
)


def effects(text: str, types=("Sorcery",), name: str = "Test Card"):
    result = compile_text(name, text, types)
    assert result.ok, result.unsupported
    return result.abilities[0].effects


def refused(text: str, types=("Sorcery",), name: str = "Test Card") -> bool:
    return not compile_text(name, text, types).ok


@pytest.mark.parametrize("name", ["Treasure", "Food", "Gold", "Clue", "Blood", "Shard", "Lander"])
def test_predefined_tokens_have_their_ability(name):
    (e,) = effects(f"Create a {name} token.")
    assert isinstance(e, CreateToken)
    assert e.token.name == f"{name} Token" and e.token.subtypes == (name,)
    assert len(e.token.abilities) == 1 and isinstance(e.token.abilities[0], ActivatedAbility)
    assert e.token.abilities[0].cost.sacrifice_self


def test_treasure_is_a_mana_ability_and_tapped_form():
    (e,) = effects("Create two tapped Treasure tokens.")
    assert e.amount == 2 and e.tapped
    assert e.token.abilities[0].mana_ability


@pytest.mark.parametrize("text", [
    "Create a tapped Powerstone token.",      # its mana restriction is not expressed
    "Create a Walker token.",                 # not read as a predefined token
    "Create a Zombie token.",                 # no such predefined token
    "Create an X/1 green Ooze creature token.",
])
def test_refused_token_forms(text):
    assert refused(text)


def test_a_map_token_explores():
    """The Map token (its ability: "... Target creature you control explores", CR 701.44) is
    understood since explore is (wave 4, tokcount)."""
    assert not refused("Create a Map token.")


def test_quoted_token_ability_and_it_has():
    (e,) = effects('Create a 1/1 colorless Thopter artifact creature token with flying and '
                   '"When this creature dies, draw a card."')
    assert e.token.keywords == ("flying",)
    assert isinstance(e.token.abilities[0], TriggeredAbility)
    (e,) = effects('Create a 1/1 colorless Eldrazi Scion creature token. It has '
                   '"Sacrifice this creature: Add {C}."')
    assert e.token.abilities[0].mana_ability
    assert refused('Draw a card. It has "Sacrifice this creature: Add {C}."')


def test_x_x_token_and_copies():
    (e,) = effects("Create an X/X green Wurm creature token.")
    assert e.pt == X()
    (e,) = effects("Create two tokens that are copies of target creature.")
    assert isinstance(e, CreateTokenCopy) and e.amount == 2


def test_granted_abilities():
    result = compile_text("Test Aura", 'Enchant land\nEnchanted land has "{T}: Add {G}{G}."', ("Enchantment",))
    assert result.ok, result.unsupported
    grant = result.abilities[1]
    assert isinstance(grant, StaticAbility) and isinstance(grant.effect, GrantAbilities)
    # granted triggered abilities are not expressed by the engine
    assert refused('Creatures you control have "Whenever this creature attacks, draw a card."',
                   ("Enchantment",))
    # the card's own name inside the quote cannot be told from "this creature"
    assert refused('Enchant creature\nEnchanted creature has "{T}: Sacrifice Test Aura."',
                   ("Enchantment",), name="Test Aura")
