"""Ability IR: what the Oracle compiler produces and the engine interprets (DESIGN.md principle 4).

Every node is a small frozen dataclass, so compiled cards are hashable values that can be
compared in tests and printed readably. The engine never looks at Oracle text; it only sees
these nodes. A card whose text does not compile to these nodes is refused (``CompiledCard.ok``
is false), never played with part of its text dropped.

Vocabulary
----------
* Object references (``Ref``) say *which* objects or players an effect touches.
* ``Filter`` describes a set of objects (cards, permanents, spells) by characteristics.
* ``TargetSpec`` is one "target ..." phrase of an ability (CR 115); effects point at it by
  its index with ``Target(i)``.
* Effects are instructions carried out in order when a spell or ability resolves (CR 608.2c).
* Abilities (CR 113): ``Keyword``, ``SpellAbility``, ``ActivatedAbility``, ``TriggeredAbility``,
  ``StaticAbility``, plus cost-changing abilities of spells (``AlternativeCost``, ``CostIncrease``).

The nodes live in one module per section (``references``, ``amounts``, ``filters``, ``costs``,
``conditions``, ``triggers``, ``effects``, ``statics``, ``abilities``, ``replacement``); this
package re-exports every name, so ``ir.Draw`` and ``from judgetower.oracle.ir import Draw`` work
as before. The unions below (``Ref``, ``Amount``, ``Effect``, ``StaticEffect``, ``Ability``) and
the vocabularies (``TRIGGER_EVENTS``, ``CONDITIONS``, ``COMBAT_RULES``) list their members in the
order the single ``ir.py`` built them. ``KEYWORDS`` comes from the one keyword table,
``ir/keywords.py`` (name -> argument, CR, family), in the same order.
"""

from __future__ import annotations

from typing import Union

