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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

# ---------------------------------------------------------------------------
# Object and player references
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class This:
    """The object the ability belongs to: "this creature", "this artifact", the card's own name,
    "it" in a self-referring sentence (CR 201.5)."""


@dataclass(frozen=True)
class Target:
    """The object or player chosen for the ability's ``index``-th ``TargetSpec`` (CR 115.1).
    Several targets of one spec (``count_max`` > 1) are all meant."""

    index: int = 0


@dataclass(frozen=True)
class You:
    """The controller of the spell or ability (CR 109.5)."""


@dataclass(frozen=True)
class EachPlayer:
    """Each player, in APNAP order (CR 101.4)."""


@dataclass(frozen=True)
class EachOpponent:
    """Each opponent of "you"."""


@dataclass(frozen=True)
class ControllerOf:
    """The controller of ``ref`` ("its controller", "that creature's controller")."""

    ref: "Ref"


@dataclass(frozen=True)
class OwnerOf:
    """The owner of ``ref`` ("its owner's hand")."""

    ref: "Ref"


@dataclass(frozen=True)
class Enchanted:
    """"enchanted creature"/"enchanted permanent": what the Aura with this ability is attached to."""


@dataclass(frozen=True)
class Equipped:
    """"equipped creature": what the Equipment with this ability is attached to."""


@dataclass(frozen=True)
class LinkedExiled:
    """"the exiled card", "that card" in the second of a pair of linked abilities (CR 607.2a):
    the cards exiled by the linked ability of this same object."""


@dataclass(frozen=True)
class TriggerObject:
    """"that creature", "it" in a triggered ability: the object the trigger event was about."""


@dataclass(frozen=True)
class TriggerPlayer:
    """"that player" in a triggered ability: the player the trigger event was about
    (e.g. whose draw step it is, who lost life)."""


@dataclass(frozen=True)
class DefendingPlayer:
    """"defending player" in an attack trigger (CR 506.2)."""


@dataclass(frozen=True)
class Chosen:
    """Objects chosen earlier by this same resolution (e.g. the card discarded, the land
    searched for, "the revealed card"); ``key`` names the choice made by the effect that set it."""

    key: str


@dataclass(frozen=True)
class All:
    """Every object matching ``filter`` ("each creature", "all creatures", "creatures you control")."""

    filter: "Filter"


Ref = Union[This, Target, You, EachPlayer, EachOpponent, ControllerOf, OwnerOf, Enchanted,
            Equipped, LinkedExiled, TriggerObject, TriggerPlayer, DefendingPlayer, Chosen, All]

# ---------------------------------------------------------------------------
# Amounts
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class X:
    """The value of X chosen while casting (CR 107.3)."""


@dataclass(frozen=True)
class PowerOf:
    """"equal to its power": the power of ``ref`` (last known information if it left, CR 608.2h)."""

    ref: Ref


@dataclass(frozen=True)
class CountersOn:
    """"for each charge counter on this artifact": number of ``kind`` counters on ``ref``."""

    ref: Ref
    kind: str


@dataclass(frozen=True)
class TriggerAmount:
    """"that much" in a triggered ability: the amount of the triggering event (life gained/lost,
    damage dealt)."""


@dataclass(frozen=True)
class TimesKicked:
    """"for each time it was kicked" (CR 702.33): how often the kicker/multikicker cost was paid."""


# --- amounts of the noun-phrase generalisation (filters helper) ---------------------------


@dataclass(frozen=True)
class CountOf:
    """"the number of creatures you control", "for each Goblin on the battlefield", "the number
    of creature cards in your graveyard": how many objects match ``filter`` now (CR 107.1,
    608.2h: counted as the effect resolves). Outside the battlefield, ``filter.controller``
    names whose zone is counted (CR 108.3: the owner's)."""

    filter: "Filter"


@dataclass(frozen=True)
class HandSize:
    """"the number of cards in that player's hand": the cards in the hand of the player(s)
    ``who`` names (summed if several)."""

    who: Ref


@dataclass(frozen=True)
class ManaValueOf:
    """"equal to its mana value": the mana value of ``ref`` (CR 202.3; last known information
    if it left, CR 608.2h)."""

    ref: Ref


@dataclass(frozen=True)
class StatOf:
    """"the greatest power among creatures you control" (``how`` "max"), "the total power of
    creatures you control" (``how`` "sum"): a statistic of the permanents matching ``filter``
    (``stat`` "power" | "toughness" | "mana_value"; 0 if there are none)."""

    filter: "Filter"
    stat: str
    how: str


@dataclass(frozen=True)
class PlayerCount:
    """"the number of opponents you have", "for each opponent you have": how many players
    ``who`` names (still in the game, CR 102.2)."""

    who: Ref


@dataclass(frozen=True)
class Product:
    """``factor`` times ``amount``: "2 damage for each creature" (Product(2, CountOf(...))),
    "twice X" (CR 107.1: a number times a count is still a whole number)."""

    factor: int
    amount: "Amount"


@dataclass(frozen=True)
class WhereX:
    """"..., where X is [amount]": X has one value in the whole sentence (CR 107.3), taken
    the first time an instruction needs it (CR 608.2h) and kept for the rest of the resolution."""

    amount: "Amount"


Amount = Union[int, X, PowerOf, CountersOn, TriggerAmount, TimesKicked, CountOf, HandSize, Product,
               WhereX, PlayerCount, ManaValueOf, StatOf]

# ---------------------------------------------------------------------------
# Filters and targets
# ---------------------------------------------------------------------------

#: Zones a Filter or TargetSpec may name (CR 400.1).
ZONES = ("battlefield", "stack", "hand", "graveyard", "library", "exile")


@dataclass(frozen=True)
class Filter:
    """A set of objects by characteristics. Empty tuples mean "any".

    ``types``: any of these card types (lower case: "creature", "artifact", "enchantment",
    "land", "planeswalker", "instant", "sorcery"); ``"permanent"`` means any permanent
    (CR 110.1) and ``"card"``/``"spell"`` anything in that zone.
    ``not_types``: none of these ("nonland", "noncreature").
    ``colors``: any of these colours ("W","U","B","R","G"); ``not_colors``: none of them.
    ``subtypes``: any of these subtypes ("Goblin", "Forest"); ``supertypes``: all of these
    ("Basic", "Legendary").
    ``controller``: "you" | "opponent" | None (anyone). For cards outside the battlefield and
    stack, the owner is meant (CR 108.3).
    ``other``: excludes the object with the ability ("another target permanent", "Other Goblins").
    ``zone``: where the objects are.
    ``token``: True only tokens, False only nontoken, None both.
    """

    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    controller: str | None = None
    other: bool = False
    zone: str = "battlefield"
    token: bool | None = None
    # --- noun-phrase generalisation (filters helper); defaults mean "any" ---
    #: "artifact creature": every one of these card types at once (CR 205.2a)
    all_types: tuple[str, ...] = ()
    #: "non-Spirit": none of these subtypes
    not_subtypes: tuple[str, ...] = ()
    #: "nonbasic", "nonlegendary": none of these supertypes (CR 205.4)
    not_supertypes: tuple[str, ...] = ()
    #: "tapped" True / "untapped" False (CR 110.5)
    tapped: bool | None = None
    #: any of "attacking", "blocking" (CR 506.4): "attacking or blocking creature"
    combat: tuple[str, ...] = ()
    #: "blocking ~" / "blocked by ~": any of "blocking_self", "blocked_by_self" (CR 509.1g)
    combat_self: tuple[str, ...] = ()
    #: "with flying": all of these keywords (stored form, e.g. "flying", "landwalk:Forest")
    with_keywords: tuple[str, ...] = ()
    #: "without flying": none of these keywords
    without_keywords: tuple[str, ...] = ()
    #: "with power 2 or less", "with mana value 3 or greater": (stat, op, value) triples,
    #: stat "power" | "toughness" | "mana_value", op "<=" | ">=" | "==", value an int or "X"
    #: (the X of the spell, CR 107.3)
    compare: tuple[tuple[str, str, object], ...] = ()
    #: "multicolored" True / "monocolored" False (CR 105.2b, 105.2c)
    multicolored: bool | None = None
    #: "colorless" True (CR 105.2c)
    colorless: bool | None = None
    #: "with a +1/+1 counter on it": at least one counter of each of these kinds ("*": any
    #: kind); ``without_counters``: none of them (CR 122.1)
    with_counters: tuple[str, ...] = ()
    without_counters: tuple[str, ...] = ()
    #: conds: "of the chosen color" / "of the chosen type": the colour or creature type chosen
    #: as the source entered (CR 614.12, EntersChoice): "color" | "creature_type"
    chosen: str | None = None
    #: combat2: "with power less than this creature's power" (mentor, CR 702.134a): compared
    #: with the source's power (last known information once it has left, CR 608.2h)
    cb2_power_lt_source: bool = False
    #: chars: "spell with a single target": a spell whose chosen targets are exactly one (CR 115.7)
    chars_single_target: bool = False


@dataclass(frozen=True)
class TargetSpec:
    """One "target ..." phrase (CR 115.1).

    ``kind``: "object" (matching ``filter``), "player", "opponent", "any" (creature, player,
    planeswalker or battle: CR 115.4), "spell" (an object on the stack matching ``filter``),
    "player_or_planeswalker" / "opponent_or_planeswalker" (a planeswalker or that player).
    ``count_min``/``count_max``: "target" is 1/1, "up to two target" is 0/2, "two target" 2/2,
    "any number of targets" 1/None (None = unbounded; CR 601.2c needs at least one when divided).
    ``divided``: an amount is divided among the targets (CR 601.2d); ``evenly`` when the text
    says "divided evenly, rounded down" (the split is then not chosen).
    """

    kind: str
    filter: Filter = field(default_factory=Filter)
    count_min: int = 1
    count_max: int | None = 1
    divided: bool = False
    evenly: bool = False
    #: "another target creature" after earlier targets: the objects chosen for these earlier
    #: specs (indexes) can't be chosen for this one (filters helper)
    distinct_from: tuple[int, ...] = ()
    #: zones4: "target cards from a single graveyard": every card chosen for this spec is in the
    #: same graveyard (CR 115.1, 601.2c; under Judge Tower there is one graveyard, JT-G5)
    zones4_single_graveyard: bool = False


# ---------------------------------------------------------------------------
# Costs (CR 118, 602.1)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Cost:
    """A cost: mana, tapping, sacrificing, paying life, exiling, loyalty.

    ``mana``: a mana cost string ("{1}{G}") or "" for none.
    ``tap``/``untap``: the {T}/{Q} symbol.
    ``sacrifice_self``: "Sacrifice this creature"; ``exile_self``: "Exile this artifact".
    ``sacrifice``: a Filter for "Sacrifice a creature" (None: no such cost).
    ``life``: "Pay N life".
    ``exile_from_graveyard``: "Exile two cards from your graveyard" (count, 0 = none).
    ``exile_from_hand``: a Filter for "exile a blue card from your hand" (None: none).
    ``loyalty``: a planeswalker's loyalty cost (+1, -1, 0; None: not a loyalty ability, CR 606).
    """

    mana: str = ""
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    exile_self: bool = False
    sacrifice: Filter | None = None
    life: int = 0
    exile_from_graveyard: int = 0
    exile_from_hand: Filter | None = None
    loyalty: int | None = None
    # -- kwcosts: discard costs (CR 118.3, 701.9) -------------------------------------------
    #: ``discard_self``: "Discard this card" (cycling, CR 702.29a); ``discard``: "Discard a
    #: card" / "Discard two cards" (N cards from the hand other than this one).
    discard_self: bool = False
    discard: int = 0
    #: "Remove N [kind] counters from this permanent" (manaab): (kind, N), or None
    remove_counters: tuple[str, int] | None = None
    #: kw2: crew N (CR 702.122a): "Tap any number of other untapped creatures you control with
    #: total power N or greater" (0: none)
    crew: int = 0
    #: kw2: ninjutsu (CR 702.49a): "Reveal this card from your hand, Return an unblocked
    #: attacking creature you control to its owner's hand"
    kw2_ninjutsu: bool = False
    #: counters2: "Pay {E}{E}": energy counters removed from the player (CR 107.14, 122.1)
    c2_energy: int = 0
    #: actcost: "Tap an untapped creature you control" / "Tap two untapped Elves you control":
    #: (filter, N) of permanents to tap (CR 118.3); "Discard a card at random" (CR 701.9a);
    #: "Put a -1/-1 counter on ~": (kind, N) (CR 122.1)
    actcost_tap: tuple | None = None
    actcost_discard_random: int = 0
    actcost_put_counters: tuple[str, int] | None = None
    #: actcost: "Remove any number of charge counters from ~": the counter kind (CR 118.3)
    actcost_remove_any: str | None = None


# ---------------------------------------------------------------------------
# Effects: one instruction each, carried out in order (CR 608.2c)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DealDamage:
    """"[source] deals N damage to [to]" (CR 120). ``source`` is This unless stated. With a
    divided TargetSpec, the amount is split among its targets (CR 601.2d)."""

    amount: Amount
    to: Ref
    source: Ref = This()


@dataclass(frozen=True)
class Destroy:
    """"Destroy [what]" (CR 701.8); ``no_regenerate``: "They can't be regenerated" (CR 701.19c)."""

    what: Ref
    no_regenerate: bool = False


@dataclass(frozen=True)
class ExileObjects:
    """"Exile [what]" (CR 701.13). ``linked``: the exiled cards are remembered by this object for
    its linked abilities (CR 607.2a). ``until_leaves``: "until this creature leaves the
    battlefield" (CR 610.3). ``face_down``: exiled face down (CR 406.3)."""

    what: Ref
    linked: bool = False
    until_leaves: bool = False
    face_down: bool = False


@dataclass(frozen=True)
class ReturnToHand:
    """"Return [what] to its owner's hand" (from the battlefield, or from a graveyard)."""

    what: Ref


@dataclass(frozen=True)
class ReturnToBattlefield:
    """"Return [what] to the battlefield under its owner's/your control" (``under``: "owner" |
    "you"); ``tapped`` if it enters tapped."""

    what: Ref
    under: str = "owner"
    tapped: bool = False


