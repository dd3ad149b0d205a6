"""The Oracle compiler on the 111 cards of the embedded starter tower: every card compiles, and
the tricky ones compile to exactly the IR the rules engine expects."""

from __future__ import annotations

import os
import lzma
import json
from pathlib import Path

import pytest

from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card, compile_text
from judgetower.oracle.ir import (
    ActivatedAbility, AddMana, All, AlternativeCost, Anthem, CantAttackOrBlock, Chosen,
    Conditional, ControllerOf, Cost, CostIncrease, CounterSpell, CountersOn, CreateToken,
    DealDamage, DefendingPlayer, DelayedTrigger, Destroy, Discard, Draw, EachOpponent, EachPlayer,
    Enchanted, EntersTapped, EntersWithCounters, Equipped, ExileAllGraveyards, ExileFromGraveyard,
    ExileObjects, ExtraTurn, Filter as F, Flicker, GainLife, Keyword, LinkedExiled,
    LookAtTopReorder, LoseLife, Mill, ModifyPT, Optional_, PlayLinkedFree, PowerOf, PutCounters,
    PutFromHandOnTop, Regenerate, ReturnToBattlefield, ReturnToHand, RevealHand,
    RevealTopPutIfType, Sacrifice, Scry, SearchLibrary, Shuffle, ShuffleGraveyardIntoLibrary,
    SpellAbility, StaticAbility, TapObjects, Target, TargetSpec as T, This, TimesKicked,
    TokenSpec, Trigger, TriggerAmount, TriggeredAbility, TriggerPlayer, UntapObjects, X, You,
)

POOL = starter_pool()
SHARED_DATA = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or Path(__file__).resolve().parents[2] / "shared") / "data"

CREATURE = F(types=("creature",))
BASIC_LAND_IN_LIBRARY = F(types=("land",), supertypes=("Basic",), zone="library")


def compiled(name: str):
    return compile_card(POOL.get(name))


def abilities(name: str):
    result = compiled(name)
    assert result.ok, result.unsupported
    return result.abilities


def tap_add(mana: str) -> ActivatedAbility:
    return ActivatedAbility(Cost(tap=True), (), (AddMana(mana),), mana_ability=True)


def enters(targets, effects, condition=None) -> TriggeredAbility:
    return TriggeredAbility(Trigger("enters", This()), tuple(targets), tuple(effects), condition)


# ---------------------------------------------------------------------------------------------


def test_starter_pool_has_111_cards():
    assert len(POOL) == 111


@pytest.mark.parametrize("name", POOL.names())
def test_every_starter_card_compiles(name):
    result = compiled(name)
    assert result.ok, f"{name}: unsupported {result.unsupported}"
    assert result.name == name


