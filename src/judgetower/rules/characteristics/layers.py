"""Characteristics after continuous effects: the layer system (CR 613).

Only the layers the supported cards use are applied: layer 2 (control is stored on the object),
layers 4 and 5 (types added and colours set by man-lands' "becomes a ... creature", CR 613.1d-e),
layer 6 (abilities added by static abilities and resolved effects, CR 613.1f) and layer 7
(power/toughness: 7b setting by man-lands, CR 613.4b; 7c modifications *and counters*, CR 613.4c). Within a
sublayer effects apply in timestamp order (CR 613.7); the supported 7c effects commute.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.turn.untap import effect_lasts, paired_bonuses   # turnflow: "for as long as ~ remains tapped" (CR 611.2b)
from judgetower.rules.mechanics.counters import level_keywords, level_pt  # counters2: CR 711
from judgetower.rules.characteristics.until_end_of_turn import chars_layers_4_5, chars_layer6_adds, chars_layer6_losses, chars_layer_7b, chars_layer_7d  # chars: CR 613

#: Keyword names as stored in characteristics. Parameterised keywords are "protection:B",
#: "landwalk:Mountain".
EVERGREEN = frozenset(ir.KEYWORDS)


@dataclass
class Chars:
    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int
    toughness: int
    keywords: frozenset[str]
    cant_attack: bool = False
    cant_block: bool = False
    mana_value: int = 0
    # kwstatic: combat restrictions and requirements from CombatRule statics (CR 508.1c-d, 509.1b)
    restrictions: frozenset[str] = frozenset()
    # tokens helper: activated abilities granted in layer 6 (CR 613.1f), after its own ones
    granted_abilities: tuple = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def is_type(self, t: str) -> bool:
        return t in self.types


def keyword_key(name: str, arg=None) -> str:
    """Normalise a keyword to its stored form ("mountainwalk" -> "landwalk:Mountain")."""
    if name.endswith("walk") and name != "landwalk":
        return "landwalk:" + name[:-4].capitalize()
    if arg is not None and name in ("protection", "landwalk"):
        return f"{name}:{arg}"
    return name


_BASE_CACHE: dict = {}
_new_chars = object.__new__


def base_chars(obj) -> Chars:
    """Copiable values before any effect (CR 613.1, 111.3 for tokens, 708.2 face-down).
    A fresh copy each call (callers modify it); the template is cached per card."""
    if not hasattr(obj, "card"):  # an ability on the stack has no characteristics of a card
        return Chars(obj.name, (), (), (), (), 0, 0, frozenset())
    proto = getattr(obj, "copy_prototyped", False)   # copies2: CR 718.3b
    cspec = None if obj.face_down else getattr(obj, "copied_values", None)   # copies2: CR 707.2
    key = (id(obj.card), obj.token, obj.face_down, id(obj.compiled), proto, id(cspec))
    tpl = _BASE_CACHE.get(key)
    if tpl is None:
        ch = _base_chars(obj)
        if cspec is not None:   # copies2: a permanent that copies a token or a face-down one (CR 707.2)
            t = cspec
            ch = Chars(t.name, tuple(x.capitalize() for x in t.types), t.subtypes, t.supertypes, t.colors,
                       t.power, t.toughness, frozenset(keyword_key(k) for k in t.keywords),
                       mana_value=t.mana_value)
        elif proto and not obj.face_down:
            from judgetower.rules.stack.copies import prototyped_chars
            ch = prototyped_chars(obj, ch)   # copies2: a prototyped spell/permanent (CR 718.3b)
        tpl = _BASE_CACHE[key] = (ch, obj.card, obj.compiled, cspec)   # (keeps the keyed objects alive)
    # a shallow copy, as copy.copy makes it (a plain dataclass: a new instance, the same
    # attribute dict), without copy's generic protocol (issue 17)
    ch = _new_chars(Chars)
    ch.__dict__.update(tpl[0].__dict__)
    if getattr(obj, "aura_bestowed", False):   # auras2: a bestowed Aura (CR 702.103b)
        from judgetower.rules.mechanics.attachments import bestowed_chars
        bestowed_chars(ch)
    return ch


def _base_chars(obj) -> Chars:
    if obj.face_down:
        if getattr(obj, "kw2_morph", False):   # kw2: a face-down morph is a 2/2 creature (CR 708.2a)
            return Chars("", ("Creature",), (), (), (), 2, 2, frozenset())
        return Chars("", (), (), (), (), 2, 2, frozenset())
    if obj.token is not None:
        t = obj.token
        return Chars(t.name, tuple(x.capitalize() for x in t.types), t.subtypes, t.supertypes, t.colors,
                     t.power, t.toughness, frozenset(keyword_key(k) for k in t.keywords),
                     mana_value=t.mana_value)   # tokens helper: copies keep these (CR 707.2)
    c = obj.card
    kws = set()
    for ab in obj.compiled.abilities:
        if isinstance(ab, ir.Keyword) and ab.name not in ("kicker", "multikicker", "buyback",
                                                          "equip", "enchant", "hideaway"):
            kws.add(keyword_key(ab.name, ab.arg))

    def num(v):
        try:
            return int(v)
        except (TypeError, ValueError):
            return 0

    return _kws_defining(Chars(c.name, c.types, c.subtypes, c.supertypes, c.colors or (), num(c.power),
                               num(c.toughness), frozenset(kws), mana_value=c.mana_value))


def _kws_defining(ch: Chars) -> Chars:
    """kwstatic: characteristic-defining keywords, which work in every zone (CR 604.3):
    changeling, "this object is every creature type" (CR 702.73a); devoid, "this object is
    colorless" (CR 702.114a)."""
    if ch.has("changeling"):
        from judgetower.oracle.subtypes import CREATURE_TYPES
        ch.subtypes = tuple(ch.subtypes) + tuple(t for t in CREATURE_TYPES if t not in ch.subtypes)
    if ch.has("devoid"):
        ch.colors = ()
    return ch


