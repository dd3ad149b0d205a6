"""Static abilities' effects (CR 604, 611.3, 613): continuous effects, restrictions, game-rule changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .filters import Filter

if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from . import Amount, Ref


@dataclass(frozen=True)
class DoesntUntap:
    """"[affected] doesn't untap during its controller's untap step" (CR 502.3): a static
    ability; ``affected`` is This(), Enchanted(), Equipped() or All(filter)."""

    affected: Ref


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


@dataclass(frozen=True)
class GrantAbilities:
    """'Enchanted creature has "{T}: Add {G}."', 'Creatures you control have "..."': the quoted
    abilities are added to each affected object in layer 6 (CR 613.1f); they are that object's
    own abilities ("this creature" is that object, CR 201.5). Only activated abilities."""

    affected: Ref
    abilities: tuple = ()


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


@dataclass(frozen=True)
class SkipStep:
    """"Skip your draw step." (a static ability: a replacement effect, CR 614.1b, 614.10).
    ``step``: "draw"."""

    step: str


@dataclass(frozen=True)
class StatusKeywords:
    """kw2: "As long as this creature is monstrous [renowned], it has [keywords]." (CR 701.37b,
    702.112b; CR 611.3a: a static ability's effect applies while the condition holds, layer 6,
    CR 613.1f). ``status``: "kw2_monstrous" | "kw2_renowned"."""

    status: str
    keywords: tuple[str, ...]


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
class LevelBand:
    """counters2: a leveler's level symbol and its striation (CR 711.2a-b): "As long as this
    creature has at least ``low`` level counters on it, but no more than ``high`` (None: "N3+"),
    it has base power and toughness ``power``/``toughness`` and has [keywords]." Layer 7b and
    layer 6 (CR 613.4b, 613.1f). Only keyword abilities are supported in a striation."""

    low: int
    high: int | None
    power: int
    toughness: int
    keywords: tuple = ()   # (name, arg) pairs of ir.Keyword


@dataclass(frozen=True)
class ExileInstead:
    """faces2: "If this [card] would be put into a graveyard from anywhere, exile it instead."
    (a replacement effect of a static ability, CR 614.1a; it works wherever the object is, as
    long as it has the ability: a disturb card's back face has it only on the stack and the
    battlefield, CR 712.8a)."""


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


# turnflow: untap choice, once-each-turn triggers, conditional and party cost reductions
# =============================================================================================

@dataclass(frozen=True)
class MayNotUntap:
    """turnflow: "You may choose not to untap ~ during your untap step." (CR 502.3: the active
    player determines which of their permanents untap). A static ability of the permanent; the
    choice is asked in the untap step, only while the permanent is tapped. Judge Tower: R9/JT-C1
    (the option, "choose not to untap", is taken when able), see rules/turnflow.py."""


@dataclass(frozen=True)
class PairedBonus:
    """turnflow: "As long as ~ is paired with another creature, both creatures have [keywords] /
    each of those creatures gets +P/+T [and has ...]" (CR 702.95; layers 6 and 7c)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerKeyword:
    """chars: "You have hexproof." (CR 702.11c) / "You have shroud." (CR 702.18a): a static
    ability of a permanent; its controller can't be the target of spells or abilities their
    opponents control (hexproof) / of any spell or ability (shroud)."""

    keyword: str


@dataclass(frozen=True)
class EveryCreatureType:
    """chars: "[Equipped/Enchanted creature] is every creature type" (CR 205.3m, 613.1d: layer 4,
    in timestamp order with the other type-changing effects, CR 613.7)."""

    affected: Ref


@dataclass(frozen=True)
class StaticBasePT:
    """chars: "[Enchanted/Equipped creature] has base power and toughness P/T" (CR 613.4b: layer
    7b, in timestamp order with the other effects that set base power and toughness)."""

    affected: Ref
    power: int
    toughness: int


@dataclass(frozen=True)
class ProtectionChosen:
    """chars: "~ / Enchanted creature has protection from the chosen color" (CR 702.16a, layer 6,
    613.1f): the colour chosen as the permanent entered (CR 614.12). ``chosen`` (a Filter with
    ``chosen="color"``) lets the compiler require the "As ~ enters, choose a color" line."""

    affected: Ref
    chosen: Filter = Filter(chosen="color")


@dataclass(frozen=True)
class StaticAddTypes:
    """chars: "[Enchanted permanent] is a creature / an Angel in addition to its other types"
    (CR 205.1b, 613.1d: layer 4, with the source's timestamp, CR 613.7)."""

    affected: Ref
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True)
class OthersEnterTapped:
    """trigstate: "[filter] enter the battlefield tapped." (CR 614.1c; the permanent with the
    ability applies it to itself too when it matches, CR 614.12)."""

    filter: Filter


@dataclass(frozen=True)
class SpellLimit:
    """trigstate: "Each player can't cast more than N spell(s) each turn." (CR 101.2: a "can't"
    beats any permission; spells cast before it came into play this turn count too)."""

    n: int = 1


@dataclass(frozen=True)
class EnteringNoTriggers:
    """trigstate: "[filter] entering the battlefield don't cause abilities to trigger." (CR
    603.6a: no ability triggers on such an object entering, its own included; replacement
    effects such as "enters with counters" still apply, CR 614.1c)."""

    filter: Filter


@dataclass(frozen=True)
class NoMaxHandSize:
    """zones4 (a static effect): "You have no maximum hand size." (``who`` "you") / "Players
    have no maximum hand size." ("each") (CR 402.2, 514.1: no discard to hand size in cleanup)."""

    who: str = "you"


@dataclass(frozen=True)
class ShuffleInstead:
    """zones4 (a static effect of the card itself): "If ~ would be put into a graveyard from
    anywhere, reveal ~ and shuffle it into its owner's library instead." (CR 614.1a replacement,
    701.20a reveal, 701.24a shuffle). Judge Tower: shuffled into the shared library: exiled
    instead (JT-G8, R7)."""


@dataclass(frozen=True)
class TopCardVisible:
    """zones4 (a static effect): "You may look at the top card of your library any time."
    (``who`` "you", ``reveal`` False), "Play with the top card of your library revealed." ("you",
    True), "Players play with the top card of their libraries revealed." ("each", True) (CR 401.5).
    Hidden information: looked at, the card is shown only to that player. Judge Tower: "your
    library" is the shared library (JT-G5, R5)."""

    who: str = "you"
    reveal: bool = False