@dataclass(frozen=True)
class CounterSpell:
    """"Counter [what]" (CR 701.6); ``unless_pays``: "unless its controller pays {3}"."""

    what: Ref
    unless_pays: str = ""


@dataclass(frozen=True)
class Draw:
    """"[who] draws N cards" (CR 121)."""

    who: Ref
    amount: Amount = 1


@dataclass(frozen=True)
class Discard:
    """"[who] discards N cards" (CR 701.9). ``whole_hand``: "discards their hand".
    ``chooser``: "self" (the discarding player chooses) | "you" (after revealing, you choose:
    Duress) | "random". ``filter``: which cards may be chosen."""

    who: Ref
    amount: Amount = 1
    whole_hand: bool = False
    chooser: str = "self"
    filter: Filter = field(default_factory=lambda: Filter(zone="hand"))


@dataclass(frozen=True)
class RevealHand:
    """"[who] reveals their hand" / "look at [who]'s hand" (``look_only``: only "you" see it)."""

    who: Ref
    look_only: bool = False


@dataclass(frozen=True)
class Mill:
    """"[who] mills N cards" (CR 701.17)."""

    who: Ref
    amount: Amount


@dataclass(frozen=True)
class Scry:
    """"Scry N" (CR 701.22)."""

    amount: Amount


@dataclass(frozen=True)
class LookAtTopReorder:
    """"Look at the top N cards of your library, then put them back in any order" (Ponder)."""

    amount: Amount


@dataclass(frozen=True)
class PutFromHandOnTop:
    """"Put N cards from your hand on top of your library in any order" (Brainstorm)."""

    amount: Amount


@dataclass(frozen=True)
class GainLife:
    """"[who] gains N life" (CR 119.3)."""

    who: Ref
    amount: Amount


@dataclass(frozen=True)
class LoseLife:
    """"[who] loses N life" (CR 119.3)."""

    who: Ref
    amount: Amount


@dataclass(frozen=True)
class ModifyPT:
    """"[what] gets +P/+T [and gains KEYWORDS] until end of turn" (CR 611.2, layer 7c / 6)."""

    what: Ref
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    duration: str = "end_of_turn"
    #: "for each creature you control" / "+X/+X ..., where X is ...": power and toughness are
    #: multiplied by this amount, counted once as the effect resolves (CR 608.2h); None: once
    per: "Amount | None" = None


@dataclass(frozen=True)
class PutCounters:
    """"Put N [kind] counters on [what]" (CR 122). ``kind`` like "+1/+1", "charge", "loyalty"."""

    what: Ref
    kind: str
    amount: Amount = 1


@dataclass(frozen=True)
class TokenSpec:
    """A token's characteristics (CR 111.3): "a 1/1 white Spirit creature token with flying"."""

    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    # tokens helper: the token's other abilities (CR 111.3: its "text", compiled like a card's:
    # predefined tokens CR 111.10, quoted abilities), supertypes and mana value (copies, CR 707.2)
    abilities: tuple = ()
    supertypes: tuple[str, ...] = ()
    mana_value: int = 0


@dataclass(frozen=True)
class CreateToken:
    """"[who] creates N [token]" (CR 111.2, 701.7). ``tapped``: "create a tapped ... token"."""

    token: TokenSpec
    amount: Amount = 1
    who: Ref = You()
    tapped: bool = False
    # tokens helper: "create an X/X ... token": power and toughness each equal to this amount,
    # counted as the effect creates the token (CR 111.3, 107.3)
    pt: "Amount | None" = None


@dataclass(frozen=True)
class SearchLibrary:
    """"[who] searches their library for [filter] card(s), puts it onto the battlefield [tapped] /
    into their hand, then shuffles" (CR 701.23). ``dest``: "battlefield" | "hand".
    ``count``: how many may be found. The shuffle is part of this effect (``shuffle``)."""

    who: Ref
    filter: Filter
    dest: str = "battlefield"
    tapped: bool = False
    count: int = 1
    shuffle: bool = True


@dataclass(frozen=True)
class Shuffle:
    """"[who] shuffles" / "shuffle [cards] into their owner's library" (CR 701.24).
    ``cards``: a Ref for the cards to shuffle in first (None: only shuffle)."""

    who: Ref
    cards: Ref | None = None


@dataclass(frozen=True)
class Sacrifice:
    """"[who] sacrifices N [filter]" (CR 701.21); the sacrificing player chooses."""

    who: Ref
    filter: Filter
    amount: Amount = 1


@dataclass(frozen=True)
class TapObjects:
    """"Tap [what]" (CR 701.26)."""

    what: Ref


@dataclass(frozen=True)
class UntapObjects:
    """"Untap [what]" (CR 701.26)."""

    what: Ref


@dataclass(frozen=True)
class ExtraTurn:
    """"[who] takes an extra turn after this one" (CR 500.7)."""

    who: Ref = You()


@dataclass(frozen=True)
class Regenerate:
    """"Regenerate [what]" (CR 701.19): a regeneration shield."""

    what: Ref


@dataclass(frozen=True)
class AddMana:
    """"Add {G}" / "Add {C}{C}" / "Add one mana of any color" / "Add {C} for each ...".
    ``mana``: the symbols produced ("G", "CC"); ``any_color``: one mana of any colour per
    ``amount``; ``amount``: how many times ``mana`` is produced (CR 106)."""

    mana: str = ""
    any_color: bool = False
    amount: Amount = 1
    #: "Add {R} or {G}" (manaab): the player chooses one of these symbol strings ("R", "G";
    #: "WW", "WU", "UU" for a filter land) each time (CR 106.1b, 605.3b); ``mana`` is then "".
    options: tuple[str, ...] = ()
    #: "Add one mana of any color that a land an opponent controls could produce" (manaab):
    #: the permanents looked at (CR 106.7); ``like_type``: "any type" (colourless too)
    like: Filter | None = None
    like_type: bool = False
    #: conds: "Add one mana of the chosen color": the colour chosen as the source entered
    #: (CR 614.12, EntersChoice)
    chosen_color: bool = False


@dataclass(frozen=True)
class ReturnChosenToHand:
    """"Return a land you control to its owner's hand" (manaab; bounce lands): ``who`` chooses
    ``amount`` permanents matching ``filter`` as the effect happens (not a target, CR 115.10) and
    returns them to their owners' hands."""

    who: Ref
    filter: Filter
    amount: Amount = 1


@dataclass(frozen=True)
class BecomeCreature:
    """Man-lands (manaab): "Until end of turn, [what] becomes a P/T [colors] [subtypes] creature
    with [keywords]. It's still a land." Until end of turn: the types in ``types`` and the
    ``subtypes`` are added, prior types kept (CR 205.1b, layer 4, CR 613.1d); ``colors`` (None:
    unchanged) become its colours (layer 5, CR 613.1e); ``keywords`` are added (layer 6,
    CR 613.1f); its base power and toughness become ``power``/``toughness`` (layer 7b,
    CR 613.4b)."""

    what: Ref
    power: int
    toughness: int
    colors: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class RevealTopPutIfType:
    """Goblin Guide: "[who] reveals the top card of their library. If it's a [types] card,
    that player puts it into their hand.\""""

    who: Ref
    types: tuple[str, ...]


@dataclass(frozen=True)
class ExileFromGraveyard:
    """"[who] exiles a card from their graveyard" (the player chooses; Relic of Progenitus)."""

    who: Ref
    amount: Amount = 1


@dataclass(frozen=True)
class ExileAllGraveyards:
    """"Exile all graveyards"."""


@dataclass(frozen=True)
class ShuffleGraveyardIntoLibrary:
    """"shuffle your graveyard into your library" / "Shuffle this artifact and your graveyard into
    their owner's library" (``include_self``)."""

    who: Ref = You()
    include_self: bool = False


@dataclass(frozen=True)
class PlayLinkedFree:
    """Hideaway: "You may play the exiled card without paying its mana cost" (CR 702.75)."""


@dataclass(frozen=True)
class Optional_:
    """"You may [effect]" / "[who] may [effect]": the effects happen only if ``who`` chooses
    (CR 603.5 for triggers; JT-C1 makes the choice forced in Judge Tower)."""

    effects: tuple["Effect", ...]
    who: Ref = You()


@dataclass(frozen=True)
class Conditional:
    """"If [condition], [effects]". ``condition`` is one of CONDITIONS."""

    condition: str
    effects: tuple["Effect", ...]


#: Conditions the engine knows for ``Conditional``, ``TriggeredAbility.condition`` and
#: static abilities: "kicked" (CR 702.33d), "this_untapped" (Howling Mine), "attacked_with_3"
#: (Windbrisk Heights: you attacked with three or more creatures this turn).
CONDITIONS = ("kicked", "this_untapped", "attacked_with_3",
              # kwcosts: echo's "if this permanent came under your control since the beginning
              # of your last upkeep" (CR 702.30a)
              "echo_due",
              # kwcosts: evoke's "if its evoke cost was paid" (CR 702.74a)
              "evoked")


@dataclass(frozen=True)
class DelayedTrigger:
    """"At the beginning of the next end step, [effects]" (CR 603.7). ``when``: "next_end_step",
    or "next_upkeep" ("at the beginning of the next turn's upkeep").
    References inside ``effects`` to objects this resolution touched use ``Chosen``."""

    when: str
    effects: tuple["Effect", ...]


@dataclass(frozen=True)
class Flicker:
    """Cloudshift: "Exile [what], then return that card to the battlefield under your control"."""

    what: Ref
    under: str = "you"


# -- kwcosts effects ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SacrificeUnlessPay:
    """"Sacrifice [what] unless you pay [mana]" (CR 118.12a: "you may pay [mana]; if you don't,
    sacrifice [what]"); echo's effect (CR 702.30a). JT-C1: paid when able."""

    what: Ref
    mana: str


Effect = Union[SacrificeUnlessPay, DealDamage, Destroy, ExileObjects, ReturnToHand, ReturnToBattlefield, CounterSpell,
               Draw, Discard, RevealHand, Mill, Scry, LookAtTopReorder, PutFromHandOnTop, GainLife,
               LoseLife, ModifyPT, PutCounters, CreateToken, SearchLibrary, Shuffle, Sacrifice,
               TapObjects, UntapObjects, ExtraTurn, Regenerate, AddMana, RevealTopPutIfType,
               ExileFromGraveyard, ExileAllGraveyards, ShuffleGraveyardIntoLibrary,
               PlayLinkedFree, Optional_, Conditional, DelayedTrigger, Flicker, ReturnChosenToHand,
               BecomeCreature]


# ---------------------------------------------------------------------------
# More effects (branch "effects"): one block, appended to ``Effect`` below
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IfYouDo:
    """"You may [X]. If you do, [effects]." (CR 118.12): X is a cost paid as the ability resolves;
    ``effects`` happen only if the ``Optional_`` just before was chosen *and* X was paid in full
    (CR 118.3: a cost that can't be paid fully isn't paid at all). JT-C1/R9 take the "may" when
    able."""

    effects: tuple["Effect", ...]


@dataclass(frozen=True)
class PutOnLibrary:
    """"Put [what] on top of / on the bottom of its owner's library" (CR 401.1, 400.7);
    ``position``: "top" | "bottom" (Judge Tower: the bottom is exile instead, JT-G8/R7)."""

    what: Ref
    position: str = "top"


@dataclass(frozen=True)
class PreventDamage:
    """"Prevent the next N damage that would be dealt to [to] this turn" (CR 615.7): a
    prevention shield on the object or player, used up as damage is prevented, gone at cleanup."""

    amount: Amount
    to: Ref


@dataclass(frozen=True)
class PreventAllDamage:
    """"Prevent all [combat] damage that would be dealt [to X] [by X] this turn" (CR 615.1a).
    ``to``/``by``: None (any), players (``EachPlayer()``, ``You()``, a target player), objects
    (a target, "it": the objects chosen at resolution) or All(filter) (checked as damage is
    dealt: "creatures", including those that enter later). ``to_and_by``: "dealt to and dealt by
    that creature" (``by`` holds the creature). Ends at cleanup (CR 514.2)."""

    combat: bool = True
    to: Ref | None = None
    by: Ref | None = None
    to_and_by: bool = False


@dataclass(frozen=True)
class Fight:
    """"[a] fights [b]" (CR 701.14a): each deals damage equal to its power to the other."""

    a: Ref
    b: Ref


@dataclass(frozen=True)
class SkipNextUntap:
    """"[what] doesn't untap during its controller's next untap step" (CR 502.3)."""

    what: Ref


@dataclass(frozen=True)
class GainControl:
    """"Gain control of [what] [until end of turn]" (CR 613.1b layer 2, 611.2a; CR 302.6 for
    summoning sickness). ``duration``: "end_of_turn", or "permanent" (no duration stated: it
    lasts indefinitely, CR 611.2a)."""

    what: Ref
    duration: str = "end_of_turn"


