"""Amounts (CR 107.1, 107.3): numbers, X, and counted amounts (``Amount``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from . import Ref


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


@dataclass(frozen=True)
class PartySize:
    """turnflow: "the number of creatures in your party" (CR 700.8, 700.8a-b: up to one each of
    Cleric, Rogue, Warrior and Wizard creatures the player controls, counted the way that gives
    the highest number, 0 to 4)."""


#: library2: the count of "search your library for any number of ... cards" (no limit).
ANY_NUMBER = 10 ** 6


@dataclass(frozen=True)
class ColorsSpent:
    """An amount: the number of colors of mana spent to cast this permanent's spell (CR 601.2h,
    702.44a); 0 if it didn't enter from the stack as a resolving spell."""
