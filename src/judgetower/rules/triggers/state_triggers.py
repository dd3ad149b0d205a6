"""trigstate: triggers, untap/turn state and static game-rule changes (wave 4).

* "~ doesn't untap during your next untap step." / "Lands you control don't untap during your
  next untap step." (CR 502.3): the effect waits for the next untap step of the ability's
  controller; then the objects it names (a group is read at that moment: a "doesn't untap"
  effect does not change characteristics, so CR 611.2c does not lock its set in) that this player
  controls stay tapped, and the effect ends (it is used up even when they were untapped or gone).
  Judge Tower changes nothing here.
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.log import CardName, msg, said
from judgetower.rules.registry import effect


class StateTriggersMixin:
    """trigstate engine code (mixed into Game)."""

    # ---- CR 502.3: "doesn't untap during your next untap step" -------------------------------
    @effect(ir.SkipYourNextUntap)
    def _e_SkipYourNextUntap(self, e, ctx):
        p = ctx["controller"]
        entry = {"player": p, "ctx": {k: ctx[k] for k in ("source", "controller", "targets") if k in ctx}}
        if isinstance(e.what, ir.All):
            entry["group"] = e.what   # read in that untap step
            what = msg("they")
        else:
            entry["ids"] = {o.id for o in self.objs(e.what, ctx) if o.zone == "battlefield"}
            what = [self.objects[i] for i in entry["ids"]] or msg("nothing")
        if not hasattr(self, "untap_skips"):
            self.untap_skips = []
        self.untap_skips.append(entry)
        self.log.add("{cards}: doesn't untap during {player}'s next untap step", "CR 502.3", cards=what,
                     player=self.players[p])
        return
        yield

    def state_triggers_untap_step_begins(self) -> None:
        """Untap step of the active player (CR 502.3): the "your next untap step" effects of this
        player apply now and end; the ids they keep tapped are kept for ``untap_kept``."""
        ap = self.active
        keep: set[int] = set()
        rest = []
        for entry in getattr(self, "untap_skips", ()):
            if entry["player"] != ap:
                rest.append(entry)
                continue
            if "group" in entry:
                keep |= {o.id for o in self.objs(entry["group"], entry["ctx"])}
            else:
                keep |= entry["ids"]
        self.untap_skips = rest
        self.kept_now = keep

    def untap_kept(self, o) -> bool:
        if o.tapped and o.id in getattr(self, "kept_now", ()):
            self.log.add("{card} doesn't untap during this untap step", "CR 502.3", card=o)
            return True
        return False

    # ---- CR 614.10: "You skip your next turn." -----------------------------------------------
    @effect(ir.SkipNextTurn)
    def _e_SkipNextTurn(self, e, ctx):
        if not hasattr(self, "turns_to_skip"):
            self.turns_to_skip = {}
        for p in self.players_of(e.who, ctx):
            self.turns_to_skip[p] = self.turns_to_skip.get(p, 0) + 1
            self.log.add("{player} will skip their next turn", "CR 614.10", player=self.players[p])
        return
        yield

    def turn_skipped(self, p: int) -> bool:
        """CR 614.10, 614.10a: the turn player ``p`` would begin is skipped (one effect used up)."""
        left = getattr(self, "turns_to_skip", {}).get(p, 0)
        if left <= 0 or self.players[p].lost:
            return False
        self.turns_to_skip[p] = left - 1
        self.log.add("{player} skips this turn", "CR 614.10", player=self.players[p])
        return True

    # ---- CR 603.8: state triggers ------------------------------------------------------------
    def state_triggers(self) -> None:
        """CR 603.8: a state-triggered ability triggers as soon as the game state matches its
        condition, checked with the other triggers (CR 117.5); it doesn't trigger again until the
        instance already triggered has resolved, been countered or otherwise left the stack."""
        from judgetower.rules.conditions import evaluate_cited
        from judgetower.rules.triggers.abilities import triggered_abilities
        waiting = {(t["source"].id, t["index"]) for t in self.pending_triggers}
        for i in self.stack:
            it = self.objects.get(i)
            if getattr(it, "kind", None) == "triggered":
                waiting.add((it.source_id, it.ability_index))
        for i in list(self.battlefield):
            w = self.objects[i]
            if w.face_down:
                continue
            for idx, ab in triggered_abilities(w):
                t = getattr(ab, "trigger", None)
                if not isinstance(t, ir.StateTrigger) or (w.id, idx) in waiting:
                    continue
                ok, why, _cited = evaluate_cited(self, t.state, w, w.controller)
                if ok:
                    self.log.add("{card}'s state trigger: {reason}", "CR 603.8", card=w, reason=said(why))
                    self._trigger(w, idx, ab, {})

    # ---- CR 118.12: "sacrifice it unless you return a land / discard a card at random" -------
    @effect(ir.SacrificeUnless)
    def _e_SacrificeUnless(self, e, ctx):
        """The controller may take the action; if they don't, they sacrifice the permanent.
        Judge Tower: "unless" actions are taken when able (JT-C1, R9), through
        ``forced_bool_options(.., "unless")``; which land to return stays a free choice (not a
        hidden zone: JT-C4 does not apply)."""
        from judgetower.rules.characteristics.filters import matches
        from judgetower.rules.effects.interpreter import _src
        p = ctx["controller"]
        for o in self.objs(e.what, ctx):
            if o.zone != "battlefield" or o.controller != p:
                continue
            if e.action == "return":
                cands = [x.id for x in self.permanents(p) if matches(self, x, e.filter, _src(ctx["source"], p))]
                what = "return a land you control to its owner's hand"
                what_said = msg("return a land you control to its owner's hand")
            elif e.action == "discard":
                cands = [c for c in self.hand(p) if matches(self, self.objects[c], e.filter, _src(ctx["source"], p))]
                what = "discard a matching card"
                what_said = msg("discard a matching card")
            else:
                cands = list(self.hand(p))
                what = "discard a card at random"
                what_said = msg("discard a card at random")
            opts = [False] + ([True] if cands else [])
            do = yield from self.ask(p, "may", self.forced_bool_options(opts, "unless"),
                                     msg("{what} to keep {card}? (else it is sacrificed)", what=what_said, card=o),
                                     "CR 118.12")
            if do:
                if e.action == "return":
                    c = yield from self.ask(p, "cards", cands, msg("choose a permanent to return to its owner's hand"),
                                            "CR 400.7")
                    r = self.objects[c]
                    self.log.add("{player} returns {card} to its owner's hand rather than sacrifice {other}",
                                 "CR 118.12", "CR 400.7", player=self.players[p], card=r, other=o)
                    self.move(r, "hand", cause=msg("returned by {source}", source=ctx['source']), rule="CR 400.7",
                              log=False)
                elif e.action == "discard":
                    c = yield from self.ask(p, "cards", cands, msg("choose a card to discard"), "CR 701.9a")
                    d = self.objects[c]
                    self.log.add("{player} discards {card} rather than sacrifice {other}", "CR 118.12", "CR 701.9a",
                                 player=self.players[p], card=d, other=o)
                    self.move(d, "graveyard", cause="discarded", rule="CR 701.9a", log=False)
                else:
                    d = self.objects[self.rng.choice(self.hand(p))]
                    self.log.add("{player} discards {card} at random rather than sacrifice {other}", "CR 118.12",
                                 "CR 701.9a", player=self.players[p], card=d, other=o)
                    self.move(d, "graveyard", cause="discarded at random", rule="CR 701.9a", log=False)
                continue
            self.log.add("{player} doesn't {what}: sacrifices {card}", "CR 118.12", "CR 701.21a",
                         player=self.players[p], what=what_said, card=o)
            self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)

    # ---- CR 614.1c: "Creatures your opponents control enter the battlefield tapped." ---------
    def enter_tapped(self, o) -> None:
        """Called as ``o`` enters the battlefield (casting.apply_enter_replacements)."""
        from judgetower.rules.stack.casting import _Src
        from judgetower.rules.characteristics.filters import matches
        self.mark_entering(o)   # trigstate: CR 603.6a, looked at as it enters
        if o.tapped:
            return
        sources = [self.objects[i] for i in self.battlefield if i != o.id] + [o]   # CR 614.12
        for s in sources:
            if s.face_down:
                continue
            for ab in s.compiled.abilities:
                if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.OthersEnterTapped) \
                        and matches(self, o, ab.effect.filter, _Src(s, s.controller)):
                    o.tapped = True
                    self.log.add("{card} enters tapped ({source})", "CR 614.1c", card=o, source=s)
                    return

    # ---- CR 305.2a: additional land plays ----------------------------------------------------
    def land_limit(self, p: int) -> int:
        """How many lands player ``p`` may play this turn (CR 305.2: one, plus the additional
        land plays effects give, CR 305.2a). Judge Tower: playing a land keeps this limit (R11);
        a land play left is a legal action, so JT-P1 makes the player take it."""
        n = 1 + getattr(self.players[p], "extra_lands_turn", 0)
        return n + sum(e.n for _, e in self.static_effects(ir.AdditionalLands, p))

    @effect(ir.AdditionalLands)
    def _e_AdditionalLands(self, e, ctx):
        pl = self.players[ctx["controller"]]
        pl.extra_lands_turn = getattr(pl, "extra_lands_turn", 0) + e.n
        self.log.add("{player} may play {n} additional land(s) this turn", "CR 305.2a", player=pl, n=e.n)
        return
        yield

    # ---- CR 101.2: "Each player can't cast more than one spell each turn." -------------------
    def cast_forbidden(self, p: int) -> str | None:
        """The name of a permanent whose spell limit forbids player ``p`` to cast another spell
        this turn, else None (spells counted: those ``p`` cast this turn, CR 601.2i)."""
        done = getattr(self.players[p], "spells_cast_turn", 0)
        return next((s.name for s, e in self.static_effects(ir.SpellLimit) if done >= e.n), None)

    def count_cast(self, spell, p: int) -> None:
        """A spell became cast (CR 601.2i): count it for the spell limit."""
        pl = self.players[p]
        pl.spells_cast_turn = getattr(pl, "spells_cast_turn", 0) + 1

    # ---- CR 603.6a: "Creatures entering the battlefield don't cause abilities to trigger." ---
    def mark_entering(self, o) -> None:
        """As ``o`` enters (casting.apply_enter_replacements, game.make_token): a static ability
        "[filter] entering the battlefield don't cause abilities to trigger" of a permanent on the
        battlefield or of ``o`` itself that matches it marks it (CR 603.6a)."""
        from judgetower.rules.stack.casting import _Src
        from judgetower.rules.characteristics.filters import matches
        for s in [self.objects[i] for i in self.battlefield if i != o.id] + [o]:
            if s.face_down:
                continue
            for ab in s.compiled.abilities:
                if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.EnteringNoTriggers) \
                        and matches(self, o, ab.effect.filter, _Src(s, s.controller)):
                    o.no_enter_triggers = s.name
                    return

    def entering_suppressed(self, ev) -> bool:
        """True if ``ev`` is an object entering the battlefield marked by ``mark_entering``:
        its whole event is then skipped by check_triggers (CR 603.6a)."""
        if ev.get("kind") != "zone" or ev.get("to") != "battlefield" or ev.get("new") is None:
            return False
        new = ev["new"]
        by = getattr(new, "no_enter_triggers", None)
        if by is None:
            return False
        self.log.add("{card} entering the battlefield causes no abilities to trigger ({source})", "CR 603.6a",
                     card=new, source=CardName(by))
        return True

    # ---- CR 603.7a: "Sacrifice that creature at the beginning of the next end step." ---------
    @effect(ir.DelayedSacrifice)
    def _e_DelayedSacrifice(self, e, ctx):
        objs = []
        for o in self.objs(e.what, ctx, lki=True):
            cur = o
            while cur is not None and cur.zone != "battlefield" and getattr(cur, "moved_to", None):
                cur = self.objects.get(cur.moved_to)   # CR 400.7: the permanent it became
            if cur is not None and cur.zone == "battlefield":
                objs.append(cur)
        if not objs:
            return
        self.delayed.append({"when": "next_end_step", "effects": (ir.SacrificeThose(ir.Chosen("sacrifice_those")),),
                             "controller": ctx["controller"], "source": ctx["source"],
                             "chosen": {"sacrifice_those": objs}, "turn": self.turn})
        self.log.add("{source} sets up a delayed triggered ability: sacrifice {cards} at the beginning of the next "
                     "end step", "CR 603.7a", source=ctx['source'], cards=objs)
        return
        yield

    @effect(ir.SacrificeThose)
    def _e_SacrificeThose(self, e, ctx):
        p = ctx["controller"]
        for o in self.objs(e.what, ctx):
            if o.zone != "battlefield" or o.controller != p:
                continue   # CR 701.21a: only a permanent you control can be sacrificed
            self.log.add("{player} sacrifices {card}", "CR 603.7a", "CR 701.21a", player=self.players[p], card=o)
            self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
        return
        yield

    # ---- CR 702.24a: "Cumulative upkeep {G} or {W}" / "Cumulative upkeep—Pay N life" --------
    def cumulative_upkeep_pay(self, e, ctx):
        """Pay the cost once for each age counter, or sacrifice the permanent. A choice of two
        mana costs: the player picks how many counters are paid with the first (a payable mix).
        A life payment: CR 119.4 (only with that much life); Judge Tower: paying life is always
        possible (JT-G3, R3), mana is free (JT-G4, R4) and the payment is made when able (JT-C1,
        R9), so the permanent stays."""
        from judgetower.rules.stack.mana import ManaCost
        cost_arg = e.mana
        o = self.current(ctx["source"])
        p = ctx["controller"]
        if o is None or o.zone != "battlefield" or o.controller != p:
            return
        n = o.counters.get("age", 0)
        pl = self.players[p]
        if cost_arg.life:
            total = cost_arg.life * n
            opts = [False] + ([True] if pl.life >= total else [])
            paid = yield from self.ask(p, "pay", self.forced_bool_options(opts, "unless"),
                                       msg("pay {total} life (cumulative upkeep, {n} age counter(s)) to keep {card}?", total=total,
                                           n=n, card=o),
                                       "CR 702.24a")
            if paid:
                if total:
                    self.lose_life(p, total, rule="CR 119.4")
                self.log.add("{player} pays cumulative upkeep ({n} life) for {card}", "CR 702.24a", "CR 119.4",
                             player=pl, n=total, card=o)
                return
        else:
            a, b = cost_arg.options
            mixes = {}
            for k in range(n, -1, -1):   # k counters paid with the first cost
                total = a * k + b * (n - k)
                if self.can_pay_mana(p, ManaCost.parse(total or None)):
                    mixes[k] = total or "{0}"
            opts = [False] + ([True] if mixes else [])
            paid = yield from self.ask(p, "pay", self.forced_bool_options(opts, "unless"),
                                       msg("pay {a} or {b} for each of {n} age counter(s) (cumulative upkeep) to keep {card}?",
                                           a=a, b=b, n=n, card=o),
                                       "CR 702.24a")
            if paid:
                total = mixes[next(iter(mixes))]
                if len(mixes) > 1:
                    total = yield from self.ask(p, "mode", list(mixes.values()), msg("cumulative upkeep: pay which mix?"),
                                                "CR 702.24a")
                if self.pay_mana(p, ManaCost.parse(None if total == "{0}" else total), msg("{card}'s cumulative upkeep", card=o)):
                    self.log.add("{player} pays cumulative upkeep {mana} for {card}", "CR 702.24a", player=pl, mana=total,
                                 card=o)
                    return
        self.log.add("{player} doesn't pay cumulative upkeep: sacrifices {card}", "CR 702.24a", "CR 701.21a",
                     player=pl, card=o)
        self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