from .keywords import KEYWORD_INFO, KEYWORD_TABLE, KEYWORDS, KeywordInfo  # noqa: F401  (ONE table, CR 702)
from .references import (  # noqa: F401
    This, Target, You, EachPlayer, EachOpponent, ControllerOf, OwnerOf, Enchanted, Equipped,
    LinkedExiled, TriggerObject, TriggerPlayer, DefendingPlayer, Chosen, All,
)
from .amounts import (  # noqa: F401
    X, PowerOf, CountersOn, TriggerAmount, TimesKicked, CountOf, HandSize, ManaValueOf, StatOf,
    PlayerCount, Product, WhereX, TfPartySize, ANY_NUMBER, TcColorsSpent,
)
from .filters import (  # noqa: F401
    ZONES, Filter, TargetSpec,
)
from .costs import (  # noqa: F401
    Cost, ActcostCondCreatureDied, ActcostAddCommanderMana, ActcostKeepMana,
    ActcostCountersRemoved, ActcostIfActivated, ActcostCondSelf, ActcostCondAttackedThisTurn,
    ActcostManaTrigger,
)
from .conditions import (  # noqa: F401
    Conditional, CondCount, CondLife, CondYourTurn, CondIs, AsLongAs, CondCastMainPhase,
    CondPermanentLeft, EntersChoice, CondCardTypes, Devotion, CondAttachedTo,
)
from .triggers import (  # noqa: F401
    Trigger,
)
from .effects import (  # noqa: F401
    DealDamage, Destroy, ExileObjects, ReturnToHand, ReturnToBattlefield, CounterSpell, Draw,
    Discard, RevealHand, Mill, Scry, LookAtTopReorder, PutFromHandOnTop, GainLife, LoseLife,
    ModifyPT, PutCounters, TokenSpec, CreateToken, SearchLibrary, Shuffle, Sacrifice,
    TapObjects, UntapObjects, ExtraTurn, Regenerate, AddMana, ReturnChosenToHand,
    BecomeCreature, RevealTopPutIfType, ExileFromGraveyard, ExileAllGraveyards,
    ShuffleGraveyardIntoLibrary, PlayLinkedFree, Optional_, DelayedTrigger, Flicker,
    SacrificeUnlessPay, IfYouDo, PutOnLibrary, PreventDamage, PreventAllDamage, Fight,
    SkipNextUntap, GainControl, LookTopPutOne, PayMana, CopySpell, PutFromHand, SacrificeThis,
    CreateTokenCopy, ReturnSelfFromGraveyard, ShuffleIntoLibrary, Proliferate, Surveil,
    ExileTopOfLibrary, KwcCastOnly, Monstrosity, RevealTopToHand, AttachSelfTo, AttachedCount,
    DiedCard, EnchantedPlayer, C2Bolster, C2Adapt, C2GetEnergy, C2PayEnergy,
    ExilecastExileSelfWithTime, ExilecastMayPlay, Faces2Transform, Faces2Flip,
    Faces2ReturnTransformed, TfOnceEachTurnTrigger, TfCondCityBlessing, TfSearchNamed,
    TfModifyPTWhileTapped, TfDoesntUntapWhileTapped, TfGainControlWhileTapped, TfCondFullParty,
    TfSoulbondTrigger, TfPair, Lib2SearchLibrary, Lib2RevealUntil, Lib2LookTopPutOnto,
    Lib2ShuffleIntoLibrary, Lib2SearchLibraryAndGraveyard, Lib2LookTopSplitGraveyard,
    Cb2BlockRequirement, Cb2LureThisTurn, Cb2AttackRequirement, Cb2CondInCombat, Cb2Poison,
    Cb2RemoveFromCombat, Cb2IgnoreDefender, Combat2BlockersBeyondFirst,
    Combat2OpponentsAttacked, CharsSwitchPT, CharsSetColor, CharsCreatureTypeChoice,
    CharsProtectionChoice, CharsLoseKeywords, CharsAnimateReplace, CharsChangeTarget,
    CharsWardCounter, CharsSetBasePT, CharsBecomeColoredType, TsSkipYourNextUntap,
    TsSkipNextTurn, TsStateTrigger, TsSacrificeUnless, TsAdditionalLands, TsDelayedSacrifice,
    TsSacrificeThose, TsCumulativeCost, Zones4PutOnTopOfLibrary, Zones4ExileGraveyard,
    Zones4PutChosenOnTop, Zones4DiscardHandDraw, Zones4ShuffleHandGraveyard, Zones4Learn,
    Zones4ChooseFromHandExile, Zones4ExileToOwnersGraveyard, Zones4NoObject, Zones4LookTop,
    Zones4HandToBottom, Zones4Clash, Zones4PutNthFromTop, TcFabricate, TcAmass, TcPopulate,
    TcExplore, TcConnive, TcExtortDrain, TcDetain, TcGoad, TcReconfigureAttach,
    TcReconfigureUnattach, TcRemoveCountersAtEndOfCombat, TcChampion, TcPutItsCounters,
)
from .statics import (  # noqa: F401
    DoesntUntap, Anthem, DefinePT, CantAttackOrBlock, EntersTapped, EntersWithCounters,
    EntersTappedUnless, CombatRule, RestrictThisTurn, CantBeCountered, GrantAbilities,
    CostModifier, SelfCombatRestriction, SkipStep, Kw2StatusKeywords, ControlEnchanted,
    ActivationBan, C2LevelBand, Faces2ExileInstead, EntersAsCopy, TfMayNotUntap, TfPairedBonus,
    CharsPlayerKeyword, CharsEveryCreatureType, CharsStaticBasePT, CharsProtectionChosen,
    CharsStaticAddTypes, TsOthersEnterTapped, TsSpellLimit, TsEnteringNoTriggers,
    Zones4NoMaxHandSize, Zones4ShuffleInstead, Zones4TopCardVisible,
)
from .abilities import (  # noqa: F401
    Keyword, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility, AlternativeCost,
    CostIncrease, Modal, AdditionalCost, CompiledCard, Kw2ExertAbility, SelfCostReduction,
    TfSelfCostReductionIf,
)
from .replacement import (  # noqa: F401
    ReplCounterExile, ReplExileIfDies, ReplDamagedExileIfDies, ReplAllExileIfDies,
    ReplIfKickedInstead, ReplDrain, ToughnessOf, ReplLifeFloor, ReplGainMore, ReplRedirectNext,
    ReplDoubleTokens, SacrificedStat, ReplStaticPrevent, ReplCounterUnlessPaysPer,
    ReplPreventThen, ReplExileIfDamagedBySelf, ReplPreventNextFromChosen, ReplSelfDieExile,
    ReplDamageMod, ReplPreventSomeToYou, ReplNoPreventionThisTurn, ReplUnpreventable,
)

