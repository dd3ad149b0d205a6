"""The keyword abilities the compiler knows (CR 702): ONE table, each keyword once, with what its
``Keyword.arg`` holds, its rule and its mechanic family (design/layout.md §4.1, §4.5 item 2).

``KEYWORDS`` (the names, in the table's order) is what ``ir.KEYWORDS`` was when it was a tuple
re-bound once per batch of work; the order is kept. Argument kinds:

* ``none``: no argument;
* ``N``: a number;
* ``mana``: a mana cost ("{2}{G}");
* ``mana_or_cost``: a mana cost, or a `Cost` when the keyword's cost is written with a dash
  ("Flashback—{1}{G}, Pay 3 life.", CR 702.34a; "Cycling—Pay 2 life.", CR 702.29a);
* ``colour``: a colour letter (protection from a colour);
* ``land_subtype``: a land subtype (landwalk);
* ``filter``: a `Filter` (what an Aura can enchant);
* ``N_or_none``: a number, or None without one (vanishing, CR 702.63b);
* ``typecycling``: (kind, mana cost), kind "basic land" or a basic land type (CR 702.29e);
* ``escape``: (mana cost, N other cards to exile from the graveyard) (CR 702.138a);
* ``prototype``: (mana cost, power, toughness) (CR 702.160a, 718.2);
* ``overload``: (mana cost, the CompiledCard of the text with "target" changed to "each", or None
  before the compiler fills it in) (CR 702.96a, 702.96c);
* ``splice``: ("arcane" | "instant or sorcery", mana cost) (CR 702.47a);
* ``ward``: a mana cost ("{2}") or "life:N" (CR 702.21a).

Families: the mechanic families of design/layout.md §4.1 (the same stem names
``oracle/mechanics/<family>`` and, later, ``rules/mechanics/<family>``), and ``core`` for the
keywords the core rules read directly (combat damage, layers, casting timing).
"""

from __future__ import annotations

from typing import NamedTuple


class KeywordInfo(NamedTuple):
    """One keyword ability: its name as printed (lower case), what ``Keyword.arg`` holds, its
    rule, its mechanic family."""

    name: str
    arg: str
    cr: str
    family: str


