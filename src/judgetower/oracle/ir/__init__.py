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
    PlayerCount, Product, WhereX, PartySize, ANY_NUMBER, ColorsSpent,
)
from .filters import (  # noqa: F401
    ZONES, Filter, TargetSpec,
)
from .costs import (  # noqa: F401
    Cost, CreatureDiedCondition, AddCommanderMana, KeepMana,
    CountersRemoved, IfActivatedTimes, ActivationSelfCondition, AttackedThisTurnCondition,
    ManaTrigger,
)
from .conditions import (  # noqa: F401
    Conditional, CountCondition, LifeCondition, YourTurnCondition, IsCondition, AsLongAs, CastMainPhaseCondition,
    PermanentLeftCondition, EntersChoice, CardTypesCondition, Devotion, AttachedToCondition,
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
    ExileTopOfLibrary, CastOnlyRestriction, Monstrosity, RevealTopToHand, AttachSelfTo, AttachedCount,
    DiedCard, EnchantedPlayer, Bolster, Adapt, GetEnergy, PayEnergy,
    ExileSelfWithTime, MayPlayExiled, Transform, Flip,
    ReturnTransformed, OnceEachTurnTrigger, CityBlessingCondition, SearchNamed,
    ModifyPTWhileTapped, DoesntUntapWhileTapped, GainControlWhileTapped, FullPartyCondition,
    SoulbondTrigger, SoulbondPair, SearchLibraryReveal, RevealUntil, LookTopPutOnto,
    ShuffleGraveyardCardsIntoLibrary, SearchLibraryAndGraveyard, LookTopSplitGraveyard,
    BlockRequirement, LureThisTurn, AttackRequirement, InCombatCondition, GetPoison,
    RemoveFromCombat, IgnoreDefender, BlockersBeyondFirst,
    OpponentsAttacked, SwitchPT, SetColor, CreatureTypeChoice,
    ProtectionChoice, LoseKeywords, AnimateReplace, ChangeTarget,
    WardCounter, SetBasePT, BecomeColoredType, SkipYourNextUntap,
    SkipNextTurn, StateTrigger, SacrificeUnless, AdditionalLands, DelayedSacrifice,
    SacrificeThose, CumulativeCost, PutOnTopOfLibrary, ExileGraveyard,
    PutChosenOnTop, DiscardHandDraw, ShuffleHandGraveyard, Learn,
    ChooseFromHandExile, ExileToOwnersGraveyard, TopCardLookedAt, LookTop,
    HandToBottom, Clash, PutNthFromTop, Fabricate, Amass, Populate,
    Explore, Connive, ExtortDrain, Detain, Goad, ReconfigureAttach,
    ReconfigureUnattach, RemoveCountersAtEndOfCombat, Champion, PutItsCounters,
)
from .statics import (  # noqa: F401
    DoesntUntap, Anthem, DefinePT, CantAttackOrBlock, EntersTapped, EntersWithCounters,
    EntersTappedUnless, CombatRule, RestrictThisTurn, CantBeCountered, GrantAbilities,
    CostModifier, SelfCombatRestriction, SkipStep, StatusKeywords, ControlEnchanted,
    ActivationBan, LevelBand, ExileInstead, EntersAsCopy, MayNotUntap, PairedBonus,
    PlayerKeyword, EveryCreatureType, StaticBasePT, ProtectionChosen,
    StaticAddTypes, OthersEnterTapped, SpellLimit, EnteringNoTriggers,
    NoMaxHandSize, ShuffleInstead, TopCardVisible,
)
from .abilities import (  # noqa: F401
    Keyword, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility, AlternativeCost,
    CostIncrease, Modal, AdditionalCost, CompiledCard, ExertAbility, SelfCostReduction,
    SelfCostReductionIf,
)
from .replacement import (  # noqa: F401
    CounterAndExile, ExileIfDies, DamagedExileIfDies, AllExileIfDies,
    IfKickedInstead, DrainLife, ToughnessOf, LifeFloor, LifeGainReplacement, RedirectNext,
    DoubleTokens, SacrificedStat, StaticPrevent, CounterUnlessPaysPer,
    PreventThen, ExileIfDamagedBySelf, PreventNextFromChosen, SelfDieExile,
    DamageMod, PreventSomeToYou, NoPreventionThisTurn, Unpreventable,
)