#: Object references (CR 109, 115).
Ref = Union[
    This, Target, You, EachPlayer, EachOpponent, ControllerOf, OwnerOf, Enchanted, Equipped,
    LinkedExiled, TriggerObject, TriggerPlayer, DefendingPlayer, Chosen, All,
]

#: Amounts (CR 107).
Amount = Union[
    int, X, PowerOf, CountersOn, TriggerAmount, TimesKicked, CountOf, HandSize, Product, WhereX,
    PlayerCount, ManaValueOf, StatOf, TfPartySize, ToughnessOf, SacrificedStat, TcColorsSpent,
]

#: One instruction of a spell or ability (CR 608.2c).
Effect = Union[
    SacrificeUnlessPay, DealDamage, Destroy, ExileObjects, ReturnToHand, ReturnToBattlefield,
    CounterSpell, Draw, Discard, RevealHand, Mill, Scry, LookAtTopReorder, PutFromHandOnTop,
    GainLife, LoseLife, ModifyPT, PutCounters, CreateToken, SearchLibrary, Shuffle, Sacrifice,
    TapObjects, UntapObjects, ExtraTurn, Regenerate, AddMana, RevealTopPutIfType,
    ExileFromGraveyard, ExileAllGraveyards, ShuffleGraveyardIntoLibrary, PlayLinkedFree,
    Optional_, Conditional, DelayedTrigger, Flicker, ReturnChosenToHand, BecomeCreature,
    SacrificeThis, PutFromHand, CopySpell, IfYouDo, PutOnLibrary, PreventDamage,
    PreventAllDamage, Fight, SkipNextUntap, GainControl, LookTopPutOne, PayMana,
    CreateTokenCopy, Proliferate, ReturnSelfFromGraveyard, ShuffleIntoLibrary, Surveil,
    ExileTopOfLibrary, Monstrosity, RevealTopToHand, AttachSelfTo, C2Bolster, C2Adapt,
    C2GetEnergy, C2PayEnergy, Faces2Transform, Faces2Flip, Faces2ReturnTransformed,
    TfSearchNamed, TfModifyPTWhileTapped, TfDoesntUntapWhileTapped, TfGainControlWhileTapped,
    TfPair, Lib2SearchLibrary, Lib2RevealUntil, Lib2LookTopPutOnto, Lib2ShuffleIntoLibrary,
    Lib2SearchLibraryAndGraveyard, Lib2LookTopSplitGraveyard, Cb2BlockRequirement,
    Cb2LureThisTurn, Cb2AttackRequirement, Cb2Poison, Cb2RemoveFromCombat, Cb2IgnoreDefender,
    CharsBecomeColoredType, CharsSetBasePT, CharsWardCounter, CharsChangeTarget,
    CharsAnimateReplace, CharsSwitchPT, CharsSetColor, CharsCreatureTypeChoice,
    CharsProtectionChoice, CharsLoseKeywords, TsSkipYourNextUntap, TsSkipNextTurn,
    TsSacrificeUnless, TsAdditionalLands, TsDelayedSacrifice, TsSacrificeThose,
    ReplCounterExile, ReplExileIfDies, ReplDamagedExileIfDies, ReplAllExileIfDies,
    ReplIfKickedInstead, ReplDrain, ReplRedirectNext, ReplCounterUnlessPaysPer, ReplPreventThen,
    ReplPreventNextFromChosen, ReplNoPreventionThisTurn, ReplUnpreventable,
    Zones4PutOnTopOfLibrary, Zones4ExileGraveyard, Zones4DiscardHandDraw,
    Zones4ShuffleHandGraveyard, Zones4Learn, Zones4ChooseFromHandExile,
    Zones4ExileToOwnersGraveyard, Zones4LookTop, Zones4HandToBottom, Zones4PutChosenOnTop,
    Zones4Clash, Zones4PutNthFromTop, TcDetain, TcGoad, TcReconfigureAttach,
    TcReconfigureUnattach, TcRemoveCountersAtEndOfCombat, TcChampion, TcPutItsCounters,
    TcFabricate, TcAmass, TcPopulate, TcExplore, TcConnive, TcExtortDrain,
]

