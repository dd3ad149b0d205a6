"""Matching objects against IR filters ("target nonblack creature", "other Goblins")."""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.layers import Chars, base_chars

PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def chars_of(game, obj) -> Chars:
    """Current characteristics: layered on the battlefield, printed elsewhere (CR 613, 400.7)."""
    if obj.zone == "battlefield":
        return game.chars(obj)
    return base_chars(obj)


def _type_ok(t: str, ch: Chars, obj) -> bool:
    if t in ("card", "spell", "object"):
        return True
    if t == "permanent":
        return obj.zone == "battlefield" or bool(PERMANENT_TYPES.intersection(ch.types))
    return t.capitalize() in ch.types


def matches_chars(game, obj, ch: Chars, f: ir.Filter, source=None) -> bool:
    if f.other and source is not None and obj.id == source.id:
        return False
    if f.types and not any(_type_ok(t, ch, obj) for t in f.types):
        return False
    if f.not_types and any(_type_ok(t, ch, obj) for t in f.not_types):
        return False
    if f.colors and not any(c in ch.colors for c in f.colors):
        return False
    if f.not_colors and any(c in ch.colors for c in f.not_colors):
        return False
    if f.subtypes and not any(s in ch.subtypes for s in f.subtypes):
        return False
    if f.supertypes and not all(s in ch.supertypes for s in f.supertypes):
        return False
    if f.token is not None and obj.is_token != f.token:
        return False
    if f.controller is not None and source is not None:
        who = obj.controller if obj.zone in ("battlefield", "stack") else obj.owner
        me = source.controller
        if f.controller == "you" and who != me:
            return False
        if f.controller == "opponent" and not game.are_opponents(who, me):
            return False
    return True


def matches(game, obj, f: ir.Filter, source=None) -> bool:
    return matches_chars(game, obj, chars_of(game, obj), f, source)