def compute_all(game) -> dict[int, Chars]:
    """Characteristics of every permanent on the battlefield (CR 613)."""
    bf = [game.objects[i] for i in game.battlefield]
    out = {o.id: base_chars(o) for o in bf}
    # statics, gathered with their source (CR 604.2, 611.3)
    statics = []
    for o in bf:
        if o.face_down:
            continue
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, (ir.Anthem, ir.CantAttackOrBlock, ir.CombatRule,
                                                                           ir.GrantAbilities)):   # tokens helper
                statics.append((o, ab.effect))
    # conds: "as long as" statics (CR 611.3a), evaluated below once layers 4-5 are applied
    conditional = [(o, i, ab.effect) for o in bf if not o.face_down
                   for i, ab in enumerate(o.compiled.abilities)
                   if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.AsLongAs)]
    # layers 4 and 5 (manaab): "becomes a 4/4 white and blue Elemental creature ... It's still a
    # land": types and subtypes added, prior ones kept (CR 205.1b, 613.1d); colours set
    # (CR 613.1e); in timestamp order (CR 613.7)
    animated = [eff for eff in game.continuous if eff.get("animate")]
    for eff in animated:
        an = eff["animate"]
        for tid in eff["objs"]:
            if tid in out:
                ch = out[tid]
                ch.types = ch.types + tuple(t for t in an["types"] if t not in ch.types)
                ch.subtypes = ch.subtypes + tuple(t for t in an["subtypes"] if t not in ch.subtypes)
                if an["colors"] is not None:
                    ch.colors = tuple(an["colors"])
    # tokcount: CR 702.151b: an Equipment with reconfigure attached to a creature stops being a
    # creature (layer 4, after the type-adding effects above)
    for o in bf:
        if o.attached_to is not None and not o.face_down and "Creature" in out[o.id].types \
                and any(isinstance(ab, ir.Keyword) and ab.name == "reconfigure" for ab in o.compiled.abilities):
            out[o.id].types = tuple(t for t in out[o.id].types if t != "Creature")
    chars_layers_4_5(game, out)   # chars: creature type / colours until end of turn (CR 613.1d-e)
    # conds: CR 611.3a: a static ability's "as long as" effect applies only while its condition
    # is true, checked each time characteristics are computed (with the types and colours of
    # layers 4-5; conditions on power, toughness or keywords are refused by the compiler)
    if conditional:
        statics.extend(_conds_apply(game, conditional, out))
    # layer 7a: characteristic-defining abilities (CR 604.3, 613.4a), applied before 7c
    # (placed here since no supported effect of layers 1-6 changes what they count)
    for o in bf:
        if not o.face_down:
            apply_define_pt(game, o, out[o.id], out)
    # layer 6: abilities (CR 613.1f)
    adds: dict[int, set[str]] = {}
    for o, eff in statics:
        if isinstance(eff, ir.Anthem) and eff.keywords:
            for tid in _affected(game, o, eff.affected, out):
                adds.setdefault(tid, set()).update(keyword_key(k) for k in eff.keywords)
    for eff in game.continuous:
        if eff.get("keywords") and effect_lasts(game, eff):   # turnflow: CR 611.2b
            for tid in eff["objs"]:
                if tid in out:
                    adds.setdefault(tid, set()).update(keyword_key(k) for k in eff["keywords"])
    for o in bf:
        if o.granted:
            adds.setdefault(o.id, set()).update(o.granted)
        if game.haste_keywords(o, getattr(out.get(o.id), "controller", o.controller)):
            adds.setdefault(o.id, set()).add("haste")   # exilecast: suspend's haste (CR 702.62a)
    _kw2_status_keywords(bf, adds)   # kw2: "as long as ~ is monstrous, it has ..." (CR 611.3a)
    for tid, _, _, kws in paired_bonuses(game, out):   # turnflow: soulbond (CR 702.95)
        if kws:
            adds.setdefault(tid, set()).update(keyword_key(k) for k in kws)
    level_keywords(bf, adds)      # counters2: a leveler's striation (CR 711.2)
    for tid, ks in adds.items():
        out[tid].keywords = out[tid].keywords | frozenset(ks)
    chars_layer6_adds(game, out)   # chars: "has protection from the chosen color" (CR 702.16a)
    chars_layer6_losses(game, out, statics, _affected)   # chars: "loses flying until end of turn" (CR 613.1f)
    # tokens helper: quoted abilities granted by static abilities, in the order of the statics
    # (CR 613.1f, 613.7)
    for o, eff in statics:
        if isinstance(eff, ir.GrantAbilities):
            for tid in _affected(game, o, eff.affected, out):
                out[tid].granted_abilities = tuple(out[tid].granted_abilities) + tuple(eff.abilities)
    # layer 7b (manaab): effects that set base power and toughness (CR 613.4b), timestamp order
    level_pt(bf, out)   # counters2: a leveler's striation (CR 711.2), the permanent's own timestamp first
    for eff in animated:
        for tid in eff["objs"]:
            if tid in out and eff["animate"]["power"] is not None:   # kw2: crew sets no P/T (CR 301.7b)
                out[tid].power, out[tid].toughness = eff["animate"]["power"], eff["animate"]["toughness"]
    chars_layer_7b(game, out)   # chars: "has base power and toughness P/T" (CR 613.4b)
    # layer 7c: modifications and counters (CR 613.4c)
    for o, eff in statics:
        if isinstance(eff, ir.Anthem) and (eff.power or eff.toughness):
            n = 1 if eff.per is None else _count(game, o, eff.per, out)
            for tid in _affected(game, o, eff.affected, out):
                out[tid].power += eff.power * n
                out[tid].toughness += eff.toughness * n
        elif isinstance(eff, ir.CantAttackOrBlock):
            for tid in _affected(game, o, eff.affected, out):
                out[tid].cant_attack |= eff.attack
                out[tid].cant_block |= eff.block
        elif isinstance(eff, ir.CombatRule):
            # kwstatic: CR 508.1c-d, 509.1b (a rules effect on the object, not a layer change)
            # tokcount: goad names its goading player (CR 701.15b): "tc_goaded:<player>"
            rule = f"tc_goaded:{o.controller}" if eff.rule == "tc_goaded" else eff.rule
            for tid in _affected(game, o, eff.affected, out):
                out[tid].restrictions = out[tid].restrictions | {rule}
    for eff in game.continuous:
        # tokcount: detain (CR 701.35a): can't attack or block until its controller's next turn
        if eff.get("tc_detain") and game.detain_lasts(eff):
            for tid in eff["objs"]:
                if tid in out:
                    out[tid].cant_attack = out[tid].cant_block = True
        # tokcount: goad (CR 701.15a-b): attacks each combat, a player other than the goader
        if eff.get("goaded_by_effect") and game.detain_lasts(eff):
            for tid in eff["objs"]:
                if tid in out:
                    out[tid].restrictions = out[tid].restrictions | {"attacks_each_combat", f"tc_goaded:{eff['by_player']}"}
    for eff in game.continuous:
        # kwstatic: "can't be blocked this turn", "can't block this turn" (CR 509.1b, 611.2)
        for rule in eff.get("keyword_restrictions", ()):
            for tid in eff["objs"]:
                if tid in out:
                    if rule == "cant_block":
                        out[tid].cant_block = True
                    else:
                        out[tid].restrictions = out[tid].restrictions | {rule}
    for eff in game.continuous:
        if (eff.get("power") or eff.get("toughness")) and effect_lasts(game, eff):   # turnflow: CR 611.2b
            for tid in eff["objs"]:
                if tid in out:
                    out[tid].power += eff["power"]
                    out[tid].toughness += eff["toughness"]
    for tid, pw, tg, _ in paired_bonuses(game, out):   # turnflow: soulbond (CR 702.95, 613.4c)
        out[tid].power += pw
        out[tid].toughness += tg
    for o in bf:
        if o.counters:   # CR 613.4c, 122.1a: every +X/+Y counter (+1/+1, -0/-1, +1/+0, ...)
            for kind, n in o.counters.items():
                pt = pt_counter(kind)
                if pt is not None and n:
                    out[o.id].power += pt[0] * n
                    out[o.id].toughness += pt[1] * n
    chars_layer_7d(game, out)   # chars: switching power and toughness (CR 613.4d)
    return out


