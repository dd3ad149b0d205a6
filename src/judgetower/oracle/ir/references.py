"""Object and player references (CR 109, 115): which objects or players an effect touches (``Ref``)."""

from __future__ import annotations

from dataclasses import dataclass


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
