"""Filters and targets (CR 115): ``Filter`` describes objects by characteristics; ``TargetSpec`` is one
"target ..." phrase of an ability."""

from __future__ import annotations

from dataclasses import dataclass, field


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
