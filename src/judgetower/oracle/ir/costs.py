"""Costs (CR 118, 602.1) and the costs of activated and mana abilities (CR 602.5, 605, 106)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .effects import AddMana

if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from .filters import Filter


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


@dataclass(frozen=True)
class CreatureDiedCondition:
    """"a creature died this turn" (morbid, CR 207.2c; "dies", CR 700.4): any creature, anyone's."""


@dataclass(frozen=True)
class AddCommanderMana(AddMana):
    """"Add one mana of any color in your commander's color identity." (CR 903.4f): the engine
    plays no Commander games, so no player has a commander and no mana is added; it stays a
    mana ability (CR 605.1a) that adds nothing (no mana unit for automatic payment)."""


@dataclass(frozen=True)
class KeepMana:
    """"Until end of turn, you don't lose this mana as steps and phases end." (CR 106.4a): the
    mana the instruction before it added (in the same resolution) stays in the pool until the
    end of the turn. Kept per colour; the engine spends the pool's other mana of that colour
    first (the payer's best choice: it can only keep more mana)."""


@dataclass(frozen=True)
class CountersRemoved:
    """"for each charge counter removed this way": how many counters of ``kind`` the cost
    "Remove any number of [kind] counters from ~" removed (CR 118.3) as this ability was
    activated (a mana ability with {T} in its cost: it resolves at once, CR 605.3a)."""

    kind: str


@dataclass(frozen=True)
class IfActivatedTimes:
    """"If this ability has been activated N or more times this turn, [effects]": the
    activations of the resolving ability of its source this turn, counted as it resolves
    (CR 608.2c); only in an activated ability."""

    n: int
    effects: tuple


@dataclass(frozen=True)
class ActivationSelfCondition:
    """An activation restriction on the permanent itself (CR 602.5): ``what`` "attacking" ("if ~
    is attacking", CR 506.4) or "power" ("if ~'s power is N or greater", ``n``, CR 208.1)."""

    what: str
    n: int = 0


@dataclass(frozen=True)
class AttackedThisTurnCondition:
    """"if you attacked this turn": you declared one or more attacking creatures this turn
    (CR 508.1)."""


@dataclass(frozen=True)
class ManaTrigger:
    """"Whenever enchanted land / a Forest is tapped for mana, its controller adds an additional
    {G}.": a triggered mana ability (CR 605.1b): it triggers when a mana ability of that land with
    {T} in its cost is activated (CR 106.12) and resolves at once, adding ``mana`` (letters) to the
    pool of the land's controller. ``kind``: "enchanted" (the permanent it enchants) or "filter"."""

    kind: str
    filter: "Filter | None"
    mana: str