@dataclass(frozen=True)
class LookTopPutOne:
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    [on the bottom of your library in any order | in a random order | into your graveyard]"
    (CR 401.4); ``rest``: "bottom_any" | "bottom_random" | "graveyard" | "top_any" (back on top in any order). ``reveal``: "You may
    reveal a [filter] card from among them and put it into your hand" instead (CR 701.20a; JT-C1
    and JT-C4 make it forced when a card qualifies). Judge Tower: the bottom is exile instead
    (JT-G8, R7, R10)."""

    amount: Amount
    rest: str = "bottom_any"
    reveal: Filter | None = None


@dataclass(frozen=True)
class PayMana:
    """"You may pay {2}." (only inside ``Optional_``, before "If you do"): a cost paid while the
    ability resolves (CR 118.12), mana abilities allowed (CR 117.1d); JT-G4 pays it for free."""

    cost: str


@dataclass(frozen=True)
class DoesntUntap:
    """"[affected] doesn't untap during its controller's untap step" (CR 502.3): a static
    ability; ``affected`` is This(), Enchanted(), Equipped() or All(filter)."""

    affected: Ref


@dataclass(frozen=True)
class CopySpell:
    """"Copy target instant or sorcery spell" (CR 707.10): a copy is put onto the stack under
    your control with the same modes, targets, X and costs paid; it isn't cast, and ceases to
    exist outside the stack (CR 707.10a, 704.5e). ``new_targets``: "You may choose new targets
    for the copy" (CR 707.10c; JT-C1 takes the "may", and leaving a target unchanged is one
    of the choices)."""

    what: Ref
    new_targets: bool = False


@dataclass(frozen=True)
class PutFromHand:
    """"[who] may put a [filter] card from their hand onto the battlefield [tapped]" (CR 110.2a:
    under that player's control); always inside ``Optional_``. Having said yes, a qualifying
    card is put (JT-C4: no failing to find in a hidden zone)."""

    who: Ref
    filter: Filter
    tapped: bool = False


@dataclass(frozen=True)
class SacrificeThis:
    """"Sacrifice this creature" as an instruction (CR 701.21a: only if you still control it
    on the battlefield; a new object after a zone change is not it, CR 400.7)."""


Effect = Union[Effect, SacrificeThis, PutFromHand, CopySpell, IfYouDo, PutOnLibrary, PreventDamage, PreventAllDamage, Fight,
               SkipNextUntap, GainControl, LookTopPutOne, PayMana]

# ---------------------------------------------------------------------------
# tokens helper: token copies (CR 707.2, 111.10)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CreateTokenCopy:
    """"Create a token that's a copy of [what]" (CR 701.7, 707.2): the token's characteristics
    are the copiable values of the object (its printed or token-defined values, CR 707.2,
    111.3), read as the effect resolves (last known information if it has left, CR 608.2h)."""

    what: Ref
    amount: Amount = 1
    who: Ref = You()


Effect = Union[Effect, CreateTokenCopy]   # tokens helper

# ---------------------------------------------------------------------------
# Triggers (CR 603)
# ---------------------------------------------------------------------------

#: Trigger events:
#: "enters"        — ``subject`` enters the battlefield (CR 603.6a)
#: "dies"          — ``subject`` is put into a graveyard from the battlefield, creature (CR 700.4)
#: "to_graveyard"  — ``subject`` is put into a graveyard from the battlefield (any permanent)
#: "leaves"        — ``subject`` leaves the battlefield (CR 603.6c)
#: "attacks"       — ``subject`` attacks (CR 508.3a)
#: "upkeep" / "draw_step" / "end_step" — beginning of that step; ``whose``: "you" | "each"
#: "gain_life"     — ``whose`` gains life ("you")
#: "lose_life"     — ``whose`` loses life ("opponent": an opponent)
TRIGGER_EVENTS = ("enters", "dies", "to_graveyard", "leaves", "attacks", "upkeep", "draw_step",
                  "end_step", "gain_life", "lose_life")
#: kwstatic: "kws_blocks" (``subject`` This: "this creature blocks", CR 509.3a),
#: "kws_becomes_blocked" ("this creature becomes blocked", CR 509.3c), "kws_blocks_or_blocked".
TRIGGER_EVENTS = TRIGGER_EVENTS + ("kws_blocks", "kws_becomes_blocked", "kws_blocks_or_blocked")


@dataclass(frozen=True)
class Trigger:
    """The trigger condition of a triggered ability. ``subject`` is ``This()`` for "this
    creature ..." or a Filter ("another creature you control"); for "this or another creature you
    control dies", ``subject`` is a Filter with ``other=False`` and ``include_self`` true."""

    event: str
    subject: Union[This, Filter, None] = None
    whose: str | None = None
    include_self: bool = False
    # triggers branch: "deals [combat] damage to a player/an opponent": ``recipient`` "player" |
    # "opponent", ``combat`` only combat damage; "a spell that targets ~": ``targets_self``
    recipient: str | None = None
    combat: bool = False
    targets_self: bool = False
    by: Filter | None = None  # "becomes blocked by [a creature]", "blocks [a creature]"
    min_count: int | None = None  # "whenever you attack with N or more creatures"
    # copies2: "whenever you cast or copy a [filter] spell" (event "cast"): also when its
    # controller copies such a spell (CR 707.10, 707.12)
    c2_or_copy: bool = False


# -- triggers branch: more trigger events (CR 603) ------------------------------------------------
#: "blocks"            — ``subject`` is declared as a blocker, once per combat (CR 509.3a)
#: "becomes_blocked"   — ``subject`` becomes blocked, once per combat (CR 509.3c)
#: "attacks_or_blocks" — ``subject`` attacks (CR 508.3a) or blocks (CR 509.3a)
#: "blocks_or_blocked" — ``subject`` blocks or becomes blocked (CR 509.3a, 509.3c)
#: "cast"              — a spell matching ``subject`` (a Filter) is cast (CR 601.2i); ``whose``
#:                       "you" | "opponent" | "each" is its caster; ``targets_self``: it targets
#:                       the object with the ability (heroic)
#: "cast_self"         — "When you cast this spell": the spell itself is cast; the ability
#:                       triggers from the stack (CR 601.2i, 113.6k)
#: "deals_damage"      — ``subject`` deals damage (``combat``: combat damage) to a player
#:                       (``recipient`` "player") or an opponent ("opponent") (CR 120.3, 510.3a)
#: "dealt_damage"      — ``subject`` is dealt damage: once for all damage dealt to it at once,
#:                       "that much" the total (CR 120.3)
#: "deals_damage" with ``recipient`` "creature": to each creature dealt damage ("that creature");
#:                       with no ``recipient``: once for all the damage it deals at once (total)
#: "attacks_unblocked" — ``subject`` attacks and isn't blocked (CR 509.3g)
#: "blocked_by"        — ``subject`` becomes blocked by a creature matching ``by``, once per
#:                       blocker (CR 509.3d); "blocks_creature" — ``subject`` blocks a creature
#:                       matching ``by``, once per attacker (CR 509.3b); "that creature" is the other one
#: "becomes_tapped" / "becomes_untapped" — ``subject`` becomes tapped/untapped (CR 701.26, 603.2e)
#: "attacks_with_two_others" — battalion: ``subject`` and at least two other creatures attack
#: "you_attack"        — you declare one or more attackers (``min_count``: at least that many)
#:                       (CR 508.3d)
#: "discard"           — ``whose`` ("you" | "opponent" | "each") discards a card (CR 701.9a)
#: "draw"              — ``whose`` ("you" | "opponent" | "each") draws a card (CR 121.1)
#: "beginning_of_combat" / "precombat_main" — beginning of that step/phase (CR 603.2b, 507, 505)
TRIGGER_EVENTS = TRIGGER_EVENTS + ("blocks", "becomes_blocked", "attacks_or_blocks", "blocks_or_blocked",
                                   "cast", "cast_self", "deals_damage", "draw", "beginning_of_combat", "precombat_main",
                                   "dealt_damage", "attacks_unblocked", "blocked_by", "blocks_creature",
                                   "discard", "becomes_tapped", "becomes_untapped", "attacks_with_two_others",
                                   "you_attack")


# ---------------------------------------------------------------------------
# Static abilities (CR 604, 611.3, 613)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Anthem:
    """"[affected] get(s) +P/+T [and have KEYWORDS]": a continuous effect from a static ability
    (layer 7c for P/T, layer 6 for keywords). ``affected`` is All(filter), Enchanted(),
    Equipped() or This() ("~ gets +1/+1 for each ...")."""

    affected: Ref
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    #: "gets +1/+1 for each artifact you control": P/T multiplied by this count, taken again
    #: each time characteristics are computed (CR 611.3a, 613.4c); None: once
    per: "Amount | None" = None


@dataclass(frozen=True)
class DefinePT:
    """"~'s power and toughness are each equal to the number of ...": a characteristic-defining
    ability (CR 604.3), applied in layer 7a (CR 613.4a) in every zone. ``power``/``toughness``:
    the amount (None: the printed value stays), plus ``plus`` ("2 plus the number of ...")."""

    power: "Amount | None" = None
    toughness: "Amount | None" = None
    plus: int = 0


@dataclass(frozen=True)
class CantAttackOrBlock:
    """"[affected] can't attack or block" (Pacifism); ``attack``/``block`` select which."""

    affected: Ref
    attack: bool = True
    block: bool = True


@dataclass(frozen=True)
class EntersTapped:
    """"This land enters tapped" (CR 614.1c: a replacement effect)."""


@dataclass(frozen=True)
class EntersWithCounters:
    """"This creature enters with N [kind] counters on it" (CR 614.1c); ``condition``: e.g.
    "kicked"; ``keywords``: "and with trample" (Kavu Titan)."""

    kind: str
    amount: Amount
    condition: str | None = None
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntersTappedUnless:
    """"This land enters tapped unless you control a Forest or a Plains" / "... two or more other
    lands" / "... two or fewer other lands" / "... unless you have two or more opponents"
    (manaab; CR 614.1c, 614.12: checked as the land enters). It enters untapped when the number
    of permanents its controller controls matching any of ``filters`` is at least ``at_least``
    and at most ``at_most`` (None: no maximum); with ``opponents``, when that player has at least
    that many opponents."""

    filters: tuple[Filter, ...] = ()
    at_least: int = 1
    at_most: int | None = None
    opponents: int = 0


StaticEffect = Union[Anthem, CantAttackOrBlock, EntersTapped, EntersWithCounters, EntersTappedUnless]

# --- kwstatic: combat restrictions/requirements of an object, "can't be countered" -----------

#: CombatRule.rule values: "cant_be_blocked" (CR 509.1b restriction), "attacks_each_combat"
#: (CR 508.1d requirement), "block_only_flying" (CR 509.1b restriction).
COMBAT_RULES = ("cant_be_blocked", "attacks_each_combat", "block_only_flying")


@dataclass(frozen=True)
class CombatRule:
    """"[affected] can't be blocked" / "attacks each combat if able" / "can block only creatures
    with flying": a restriction or requirement on the affected creatures (CR 508.1c-d, 509.1b-c),
    read by the engine from their characteristics (``Chars.restrictions``)."""

    affected: Ref
    rule: str


@dataclass(frozen=True)
class RestrictThisTurn:
    """"[what] can't be blocked this turn" / "[what] can't block this turn": a restriction from a
    resolved effect (CR 509.1b, 611.2). ``rule``: "cant_be_blocked" or "cant_block"."""

    what: Ref
    rule: str


@dataclass(frozen=True)
class CantBeCountered:
    """"This spell can't be countered." (CR 101.2: a "can't" beats an instruction to counter it)."""

StaticEffect = Union[StaticEffect, DoesntUntap]   # branch "effects"


# ---------------------------------------------------------------------------
# tokens helper: granted quoted abilities (CR 613.1f)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GrantAbilities:
    """'Enchanted creature has "{T}: Add {G}."', 'Creatures you control have "..."': the quoted
    abilities are added to each affected object in layer 6 (CR 613.1f); they are that object's
    own abilities ("this creature" is that object, CR 201.5). Only activated abilities."""

    affected: Ref
    abilities: tuple = ()


StaticEffect = Union[StaticEffect, GrantAbilities]   # tokens helper

# ---------------------------------------------------------------------------
# Abilities
# ---------------------------------------------------------------------------

#: Keywords the engine knows (CR 702). ``Keyword.arg`` holds the parameter:
#: "protection" -> a colour letter; "landwalk" -> a land subtype; "kicker"/"multikicker"/
#: "buyback"/"equip" -> a mana cost; "enchant" -> a Filter; "hideaway" -> N.
KEYWORDS = ("flying", "first strike", "double strike", "trample", "deathtouch", "lifelink",
            "vigilance", "menace", "defender", "haste", "reach", "indestructible", "protection",
            "landwalk", "persist", "kicker", "multikicker", "buyback", "equip", "enchant",
            "hideaway",
            # kwcosts: "cycling"/"flashback"/"echo"/"unearth"/"evoke"/"cumulative upkeep"/"madness"
            # -> a mana cost; "cycling"/"flashback" with a dash ("Flashback—{1}{G}, Pay 3 life")
            # -> a Cost; "convoke"/"delve": no argument
            "cycling", "flashback", "echo", "unearth", "evoke", "cumulative upkeep", "madness",
            "convoke", "delve")
#: kwstatic: more keywords (CR 702.8 flash, 702.11 hexproof, 702.18 shroud, 702.90 infect,
#: 702.80 wither, 702.31 horsemanship, 702.36 fear, 702.13 intimidate, 702.28 shadow,
#: 702.108 prowess, 702.83 exalted, 702.73 changeling, 702.114 devoid, 702.25 flanking,
#: 702.45 bushido -> arg N, 702.40 storm).
KEYWORDS = KEYWORDS + ("flash", "hexproof", "shroud", "infect", "wither", "horsemanship", "fear",
                       "intimidate", "shadow", "prowess", "exalted", "changeling", "devoid",
                       "flanking", "bushido", "storm")


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (CR 702). ``arg`` as documented on KEYWORDS."""

    name: str
    arg: object = None


@dataclass(frozen=True)
class SpellAbility:
    """What an instant or sorcery does when it resolves (CR 113.3a)."""

    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class ActivatedAbility:
    """"[Cost]: [Effect]." (CR 602). ``mana_ability``: it could add mana and has no target
    (CR 605.1a). ``sorcery_speed``: only as a sorcery (loyalty abilities, CR 606.3; equip)."""

    cost: Cost
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    mana_ability: bool = False
    sorcery_speed: bool = False
    # -- kwcosts: where it functions and restrictions on its use (CR 113.6, 602.5) -----------
    #: ``zone``: the zone it functions from ("battlefield"; "hand" for cycling, CR 702.29a,
    #: 113.6m; "graveyard" for unearth, CR 702.84a). ``once_per_turn``: "Activate only once each turn." (CR 602.5b).
    #: ``timing``: "" (any time you have priority), "your_turn" ("Activate only during your
    #: turn."), "your_upkeep" ("Activate only during your upkeep."), "before_attackers"
    #: ("Activate only during your turn, before attackers are declared."), CR 602.5.
    zone: str = "battlefield"
    once_per_turn: bool = False
    timing: str = ""
    #: actcost: "Activate only if [condition]." (CR 602.5): conditions (CONDITIONS objects) that
    #: must all hold; "Activate no more than twice each turn." (CR 602.5b): 0 = no such limit
    actcost_conditions: tuple = ()
    actcost_max_per_turn: int = 0
    #: actcost: "Any player may activate this ability." (CR 602.2: whoever activates it controls it)
    actcost_any_player: bool = False


@dataclass(frozen=True)
class TriggeredAbility:
    """"When/Whenever/At [trigger], [effects]." (CR 603). ``condition``: an intervening "if"
    clause (CR 603.4), one of CONDITIONS. ``link_exile``: this ability's exile is linked to a
    later ability of the same object (CR 607.2a)."""

    trigger: Trigger
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    condition: str | None = None
    #: conds: "When ~ enters, choose one — • ... • ...": a modal triggered ability (CR 700.2b):
    #: its modes (each with its own targets and effects; ``targets``/``effects`` are then empty)
    #: are chosen as it is put on the stack
    modal: "Modal | None" = None


@dataclass(frozen=True)
class StaticAbility:
    """A static ability (CR 604)."""

    effect: StaticEffect


@dataclass(frozen=True)
class AlternativeCost:
    """"You may [cost] rather than pay this spell's mana cost" (CR 118.9)."""

    cost: Cost


@dataclass(frozen=True)
class CostIncrease:
    """"This spell costs {N} more to cast for each target beyond the first" (CR 601.2f)."""

    mana: str
    per: str = "target_beyond_first"


@dataclass(frozen=True)
class Modal:
    """A modal spell's text (CR 700.2): "Choose one —" and a bulleted list of modes, each a
    SpellAbility with its own targets and effects. Modes are chosen as the spell is cast
    (CR 601.2b, 700.2a), at least ``choose_min`` and at most ``choose_max`` (None: any number)
    of them, each at most once (CR 700.2d); the chosen modes' effects happen in printed order.
    ``texts``: each mode's printed text (for logs and scenario files only)."""

    choose_min: int
    choose_max: int | None
    modes: tuple[SpellAbility, ...]
    texts: tuple[str, ...] = ()


@dataclass(frozen=True)
class AdditionalCost:
    """"As an additional cost to cast this spell, [cost]." (CR 601.2b, 601.2f-h): paid with the
    spell's other costs; a spell whose additional cost can't be paid can't be cast (CR 601.2h).
    ``cost`` holds only non-mana parts (sacrifice, discard, life, exile)."""

    cost: Cost


Ability = Union[AdditionalCost, Keyword, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility,
                AlternativeCost, CostIncrease, Modal]


@dataclass(frozen=True)
class CompiledCard:
    """A card's Oracle text as IR. ``unsupported`` lists each sentence not understood; a card
    with any is refused from play (``ok`` is false)."""

    name: str
    abilities: tuple[Ability, ...]
    unsupported: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.unsupported


# --- conds: structured conditions and "as long as" static abilities ---------------------------
# (CR 611.3a: a static ability's effect applies only while its condition is true, checked
# continuously; CR 603.4: an intervening "if"; CR 608.2c: "if" inside a spell's instructions)
# A condition is either one of the strings of CONDITIONS or one of these objects; the engine
# evaluates both in Game.condition_true.


@dataclass(frozen=True)
class CondCount:
    """"you control a Plains" (at least 1), "you control three or more artifacts", "you control
    no untapped lands" (at most 0), "seven or more cards are in your graveyard", "you have no
    cards in hand", "it has a +1/+1 counter on it": ``amount`` is counted each time the
    condition is checked and compared with ``at_least`` / ``at_most`` (None: no upper bound)."""

    amount: Amount
    at_least: int = 1
    at_most: int | None = None


@dataclass(frozen=True)
class CondLife:
    """"you have N or more life" (``at_least`` True) / "you have N or less life": the controller's
    life total. R3: an infinite life total compares as more than any number."""

    n: int
    at_least: bool


@dataclass(frozen=True)
class CondYourTurn:
    """"it's your turn" / "it's not your turn" (``negate``): the controller is the active
    player (CR 102.1)."""

    negate: bool = False


@dataclass(frozen=True)
class CondIs:
    """"equipped creature is a Human", "enchanted creature is red", "enchanted permanent is a
    creature": ``ref`` (Enchanted() or Equipped()) exists and matches ``filter`` (its current
    characteristics, after layers 4-5)."""

    ref: Ref
    filter: Filter


@dataclass(frozen=True)
class AsLongAs:
    """A static ability with a condition: "~ gets +1/+1 as long as you control a Plains", "As
    long as seven or more cards are in your graveyard, ~ gets +1/+1 and has flying" (CR 611.3a:
    ``effect`` applies only while ``condition`` is true, re-checked every time characteristics
    are computed). ``effect``: an Anthem, CantAttackOrBlock or CombatRule (layers.py)."""

    condition: "CondCount | CondLife | CondYourTurn | CondIs"
    effect: StaticEffect


@dataclass(frozen=True)
class CondCastMainPhase:
    """"if you cast this spell during your main phase" (addendum, an ability word CR 207.2c): the
    spell was cast during a main phase (CR 505.1) of its controller's turn. Read only on the
    spell itself (the compiler refuses it on permanents' abilities)."""


@dataclass(frozen=True)
class CondPermanentLeft:
    """"if a permanent you controlled left the battlefield this turn" (revolt, CR 207.2c)."""


@dataclass(frozen=True)
class EntersChoice:
    """"As ~ enters, choose a color." / "... choose a creature type." (CR 614.12: a replacement
    effect; the choice is made as the permanent enters and is remembered by it, CR 607.2a-like
    links to "the chosen color", Filter.chosen, AddMana.chosen_color). ``what``: "color" |
    "creature_type"."""

    what: str


@dataclass(frozen=True)
class CondCardTypes:
    """"there are four or more card types among cards in your graveyard" (delirium): at least
    ``n`` different card types (CR 205.2a) among the cards ``filter`` describes."""

    n: int
    filter: Filter


@dataclass(frozen=True)
class Devotion:
    """"your devotion to black" / "... to black and red" (CR 700.5): the mana symbols among the
    mana costs of permanents you control that are of any of ``colors`` (CR 700.5a: a hybrid
    or Phyrexian symbol counts if it has one of them; each symbol once)."""

    colors: tuple[str, ...]
# ---------------------------------------------------------------------------
# zones: zone-changing effects and abilities that work from other zones (branch "zones")
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ReturnSelfFromGraveyard:
    """"Return ~ from your graveyard to your hand" / "... to the battlefield [tapped]": the effect
    of an activated ability that functions only while its card is in a graveyard (CR 113.6m; the
    ability is compiled with ``zone="graveyard"``). ``dest``: "hand" | "battlefield"."""

    dest: str
    tapped: bool = False


@dataclass(frozen=True)
class ShuffleIntoLibrary:
    """"Shuffle [what] into its owner's library" (CR 701.24a). Judge Tower: exiled instead
    (JT-G8, R7)."""

    what: Ref
# ---------------------------------------------------------------------------
# Branch "misc": proliferate, cost-changing statics of permanents
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Proliferate:
    """"Proliferate" (CR 701.34a): ``who`` chooses any number of permanents and/or players that
    have a counter and gives each one another counter of each kind already there. Shame
    (Judge Tower) is not a counter for game effects (JT-S5, R17) and is never chosen."""

    who: Ref = You()


@dataclass(frozen=True)
class CostModifier:
    """"Instant and sorcery spells you cast cost {1} less to cast" / "Spells your opponents cast
    cost {1} more to cast" / "Noncreature spells cost {1} more to cast": a static ability of a
    permanent changing the total cost of matching spells (CR 601.2f). ``caster``: "you",
    "opponent" or "any" (relative to the permanent's controller); ``generic``: the change in
    generic mana (negative: a reduction, CR 118.7a: generic only, never below {0})."""

    spells: Filter
    caster: str
    generic: int


Effect = Union[Effect, Proliferate]                  # branch "misc"
StaticEffect = Union[StaticEffect, CostModifier]     # branch "misc"


@dataclass(frozen=True)
class SelfCombatRestriction:
    """The object's own combat restriction (CR 508.1c, 509.1b), read by the engine from the
    object's abilities (branch "misc"). ``kind``:
    "blocked_by": "~ can't be blocked by [filter]" (creatures matching ``filter`` can't block it);
    "min_blockers": "~ can't be blocked except by N or more creatures" (``n``);
    "max_blockers": "~ can't be blocked by more than N creature(s)" (``n``);
    "attack_unless_defender": "~ can't attack unless defending player controls a [filter]";
    "attack_unless_you_control": "~ can't attack unless you control N or more [filter]" /
    "... another [filter]" (``n`` permanents matching ``filter``, controller "you");
    "lure": "All creatures able to block ~ do so" (a requirement, CR 509.1c);
    "lure_enchanted": "All creatures able to block enchanted creature do so" (on an Aura)."""

    kind: str
    filter: Filter | None = None
    n: int = 0


StaticEffect = Union[StaticEffect, SelfCombatRestriction]     # branch "misc"


@dataclass(frozen=True)
class Surveil:
    """"Surveil N" (CR 701.25a): look at the top N cards of your library, put any number into
    your graveyard and the rest on top in any order."""

    amount: Amount


@dataclass(frozen=True)
class ExileTopOfLibrary:
    """"[who] exiles the top N cards of their library" (CR 406.2; Judge Tower: a library action,
    JT-E2/R19; the cards go to the unreferenced pile, R20)."""

    who: Ref
    amount: Amount


@dataclass(frozen=True)
class SkipStep:
    """"Skip your draw step." (a static ability: a replacement effect, CR 614.1b, 614.10).
    ``step``: "draw"."""

    step: str


Effect = Union[Effect, ReturnSelfFromGraveyard, ShuffleIntoLibrary, Surveil, ExileTopOfLibrary]   # branch "zones"
StaticEffect = Union[StaticEffect, SkipStep]   # branch "zones"
# ---------------------------------------------------------------------------
# kw2: more keyword mechanics (crew, renown, bloodthirst, modular, monstrosity)
# ---------------------------------------------------------------------------

#: kw2: "crew" -> N (CR 702.122a), "renown" -> N (CR 702.112a), "bloodthirst" -> N (CR 702.54a),
#: "modular" -> N (CR 702.43a).
#: "exploit": no argument (CR 702.110a).
#: "morph"/"megamorph" -> a mana cost (CR 702.37a-b).
#: "dash" -> a mana cost (CR 702.109a).
#: "living weapon": no argument (CR 702.92a).
KEYWORDS = KEYWORDS + ("crew", "renown", "bloodthirst", "modular", "exploit", "morph", "megamorph", "dash",
                       "living weapon", "entwine", "replicate", "ninjutsu")
#: kw2: "entwine"/"replicate"/"ninjutsu" -> a mana cost (CR 702.42a, 702.56a, 702.49a).
#: kwcast: "typecycling" -> (kind, mana cost): kind "basic land" or a basic land type (CR 702.29e);
#: "split second" (CR 702.61a), "retrace" (CR 702.81a), "jump-start" (CR 702.133a), "cascade"
#: (CR 702.85a): no argument
KEYWORDS = KEYWORDS + ("typecycling", "split second", "retrace", "jump-start", "cascade")
#: kwcast: "spectacle"/"surge"/"scavenge"/"blitz" -> a mana cost (CR 702.137a, 702.117a, 702.97a,
#: 702.152a)
KEYWORDS = KEYWORDS + ("spectacle", "surge", "scavenge", "blitz")
#: kwcast: "escape" -> (mana cost, N other cards to exile from the graveyard) (CR 702.138a)
KEYWORDS = KEYWORDS + ("escape",)
#: kwcast: "casualty" -> N (CR 702.153a)
KEYWORDS = KEYWORDS + ("casualty",)


@dataclass(frozen=True)
class KwcCastOnly:
    """kwcast: "Cast this spell only ..." (CR 601.3: a rule or effect prohibits casting it
    otherwise). ``cond``: "attacked_this_step" (during the declare attackers step, and a creature
    was declared attacking you this step) | "another_spell_this_turn" (you've cast another spell
    this turn)."""

    cond: str

#: kw2: trigger event "kw2_becomes_monstrous": ``subject`` (This) becomes monstrous (CR 701.37b)
#: kw2: "kw2_exploits": ``subject`` (This) exploits a creature (CR 702.110b); "that creature" is
#: the sacrificed one
#: "kw2_turned_face_up": ``subject`` (This) is turned face up (CR 708.8)
TRIGGER_EVENTS = TRIGGER_EVENTS + ("kw2_becomes_monstrous", "kw2_exploits", "kw2_turned_face_up")


@dataclass(frozen=True)
class Monstrosity:
    """kw2: "Monstrosity N." (CR 701.37a): if this permanent isn't monstrous, put N +1/+1
    counters on it and it becomes monstrous. ``amount``: N, or X() ("Monstrosity X", the X
    paid in the activation cost, CR 107.3k)."""

    amount: Amount
Effect = Union[Effect, Monstrosity]   # kw2

#: kw2: "kw2_monstrous" (this permanent is monstrous, CR 701.37b), "kw2_renowned" (CR 702.112b)
CONDITIONS = CONDITIONS + ("kw2_monstrous", "kw2_renowned")


@dataclass(frozen=True)
class Kw2ExertAbility:
    """kw2: "You may exert this creature as it attacks. When you do, [effects]." (CR 701.43d):
    an optional cost to attack (CR 508.1g) and its linked reflexive triggered ability (CR 607.2h,
    603.12), with its own targets, chosen as it goes on the stack."""

    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]


