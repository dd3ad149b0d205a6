"""The smoke check's stand-ins (`judgetower.agents.smoke`): what a card's filters ask of the sandbox
("target Merfolk you control", "if you control two or more Gates", "tap five untapped Soldiers you
control", "a multicolored instant spell") and the vanilla made-up cards that supply it. Never card
data: a stand-in has only the type, subtypes, supertypes, colours, keywords, power and mana value
its filter asks for.
"""

from __future__ import annotations

import dataclasses

from judgetower.cards.card import CardDef, CardError
from judgetower.oracle import ir


def _all_specs(compiled):
    for ab in compiled.abilities:
        if isinstance(ab, ir.Modal):
            for m in ab.modes:
                yield from m.targets
        else:
            yield from getattr(ab, "targets", ()) or ()


def _filters(compiled) -> list[tuple]:
    """Each filter of the card's abilities with how many objects it needs: a target spec's
    minimum count (spells to target aside: the filler spells are for them), a count condition's
    least number ("if you control two or more Gates", "activate only if you control four or more
    snow permanents"), a tapping cost's number ("tap five untapped Soldiers you control"), else
    one."""
    out: dict = {}     # the needs of the ability being walked

    def need(f, n):
        out[f] = max(out.get(f, 0), n)

    def walk(x):
        if isinstance(x, ir.TargetSpec):
            if x.kind == "object":
                need(x.filter, max(1, x.count_min))
            return
        if isinstance(x, ir.Filter):
            need(x, 1)
            return
        if isinstance(x, ir.CountCondition) and isinstance(x.amount, ir.CountOf):
            if x.at_most is None:
                need(x.amount.filter, max(1, x.at_least))
            return        # "when you control no Swamps": nothing to supply
        if isinstance(x, ir.Cost) and x.actcost_tap is not None:
            f, n = x.actcost_tap
            need(f, n + 1)   # the card itself may match and be tapped by its own {T}
        if isinstance(x, ir.Cost) and isinstance(x.sacrifice, ir.Filter) and x.sacrifice.controller is None:
            need(dataclasses.replace(x.sacrifice, controller="you"), 1)   # CR 701.21a: one of your own
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            for fl in dataclasses.fields(x):
                walk(getattr(x, fl.name))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
    # each ability needs its own objects (Odunos River Trawler's trigger and its activated ability
    # each return a card): the needs of the abilities add up
    total: dict = {}
    for ab in compiled.abilities:
        out.clear()
        walk(ab)
        for f, n in out.items():
            total[f] = total.get(f, 0) + n
    return list(total.items())


_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery"}
_TYPE_ORDER = ("Land", "Artifact", "Enchantment", "Planeswalker", "Instant", "Sorcery", "Creature")
BASIC_LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
_COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
#: Keywords a stand-in may be given ("a creature card with infect", "target creature with
#: shadow"): each compiles alone to a keyword the engine knows.
STAND_IN_KEYWORDS = ("flying", "reach", "shadow", "infect", "islandwalk", "horsemanship", "defender", "trample",
                     "haste", "vigilance", "first strike", "deathtouch", "lifelink", "menace", "flash")


def _keyword_text(key: str) -> str | None:
    """The rules text of a stored keyword ("landwalk:Island" -> "islandwalk"), if a stand-in may
    have it."""
    if key.startswith("landwalk:"):
        return key.split(":", 1)[1].lower() + "walk"
    return key if key in STAND_IN_KEYWORDS else None


def _wanted_number(f, stat: str, default: int) -> int | None:
    """A value of ``stat`` ("power", "mana_value") that the filter's comparisons accept, the
    default when it does; None when no whole number in 0-20 does."""
    tests = [(op, v) for st, op, v in f.compare if st in (stat, "power_or_toughness") and isinstance(v, int)]
    def ok(n):
        return all((n <= v) if op == "<=" else (n >= v) if op == ">=" else n == v for op, v in tests)
    if ok(default):
        return default
    return next((n for n in range(21) if ok(n)), None)


