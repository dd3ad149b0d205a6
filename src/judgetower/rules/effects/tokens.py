"""tokcount: keyword actions and abilities that create tokens or put counters (CR 122, 701, 702).

* Fabricate N (CR 702.123a): "When this permanent enters, you may put N +1/+1 counters on it. If
  you don't, create N 1/1 colorless Servo artifact creature tokens." Judge Tower: the "may" is
  taken when able (JT-C1, R9): the counters, unless the permanent is no longer on the
  battlefield (then nothing can be put on it, and the Servos are created).
* Amass N (CR 701.47a): "If you don't control an Army creature, create a 0/0 black Zombie Army
  creature token. Choose an Army creature you control. Put N +1/+1 counters on that creature. If
  it isn't a Zombie, it becomes a Zombie in addition to its other types." (printed "amass N":
  Zombie). The choice among several Armies is free (not a "may": JT-C1 doesn't apply).
* Populate (CR 701.36a-b): choose a creature token you control (a free choice) and create a copy
  of it (CR 707.2, the engine's token copy); none: nothing.
* Explore (CR 701.44a-c): the exploring permanent's controller (last known information if it
  left, 701.44c) reveals the top card of their library; a land card goes into their hand;
  otherwise a +1/+1 counter on the permanent (if still there) and they may put the card into
  their graveyard. Judge Tower: the shared library's top card is revealed (JT-G5); the revealed
  card is that player's alone while the ability resolves (JT-G6, R6); the "may" is taken (JT-C1,
  R9): the card goes to the (shared) graveyard.
* Connive (CR 701.50a-c): draw a card, then discard a card; a nonland card discarded: a +1/+1
  counter on the conniving permanent (if still there). The discarded card is a free choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.state import PID
from judgetower.rules.registry import effect
from judgetower.rules.log import Term, msg


@dataclass(frozen=True)
class EndOfCombatCounterRemoval:
    """The delayed triggered ability's effect: remove N counters of ``kind`` from the source."""

    kind: str
    n: int


def _one(game, ref, ctx):
    """The permanent an explore/connive instruction names (last known information, CR 701.44c)."""
    objs = game.objs(ref, ctx, lki=True)
    return objs[0] if objs else None


