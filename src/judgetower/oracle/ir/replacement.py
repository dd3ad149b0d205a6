"""Replacement and prevention effects, damage and life arithmetic (CR 614, 615, 120, 119)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .effects import CounterSpell
from .references import This

if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from . import Ref


@dataclass(frozen=True)
class CounterAndExile(CounterSpell):
    """replace: "Counter [what] [unless its controller pays {N}]. If that spell is countered this
    way, exile it instead of putting it into its owner's graveyard." (CR 701.6a, 614.1a): the
    countered card goes to exile."""


@dataclass(frozen=True)
class ExileIfDies:
    """replace: "If that creature [or planeswalker] would die this turn, exile it instead."
    (CR 614.1a, 700.4): a replacement effect on the objects ``what`` for the rest of the turn;
    ``kinds``: the card types the object must have when it would die."""

    what: Ref
    kinds: tuple[str, ...] = ("Creature",)


@dataclass(frozen=True)
class DamagedExileIfDies:
    """replace: "[effects that deal damage]. If a creature/permanent dealt damage this way would
    die this turn, exile it instead." (CR 614.1a, 700.4, 120.3): each permanent dealt damage by
    ``effects`` is exiled instead of dying this turn (``kinds`` as in ExileIfDies)."""

    effects: tuple
    kinds: tuple[str, ...] = ("Creature",)


@dataclass(frozen=True)
class AllExileIfDies:
    """replace: "If a creature would die this turn, exile it instead." (CR 614.1a): every
    creature, for the rest of the turn."""

    kinds: tuple[str, ...] = ("Creature",)


@dataclass(frozen=True)
class IfKickedInstead:
    """replace: "[effect]. If this spell was kicked, [same effect with other numbers] instead."
    (CR 702.33d, 608.2c): ``kicked`` replaces ``normal`` when the kicker cost was paid."""

    normal: tuple
    kicked: tuple


@dataclass(frozen=True)
class DrainLife:
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


@dataclass(frozen=True)
class LifeFloor:
    """replace: "[If you control a creature,] damage that would reduce your life total to less
    than N reduces it to N instead." (CR 614.1a, 120.3a: the damage is dealt in full, only the
    life loss changes). Judge Tower: an infinite total is never reduced (JT-G3, R3)."""

    n: int
    if_creature: bool = False


@dataclass(frozen=True)
class LifeGainReplacement:
    """replace: "If you would gain life, you gain that much life plus N instead." (``plus``) /
    "... twice that much life instead." (``double``) (CR 614.1a, 119.3)."""

    plus: int = 0
    double: bool = False


@dataclass(frozen=True)
class RedirectNext:
    """replace: "The next N damage that would be dealt to ~ this turn is dealt to [to] instead."
    (a redirection effect, CR 614.9, working like a shield, CR 615.7)."""

    amount: "Amount"
    to: Ref
    from_: Ref = This()


@dataclass(frozen=True)
class DoubleTokens:
    """replace: "If an effect would create one or more tokens under your control, it creates twice
    that many of those tokens instead." (CR 614.1a, 111.2)."""


@dataclass(frozen=True)
class SacrificedStat:
    """replace: "the sacrificed creature's power/toughness" (``stat``): the creature sacrificed to
    pay this spell's or ability's cost, or by its instruction (last known information, CR 608.2h,
    112.7a; 0 if nothing was sacrificed)."""

    stat: str


@dataclass(frozen=True)
class StaticPrevent:
    """replace: static prevention (CR 615.1a, 604.2): "Prevent all [combat] damage that would be
    dealt by enchanted creature." / "... dealt to ~ [by FILTER]." / "... dealt to and dealt by
    enchanted creature." ``to`` / ``by``: "self", "enchanted", "equipped" or "" (any);
    ``by_filter``: the sources it applies to; ``to_and_by``: damage to or by the object."""

    combat: bool = False
    to: str = ""
    by: str = ""
    by_filter: "Filter | None" = None
    to_and_by: bool = False


@dataclass(frozen=True)
class CounterUnlessPaysPer:
    """replace: "Counter [what] unless its controller pays {1} for each [counted]." (CR 701.6a,
    118.12): the cost is ``mana`` repeated ``per`` times, counted as it resolves (CR 608.2h).
    Judge Tower: the controller pays when able (JT-C1, R9) and always can (JT-G4)."""

    what: Ref
    mana: str
    per: "Amount"


@dataclass(frozen=True)
class PreventThen:
    """replace: "[prevention]. You gain life equal to the damage prevented this way." (``gain``) /
    "For each 1 damage prevented this way, put a +1/+1 counter on that creature." (``counters_on``)
    (CR 615.5: the rest of the effect happens right after each prevention)."""

    prevent: object
    gain: bool = False
    counters_on: "Ref | None" = None


@dataclass(frozen=True)
class ExileIfDamagedBySelf:
    """replace: "If a creature dealt damage by ~ this turn would die, exile it instead." (a static
    replacement effect, CR 614.1a, 700.4; damage dealt this turn, CR 120.3)."""


@dataclass(frozen=True)
class PreventNextFromChosen:
    """replace: "The next time a [red | artifact] source of your choice would deal damage to you
    this turn, prevent that damage." (CR 615.1a, 609.7a: the source is chosen as the effect
    resolves, among permanents and objects on the stack; the shield is used up the next time
    that source would deal damage to you). ``color``: a colour letter or ""; ``artifact``."""

    color: str = ""
    artifact: bool = False


@dataclass(frozen=True)
class SelfDieExile:
    """replace: "If ~ would die, exile it instead." (CR 614.1a, 700.4)."""


@dataclass(frozen=True)
class DamageMod:
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


@dataclass(frozen=True)
class PreventSomeToYou:
    """replace: "If [a source an opponent controls | a red source | a creature | an artifact] would
    deal damage to you, prevent N of that damage." (CR 615.1a, 615.7-like reduction of each damage
    event). ``opp``: sources an opponent controls; ``color``; ``types``: "Creature"/"Artifact"."""

    n: int
    opp: bool = False
    color: str = ""
    types: tuple[str, ...] = ()


@dataclass(frozen=True)
class NoPreventionThisTurn:
    """replace: "Damage can't be prevented this turn." (CR 615.12: prevention effects, protection
    included, CR 702.16e, don't apply to damage dealt this turn)."""


@dataclass(frozen=True)
class Unpreventable:
    """replace: "[effects that deal damage]. The damage can't be prevented." (CR 615.12)."""

    effects: tuple