GOLDEN = {
    # lands
    "Plains": (tap_add("W"),),
    "Forest": (tap_add("G"),),
    "Evolving Wilds": (
        ActivatedAbility(Cost(tap=True, sacrifice_self=True), (),
                         (SearchLibrary(You(), BASIC_LAND_IN_LIBRARY, tapped=True),)),),
    "Windbrisk Heights": (
        Keyword("hideaway", 4),
        StaticAbility(EntersTapped()),
        tap_add("W"),
        ActivatedAbility(Cost(mana="{W}", tap=True), (),
                         (Conditional("attacked_with_3", (Optional_((PlayLinkedFree(),)),)),)),
    ),
    # creatures
    "Grizzly Bears": (),
    "Isamaru, Hound of Konda": (),
    "White Knight": (Keyword("first strike"), Keyword("protection", "B")),
    "Vampire Nighthawk": (Keyword("flying"), Keyword("deathtouch"), Keyword("lifelink")),
    "Birds of Paradise": (
        Keyword("flying"),
        ActivatedAbility(Cost(tap=True), (), (AddMana(any_color=True),), mana_ability=True)),
    "Drudge Skeletons": (ActivatedAbility(Cost(mana="{B}"), (), (Regenerate(This()),)),),
    "Goblin Guide": (
        Keyword("haste"),
        TriggeredAbility(Trigger("attacks", This()), (),
                         (RevealTopPutIfType(DefendingPlayer(), ("land",)),))),
    "Flametongue Kavu": (enters([T("object", CREATURE)], [DealDamage(4, Target(0))]),),
    "Gravedigger": (
        enters([T("object", F(types=("creature",), controller="you", zone="graveyard"))],
               [Optional_((ReturnToHand(Target(0)),))]),),
    "Flickerwisp": (
        Keyword("flying"),
        enters([T("object", F(types=("permanent",), other=True))],
               [ExileObjects(Target(0)),
                DelayedTrigger("next_end_step",
                               (ReturnToBattlefield(Chosen("exiled"), under="owner"),))])),
    "Banisher Priest": (
        enters([T("object", F(types=("creature",), controller="opponent"))],
               [ExileObjects(Target(0), until_leaves=True)]),),
    "Fiend Hunter": (
        enters([T("object", F(types=("creature",), other=True))],
               [Optional_((ExileObjects(Target(0), linked=True),))]),
        TriggeredAbility(Trigger("leaves", This()), (), (ReturnToBattlefield(LinkedExiled()),))),
    "Mogg Fanatic": (
        ActivatedAbility(Cost(sacrifice_self=True), (T("any"),), (DealDamage(1, Target(0)),)),),
    "Prodigal Sorcerer": (
        ActivatedAbility(Cost(tap=True), (T("any"),), (DealDamage(1, Target(0)),)),),
    "Grim Lavamancer": (
        ActivatedAbility(Cost(mana="{R}", tap=True, exile_from_graveyard=2), (T("any"),),
                         (DealDamage(2, Target(0)),)),),
    "Goblin King": (
        StaticAbility(Anthem(All(F(subtypes=("Goblin",), other=True)), 1, 1,
                             keywords=("mountainwalk",))),),
    "Sakura-Tribe Elder": (
        ActivatedAbility(Cost(sacrifice_self=True), (),
                         (SearchLibrary(You(), BASIC_LAND_IN_LIBRARY, tapped=True),)),),
    "Zulaport Cutthroat": (
        TriggeredAbility(Trigger("dies", F(types=("creature",), controller="you"),
                                 include_self=True), (),
                         (LoseLife(EachOpponent(), 1), GainLife(You(), 1))),),
    "Doomed Traveler": (
        TriggeredAbility(Trigger("dies", This()), (), (CreateToken(TokenSpec(
            "Spirit Token", 1, 1, ("W",), ("Creature",), ("Spirit",), ("flying",))),)),),
    "Thragtusk": (
        enters([], [GainLife(You(), 5)]),
        TriggeredAbility(Trigger("leaves", This()), (), (CreateToken(TokenSpec(
            "Beast Token", 3, 3, ("G",), ("Creature",), ("Beast",))),))),
    "Solemn Simulacrum": (
        enters([], [Optional_((SearchLibrary(You(), BASIC_LAND_IN_LIBRARY, tapped=True),))]),
        TriggeredAbility(Trigger("dies", This()), (), (Optional_((Draw(You(), 1),)),))),
    "Kitchen Finks": (enters([], [GainLife(You(), 2)]), Keyword("persist")),
    "Ajani's Pridemate": (
        TriggeredAbility(Trigger("gain_life", whose="you"), (), (PutCounters(This(), "+1/+1", 1),)),),
    "Kavu Titan": (
        Keyword("kicker", "{2}{G}"),
        StaticAbility(EntersWithCounters("+1/+1", 3, condition="kicked", keywords=("trample",)))),
    "Gatekeeper of Malakir": (
        Keyword("kicker", "{B}"),
        enters([T("player")], [Sacrifice(Target(0), CREATURE)], condition="kicked")),
    "Bottle Gnomes": (ActivatedAbility(Cost(sacrifice_self=True), (), (GainLife(You(), 3),)),),
    "Wall of Omens": (Keyword("defender"), enters([], [Draw(You(), 1)])),
    # instants and sorceries
    "Lightning Bolt": (SpellAbility((T("any"),), (DealDamage(3, Target(0)),)),),
    "Lightning Helix": (
        SpellAbility((T("any"),), (DealDamage(3, Target(0)), GainLife(You(), 3))),),
    "Giant Growth": (SpellAbility((T("object", CREATURE),), (ModifyPT(Target(0), 3, 3),)),),
    "Counterspell": (SpellAbility((T("spell"),), (CounterSpell(Target(0)),)),),
    "Essence Scatter": (
        SpellAbility((T("spell", F(types=("creature",), zone="stack")),), (CounterSpell(Target(0)),)),),
    "Mana Leak": (SpellAbility((T("spell"),), (CounterSpell(Target(0), unless_pays="{3}"),)),),
    "Doom Blade": (
        SpellAbility((T("object", F(types=("creature",), not_colors=("B",))),), (Destroy(Target(0)),)),),
    "Naturalize": (
        SpellAbility((T("object", F(types=("artifact", "enchantment"))),), (Destroy(Target(0)),)),),
    "Swords to Plowshares": (
        SpellAbility((T("object", CREATURE),),
                     (ExileObjects(Target(0)), GainLife(ControllerOf(Target(0)), PowerOf(Target(0))))),),
    "Path to Exile": (
        SpellAbility((T("object", CREATURE),), (
            ExileObjects(Target(0)),
            Optional_((SearchLibrary(ControllerOf(Target(0)), BASIC_LAND_IN_LIBRARY,
                                     dest="battlefield", tapped=True),),
                      who=ControllerOf(Target(0))))),),
    "Wrath of God": (SpellAbility((), (Destroy(All(CREATURE), no_regenerate=True),)),),
    "Day of Judgment": (SpellAbility((), (Destroy(All(CREATURE)),)),),
    "Opt": (SpellAbility((), (Scry(1), Draw(You(), 1))),),
    "Preordain": (SpellAbility((), (Scry(2), Draw(You(), 1))),),
    "Brainstorm": (SpellAbility((), (Draw(You(), 3), PutFromHandOnTop(2))),),
    "Ponder": (
        SpellAbility((), (LookAtTopReorder(3), Optional_((Shuffle(You()),)), Draw(You(), 1))),),
    "Fireball": (
        CostIncrease("{1}"),
        SpellAbility((T("any", count_min=1, count_max=None, divided=True, evenly=True),),
                     (DealDamage(X(), Target(0)),))),
    "Stroke of Genius": (SpellAbility((T("player"),), (Draw(Target(0), X()),)),),
    "Mind Rot": (SpellAbility((T("player"),), (Discard(Target(0), 2),)),),
    "Duress": (
        SpellAbility((T("opponent"),), (
            RevealHand(Target(0)),
            Discard(Target(0), 1, chooser="you",
                    filter=F(not_types=("creature", "land"), zone="hand")))),),
    "Sign in Blood": (SpellAbility((T("player"),), (Draw(Target(0), 2), LoseLife(Target(0), 2))),),
    "Regrowth": (
        SpellAbility((T("object", F(types=("card",), controller="you", zone="graveyard")),),
                     (ReturnToHand(Target(0)),)),),
    "Raise Dead": (
        SpellAbility((T("object", F(types=("creature",), controller="you", zone="graveyard")),),
                     (ReturnToHand(Target(0)),)),),
    "Pyroclasm": (SpellAbility((), (DealDamage(2, All(CREATURE)),)),),
    "Cloudshift": (
        SpellAbility((T("object", F(types=("creature",), controller="you")),), (Flicker(Target(0)),)),),
    "Magma Jet": (SpellAbility((T("any"),), (DealDamage(2, Target(0)), Scry(2))),),
    "Capsize": (
        Keyword("buyback", "{3}"),
        SpellAbility((T("object", F(types=("permanent",))),), (ReturnToHand(Target(0)),))),
    "Force of Will": (
        AlternativeCost(Cost(life=1, exile_from_hand=F(colors=("U",), zone="hand"))),
        SpellAbility((T("spell"),), (CounterSpell(Target(0)),))),
    "Gitaxian Probe": (
        SpellAbility((T("player"),), (RevealHand(Target(0), look_only=True), Draw(You(), 1))),),
    "Wheel of Fortune": (
        SpellAbility((), (Discard(EachPlayer(), whole_hand=True), Draw(EachPlayer(), 7))),),
    "Time Walk": (SpellAbility((), (ExtraTurn(You()),)),),
    # artifacts
    "Sol Ring": (tap_add("CC"),),
    "Mind Stone": (
        tap_add("C"),
        ActivatedAbility(Cost(mana="{1}", tap=True, sacrifice_self=True), (), (Draw(You(), 1),))),
    "Icy Manipulator": (
        ActivatedAbility(Cost(mana="{1}", tap=True),
                         (T("object", F(types=("artifact", "creature", "land"))),),
                         (TapObjects(Target(0)),)),),
    "Howling Mine": (
        TriggeredAbility(Trigger("draw_step", whose="each"), (), (Draw(TriggerPlayer(), 1),),
                         condition="this_untapped"),),
    "Millstone": (
        ActivatedAbility(Cost(mana="{2}", tap=True), (T("player"),), (Mill(Target(0), 2),)),),
    "Elixir of Immortality": (
        ActivatedAbility(Cost(mana="{2}", tap=True), (),
                         (GainLife(You(), 5), ShuffleGraveyardIntoLibrary(You(), include_self=True))),),
    "Feldon's Cane": (
        ActivatedAbility(Cost(tap=True, exile_self=True), (), (ShuffleGraveyardIntoLibrary(You()),)),),
    "Relic of Progenitus": (
        ActivatedAbility(Cost(tap=True), (T("player"),), (ExileFromGraveyard(Target(0)),)),
        ActivatedAbility(Cost(mana="{1}", exile_self=True), (),
                         (ExileAllGraveyards(), Draw(You(), 1)))),
    "Everflowing Chalice": (
        Keyword("multikicker", "{2}"),
        StaticAbility(EntersWithCounters("charge", TimesKicked())),
        ActivatedAbility(Cost(tap=True), (), (AddMana("C", amount=CountersOn(This(), "charge")),),
                         mana_ability=True)),
    "Bonesplitter": (StaticAbility(Anthem(Equipped(), 2, 0)), Keyword("equip", "{1}")),
    # enchantments
    "Glorious Anthem": (StaticAbility(Anthem(All(F(types=("creature",), controller="you")), 1, 1)),),
    "Holy Strength": (Keyword("enchant", CREATURE), StaticAbility(Anthem(Enchanted(), 1, 2))),
    "Pacifism": (Keyword("enchant", CREATURE), StaticAbility(CantAttackOrBlock(Enchanted()))),
    "Rancor": (
        Keyword("enchant", CREATURE),
        StaticAbility(Anthem(Enchanted(), 2, 0, ("trample",))),
        TriggeredAbility(Trigger("to_graveyard", This()), (), (ReturnToHand(This()),))),
    "Oblivion Ring": (
        enters([T("object", F(types=("permanent",), not_types=("land",), other=True))],
               [ExileObjects(Target(0), linked=True)]),
        TriggeredAbility(Trigger("leaves", This()), (), (ReturnToBattlefield(LinkedExiled()),))),
    "Journey to Nowhere": (
        enters([T("object", CREATURE)], [ExileObjects(Target(0), linked=True)]),
        TriggeredAbility(Trigger("leaves", This()), (), (ReturnToBattlefield(LinkedExiled()),))),
    "Phyrexian Arena": (
        TriggeredAbility(Trigger("upkeep", whose="you"), (), (Draw(You(), 1), LoseLife(You(), 1))),),
    "Sanguine Bond": (
        TriggeredAbility(Trigger("gain_life", whose="you"), (T("opponent"),),
                         (LoseLife(Target(0), TriggerAmount()),)),),
    "Exquisite Blood": (
        TriggeredAbility(Trigger("lose_life", whose="opponent"), (),
                         (GainLife(You(), TriggerAmount()),)),),
    # planeswalkers
    "Jace Beleren": (
        ActivatedAbility(Cost(loyalty=2), (), (Draw(EachPlayer(), 1),), sorcery_speed=True),
        ActivatedAbility(Cost(loyalty=-1), (T("player"),), (Draw(Target(0), 1),), sorcery_speed=True),
        ActivatedAbility(Cost(loyalty=-10), (T("player"),), (Mill(Target(0), 20),), sorcery_speed=True),
    ),
    "Garruk Wildspeaker": (
        ActivatedAbility(Cost(loyalty=1), (T("object", F(types=("land",)), count_min=2, count_max=2),),
                         (UntapObjects(Target(0)),), sorcery_speed=True),
        ActivatedAbility(Cost(loyalty=-1), (), (CreateToken(TokenSpec(
            "Beast Token", 3, 3, ("G",), ("Creature",), ("Beast",))),), sorcery_speed=True),
        ActivatedAbility(Cost(loyalty=-4), (),
                         (ModifyPT(All(F(types=("creature",), controller="you")), 3, 3, ("trample",)),),
                         sorcery_speed=True),
    ),
}


