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
    minimum count (spells to target aside: the filler spells are for them), else one."""
    out: dict = {}

    def walk(x, need=1):
        if isinstance(x, ir.TargetSpec):
            if x.kind == "object":
                out[x.filter] = max(out.get(x.filter, 0), max(1, x.count_min))
            return
        if isinstance(x, ir.Filter):
            out[x] = max(out.get(x, 0), need)
            return
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            for fl in dataclasses.fields(x):
                walk(getattr(x, fl.name))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
    walk(compiled.abilities)
    return list(out.items())


_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery"}


def _stand_in(f) -> CardDef | None:
    """A vanilla made-up card matching the filter ``f`` (None when none can: a token, an Aura)."""
    from judgetower.oracle.subtypes import (ARTIFACT_TYPES, ENCHANTMENT_TYPES, LAND_TYPES,
                                            PLANESWALKER_TYPES, SPELL_TYPES)
    sub = f.subtypes[0] if f.subtypes else None
    banned = {_CARD_TYPES.get(t) for t in f.not_types}
    wanted = [_CARD_TYPES[t] for t in f.types if t in _CARD_TYPES and _CARD_TYPES[t] not in banned]
    if sub == "Aura":
        return None
    if sub in LAND_TYPES:
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
    if f.zone == "battlefield" and types[0] in ("Instant", "Sorcery"):
        return None
    color = next((c for c in f.colors if c not in f.not_colors), None)
    supers = " ".join(f.supertypes)
    type_line = " ".join(x for x in (supers, " ".join(types)) if x) + (f" — {sub}" if sub else "")
    name = "Sandbox " + " ".join(x for x in ({"W": "White", "U": "Blue", "B": "Black", "R": "Red",
                                               "G": "Green"}.get(color, ""), supers, sub or types[0]) if x)
    try:
        return CardDef(name, type_line, None if "Land" in types else ("{%s}" % color if color else "{1}"),
                       colors=(color,) if color else None,
                       power="2" if "Creature" in types else None, toughness="4" if "Creature" in types else None,
                       loyalty="3" if "Planeswalker" in types else None)
    except CardError:
        return None


def _toughness(g, o) -> int:
    ch = g.chars(o)
    return ch.toughness if "Creature" in ch.types else -1
