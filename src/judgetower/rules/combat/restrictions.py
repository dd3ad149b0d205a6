"""combat2: more combat keywords and combat restrictions (CR 506-511, 702.x).

Triggered keywords (each printed instance triggers on its own):
* rampage N (CR 702.23a-b), afflict N (CR 702.130a), annihilator N (CR 702.86a), battle cry
  (CR 702.91a), dethrone (CR 702.105a), melee (CR 702.121a): ``combat_synths``.
* skulk (CR 702.118b): an evasion keyword read from characteristics (``skulk_blocks``).

The object's own combat rules (ir.SelfCombatRestriction with a "cb2_" kind, read by the engine
from the object's printed abilities like the other SelfCombatRestriction kinds):
* "cb2_power_less": "Creatures with power less than ~'s power can't block it." (CR 509.1b)
* "cb2_unblocked_damage": "You may have ~ assign its combat damage as though it weren't
  blocked." (CR 510.1c; the choice is a "may": Judge Tower takes it, JT-C1/R9)
* "cb2_cant_attack_alone" / "cant_block_alone": "~ can't attack alone", "~ can't attack or
  block alone" (CR 506.5, 508.1c, 509.1b)
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.state import PID
from judgetower.rules.log import msg


from judgetower.oracle.ir import BlockersBeyondFirst, OpponentsAttacked   # amounts (oracle/ir/amounts.py)
from judgetower.rules.registry import effect


#: the triggered keywords of combat2 and their rule
COMBAT_TRIGGERED_KEYWORDS = {"mentor": "CR 702.134a", "provoke": "CR 702.39a", "rampage": "CR 702.23a", "afflict": "CR 702.130a", "annihilator": "CR 702.86a",
                     "battle cry": "CR 702.91a", "dethrone": "CR 702.105a", "melee": "CR 702.121a"}


def combat_synths(ab) -> list:
    """The triggered ability a combat2 keyword stands for, as the rule words it."""
    from judgetower.rules.triggers.abilities import Synth
    name = ab.name
    if name == "mentor":
        # CR 702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking
        # creature with power less than this creature's power."
        spec = ir.TargetSpec("object", ir.Filter(types=("creature",), combat=("attacking",), cb2_power_lt_source=True))
        return [Synth(name, ir.Trigger("attacks", ir.This()), targets=(spec,),
                      effects=(ir.PutCounters(ir.Target(0), "+1/+1", 1),))]
    if name == "provoke":
        # CR 702.39a: "Whenever this creature attacks, you may choose to have target creature
        # defending player controls block this creature this combat if able. If you do, untap
        # that creature." (Judge Tower: the "may" is taken, JT-C1/R9)
        spec = ir.TargetSpec("object", ir.Filter(types=("creature",), controller="cb2_defending"))
        return [Synth(name, ir.Trigger("attacks", ir.This()), targets=(spec,),
                      effects=(ir.Optional_((ir.BlockRequirement(ir.Target(0), ir.This()),
                                             ir.UntapObjects(ir.Target(0)))),))]
    if name == "rampage":
        # CR 702.23a: "Whenever this creature becomes blocked, it gets +N/+N until end of turn
        # for each creature blocking it beyond the first."
        n = int(ab.arg)
        return [Synth(name, ir.Trigger("becomes_blocked", ir.This()),
                      effects=(ir.ModifyPT(ir.This(), n, n, per=BlockersBeyondFirst()),))]
    if name == "afflict":
        # CR 702.130a: "Whenever this creature becomes blocked, defending player loses N life."
        return [Synth(name, ir.Trigger("becomes_blocked", ir.This()),
                      effects=(ir.LoseLife(ir.DefendingPlayer(), int(ab.arg)),))]
    if name == "annihilator":
        # CR 702.86a: "Whenever this creature attacks, defending player sacrifices N permanents."
        return [Synth(name, ir.Trigger("attacks", ir.This()),
                      effects=(ir.Sacrifice(ir.DefendingPlayer(), ir.Filter(types=("permanent",)), int(ab.arg)),))]
    if name == "battle cry":
        # CR 702.91a: "Whenever this creature attacks, each other attacking creature gets +1/+0
        # until end of turn."
        f = ir.Filter(types=("creature",), combat=("attacking",), other=True)
        return [Synth(name, ir.Trigger("attacks", ir.This()), effects=(ir.ModifyPT(ir.All(f), 1, 0),))]
    if name == "dethrone":
        # CR 702.105a: "Whenever this creature attacks the player with the most life or tied for
        # most life, put a +1/+1 counter on this creature." (the event is checked by
        # CombatRestrictionsMixin.combat_check_event)
        return [Synth(name, ir.Trigger("combat_dethrone"), effects=(ir.PutCounters(ir.This(), "+1/+1", 1),))]
    if name == "melee":
        # CR 702.121a: "Whenever this creature attacks, it gets +1/+1 until end of turn for each
        # opponent you attacked with a creature this combat."
        return [Synth(name, ir.Trigger("attacks", ir.This()),
                      effects=(ir.ModifyPT(ir.This(), 1, 1, per=OpponentsAttacked()),))]
    raise ValueError(f"not a combat2 keyword: {name}")


class CombatRestrictionsMixin:

    # ------------------------------------------------------------------ amounts
    def combat_amount(self, a, ctx) -> int:
        src = ctx.get("source")
        if isinstance(a, BlockersBeyondFirst):
            # CR 702.23b: counted once, as the ability resolves
            cur = self.current(src) if src is not None else None
            if cur is None or cur.zone != "battlefield":
                return 0
            return max(0, len(cur.blocked_by) - 1)
        if isinstance(a, OpponentsAttacked):
            p = ctx["controller"]
            return len({x.attacking.index for x in self._attackers()
                        if x.controller == p and isinstance(x.attacking, PID) and x.attacking.index != p})
        raise NotImplementedError(f"amount {a!r}")

    # ------------------------------------------------------------------ events
    def combat_check_event(self, ev, watchers) -> None:
        """Dethrone (CR 702.105a): the attacked player has the most life or is tied for it. In
        Judge Tower every life total is infinite and all compare equal (JT-G3, R3), so every
        attacked player is tied for the most life."""
        if ev["kind"] == "cb2_end_of_combat":
            self.end_of_combat_delayed()
            return
        if ev["kind"] == "attacks_alone":
            # "Whenever ~ / a creature you control attacks alone" (CR 506.5, 508.3a)
            from judgetower.rules.triggers.abilities import triggered_abilities
            a = ev["obj"]
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    if ab.trigger.event == "cb2_attacks_alone" and self._subject_ok(ab.trigger, w, a, self.chars(a)):
                        self._trigger(w, idx, ab, {"trigger_obj": a, "defending": self.attacked_player(a)})
            return
        if ev["kind"] != "attacks":
            return
        a = ev["obj"]
        a.__dict__["cb2_defending"] = (self.turn, ev["defending"])   # "defending player" (CR 506.2)
        if not isinstance(a.attacking, PID):
            return   # attacking a planeswalker is not attacking a player (CR 506.3)
        from judgetower.rules.triggers.abilities import triggered_abilities
        d = a.attacking.index
        alive = [pl.life for pl in self.players if not pl.lost]
        if self.players[d].life < max(alive):
            return
        for idx, ab in triggered_abilities(a):
            if getattr(ab, "name", None) == "dethrone" and ab.trigger.event == "combat_dethrone":
                self.log.add("{card}'s dethrone triggers ({player} has the most life or is tied for it)", "CR 702.105a",
                             *(("R3",) if self.players[d].life == float("inf") else ()), card=a, player=self.players[d])
                self._trigger(a, idx, ab, {"trigger_obj": a, "defending": d})

    def end_of_combat_delayed(self) -> None:
        """CR 511.2, 603.7: "at end of combat" delayed triggered abilities created this turn
        trigger as the end of combat step begins (they trigger once, CR 603.7c); one left from
        an earlier turn is gone (its end of combat has passed)."""
        from judgetower.rules.triggers.abilities import Synth
        keep = []
        for d in self.delayed:
            if d["when"] != "cb2_end_of_combat":
                keep.append(d)
                continue
            if d["turn"] != self.turn:
                continue
            self.pending_triggers.append({"source": d["source"], "index": -1,
                                          "ability": Synth("delayed", ir.Trigger("cb2_end_of_combat"), effects=d["effects"]),
                                          "controller": d["controller"],
                                          "context": {"chosen": d["chosen"], "trigger_obj": d.get("trigger_obj")}})
            self.log.add("the delayed triggered ability of {source} triggers (end of combat)", "CR 511.2", "CR 603.7",
                         source=d['source'])
        self.delayed = keep

    def defending_player(self, source):
        """CR 506.2: the defending player of the source's attack trigger: the player the
        source attacked this turn (remembered as it attacked, so it stays that player if the
        creature is removed from combat before the ability resolves). None: no such player."""
        o = self.objects.get(getattr(source, "id", None))
        mark = getattr(o, "cb2_defending", None) if o is not None else None
        if mark is None or mark[0] != self.turn:
            return None
        return mark[1]

    def power_less_than_source(self, ch, source) -> bool:
        """Mentor's target (CR 702.134a): power less than the source's power (its last known
        power once it has left the battlefield, CR 608.2h)."""
        o = self.objects.get(getattr(source, "id", None))
        if o is None:
            return False
        if o.zone == "battlefield":
            sp = self.chars(o).power
        else:
            lc = getattr(o, "last_chars", None)
            if lc is None:
                return False
            sp = lc.power
        return ch.power < sp

    # ------------------------------------------------------------------ requirements (CR 508.1d, 509.1c)
    def _cb2_reqs(self) -> list:
        """This turn's requirements from resolved spells and abilities (older ones are gone:
        each lasts "this turn", CR 611.2a)."""
        reqs = [r for r in getattr(self, "combat_reqs", []) if r["turn"] == self.turn]
        self.combat_reqs = reqs
        return reqs

    def _cb2_add_req(self, kind: str, objs, attacker=None, rule: str = "CR 509.1c") -> None:
        reqs = self._cb2_reqs()
        for o in objs:
            reqs.append({"kind": kind, "obj": o.id, "attacker": attacker.id if attacker is not None else None,
                         "turn": self.turn})
        self.touch()

    @effect(ir.BlockRequirement)
    def _e_BlockRequirement(self, e, ctx):
        """CR 509.1c: "[what] blocks [attacker] this turn if able" (provoke, CR 702.39a)."""
        att = self.objs(e.attacker, ctx)
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not att or att[0].zone != "battlefield" or not objs:
            return
        self._cb2_add_req("block", objs, att[0])
        self.log.add("{cards} must block {attacker} this turn if able", "CR 509.1c", cards=objs, attacker=att[0])
        return
        yield

    @effect(ir.LureThisTurn)
    def _e_LureThisTurn(self, e, ctx):
        """CR 509.1c: "All creatures able to block [what] this turn do so." """
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        self._cb2_add_req("lure", objs)
        self.log.add("all creatures able to block {cards} this turn do so", "CR 509.1c", cards=objs)
        return
        yield

    @effect(ir.AttackRequirement)
    def _e_AttackRequirement(self, e, ctx):
        """CR 508.1d: "[what] attacks this turn if able." """
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        self._cb2_add_req("attack", objs)
        self.log.add("{cards} attacks this turn if able", "CR 508.1d", cards=objs)
        return
        yield

    @effect(ir.GetPoison)
    def _e_GetPoison(self, e, ctx):
        """CR 122.1f: poison counters on a player (ten or more: the player loses, CR 704.5c; in
        Judge Tower too: poison is not a life total, JT-G3)."""
        n = self.amount(e.amount, ctx)
        if n <= 0:
            return
        for p in self.players_of(e.who, ctx):
            if self.players[p].lost:
                continue
            self.players[p].poison += n
            self.log.add("{player} gets {n} poison counter(s) ({total} in all)", "CR 122.1f", player=self.players[p],
                         n=n, total=self.players[p].poison)
        self.touch()
        return
        yield

    @effect(ir.RemoveFromCombat)
    def _e_RemoveFromCombat(self, e, ctx):
        """CR 506.4: a permanent removed from combat stops being an attacking, blocking, blocked
        or unblocked creature."""
        for o in self.objs(e.what, ctx):
            if o.zone == "battlefield" and (o.attacking is not None or o.blocking):
                self._remove_from_combat(o)
                self.log.add("{card} is removed from combat", "CR 506.4", card=o)
        self.touch()
        return
        yield

    @effect(ir.IgnoreDefender)
    def _e_IgnoreDefender(self, e, ctx):
        """CR 702.3b: "[what] can attack this turn as though it didn't have defender"."""
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        self._cb2_add_req("ignore_defender", objs)
        self.log.add("{cards} can attack this turn as though it didn't have defender", "CR 702.3b", cards=objs)
        return
        yield

    def ignores_defender(self, o) -> bool:
        return any(r["kind"] == "ignore_defender" and r["obj"] == o.id for r in self._cb2_reqs())

    def must_attack(self, o) -> bool:
        """CR 508.1d: ``o`` is under a resolved "attacks this turn if able"."""
        return any(r["kind"] == "attack" and r["obj"] == o.id for r in self._cb2_reqs())

    def is_lure(self, a) -> bool:
        """CR 509.1c: a resolved "all creatures able to block [a] this turn do so"."""
        return any(r["kind"] == "lure" and r["obj"] == a.id for r in self._cb2_reqs())

    def required_attackers(self, b, d: int) -> set:
        """The attackers ``b`` is required to block, one by one (CR 509.1c): provoke and
        "blocks ~ this turn if able" (those attacking b's controller)."""
        return {r["attacker"] for r in self._cb2_reqs() if r["kind"] == "block" and r["obj"] == b.id
                and r["attacker"] in self.objects and self.objects[r["attacker"]].attacking is not None
                and self.attacked_player(self.objects[r["attacker"]]) == d}

    def obeys_requirement(self, b, d: int, blocks: dict) -> bool:
        """Whether ``b``'s block in ``blocks`` obeys some requirement (so moving it elsewhere
        can't raise the number of requirements obeyed, CR 509.1c)."""
        a = blocks.get(b.id)
        if a is None:
            return False
        if a in self.required_attackers(b, d):
            return True
        ao = self.objects[a]
        if self.misc_is_lure(ao):
            return True
        if self.misc_combat_rules(ao, "cb2_must_be_blocked") and sum(1 for v in blocks.values() if v == a) == 1:
            return True   # its only blocker: it is what obeys "must be blocked if able"
        return False

    def block_unmet(self, d: int, blocks: dict) -> list:
        """CR 509.1c: (blocker, attacker) pairs that would obey one more requirement: a creature
        not obeying any requirement that could block an attacker it is required to block, or an
        unblocked attacker that "must be blocked if able". Empty: the maximum is obeyed (each
        creature blocks one attacker here, so a creature already obeying one requirement can't
        obey more)."""
        attackers = [a for a in self._attackers() if self.attacked_player(a) == d]
        must = [a for a in attackers if self.misc_combat_rules(a, "cb2_must_be_blocked")
                and a.id not in blocks.values()]
        if not must and not any(r["kind"] == "block" for r in self._cb2_reqs()):
            return []
        out = []
        for b in self.permanents(d):
            if self.obeys_requirement(b, d, blocks):
                continue
            rest = {k: v for k, v in blocks.items() if k != b.id}
            wanted = [self.objects[x] for x in self.required_attackers(b, d)] + must
            for a in wanted:
                if a.id != blocks.get(b.id) and self.can_block_pair(b, a, rest) and self.block_can_complete(d, b, a, rest):
                    out.append((b, a))
        return out

    # ------------------------------------------------------------------ restrictions
    def skulk_blocks(self, chb, cha) -> bool:
        """CR 702.118b: a creature with skulk can't be blocked by creatures with greater power."""
        return cha.has("skulk") and chb.power > cha.power

    def block_restricted(self, b, a) -> str | None:
        """The rule forbidding ``b`` to block ``a`` by ``a``'s own combat2 restrictions."""
        if self.misc_combat_rules(a, "cb2_power_less") and self.chars(b).power < self.chars(a).power:
            return "CR 509.1b"   # "Creatures with power less than ~'s power can't block it."
        return None

    def alone_attack_ok(self, declared: dict) -> bool:
        """CR 506.5, 508.1c: a creature that "can't attack alone" can't be the only attacker."""
        if len(declared) != 1:
            return True
        o = self.objects[next(iter(declared))]
        return not (self.misc_combat_rules(o, "cb2_cant_attack_alone")
                    or self.misc_combat_rules(o, "cb2_cant_attack_or_block_alone"))

    def alone_block_ok(self, blocks: dict) -> bool:
        """CR 506.5, 509.1b: a creature that "can't block alone" can't be the only blocker.
        (Each defending player declares separately; "alone" is judged on this player's
        declaration, which is the whole declaration in a two-player game.)"""
        if len(blocks) != 1:
            return True
        o = self.objects[next(iter(blocks))]
        return not self.misc_combat_rules(o, "cb2_cant_attack_or_block_alone")

    def can_attack_at_all(self, o, ap: int) -> bool:
        """A creature that can't attack alone is able to attack only with another attacker
        (CR 508.1c); used so that Judge Tower's "every creature able to attack attacks" (JT-C5)
        does not require a declaration the restriction forbids."""
        if not (self.misc_combat_rules(o, "cb2_cant_attack_alone")
                or self.misc_combat_rules(o, "cb2_cant_attack_or_block_alone")):
            return True
        return any(x.id != o.id and self.can_attack(x) for x in self.permanents(ap))

    def can_block_at_all(self, b, d: int, blocks: dict) -> bool:
        """A creature that can't block alone is able to block only if another creature of the
        same player can block too (CR 509.1b); used by block_options and by Judge Tower's "every
        creature able to block blocks" (JT-C5)."""
        if not self.misc_combat_rules(b, "cb2_cant_attack_or_block_alone"):
            return True
        if any(x != b.id for x in blocks):
            return True
        attackers = [a for a in self._attackers() if self.attacked_player(a) == d]
        rest = {k: v for k, v in blocks.items() if k != b.id}
        return any(x.id != b.id and self.can_block_pair(x, a, rest) for x in self.permanents(d) for a in attackers)

    def cb2_unblocked_damage(self, a):
        """CR 510.1c and the card's own rule: "You may have ~ assign its combat damage as though
        it weren't blocked." The controller chooses; in Judge Tower the "may" is taken (JT-C1,
        R9) through forced_bool_options."""
        if not self.misc_combat_rules(a, "cb2_unblocked_damage"):
            return False
        yes = yield from self.ask(a.controller, "may", self.forced_bool_options([False, True], "assign as unblocked"),
                                  msg("have {card} assign its combat damage as though it weren't blocked?", card=a),
                                  "CR 510.1c")
        if yes:
            self.log.add("{card} assigns its combat damage as though it weren't blocked", "CR 510.1c", card=a)
        return bool(yes)
