"""Abilities (CR 113): keyword, spell, activated, triggered and static abilities, additional and
alternative costs of spells, and the compiled card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from . import Ability, Amount, Effect, StaticEffect
    from .costs import Cost
    from .filters import TargetSpec
    from .triggers import Trigger


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


@dataclass(frozen=True)
class ExertAbility:
    """kw2: "You may exert this creature as it attacks. When you do, [effects]." (CR 701.43d):
    an optional cost to attack (CR 508.1g) and its linked reflexive triggered ability (CR 607.2h,
    603.12), with its own targets, chosen as it goes on the stack."""

    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class SelfCostReduction:
    """"This spell costs {N} less to cast for each [counted]": a cost reduction of the spell
    itself, counted as its total cost is determined (CR 601.2f, 118.7a: generic mana only, never
    below {0}) (branch "misc")."""

    generic: int
    per: Amount


@dataclass(frozen=True)
class SelfCostReductionIf:
    """turnflow: "This spell costs {N} less to cast if [condition]." (CR 601.2f, 118.7a: generic
    mana only, never below {0}); the condition (a structured one, rules/conditions.py) is read as
    the total cost is determined."""

    generic: int
    condition: object
