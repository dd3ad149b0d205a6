"""Conditions (CR 608.2c, 603.4, 611.3a): structured conditions of "if" and "as long as"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from . import Amount, Ref, StaticEffect
    from .filters import Filter


@dataclass(frozen=True)
class Conditional:
    """"If [condition], [effects]". ``condition`` is one of CONDITIONS."""

    condition: str
    effects: tuple["Effect", ...]


@dataclass(frozen=True)
class CountCondition:
    """"you control a Plains" (at least 1), "you control three or more artifacts", "you control
    no untapped lands" (at most 0), "seven or more cards are in your graveyard", "you have no
    cards in hand", "it has a +1/+1 counter on it": ``amount`` is counted each time the
    condition is checked and compared with ``at_least`` / ``at_most`` (None: no upper bound)."""

    amount: Amount
    at_least: int = 1
    at_most: int | None = None


@dataclass(frozen=True)
class LifeCondition:
    """"you have N or more life" (``at_least`` True) / "you have N or less life": the controller's
    life total. R3: an infinite life total compares as more than any number."""

    n: int
    at_least: bool


@dataclass(frozen=True)
class YourTurnCondition:
    """"it's your turn" / "it's not your turn" (``negate``): the controller is the active
    player (CR 102.1)."""

    negate: bool = False


@dataclass(frozen=True)
class IsCondition:
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

    condition: "CountCondition | LifeCondition | YourTurnCondition | IsCondition"
    effect: StaticEffect


@dataclass(frozen=True)
class CastMainPhaseCondition:
    """"if you cast this spell during your main phase" (addendum, an ability word CR 207.2c): the
    spell was cast during a main phase (CR 505.1) of its controller's turn. Read only on the
    spell itself (the compiler refuses it on permanents' abilities)."""


@dataclass(frozen=True)
class PermanentLeftCondition:
    """"if a permanent you controlled left the battlefield this turn" (revolt, CR 207.2c)."""


@dataclass(frozen=True)
class EntersChoice:
    """"As ~ enters, choose a color." / "... choose a creature type." (CR 614.12: a replacement
    effect; the choice is made as the permanent enters and is remembered by it, CR 607.2a-like
    links to "the chosen color", Filter.chosen, AddMana.chosen_color). ``what``: "color" |
    "creature_type"."""

    what: str


@dataclass(frozen=True)
class CardTypesCondition:
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


# ============================================================================ auras2
# auras2: auras and equipment beyond "enchant creature" (CR 301.5, 303.4, 613.1b, 701.3, 702.89)

@dataclass(frozen=True)
class AttachedToCondition:
    """auras2: "as long as ~ is equipped / enchanted / enchanted or equipped": an Equipment
    (CR 301.5) or an Aura (CR 303.4) is attached to the object with the ability. ``kinds``:
    subtypes of the attached permanents that count ("Equipment", "Aura")."""

    kinds: tuple[str, ...]
