"""exilecast: cards played from exile and time counters (CR 406, 601.2, 116.2f, 116.2h).

* Suspend N—[cost] (CR 702.62a). A special action from the hand (CR 116.2f), taken any time its
  owner could begin to cast the card (sorcery timing unless it is an instant or has flash): pay
  [cost] and exile it with N time counters. "At the beginning of your upkeep, if this card is
  suspended, remove a time counter from it" and "When the last time counter is removed from this
  card, if it's exiled, you may play it without paying its mana cost if able. If you don't, it
  remains exiled. If you cast a creature spell this way, it gains haste until you lose control
  of the spell or the permanent it becomes." trigger from exile (CR 702.62b: "suspended").
* Foretell [cost] (CR 702.143a-b): a special action from the hand during its owner's turn
  (CR 116.2h): pay {2}, exile it face down (its owner may look at it). After that turn it may
  be cast from exile for its foretell cost (an alternative cost, CR 118.9, 601.2b, 601.2f-h).
* Rebound (CR 702.88a): a spell with rebound cast from its controller's hand is exiled instead
  of going to the graveyard as it resolves; at the beginning of that player's next upkeep, they
  may cast it from exile without paying its mana cost.
* Miracle [cost] (CR 702.94a): the first card a player draws in a turn may be revealed as it is
  drawn; its trigger lets that player cast it from the hand for its miracle cost (timing
  ignored, CR 608.2g).
* CR 118.6: a card with no mana cost (Ancestral Vision) can't be cast from the hand for its
  mana cost; only suspend (or another alternative cost) casts it.

Judge Tower: suspending and foretelling are special actions, so JT-P1 forces them when able
(once per turn, R11) and JT-P2 orders them with the card's activated abilities by printed
position (R12); the mana part of their costs is free (JT-G4, R4). Casting a suspended card when
its last time counter is removed and casting a rebound card are "may" → taken when able (JT-C1,
R9), and so are miracle's reveal and cast. A card exiled with its own ability that works from exile (suspend, rebound until its
trigger has resolved) or with a permission to play it (foretell) stays referenced (R20), so the
JT-E2 refill (R19) leaves it in exile.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.log import Term, msg
from judgetower.rules.registry import effect


@dataclass(frozen=True)
class SuspendCard:
    """Suspend's special action (CR 702.62a, 116.2f): exile this card from the hand with ``n``
    time counters."""

    n: int


@dataclass(frozen=True)
class ForetellCard:
    """Foretell's special action (CR 702.143a-b, 116.2h): exile this card face down."""


@dataclass(frozen=True)
class RemoveTimeCounter:
    """Suspend's upkeep trigger (CR 702.62a): remove a time counter from this suspended card."""


@dataclass(frozen=True)
class CastSuspended:
    """Suspend's last-counter trigger (CR 702.62a): play it without paying its mana cost."""


@dataclass(frozen=True)
class ReboundCast:
    """Rebound's delayed trigger (CR 702.88a): cast this card from exile without paying its mana
    cost."""


@dataclass(frozen=True)
class MiracleCast:
    """Miracle's triggered ability (CR 702.94a): cast the revealed card for its miracle cost."""

    cost: str


#: CR 702.143a: the cost of foretelling a card
FORETELL_ACTION_COST = "{2}"

_SPECIAL = (SuspendCard, ForetellCard)


def hand_ability(kw, card, compiled):
    """The special action of a "suspend" or "foretell" keyword, as an ability that functions in
    the hand (shown as the card's action, ``ability: K`` in scenario files), or None."""
    if kw.name == "suspend":
        n, cost = kw.arg
        instant = card is not None and "Instant" in card.types or any(
            isinstance(a, ir.Keyword) and a.name == "flash" for a in compiled.abilities)
        # CR 116.2f: only when its owner could begin to cast it (CR 307.1 sorcery timing,
        # CR 702.8a flash)
        return ir.ActivatedAbility(ir.Cost(mana=cost), (), (SuspendCard(n),), zone="hand",
                                   sorcery_speed=not instant)
    if kw.name == "foretell":
        # CR 116.2h: any time its owner has priority during their turn
        return ir.ActivatedAbility(ir.Cost(mana=FORETELL_ACTION_COST), (), (ForetellCard(),),
                                   zone="hand", timing="your_turn")
    return None