#: The effect of a static ability (CR 604).
StaticEffect = Union[
    Anthem, CantAttackOrBlock, EntersTapped, EntersWithCounters, EntersTappedUnless,
    DoesntUntap, GrantAbilities, CostModifier, SelfCombatRestriction, SkipStep,
    Kw2StatusKeywords, ControlEnchanted, ActivationBan, C2LevelBand, Faces2ExileInstead,
    EntersAsCopy, TfMayNotUntap, TfPairedBonus, CharsStaticAddTypes, CharsPlayerKeyword,
    CharsEveryCreatureType, CharsStaticBasePT, CharsProtectionChosen, TsOthersEnterTapped,
    TsAdditionalLands, TsSpellLimit, TsEnteringNoTriggers, ReplLifeFloor, ReplGainMore,
    ReplDoubleTokens, ReplStaticPrevent, ReplExileIfDamagedBySelf, ReplSelfDieExile,
    ReplDamageMod, ReplPreventSomeToYou, Zones4NoMaxHandSize, Zones4ShuffleInstead,
    Zones4TopCardVisible,
]

#: An ability (CR 113).
Ability = Union[
    AdditionalCost, Keyword, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility,
    AlternativeCost, CostIncrease, Modal, Kw2ExertAbility, SelfCostReduction,
    TfSelfCostReductionIf,
]

#: Trigger events (``Trigger.event``, CR 603).
TRIGGER_EVENTS = (
    'enters', 'dies', 'to_graveyard', 'leaves', 'attacks', 'upkeep', 'draw_step', 'end_step',
    'gain_life', 'lose_life', 'kws_blocks', 'kws_becomes_blocked', 'kws_blocks_or_blocked',
    'blocks', 'becomes_blocked', 'attacks_or_blocks', 'blocks_or_blocked', 'cast', 'cast_self',
    'deals_damage', 'draw', 'beginning_of_combat', 'precombat_main', 'dealt_damage',
    'attacks_unblocked', 'blocked_by', 'blocks_creature', 'discard', 'becomes_tapped',
    'becomes_untapped', 'attacks_with_two_others', 'you_attack', 'kw2_becomes_monstrous',
    'kw2_exploits', 'kw2_turned_face_up', 'c2_evolves', 'faces2_transforms',
    'chars_becomes_target_opp', 'tc_damaged_by_self_dies', 'tc_second_draw',
)

#: String conditions (``Conditional.condition``, intervening "if", CR 603.4, 608.2c).
CONDITIONS = (
    'kicked', 'this_untapped', 'attacked_with_3', 'echo_due', 'evoked', 'kw2_monstrous',
    'kw2_renowned', 'faces2_no_spells_last_turn', 'faces2_two_spells_last_turn',
)

#: Combat rules of an object (``CombatRule.rule``, CR 508.1c-d, 509.1b-c).
COMBAT_RULES = (
    'cant_be_blocked', 'attacks_each_combat', 'block_only_flying', 'tc_goaded',
)