Ability = Union[Ability, Kw2ExertAbility]   # kw2


@dataclass(frozen=True)
class Kw2StatusKeywords:
    """kw2: "As long as this creature is monstrous [renowned], it has [keywords]." (CR 701.37b,
    702.112b; CR 611.3a: a static ability's effect applies while the condition holds, layer 6,
    CR 613.1f). ``status``: "kw2_monstrous" | "kw2_renowned"."""

    status: str
    keywords: tuple[str, ...]


StaticEffect = Union[StaticEffect, Kw2StatusKeywords]   # kw2




@dataclass(frozen=True)
class RevealTopToHand:
    """"Reveal the top card of your library and put that card into your hand" (CR 701.20a; the
    card is put into the hand, not drawn, CR 121.1) (branch "misc")."""


Effect = Union[Effect, RevealTopToHand]              # branch "misc"


@dataclass(frozen=True)
class SelfCostReduction:
    """"This spell costs {N} less to cast for each [counted]": a cost reduction of the spell
    itself, counted as its total cost is determined (CR 601.2f, 118.7a: generic mana only, never
    below {0}) (branch "misc")."""

    generic: int
    per: Amount


Ability = Union[Ability, SelfCostReduction]          # branch "misc"


# ============================================================================ auras2
# auras2: auras and equipment beyond "enchant creature" (CR 301.5, 303.4, 613.1b, 701.3, 702.89)