def _has(o, name: str) -> bool:
    comp = getattr(o, "compiled", None)
    return comp is not None and any(isinstance(a, ir.Keyword) and a.name == name for a in comp.abilities)


def _kw_index(o, name: str) -> int:
    for i, a in enumerate(o.compiled.abilities):
        if isinstance(a, ir.Keyword) and a.name == name:
            return i
    return -1


class ExileCastingMixin:

    # ------------------------------------------------------------------ special actions
    def exile_casting_is_special(self, ab) -> bool:
        """Suspending (CR 116.2f) and foretelling (CR 116.2h) are special actions: no stack."""
        return any(isinstance(e, _SPECIAL) for e in ab.effects)

    def hides_name(self, ab) -> bool:
        """Foretelling exiles a card face down: the payment's log line (R14) must not name it."""
        return any(isinstance(e, ForetellCard) for e in ab.effects)

    @effect(SuspendCard)
    def _e_SuspendCard(self, e, ctx):
        """CR 702.62a, 116.2f: exiled with N time counters; it is now suspended (CR 702.62b)."""
        o = self.current(ctx["source"])
        p = ctx["controller"]
        if o is None or o.zone != "hand":
            return
        new = self.move(o, "exile", cause="suspended", rule="CR 702.62a", log=False)
        if new is None:
            return
        self.put_counters(new, "time", e.n)
        new.exile_cast_suspended = True
        self.touch()
        self.log.add("{player} suspends {card}: it is exiled with {n} time counter(s) (special action)",
                     "CR 702.62a", "CR 116.2f", player=self.players[p], card=o, n=e.n)
        return
        yield

    @effect(ForetellCard)
    def _e_ForetellCard(self, e, ctx):
        """CR 702.143a-b, 116.2h: exiled face down; its owner may look at it (CR 406.3b) and cast
        it after this turn for its foretell cost."""
        o = self.current(ctx["source"])
        p = ctx["controller"]
        if o is None or o.zone != "hand":
            return
        new = self.move(o, "exile", face_down=True, cause="foretold", rule="CR 702.143a", log=False)
        if new is None:
            return
        new.may_look = frozenset({p})
        new.exile_cast_foretold = (p, self.turn)
        self.touch()
        self.log.add("{player} foretells a card: it is exiled face down (special action)",
                     "CR 702.143a", "CR 702.143b", "CR 116.2h", player=self.players[p])
        self.log.add("(the foretold card is {card})", "CR 702.143a", "CR 406.3b", visible_to={p}, card=o)
        return
        yield

    # ------------------------------------------------------------------ casting from exile
    def foretold_castable(self, p: int, o) -> bool:
        """CR 702.143a: a card ``p`` foretold, after the turn it was foretold, with a foretell cost."""
        f = getattr(o, "exile_cast_foretold", None)
        return (o.zone == "exile" and f is not None and f[0] == p and f[1] < self.turn
                and self.keyword_arg(o, "foretell") is not None and o.compiled.ok)

    def cast_actions(self, p: int, sorcery_ok: bool) -> list:
        """Cast actions for cards ``p`` may cast from exile (CR 601.2a; foretell CR 702.143a),
        with the timing of the card's type (CR 307.1, 702.8a)."""
        from judgetower.rules.decisions import Cast
        out = []
        for oid in list(self.exile):
            o = self.objects[oid]
            if self.play_permission(p, o):
                out.extend(self._exile_cast_permitted_actions(p, o, sorcery_ok))
                continue
            if not self.foretold_castable(p, o):
                continue
            instant = "Instant" in o.card.types or _has(o, "flash")
            if (instant or sorcery_ok) and self.can_cast(p, o, alternative=False):
                out.append(Cast(oid))
        return out

    def may_cast(self, p: int, o) -> bool:
        """For legality (CR 601.2a): ``o`` is a card in exile ``p`` may cast."""
        return self.foretold_castable(p, o) or (
            self.play_permission(p, o) and "Land" not in o.card.types)

    def exile_cast_spell_cost(self, o):
        """The foretell cost of a foretold card cast from exile (CR 702.143a, 118.9), else None."""
        from judgetower.rules.stack.mana import ManaCost
        if (o.zone == "exile" and getattr(o, "exile_cast_foretold", None) is not None) or \
                (o.zone == "stack" and getattr(o, "foretell_cast", False)):
            return ManaCost.parse(self.keyword_arg(o, "foretell") or None)
        if getattr(o, "exile_cast_miracle", False) and o.zone in ("hand", "stack"):
            # CR 702.94a: cast for its miracle cost rather than its mana cost
            return ManaCost.parse(self.keyword_arg(o, "miracle") or None)
        return None

    def cast_note(self, p: int, card_obj, spell) -> bool:
        """cast_spell: a foretold card cast from exile (CR 702.143a), or one an effect lets its
        controller play (CR 601.2a); True if it was one."""
        if getattr(card_obj, "exile_cast_may_play", None) is not None:
            self.log.add("{player} casts {spell} from exile (an effect allows it)", "CR 601.2a", player=self.players[p],
                         spell=spell)
            return True
        if getattr(card_obj, "exile_cast_foretold", None) is None:
            return False
        spell.foretell_cast = True
        self.log.add("{player} casts {spell} from exile (foretold) for its foretell cost {cost}",
                     "CR 601.2a", "CR 702.143a", "CR 118.9", player=self.players[p], spell=spell,
                     cost=self.keyword_arg(spell, "foretell"))
        return True

    def no_mana_cost(self, o, alternative: bool) -> bool:
        """CR 118.6, 202.1b: a card with no mana cost can't be cast from the hand by paying its
        mana cost, even under JT-G4 (Ancestral Vision: only its suspend casts it; Evermind: never).
        An alternative cost (CR 118.6a: evoke, a disturb or flashback cost from the graveyard) or
        "without paying its mana cost" (`cast_free`) still casts it."""
        return (not alternative and o.zone == "hand" and o.card is not None and not o.card.mana_cost
                and "Land" not in o.card.types and not getattr(o, "face_down", False))

    # ------------------------------------------------------------------ legality (why illegal)
    def why_cast(self, p: int, o, a) -> str | None:
        """The rule a cast breaks: a foretold card cast the turn it was foretold (CR 702.143a),
        a card with no mana cost cast from the hand (CR 118.6)."""
        f = getattr(o, "exile_cast_foretold", None)
        if o.zone == "exile" and f is not None and f[0] == p and f[1] >= self.turn:
            return "CR 702.143a"
        if o.zone == "hand" and o.id in self.hand(p) and self.no_mana_cost(o, a.alternative):
            return "CR 118.6"
        return None

    def why_special(self, p: int, o, ab) -> str | None:
        """The rule a suspend or foretell special action breaks when it is not allowed now."""
        if not self.exile_casting_is_special(ab) or o.zone != "hand":
            return None
        if any(isinstance(e, ForetellCard) for e in ab.effects):
            return "CR 116.2h" if not self.activation_timing_ok(p, ab) else None
        return "CR 116.2f" if ab.sorcery_speed and not self.sorcery_timing(p) else None

    # ------------------------------------------------------------------ zone changes
    def exile_cast_replace_move(self, o, from_zone: str, to_zone: str, position, cause: str):
        """CR 702.88a: a resolving spell with rebound cast from its controller's hand is exiled
        instead of going to the graveyard. Returns (to_zone, position, rebound?)."""
        if (from_zone == "stack" and to_zone == "graveyard" and cause == "resolved"
                and getattr(o, "cast_from", None) == "hand" and _has(o, "rebound")
                and not getattr(o, "is_spell_copy", False)):
            self.log.add("{spell} has rebound: it is exiled instead of going to the graveyard", "CR 702.88a", spell=o)
            return "exile", "top", True
        return to_zone, position, False

    def after_move(self, o, new, from_zone: str, to_zone: str, rebound: bool) -> None:
        """Carry what exilecast needs onto the new object (CR 400.7)."""
        if rebound and to_zone == "exile":
            # CR 702.88a, 603.7: the delayed trigger at its controller's next upkeep
            new.exile_cast_rebound = (o.controller, self.turn)
        if from_zone == "hand" and to_zone == "stack" and getattr(o, "exile_cast_miracle", False):
            new.exile_cast_miracle = True   # CR 702.94a: its total cost starts from the miracle cost
        if from_zone == "exile" and to_zone == "stack" and getattr(o, "haste_pending", False):
            new.exile_cast_haste = True
        if from_zone == "stack" and to_zone == "battlefield" and getattr(o, "exile_cast_haste", False):
            # CR 702.62a: haste until its controller loses control of it (see layers)
            new.haste_ctl = new.controller

    def haste_keywords(self, o, controller) -> bool:
        """Layer 6 (CR 613.1f): a creature cast with suspend has haste while the player who cast
        it controls it (CR 702.62a); once control is lost, never again."""
        ctl = getattr(o, "haste_ctl", None)
        if ctl is None:
            return False
        if ctl != controller:
            o.haste_ctl = None
            return False
        return True

    # ------------------------------------------------------------------ triggers from exile
    def exile_casting_check_event(self, ev) -> None:
        """Suspend's triggers (CR 702.62a) and rebound's delayed trigger (CR 702.88a, 603.7)."""
        from judgetower.rules.triggers.abilities import Synth
        if ev["kind"] == "step" and ev["step"] == "upkeep":
            ap = self.active
            for oid in list(self.exile):
                o = self.objects[oid]
                perm = getattr(o, "exile_cast_may_play", None)
                if perm is not None and perm[2] in ("next_turn", "next_upkeep") and perm[0] == ap and perm[4] is None \
                        and self.turn > perm[1]:
                    o.exile_cast_may_play = perm[:4] + (self.turn,)   # CR 611.2a: "your next turn"
                if (o.owner == ap and _has(o, "suspend") and o.counters.get("time", 0) > 0):
                    # CR 702.62a: "At the beginning of your upkeep, if this card is suspended"
                    # (CR 702.62b; intervening if, CR 603.4: checked again on resolution)
                    self.pending_triggers.append({
                        "source": o, "index": _kw_index(o, "suspend"), "controller": ap, "context": {},
                        "ability": Synth("suspend", ir.Trigger("upkeep", whose="you"),
                                         effects=(RemoveTimeCounter(),))})
                reb = getattr(o, "exile_cast_rebound", None)
                if reb is not None and reb[0] == ap and reb[1] < self.turn:
                    o.exile_cast_rebound = None
                    o.rebound_pending = True   # referenced until it resolves (R20)
                    self.pending_triggers.append({
                        "source": o, "index": _kw_index(o, "rebound"), "controller": ap, "context": {},
                        "ability": Synth("rebound", ir.Trigger("upkeep", whose="you"),
                                         effects=(ReboundCast(),))})
        elif ev["kind"] == "last_time":
            o = ev["obj"]
            self.pending_triggers.append({
                "source": o, "index": _kw_index(o, "suspend"), "controller": o.owner, "context": {},
                "ability": Synth("suspend", ir.Trigger("last_time"), effects=(CastSuspended(),))})

    @effect(RemoveTimeCounter)
    def _e_RemoveTimeCounter(self, e, ctx):
        """CR 702.62a: remove a time counter; the last one removed triggers the cast."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "exile" or not _has(o, "suspend") or o.counters.get("time", 0) <= 0:
            self.log.add("{card}: it is no longer suspended", "CR 603.4", "CR 702.62b", card=ctx["source"])
            return
        self.remove_counters(o, "time", 1)
        left = o.counters.get("time", 0)
        self.log.add("a time counter is removed from {card} ({n} left)", "CR 702.62a", "CR 122.8", card=o, n=left)
        if left == 0:
            self.events.append({"kind": "last_time", "obj": o})
        return
        yield

    @effect(CastSuspended)
    def _e_CastSuspended(self, e, ctx):
        """CR 702.62a, 608.2g: "if it's exiled, you may play it without paying its mana cost if
        able. If you don't, it remains exiled." A creature spell cast this way gains haste.
        Judge Tower: the "may" is taken when able (JT-C1, R9)."""
        o = self.current(ctx["source"])
        p = ctx["controller"]
        if o is None or o.zone != "exile":
            self.log.add("{card} is no longer exiled: it can't be played", "CR 702.62a", card=ctx["source"])
            return
        yield from self._exile_cast_cast_from_exile(p, o, "CR 702.62a", "suspend")

    @effect(ReboundCast)
    def _e_ReboundCast(self, e, ctx):
        """CR 702.88a: "you may cast this card from exile without paying its mana cost" (JT-C1,
        R9: taken when able)."""
        o = self.current(ctx["source"])
        p = ctx["controller"]
        src = ctx["source"]
        src.rebound_pending = False
        if o is None or o.zone != "exile":
            self.log.add("{card} is no longer in exile: it can't be cast", "CR 702.88a", card=src)
            return
        o.rebound_pending = False
        yield from self._exile_cast_cast_from_exile(p, o, "CR 702.88a", "rebound")

    def _exile_cast_cast_from_exile(self, p: int, o, rule: str, what: str):
        if o.card is None or not o.compiled.ok or "Land" in o.card.types or not self.spell_has_targets(p, o):
            # CR 601.2c: a spell needing targets can't be cast without legal ones (lands: no
            # card with suspend or rebound is a land)
            self.log.add("{player} can't cast {card}: it stays in exile", rule, "CR 601.2c", player=self.players[p], card=o)
            return
        cast = yield from self.ask(p, "may", self.forced_bool_options([False, True], "may"),
                                   msg("cast {card} from exile without paying its mana cost ({what})?", card=o,
                                       what=Term(what)), rule)
        if not cast:
            self.log.add("{player} doesn't cast {card}: it remains exiled", rule, player=self.players[p], card=o)
            return
        if what == "suspend" and "Creature" in o.card.types:
            o.haste_pending = True
            self.log.add("{card} is cast with suspend: it gains haste until {player} loses control of it", "CR 702.62a",
                         card=o, player=self.players[p])
        yield from self.cast_free(p, o)

    # ------------------------------------------------------------------ referenced exile (R20)
    def exile_cast_references(self) -> list:
        """R20: suspended cards (their own ability works from exile, CR 702.62a), foretold cards
        (a permission to cast them, CR 702.143a) and rebound cards until their trigger has
        resolved (CR 702.88a) stay referenced: the JT-E2 refill does not take them."""
        out = []
        for oid in self.exile:
            o = self.objects[oid]
            if _has(o, "suspend") and o.counters.get("time", 0) > 0:
                out.append((o, "suspend", "exile_cast_suspend", [o.id]))
            elif getattr(o, "exile_cast_foretold", None) is not None and _has(o, "foretell"):
                out.append((o, "foretell", "exile_cast_foretell", [o.id]))
            elif getattr(o, "exile_cast_rebound", None) is not None or getattr(o, "rebound_pending", False):
                out.append((o, "rebound", "exile_cast_rebound", [o.id]))
            elif getattr(o, "exile_cast_may_play", None) is not None and self._exile_cast_permission_live(o):
                out.append((o, "may_play", "exile_cast_may_play", [o.id]))
        return out

    def pile_label(self, holder, kind: str) -> str:
        """A public label (a foretold card is face down: its name stays hidden, CR 406.3)."""
        if kind == "exile_cast_foretell":
            return f"foretold by {self.players[holder.exile_cast_foretold[0]].name}: they may cast it after that turn"
        if kind == "exile_cast_may_play":
            perm = holder.exile_cast_may_play
            until = {"end_of_turn": "this turn", "next_turn": "until the end of their next turn",
                     "next_upkeep": "until the beginning of their next upkeep"}[perm[2]]
            return f"{self.players[perm[0]].name} may {'cast' if perm[3] else 'play'} it {until}"
        if kind == "exile_cast_suspend":
            return f"{holder.name}: suspended with {holder.counters.get('time', 0)} time counter(s)"
        return f"{holder.name}: rebound, cast at its controller's next upkeep"

    # ------------------------------------------------------------------ miracle (CR 702.94)
    def exile_cast_drawn(self, p: int, new, rule: str):
        """CR 702.94a: "You may reveal this card from your hand as you draw it if it's the first
        card you've drawn this turn. When you reveal this card this way, you may cast it by
        paying [cost] rather than its mana cost." Opening hands are not drawn in a turn (CR 103.5,
        JT-G1). Judge Tower: the reveal is a "may" taken when able (JT-C1, R9)."""
        if rule in ("CR 103.5", "JT-G1") or new is None:
            return
        pl = self.players[p]
        turn, n = getattr(pl, "exile_cast_draws", (None, 0))
        n = n + 1 if turn == self.turn else 1
        pl.exile_cast_draws = (self.turn, n)
        cost = self.keyword_arg(new, "miracle") if new.compiled is not None else None
        if n != 1 or cost is None or not new.compiled.ok or new.zone != "hand":
            return
        reveal = yield from self.ask(p, "may", self.forced_bool_options([False, True], "may"),
                                     msg("reveal {card} as you draw it (miracle {cost})?", card=new, cost=cost), "CR 702.94a")
        if not reveal:
            return
        from judgetower.rules.triggers.abilities import Synth
        # CR 702.94b: it stays revealed until it leaves the hand or the ability leaves the stack
        self.log.add("{player} reveals {card} as the first card they drew this turn (miracle)",
                     "CR 702.94a", "CR 702.94b", "CR 701.20a", player=pl, card=new)
        self.pending_triggers.append({
            "source": new, "index": _kw_index(new, "miracle"), "controller": p, "context": {},
            "ability": Synth("miracle", ir.Trigger("exile_cast_miracle"), effects=(MiracleCast(cost),))})

    @effect(MiracleCast)
    def _e_MiracleCast(self, e, ctx):
        """CR 702.94a, 608.2g: while the trigger resolves, its controller may cast the revealed
        card from the hand for its miracle cost (an alternative cost, CR 118.9; timing is
        ignored). Judge Tower: "may" taken when able (JT-C1, R9); mana is free (JT-G4)."""
        card = self.current(ctx["source"])
        p = ctx["controller"]
        if card is None or card.zone != "hand" or card.id not in self.hand(p):
            self.log.add("{card} is no longer in the hand: it can't be cast", "CR 702.94a", card=ctx["source"])
            return
        card.exile_cast_miracle = True
        ok = (card.compiled.ok and "Land" not in card.card.types and self.spell_has_targets(p, card)
              and self.can_pay_mana(p, self.spell_cost(card, False).with_x(0), helpers=self.payment_helpers(card)))
        add = self.additional_cost(card)
        if ok and add is not None and not self.can_pay_extra(p, card, add):
            ok = False
        cast = yield from self.ask(p, "may", self.forced_bool_options([False] + ([True] if ok else []), "may"),
                                   msg("cast {card} for its miracle cost {cost}?", card=card, cost=e.cost), "CR 702.94a")
        if not cast:
            card.exile_cast_miracle = False
            self.log.add("{player} doesn't cast {card} (miracle)", "CR 702.94a", player=self.players[p], card=card)
            return
        self.log.add("{player} casts {card} for its miracle cost {cost}", "CR 702.94a", "CR 118.9", "CR 608.2g",
                     player=self.players[p], card=card, cost=e.cost)
        yield from self.cast_spell(p, card)

    # ------------------------------------------------------------------ "exile ~ with N time counters"
    @effect(ir.ExileSelfWithTime)
    def _e_ExileSelfWithTime(self, e, ctx):
        """CR 406.3, 122.1: the resolving spell (CR 608.2n: it is no longer put into the
        graveyard) or the permanent is exiled with N time counters; with suspend it is suspended
        (CR 702.62b) and its triggers work from exile."""
        o = self.current(ctx["source"])
        if o is None or o.zone not in ("stack", "battlefield"):
            return
        new = self.move(o, "exile", cause="exiled by its own instruction", rule="CR 406.3", log=False)
        if new is None:
            return
        self.put_counters(new, "time", e.n)
        if _has(new, "suspend"):
            self.log.add("{card} is exiled with {n} time counter(s) (it is suspended)", "CR 406.3", "CR 122.1",
                         "CR 702.62b", card=o, n=e.n)
        else:
            self.log.add("{card} is exiled with {n} time counter(s)", "CR 406.3", "CR 122.1", card=o, n=e.n)
        return
        yield

    # ------------------------------------------------------------------ impulse draw (CR 601.2a, 305.1)
    @effect(ir.MayPlayExiled)
    def _e_MayPlayExiled(self, e, ctx):
        """"Until end of turn, you may play that card." (CR 601.2a: a spell cast from exile with
        an effect's permission; CR 305.1: a land played from exile uses the land play). The
        cards are those the previous instruction exiled (the compiler allows nothing else).
        Judge Tower: a permission, not a "may" to take now; playing the card is a legal action,
        so JT-P1 forces it when able (R11); the cards stay referenced meanwhile (R20)."""
        p = ctx["controller"]
        for o in ctx.get("exile_cast_exiled", []):
            cur = self.current(o)
            if cur is None or cur.zone != "exile":
                continue
            cur.exile_cast_may_play = (p, self.turn, e.until, e.cast_only, None)
            until = {"end_of_turn": msg("this turn"), "next_turn": msg("until the end of their next turn"),
                     "next_upkeep": msg("until the beginning of their next upkeep")}[e.until]
            if e.cast_only:
                self.log.add("{player} may cast {card} from exile {until}", "CR 601.2a", "CR 611.2a",
                             player=self.players[p], card=cur, until=until)
            else:
                self.log.add("{player} may play {card} from exile {until}", "CR 601.2a", "CR 305.1", "CR 611.2a",
                             player=self.players[p], card=cur, until=until)
        self.touch()
        return
        yield

    def _exile_cast_permission_live(self, o) -> bool:
        """Whether the permission on ``o`` still lasts: this turn only ("end_of_turn"), or until
        the end of its holder's next turn ("next_turn": the first turn of that player after the
        one it was given in is noted at its upkeep, see ``exile_casting_check_event``)."""
        perm = getattr(o, "exile_cast_may_play", None)
        if perm is None:
            return False
        p, t0, until, cast_only, next_turn = perm
        if until == "next_upkeep":
            return next_turn is None   # CR 611.2a: ends as their next upkeep begins
        if self.turn == t0:
            return True
        if until != "next_turn":
            return False
        if next_turn is None:
            return True       # their next turn hasn't reached its upkeep yet
        return self.turn == next_turn

    def play_permission(self, p: int, o) -> bool:
        perm = getattr(o, "exile_cast_may_play", None)
        return (perm is not None and perm[0] == p and o.zone == "exile" and o.card is not None
                and o.compiled.ok and self._exile_cast_permission_live(o))

    def may_play_land(self, p: int, o) -> bool:
        """For legality: a land card in exile ``p`` may play (CR 305.1)."""
        perm = getattr(o, "exile_cast_may_play", None)
        return self.play_permission(p, o) and not perm[3] and (
            "Land" in o.card.types or (o.card.layout == "modal_dfc" and any("Land" in f.types for f in o.card.faces)))

    def _exile_cast_permitted_actions(self, p: int, o, sorcery_ok: bool) -> list:
        """The plays a permission allows: cast the card with its timing and mana cost
        (CR 601.2a; a card with no mana cost can't be, CR 118.6), or play a land with the land
        play (CR 305.1, 305.2); a multi-faced card's faces (CR 709.3, 715.3, 712.11b, 712.12)."""
        from judgetower.rules.decisions import Cast, PlayLand
        out = []
        cast_only = o.exile_cast_may_play[3]
        land_ok = (not cast_only and sorcery_ok and self.players[p].land_plays < self.land_limit(p))
        if o.card.faces:
            out.extend(a for a in self.face_cast_actions(p, o, sorcery_ok) if isinstance(a, Cast))
            if o.card.layout == "modal_dfc" and land_ok:
                out.extend(PlayLand(o.id, face=i) for i in range(1, len(o.card.faces))
                           if "Land" in o.card.faces[i].types)
            if o.card.layout == "split":
                return out
        if "Land" in o.card.types:
            if land_ok:
                out.append(PlayLand(o.id))
            return out
        if not o.card.mana_cost:
            return out   # CR 118.6
        instant = "Instant" in o.card.types or _has(o, "flash")
        if (instant or sorcery_ok) and self.can_cast(p, o, alternative=False):
            out.append(Cast(o.id))
        return out