class TokenEffectsMixin:

    # ------------------------------------------------------------------ trigger events
    def tokens_note_damage(self, source, o) -> None:
        """CR 120.3: remember which objects dealt damage to the permanent ``o`` this turn (for
        "a creature dealt damage by ~ this turn"; a permanent that changes zones is a new object,
        CR 400.7, so the source's object id is kept)."""
        sid = getattr(source, "id", None)
        if sid is None:
            return
        seen = o.__dict__.setdefault("damaged_by", set())
        seen.add((self.turn, sid))

    def tokens_check_event(self, ev, watchers, departed) -> None:
        """"Whenever a creature dealt damage by ~ this turn dies" (CR 700.4; a leaves-the-battlefield
        trigger, it looks back in time, CR 603.10a: ~ dying at the same time still sees it) and
        "Whenever you draw your second card each turn" (CR 121.2)."""
        from judgetower.rules.characteristics.layers import base_chars
        from judgetower.rules.triggers.abilities import triggered_abilities
        kind = ev["kind"]
        if kind == "zone" and ev.get("from") == "battlefield" and ev["to"] == "graveyard" and ev.get("old") is not None:
            old = ev["old"]
            old_ch = ev.get("old_chars") or base_chars(old)
            if "Creature" not in old_ch.types:
                return
            marks = old.__dict__.get("damaged_by", set())
            ids = {w.id for w in watchers}
            for w in watchers + [d for d in departed if d.id not in ids]:
                if (self.turn, w.id) not in marks:
                    continue
                for idx, ab in triggered_abilities(w):
                    if ab.trigger.event == "tc_damaged_by_self_dies":
                        self.log.add("{card}, dealt damage by {source} this turn, dies: {source}'s ability "
                                     "triggers", "CR 700.4", "CR 603.10a", card=old, source=w)
                        self._trigger(w, idx, ab, {"trigger_obj": old, "trigger_lki": old})
        elif kind == "draw":
            p = ev["player"]
            counts = self.__dict__.setdefault("draws_by_turn", {})
            key = (self.turn, p)
            counts[key] = counts.get(key, 0) + 1
            if counts[key] != 2:
                return
            for w in watchers:
                if w.controller != p:
                    continue
                for idx, ab in triggered_abilities(w):
                    if ab.trigger.event == "tc_second_draw" and ab.trigger.whose == "you":
                        self._trigger(w, idx, ab, {"trigger_player": p})

    # ------------------------------------------------------------------ devour (CR 702.82a)
    def tokens_enter_counters(self, o) -> None:
        """Hook of apply_enter_replacements: devour's choice is made just after it is put on the
        battlefield, before anything looks at it (``tokens_enter_choices``, CR 614.12)."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.Keyword) and ab.name == "devour":
                o.__dict__.setdefault("tokens_entry_pending", []).append(int(ab.arg))
            elif isinstance(ab, ir.Keyword) and ab.name == "sunburst":
                self.tc_sunburst(o)   # CR 702.44a

    def tokens_enter_choices(self):
        """Devour N (CR 702.82a): "As this object enters, you may sacrifice any number of
        creatures. This permanent enters with N +1/+1 counters on it for each creature sacrificed
        this way." The devouring permanent itself is not among them (it is entering). Judge
        Tower: "any number" is as many as possible (JT-C3, R9): every other creature its
        controller controls. Returns True if anything was done."""
        acted = False
        for oid in list(self.battlefield):
            o = self.objects[oid]
            pending = o.__dict__.get("tokens_entry_pending")
            while pending:
                n = pending.pop(0)
                acted = True
                p = o.controller
                cands = [x.id for x in self.permanents(p) if x.id != o.id and "Creature" in self.chars(x).types]
                chosen = yield from self.ask_any_number(
                    p, cands, lambda k: msg("{card} (devour {n}): sacrifice a creature ({k} so far)", card=o, n=n, k=k),
                    "CR 702.82a",
                    tc_devour=True)
                who = self.players[p]
                for c in chosen:
                    x = self.objects[c]
                    self.log.add("{player} sacrifices {card} (devour)", "CR 702.82a", "CR 701.21a", player=who, card=x)
                    self.move(x, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
                o.__dict__["devoured"] = o.__dict__.get("devoured", 0) + len(chosen)   # CR 702.82b
                self.put_counters(o, "+1/+1", n * len(chosen))
                self.touch()
                self.log.add("{card} enters with {n} +1/+1 counter(s) (devour {devour}, {k} creature(s) sacrificed)",
                             "CR 702.82a", "CR 614.12", card=o, n=n * len(chosen), devour=n, k=len(chosen))
        return acted

    def _tc_counters_on(self, o, n: int, why, rule: str) -> bool:
        """``why``: a message, for the log line."""
        cur = self.current(o) if o is not None else None
        if cur is None or cur.zone != "battlefield" or n <= 0:
            return False
        self.put_counters(cur, "+1/+1", n)
        self.log.add("{n} +1/+1 counter(s) are put on {card} ({why})", rule, "CR 122.1", n=n, card=cur, why=why)
        return True

    # ------------------------------------------------------------------ fabricate
    @effect(ir.Fabricate)
    def _e_Fabricate(self, e, ctx):
        """CR 702.123a (Judge Tower: JT-C1, R9: the counters are taken when able)."""
        p = ctx["controller"]
        src = self.current(ctx["source"])
        able = src is not None and src.zone == "battlefield"
        yes = False
        if able:
            yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                      msg("fabricate {n}: put {n} +1/+1 counter(s) on {card}? "
                                          "(if not, create {n} 1/1 Servo token(s))",
                                          n=e.n, card=src), "CR 702.123a")
        if yes:
            self._tc_counters_on(src, e.n, msg("fabricate {n}", n=e.n), "CR 702.123a")
            return
        spec = ir.TokenSpec("Servo Token", 1, 1, (), ("Artifact", "Creature"), ("Servo",))
        for _ in range(e.n):
            t = self.make_token(spec, p)
            self.log.add("{player} creates a {token} (1/1) (fabricate {n})", "CR 702.123a", "CR 111.2",
                         player=self.players[p], token=t, n=e.n)

    # ------------------------------------------------------------------ amass
    @effect(ir.Amass)
    def _e_Amass(self, e, ctx):
        """CR 701.47a."""
        p = ctx["controller"]
        who = self.players[p]

        def armies():
            return [o for o in self.permanents(p) if "Creature" in self.chars(o).types and "Army" in self.chars(o).subtypes]
        if not armies():
            spec = ir.TokenSpec(f"{e.subtype} Army Token", 0, 0, ("B",), ("Creature",), (e.subtype, "Army"))
            t = self.make_token(spec, p)
            self.log.add("{player} controls no Army: creates a {token} (0/0) (amass {n})", "CR 701.47a", "CR 111.2",
                         player=who, token=t, n=e.n)
        cands = [o.id for o in armies()]
        if not cands:
            return
        c = yield from self.ask(p, "cards", cands, msg("amass {n}: choose an Army creature you control", n=e.n), "CR 701.47a")
        o = self.objects[c]
        self.put_counters(o, "+1/+1", e.n)
        self.log.add("{player} amasses {n}: {n} +1/+1 counter(s) on {card}", "CR 701.47a", "CR 122.1", player=who,
                     n=e.n, card=o)
        if e.subtype not in self.chars(o).subtypes:
            # "it becomes a [subtype] in addition to its other types" (CR 701.47a, 205.1b, 613.1d)
            self.continuous.append({"objs": {o.id}, "duration": "permanent",
                                    "animate": {"types": (), "subtypes": (e.subtype,), "colors": None,
                                                "power": None, "toughness": None},
                                    "timestamp": self.new_timestamp()})
            self.touch()
            self.log.add("{card} becomes a {subtype} in addition to its other types", "CR 701.47a", "CR 613.1d",
                         card=o, subtype=e.subtype)

    # ------------------------------------------------------------------ populate
    @effect(ir.Populate)
    def _e_Populate(self, e, ctx):
        """CR 701.36a-b."""
        p = ctx["controller"]
        cands = [o.id for o in self.permanents(p) if o.token is not None and "Creature" in self.chars(o).types]
        if not cands:
            self.log.add("{player} controls no creature token: populate creates nothing", "CR 701.36b",
                         player=self.players[p])
            return
        c = yield from self.ask(p, "cards", cands, msg("populate: choose a creature token you control"), "CR 701.36a")
        self.log.add("{player} populates: {token}", "CR 701.36a", player=self.players[p], token=self.objects[c])
        ctx.setdefault("chosen", {})["tc_populate"] = [self.objects[c]]
        yield from self._e_CreateTokenCopy(ir.CreateTokenCopy(ir.Chosen("tc_populate")), ctx)

    # ------------------------------------------------------------------ explore
    @effect(ir.Explore)
    def _e_Explore(self, e, ctx):
        """CR 701.44a-c (Judge Tower: JT-G5/G6, R6, JT-C1/R9, see the module docstring)."""
        o = _one(self, e.what, ctx)
        if o is None:
            return
        p = o.controller
        who = self.players[p]
        yield from self.ensure_library(p, 1 + self._held_by_others(p), "reveal")
        top = self.top_cards(p, 1)
        if not top:
            self.log.add("{player} has no card to reveal: {card} explores (no land card revealed)", "CR 701.44a",
                         "CR 701.44b", player=who, card=o)
            # CR 701.44a: "Otherwise" (no land card revealed): the counter is still put on it
            self._tc_counters_on(o, 1, msg("explore"), "CR 701.44a")
            return
        card = self.objects[top[0]]
        self.hold_for_looker(p, top)
        jt = ("JT-G6", "R6") if self.held_by_looker else ()
        self.log.add("{card} explores: {player} reveals {revealed} from the top of {library}", "CR 701.44a",
                     "CR 701.20a", *jt, card=o, player=who, revealed=card, library=self.library_said(p))
        if "Land" in card.card.types:
            self.move(card, "hand", owner=p, cause="explore: a land card", rule="CR 701.44a")
            return
        self._tc_counters_on(o, 1, msg("explore"), "CR 701.44a")
        yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                  msg("explore: put {card} into your graveyard?", card=card), "CR 701.44a")
        if yes:
            self.move(card, "graveyard", owner=p, cause="explore", rule="CR 701.44a")
        else:
            self.log.add("{player} leaves {card} on top of {library}", "CR 701.44a", player=who, card=card,
                         library=self.library_said(p))

    # ------------------------------------------------------------------ connive
    @effect(ir.Connive)
    def _e_Connive(self, e, ctx):
        """CR 701.50a-c."""
        o = _one(self, e.what, ctx)
        if o is None:
            return
        p = o.controller
        who = self.players[p]
        self.log.add("{card} connives", "CR 701.50a", card=o)
        yield from self.draw(p, 1)
        cands = list(self.hand(p))
        if not cands:
            self.log.add("{player} has no card to discard (connive)", "CR 701.50a", player=who)
            return
        c = yield from self.ask(p, "cards", cands, msg("connive: discard a card"), "CR 701.50a")
        card = self.objects[c]
        nonland = "Land" not in card.card.types
        self.log.add("{player} discards {card} (connive)", "CR 701.50a", "CR 701.9a", player=who, card=card)
        self.move(card, "graveyard", cause="discarded", rule="CR 701.9a", log=False)
        if nonland:
            self._tc_counters_on(o, 1, msg("connive: a nonland card was discarded"), "CR 701.50a")

    # ------------------------------------------------------------------ extort
    @effect(ir.ExtortDrain)
    def _e_ExtortDrain(self, e, ctx):
        """CR 702.101a: each opponent loses 1 life; you gain the total lost (Judge Tower: each loss
        is an event of 1 life on an infinite total, R3; the gain is that finite total)."""
        p = ctx["controller"]
        total = 0
        for q in self.opponents(p):
            before = self.players[q].life_lost_turn
            self.lose_life(q, 1, rule="CR 702.101a")
            total += self.players[q].life_lost_turn - before
        self.gain_life(p, total, rule="CR 702.101a")
        return
        yield

    # ------------------------------------------------------------------ goad (CR 701.15b)
    def goad_defenders(self, o, defs: list) -> list:
        """CR 701.15b, 508.1d: a goaded creature attacks a player other than the goading player(s)
        if able: when such a player can be attacked, only they are offered (attacking a
        planeswalker or a goading player would obey fewer requirements)."""
        goaders = {int(r.split(":", 1)[1]) for r in self.chars(o).restrictions if r.startswith("tc_goaded:")}
        if not goaders:
            return defs
        others = [d for d in defs if isinstance(d, PID) and d.index not in goaders]
        return others if others else defs

    # ------------------------------------------------------------------ detain (CR 701.35a)
    @effect(ir.Detain)
    def _e_Detain(self, e, ctx):
        """CR 701.35a: "Until the next turn of the controller of that spell or ability, that
        permanent can't attack or block and its activated abilities can't be activated" (mana
        abilities included). The affected set is locked in as it resolves (CR 611.2c)."""
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        p = ctx["controller"]
        self.continuous.append({"objs": {o.id for o in objs}, "tc_detain": True, "by_player": p,
                                "since_turn": self.turn, "since_upkeeps": self.players[p].upkeeps_begun,
                                "duration": "until_next_turn",
                                "timestamp": self.new_timestamp()})
        self.touch()
        self.log.add("{player} detains {cards}: until {player}'s next turn, it can't attack or block and its "
                     "activated abilities can't be activated", "CR 701.35a", player=self.players[p], cards=objs)
        return
        yield

    @effect(ir.Goad)
    def _e_Goad(self, e, ctx):
        """CR 701.15a: "Until your next turn, that creature attacks each combat if able and attacks
        a player other than you if able." (the same duration as detain's, ``detain_lasts``;
        goaded again by the same player: only the duration is updated, CR 701.15c)"""
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        p = ctx["controller"]
        self.continuous.append({"objs": {o.id for o in objs}, "goaded_by_effect": True, "by_player": p,
                                "since_turn": self.turn, "since_upkeeps": self.players[p].upkeeps_begun,
                                "duration": "until_next_turn", "timestamp": self.new_timestamp()})
        self.touch()
        self.log.add("{player} goads {cards}: until {player}'s next turn, it attacks each combat if able and "
                     "attacks a player other than {player} if able", "CR 701.15a", player=self.players[p], cards=objs)
        return
        yield

    def detain_lasts(self, eff) -> bool:
        """CR 701.35a: the effect ends as its controller's next turn begins (that turn is under
        way, or a later upkeep of theirs has begun)."""
        p = eff["by_player"]
        if self.active == p and self.turn > eff["since_turn"]:
            return False
        return self.players[p].upkeeps_begun <= eff["since_upkeeps"]

    def detained(self, o) -> bool:
        return any(eff.get("tc_detain") and o.id in eff["objs"] and self.detain_lasts(eff)
                   for eff in self.continuous)

    # ------------------------------------------------------------------ reconfigure (CR 702.151)
    @effect(ir.ReconfigureAttach)
    def _e_ReconfigureAttach(self, e, ctx):
        """CR 702.151a: attach this permanent to the target creature (another creature you
        control); while attached it isn't a creature (CR 702.151b, characteristics/layers.py)."""
        src = self.current(ctx["source"])
        targets = self.objs(ir.Target(0), ctx)
        if src is None or src.zone != "battlefield" or not targets:
            return
        t = targets[0]
        if t.controller != ctx["controller"] or t.zone != "battlefield" or t.id == src.id \
                or not self.can_attach(src, t):
            self.log.add("{card} can't be attached to {target}", "CR 701.3b", card=src, target=t)
            return
        src.attached_to = t.id
        src.timestamp = self.new_timestamp()
        self.touch()
        self.log.add("{card} is attached to {target} (reconfigure): it isn't a creature while attached",
                     "CR 702.151a", "CR 702.151b", card=src, target=t)
        return
        yield

    @effect(ir.ReconfigureUnattach)
    def _e_ReconfigureUnattach(self, e, ctx):
        """CR 702.151a: unattach this permanent (it is a creature again, CR 702.151b)."""
        src = self.current(ctx["source"])
        if src is None or src.zone != "battlefield" or src.attached_to is None:
            return
        src.attached_to = None
        src.timestamp = self.new_timestamp()
        self.touch()
        self.log.add("{card} becomes unattached (reconfigure)", "CR 702.151a", "CR 701.3d", card=src)
        return
        yield

    # ------------------------------------------------------------------ at end of combat
    @effect(ir.RemoveCountersAtEndOfCombat)
    def _e_RemoveCountersAtEndOfCombat(self, e, ctx):
        """CR 603.7a: sets up a delayed triggered ability: "at end of combat" (the beginning of the
        end of combat step, CR 511.1), remove the counters from this permanent."""
        src = self.current(ctx["source"])
        if src is None or src.zone != "battlefield":
            return
        # one "at end of combat" delayed-trigger mechanism serves every card (combat/restrictions.py,
        # `end_of_combat_delayed`, CR 511.2)
        self.delayed.append({"when": "cb2_end_of_combat", "effects": (EndOfCombatCounterRemoval(e.kind, e.n),),
                             "controller": ctx["controller"], "source": src, "chosen": {},
                             "turn": self.turn, "trigger_obj": None})
        self.log.add("{source} sets up a delayed triggered ability (at end of combat, remove {n} {kind} "
                     "counter(s) from it)", "CR 603.7a", source=src, n=e.n, kind=Term(e.kind))
        return
        yield

    @effect(EndOfCombatCounterRemoval)
    def _e_EndOfCombatCounterRemoval(self, e, ctx):
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            self.log.add("the permanent has left the battlefield: no counter is removed", "CR 400.7")
            return
        k = self.remove_counters(o, e.kind, e.n)
        self.log.add("{n} {kind} counter(s) are removed from {card} (at end of combat)", "CR 603.7", "CR 122.1",
                     n=k, kind=Term(e.kind), card=o)
        return
        yield

    # ------------------------------------------------------------------ champion
    @effect(ir.Champion)
    def _e_Champion(self, e, ctx):
        """CR 702.72a: "sacrifice it unless you exile another [object] you control"; the exiled card
        is linked to the champion's leaves-the-battlefield ability (CR 702.72b, 607.2a). Judge Tower:
        the "unless" action is taken when able (JT-C1, R9); which permanent stays a free choice."""
        from judgetower.rules.characteristics.filters import matches
        p = ctx["controller"]
        src = ctx["source"]
        cur = self.current(src)
        cands = [o.id for o in self.permanents(p) if o.id != getattr(cur, "id", None)
                 and matches(self, o, e.filter, cur or src)]
        who = self.players[p]
        exile = False
        if cands:
            exile = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                        msg("champion: exile another {what} you control? (if not, sacrifice {card})",
                                            what=Term(e.what), card=src),
                                        "CR 702.72a")
        if exile:
            c = yield from self.ask(p, "cards", cands, msg("champion: choose another {what} you control to exile",
                                                           what=Term(e.what)),
                                    "CR 702.72a")
            o = self.objects[c]
            new = self.move(o, "exile", cause=msg("championed by {source}", source=src), rule="CR 702.72a")
            if new is None:
                return
            item = ctx.get("item")
            if cur is not None and cur.zone == "battlefield":
                key = getattr(item, "ability_index", 0)
                cur.linked.setdefault(key, []).append(new.id)
                self.log.add("{player} exiles {card}: it is championed by {source} (linked abilities)",
                             "CR 702.72a", "CR 702.72c", "CR 607.2a", player=who, card=new, source=src)
            else:
                self.log.add("{card} is exiled, but {source} has already left: it won't return "
                             "(unreferenced exile)", "CR 702.72a", "CR 400.7", "R20", card=new, source=src)
            return
        if cur is not None and cur.zone == "battlefield" and cur.controller == p:
            self.log.add("{player} sacrifices {card} (champion: nothing exiled)", "CR 702.72a", "CR 701.21a",
                         player=who, card=cur)
            self.move(cur, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)

    # ------------------------------------------------------------------ its counters
    @effect(ir.PutItsCounters)
    def _e_PutItsCounters(self, e, ctx):
        """"put its counters on [creature]": the counters this object had as it last existed on the
        battlefield (CR 608.2h, 603.10a), each kind in the same number (CR 122.1)."""
        lki = ctx.get("trigger_lki") or ctx.get("source")
        counters = dict(getattr(lki, "counters", {}) or {})
        targets = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not targets:
            return
        t = targets[0]
        if not counters:
            self.log.add("{source} had no counters: none are put on {card}", "CR 122.1", source=lki, card=t)
            return
        for kind, n in counters.items():
            if n > 0:
                self.put_counters(t, kind, n)
                self.log.add("{n} {kind} counter(s) are put on {card} ({source}'s counters)", "CR 122.1", "CR 608.2h",
                             n=n, kind=Term(kind), card=t, source=lki)
        self.touch()
        return
        yield

    # ------------------------------------------------------------------ colors of mana spent (sunburst)
    def _tc_cares_about_colors(self, spell) -> bool:
        for ab in spell.compiled.abilities:
            if isinstance(ab, ir.Keyword) and ab.name == "sunburst":
                return True
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.EntersWithCounters) \
                    and isinstance(ab.effect.amount, ir.ColorsSpent):
                return True
        return False

    def record_colors(self, p: int, spell, cost):
        """The colors of mana spent to cast ``spell`` (CR 601.2h; sunburst, CR 702.44a-b). In
        ordinary Magic, those of the mana the automatic payment spent (mana of a choice of colors,
        such as a Treasure's, counted as a color not yet spent: the payment's choice, CR 106.1b).
        Judge Tower: no mana is produced; the payer chooses the mana spent as they pay (JT-G4, R4):
        a free choice (neither a "may", JT-C1, nor a number to choose, JT-C3), here among the
        possible sets of colors (colored symbols must be paid with their color, hybrid symbols
        with one of theirs, Phyrexian symbols with mana, R4)."""
        if not self._tc_cares_about_colors(spell):
            return
        if self.rules_free_mana():
            opts = _tc_color_options(cost)
            pick = yield from self.ask(p, "color", opts,
                                       msg("{spell}: the colors of mana spent to cast it "
                                           "(Judge Tower: the payer chooses the mana, JT-G4)", spell=spell), "R4")
            colors = tuple(c for c in pick if c in "WUBRG")
            spell.colors_spent = colors
            if colors:
                self.log.add("{player} pays {spell} with mana of {n} color(s) ({colors})", "CR 601.2h", "JT-G4",
                             "R4", player=self.players[p], spell=spell, n=len(colors), colors="".join(colors))
            else:
                self.log.add("{player} pays {spell} with mana of {n} color(s)", "CR 601.2h", "JT-G4", "R4",
                             player=self.players[p], spell=spell, n=len(colors))
            return
        units = list(self.last_spent or [])
        colors = {u for u in units if len(u) == 1 and u in "WUBRG"}
        for u in units:
            choices = "WUBRG" if u == "*" else (u if len(u) > 1 else "")
            for c in choices:
                if c in "WUBRG" and c not in colors:
                    colors.add(c)
                    break
        spell.colors_spent = tuple(c for c in "WUBRG" if c in colors)
        if colors:
            self.log.add("{spell} was cast with mana of {n} color(s) ({colors})", "CR 601.2h", spell=spell,
                         n=len(colors), colors="".join(spell.colors_spent))
        else:
            self.log.add("{spell} was cast with mana of {n} color(s)", "CR 601.2h", spell=spell, n=len(colors))

    def tc_sunburst(self, o) -> None:
        """CR 702.44a-b: entering from the stack as a resolving spell with colored mana spent: a
        +1/+1 counter (if it enters as a creature, ignoring type-changing effects: its card's
        types) or a charge counter for each color."""
        n = len(getattr(o, "colors_spent", None) or ())
        if not n:
            return
        kind = "+1/+1" if "Creature" in (o.card.types if o.card is not None else ()) else "charge"
        self.put_counters(o, kind, n)
        self.log.add("{card} enters with {n} {kind} counter(s) (sunburst)", "CR 702.44a", "CR 614.1c", card=o, n=n,
                     kind=Term(kind))