@dataclass(frozen=True)
class CondAttachedTo:
    """auras2: "as long as ~ is equipped / enchanted / enchanted or equipped": an Equipment
    (CR 301.5) or an Aura (CR 303.4) is attached to the object with the ability. ``kinds``:
    subtypes of the attached permanents that count ("Equipment", "Aura")."""

    kinds: tuple[str, ...]


@dataclass(frozen=True)
class AttachSelfTo:
    """auras2: "attach it to target creature you control" where "it" is the object with the
    ability (CR 701.3a): the Equipment or Aura becomes attached to the target if it can be
    (CR 701.3b, 301.5c, 303.4d)."""

    what: Ref


@dataclass(frozen=True)
class ControlEnchanted:
    """auras2: "You control enchanted creature." A static ability of an Aura: its controller
    controls the enchanted permanent while it is attached (CR 613.1b layer 2, 303.4, 611.3a;
    timestamp: when the Aura became attached, CR 613.7e)."""


@dataclass(frozen=True)
class ActivationBan:
    """auras2: "its activated abilities can't be activated" (Arrest): no activated ability of
    ``affected`` (mana and loyalty abilities included) can be activated (CR 602.5)."""

    affected: Ref


@dataclass(frozen=True)
class AttachedCount:
    """auras2: an amount, "for each Aura / Equipment attached to it": the permanents with one of
    the subtypes ``kinds`` attached to ``to`` (This(), or the Enchanted()/Equipped() object of
    the source) (CR 301.5, 303.4)."""

    kinds: tuple[str, ...]
    to: Ref


@dataclass(frozen=True)
class DiedCard:
    """auras2: "that card" in "When enchanted/equipped creature dies, return that card ...": the
    new object the creature became in the graveyard (CR 400.7e), if it is still there."""


@dataclass(frozen=True)
class EnchantedPlayer:
    """auras2: "enchanted player" / "enchanted opponent": the player the Aura with this ability is
    attached to (CR 303.4, 702.5d)."""


Effect = Union[Effect, AttachSelfTo]                  # auras2
StaticEffect = Union[StaticEffect, ControlEnchanted, ActivationBan]  # auras2


# ---------------------------------------------------------------------------
# counters2: counter mechanics (CR 122, 701.39, 701.46, 702.32, 702.58, 702.63, 702.93, 702.98,
# 702.100, 702.107, 702.136, 702.149)
# ---------------------------------------------------------------------------

#: counters2: "undying" (CR 702.93a), "evolve" (CR 702.100a), "riot" (CR 702.136a), "unleash"
#: (CR 702.98a), "training" (CR 702.149a): no argument; "graft"/"fading" -> N (CR 702.58a,
#: 702.32a); "vanishing" -> N, or None without a number (CR 702.63a-b); "outlast" -> a mana cost
#: (CR 702.107a; its activated ability is compiled next to the keyword).
KEYWORDS = KEYWORDS + ("undying", "graft", "fading", "vanishing", "evolve", "riot", "unleash", "training",
                       "outlast", "amplify")
#: counters2: "amplify" -> N (CR 702.38a)


@dataclass(frozen=True)
class C2Bolster:
    """counters2: "Bolster N" (CR 701.39a): choose a creature you control with the least
    toughness (or tied for it) among creatures you control; put N +1/+1 counters on it."""

    n: int


@dataclass(frozen=True)
class C2Adapt:
    """counters2: "Adapt N" (CR 701.46a): if this permanent has no +1/+1 counters on it, put N
    +1/+1 counters on it."""

    n: int


@dataclass(frozen=True)
class C2GetEnergy:
    """counters2: "you get {E}{E}" (CR 107.14, 122.1): ``n`` energy counters for each player
    of ``who``."""

    who: Ref
    n: int


@dataclass(frozen=True)
class C2PayEnergy:
    """counters2: "pay {E}{E}" as an instruction ("you may pay {E}{E}. If you do, ...", CR 118.12,
    107.14): remove ``n`` energy counters from the controller; can't be paid in part (CR 118.3)."""

    n: int


Effect = Union[Effect, C2Bolster, C2Adapt, C2GetEnergy, C2PayEnergy]   # counters2

#: counters2: trigger event "c2_evolves": ``subject`` (This) evolves, i.e. gets +1/+1 counters from
#: its evolve ability resolving (CR 702.100b)
TRIGGER_EVENTS = TRIGGER_EVENTS + ("c2_evolves",)


@dataclass(frozen=True)
class C2LevelBand:
    """counters2: a leveler's level symbol and its striation (CR 711.2a-b): "As long as this
    creature has at least ``low`` level counters on it, but no more than ``high`` (None: "N3+"),
    it has base power and toughness ``power``/``toughness`` and has [keywords]." Layer 7b and
    layer 6 (CR 613.4b, 613.1f). Only keyword abilities are supported in a striation."""

    low: int
    high: int | None
    power: int
    toughness: int
    keywords: tuple = ()   # (name, arg) pairs of ir.Keyword


StaticEffect = Union[StaticEffect, C2LevelBand]   # counters2


# =============================================================================================
# exilecast: cards played from exile and time counters (CR 406, 702.62 suspend)
# =============================================================================================

@dataclass(frozen=True)
class ExilecastExileSelfWithTime:
    """"Exile ~ with N time counters on it." (CR 406.3, 122.1): the resolving spell (or the
    permanent) is exiled with N time counters; a card with suspend is then suspended
    (CR 702.62b)."""

    n: int


@dataclass(frozen=True)
class ExilecastMayPlay:
    """"Until end of turn, you may play that card." after "Exile the top card of your library"
    (CR 601.2a, 305.1): the controller may play (``cast_only``: cast) the cards the previous
    instruction exiled, until the end of this turn (``until`` "end_of_turn"), of their next
    turn ("next_turn"), or until the beginning of their next upkeep ("next_upkeep"). Those cards
    stay referenced meanwhile (R20)."""

    until: str = "end_of_turn"
    cast_only: bool = False
# ---------------------------------------------------------------------------
# faces2: transforming double-faced cards (CR 712, 701.27) and flip cards (CR 710)
# ---------------------------------------------------------------------------

#: faces2: trigger event "faces2_transforms": ``subject`` (This) transforms ("When this creature
#: transforms into ~", CR 701.27e; "Whenever ~ transforms"); the ability is on the face that is up
#: after it transforms (CR 603.2: the state after the event)
TRIGGER_EVENTS = TRIGGER_EVENTS + ("faces2_transforms",)

#: faces2: intervening "if" conditions of the werewolf triggers (CR 603.4):
#: "faces2_no_spells_last_turn" (no spells were cast last turn), "faces2_two_spells_last_turn"
#: (a player cast two or more spells last turn)
CONDITIONS = CONDITIONS + ("faces2_no_spells_last_turn", "faces2_two_spells_last_turn")


@dataclass(frozen=True)
class Faces2Transform:
    """faces2: "Transform ~." (CR 701.27a): this permanent turns over to its other face; nothing
    happens to a permanent that isn't a transforming double-faced card (CR 701.27c, 712.9) or whose
    other face is an instant or sorcery (CR 701.27d); ignored if it already transformed since the
    ability was put on the stack (CR 701.27f)."""


@dataclass(frozen=True)
class Faces2Flip:
    """faces2: "Flip ~." (CR 710.2, 710.4): a flip card permanent uses its flipped characteristics
    from now on; flipping is one-way; nothing happens to another permanent (CR 710.1a)."""


@dataclass(frozen=True)
class Faces2ReturnTransformed:
    """faces2: "Return it [~] to the battlefield transformed under your [its owner's] control"
    (CR 712.14a): the card enters with its back face up; a card that isn't a transforming double-faced card stays
    where it is (CR 712.14a). ``what``: the card (an object reference, as `ReturnToBattlefield`);
    ``under``: "you" | "owner"."""

    what: object
    under: str = "you"


Effect = Union[Effect, Faces2Transform, Faces2Flip, Faces2ReturnTransformed]   # faces2

#: faces2: "daybound" (CR 702.145b), "nightbound" (CR 702.145e): no argument; day and night are
#: the game's designations (CR 730)
KEYWORDS = KEYWORDS + ("daybound", "nightbound")
#: faces2: "disturb" -> a mana cost (CR 702.146a): cast this card transformed from your graveyard
#: for that cost rather than its mana cost
KEYWORDS = KEYWORDS + ("disturb",)


@dataclass(frozen=True)
class Faces2ExileInstead:
    """faces2: "If this [card] would be put into a graveyard from anywhere, exile it instead."
    (a replacement effect of a static ability, CR 614.1a; it works wherever the object is, as
    long as it has the ability: a disturb card's back face has it only on the stack and the
    battlefield, CR 712.8a)."""


StaticEffect = Union[StaticEffect, Faces2ExileInstead]   # faces2
# ---------------------------------------------------------------------------
# copies2: copies and spell variants (CR 707, 702.96 overload, 702.160 prototype)
# ---------------------------------------------------------------------------

#: copies2: "prototype" -> (mana cost, power, toughness) (CR 702.160a, 718.2).
#: "overload" -> (mana cost, CompiledCard of the text with "target" changed to "each" or None
#: before the compiler fills it in) (CR 702.96a, 702.96c).
#: "splice" -> ("arcane" | "instant or sorcery", mana cost) (CR 702.47a).
KEYWORDS = KEYWORDS + ("prototype", "overload", "splice")


@dataclass(frozen=True)
class EntersAsCopy:
    """copies2: "You may have ~ enter (the battlefield) as a copy of any [filter] on the
    battlefield" (CR 707.5, 614.1c): as the permanent enters, its controller may choose a
    permanent that matches ``filter`` (other than it); it enters as a copy of it, with its
    copiable values (CR 707.2). Judge Tower: the "may" is taken when a permanent can be
    chosen (JT-C1, R9); which one is a free choice."""

    filter: Filter
    # "except it's a Spirit / an artifact in addition to its other types" (CR 707.9a, 707.9b:
    # the exception is part of the copy's copiable values): card types (lower case), subtypes
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    # "except it's 7/7" (CR 707.9b): power and toughness set as part of the copiable values
    set_pt: tuple[int, int] | None = None


StaticEffect = Union[StaticEffect, EntersAsCopy]   # copies2
# turnflow: untap choice, once-each-turn triggers, conditional and party cost reductions
# =============================================================================================

@dataclass(frozen=True)
class TfMayNotUntap:
    """turnflow: "You may choose not to untap ~ during your untap step." (CR 502.3: the active
    player determines which of their permanents untap). A static ability of the permanent; the
    choice is asked in the untap step, only while the permanent is tapped. Judge Tower: R9/JT-C1
    (the option, "choose not to untap", is taken when able), see rules/turnflow.py."""


StaticEffect = Union[StaticEffect, TfMayNotUntap]   # turnflow


@dataclass(frozen=True)
class TfOnceEachTurnTrigger(TriggeredAbility):
    """turnflow: a triggered ability followed by "This ability triggers only once each turn."
    (CR 603.2, 603.2h: it triggers only if it has not yet triggered this turn; CR 400.7: a new
    object is a new object, with its own count). A TriggeredAbility in every other respect."""


@dataclass(frozen=True)
class TfSelfCostReductionIf:
    """turnflow: "This spell costs {N} less to cast if [condition]." (CR 601.2f, 118.7a: generic
    mana only, never below {0}); the condition (a structured one, rules/conditions.py) is read as
    the total cost is determined."""

    generic: int
    condition: object


Ability = Union[Ability, TfSelfCostReductionIf]   # turnflow


@dataclass(frozen=True)
class TfPartySize:
    """turnflow: "the number of creatures in your party" (CR 700.8, 700.8a-b: up to one each of
    Cleric, Rogue, Warrior and Wizard creatures the player controls, counted the way that gives
    the highest number, 0 to 4)."""


Amount = Union[Amount, TfPartySize]   # turnflow


@dataclass(frozen=True)
class TfCondCityBlessing:
    """turnflow: "if you have the city's blessing" / "as long as you have the city's blessing"
    (CR 702.131c: a designation a player keeps for the rest of the game, given by ascend)."""


@dataclass(frozen=True)
class TfSearchNamed:
    """turnflow: "[who] searches their library for a card named [name], reveals it, puts it into
    their hand, then shuffles" (CR 702.124j partner with, 701.23a search, 701.20a reveal, 701.24a
    shuffle). ``name``: as printed; matched ignoring case and accents. Judge Tower: the shared
    library is not searched and not shuffled (JT-G8, R7)."""

    who: Ref
    name: str


Effect = Union[Effect, TfSearchNamed]   # turnflow


@dataclass(frozen=True)
class TfModifyPTWhileTapped:
    """turnflow: "[what] gets +P/+T [and has KEYWORDS] for as long as ~ remains tapped"
    (CR 611.2b: a "for as long as" duration; the effect ends as soon as this object is untapped
    or leaves the battlefield, and does nothing if that is already so as it would begin; layer
    7c / 6, CR 613.4c, 613.1f)."""

    what: Ref
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


Effect = Union[Effect, TfModifyPTWhileTapped]   # turnflow


@dataclass(frozen=True)
class TfDoesntUntapWhileTapped:
    """turnflow: "[what] doesn't untap during its controller's untap step for as long as ~
    remains tapped" (CR 502.3, 611.2b; 611.2c: the affected set is locked in as it resolves)."""

    what: Ref


