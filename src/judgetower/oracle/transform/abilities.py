"""Ability lines (CR 113): the top level, keyword abilities (CR 702), activated and loyalty
abilities (CR 602, 606), mana abilities and land text (CR 605, 305.6).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from .. import ir
from ..ir import AddMana, EntersTapped, EntersWithCounters, Filter, Keyword, StaticAbility, This
from ..subtypes import canonical_subtype
from .context import (
    ActivationRestriction, Line, Unsupported, VP, _no_x_in_filters, _pt_x_resolved,
    finish_effects, is_mana_ability, mana, mana_letters,
)


class AbilityCallbacks:
    """Callbacks for ability lines."""

    # -- top level -------------------------------------------------------------------------

    def start(self, c):
        return c[0]

    def spell_text(self, c):
        _pt_x_resolved(self.ctx)
        self._zn_no_zone()   # zones
        return Line("effects", tuple(c[0]))

    def effect_body(self, c):
        items: list = []
        for sentence in c:
            items.extend(sentence)
        return items

    # -- keywords --------------------------------------------------------------------------

    def keyword_line(self, c):
        out: list = []
        for kw in c:
            out.extend(kw if isinstance(kw, list) else [kw])
        return Line("abilities", tuple(out))

    def simple_keyword(self, c):
        return " ".join(str(t) for t in c)

    def landwalk(self, c):
        return str(c[0])

    def granted_keyword(self, c):
        return c[0]

    def keyword_list(self, c):
        return tuple(c)

    def kw_simple(self, c):
        return Keyword(c[0])

    def kw_protection(self, c):
        return [Keyword("protection", colour) for colour in c]

    def kw_landwalk(self, c):
        return Keyword("landwalk", c[0][: -len("walk")].capitalize())

    def kw_kicker(self, c):
        return Keyword("kicker", mana(c[0]))

    def kw_multikicker(self, c):
        return Keyword("multikicker", mana(c[0]))

    def kw_buyback(self, c):
        return Keyword("buyback", mana(c[0]))

    def kw_equip(self, c):
        return Keyword("equip", mana(c[0]))

    def kw_enchant(self, c):
        return Keyword("enchant", c[0].filter)

    def kw_hideaway(self, c):
        return Keyword("hideaway", c[0])

    def kw_hideaway_old(self, c):
        # Before 2023, "Hideaway" (always 4) also meant "This permanent enters tapped."
        return [Keyword("hideaway", 4), StaticAbility(EntersTapped())]

    # -- activated and loyalty abilities ---------------------------------------------------

    def activated(self, c):
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        cost, items = c
        # kwcosts: restrictions on activation end the ability (CR 602.5)
        restrictions = [i for i in items if isinstance(i, ActivationRestriction)]
        items = [i for i in items if not isinstance(i, ActivationRestriction)]
        effects, _, sorcery = finish_effects(items)
        targets = tuple(self.ctx.targets)
        once = any(r.once_per_turn for r in restrictions)
        sorcery = sorcery or any(r.sorcery for r in restrictions)
        timings = {r.timing for r in restrictions if r.timing}
        if len(timings) > 1 or (timings and sorcery):
            raise Unsupported("two timing restrictions on one activated ability")
        zone = self._zn_zone(cost)   # zones: an ability that functions from the graveyard (CR 113.6m)
        zone = self._activation_zone(cost, zone)   # actcost: "Discard ~" functions from the hand (CR 113.6)
        # actcost: condition and count restrictions (CR 602.5, 602.5b)
        conditions = tuple(r.condition for r in restrictions if r.condition is not None)
        max_per_turn = min((r.max_per_turn for r in restrictions if r.max_per_turn), default=0)
        if any(r.any_player for r in restrictions) and (
                cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self or cost.remove_counters
                or cost.actcost_put_counters or cost.actcost_remove_any or cost.discard_self):
            # CR 701.21a and the like: paying with the permanent itself by a player who doesn't
            # control it is not settled here: refused
            raise Unsupported("'any player may activate' with a cost paid with the permanent itself")
        return Line("abilities", (ir.ActivatedAbility(
            cost, targets, effects, mana_ability=is_mana_ability(effects, targets),
            sorcery_speed=sorcery, once_per_turn=once, timing=next(iter(timings), ""), zone=zone,
            actcost_conditions=conditions, actcost_max_per_turn=max_per_turn,
            actcost_any_player=any(r.any_player for r in restrictions)),))

    def loyalty_ability(self, c):
        _no_x_in_filters(self.ctx)
        _pt_x_resolved(self.ctx)
        token, items = c
        value = str(token).strip("[]")
        if "x" in value:
            raise Unsupported("loyalty cost X")
        effects, _, _ = finish_effects(items)
        self._zn_no_zone()   # zones
        return Line("abilities", (ir.ActivatedAbility(
            ir.Cost(loyalty=int(value)), tuple(self.ctx.targets), effects, sorcery_speed=True),))

    # -- mana abilities and land text (manaab) -----------------------------------------------

    def mana_choice(self, c):
        """"Add {R} or {G}" / "Add {R}, {W}, or {B}": one of these, the player's choice (CR 106.1b)."""
        options = tuple(mana_letters(t) for t in c)
        if len(set(options)) != len(options):
            raise Unsupported("the same mana twice in a choice")
        return AddMana(options=options)

    def _could_produce(self, c, like_type: bool):
        n, fnp = c
        if n != 1 or fnp.head is not None or fnp.filter.zone != "battlefield":
            raise Unsupported("mana that other permanents could produce, beyond one mana")
        return AddMana(like=fnp.filter, like_type=like_type)

    def mana_color_could_produce(self, c):
        return self._could_produce(c, False)

    def mana_type_could_produce(self, c):
        return self._could_produce(c, True)

    def mana_per_count(self, c):
        """"Add {G} for each creature you control" (a count of objects, as the ability resolves)."""
        token, fnp = c
        f = fnp.filter
        if f.zone not in ("battlefield", "graveyard") or (f.zone == "graveyard" and f.controller != "you"):
            raise Unsupported("counting objects in that zone")
        # "for each Elf [on the battlefield]": a permanent description with no zone means
        # permanents on the battlefield, whoever controls them (CR 109.2)
        return AddMana(mana_letters(token), amount=ir.CountOf(f))

    def mana_per_count_all(self, c):
        token, fnp = c
        f = fnp.filter
        if f.zone != "battlefield" or f.controller is not None:
            raise Unsupported("'on the battlefield' of a filter naming a controller or a zone")
        return AddMana(mana_letters(token), amount=ir.CountOf(f))

    def _enters_tapped_unless(self, **kw):
        return Line("abilities", (StaticAbility(ir.EntersTappedUnless(**kw)),))

    def _etu_filter(self, fnp) -> Filter:
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller is not None:
            raise Unsupported("'enters tapped unless you control' of something else than permanents")
        return replace(f, controller="you")

    def st_enters_tapped_unless_any(self, c):
        return self._enters_tapped_unless(filters=tuple(self._etu_filter(f) for f in c))

    def st_enters_tapped_unless_at_least(self, c):
        n, fnp = c
        return self._enters_tapped_unless(filters=(self._etu_filter(fnp),), at_least=n)

    def st_enters_tapped_unless_at_most(self, c):
        n, fnp = c
        return self._enters_tapped_unless(filters=(self._etu_filter(fnp),), at_least=0, at_most=n)

    def st_enters_tapped_if_at_least(self, c):
        """"If you control N or more [permanents], ~ enters tapped": untapped unless N-1 or fewer."""
        n, fnp = c
        if n < 1:
            raise Unsupported("'if you control zero or more'")
        return self._enters_tapped_unless(filters=(self._etu_filter(fnp),), at_least=0, at_most=n - 1)

    def st_enters_tapped_unless_opponents(self, c):
        return self._enters_tapped_unless(at_least=0, opponents=c[0])

    def animate_self_land(self, c):
        """Man-lands: "~ becomes a 3/3 red Elemental creature ... It's still a land." (CR 205.1b)."""
        return [c[0]]

    def animate_spec(self, c):
        pt, colors, *rest = c
        keywords = rest.pop() or ()
        artifact = rest.pop()
        subtypes = tuple(canonical_subtype(str(t)) for t in rest)
        power, toughness = str(pt).split("/")
        if "x" in power or "x" in toughness:
            raise Unsupported("X/X creature")
        types = ("Artifact", "Creature") if artifact else ("Creature",)
        return ir.BecomeCreature(This(), int(power), int(toughness), colors, subtypes, types, tuple(keywords))

    def animate_colors(self, c):
        return tuple(c)

    def animate_artifact(self, c):
        return True

    def cost_remove_counters(self, c):
        n, kind = c
        return {"remove_counters": (kind, n)}

    def st_enters_tapped_with_counters(self, c):
        n, kind = c
        return Line("abilities", (StaticAbility(EntersTapped()), StaticAbility(EntersWithCounters(kind, n))))

    def mana_any_one_color(self, c):
        """"Add three mana of any one color": one of {W}{W}{W}, ..., {G}{G}{G} (CR 106.1b)."""
        n = c[0]
        if not isinstance(n, int) or n < 1:
            raise Unsupported("a variable amount of mana of any one color")
        return AddMana(options=tuple(col * n for col in "WUBRG"))

    def vp_return_chosen_to_hand(self, c):
        """Bounce lands: "return a land you control to its owner's hand" (chosen, not targeted)."""
        fnp = c[0]
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller != "you":
            raise Unsupported("returning a chosen object other than a permanent you control")
        return VP(lambda who: [ir.ReturnChosenToHand(who, f)])
