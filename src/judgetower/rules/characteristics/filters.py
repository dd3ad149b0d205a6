"""Matching objects against IR filters ("target nonblack creature", "other Goblins")."""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.characteristics.layers import Chars, base_chars

PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def chars_of(game, obj) -> Chars:
    """Current characteristics: layered on the battlefield, printed elsewhere (CR 613, 400.7),
    without characteristic-defining abilities outside the battlefield (see chars_with_cda)."""
    if obj.zone == "battlefield":
        return game.chars(obj)
    return base_chars(obj)


def chars_with_cda(game, obj) -> Chars:
    """``chars_of``, with a characteristic-defining ability's power/toughness applied outside
    the battlefield too (CR 604.3). Only used where power or toughness is asked for at the top
    level (never while layers are being computed: counts by power are refused there)."""
    ch = chars_of(game, obj)
    if obj.zone in ("hand", "graveyard", "library", "exile", "stack") and not getattr(obj, "face_down", False):
        from judgetower.rules.characteristics.layers import apply_define_pt
        apply_define_pt(game, obj, ch)
    return ch


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
    if not _extra_ok(obj, ch, f, source):
        return False
    if f.cb2_power_lt_source and not game.power_less_than_source(ch, source):
        return False   # combat2: mentor (CR 702.134a)
    if f.chosen is not None:
        # conds: "of the chosen color/type": the choice the source made as it entered
        # (CR 614.12); no choice made: nothing matches
        from judgetower.rules.conditions import chosen_of
        value = chosen_of(game, source).get(f.chosen)
        if value is None:
            return False
        if f.chosen == "color" and value not in ch.colors:
            return False
        if f.chosen == "creature_type" and value not in ch.subtypes:
            return False
    if f.controller is not None and source is not None:
        who = obj.controller if obj.zone in ("battlefield", "stack") else obj.owner
        me = source.controller
        if f.controller == "you" and who != me:
            return False
        if f.controller == "opponent" and not game.are_opponents(who, me):
            return False
        if f.controller == "enchanted_player":   # auras2: "creatures enchanted player controls"
            from judgetower.rules.mechanics.attachments import enchanted_player_of
            if who != enchanted_player_of(game, source):
                return False
        if f.controller == "cb2_defending" and who != game.defending_player(source):
            return False   # combat2: "defending player controls" (CR 506.2)
    return True


# --- noun-phrase generalisation (filters helper) -------------------------------------------

_STATS = {"power": lambda ch: ch.power, "toughness": lambda ch: ch.toughness,
          "mana_value": lambda ch: ch.mana_value}


def x_of(source) -> int | None:
    """The X of the spell behind ``source`` (CR 107.3); None while the spell is not yet on the
    stack (X is announced as it is cast, CR 601.2b: any value may still be chosen)."""
    obj = getattr(source, "obj", source)
    if getattr(obj, "zone", "stack") != "stack":
        return None
    return getattr(obj, "x", 0) or 0


def compare_ok(stat: str, op: str, value, ch: Chars, source) -> bool:
    """"with power 2 or less" (CR 208.1), "with mana value 3 or greater" (CR 202.3)."""
    if stat == "power_or_toughness":   # "with power or toughness 2 or less": either of them
        return (compare_ok("power", op, value, ch, source)
                or compare_ok("toughness", op, value, ch, source))
    have = _STATS[stat](ch)
    want = x_of(source) if value == "X" else value
    if want is None:
        return True   # "X or less"/"X or greater" can still be met by the X chosen (CR 601.2b)
    if op == "<=":
        return have <= want
    if op == ">=":
        return have >= want
    return have == want


def _extra_ok(obj, ch: Chars, f: ir.Filter, source) -> bool:
    """The characteristics and states added by the noun-phrase generalisation."""
    if f.all_types and not all(_type_ok(t, ch, obj) for t in f.all_types):
        return False   # CR 205.2a: "artifact creature" has both types
    if f.not_subtypes and any(s in ch.subtypes for s in f.not_subtypes):
        return False
    if f.not_supertypes and any(s in ch.supertypes for s in f.not_supertypes):
        return False   # CR 205.4: "nonbasic", "nonlegendary"
    if f.tapped is not None and (obj.zone != "battlefield" or obj.tapped != f.tapped):
        return False   # CR 110.5: only permanents are tapped or untapped
    if f.combat:
        states = set()
        if obj.zone == "battlefield" and getattr(obj, "attacking", None) is not None:
            states.add("attacking")   # CR 506.4, 508.1k
        if obj.zone == "battlefield" and getattr(obj, "blocking", None):
            states.add("blocking")    # CR 506.4, 509.1g
        if not states.intersection(f.combat):
            return False
    if f.combat_self:
        sid = getattr(source, "id", None)
        states = set()
        if obj.zone == "battlefield" and sid is not None:
            if sid in (getattr(obj, "blocking", None) or ()):
                states.add("blocking_self")
            if sid in (getattr(obj, "blocked_by", None) or ()):
                states.add("blocked_by_self")
        if not states.intersection(f.combat_self):
            return False
    if f.chars_single_target and sum(len(ts) for ts in (getattr(obj, "targets", None) or [])) != 1:
        return False   # chars: "spell with a single target" (CR 115.7)
    if f.with_keywords and not all(ch.has(k) for k in f.with_keywords):
        return False   # CR 702.1: "with flying" means having the keyword ability now
    if f.without_keywords and any(ch.has(k) for k in f.without_keywords):
        return False
    for stat, op, value in f.compare:
        if not compare_ok(stat, op, value, ch, source):
            return False
    if f.multicolored is not None and (len(set(ch.colors)) >= 2) != f.multicolored:
        return False   # CR 105.2b multicolored; "monocolored" is exactly one colour (105.2c)
    if f.multicolored is False and len(set(ch.colors)) != 1:
        return False
    if f.colorless is not None and (not ch.colors) != f.colorless:
        return False   # CR 105.2c
    if f.with_counters or f.without_counters:
        # CR 122.1: counters are on permanents (a card elsewhere has none, CR 122.2)
        counters = getattr(obj, "counters", None) or {} if obj.zone == "battlefield" else {}
        have = {k for k, n in counters.items() if n > 0}
        for k in f.with_counters:
            if not (have if k == "*" else have & {k}):
                return False
        for k in f.without_counters:
            if have if k == "*" else have & {k}:
                return False
    return True


def matches(game, obj, f: ir.Filter, source=None) -> bool:
    if obj.zone != "battlefield" and any(stat != "mana_value" for stat, _, _ in f.compare):
        return matches_chars(game, obj, chars_with_cda(game, obj), f, source)
    return matches_chars(game, obj, chars_of(game, obj), f, source)