def _stand_in(f, power: int = 2) -> CardDef | None:
    """A vanilla made-up card matching the filter ``f`` (None when none can: a token, an Aura):
    its types (all of them for "land creature"), subtype, supertypes, colour ("multicolored": two;
    "colorless": none), keywords, power (``power`` when the filter allows) and mana value as the
    filter's comparisons ask."""
    from judgetower.oracle.subtypes import (ARTIFACT_TYPES, ENCHANTMENT_TYPES, LAND_TYPES,
                                            PLANESWALKER_TYPES, SPELL_TYPES)
    sub = f.subtypes[0] if f.subtypes else None
    banned = {_CARD_TYPES.get(t) for t in f.not_types}
    wanted = [_CARD_TYPES[t] for t in f.types if t in _CARD_TYPES and _CARD_TYPES[t] not in banned]
    every = [_CARD_TYPES[t] for t in f.all_types if t in _CARD_TYPES]
    if sub == "Aura":
        if f.zone == "graveyard":
            return None
        types = ["Enchantment"]        # an Aura on the battlefield or to cast: "Enchant creature"
    elif sub in LAND_TYPES:
        types = ["Land"]
    elif sub in ARTIFACT_TYPES:
        types = ["Artifact"]
    elif sub in ENCHANTMENT_TYPES:
        types = ["Enchantment"]
    elif sub in PLANESWALKER_TYPES:
        types = ["Planeswalker"]
    elif sub in SPELL_TYPES:
        types = [wanted[0] if wanted and wanted[0] in ("Instant", "Sorcery") else "Instant"]
    else:
        pick = wanted[0] if wanted else next(t for t in ("Creature", "Artifact", "Enchantment") if t not in banned)
        types = [pick]
        if sub is not None and pick != "Creature":
            types.append("Creature")        # a creature type: "artifact Golem" is an artifact creature
    types = [t for t in _TYPE_ORDER if t in set(types) | set(every)]
    if f.zone == "battlefield" and types[0] in ("Instant", "Sorcery"):
        return None
    if f.multicolored:
        colors = [c for c in "WUBRG" if c not in f.not_colors]
        first = next((c for c in f.colors if c not in f.not_colors), colors[0])
        colors = [first] + [c for c in colors if c != first][:1]
    elif f.colorless:
        colors = []
    else:
        colors = [c for c in f.colors if c not in f.not_colors][:1]
    vehicle = sub == "Vehicle"       # CR 301.7: a Vehicle has power and toughness; crewed, it attacks
    creature = "Creature" in types or vehicle
    power = _wanted_number(f, "power", power) if creature else None
    mv = _wanted_number(f, "mana_value", max(1, len(colors)))
    if (creature and power is None) or mv is None or mv < len(colors):
        return None
    keywords = [_keyword_text(k) for k in f.with_keywords]
    if None in keywords:
        return None
    supers = " ".join(f.supertypes)
    type_line = " ".join(x for x in (supers, " ".join(types)) if x) + (f" — {sub}" if sub else "")
    name = "Sandbox " + " ".join(x for x in (" ".join(_COLOR_NAMES[c] for c in colors), supers,
                                             " ".join(k.title() for k in keywords), sub or types[-1]) if x)
    if creature and power != 2:
        name += f" {power}/4"
    if mv != max(1, len(colors)):
        name += f" (mana value {mv})"
    cost = None
    if "Land" not in types:
        generic = mv - len(colors)
        cost = "".join("{%s}" % x for x in ([str(generic)] if generic or not colors else []) + colors)
    text = [k.capitalize() for k in keywords]
    if sub == "Aura":
        text.insert(0, "Enchant creature")
    if vehicle:
        text.append("Crew 1")
    if "Land" in types and not (set(f.subtypes) & BASIC_LAND_TYPES):
        text.append("{T}: Add {C}.")   # a land that taps for mana ("whenever enchanted land becomes tapped")
    try:
        return CardDef(name, type_line, cost, colors=tuple(colors) if (colors or f.colorless) else None,
                       power=str(power) if creature else None, toughness="4" if creature else None,
                       loyalty="3" if "Planeswalker" in types else None, text="\n".join(text))
    except CardError:
        return None


def _toughness(g, o) -> int:
    ch = g.chars(o)
    return ch.toughness if "Creature" in ch.types else -1


def _power(g, o) -> int:
    """A creature's power for choosing an attacking host (a defender counts as none)."""
    ch = g.chars(o)
    if "Creature" not in ch.types or "defender" in ch.keywords:
        return -1
    return ch.power


def _token_spec(card: CardDef, f) -> ir.TokenSpec:
    """The stand-in ``card`` as a token ("sacrifice a Saproling", "target creature token"), its
    keywords compiled as a card's are (CR 111.3)."""
    from judgetower.oracle import compile_card
    return ir.TokenSpec(card.name + " Token", int(card.power or 0), int(card.toughness or 0), tuple(card.colors or ()),
                        tuple(card.types), tuple(card.subtypes), abilities=compile_card(card).abilities,
                        supertypes=tuple(card.supertypes))