Effect = Union[Effect, TfDoesntUntapWhileTapped]   # turnflow


@dataclass(frozen=True)
class TfGainControlWhileTapped:
    """turnflow: "Gain control of [what] for as long as [you control ~ and] ~ remains tapped"
    (CR 613.1b layer 2, 611.2b: control ends as soon as this object is untapped, leaves the
    battlefield or, with ``you_control``, changes controller)."""

    what: Ref
    you_control: bool = False


Effect = Union[Effect, TfGainControlWhileTapped]   # turnflow


@dataclass(frozen=True)
class TfCondFullParty:
    """turnflow: "if you have a full party" (CR 700.8c: four creatures in your party)."""


@dataclass(frozen=True)
class TfSoulbondTrigger(TriggeredAbility):
    """turnflow: one of the two triggered abilities of soulbond (CR 702.95a): ``which`` "self"
    ("When this creature enters, if you control both this creature and another creature and both
    are unpaired, you may pair this creature with another unpaired creature you control ...") or
    "other" ("Whenever another creature you control enters, if you control both that creature
    and this one and both are unpaired, you may pair that creature with this creature ..."). The
    intervening "if" (CR 603.4) is checked by rules/turnflow.py."""

    which: str = "self"


@dataclass(frozen=True)
class TfPair:
    """turnflow: soulbond's pairing (CR 702.95a-b), see TfSoulbondTrigger."""

    which: str = "self"


Effect = Union[Effect, TfPair]   # turnflow