#: Object references (CR 109, 115).
Ref = Union[
    This, Target, You, EachPlayer, EachOpponent, ControllerOf, OwnerOf, Enchanted, Equipped,
    LinkedExiled, TriggerObject, TriggerPlayer, DefendingPlayer, Chosen, All,
]

#: Amounts (CR 107).
Amount = Union[
    int, X, PowerOf, CountersOn, TriggerAmount, TimesKicked, CountOf, HandSize, Product, WhereX,
    PlayerCount, ManaValueOf, StatOf, PartySize, ToughnessOf, SacrificedStat, ColorsSpent,
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
    ExileTopOfLibrary, Monstrosity, RevealTopToHand, AttachSelfTo, Bolster, Adapt,
    GetEnergy, PayEnergy, Transform, Flip, ReturnTransformed,
    SearchNamed, ModifyPTWhileTapped, DoesntUntapWhileTapped, GainControlWhileTapped,
    SoulbondPair, SearchLibraryReveal, RevealUntil, LookTopPutOnto, ShuffleGraveyardCardsIntoLibrary,
    SearchLibraryAndGraveyard, LookTopSplitGraveyard, BlockRequirement,
    LureThisTurn, AttackRequirement, GetPoison, RemoveFromCombat, IgnoreDefender,
    BecomeColoredType, SetBasePT, WardCounter, ChangeTarget,
    AnimateReplace, SwitchPT, SetColor, CreatureTypeChoice,
    ProtectionChoice, LoseKeywords, SkipYourNextUntap, SkipNextTurn,
    SacrificeUnless, AdditionalLands, DelayedSacrifice, SacrificeThose,
    CounterAndExile, ExileIfDies, DamagedExileIfDies, AllExileIfDies,
    IfKickedInstead, DrainLife, RedirectNext, CounterUnlessPaysPer, PreventThen,
    PreventNextFromChosen, NoPreventionThisTurn, Unpreventable,
    PutOnTopOfLibrary, ExileGraveyard, DiscardHandDraw,
    ShuffleHandGraveyard, Learn, ChooseFromHandExile,
    ExileToOwnersGraveyard, LookTop, HandToBottom, PutChosenOnTop,
    Clash, PutNthFromTop, Detain, Goad, ReconfigureAttach,
    ReconfigureUnattach, RemoveCountersAtEndOfCombat, Champion, PutItsCounters,
    Fabricate, Amass, Populate, Explore, Connive, ExtortDrain,
]

#: The effect of a static ability (CR 604).
StaticEffect = Union[
    Anthem, CantAttackOrBlock, EntersTapped, EntersWithCounters, EntersTappedUnless,
    DoesntUntap, GrantAbilities, CostModifier, SelfCombatRestriction, SkipStep,
    StatusKeywords, ControlEnchanted, ActivationBan, LevelBand, ExileInstead,
    EntersAsCopy, MayNotUntap, PairedBonus, StaticAddTypes, PlayerKeyword,
    EveryCreatureType, StaticBasePT, ProtectionChosen, OthersEnterTapped,
    AdditionalLands, SpellLimit, EnteringNoTriggers, LifeFloor, LifeGainReplacement,
    DoubleTokens, StaticPrevent, ExileIfDamagedBySelf, SelfDieExile,
    DamageMod, PreventSomeToYou, NoMaxHandSize, ShuffleInstead,
    TopCardVisible,
]

#: An ability (CR 113).
Ability = Union[
    AdditionalCost, Keyword, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility,
    AlternativeCost, CostIncrease, Modal, ExertAbility, SelfCostReduction,
    SelfCostReductionIf,
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
