"""actcost: activated abilities' restrictions and costs (mixed into Game).

* "Activate only if [condition]." (CR 602.5): the ability can't be activated unless every
  condition holds as it would be activated (conditions.evaluate; "creatures you control have
  total power N or greater" counts the power with every layer applied, CR 208.1, 613).
* "Activate no more than twice / three times each turn." (CR 602.5b): the activations of that
  ability of that object this turn are counted; a permanent that changed zones is a new object
  (CR 400.7) whose count starts at 0.
  Judge Tower ruling applied: JT-P1 with R11 makes each activated ability of each object count as
  "not yet activated this turn" only once (variants/judge_tower.can_activate_more), so under the
  variant these abilities are forced at most once a turn; a limit of two or three changes nothing
  there and the count is the ordinary Magic one.
* "a creature died this turn" (morbid, CR 207.2c, 700.4): any creature put into a graveyard from
  the battlefield this turn (Game.move notes the turn).
"""

from __future__ import annotations
from judgetower.oracle import ir
from judgetower.rules.registry import effect
from judgetower.rules.log import CardName, Term, msg
from judgetower.rules.stack.casting import label_said   # what a cost is paid for, in a prompt


class ActivationMixin:
    """actcost engine code (mixed into Game)."""

    def why_restricted(self, p: int, o, idx: int, ab) -> str | None:
        """The rule an activation restriction of ``ab`` breaks now (None: none is broken)."""
        n = getattr(ab, "actcost_max_per_turn", 0)
        if n and self.activations_this_turn(o, idx) >= n:
            return "CR 602.5b"
        conds = getattr(ab, "actcost_conditions", ())
        if conds:
            from judgetower.rules.conditions import evaluate
            for cond in conds:
                ok, _ = evaluate(self, cond, o, p)
                if not ok:
                    return "CR 602.5"
        return None

    def activations_this_turn(self, o, idx: int) -> int:
        """How many times the ability ``idx`` of ``o`` was activated this turn (CR 602.5b)."""
        counts = getattr(self, "activation_counts", None) or {}
        turn, n = counts.get((o.id, idx), (None, 0))
        return n if turn == self.turn else 0

    def note_activation(self, o, idx: int) -> None:
        ab = self.activated_abilities(o)[idx]
        if getattr(self, "activation_counts", None) is None:
            self.activation_counts = {}
        n = self.activations_this_turn(o, idx) + 1
        self.activation_counts[(o.id, idx)] = (self.turn, n)
        if not getattr(ab, "actcost_max_per_turn", 0):
            return
        self.log.add("{card}'s ability {n} has been activated {k} time(s) this turn (no more than {limit})",
                     "CR 602.5b", card=o, n=idx + 1, k=n, limit=ab.actcost_max_per_turn)

    def note_death(self) -> None:
        """A creature died (CR 700.4): remembered for "if a creature died this turn"."""
        self.died_turn = self.turn

    def creature_died_this_turn(self) -> bool:
        return getattr(self, "died_turn", None) == self.turn

    # -- costs (CR 118.3, 602.2b) -----------------------------------------------------------

    def tap_candidates(self, p: int, o, cost) -> list:
        """The permanents "Tap an untapped creature you control" may tap: untapped, yours, matching;
        not the source itself when {T} is also in the cost (it can't be tapped twice, CR 118.3)."""
        from judgetower.rules.characteristics.filters import matches
        flt, _ = cost.actcost_tap
        return [x.id for x in self.permanents(p)
                if not x.tapped and not (cost.tap and x.id == o.id) and matches(self, x, flt, o)]

    def can_pay(self, p: int, o, cost) -> bool:
        if cost.actcost_tap is not None and len(self.tap_candidates(p, o, cost)) < cost.actcost_tap[1]:
            return False
        if cost.actcost_discard_random and len([c for c in self.hand(p) if c != o.id]) < cost.actcost_discard_random:
            return False
        if cost.actcost_put_counters is not None and o.zone != "battlefield":
            return False
        return True

    def pay_activation_cost(self, p: int, source, cost, what: str):
        if cost.actcost_remove_any is not None:
            yield from self.pay_remove_any(p, source, cost.actcost_remove_any, what)
        if cost.actcost_tap is not None:
            # CR 118.3: tapping untapped permanents you control; not a {T} cost of theirs, so a
            # creature that came under your control this turn may be tapped (CR 302.6)
            for _ in range(cost.actcost_tap[1]):
                cands = self.tap_candidates(p, source, cost)
                c = yield from self.ask(p, "cards", cands, msg("tap an untapped permanent for {what}", what=label_said(what)),
                                        "CR 118.3")
                x = self.objects[c]
                x.tapped = True
                self.note_tapped(x, True)
                self.touch()
                self.log.add("{player} taps {card} to pay for {what}", "CR 118.3", player=self.players[p], card=x,
                             what=_payment_label(what))
        for _ in range(cost.actcost_discard_random):
            # CR 701.9a: a card chosen at random (the game's seeded RNG)
            cands = [c for c in self.hand(p) if c != source.id]
            x = self.objects[self.rng.choice(cands)]
            self.log.add("{player} discards {card} at random to pay for {what}", "CR 118.3", "CR 701.9a",
                         player=self.players[p], card=x, what=_payment_label(what))
            self.move(x, "graveyard", cause=msg("discarded at random for {what}", what=_payment_label(what)), rule="CR 701.9a", log=False)
        if cost.actcost_put_counters is not None:
            kind, n = cost.actcost_put_counters
            self.put_counters(source, kind, n)
            self.log.add("{n} {kind} counter(s) put on {card} to pay for {what}", "CR 118.3", "CR 122.1", n=n,
                         kind=Term(kind), card=source, what=_payment_label(what))
        return
        yield

    @staticmethod
    def is_cycling(ab) -> bool:
        """Cycling's own ability (casting.cycling_ability: "Discard this card: Draw a card." from the
        hand, CR 702.29a), as opposed to another "[Cost], Discard ~: ..." ability."""
        from judgetower.oracle import ir
        return ab.zone == "hand" and ab.effects == (ir.Draw(ir.You(), 1),)

    # -- "Any player may activate this ability." (CR 602.2) ------------------------------------

    def actcost_any_player(self, o, idx: int) -> bool:
        abilities = self.activated_abilities(o)
        return 0 <= idx < len(abilities) and getattr(abilities[idx], "actcost_any_player", False)

    def other_players_actions(self, p: int) -> list:
        """Activations of other players' permanents' abilities that any player may activate
        (CR 602.2: the player who activates it controls the ability, pays its costs, and is its
        "you"). Judge Tower ruling applied: JT-P1 forbids passing while any legal action remains,
        and activating such an ability is a legal action of every player; R11's once per turn
        counts per ability of each object (whoever activated it), so once any player has activated
        it this turn it obliges nobody else."""
        from judgetower.rules.decisions import Activate
        out = []
        for o in self.permanents():
            if o.controller == p:
                continue
            for idx, ab in enumerate(self.activated_abilities(o)):
                if getattr(ab, "actcost_any_player", False) and self.can_activate(p, o, idx, ab):
                    out.append(Activate(o.id, idx))
        return out

    @effect(ir.AddCommanderMana)
    def _e_AddCommanderMana(self, e, ctx):
        """CR 903.4f: without a commander, the colours of its colour identity are undefined:
        that part of the ability does nothing."""
        p = ctx["controller"]
        self.log.add("{player} adds no mana: they have no commander, so their commander's "
                     "color identity is undefined", "CR 903.4f", player=self.players[p])
        return
        yield

    # -- "Until end of turn, you don't lose this mana as steps and phases end." (CR 106.4a) ----

    @effect(ir.KeepMana)
    def _e_KeepMana(self, e, ctx):
        got = ctx.get("mana_added")
        if not got or not got[1]:
            return
        p, added = got
        pl = self.players[p]
        kept = self.kept_mana_of(pl)
        for c in added:
            kept[c] = kept.get(c, 0) + 1
        self.log.add("{player} won't lose {mana} as steps and phases end this turn", "CR 106.4a", player=pl,
                     mana="".join("{%s}" % c for c in added))
        return
        yield

    def kept_mana_of(self, pl) -> dict:
        """The player's mana kept from emptying this turn (colour -> amount)."""
        turn, kept = getattr(pl, "kept_mana", (None, None))
        if turn != self.turn or kept is None:
            kept = {}
            pl.kept_mana = (self.turn, kept)
        return kept

    def keep_pool(self, pl) -> bool:
        """CR 106.4, 106.4a: as a step or phase ends, the pool empties except the kept mana (the
        pool's other mana is taken as spent first). True if the pool was handled here."""
        turn, kept = getattr(pl, "kept_mana", (None, None))
        if not kept or turn != self.turn or self.step == "cleanup":
            return False
        left = {c: min(n, kept.get(c, 0)) for c, n in pl.mana_pool.items() if min(n, kept.get(c, 0)) > 0}
        pl.mana_pool.clear()
        pl.mana_pool.update(left)
        kept.clear()
        kept.update(left)
        if left:
            self.log.add("{player} keeps {mana} in their mana pool", "CR 106.4a", player=pl,
                         mana="".join("{%s}" % c * n for c, n in left.items()))
        return True

    def drop_kept_mana(self) -> None:
        """A new turn: mana kept "until end of turn" (CR 106.4a) is gone; the cleanup step's end
        empties every pool (CR 106.4, 514.2)."""
        for pl in self.players:
            turn, kept = getattr(pl, "kept_mana", (None, None))
            if kept is not None:
                pl.mana_pool.clear()
                pl.kept_mana = (None, None)

    # -- "Remove any number of [kind] counters from ~" (CR 118.3) ------------------------------

    def pay_remove_any(self, p: int, source, kind: str, what: str):
        have = source.counters.get(kind, 0)
        # JT-C3 (R9): a number that can't be arbitrarily large is the largest possible
        opts = self.forced_count_options(list(range(0, have + 1)), "remove_counters")
        n = yield from self.ask(p, "x", opts, msg("how many {kind} counters to remove from {card}", kind=Term(kind), card=source),
                                "CR 118.3")
        if n:
            self.remove_counters(source, kind, n)
        source.removed_counters = (kind, n)
        self.log.add("{n} {kind} counter(s) removed from {card} for {what}", "CR 118.3", "CR 602.2b", n=n,
                     kind=Term(kind), card=source, what=_payment_label(what))

    def removed_amount(self, a, ctx) -> int:
        src = ctx.get("source")
        kind, n = getattr(src, "removed_counters", (None, 0)) or (None, 0)
        return n if kind == a.kind else 0

    @effect(ir.IfActivatedTimes)
    def _e_IfActivatedTimes(self, e, ctx):
        """"If this ability has been activated N or more times this turn, ..." (CR 608.2c)."""
        item = ctx.get("item")
        if item is None or getattr(item, "kind", None) != "activated":
            raise ValueError("'if this ability has been activated' outside an activated ability")
        counts = getattr(self, "activation_counts", None) or {}
        turn, n = counts.get((item.source_id, item.ability_index), (None, 0))
        n = n if turn == self.turn else 0
        ok = n >= e.n
        if ok:
            self.log.add("{source}'s ability {n} has been activated {k} time(s) this turn ({needed} or more "
                         "needed): the condition is true", "CR 608.2c", source=CardName(item.source_name),
                         n=item.ability_index + 1, k=n, needed=e.n)
        else:
            self.log.add("{source}'s ability {n} has been activated {k} time(s) this turn ({needed} or more "
                         "needed): the condition is false", "CR 608.2c", source=CardName(item.source_name),
                         n=item.ability_index + 1, k=n, needed=e.n)
        if ok:
            yield from self.run_effects(e.effects, ctx)

    # -- triggered mana abilities: "Whenever enchanted land is tapped for mana, ..." (CR 605.1b) --

    def mana_triggers(self, land) -> list:
        """(permanent, ManaTrigger) pairs that trigger when ``land`` is tapped for mana."""
        from judgetower.oracle import ir
        from judgetower.rules.characteristics.filters import matches
        out = []
        for x in self.permanents():
            for ab in x.compiled.abilities:
                if not isinstance(ab, ir.ManaTrigger):
                    continue
                if ab.kind == "enchanted":
                    if x.attached_to == land.id and "Land" in self.chars(land).types:
                        out.append((x, ab))
                elif matches(self, land, ab.filter, x):
                    out.append((x, ab))
        return out

    def mana_trigger_units(self, land) -> list:
        """The extra mana (letters) tapping ``land`` for mana adds (for automatic payment)."""
        return [c for _, ab in self.mana_triggers(land) for c in ab.mana]

    def log_mana_triggers(self, land) -> None:
        for x, ab in self.mana_triggers(land):
            self.log.add("{source}: {player} adds an additional {mana} ({land} was tapped for mana)",
                         "CR 605.1b", "CR 106.12", source=x, player=self.players[land.controller],
                         mana="".join("{%s}" % c for c in ab.mana), land=land)

    def tapped_for_mana(self, land) -> None:
        """A mana ability of ``land`` with {T} in its cost was activated (CR 106.12): its triggered
        mana abilities resolve at once (CR 605.1b, 605.4a), adding mana to the land's controller's pool."""
        pool = self.players[land.controller].mana_pool
        for x, ab in self.mana_triggers(land):
            for c in ab.mana:
                pool[c] = pool.get(c, 0) + 1
        self.log_mana_triggers(land)
        self.touch()


def _payment_label(what):
    """The log parameter for what a payment is for (`casting.payment_label`)."""
    from judgetower.rules.stack.casting import payment_label
    return payment_label(what)