@dataclass(frozen=True)
class TfPairedBonus:
    """turnflow: "As long as ~ is paired with another creature, both creatures have [keywords] /
    each of those creatures gets +P/+T [and has ...]" (CR 702.95; layers 6 and 7c)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


StaticEffect = Union[StaticEffect, TfPairedBonus]   # turnflow


# ---------------------------------------------------------------------------
# library2: library manipulation (CR 401, 701.20 reveal, 701.23 search, 701.24 shuffle, 702.52
# dredge). Judge Tower: JT-G8/R7 (no search, no shuffle, bottom or shuffle-in is exile) and
# JT-E2/R19 (library shortfall) apply in the engine, as for the forms above.
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Lib2SearchLibrary(SearchLibrary):
    """A tutor with more forms than SearchLibrary (library2): ``reveal`` (CR 701.20a: "reveal
    it" — the found cards are shown to all, otherwise they are not, CR 701.23e) and ``dest``
    also "graveyard" (Entomb) or "top" ("then shuffle and put that card on top": the found cards
    are left out of the shuffle, CR 701.24b, then put on top, in any order, CR 401.4).
    ``count`` ANY_NUMBER: "any number of" cards. ``name``: "a card named NAME" (lower case;
    "~": this object's name, CR 201.4b)."""

    reveal: bool = False
    name: str | None = None


#: library2: the count of "search your library for any number of ... cards" (no limit).
ANY_NUMBER = 10 ** 6


@dataclass(frozen=True)
class Lib2RevealUntil:
    """"Reveal cards from the top of your library until you reveal a [filter] card. Put that
    card into your hand / onto the battlefield [tapped] and the rest [on the bottom of your
    library in any/a random order | into your graveyard | exile]" (CR 701.20a, 401.4).
    ``found_to``: "hand" | "battlefield"; ``rest``: "bottom_any" | "bottom_random" |
    "graveyard" | "exile" | "hand" (Treasure Hunt: every revealed card into the hand).
    Judge Tower: running out of cards before a match is a library shortfall (JT-E2, R19); the
    bottom of the shared library is exile (JT-G8, R7)."""

    filter: Filter
    found_to: str = "hand"
    tapped: bool = False
    rest: str = "bottom_random"


@dataclass(frozen=True)
class Lib2LookTopPutOnto:
    """"Look at the top N cards of your library. You may put a [filter] card from among them
    onto the battlefield [tapped]. Put the rest [rest_where]" (CR 701.20e, 401.4). JT-C1/JT-C4
    force the put when a card qualifies; the bottom is exile in Judge Tower (JT-G8, R7)."""

    amount: Amount
    filter: Filter
    tapped: bool = False
    rest: str = "bottom_random"


@dataclass(frozen=True)
class Lib2ShuffleIntoLibrary:
    """"Shuffle [cards] into your library" (CR 701.24a): every card is put into the library,
    then the library is shuffled once, even if none of them got there (CR 701.24c).
    Judge Tower: the cards are exiled instead and nothing is shuffled (JT-G8, R7)."""

    what: Ref


@dataclass(frozen=True)
class Lib2SearchLibraryAndGraveyard:
    """"Search your library and/or graveyard for a card named NAME / a [filter] card, reveal it,
    and put it into your hand [or: and put it onto the battlefield]. If you search your library
    this way, shuffle." (CR 701.23, 701.20a, 701.24a). ``name``: the card name, lower case (None:
    ``filter`` only). The searcher chooses whether to search the library too (and then shuffles);
    the graveyard is a public zone, so a qualifying card there is found (CR 701.23b allows
    failing to find only in a hidden zone). Judge Tower: both zones are searched (JT-C3), the
    shared library finds nothing and is not shuffled (JT-G8, R7)."""

    filter: Filter
    name: str | None = None
    dest: str = "hand"
    reveal: bool = True


@dataclass(frozen=True)
class Lib2LookTopSplitGraveyard:
    """"Look at the top N cards of your library. Put any number of them into your graveyard and
    the rest back on top of your library in any order." (CR 701.20e, 401.4; not a surveil, CR
    701.25: it does not say so). Judge Tower: a free split (JT-C6, R10)."""

    amount: Amount


Effect = Union[Effect, Lib2SearchLibrary, Lib2RevealUntil, Lib2LookTopPutOnto, Lib2ShuffleIntoLibrary,
               Lib2SearchLibraryAndGraveyard, Lib2LookTopSplitGraveyard]   # library2
KEYWORDS = KEYWORDS + ("dredge",)   # library2: Dredge N (CR 702.52a), arg N


# -- combat2: combat requirements from resolving spells and abilities (CR 508.1d, 509.1c) -------
@dataclass(frozen=True)
class Cb2BlockRequirement:
    """"[what] blocks [attacker] this turn if able" (CR 509.1c): each object of ``what`` must
    block the object ``attacker`` names this turn if able. Provoke's "block this creature this
    combat if able" (CR 702.39a) is the same requirement (one combat per turn here)."""

    what: Ref
    attacker: Ref = This()


@dataclass(frozen=True)
class Cb2LureThisTurn:
    """"All creatures able to block [what] this turn do so." (CR 509.1c)"""

    what: Ref


@dataclass(frozen=True)
class Cb2AttackRequirement:
    """"[what] attacks this turn if able." (CR 508.1d)"""

    what: Ref


Effect = Union[Effect, Cb2BlockRequirement, Cb2LureThisTurn, Cb2AttackRequirement]   # combat2
KEYWORDS = KEYWORDS + ("rampage", "afflict", "annihilator", "battle cry", "dethrone", "melee", "mentor",
                       "skulk", "provoke")   # combat2: N for rampage, afflict, annihilator


@dataclass(frozen=True)
class Cb2CondInCombat:
    """combat2: "as long as it's attacking" / "as long as ~ is blocking" (CR 506.4, 611.3a): the
    source permanent is an attacking (``state`` "attacking") or blocking creature."""

    state: str


@dataclass(frozen=True)
class Cb2Poison:
    """combat2: "[who] gets N poison counter(s)" (CR 122.1f; ten or more: CR 704.5c)."""

    who: Ref
    amount: Amount = 1


@dataclass(frozen=True)
class Cb2RemoveFromCombat:
    """combat2: "remove [what] from combat" (CR 506.4)."""

    what: Ref


@dataclass(frozen=True)
class Cb2IgnoreDefender:
    """combat2: "[what] can attack this turn as though it didn't have defender" (CR 702.3b)."""

    what: Ref


Effect = Union[Effect, Cb2Poison, Cb2RemoveFromCombat, Cb2IgnoreDefender]   # combat2


@dataclass(frozen=True)
class Combat2BlockersBeyondFirst:
    """combat2: an amount (CR 702.23a rampage, "for each creature blocking it beyond the
    first"): the creatures blocking the source beyond the first, counted once as the effect
    resolves (CR 702.23b, 608.2h)."""


@dataclass(frozen=True)
class Combat2OpponentsAttacked:
    """combat2: melee's amount (CR 702.121a): the opponents the controller attacked with a
    creature this combat (attacking a planeswalker is not attacking its controller, CR 506.3)."""


# ---- chars (wave 4): characteristics changed until end of turn (CR 613, 611.2) ----------------

@dataclass(frozen=True)
class CharsSwitchPT:
    """chars: "Switch [what]'s power and toughness until end of turn." (CR 613.4d: layer 7d,
    after every other power/toughness effect and counters; two switches cancel out)."""

    what: Ref


@dataclass(frozen=True)
class CharsSetColor:
    """chars: "[what] becomes [colours] / colorless / the color of your choice until end of turn"
    (CR 613.1e: layer 5, the new colours replace the old ones, CR 105.3). ``colors``: the colours
    ("W", ...; () = colorless); ``choice``: the controller of the ability chooses one colour as it
    resolves (CR 105.4: a colour, not colorless) — a free choice in Judge Tower too (JT-C1..C3
    force only "may", numbers and counts, R9)."""

    what: Ref
    colors: tuple[str, ...] = ()
    choice: bool = False


@dataclass(frozen=True)
class CharsCreatureTypeChoice:
    """chars: "[what] becomes the creature type of your choice until end of turn" (CR 205.1a,
    613.1d: layer 4; the chosen type replaces all its creature types, other subtypes are kept;
    CR 205.3m: one existing creature type). A free choice in Judge Tower (R9 forces no type)."""

    what: Ref


@dataclass(frozen=True)
class CharsProtectionChoice:
    """chars: "[what] gains protection from the color of your choice until end of turn"
    (CR 702.16a, 613.1f: layer 6). The colour is chosen as the ability resolves by its
    controller (CR 608.2d); a free choice in Judge Tower (JT-C1..C3 / R9 do not force a colour)."""

    what: Ref


@dataclass(frozen=True)
class CharsLoseKeywords:
    """chars: "[what] loses KEYWORDS until end of turn" (CR 613.1f: layer 6, applied in
    timestamp order with the effects that grant the same abilities, CR 613.7)."""

    what: Ref
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class CharsAnimateReplace:
    """chars: "~ becomes a N/N [colours] [subtypes] artifact creature [with KEYWORDS] until end of
    turn" with no "It's still a ...": the object's card types become ``spec.types`` (CR 205.1b:
    the new types replace the old; subtypes of lost types go too), colours set (613.1e),
    keywords added (613.1f), base P/T set (613.4b). ``spec``: the man-land IR, its ``what``."""

    spec: "BecomeCreature"


@dataclass(frozen=True)
class CharsPlayerKeyword:
    """chars: "You have hexproof." (CR 702.11d) / "You have shroud." (CR 702.18a): a static
    ability of a permanent; its controller can't be the target of spells or abilities their
    opponents control (hexproof) / of any spell or ability (shroud)."""

    keyword: str


@dataclass(frozen=True)
class CharsEveryCreatureType:
    """chars: "[Equipped/Enchanted creature] is every creature type" (CR 205.3m, 613.1d: layer 4,
    in timestamp order with the other type-changing effects, CR 613.7)."""

    affected: Ref


@dataclass(frozen=True)
class CharsStaticBasePT:
    """chars: "[Enchanted/Equipped creature] has base power and toughness P/T" (CR 613.4b: layer
    7b, in timestamp order with the other effects that set base power and toughness)."""

    affected: Ref
    power: int
    toughness: int


@dataclass(frozen=True)
class CharsProtectionChosen:
    """chars: "~ / Enchanted creature has protection from the chosen color" (CR 702.16a, layer 6,
    613.1f): the colour chosen as the permanent entered (CR 614.12). ``chosen`` (a Filter with
    ``chosen="color"``) lets the compiler require the "As ~ enters, choose a color" line."""

    affected: Ref
    chosen: Filter = Filter(chosen="color")


@dataclass(frozen=True)
class CharsStaticAddTypes:
    """chars: "[Enchanted permanent] is a creature / an Angel in addition to its other types"
    (CR 205.1b, 613.1d: layer 4, with the source's timestamp, CR 613.7)."""

    affected: Ref
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


StaticEffect = Union[StaticEffect, CharsStaticAddTypes]   # chars
StaticEffect = Union[StaticEffect, CharsPlayerKeyword, CharsEveryCreatureType, CharsStaticBasePT,
                     CharsProtectionChosen]   # chars


@dataclass(frozen=True)
class CharsChangeTarget:
    """chars: "Change the target of target spell with a single target." (CR 115.7a): the
    controller of this effect changes that spell's target to another legal target for it (as if
    that spell's controller chose it, CR 115.7a); with no other legal target, the target is
    unchanged. A free choice in Judge Tower (only the new target is chosen; the change itself is
    not optional, so JT-C1 has nothing to force)."""

    what: Ref


#: chars: "ward" -> a mana cost ("{2}") or "life:N" (CR 702.21a)
KEYWORDS = KEYWORDS + ("ward",)
#: chars: "chars_becomes_target_opp": ``subject`` (This) becomes the target of a spell or ability
#: an opponent controls. "that spell or ability" is the trigger object, "that player" its
#: controller (CR 603.2, 115.1)
TRIGGER_EVENTS = TRIGGER_EVENTS + ("chars_becomes_target_opp",)   # chars


@dataclass(frozen=True)
class CharsWardCounter:
    """chars: ward's triggered ability (CR 702.21a): "counter that spell or ability unless that
    player pays [cost]". ``cost``: a mana cost, or "life:N". Judge Tower: an "unless" payment
    is made when able (JT-C1, R9); mana is always payable (JT-G4, R4) and so is life (JT-G3, R3),
    so ward never counters in Judge Tower: the payment is announced (JT-G10)."""

    cost: str


@dataclass(frozen=True)
class CharsSetBasePT:
    """chars: "[what] has base power and toughness P/T until end of turn" (CR 613.4b, 611.2)."""

    what: Ref
    power: int
    toughness: int


@dataclass(frozen=True)
class CharsBecomeColoredType:
    """chars: "Until end of turn, [what] becomes a blue Serpent with base power and toughness
    5/5." (CR 611.2): its creature types become ``subtype`` (CR 205.1a, layer 4), its colours
    ``colors`` (105.3, layer 5), its base power and toughness P/T (613.4b, layer 7b)."""

    what: Ref
    colors: tuple[str, ...]
    subtype: str
    power: int
    toughness: int


Effect = Union[Effect, CharsBecomeColoredType, CharsSetBasePT, CharsWardCounter, CharsChangeTarget, CharsAnimateReplace, CharsSwitchPT, CharsSetColor, CharsCreatureTypeChoice, CharsProtectionChoice,
               CharsLoseKeywords]   # chars


# ---- trigstate (wave 4): triggers, untap/turn state, static game-rule changes ----------------

@dataclass(frozen=True)
class TsSkipYourNextUntap:
    """trigstate: "[what] doesn't untap during your next untap step" (CR 502.3): in the next
    untap step of the ability's controller, the objects (a group is read then, not now: the
    effect doesn't change characteristics, CR 611.2c) they control don't untap."""

    what: Ref


Effect = Union[Effect, TsSkipYourNextUntap]   # trigstate




@dataclass(frozen=True)
class TsSkipNextTurn:
    """trigstate: "[who] skips their next turn" (CR 614.10, 614.10a: a replacement effect; each
    such effect skips one turn)."""

    who: Ref


Effect = Union[Effect, TsSkipNextTurn]   # trigstate


@dataclass(frozen=True)
class TsStateTrigger(Trigger):
    """trigstate: a state trigger (CR 603.8), event "ts_state": "When you control no Islands,
    ...". ``state`` is a structured condition (conds: CondCount ...) about the ability's
    controller; the ability triggers whenever it is true, and not again while it is waiting to be
    put on the stack or is on the stack. (Not an intervening "if": not checked on resolution.)"""

    state: object = None


@dataclass(frozen=True)
class TsSacrificeUnless:
    """trigstate: "sacrifice [what] unless you [action]" (CR 118.12): ``action`` "return"
    (return a permanent you control matching ``filter`` to its owner's hand, chosen as it
    resolves, CR 115.10), "discard" (a card of the player's choice matching ``filter``, zone
    "hand") or "discard_random" (discard a card at random, CR 701.9a)."""

    what: Ref
    action: str
    filter: "Filter | None" = None


Effect = Union[Effect, TsSacrificeUnless]   # trigstate


@dataclass(frozen=True)
class TsOthersEnterTapped:
    """trigstate: "[filter] enter the battlefield tapped." (CR 614.1c; the permanent with the
    ability applies it to itself too when it matches, CR 614.12)."""

    filter: Filter


StaticEffect = Union[StaticEffect, TsOthersEnterTapped]   # trigstate


@dataclass(frozen=True)
class TsAdditionalLands:
    """trigstate: "You may play N additional land(s) this turn" (an effect) / "on each of your
    turns" (a static ability of a permanent you control) (CR 305.2a, 305.2b)."""

    n: int = 1


Effect = Union[Effect, TsAdditionalLands]   # trigstate
StaticEffect = Union[StaticEffect, TsAdditionalLands]   # trigstate


@dataclass(frozen=True)
class TsSpellLimit:
    """trigstate: "Each player can't cast more than N spell(s) each turn." (CR 101.2: a "can't"
    beats any permission; spells cast before it came into play this turn count too)."""

    n: int = 1


StaticEffect = Union[StaticEffect, TsSpellLimit]   # trigstate


@dataclass(frozen=True)
class TsEnteringNoTriggers:
    """trigstate: "[filter] entering the battlefield don't cause abilities to trigger." (CR
    603.6a: no ability triggers on such an object entering, its own included; replacement
    effects such as "enters with counters" still apply, CR 614.1c)."""

    filter: Filter


StaticEffect = Union[StaticEffect, TsEnteringNoTriggers]   # trigstate


@dataclass(frozen=True)
class TsDelayedSacrifice:
    """trigstate: "Sacrifice that creature at the beginning of the next end step." (CR 603.7a:
    a delayed triggered ability set up as the spell resolves; it refers to the permanent the
    object ``what`` became, CR 400.7, and its controller sacrifices it if they still control it,
    CR 701.21a)."""

    what: Ref


@dataclass(frozen=True)
class TsSacrificeThose:
    """trigstate: the effect of that delayed trigger: sacrifice the remembered permanents."""

    what: Ref


Effect = Union[Effect, TsDelayedSacrifice, TsSacrificeThose]   # trigstate


@dataclass(frozen=True)
class TsCumulativeCost:
    """trigstate: the cost of "Cumulative upkeep {G} or {W}" (``options``: for each age counter,
    one of these mana costs) or "Cumulative upkeep—Pay 2 life" (``life`` per age counter)
    (CR 702.24a); the argument of Keyword("cumulative upkeep") instead of a mana string."""

    options: tuple[str, ...] = ()
    life: int = 0


# ---------------------------------------------------------------------------
# actcost: activated abilities' restrictions and costs (CR 602.5, 118.3)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ActcostCondCreatureDied:
    """"a creature died this turn" (morbid, CR 207.2c; "dies", CR 700.4): any creature, anyone's."""


@dataclass(frozen=True)
class ActcostAddCommanderMana(AddMana):
    """"Add one mana of any color in your commander's color identity." (CR 903.4f): the engine
    plays no Commander games, so no player has a commander and no mana is added; it stays a
    mana ability (CR 605.1a) that adds nothing (no mana unit for automatic payment)."""


@dataclass(frozen=True)
class ActcostKeepMana:
    """"Until end of turn, you don't lose this mana as steps and phases end." (CR 106.4a): the
    mana the instruction before it added (in the same resolution) stays in the pool until the
    end of the turn. Kept per colour; the engine spends the pool's other mana of that colour
    first (the payer's best choice: it can only keep more mana)."""


@dataclass(frozen=True)
class ActcostCountersRemoved:
    """"for each charge counter removed this way": how many counters of ``kind`` the cost
    "Remove any number of [kind] counters from ~" removed (CR 118.3) as this ability was
    activated (a mana ability with {T} in its cost: it resolves at once, CR 605.3a)."""

    kind: str


@dataclass(frozen=True)
class ActcostIfActivated:
    """"If this ability has been activated N or more times this turn, [effects]": the
    activations of the resolving ability of its source this turn, counted as it resolves
    (CR 608.2c); only in an activated ability."""

    n: int
    effects: tuple


@dataclass(frozen=True)
class ActcostCondSelf:
    """An activation restriction on the permanent itself (CR 602.5): ``what`` "attacking" ("if ~
    is attacking", CR 506.4) or "power" ("if ~'s power is N or greater", ``n``, CR 208.1)."""

    what: str
    n: int = 0


@dataclass(frozen=True)
class ActcostCondAttackedThisTurn:
    """"if you attacked this turn": you declared one or more attacking creatures this turn
    (CR 508.1)."""


@dataclass(frozen=True)
class ActcostManaTrigger:
    """"Whenever enchanted land / a Forest is tapped for mana, its controller adds an additional
    {G}.": a triggered mana ability (CR 605.1b): it triggers when a mana ability of that land with
    {T} in its cost is activated (CR 106.12) and resolves at once, adding ``mana`` (letters) to the
    pool of the land's controller. ``kind``: "enchanted" (the permanent it enchants) or "filter"."""

    kind: str
    filter: "Filter | None"
    mana: str


# ---------------------------------------------------------------------------
# replace: replacement and prevention effects, damage and life arithmetic (CR 614, 615, 120, 119)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplCounterExile(CounterSpell):
    """replace: "Counter [what] [unless its controller pays {N}]. If that spell is countered this
    way, exile it instead of putting it into its owner's graveyard." (CR 701.6a, 614.1a): the
    countered card goes to exile."""


@dataclass(frozen=True)
class ReplExileIfDies:
    """replace: "If that creature [or planeswalker] would die this turn, exile it instead."
    (CR 614.1a, 700.4): a replacement effect on the objects ``what`` for the rest of the turn;
    ``kinds``: the card types the object must have when it would die."""

    what: Ref
    kinds: tuple[str, ...] = ("Creature",)


@dataclass(frozen=True)
class ReplDamagedExileIfDies:
    """replace: "[effects that deal damage]. If a creature/permanent dealt damage this way would
    die this turn, exile it instead." (CR 614.1a, 700.4, 120.3): each permanent dealt damage by
    ``effects`` is exiled instead of dying this turn (``kinds`` as in ReplExileIfDies)."""

    effects: tuple
    kinds: tuple[str, ...] = ("Creature",)


@dataclass(frozen=True)
class ReplAllExileIfDies:
    """replace: "If a creature would die this turn, exile it instead." (CR 614.1a): every
    creature, for the rest of the turn."""

    kinds: tuple[str, ...] = ("Creature",)


@dataclass(frozen=True)
class ReplIfKickedInstead:
    """replace: "[effect]. If this spell was kicked, [same effect with other numbers] instead."
    (CR 702.33d, 608.2c): ``kicked`` replaces ``normal`` when the kicker cost was paid."""

    normal: tuple
    kicked: tuple


@dataclass(frozen=True)
class ReplDrain:
    """replace: "[who] loses N life. You gain life equal to the life lost this way." (CR 119.3,
    608.2c): ``lose`` is carried out and ``gainer`` gains the total life actually lost (an event
    of a finite amount even with an infinite life total, R3)."""

    lose: "LoseLife"
    gainer: Ref


@dataclass(frozen=True)
class ToughnessOf:
    """replace: "equal to its toughness" / "that creature's toughness" / "the sacrificed
    creature's toughness": the toughness of ``ref`` (last known information if it left, CR
    608.2h; a negative toughness counts as 0, CR 107.1b)."""

    ref: Ref


Amount = Union[Amount, ToughnessOf]   # replace
Effect = Union[Effect, ReplCounterExile, ReplExileIfDies, ReplDamagedExileIfDies, ReplAllExileIfDies,
               ReplIfKickedInstead, ReplDrain]   # replace


@dataclass(frozen=True)
class ReplLifeFloor:
    """replace: "[If you control a creature,] damage that would reduce your life total to less
    than N reduces it to N instead." (CR 614.1a, 120.3a: the damage is dealt in full, only the
    life loss changes). Judge Tower: an infinite total is never reduced (JT-G3, R3)."""

    n: int
    if_creature: bool = False


@dataclass(frozen=True)
class ReplGainMore:
    """replace: "If you would gain life, you gain that much life plus N instead." (``plus``) /
    "... twice that much life instead." (``double``) (CR 614.1a, 119.3)."""

    plus: int = 0
    double: bool = False


StaticEffect = Union[StaticEffect, ReplLifeFloor, ReplGainMore]   # replace


@dataclass(frozen=True)
class ReplRedirectNext:
    """replace: "The next N damage that would be dealt to ~ this turn is dealt to [to] instead."
    (a redirection effect, CR 614.9, working like a shield, CR 615.7)."""

    amount: "Amount"
    to: Ref
    from_: Ref = This()


Effect = Union[Effect, ReplRedirectNext]   # replace


@dataclass(frozen=True)
class ReplDoubleTokens:
    """replace: "If an effect would create one or more tokens under your control, it creates twice
    that many of those tokens instead." (CR 614.1a, 111.2)."""


StaticEffect = Union[StaticEffect, ReplDoubleTokens]   # replace


@dataclass(frozen=True)
class SacrificedStat:
    """replace: "the sacrificed creature's power/toughness" (``stat``): the creature sacrificed to
    pay this spell's or ability's cost, or by its instruction (last known information, CR 608.2h,
    112.7a; 0 if nothing was sacrificed)."""

    stat: str


Amount = Union[Amount, SacrificedStat]   # replace


@dataclass(frozen=True)
class ReplStaticPrevent:
    """replace: static prevention (CR 615.1a, 604.2): "Prevent all [combat] damage that would be
    dealt by enchanted creature." / "... dealt to ~ [by FILTER]." / "... dealt to and dealt by
    enchanted creature." ``to`` / ``by``: "self", "enchanted", "equipped" or "" (any);
    ``by_filter``: the sources it applies to; ``to_and_by``: damage to or by the object."""

    combat: bool = False
    to: str = ""
    by: str = ""
    by_filter: "Filter | None" = None
    to_and_by: bool = False


StaticEffect = Union[StaticEffect, ReplStaticPrevent]   # replace


@dataclass(frozen=True)
class ReplCounterUnlessPaysPer:
    """replace: "Counter [what] unless its controller pays {1} for each [counted]." (CR 701.6a,
    118.12): the cost is ``mana`` repeated ``per`` times, counted as it resolves (CR 608.2h).
    Judge Tower: the controller pays when able (JT-C1, R9) and always can (JT-G4)."""

    what: Ref
    mana: str
    per: "Amount"


Effect = Union[Effect, ReplCounterUnlessPaysPer]   # replace


@dataclass(frozen=True)
class ReplPreventThen:
    """replace: "[prevention]. You gain life equal to the damage prevented this way." (``gain``) /
    "For each 1 damage prevented this way, put a +1/+1 counter on that creature." (``counters_on``)
    (CR 615.5: the rest of the effect happens right after each prevention)."""

    prevent: object
    gain: bool = False
    counters_on: "Ref | None" = None


Effect = Union[Effect, ReplPreventThen]   # replace


@dataclass(frozen=True)
class ReplExileIfDamagedBySelf:
    """replace: "If a creature dealt damage by ~ this turn would die, exile it instead." (a static
    replacement effect, CR 614.1a, 700.4; damage dealt this turn, CR 120.3)."""


StaticEffect = Union[StaticEffect, ReplExileIfDamagedBySelf]   # replace


@dataclass(frozen=True)
class ReplPreventNextFromChosen:
    """replace: "The next time a [red | artifact] source of your choice would deal damage to you
    this turn, prevent that damage." (CR 615.1a, 609.7a: the source is chosen as the effect
    resolves, among permanents and objects on the stack; the shield is used up the next time
    that source would deal damage to you). ``color``: a colour letter or ""; ``artifact``."""

    color: str = ""
    artifact: bool = False


@dataclass(frozen=True)
class ReplSelfDieExile:
    """replace: "If ~ would die, exile it instead." (CR 614.1a, 700.4)."""


Effect = Union[Effect, ReplPreventNextFromChosen]   # replace
StaticEffect = Union[StaticEffect, ReplSelfDieExile]   # replace


@dataclass(frozen=True)
class ReplDamageMod:
    """replace: "If [a source | a source you control | another red source you control | a spell]
    would deal damage to a permanent or player, it deals [double that damage | that much damage
    plus N | minus N] to that permanent or player instead." (CR 614.1a). ``yours``: only sources
    its controller controls; ``other``: not this object; ``color``: a colour letter or "";
    ``spell``: only spells; ``op``: "double" | "plus" | "minus"."""

    op: str
    n: int = 0
    yours: bool = False
    other: bool = False
    color: str = ""
    spell: bool = False


StaticEffect = Union[StaticEffect, ReplDamageMod]   # replace


@dataclass(frozen=True)
class ReplPreventSomeToYou:
    """replace: "If [a source an opponent controls | a red source | a creature | an artifact] would
    deal damage to you, prevent N of that damage." (CR 615.1a, 615.7-like reduction of each damage
    event). ``opp``: sources an opponent controls; ``color``; ``types``: "Creature"/"Artifact"."""

    n: int
    opp: bool = False
    color: str = ""
    types: tuple[str, ...] = ()


StaticEffect = Union[StaticEffect, ReplPreventSomeToYou]   # replace


@dataclass(frozen=True)
class ReplNoPreventionThisTurn:
    """replace: "Damage can't be prevented this turn." (CR 615.12: prevention effects, protection
    included, CR 702.16e, don't apply to damage dealt this turn)."""


@dataclass(frozen=True)
class ReplUnpreventable:
    """replace: "[effects that deal damage]. The damage can't be prevented." (CR 615.12)."""

    effects: tuple


Effect = Union[Effect, ReplNoPreventionThisTurn, ReplUnpreventable]   # replace


# ---- zones4: library, hand and graveyard effects (CR 401, 402, 404, 701) -----------------------

@dataclass(frozen=True)
class Zones4PutOnTopOfLibrary:
    """zones4: "Put [any number of / up to N] target [creature] card[s] from your graveyard on top
    of your library." (CR 401.1: a card goes to its owner's library; CR 401.4: several cards put
    into a library at once are arranged by their owner). Judge Tower: the shared graveyard and
    library (JT-G5, R5); the top of the shared library is not its bottom, so JT-G8 does not apply."""

    what: Ref


@dataclass(frozen=True)
class Zones4ExileGraveyard:
    """zones4: "Exile all cards from target player's graveyard." (CR 406.2, 404.1). Judge Tower:
    the shared graveyard is every player's graveyard (JT-G5, R5): all of it is exiled, the cards
    leaving it owned by that player."""

    who: Ref
    #: "Exile all cards from target player's hand and graveyard" (CR 406.2)
    hand: bool = False


@dataclass(frozen=True)
class Zones4PutChosenOnTop:
    """zones4: "put a [land] card from your graveyard on top of your library", the card chosen
    on resolution (CR 401.1, 608.2c). Judge Tower: the shared graveyard and library (JT-G5, R5)."""

    filter: Filter


@dataclass(frozen=True)
class Zones4DiscardHandDraw:
    """zones4: "Discard all the cards in your hand, then draw that many cards [plus one]."
    (CR 701.9a discard, 121.1 draw; "that many" = the number of cards discarded, CR 608.2c).
    Judge Tower: a short library is JT-E2/R19 (one draw instruction = one action)."""

    who: Ref
    plus: int = 0


@dataclass(frozen=True)
class Zones4ShuffleHandGraveyard:
    """zones4: "[Each player] shuffles their hand and graveyard into their library [, then draws
    seven cards]." (CR 701.24a; each player for their own part). Judge Tower: nothing is shuffled
    into the shared library: those cards are exiled instead (JT-G8, R7); the draws are one action
    per player in APNAP order (JT-G7, R19)."""

    who: Ref
    draw: int = 0


@dataclass(frozen=True)
class Zones4Learn:
    """zones4: Learn (CR 701.48a): "You may discard a card. If you do, draw a card. If you didn't
    discard a card, you may reveal a Lesson card you own from outside the game and put it into
    your hand." These games have no cards outside the game (no sideboard), so the Lesson option
    never finds a card: the only choice is discard-then-draw or nothing. Judge Tower: the "may" is
    taken when able (JT-C1, R9): with a card in hand, that player discards and draws."""

    who: Ref


@dataclass(frozen=True)
class Zones4ChooseFromHandExile:
    """zones4: after "[player] reveals their hand": "You choose a [nonland] card [with mana value N
    or greater] from it and exile that card." (CR 701.20a reveal, 406.2 exile; the choice is the
    controller's). Judge Tower: a choice among the revealed cards stays free (no JT rule forces which)."""

    who: Ref
    filter: Filter
    #: "Exile that card until ~ leaves the battlefield" (CR 610.3): linked to the source
    until_leaves: bool = False
    #: "You may choose ... from it. That player discards that card." (Extract the Truth): the
    #: choice is optional (CR 608.2c; Judge Tower: taken when able, JT-C1, R9) and the card is
    #: discarded (CR 701.9a) rather than exiled
    optional: bool = False
    discard: bool = False


@dataclass(frozen=True)
class Zones4ExileToOwnersGraveyard:
    """zones4 (processors): "[You may] put a card an opponent owns from exile into that player's
    graveyard." (CR 406.3, 404.1, 400.3: a card goes to its owner's graveyard). Judge Tower: the
    graveyard is shared (JT-G5, R5); exiled cards keep their owner (R20 piles)."""

    optional: bool = True


@dataclass(frozen=True)
class Zones4NoObject:
    """zones4: the antecedent left after "look at / reveal the top card of a library": a later
    "it" / "that card" would mean that card, which the IR does not express; a line whose IR
    contains this is refused (compiler.compile_line), never played on another object."""


@dataclass(frozen=True)
class Zones4LookTop:
    """zones4: "look at the top card of [whose] library" (``reveal`` False: only the controller
    sees it, hidden information, CR 401.2) / "[whose] reveals the top card of their library"
    (``reveal`` True: shown to everyone, CR 701.20a). A library action of one card (JT-E2, R19);
    Judge Tower: the card is held by the looker until the resolution ends (JT-G6, R6)."""

    whose: Ref
    reveal: bool = False


@dataclass(frozen=True)
class Zones4HandToBottom:
    """zones4: "put the cards in your hand on the bottom of your library in any order, then draw
    that many cards" (``all_hand`` True, ``draw`` True) / "put a card from your hand on the bottom
    of your library" (one chosen card). CR 401.4 (the owner orders them), 121.1. Judge Tower: the
    bottom of the shared library is exile (JT-G8, R7); the draw still counts the cards put."""

    who: Ref
    all_hand: bool = False
    draw: bool = False


@dataclass(frozen=True)
class Zones4Clash:
    """zones4: "Clash with an opponent. [If you win, EFFECTS.]" (CR 701.30): choose an opponent;
    each reveals the top card of their library (CR 701.30a/c), then in APNAP order each may put
    theirs on the bottom (CR 101.4); you win if your card's mana value is higher than the other
    (CR 701.30d). Judge Tower: the shared library: your revealed card is held by you (JT-G6, R6),
    so the opponent reveals the next one; "may put on the bottom" is taken when able (JT-C1, R9)
    and the bottom is exile (JT-G8, R7); each reveal is a library action (R19)."""

    win: tuple = ()


@dataclass(frozen=True)
class Zones4PutNthFromTop:
    """zones4: "put [object] into its owner's library Nth from the top" (CR 401.7: with fewer
    than N cards in that library, on the bottom instead; Judge Tower: the bottom of the shared
    library is exile, JT-G8, R7)."""

    what: Ref
    n: int


@dataclass(frozen=True)
class Zones4NoMaxHandSize:
    """zones4 (a static effect): "You have no maximum hand size." (``who`` "you") / "Players
    have no maximum hand size." ("each") (CR 402.2, 514.1: no discard to hand size in cleanup)."""

    who: str = "you"


@dataclass(frozen=True)
class Zones4ShuffleInstead:
    """zones4 (a static effect of the card itself): "If ~ would be put into a graveyard from
    anywhere, reveal ~ and shuffle it into its owner's library instead." (CR 614.1a replacement,
    701.20a reveal, 701.24a shuffle). Judge Tower: shuffled into the shared library: exiled
    instead (JT-G8, R7)."""


StaticEffect = Union[StaticEffect, Zones4NoMaxHandSize, Zones4ShuffleInstead]   # zones4


@dataclass(frozen=True)
class Zones4TopCardVisible:
    """zones4 (a static effect): "You may look at the top card of your library any time."
    (``who`` "you", ``reveal`` False), "Play with the top card of your library revealed." ("you",
    True), "Players play with the top card of their libraries revealed." ("each", True) (CR 401.5).
    Hidden information: looked at, the card is shown only to that player. Judge Tower: "your
    library" is the shared library (JT-G5, R5)."""

    who: str = "you"
    reveal: bool = False


StaticEffect = Union[StaticEffect, Zones4TopCardVisible]   # zones4


Effect = Union[Effect, Zones4PutOnTopOfLibrary, Zones4ExileGraveyard, Zones4DiscardHandDraw,
               Zones4ShuffleHandGraveyard, Zones4Learn, Zones4ChooseFromHandExile,
               Zones4ExileToOwnersGraveyard, Zones4LookTop, Zones4HandToBottom,
               Zones4PutChosenOnTop, Zones4Clash, Zones4PutNthFromTop]   # zones4
KEYWORDS = KEYWORDS + ("partner",)   # zones4: Partner (CR 702.124a: deck construction in Commander only)


# ---------------------------------------------------------------------------
# tokcount: keyword actions that create tokens or put counters (engine: rules/tokcount.py)
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TcFabricate:
    """Fabricate N's effect (CR 702.123a): "you may put N +1/+1 counters on it. If you don't,
    create N 1/1 colorless Servo artifact creature tokens." """

    n: int


@dataclass(frozen=True)
class TcAmass:
    """"Amass N" (CR 701.47a): an Army of ``subtype`` (printed "amass N": Zombie)."""

    n: int
    subtype: str = "Zombie"


@dataclass(frozen=True)
class TcPopulate:
    """"Populate" (CR 701.36a): a copy of a creature token you control."""


@dataclass(frozen=True)
class TcExplore:
    """"[permanent] explores" (CR 701.44a)."""

    what: Ref


@dataclass(frozen=True)
class TcConnive:
    """"[permanent] connives" (CR 701.50a)."""

    what: Ref


@dataclass(frozen=True)
class TcExtortDrain:
    """Extort's "each opponent loses 1 life and you gain life equal to the total life lost this
    way" (CR 702.101a)."""


@dataclass(frozen=True)
class TcDetain:
    """"Detain [permanents]" (CR 701.35a)."""

    what: Ref


@dataclass(frozen=True)
class TcGoad:
    """"Goad [creature]" (CR 701.15a)."""

    what: Ref


@dataclass(frozen=True)
class TcReconfigureAttach:
    """Reconfigure's first ability (CR 702.151a): attach this permanent to the target creature."""


@dataclass(frozen=True)
class TcReconfigureUnattach:
    """Reconfigure's second ability (CR 702.151a): unattach this permanent."""


#: tokcount: "reconfigure" -> its cost (CR 702.151a)
KEYWORDS = KEYWORDS + ("reconfigure",)

@dataclass(frozen=True)
class TcRemoveCountersAtEndOfCombat:
    """"remove N [kind] counters from it at end of combat" (CR 603.7a, 511.1): a delayed
    triggered ability about this permanent."""

    kind: str
    n: int


Effect = Union[Effect, TcDetain, TcGoad, TcReconfigureAttach, TcReconfigureUnattach,
               TcRemoveCountersAtEndOfCombat]   # tokcount


@dataclass(frozen=True)
class TcChampion:
    """Champion's first ability (CR 702.72a): "sacrifice it unless you exile another [filter]
    you control" (the exile is linked to its second ability, CR 702.72b)."""

    filter: Filter
    what: str


Effect = Union[Effect, TcChampion]   # tokcount


@dataclass(frozen=True)
class TcPutItsCounters:
    """"When ~ dies, put its counters on [object]": each counter it had as it last existed
    (CR 608.2h, 122.1)."""

    what: Ref


Effect = Union[Effect, TcPutItsCounters]   # tokcount

#: tokcount: "tc_damaged_by_self_dies": a creature (``subject``) dealt damage by the watcher this turn dies
#: (CR 700.4, 603.10a); "tc_second_draw": ``whose`` ("you") draws their second card this turn (CR 121.2)
TRIGGER_EVENTS = TRIGGER_EVENTS + ("tc_damaged_by_self_dies", "tc_second_draw")

#: tokcount: "tc_goaded": goaded by the controller of the static ability's source (CR 701.15b)
COMBAT_RULES = COMBAT_RULES + ("tc_goaded",)

#: tokcount: "devour" -> N (CR 702.82a); "sunburst" (CR 702.44a)
KEYWORDS = KEYWORDS + ("devour", "sunburst")


@dataclass(frozen=True)
class TcColorsSpent:
    """An amount: the number of colors of mana spent to cast this permanent's spell (CR 601.2h,
    702.44a); 0 if it didn't enter from the stack as a resolving spell."""


Amount = Union[Amount, TcColorsSpent]   # tokcount

Effect = Union[Effect, TcFabricate, TcAmass, TcPopulate, TcExplore, TcConnive, TcExtortDrain]   # tokcount
