"""Combat (CR 506-511): declaring attackers and blockers, combat damage, first strike."""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.decisions import Attack, Block, Done, Reset
from judgetower.rules.state import PID
from judgetower.rules.characteristics.until_end_of_turn import chars_protected   # chars: protection from any quality (CR 702.16)
from judgetower.rules.log import msg
from judgetower.rules.registry import effect


class CombatDeclarationsMixin:

    def _attackers(self) -> list:
        return [self.objects[i] for i in self.battlefield if self.objects[i].attacking is not None]

    def _blockers(self) -> list:
        return [self.objects[i] for i in self.battlefield if self.objects[i].blocking]

    def _remove_from_combat(self, o) -> None:
        """CR 506.4: a permanent removed from combat stops being an attacking/blocking creature."""
        if o.attacking is not None or o.blocking:
            for oid in self.battlefield:
                x = self.objects[oid]
                if o.id in x.blocked_by:
                    x.blocked_by.remove(o.id)
                if o.id in x.blocking:
                    x.blocking.remove(o.id)
        o.attacking = None
        o.blocking = []

    def _end_combat(self) -> None:
        """CR 511.3: at the end of combat, creatures stop being attacking or blocking."""
        for o in self.permanents():
            o.attacking = None
            o.blocking = []
            o.blocked_by = []
            o.was_blocked = False
            o.dealt_first_strike = False
        self.touch()   # combat2: "as long as it's attacking" ends with combat (CR 506.4, 611.3a)

    # ------------------------------------------------------------------ attackers (CR 508)
    def can_attack(self, o) -> bool:
        ch = self.chars(o)
        if "Creature" not in ch.types or o.tapped or ch.cant_attack or (
                ch.has("defender") and not self.ignores_defender(o)):   # combat2: CR 702.3b
            return False
        if o.sick and not ch.has("haste"):
            return False  # CR 302.6
        return self.misc_attack_allowed(o)   # misc: "can't attack unless ..." (CR 508.1c)

    def defenders_for(self, p: int) -> list:
        out: list = []
        for q in self.opponents(p):
            out.append(PID(q))
            out += [o.id for o in self.permanents(q) if "Planeswalker" in self.chars(o).types]
        return out

    def attack_options(self, ap: int, declared: dict) -> list:
        cands = [o for o in self.permanents(ap) if o.id not in declared and self.can_attack(o)
                 and self.can_attack_at_all(o, ap)]   # combat2: "can't attack alone" (CR 508.1c)
        defs = self.defenders_for(ap)
        return [Done()] + [Attack(o.id, d) for o in cands for d in self.goad_defenders(o, defs)   # tokcount: CR 701.15b
                           if self.misc_attack_allowed(o, d)]   # misc: CR 508.1c

    def attack_done_ok(self, ap: int, declared: dict) -> bool:
        """Hook: JT-C5 requires every creature able to attack to attack."""
        if self.unmet_attack_requirement(ap, declared) is not None:
            return False  # kwstatic: CR 508.1d
        if not self.alone_attack_ok(declared):
            return False  # combat2: "~ can't attack alone" (CR 506.5, 508.1c)
        return self.rules.attack_done_ok(self, ap, declared)

    def unmet_attack_requirement(self, ap: int, declared: dict):
        """kwstatic, CR 508.1d: a creature that "attacks each combat if able" and can attack
        must be declared as an attacker (no cost to attack exists in the supported cards, so
        obeying the requirement never costs anything). Returns that creature, or None."""
        for o in self.permanents(ap):
            # (one already attacking counts as able: the check of a declaration after it was made)
            if (o.id not in declared and ("attacks_each_combat" in self.chars(o).restrictions
                                          or self.must_attack(o))   # combat2: "attacks this turn if able"
                    and (self.can_attack(o) or o.attacking is not None)):
                return o
        return None

    def declare_attackers(self):
        ap = self.active
        declared: dict[int, object] = {}
        while True:
            opts = self.attack_options(ap, declared)
            if not self.attack_done_ok(ap, declared):
                opts = [x for x in opts if not isinstance(x, Done)]
            if not opts:
                break
            if opts == [Done()]:
                break
            c = yield from self.ask(ap, "attackers", opts, msg("{player}: declare attackers",
                                                               player=self.players[ap]), "CR 508.1a",
                                    declared=dict(declared))
            if isinstance(c, Done):
                break
            declared[c.creature] = c.defender
        for cid, d in declared.items():
            o = self.objects[cid]
            o.attacking = d
            if not self.chars(o).has("vigilance"):
                if not o.tapped:
                    self.note_tapped(o, True)  # triggers branch
                o.tapped = True  # CR 508.1f
            self.log.add("{card} attacks {target}", "CR 508.1", card=o, target=self.target_said(d))
        yield from self.exert_attackers(ap, declared)   # kw2: exert (CR 701.43d, 508.1g)
        self.players[ap].attacked_count_turn += len(declared)
        self.touch()
        for cid, d in declared.items():
            o = self.objects[cid]
            dp = d.index if isinstance(d, PID) else self.objects[d].controller
            self.events.append({"kind": "attacks", "obj": o, "defending": dp, "n": len(declared)})
        if len(declared) == 1:
            # kwstatic: CR 506.5, 702.83a: a creature "attacks alone" (exalted)
            self.events.append({"kind": "attacks_alone", "obj": self.objects[next(iter(declared))],
                                "player": ap})
        if declared:
            # triggers branch: "whenever you attack [with N or more creatures]" (CR 508.3d)
            self.events.append({"kind": "attack_declared", "player": ap, "n": len(declared)})
        if not declared:
            self.log.add("no attackers are declared", "CR 508.8")

    # ------------------------------------------------------------------ blockers (CR 509)
    def attacked_player(self, a) -> int:
        d = a.attacking
        return d.index if isinstance(d, PID) else self.objects[d].controller

    def can_block_pair(self, b, a, blocks: dict) -> bool:
        chb, cha = self.chars(b), self.chars(a)
        if "Creature" not in chb.types or b.tapped or chb.cant_block or b.id in blocks:
            return False
        if cha.has("flying") and not (chb.has("flying") or chb.has("reach")):
            return False  # CR 702.9b
        if self.block_restriction(chb, cha) is not None:
            return False  # kwstatic: evasion keywords and restrictions, see block_restriction
        for k in cha.keywords:
            if k.startswith("landwalk:"):
                land = k.split(":", 1)[1]
                if any(land in self.chars(x).subtypes for x in self.permanents(b.controller)):
                    return False  # CR 702.14c
            if k.startswith("protection:") and chars_protected((k,), chb):   # chars: any quality
                return False  # CR 702.16f
        if self.misc_block_restricted(b, a, blocks):
            return False  # misc: "can't be blocked by ..." (CR 509.1b)
        if self.block_restricted(b, a) is not None:
            return False  # combat2: "creatures with power less than ~'s power can't block it" (CR 509.1b)
        return True

    def block_restriction(self, chb, cha) -> str | None:
        """kwstatic: the rule that forbids a creature with characteristics ``chb`` to block one
        with ``cha``, or None."""
        if "cant_be_blocked" in cha.restrictions:
            return "CR 509.1b"       # "can't be blocked"
        if "block_only_flying" in chb.restrictions and not cha.has("flying"):
            return "CR 509.1b"       # "can block only creatures with flying"
        if cha.has("horsemanship") and not chb.has("horsemanship"):
            return "CR 702.31b"
        if cha.has("fear") and not ("Artifact" in chb.types or "B" in chb.colors):
            return "CR 702.36b"
        if cha.has("intimidate") and not ("Artifact" in chb.types or set(cha.colors) & set(chb.colors)):
            return "CR 702.13b"
        if cha.has("shadow") != chb.has("shadow"):
            return "CR 702.28b"      # shadow blocks only shadow, and is blocked only by shadow
        if self.skulk_blocks(chb, cha):
            return "CR 702.118b"     # combat2: skulk
        return None

    @effect(ir.RestrictThisTurn)
    def _e_RestrictThisTurn(self, e, ctx):
        """kwstatic: "[objects] can't be blocked / can't block this turn" (CR 509.1b), a
        continuous effect from a resolving spell or ability; the affected set is locked in at
        resolution (CR 611.2c)."""
        objs = [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        self.continuous.append({"objs": {o.id for o in objs}, "keyword_restrictions": (e.rule,),
                                "duration": "end_of_turn", "timestamp": self.new_timestamp()})
        self.touch()
        if e.rule == "cant_be_blocked":
            self.log.add("{cards} can't be blocked this turn", "CR 509.1b", "CR 611.2", cards=objs)
        else:
            self.log.add("{cards} can't block this turn", "CR 509.1b", "CR 611.2", cards=objs)
        return
        yield

    def block_can_complete(self, d: int, b, a, blocks: dict) -> bool:
        """A lone blocker of a menace creature needs a second one to be possible (CR 702.111b);
        a block that could only end in an illegal declaration is not offered."""
        # misc: generalised to "can't be blocked except by N or more creatures" (CR 509.1b)
        need = self.misc_min_blockers(a)
        have = sum(1 for x in blocks.values() if x == a.id)
        if need <= 1 or have + 1 >= need:
            return True
        others = [o for o in self.permanents(d) if o.id != b.id and self.can_block_pair(o, a, blocks)]
        return len(others) >= need - have - 1

    def block_done_ok(self, d: int, blocks: dict) -> bool:
        """CR 509.1c: menace (CR 702.111b) needs two or more blockers."""
        count: dict[int, int] = {}
        for b, a in blocks.items():
            count[a] = count.get(a, 0) + 1
        for a, n in count.items():
            if self.chars(self.objects[a]).has("menace") and n < 2:
                return False
            if n < self.misc_min_blockers(self.objects[a]):
                return False  # misc: "can't be blocked except by N or more creatures" (CR 509.1b)
        if self.misc_lure_unmet(d, blocks):
            return False  # misc: "All creatures able to block ~ do so" (CR 509.1c)
        if not self.alone_block_ok(blocks):
            return False  # combat2: "~ can't ... block alone" (CR 506.5, 509.1b)
        if self.block_unmet(d, blocks):
            return False  # combat2: provoke, "must be blocked if able" (CR 509.1c)
        return self.rules.block_done_ok(self, d, blocks)

    def block_options(self, d: int, blocks: dict) -> list:
        attackers = [a for a in self._attackers() if self.attacked_player(a) == d]
        opts: list = []
        if self.block_done_ok(d, blocks):
            opts.append(Done())
        for b in self.permanents(d):
            for a in attackers:
                if (self.can_block_pair(b, a, blocks) and self.block_can_complete(d, b, a, blocks)
                        and self.can_block_at_all(b, d, blocks)):   # combat2: CR 509.1b
                    opts.append(Block(b.id, a.id))
        if blocks:
            opts.append(Reset())
        unmet = self.misc_lure_unmet(d, blocks) + self.block_unmet(d, blocks)   # combat2: CR 509.1c
        if unmet:
            # misc: CR 509.1c: while a creature able to block a "lure" creature doesn't, only
            # blocks obeying that requirement (or starting over) are offered
            pairs = {(b.id, a.id) for b, a in unmet}
            opts = [o for o in opts if isinstance(o, Reset) or (isinstance(o, Block) and (o.blocker, o.attacker) in pairs)]
        return opts

    def declare_blockers(self):
        # a player who has left the game declares nothing (CR 800.4a)
        defending = sorted({q for q in (self.attacked_player(a) for a in self._attackers()) if not self.players[q].lost},
                           key=lambda q: self.apnap().index(q))
        for d in defending:
            blocks: dict[int, int] = {}
            while True:
                opts = self.block_options(d, blocks)
                if opts == [Done()] or not opts:
                    break
                c = yield from self.ask(d, "blockers", opts, msg("{player}: declare blockers",
                                                                 player=self.players[d]), "CR 509.1a",
                                        blocks=dict(blocks))
                if isinstance(c, Done):
                    break
                if isinstance(c, Reset):
                    blocks = {}
                    continue
                blocks[c.blocker] = c.attacker
            for b, a in blocks.items():
                bo, ao = self.objects[b], self.objects[a]
                bo.blocking = [a]
                ao.blocked_by.append(b)
                ao.was_blocked = True
                self.log.add("{card} blocks {attacker}", "CR 509.1", card=bo, attacker=ao)
            # kwstatic: block triggers (CR 509.2a, 509.3c-d): flanking, bushido
            for b, a in blocks.items():
                self.events.append({"kind": "kws_blocks", "blocker": self.objects[b], "attacker": self.objects[a]})
            for a in dict.fromkeys(blocks.values()):
                self.events.append({"kind": "kws_becomes_blocked", "attacker": self.objects[a]})
        # triggers branch: "whenever ~ blocks" (CR 509.3a) triggers once per blocker; "whenever ~
        # becomes blocked" (CR 509.3c) once per blocked attacker, however many block it
        for b in self._blockers():
            self.events.append({"kind": "blocks", "obj": b, "defending": b.controller})
        for a in self._attackers():
            if a.was_blocked and a.blocked_by:
                self.events.append({"kind": "blocked", "obj": a, "defending": self.attacked_player(a)})
                # "becomes blocked by a creature" once per blocker (CR 509.3d), "blocks a creature"
                # once per attacker blocked (CR 509.3b)
                for b in a.blocked_by:
                    self.events.append({"kind": "block_pair", "attacker": a, "blocker": self.objects[b],
                                        "defending": self.attacked_player(a)})
            elif not a.was_blocked:
                # "attacks and isn't blocked" (CR 509.3g)
                self.events.append({"kind": "unblocked", "obj": a, "defending": self.attacked_player(a)})
        self.touch()

    # ------------------------------------------------------------------ damage (CR 510)
    def _needs_first_strike_step(self) -> bool:
        for o in self._attackers() + self._blockers():
            ch = self.chars(o)
            if ch.has("first strike") or ch.has("double strike"):
                return True
        return False

    def _deals_now(self, o, first_strike: bool) -> bool:
        ch = self.chars(o)
        fs = ch.has("first strike") or ch.has("double strike")
        if first_strike:
            return fs
        if not self.first_strike_step:
            return True
        return ch.has("double strike") or not (ch.has("first strike") or getattr(o, "dealt_first_strike", False))

    def lethal_needed(self, source_ch, blocker, assigned: int) -> int:
        """CR 702.19b / 702.2c: lethal damage, counting damage already marked and assigned."""
        ch = self.chars(blocker)
        left = ch.toughness - blocker.damage - assigned
        if source_ch.has("deathtouch"):
            return 1 if assigned == 0 else 0
        return max(0, left)

    def assign_attacker_damage(self, a, ch, power: int, blockers: list, target, assigned_to: dict):
        """CR 510.1c: a blocked creature's controller divides its damage among its blockers as
        they choose; with trample (CR 702.19b) the rest may go to the player or planeswalker once
        every blocker is assigned lethal damage. One point at a time; the first option is the
        default (lethal to each blocker in order, then the player with trample, else the last
        blocker)."""
        trample = ch.has("trample") and target is not None
        if len(blockers) == 1 and not trample:
            assigned_to[blockers[0].id] = assigned_to.get(blockers[0].id, 0) + power
            return [(blockers[0], power)]
        alloc: dict[int, int] = {}
        to_target = 0
        p = a.controller
        for _ in range(power):
            lacking = [b for b in blockers if self.lethal_needed(ch, b, assigned_to.get(b.id, 0) + alloc.get(b.id, 0)) > 0]
            if lacking:
                default = lacking[0].id
            elif trample:
                default = "defender"
            else:
                default = blockers[-1].id
            opts = [default] + [b.id for b in blockers if b.id != default]
            if trample and not lacking and default != "defender":
                opts.append("defender")
            pick = yield from self.ask(p, "damage", opts,
                                       msg("assign 1 point of {attacker}'s combat damage (defender: {defender})",
                                           attacker=a, defender=self.target_said(a.attacking)),
                                       "CR 510.1c" if not trample else "CR 702.19b")
            if pick == "defender":
                to_target += 1
            else:
                alloc[pick] = alloc.get(pick, 0) + 1
        out = []
        for b in blockers:
            if alloc.get(b.id):
                out.append((b, alloc[b.id]))
                assigned_to[b.id] = assigned_to.get(b.id, 0) + alloc[b.id]
        if to_target:
            out.append((target, to_target))
        self.log.add("{player} assigns {card}'s combat damage: {split}", "CR 510.1c",
                     *(("CR 702.19b",) if trample else ()), player=self.players[p], card=a,
                     split=[msg("{n} to {target}", n=n, target=self.target_said(r.id if hasattr(r, 'id') else r))
                            for r, n in out])
        return out

    def combat_damage(self, first_strike: bool):
        """CR 510.1-510.2: assign, then deal all combat damage at once."""
        assignments: list[tuple] = []
        assigned_to: dict[int, int] = {}
        for a in self._attackers():
            if not self._deals_now(a, first_strike):
                continue
            ch = self.chars(a)
            power = ch.power
            if power <= 0:
                continue
            blockers = [self.objects[b] for b in a.blocked_by if self.objects[b].zone == "battlefield"]
            target = a.attacking
            if isinstance(target, int):
                pw = self.objects.get(target)
                target = pw if pw is not None and pw.zone == "battlefield" else None
            if a.was_blocked and target is not None and (yield from self.cb2_unblocked_damage(a)):
                assignments.append((a, target, power))   # combat2: as though it weren't blocked (CR 510.1c)
                continue
            if not a.was_blocked:
                if target is not None:
                    assignments.append((a, target, power))
                continue
            if not blockers:
                if ch.has("trample") and target is not None:
                    assignments.append((a, target, power))  # CR 702.19e
                continue
            split = yield from self.assign_attacker_damage(a, ch, power, blockers, target, assigned_to)
            for recipient, n in split:
                assignments.append((a, recipient, n))
        for b in self._blockers():
            if not self._deals_now(b, first_strike):
                continue
            power = self.chars(b).power
            attackers = [self.objects[x] for x in b.blocking if self.objects[x].zone == "battlefield"]
            if power > 0 and attackers:
                assignments.append((b, attackers[0], power))
        if first_strike:
            for o in self._attackers() + self._blockers():
                if self._deals_now(o, True):
                    o.dealt_first_strike = True
        self.damage_batch = getattr(self, "damage_batch", 0) + 1  # triggers branch: dealt at once (CR 510.2)
        for src, tgt, n in assignments:
            self.deal_damage(src, tgt, n, combat=True)
        if not assignments:
            self.log.add("no combat damage is dealt", "CR 510.2")
        return
        yield

    # ---- branch "misc": the object's own combat restrictions (CR 508.1c, 509.1b) ---------------
    def misc_combat_rules(self, o, kind: str) -> list:
        """The object's SelfCombatRestriction abilities of ``kind`` (none while face down)."""
        if o.face_down:
            return []
        from judgetower.oracle import ir
        return [ab.effect for ab in o.compiled.abilities
                if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.SelfCombatRestriction)
                and ab.effect.kind == kind]

    def misc_attack_allowed(self, o, d=None) -> bool:
        """CR 508.1c: "~ can't attack unless defending player controls an Island": with ``d``
        (a PID or a planeswalker id), whether attacking it is allowed; without, whether some
        defender is allowed."""
        from judgetower.rules.characteristics.filters import matches
        for r in self.misc_combat_rules(o, "attack_unless_you_control"):
            if sum(1 for q in self.permanents(o.controller) if matches(self, q, r.filter, o)) < r.n:
                return False
        rules = self.misc_combat_rules(o, "attack_unless_defender")
        if not rules:
            return True
        defs = [d] if d is not None else self.defenders_for(o.controller)
        for x in defs:
            dp = x.index if isinstance(x, PID) else self.objects[x].controller
            if all(any(matches(self, q, r.filter, o) for q in self.permanents(dp)) for r in rules):
                return True
        return False

    def misc_block_restricted(self, b, a, blocks: dict) -> bool:
        """CR 509.1b: "~ can't be blocked by [creatures ...]" and "~ can't be blocked by more than
        N creatures" (with the blocks declared so far)."""
        from judgetower.rules.characteristics.filters import matches
        for r in self.misc_combat_rules(a, "blocked_by"):
            if matches(self, b, r.filter, a):
                return True
        for r in self.misc_combat_rules(a, "max_blockers"):
            if sum(1 for x in blocks.values() if x == a.id) >= r.n:
                return True
        return False

    def misc_min_blockers(self, a) -> int:
        """The fewest creatures that may block ``a``: 2 with menace (CR 702.111b), N with "can't
        be blocked except by N or more creatures" (CR 509.1b), else 1."""
        need = 2 if self.chars(a).has("menace") else 1
        for r in self.misc_combat_rules(a, "min_blockers"):
            need = max(need, r.n)
        return need

    def misc_is_lure(self, a) -> bool:
        """"All creatures able to block ~ do so" on ``a``, or "... enchanted creature do so" on
        an Aura attached to it (CR 509.1c)."""
        if self.misc_combat_rules(a, "lure") or self.is_lure(a):   # combat2: "... this turn do so"
            return True
        return any(o.attached_to == a.id and self.misc_combat_rules(o, "lure_enchanted") for o in self.permanents())

    def misc_lure_unmet(self, d: int, blocks: dict) -> list:
        """CR 509.1c: the (blocker, lure attacker) pairs of player ``d``'s creatures that could
        block a creature all able creatures must block, but don't block one. Each such creature
        obeys its requirement by blocking a lure attacker instead (a creature blocks one attacker
        here), so the maximum number of requirements is obeyed only when this list is empty."""
        lures = [a for a in self._attackers() if self.attacked_player(a) == d and self.misc_is_lure(a)]
        if not lures:
            return []
        ids = {a.id for a in lures}
        out = []
        for b in self.permanents(d):
            if blocks.get(b.id) in ids:
                continue
            if self.obeys_requirement(b, d, blocks):
                continue   # combat2: it obeys another requirement (CR 509.1c: the maximum number)
            rest = {k: v for k, v in blocks.items() if k != b.id}
            for a in lures:
                if self.can_block_pair(b, a, rest) and self.block_can_complete(d, b, a, rest):
                    out.append((b, a))
        return out