#: Every keyword the compiler knows, in the order ``ir.KEYWORDS`` has always had.
KEYWORD_TABLE: tuple[KeywordInfo, ...] = (
    KeywordInfo("flying", "none", "CR 702.9", "evasion"),
    KeywordInfo("first strike", "none", "CR 702.7", "core"),
    KeywordInfo("double strike", "none", "CR 702.4", "core"),
    KeywordInfo("trample", "none", "CR 702.19", "core"),
    KeywordInfo("deathtouch", "none", "CR 702.2", "core"),
    KeywordInfo("lifelink", "none", "CR 702.15", "core"),
    KeywordInfo("vigilance", "none", "CR 702.20", "core"),
    KeywordInfo("menace", "none", "CR 702.111", "evasion"),
    KeywordInfo("defender", "none", "CR 702.3", "core"),
    KeywordInfo("haste", "none", "CR 702.10", "core"),
    KeywordInfo("reach", "none", "CR 702.17", "evasion"),
    KeywordInfo("indestructible", "none", "CR 702.12", "core"),
    KeywordInfo("protection", "colour", "CR 702.16", "protection"),
    KeywordInfo("landwalk", "land_subtype", "CR 702.14", "evasion"),
    KeywordInfo("persist", "none", "CR 702.79", "returns"),
    KeywordInfo("kicker", "mana", "CR 702.33", "additional_costs"),
    KeywordInfo("multikicker", "mana", "CR 702.33c", "additional_costs"),
    KeywordInfo("buyback", "mana", "CR 702.27", "additional_costs"),
    KeywordInfo("equip", "mana", "CR 702.6", "attachments"),
    KeywordInfo("enchant", "filter", "CR 702.5", "attachments"),
    KeywordInfo("hideaway", "N", "CR 702.75", "enters"),
    KeywordInfo("cycling", "mana_or_cost", "CR 702.29", "cycling"),
    KeywordInfo("flashback", "mana_or_cost", "CR 702.34", "alternative_costs"),
    KeywordInfo("echo", "mana", "CR 702.30", "upkeep"),
    KeywordInfo("unearth", "mana", "CR 702.84", "alternative_costs"),
    KeywordInfo("evoke", "mana", "CR 702.74", "alternative_costs"),
    KeywordInfo("cumulative upkeep", "mana", "CR 702.24", "upkeep"),
    KeywordInfo("madness", "mana", "CR 702.35", "alternative_costs"),
    KeywordInfo("convoke", "none", "CR 702.51", "additional_costs"),
    KeywordInfo("delve", "none", "CR 702.66", "additional_costs"),
    KeywordInfo("flash", "none", "CR 702.8", "core"),
    KeywordInfo("hexproof", "none", "CR 702.11", "protection"),
    KeywordInfo("shroud", "none", "CR 702.18", "protection"),
    KeywordInfo("infect", "none", "CR 702.90", "core"),
    KeywordInfo("wither", "none", "CR 702.80", "core"),
    KeywordInfo("horsemanship", "none", "CR 702.31", "evasion"),
    KeywordInfo("fear", "none", "CR 702.36", "evasion"),
    KeywordInfo("intimidate", "none", "CR 702.13", "evasion"),
    KeywordInfo("shadow", "none", "CR 702.28", "evasion"),
    KeywordInfo("prowess", "none", "CR 702.108", "combat_triggers"),
    KeywordInfo("exalted", "none", "CR 702.83", "combat_triggers"),
    KeywordInfo("changeling", "none", "CR 702.73", "core"),
    KeywordInfo("devoid", "none", "CR 702.114", "core"),
    KeywordInfo("flanking", "none", "CR 702.25", "combat_triggers"),
    KeywordInfo("bushido", "N", "CR 702.45", "combat_triggers"),
    KeywordInfo("storm", "none", "CR 702.40", "cast_triggers"),
    KeywordInfo("crew", "N", "CR 702.122", "activated"),
    KeywordInfo("renown", "N", "CR 702.112", "counters"),
    KeywordInfo("bloodthirst", "N", "CR 702.54", "counters"),
    KeywordInfo("modular", "N", "CR 702.43", "counters"),
    KeywordInfo("exploit", "none", "CR 702.110", "enters"),
    KeywordInfo("morph", "mana", "CR 702.37", "morph"),
    KeywordInfo("megamorph", "mana", "CR 702.37b", "morph"),
    KeywordInfo("dash", "mana", "CR 702.109", "alternative_costs"),
    KeywordInfo("living weapon", "none", "CR 702.92", "attachments"),
    KeywordInfo("entwine", "mana", "CR 702.42", "additional_costs"),
    KeywordInfo("replicate", "mana", "CR 702.56", "additional_costs"),
    KeywordInfo("ninjutsu", "mana", "CR 702.49", "activated"),
    KeywordInfo("typecycling", "typecycling", "CR 702.29e", "cycling"),
    KeywordInfo("split second", "none", "CR 702.61", "spell_rules"),
    KeywordInfo("retrace", "none", "CR 702.81", "alternative_costs"),
    KeywordInfo("jump-start", "none", "CR 702.133", "alternative_costs"),
    KeywordInfo("cascade", "none", "CR 702.85", "cast_triggers"),
    KeywordInfo("spectacle", "mana", "CR 702.137", "alternative_costs"),
    KeywordInfo("surge", "mana", "CR 702.117", "alternative_costs"),
    KeywordInfo("scavenge", "mana", "CR 702.97", "activated"),
    KeywordInfo("blitz", "mana", "CR 702.152", "alternative_costs"),
    KeywordInfo("escape", "escape", "CR 702.138", "alternative_costs"),
    KeywordInfo("casualty", "N", "CR 702.153", "additional_costs"),
    KeywordInfo("undying", "none", "CR 702.93", "returns"),
    KeywordInfo("graft", "N", "CR 702.58", "counters"),
    KeywordInfo("fading", "N", "CR 702.32", "counters"),
    KeywordInfo("vanishing", "N_or_none", "CR 702.63", "counters"),
    KeywordInfo("evolve", "none", "CR 702.100", "counters"),
    KeywordInfo("riot", "none", "CR 702.136", "counters"),
    KeywordInfo("unleash", "none", "CR 702.98", "counters"),
    KeywordInfo("training", "none", "CR 702.149", "counters"),
    KeywordInfo("outlast", "mana", "CR 702.107", "counters"),
    KeywordInfo("amplify", "N", "CR 702.38", "counters"),
    KeywordInfo("daybound", "none", "CR 702.145b", "day_night"),
    KeywordInfo("nightbound", "none", "CR 702.145e", "day_night"),
    KeywordInfo("disturb", "mana", "CR 702.146", "alternative_costs"),
    KeywordInfo("prototype", "prototype", "CR 702.160", "alternative_costs"),
    KeywordInfo("overload", "overload", "CR 702.96", "alternative_costs"),
    KeywordInfo("splice", "splice", "CR 702.47", "additional_costs"),
    KeywordInfo("dredge", "N", "CR 702.52", "library"),
    KeywordInfo("rampage", "N", "CR 702.23", "combat_triggers"),
    KeywordInfo("afflict", "N", "CR 702.130", "combat_triggers"),
    KeywordInfo("annihilator", "N", "CR 702.86", "combat_triggers"),
    KeywordInfo("battle cry", "none", "CR 702.91", "combat_triggers"),
    KeywordInfo("dethrone", "none", "CR 702.105", "combat_triggers"),
    KeywordInfo("melee", "none", "CR 702.121", "combat_triggers"),
    KeywordInfo("mentor", "none", "CR 702.134", "combat_triggers"),
    KeywordInfo("skulk", "none", "CR 702.118", "evasion"),
    KeywordInfo("provoke", "none", "CR 702.39", "combat_triggers"),
    KeywordInfo("ward", "ward", "CR 702.21", "protection"),
    KeywordInfo("partner", "none", "CR 702.124", "pairing"),
    KeywordInfo("reconfigure", "mana", "CR 702.151", "attachments"),
    KeywordInfo("devour", "N", "CR 702.82", "enters"),
    KeywordInfo("sunburst", "none", "CR 702.44", "counters"),
)

#: name -> its row
KEYWORD_INFO: dict[str, KeywordInfo] = {k.name: k for k in KEYWORD_TABLE}

#: The keyword names, in the table's order (``ir.KEYWORDS``).
KEYWORDS: tuple[str, ...] = tuple(k.name for k in KEYWORD_TABLE)

#: The families a row may name.
FAMILIES = frozenset({
    "core", "evasion", "protection", "returns", "combat_triggers", "counters", "alternative_costs",
    "additional_costs", "cast_triggers", "exile_casting", "morph", "attachments", "upkeep", "cycling",
    "tokens", "enters", "pairing", "day_night", "designations", "spell_rules", "library", "faces",
    "activated",
})