def test_golden_covers_the_tricky_cards():
    tricky = {"Fireball", "Force of Will", "Path to Exile", "Swords to Plowshares", "Oblivion Ring",
              "Fiend Hunter", "Flickerwisp", "Windbrisk Heights", "Everflowing Chalice",
              "Kavu Titan", "Gatekeeper of Malakir", "Zulaport Cutthroat", "Howling Mine",
              "Goblin King", "Rancor", "Garruk Wildspeaker", "Jace Beleren", "Duress", "Ponder",
              "Brainstorm", "Relic of Progenitus", "Elixir of Immortality", "Goblin Guide",
              "Banisher Priest", "Sanguine Bond"}
    assert tricky <= set(GOLDEN)
    assert len(GOLDEN) >= 25


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_ir(name):
    assert abilities(name) == GOLDEN[name]


def test_basic_land_types_give_intrinsic_mana_abilities():
    for name, mana in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                       ("Forest", "G")):
        assert abilities(name) == (tap_add(mana),)
    # a nonbasic land with two basic land types gets both (CR 305.6)
    dual = compile_text("Tundra", "({T}: Add {W} or {U}.)", ("Land",), ("Plains", "Island"))
    assert dual.ok and dual.abilities == (tap_add("W"), tap_add("U"))


def test_equip_counts_in_printed_order_with_other_abilities():
    kinds = [type(a).__name__ for a in abilities("Bonesplitter")]
    assert kinds == ["StaticAbility", "Keyword"]
    kinds = [type(a).__name__ for a in abilities("Mind Stone")]
    assert kinds == ["ActivatedAbility", "ActivatedAbility"]


def test_compile_card_is_cached():
    card = POOL.get("Lightning Bolt")
    assert compile_card(card) is compile_card(card)


# ---------------------------------------------------------------------------------------------
# The same cards in 2022 Oracle wording ("enters the battlefield", card names) when the shared
# card data is present.


def _old_wording():
    path = SHARED_DATA / "AtomicCards-dev-2022.json.xz"
    if not path.exists():
        pytest.skip(f"shared card data not found: {path}")
    with lzma.open(path) as fh:
        return json.load(fh)["data"]


def test_2022_wording_compiles_to_the_same_ir():
    data = _old_wording()
    differing = []
    for card in POOL:
        faces = data.get(card.name)
        assert faces, card.name
        face = faces[0]
        old = compile_text(card.name, face.get("text", ""), face.get("types", ()),
                           face.get("subtypes", ()))
        assert old.ok, (card.name, old.unsupported)
        if old.abilities != compiled(card.name).abilities:
            differing.append(card.name)
    assert differing == []
