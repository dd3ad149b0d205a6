"""Effects: one instruction each, carried out in order (CR 608.2c, 701), and the effects of the
mechanic families (zone changes, library, tokens, counters, combat, copies, faces ...)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .abilities import TriggeredAbility
from .filters import Filter
from .references import This, You
from .triggers import Trigger

if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from . import Amount, Ref


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


@dataclass(frozen=True)
class SacrificeUnlessPay:
    """"Sacrifice [what] unless you pay [mana]" (CR 118.12a: "you may pay [mana]; if you don't,
    sacrifice [what]"); echo's effect (CR 702.30a). JT-C1: paid when able."""

    what: Ref
    mana: str


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


@dataclass(frozen=True)
class CreateTokenCopy:
    """"Create a token that's a copy of [what]" (CR 701.7, 707.2): the token's characteristics
    are the copiable values of the object (its printed or token-defined values, CR 707.2,
    111.3), read as the effect resolves (last known information if it has left, CR 608.2h)."""

    what: Ref
    amount: Amount = 1
    who: Ref = You()


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


@dataclass(frozen=True)
class Proliferate:
    """"Proliferate" (CR 701.34a): ``who`` chooses any number of permanents and/or players that
    have a counter and gives each one another counter of each kind already there. Shame
    (Judge Tower) is not a counter for game effects (JT-S5, R17) and is never chosen."""

    who: Ref = You()


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
class CastOnlyRestriction:
    """kwcast: "Cast this spell only ..." (CR 601.3: a rule or effect prohibits casting it
    otherwise). ``cond``: "attacked_this_step" (during the declare attackers step, and a creature
    was declared attacking you this step) | "another_spell_this_turn" (you've cast another spell
    this turn)."""

    cond: str


@dataclass(frozen=True)
class Monstrosity:
    """kw2: "Monstrosity N." (CR 701.37a): if this permanent isn't monstrous, put N +1/+1
    counters on it and it becomes monstrous. ``amount``: N, or X() ("Monstrosity X", the X
    paid in the activation cost, CR 107.3k)."""

    amount: Amount


@dataclass(frozen=True)
class RevealTopToHand:
    """"Reveal the top card of your library and put that card into your hand" (CR 701.20a; the
    card is put into the hand, not drawn, CR 121.1) (branch "misc")."""


@dataclass(frozen=True)
class AttachSelfTo:
    """auras2: "attach it to target creature you control" where "it" is the object with the
    ability (CR 701.3a): the Equipment or Aura becomes attached to the target if it can be
    (CR 701.3b, 301.5c, 303.4d)."""

    what: Ref


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


@dataclass(frozen=True)
class Bolster:
    """counters2: "Bolster N" (CR 701.39a): choose a creature you control with the least
    toughness (or tied for it) among creatures you control; put N +1/+1 counters on it."""

    n: int


@dataclass(frozen=True)
class Adapt:
    """counters2: "Adapt N" (CR 701.46a): if this permanent has no +1/+1 counters on it, put N
    +1/+1 counters on it."""

    n: int


@dataclass(frozen=True)
class GetEnergy:
    """counters2: "you get {E}{E}" (CR 107.14, 122.1): ``n`` energy counters for each player
    of ``who``."""

    who: Ref
    n: int


@dataclass(frozen=True)
class PayEnergy:
    """counters2: "pay {E}{E}" as an instruction ("you may pay {E}{E}. If you do, ...", CR 118.12,
    107.14): remove ``n`` energy counters from the controller; can't be paid in part (CR 118.3)."""

    n: int


# exilecast: cards played from exile and time counters (CR 406, 702.62 suspend)
# =============================================================================================

@dataclass(frozen=True)
class ExileSelfWithTime:
    """"Exile ~ with N time counters on it." (CR 406.3, 122.1): the resolving spell (or the
    permanent) is exiled with N time counters; a card with suspend is then suspended
    (CR 702.62b)."""

    n: int


@dataclass(frozen=True)
class MayPlayExiled:
    """"Until end of turn, you may play that card." after "Exile the top card of your library"
    (CR 601.2a, 305.1): the controller may play (``cast_only``: cast) the cards the previous
    instruction exiled, until the end of this turn (``until`` "end_of_turn"), of their next
    turn ("next_turn"), or until the beginning of their next upkeep ("next_upkeep"). Those cards
    stay referenced meanwhile (R20)."""

    until: str = "end_of_turn"
    cast_only: bool = False


@dataclass(frozen=True)
class Transform:
    """faces2: "Transform ~." (CR 701.27a): this permanent turns over to its other face; nothing
    happens to a permanent that isn't a transforming double-faced card (CR 701.27c, 712.9) or whose
    other face is an instant or sorcery (CR 701.27d); ignored if it already transformed since the
    ability was put on the stack (CR 701.27f)."""


@dataclass(frozen=True)
class Flip:
    """faces2: "Flip ~." (CR 710.2, 710.4): a flip card permanent uses its flipped characteristics
    from now on; flipping is one-way; nothing happens to another permanent (CR 710.1a)."""


@dataclass(frozen=True)
class ReturnTransformed:
    """faces2: "Return it [~] to the battlefield transformed under your [its owner's] control"
    (CR 712.14a): the card enters with its back face up; a card that isn't a transforming double-faced card stays
    where it is (CR 712.14a). ``what``: the card (an object reference, as `ReturnToBattlefield`);
    ``under``: "you" | "owner"."""

    what: object
    under: str = "you"


@dataclass(frozen=True)
class OnceEachTurnTrigger(TriggeredAbility):
    """turnflow: a triggered ability followed by "This ability triggers only once each turn."
    (CR 603.2, 603.2h: it triggers only if it has not yet triggered this turn; CR 400.7: a new
    object is a new object, with its own count). A TriggeredAbility in every other respect."""


@dataclass(frozen=True)
class CityBlessingCondition:
    """turnflow: "if you have the city's blessing" / "as long as you have the city's blessing"
    (CR 702.131c: a designation a player keeps for the rest of the game, given by ascend)."""


@dataclass(frozen=True)
class SearchNamed:
    """turnflow: "[who] searches their library for a card named [name], reveals it, puts it into
    their hand, then shuffles" (CR 702.124j partner with, 701.23a search, 701.20a reveal, 701.24a
    shuffle). ``name``: as printed; matched ignoring case and accents. Judge Tower: the shared
    library is not searched and not shuffled (JT-G8, R7)."""

    who: Ref
    name: str


@dataclass(frozen=True)
class ModifyPTWhileTapped:
    """turnflow: "[what] gets +P/+T [and has KEYWORDS] for as long as ~ remains tapped"
    (CR 611.2b: a "for as long as" duration; the effect ends as soon as this object is untapped
    or leaves the battlefield, and does nothing if that is already so as it would begin; layer
    7c / 6, CR 613.4c, 613.1f)."""

    what: Ref
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class DoesntUntapWhileTapped:
    """turnflow: "[what] doesn't untap during its controller's untap step for as long as ~
    remains tapped" (CR 502.3, 611.2b; 611.2c: the affected set is locked in as it resolves)."""

    what: Ref


@dataclass(frozen=True)
class GainControlWhileTapped:
    """turnflow: "Gain control of [what] for as long as [you control ~ and] ~ remains tapped"
    (CR 613.1b layer 2, 611.2b: control ends as soon as this object is untapped, leaves the
    battlefield or, with ``you_control``, changes controller)."""

    what: Ref
    you_control: bool = False


@dataclass(frozen=True)
class FullPartyCondition:
    """turnflow: "if you have a full party" (CR 700.8c: four creatures in your party)."""


@dataclass(frozen=True)
class SoulbondTrigger(TriggeredAbility):
    """turnflow: one of the two triggered abilities of soulbond (CR 702.95a): ``which`` "self"
    ("When this creature enters, if you control both this creature and another creature and both
    are unpaired, you may pair this creature with another unpaired creature you control ...") or
    "other" ("Whenever another creature you control enters, if you control both that creature
    and this one and both are unpaired, you may pair that creature with this creature ..."). The
    intervening "if" (CR 603.4) is checked by rules/turnflow.py."""

    which: str = "self"


@dataclass(frozen=True)
class SoulbondPair:
    """turnflow: soulbond's pairing (CR 702.95a-b), see SoulbondTrigger."""

    which: str = "self"


@dataclass(frozen=True)
class SearchLibraryReveal(SearchLibrary):
    """A tutor with more forms than SearchLibrary (library2): ``reveal`` (CR 701.20a: "reveal
    it" — the found cards are shown to all, otherwise they are not, CR 701.23e) and ``dest``
    also "graveyard" (Entomb) or "top" ("then shuffle and put that card on top": the found cards
    are left out of the shuffle, CR 701.24b, then put on top, in any order, CR 401.4).
    ``count`` ANY_NUMBER: "any number of" cards. ``name``: "a card named NAME" (lower case;
    "~": this object's name, CR 201.4b)."""

    reveal: bool = False
    name: str | None = None


@dataclass(frozen=True)
class RevealUntil:
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
class LookTopPutOnto:
    """"Look at the top N cards of your library. You may put a [filter] card from among them
    onto the battlefield [tapped]. Put the rest [rest_where]" (CR 701.20e, 401.4). JT-C1/JT-C4
    force the put when a card qualifies; the bottom is exile in Judge Tower (JT-G8, R7)."""

    amount: Amount
    filter: Filter
    tapped: bool = False
    rest: str = "bottom_random"


@dataclass(frozen=True)
class ShuffleGraveyardCardsIntoLibrary:
    """"Shuffle [cards] into your library" (CR 701.24a): every card is put into the library,
    then the library is shuffled once, even if none of them got there (CR 701.24c).
    Judge Tower: the cards are exiled instead and nothing is shuffled (JT-G8, R7)."""

    what: Ref


@dataclass(frozen=True)
class SearchLibraryAndGraveyard:
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
class LookTopSplitGraveyard:
    """"Look at the top N cards of your library. Put any number of them into your graveyard and
    the rest back on top of your library in any order." (CR 701.20e, 401.4; not a surveil, CR
    701.25: it does not say so). Judge Tower: a free split (JT-C6, R10)."""

    amount: Amount


# -- combat2: combat requirements from resolving spells and abilities (CR 508.1d, 509.1c) -------
@dataclass(frozen=True)
class BlockRequirement:
    """"[what] blocks [attacker] this turn if able" (CR 509.1c): each object of ``what`` must
    block the object ``attacker`` names this turn if able. Provoke's "block this creature this
    combat if able" (CR 702.39a) is the same requirement (one combat per turn here)."""

    what: Ref
    attacker: Ref = This()


@dataclass(frozen=True)
class LureThisTurn:
    """"All creatures able to block [what] this turn do so." (CR 509.1c)"""

    what: Ref


@dataclass(frozen=True)
class AttackRequirement:
    """"[what] attacks this turn if able." (CR 508.1d)"""

    what: Ref


@dataclass(frozen=True)
class InCombatCondition:
    """combat2: "as long as it's attacking" / "as long as ~ is blocking" (CR 506.4, 611.3a): the
    source permanent is an attacking (``state`` "attacking") or blocking creature."""

    state: str


@dataclass(frozen=True)
class GetPoison:
    """combat2: "[who] gets N poison counter(s)" (CR 122.1f; ten or more: CR 704.5c)."""

    who: Ref
    amount: Amount = 1


@dataclass(frozen=True)
class RemoveFromCombat:
    """combat2: "remove [what] from combat" (CR 506.4)."""

    what: Ref


@dataclass(frozen=True)
class IgnoreDefender:
    """combat2: "[what] can attack this turn as though it didn't have defender" (CR 702.3b)."""

    what: Ref


@dataclass(frozen=True)
class BlockersBeyondFirst:
    """combat2: an amount (CR 702.23a rampage, "for each creature blocking it beyond the
    first"): the creatures blocking the source beyond the first, counted once as the effect
    resolves (CR 702.23b, 608.2h)."""


@dataclass(frozen=True)
class OpponentsAttacked:
    """combat2: melee's amount (CR 702.121a): the opponents the controller attacked with a
    creature this combat (attacking a planeswalker is not attacking its controller, CR 506.3)."""


# ---- chars (wave 4): characteristics changed until end of turn (CR 613, 611.2) ----------------

@dataclass(frozen=True)
class SwitchPT:
    """chars: "Switch [what]'s power and toughness until end of turn." (CR 613.4d: layer 7d,
    after every other power/toughness effect and counters; two switches cancel out)."""

    what: Ref


@dataclass(frozen=True)
class SetColor:
    """chars: "[what] becomes [colours] / colorless / the color of your choice until end of turn"
    (CR 613.1e: layer 5, the new colours replace the old ones, CR 105.3). ``colors``: the colours
    ("W", ...; () = colorless); ``choice``: the controller of the ability chooses one colour as it
    resolves (CR 105.4: a colour, not colorless) — a free choice in Judge Tower too (JT-C1..C3
    force only "may", numbers and counts, R9)."""

    what: Ref
    colors: tuple[str, ...] = ()
    choice: bool = False


@dataclass(frozen=True)
class CreatureTypeChoice:
    """chars: "[what] becomes the creature type of your choice until end of turn" (CR 205.1a,
    613.1d: layer 4; the chosen type replaces all its creature types, other subtypes are kept;
    CR 205.3m: one existing creature type). A free choice in Judge Tower (R9 forces no type)."""

    what: Ref


@dataclass(frozen=True)
class ProtectionChoice:
    """chars: "[what] gains protection from the color of your choice until end of turn"
    (CR 702.16a, 613.1f: layer 6). The colour is chosen as the ability resolves by its
    controller (CR 608.2d); a free choice in Judge Tower (JT-C1..C3 / R9 do not force a colour)."""

    what: Ref


@dataclass(frozen=True)
class LoseKeywords:
    """chars: "[what] loses KEYWORDS until end of turn" (CR 613.1f: layer 6, applied in
    timestamp order with the effects that grant the same abilities, CR 613.7)."""

    what: Ref
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class AnimateReplace:
    """chars: "~ becomes a N/N [colours] [subtypes] artifact creature [with KEYWORDS] until end of
    turn" with no "It's still a ...": the object's card types become ``spec.types`` (CR 205.1b:
    the new types replace the old; subtypes of lost types go too), colours set (613.1e),
    keywords added (613.1f), base P/T set (613.4b). ``spec``: the man-land IR, its ``what``."""

    spec: "BecomeCreature"


@dataclass(frozen=True)
class ChangeTarget:
    """chars: "Change the target of target spell with a single target." (CR 115.7a): the
    controller of this effect changes that spell's target to another legal target for it (as if
    that spell's controller chose it, CR 115.7a); with no other legal target, the target is
    unchanged. A free choice in Judge Tower (only the new target is chosen; the change itself is
    not optional, so JT-C1 has nothing to force)."""

    what: Ref


@dataclass(frozen=True)
class WardCounter:
    """chars: ward's triggered ability (CR 702.21a): "counter that spell or ability unless that
    player pays [cost]". ``cost``: a mana cost, or "life:N". Judge Tower: an "unless" payment
    is made when able (JT-C1, R9); mana is always payable (JT-G4, R4) and so is life (JT-G3, R3),
    so ward never counters in Judge Tower: the payment is announced (JT-G10)."""

    cost: str


@dataclass(frozen=True)
class SetBasePT:
    """chars: "[what] has base power and toughness P/T until end of turn" (CR 613.4b, 611.2)."""

    what: Ref
    power: int
    toughness: int


@dataclass(frozen=True)
class BecomeColoredType:
    """chars: "Until end of turn, [what] becomes a blue Serpent with base power and toughness
    5/5." (CR 611.2): its creature types become ``subtype`` (CR 205.1a, layer 4), its colours
    ``colors`` (105.3, layer 5), its base power and toughness P/T (613.4b, layer 7b)."""

    what: Ref
    colors: tuple[str, ...]
    subtype: str
    power: int
    toughness: int


# ---- trigstate (wave 4): triggers, untap/turn state, static game-rule changes ----------------

@dataclass(frozen=True)
class SkipYourNextUntap:
    """trigstate: "[what] doesn't untap during your next untap step" (CR 502.3): in the next
    untap step of the ability's controller, the objects (a group is read then, not now: the
    effect doesn't change characteristics, CR 611.2c) they control don't untap."""

    what: Ref


@dataclass(frozen=True)
class SkipNextTurn:
    """trigstate: "[who] skips their next turn" (CR 614.10, 614.10a: a replacement effect; each
    such effect skips one turn)."""

    who: Ref


@dataclass(frozen=True)
class StateTrigger(Trigger):
    """trigstate: a state trigger (CR 603.8), event "ts_state": "When you control no Islands,
    ...". ``state`` is a structured condition (conds: CountCondition ...) about the ability's
    controller; the ability triggers whenever it is true, and not again while it is waiting to be
    put on the stack or is on the stack. (Not an intervening "if": not checked on resolution.)"""

    state: object = None


@dataclass(frozen=True)
class SacrificeUnless:
    """trigstate: "sacrifice [what] unless you [action]" (CR 118.12): ``action`` "return"
    (return a permanent you control matching ``filter`` to its owner's hand, chosen as it
    resolves, CR 115.10), "discard" (a card of the player's choice matching ``filter``, zone
    "hand") or "discard_random" (discard a card at random, CR 701.9a)."""

    what: Ref
    action: str
    filter: "Filter | None" = None


@dataclass(frozen=True)
class AdditionalLands:
    """trigstate: "You may play N additional land(s) this turn" (an effect) / "on each of your
    turns" (a static ability of a permanent you control) (CR 305.2a, 305.2b)."""

    n: int = 1


@dataclass(frozen=True)
class DelayedSacrifice:
    """trigstate: "Sacrifice that creature at the beginning of the next end step." (CR 603.7a:
    a delayed triggered ability set up as the spell resolves; it refers to the permanent the
    object ``what`` became, CR 400.7, and its controller sacrifices it if they still control it,
    CR 701.21a)."""

    what: Ref


@dataclass(frozen=True)
class SacrificeThose:
    """trigstate: the effect of that delayed trigger: sacrifice the remembered permanents."""

    what: Ref


@dataclass(frozen=True)
class CumulativeCost:
    """trigstate: the cost of "Cumulative upkeep {G} or {W}" (``options``: for each age counter,
    one of these mana costs) or "Cumulative upkeep—Pay 2 life" (``life`` per age counter)
    (CR 702.24a); the argument of Keyword("cumulative upkeep") instead of a mana string."""

    options: tuple[str, ...] = ()
    life: int = 0


# ---- zones4: library, hand and graveyard effects (CR 401, 402, 404, 701) -----------------------

@dataclass(frozen=True)
class PutOnTopOfLibrary:
    """zones4: "Put [any number of / up to N] target [creature] card[s] from your graveyard on top
    of your library." (CR 401.1: a card goes to its owner's library; CR 401.4: several cards put
    into a library at once are arranged by their owner). Judge Tower: the shared graveyard and
    library (JT-G5, R5); the top of the shared library is not its bottom, so JT-G8 does not apply."""

    what: Ref


@dataclass(frozen=True)
class ExileGraveyard:
    """zones4: "Exile all cards from target player's graveyard." (CR 406.2, 404.1). Judge Tower:
    the shared graveyard is every player's graveyard (JT-G5, R5): all of it is exiled, the cards
    leaving it owned by that player."""

    who: Ref
    #: "Exile all cards from target player's hand and graveyard" (CR 406.2)
    hand: bool = False


@dataclass(frozen=True)
class PutChosenOnTop:
    """zones4: "put a [land] card from your graveyard on top of your library", the card chosen
    on resolution (CR 401.1, 608.2c). Judge Tower: the shared graveyard and library (JT-G5, R5)."""

    filter: Filter


@dataclass(frozen=True)
class DiscardHandDraw:
    """zones4: "Discard all the cards in your hand, then draw that many cards [plus one]."
    (CR 701.9a discard, 121.1 draw; "that many" = the number of cards discarded, CR 608.2c).
    Judge Tower: a short library is JT-E2/R19 (one draw instruction = one action)."""

    who: Ref
    plus: int = 0


@dataclass(frozen=True)
class ShuffleHandGraveyard:
    """zones4: "[Each player] shuffles their hand and graveyard into their library [, then draws
    seven cards]." (CR 701.24a; each player for their own part). Judge Tower: nothing is shuffled
    into the shared library: those cards are exiled instead (JT-G8, R7); the draws are one action
    per player in APNAP order (JT-G7, R19)."""

    who: Ref
    draw: int = 0


@dataclass(frozen=True)
class Learn:
    """zones4: Learn (CR 701.48a): "You may discard a card. If you do, draw a card. If you didn't
    discard a card, you may reveal a Lesson card you own from outside the game and put it into
    your hand." These games have no cards outside the game (no sideboard), so the Lesson option
    never finds a card: the only choice is discard-then-draw or nothing. Judge Tower: the "may" is
    taken when able (JT-C1, R9): with a card in hand, that player discards and draws."""

    who: Ref


@dataclass(frozen=True)
class ChooseFromHandExile:
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
class ExileToOwnersGraveyard:
    """zones4 (processors): "[You may] put a card an opponent owns from exile into that player's
    graveyard." (CR 406.3, 404.1, 400.3: a card goes to its owner's graveyard). Judge Tower: the
    graveyard is shared (JT-G5, R5); exiled cards keep their owner (R20 piles)."""

    optional: bool = True


@dataclass(frozen=True)
class TopCardLookedAt:
    """zones4: the antecedent left after "look at / reveal the top card of a library": a later
    "it" / "that card" would mean that card, which the IR does not express; a line whose IR
    contains this is refused (compiler.compile_line), never played on another object."""


@dataclass(frozen=True)
class LookTop:
    """zones4: "look at the top card of [whose] library" (``reveal`` False: only the controller
    sees it, hidden information, CR 401.2) / "[whose] reveals the top card of their library"
    (``reveal`` True: shown to everyone, CR 701.20a). A library action of one card (JT-E2, R19);
    Judge Tower: the card is held by the looker until the resolution ends (JT-G6, R6)."""

    whose: Ref
    reveal: bool = False


@dataclass(frozen=True)
class HandToBottom:
    """zones4: "put the cards in your hand on the bottom of your library in any order, then draw
    that many cards" (``all_hand`` True, ``draw`` True) / "put a card from your hand on the bottom
    of your library" (one chosen card). CR 401.4 (the owner orders them), 121.1. Judge Tower: the
    bottom of the shared library is exile (JT-G8, R7); the draw still counts the cards put."""

    who: Ref
    all_hand: bool = False
    draw: bool = False


@dataclass(frozen=True)
class Clash:
    """zones4: "Clash with an opponent. [If you win, EFFECTS.]" (CR 701.30): choose an opponent;
    each reveals the top card of their library (CR 701.30a/c), then in APNAP order each may put
    theirs on the bottom (CR 101.4); you win if your card's mana value is higher than the other
    (CR 701.30d). Judge Tower: the shared library: your revealed card is held by you (JT-G6, R6),
    so the opponent reveals the next one; "may put on the bottom" is taken when able (JT-C1, R9)
    and the bottom is exile (JT-G8, R7); each reveal is a library action (R19)."""

    win: tuple = ()


@dataclass(frozen=True)
class PutNthFromTop:
    """zones4: "put [object] into its owner's library Nth from the top" (CR 401.7: with fewer
    than N cards in that library, on the bottom instead; Judge Tower: the bottom of the shared
    library is exile, JT-G8, R7)."""

    what: Ref
    n: int


# tokcount: keyword actions that create tokens or put counters (engine: rules/tokcount.py)
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Fabricate:
    """Fabricate N's effect (CR 702.123a): "you may put N +1/+1 counters on it. If you don't,
    create N 1/1 colorless Servo artifact creature tokens." """

    n: int


@dataclass(frozen=True)
class Amass:
    """"Amass N" (CR 701.47a): an Army of ``subtype`` (printed "amass N": Zombie)."""

    n: int
    subtype: str = "Zombie"


@dataclass(frozen=True)
class Populate:
    """"Populate" (CR 701.36a): a copy of a creature token you control."""


@dataclass(frozen=True)
class Explore:
    """"[permanent] explores" (CR 701.44a)."""

    what: Ref


@dataclass(frozen=True)
class Connive:
    """"[permanent] connives" (CR 701.50a)."""

    what: Ref


@dataclass(frozen=True)
class ExtortDrain:
    """Extort's "each opponent loses 1 life and you gain life equal to the total life lost this
    way" (CR 702.101a)."""


@dataclass(frozen=True)
class Detain:
    """"Detain [permanents]" (CR 701.35a)."""

    what: Ref


@dataclass(frozen=True)
class Goad:
    """"Goad [creature]" (CR 701.15a)."""

    what: Ref


@dataclass(frozen=True)
class ReconfigureAttach:
    """Reconfigure's first ability (CR 702.151a): attach this permanent to the target creature."""


@dataclass(frozen=True)
class ReconfigureUnattach:
    """Reconfigure's second ability (CR 702.151a): unattach this permanent."""


@dataclass(frozen=True)
class RemoveCountersAtEndOfCombat:
    """"remove N [kind] counters from it at end of combat" (CR 603.7a, 511.1): a delayed
    triggered ability about this permanent."""

    kind: str
    n: int


@dataclass(frozen=True)
class Champion:
    """Champion's first ability (CR 702.72a): "sacrifice it unless you exile another [filter]
    you control" (the exile is linked to its second ability, CR 702.72b)."""

    filter: Filter
    what: str


@dataclass(frozen=True)
class PutItsCounters:
    """"When ~ dies, put its counters on [object]": each counter it had as it last existed
    (CR 608.2h, 122.1)."""

    what: Ref