_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


@lru_cache(maxsize=64)
def pt_counter(kind: str) -> tuple[int, int] | None:
    """A counter that changes power and toughness (CR 122.1a): "-0/-1" -> (0, -1); else None."""
    m = _PT_COUNTER.match(kind)
    return (int(m.group(1)), int(m.group(2))) if m else None


def define_pt_of(obj):
    """The object's "power and toughness are each equal to ..." ability (CR 604.3), or None."""
    compiled = getattr(obj, "compiled", None)
    if compiled is None:   # tokens helper: a token copy keeps the CDA it copied (CR 707.2)
        return None
    for ab in compiled.abilities:
        if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.DefinePT):
            return ab.effect
    return None


def apply_define_pt(game, obj, ch: Chars, chars=None) -> None:
    """CR 604.3, 613.4a: set ``ch``'s power/toughness from the object's defining ability.
    ``chars``: the battlefield characteristics computed so far (inside compute_all), None
    outside it."""
    eff = define_pt_of(obj)
    if eff is None:
        return
    if eff.power is not None:
        ch.power = eff.plus + _count(game, obj, eff.power, chars)
    if eff.toughness is not None:
        ch.toughness = eff.plus + _count(game, obj, eff.toughness, chars)


def _count(game, source, amount, chars) -> int:
    """"for each artifact you control" in a static ability (CR 611.3a): counted with the
    characteristics computed so far (types are not changed by any supported effect, and the
    compiler refuses counts by power or toughness, which layer 7c itself changes)."""
    if isinstance(amount, ir.Product):
        return amount.factor * _count(game, source, amount.amount, chars)
    if isinstance(amount, ir.AttachedCount):   # auras2: "for each Aura attached to it"
        from judgetower.rules.mechanics.attachments import attached_count
        return attached_count(game, source, amount, chars)
    controller = source.controller if source.zone in ("battlefield", "stack") else source.owner
    if isinstance(amount, ir.PartySize):   # turnflow: CR 700.8a, with the characteristics so far
        return game.party_size(controller, chars)
    if isinstance(amount, ir.CountOf) and amount.filter.zone == "battlefield" and chars is not None:
        from judgetower.rules.stack.casting import _Src
        from judgetower.rules.characteristics.filters import matches_chars
        src = _Src(source, controller)
        return sum(1 for oid, ch in chars.items()
                   if matches_chars(game, game.objects[oid], ch, amount.filter, src))
    return game.amount(amount, {"source": source, "controller": controller})