def _tc_color_options(cost) -> list[str]:
    """Judge Tower (R4): the sets of colors the payer can spend on ``cost``, one achievable set per
    number of colors (colored and Phyrexian symbols paid with their color, each hybrid symbol with
    one of its colors or, for {2/W}, two generic mana; generic mana of any type); "C" for none."""
    import itertools
    forced = {c for c in cost.colored if c in "WUBRG"} | {c for c in cost.phyrexian if c in "WUBRG"}
    # each hybrid symbol: one of its colors, or ("", N) for {N/W} paid with N generic mana
    hybrids = [tuple((x, 0) for x in h if x in "WUBRG") + ((("", int(h[0])),) if h[0].isdigit() else ())
               for h in cost.hybrid]
    by_k: dict[int, str] = {}
    for combo in (itertools.product(*hybrids) if hybrids else [()]):
        base = forced | {c for c, _ in combo if c}
        free = cost.generic + sum(n for _, n in combo)
        extra = [c for c in "WUBRG" if c not in base]
        for k in range(len(base), min(5, len(base) + free) + 1):
            if k not in by_k:
                chosen = base | set(extra[:k - len(base)])
                by_k[k] = "".join(c for c in "WUBRG" if c in chosen) or "C"
    return [by_k[k] for k in sorted(by_k)]
