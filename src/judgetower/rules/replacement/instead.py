"""replace: replacement and prevention effects, damage and life arithmetic (CR 614, 615, 120,
119): the engine side of oracle/transform/replacement.py.

- "If that spell is countered this way, exile it instead ..." (CR 701.6a, 614.1a).
- "If that creature / a creature dealt damage this way / a creature would die this turn, exile it
  instead." (CR 614.1a, 700.4): marks kept for the turn they were made in, applied by `move`.
- "If this spell was kicked, ... instead." (CR 702.33d).
- "You gain life equal to the life lost this way." (CR 119.3): the amounts of the life-loss
  events, finite even with the infinite life totals of Judge Tower (JT-G3, R3).
- "equal to its toughness" (CR 208.1, 608.2h last known information).
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.log import CardName, Term, msg
from judgetower.rules.state import GameObject
from judgetower.rules.registry import effect


class ReplacementMixin:

    # ------------------------------------------------------------------ exile instead of dying
    def _repl_marks(self) -> dict:
        marks = getattr(self, "die_marks", None)
        if marks is None:
            marks = self.die_marks = {}
        return marks

    def _repl_mark(self, o, kinds) -> None:
        """CR 614.1a: "if [o] would die this turn, exile it instead" (object identity: CR 400.7)."""
        self._repl_marks()[o.id] = (self.turn, tuple(kinds))

    def replacement_replace_move(self, o, from_zone: str, to_zone: str, position):
        """Called by `move`: a permanent that would die (CR 700.4: be put into a graveyard from the
        battlefield) this turn and is marked, or while "if a creature would die this turn" applies,
        is exiled instead (CR 614.1a)."""
        if from_zone != "battlefield" or to_zone != "graveyard":
            return to_zone, position
        types = self.chars(o).types
        mark = self._repl_marks().get(o.id)
        kinds = None
        if mark is not None and mark[0] == self.turn:
            kinds = mark[1]
        for turn, all_kinds in getattr(self, "die_all", ()):
            if turn == self.turn and any(k in types for k in all_kinds):
                kinds = all_kinds
        if not getattr(o, "face_down", False) and self._repl_has_static(o, ir.SelfDieExile):
            self.log.add("{card} would die: it is exiled instead", "CR 614.1a", "CR 700.4", card=o)
            return "exile", "top"
        if kinds is None and "Creature" in types:
            for h in self._repl_statics_any(ir.ExileIfDamagedBySelf):
                if (self.turn, h.id) in o.__dict__.get("damaged_by", ()):   # recorded by tokcount (CR 120.3)
                    kinds = ("Creature",)
                    self.log.add("{card} was dealt damage by {source} this turn", "CR 120.3", card=o, source=h)
                    break
        if kinds is not None and any(k in types for k in kinds):
            self.log.add("{card} would die: it is exiled instead", "CR 614.1a", "CR 700.4", card=o)
            return "exile", "top"
        return to_zone, position

    def _repl_statics_any(self, cls) -> list:
        """Permanents on the battlefield with a static ability of class ``cls`` (CR 604.2)."""
        return list({o.id: o for o, _ in self.static_effects(cls)}.values())

    @effect(ir.ExileIfDies)
    def _e_ExileIfDies(self, e, ctx):
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield":
                self._repl_mark(o, e.kinds)
                self.log.add("if {card} would die this turn, it will be exiled instead", "CR 614.1a", card=o)
        return
        yield

    @effect(ir.DamagedExileIfDies)
    def _e_DamagedExileIfDies(self, e, ctx):
        start = len(self.events)
        yield from self.run_effects(e.effects, ctx)
        # CR 120.3: the permanents dealt damage by these instructions (prevented damage is not dealt)
        for ev in self.events[start:]:
            o = ev.get("obj") if ev.get("kind") == "damage" else None
            if o is not None and o.zone == "battlefield" and ev.get("amount", 0) > 0:
                self._repl_mark(o, e.kinds)
                self.log.add("{card} was dealt damage this way: if it would die this turn, it will be exiled instead",
                             "CR 614.1a", card=o)

    @effect(ir.AllExileIfDies)
    def _e_AllExileIfDies(self, e, ctx):
        lst = getattr(self, "die_all", None)
        if lst is None:
            lst = self.die_all = []
        lst.append((self.turn, tuple(e.kinds)))
        self.log.add("if a creature would die this turn, it will be exiled instead", "CR 614.1a")
        return
        yield

    # ------------------------------------------------------------------ counter, kicker
    @effect(ir.CounterAndExile)
    def _e_CounterAndExile(self, e, ctx):
        """CR 701.6a, 614.1a: see EffectsMixin._e_CounterSpell (the destination is exile)."""
        yield from self._e_CounterSpell(e, ctx)

    @effect(ir.IfKickedInstead)
    def _e_IfKickedInstead(self, e, ctx):
        kicked = ctx.get("kicked", getattr(ctx.get("source"), "kicked", 0))
        if kicked:
            self.log.add("{spell} was kicked: the kicked instruction is used instead", "CR 702.33d", spell=ctx["source"])
        yield from self.run_effects(e.kicked if kicked else e.normal, ctx)

    # ------------------------------------------------------------------ life
    @effect(ir.DrainLife)
    def _e_DrainLife(self, e, ctx):
        start = len(self.events)
        yield from self.run_effects((e.lose,), ctx)
        # CR 119.3: the life actually lost; with an infinite total it is still the finite amount
        # of the event (JT-G3, R3)
        lost = sum(ev.get("amount", 0) for ev in self.events[start:] if ev.get("kind") == "life_loss")
        for p in self.players_of(e.gainer, ctx):
            self.gain_life(p, lost, rule="CR 119.3")

    def replacement_amount(self, a, ctx):
        """Amounts of this block, or None."""
        if isinstance(a, ir.ToughnessOf):
            ch = self.chars_of_ref(a.ref, ctx)   # CR 107.1b, 608.2h
            return max(0, ch.toughness) if ch is not None else 0
        if isinstance(a, ir.SacrificedStat):
            # CR 608.2h: the sacrificed creature's last known characteristics
            o = ctx.get("replacement_sacrificed") or getattr(ctx.get("source"), "replacement_sacrificed", None)
            if o is None:
                return 0
            from judgetower.rules.characteristics.filters import chars_of
            ch = getattr(o, "last_chars", None) or chars_of(self, o)
            return max(0, getattr(ch, a.stat))
        return None

    # ------------------------------------------------------------------ static replacement effects
    @staticmethod
    def _repl_has_static(o, cls) -> bool:
        comp = getattr(o, "compiled", None)
        return comp is not None and any(isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, cls)
                                        for ab in comp.abilities)

    def _repl_statics(self, p: int, cls) -> list:
        """The static effects of class ``cls`` of the permanents ``p`` controls (CR 604.2)."""
        return [e for _, e in self.static_effects(cls, p)]

    def damage_life_loss(self, p: int, n: int) -> int:
        """Called by `deal_damage` for damage to a player: "Damage that would reduce your life total
        to less than N reduces it to N instead." (CR 614.1a; the damage is still dealt in full,
        CR 120.3a). An infinite total is never reduced below N (JT-G3, R3)."""
        floors = [e.n for e in self._repl_statics(p, ir.LifeFloor)
                  if not e.if_creature or any(self.objects[i].controller == p and "Creature" in self.chars(self.objects[i]).types
                                              for i in self.battlefield)]
        if not floors:
            return n
        floor = max(floors)
        life = self.players[p].life
        if life - n >= floor:
            return n
        k = max(0, life - floor)
        self.log.add("damage would reduce {player}'s life total to less than {floor}: it reduces it to {life} instead",
                     "CR 614.1a", player=self.players[p], floor=floor, life=floor if life >= floor else life)
        return int(k)

    def gain_amount(self, p: int, n: int) -> int:
        """Called by `gain_life`: "If you would gain life, you gain that much life plus N instead" /
        "twice that much life instead" (CR 614.1a). With both kinds, the player orders them (CR
        616.1); the engine takes the order that gains the most (each "plus" before each "twice")."""
        effs = self._repl_statics(p, ir.LifeGainReplacement)
        if not effs or n <= 0:
            return n
        m = n + sum(e.plus for e in effs)
        for e in effs:
            if e.double:
                m *= 2
        self.log.add("{player} would gain {n} life: gains {m} instead", "CR 614.1a",
                     *(("CR 616.1",) if len(effs) > 1 else ()), player=self.players[p], n=n, m=m)
        return m

    # ------------------------------------------------------------------ redirection (CR 614.9)
    @effect(ir.RedirectNext)
    def _e_RedirectNext(self, e, ctx):
        n = self.amount(e.amount, ctx)
        frm = [o for o in self.objs(e.from_, ctx) if o.zone == "battlefield"]
        to = [o for o in self.objs(e.to, ctx) if o.zone == "battlefield"]
        if not frm or not to or n <= 0:
            return
        self.continuous.append({"redirect": n, "from": frm[0].id, "to": to[0].id, "duration": "end_of_turn",
                                "timestamp": self.new_timestamp()})
        self.log.add("the next {n} damage that would be dealt to {card} this turn will be dealt to {target} instead",
                     "CR 614.9", n=n, card=frm[0], target=to[0])
        return
        yield

    def redirect_damage(self, source, target, n: int, combat: bool) -> int:
        """Called by `deal_damage` before prevention: shields of "the next N damage that would be
        dealt to ~ this turn is dealt to [creature] instead" (CR 614.9, 615.7 for the shield
        count). The engine applies redirection before prevention effects (CR 616.1e lets the
        affected permanent's controller order them; no card with such a shield has both).
        Returns the damage left for ``target``."""
        if n <= 0 or not isinstance(target, GameObject):
            return n
        for eff in list(self.continuous):
            if n <= 0:
                break
            if not eff.get("redirect") or eff.get("from") != target.id:
                continue
            new = self.objects.get(eff["to"])
            ok = lambda o: o is not None and o.zone == "battlefield" and (
                {"Creature", "Planeswalker", "Battle"} & set(self.chars(o).types))
            if not ok(target) or not ok(new):
                continue   # CR 614.9: the effect does nothing
            k = min(n, eff["redirect"])
            eff["redirect"] -= k
            n -= k
            if eff["redirect"] <= 0:
                self.continuous.remove(eff)
            self.log.add("{n} damage from {source} that would be dealt to {card} is dealt to {target} instead",
                         "CR 614.9", n=k, source=source, card=target, target=new)
            self.deal_damage(source, new, k, combat)
        return n

    # ------------------------------------------------------------------ tokens
    def token_count(self, p: int, n: int) -> int:
        """"If an effect would create one or more tokens under your control, it creates twice that
        many of those tokens instead." (CR 614.1a): each such permanent ``p`` controls doubles."""
        k = len(self._repl_statics(p, ir.DoubleTokens))
        if k and n > 0:
            self.log.add("{n} token(s) would be created under {player}'s control: {m} are created instead", "CR 614.1a",
                         n=n, player=self.players[p], m=n * 2 ** k)
        return n * 2 ** k

    # ------------------------------------------------------------------ static prevention
    def static_prevents(self, source, recipient, combat: bool) -> bool:
        """Called by `prevent_damage_shields`: static abilities "Prevent all [combat] damage that
        would be dealt [to ~ [by FILTER]] [by enchanted creature]" of permanents on the
        battlefield (CR 615.1a, 604.2). True: all of this damage is prevented."""
        from judgetower.rules.characteristics.filters import matches
        rid = recipient.id if isinstance(recipient, GameObject) else None
        sid = getattr(source, "id", None)
        if not isinstance(recipient, GameObject):
            # "the next time a [red] source of your choice would deal damage to you this turn,
            # prevent that damage" (CR 615.1a, 609.7a): used up by that damage
            for eff in self.continuous:
                if eff.get("circle_of_protection") and eff["player"] == recipient.index and eff["source"] == sid:
                    self.continuous.remove(eff)
                    self.log.add("damage from {source} to {player} is prevented (the source chosen for {by})",
                                 "CR 615.1a", source=source, player=self.players[recipient.index], by=CardName(eff["by"]))
                    return True
        for i in self.battlefield:
            o = self.objects[i]
            if o.face_down:
                continue
            for ab in o.compiled.abilities:
                e = ab.effect if isinstance(ab, ir.StaticAbility) else None
                if not isinstance(e, ir.StaticPrevent) or (e.combat and not combat):
                    continue
                host = getattr(o, "attached_to", None)

                def side(kind, oid):
                    if kind == "self":
                        return oid is not None and oid == o.id
                    if kind in ("enchanted", "equipped"):
                        return oid is not None and host is not None and oid == host
                    return True
                if e.to_and_by:
                    hit = side(e.to, rid) or side(e.by, sid)
                else:
                    hit = side(e.to, rid) and side(e.by, sid) and (
                        e.by_filter is None or (isinstance(source, GameObject) and matches(self, source, e.by_filter, o)))
                if hit:
                    to = recipient if isinstance(recipient, GameObject) else self.players[recipient.index]
                    if combat:
                        self.log.add("combat damage from {source} to {target} is prevented ({by})", "CR 615.1a",
                                     source=source, target=to, by=o)
                    else:
                        self.log.add("damage from {source} to {target} is prevented ({by})", "CR 615.1a",
                                     source=source, target=to, by=o)
                    return True
        return False

    @effect(ir.CounterUnlessPaysPer)
    def _e_CounterUnlessPaysPer(self, e, ctx):
        """"Counter target spell unless its controller pays {1} for each card in your graveyard."
        (CR 701.6a, 118.12): the total is counted as it resolves (CR 608.2h); {0} can always be
        paid. Judge Tower: "unless" is paid when able (JT-C1, R9) and mana always is (JT-G4)."""
        import re
        k = self.amount(e.per, ctx)
        syms = re.findall(r"\{[^}]+\}", e.mana)
        total = 0
        other = []
        for sym in syms:
            if sym[1:-1].isdigit():
                total += int(sym[1:-1]) * k
            else:
                other.extend([sym] * k)
        cost = (f"{{{total}}}" if total or not other else "") + "".join(other)
        self.log.add("{source}: the cost is {mana} for each of {k}: {cost}", "CR 118.12", "CR 608.2h",
                     source=ctx["source"], mana=e.mana, k=k, cost=cost)
        yield from self._e_CounterSpell(ir.CounterSpell(e.what, unless_pays=cost), ctx)

    # ------------------------------------------------------------------ "prevented this way" (CR 615.5)
    @effect(ir.PreventThen)
    def _e_PreventThen(self, e, ctx):
        before = {id(x) for x in self.continuous}
        yield from self.run_effects((e.prevent,), ctx)
        then = {"gain": ctx["controller"]} if e.gain else {
            "counters": [o.id for o in self.objs(e.counters_on, ctx) if o.zone == "battlefield"]}
        then["source"] = ctx["source"].name
        for eff in self.continuous:
            if id(eff) not in before and (eff.get("prevent") or eff.get("prevent_all")):
                eff["then_effects"] = then

    def replacement_prevented(self, eff, k: int) -> None:
        """Called by `prevent_damage_shields` after ``eff`` prevented ``k`` damage: the rest of
        the prevention effect happens immediately afterward (CR 615.5)."""
        then = eff.get("then_effects")
        if not then or k <= 0:
            return
        if "gain" in then:
            self.gain_life(then["gain"], k, rule="CR 615.5")
        for oid in then.get("counters", ()):
            o = self.objects.get(oid)
            if o is not None and o.zone == "battlefield":
                self.put_counters(o, "+1/+1", k)
                self.log.add("{n} +1/+1 counter(s) put on {card} ({source}: damage prevented this way)",
                             "CR 615.5", "CR 122.1", n=k, card=o, source=CardName(then["source"]))

    @effect(ir.PreventNextFromChosen)
    def _e_PreventNextFromChosen(self, e, ctx):
        """CR 609.7a: the source is chosen as the effect resolves: a permanent or an object on
        the stack (a spell) with the stated colour/type; with none, nothing happens."""
        from judgetower.rules.characteristics.filters import chars_of
        p = ctx["controller"]
        cands = []
        for i in list(self.battlefield) + [i for i in self.stack if isinstance(self.objects.get(i), GameObject)]:
            o = self.objects[i]
            ch = chars_of(self, o)
            if e.color and e.color not in ch.colors:
                continue
            if e.artifact and "Artifact" not in ch.types:
                continue
            cands.append(i)
        kind = ({"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}.get(e.color, "")
                or ("artifact" if e.artifact else ""))
        if not cands:
            if kind:
                self.log.add("{source}: there is no {kind} to choose", "CR 609.7a", source=ctx["source"],
                             kind=Term(kind + " source"))
            else:
                self.log.add("{source}: there is no source to choose", "CR 609.7a", source=ctx["source"])
            return
        c = yield from self.ask(p, "cards", cands, msg("choose a {kind}", kind=Term(kind + " source")) if kind
                                else msg("choose a source"), "CR 609.7a")
        src = self.objects[c]
        self.continuous.append({"circle_of_protection": True, "player": p, "source": src.id, "by": ctx["source"].name,
                                "duration": "end_of_turn", "timestamp": self.new_timestamp()})
        self.log.add("{player} chooses {card}: the next time it would deal damage to them this turn, that damage is "
                     "prevented", "CR 615.1a", "CR 609.7a", player=self.players[p], card=src)

    # ------------------------------------------------------------------ damage modification
    def modify_damage(self, source, target, n: int) -> int:
        """Called by `deal_damage` first: "If a source [you control] would deal damage to a
        permanent or player, it deals double that damage / that much damage plus N / minus N ...
        instead." (CR 614.1a). Several apply in the order the affected player or the affected
        permanent's controller chooses (CR 616.1); the engine uses the order that deals the least
        damage to them (each order is tried)."""
        if n <= 0 or not isinstance(source, GameObject):
            return n
        from judgetower.rules.characteristics.filters import chars_of
        from itertools import permutations
        ch = None
        mods = []
        for h in self._repl_statics_any(ir.DamageMod):
            for ab in h.compiled.abilities:
                e = ab.effect if isinstance(ab, ir.StaticAbility) else None
                if not isinstance(e, ir.DamageMod):
                    continue
                if e.yours and source.controller != h.controller:
                    continue
                if e.other and source.id == h.id:
                    continue
                if e.spell and (source.zone != "stack" or source.card is None):
                    continue
                if e.color:
                    ch = ch or chars_of(self, source)
                    if e.color not in ch.colors:
                        continue
                mods.append((h, e))
        if not mods:
            return n

        def apply(order):
            m = n
            for _, e in order:
                m = m * 2 if e.op == "double" else (m + e.n if e.op == "plus" else max(0, m - e.n))
            return m
        orders = list(permutations(mods)) if len(mods) <= 5 else [tuple(mods)]
        m = min(apply(o) for o in orders)
        to = target if isinstance(target, GameObject) else self.players[target.index]
        self.log.add("{source} would deal {n} damage to {target}: it deals {m} instead ({by})", "CR 614.1a",
                     *(("CR 616.1",) if len(mods) > 1 else ()), source=source, n=n, target=to, m=m,
                     by=[h for h, _ in mods])
        return m

    def static_prevent_some(self, source, recipient, n: int) -> int:
        """Called by `prevent_damage_shields`: "If a source an opponent controls / a red source / a
        creature would deal damage to you, prevent N of that damage." (CR 615.1a) for each such
        permanent the damaged player controls. Returns the damage left."""
        if n <= 0 or isinstance(recipient, GameObject) or not isinstance(source, GameObject):
            return n
        from judgetower.rules.characteristics.filters import chars_of
        p = recipient.index
        ch = chars_of(self, source)
        for h in self._repl_statics_any(ir.PreventSomeToYou):
            if h.controller != p:
                continue
            for ab in h.compiled.abilities:
                e = ab.effect if isinstance(ab, ir.StaticAbility) else None
                if not isinstance(e, ir.PreventSomeToYou) or n <= 0:
                    continue
                if e.opp and not self.are_opponents(source.controller, p):
                    continue
                if e.color and e.color not in ch.colors:
                    continue
                if e.types and not any(t in ch.types for t in e.types):
                    continue
                k = min(n, e.n)
                n -= k
                self.log.add("{n} damage from {source} to {player} is prevented ({by})", "CR 615.1a",
                             n=k, source=source, player=self.players[p], by=h)
        return n

    # ------------------------------------------------------------------ can't be prevented (CR 615.12)
    def prevention_blocked(self) -> bool:
        """CR 615.12: "damage can't be prevented [this turn]": prevention effects (protection
        included, CR 702.16e) don't apply."""
        return getattr(self, "no_prevent_turn", None) == self.turn or getattr(self, "unpreventable", 0) > 0

    @effect(ir.NoPreventionThisTurn)
    def _e_NoPreventionThisTurn(self, e, ctx):
        self.no_prevent_turn = self.turn
        self.log.add("damage can't be prevented this turn", "CR 615.12")
        return
        yield

    @effect(ir.Unpreventable)
    def _e_Unpreventable(self, e, ctx):
        self.unpreventable = getattr(self, "unpreventable", 0) + 1
        try:
            yield from self.run_effects(e.effects, ctx)
        finally:
            self.unpreventable -= 1