def _affected(game, source, ref, chars) -> list[int]:
    if isinstance(ref, ir.This):   # "~ gets +1/+1 for each ..."
        return [source.id] if source.id in chars else []
    if isinstance(ref, (ir.Enchanted, ir.Equipped)):
        return [source.attached_to] if source.attached_to in chars else []
    if isinstance(ref, ir.This):  # kwstatic: "CARDNAME can't block" (CR 201.5)
        return [source.id] if source.id in chars else []
    if isinstance(ref, ir.All):
        from judgetower.rules.characteristics.filters import matches_chars
        return [oid for oid, ch in chars.items()
                if matches_chars(game, game.objects[oid], ch, ref.filter, source)]
    return []


def _conds_apply(game, conditional, chars) -> list:
    """conds: the effects of "as long as" statics whose condition holds now (CR 611.3a). A change
    of a condition's truth is logged once (the state is kept per ability in the game)."""
    from judgetower.rules.conditions import evaluate_cited
    from judgetower.rules.log import said
    state = game.__dict__.setdefault("conds_state", {})
    out = []
    for o, i, wrapped in conditional:
        ok, why, cited = evaluate_cited(game, wrapped.condition, o, o.controller, chars)
        key = (o.id, i)
        if state.get(key, False) != ok:
            state[key] = ok
            if ok:
                game.log.add("{card}'s \"as long as\" ability now applies ({reason})", "CR 611.3a", *cited,
                             card=o, reason=said(why))
            else:
                game.log.add("{card}'s \"as long as\" ability no longer applies ({reason})", "CR 611.3a", *cited,
                             card=o, reason=said(why))
        if ok:
            out.append((o, wrapped.effect))
    return out
def _kw2_status_keywords(bf, adds) -> None:
    """kw2: "As long as ~ is monstrous [renowned], it has [keywords]" (CR 701.37b, 702.112b,
    611.3a): layer 6 (CR 613.1f), while the object has that status."""
    for o in bf:
        if o.face_down:
            continue
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.StatusKeywords) \
                    and getattr(o, ab.effect.status, False):
                adds.setdefault(o.id, set()).update(keyword_key(k) for k in ab.effect.keywords)
