"""Resolving spells and abilities (CR 608)."""

from __future__ import annotations

from judgetower.rules.state import StackAbility
from judgetower.rules.log import msg


class ResolutionMixin:

    def resolve_top(self):
        """CR 608.1: the top object of the stack resolves."""
        oid = self.stack[-1]
        item = self.objects[oid]
        self.held_by_looker = {}
        if isinstance(item, StackAbility):
            yield from self._resolve_ability(item)
        else:
            yield from self._resolve_spell(item)
        self.held_by_looker = {}   # JT-G6, R6: the revealed/looked-at cards are shared again
        self.touch()

    def _targets_check(self, item, specs) -> tuple[bool, list[list]]:
        """CR 608.2b: drop illegal targets; if every target is illegal, it doesn't resolve."""
        if not specs or not any(item.targets):
            return True, item.targets
        legal = []
        any_legal = False
        for spec, ts in zip(specs, item.targets):
            keep = [t for t in ts if self.target_still_legal(spec, t, item, item.controller)]
            any_legal |= bool(keep)
            legal.append(keep)
        return any_legal, legal

    def _resolve_spell(self, spell):
        p = spell.controller
        specs = self.spell_targets(spell)
        ok, legal = self._targets_check(spell, specs)
        if self.bestow_resolving(spell, ok):   # auras2: CR 702.103e
            ok, legal = True, []
        if not ok:
            # CR 608.3b: a permanent spell (an Aura) with an illegal target doesn't resolve either
            rules = ("CR 608.3b", "CR 608.2b") if self.is_permanent_spell(spell) else ("CR 608.2b",)
            self.log.add("{spell} doesn't resolve: all its targets are illegal", *rules, spell=spell)
            self.move(spell, "graveyard", cause="countered on resolution", rule=rules[0])
            return
        if self.is_permanent_spell(spell):
            # CR 608.3: it becomes a permanent; an Aura attaches to its target (CR 608.3c)
            self.log.add("{spell} resolves", "CR 608.3", spell=spell)
            new = self.move(spell, "battlefield", controller=p, cause="resolved", rule="CR 608.3a", log=False)
            if new is not None and legal and legal[0] and ("Aura" in (new.card.subtypes if new.card else ())
                                                           or getattr(new, "aura_bestowed", False)):   # auras2: CR 702.103b
                new.attached_to = legal[0][0]
                self.log.add("{card} enters attached to {host}", "CR 608.3c", card=new,
                             host=self.target_said(legal[0][0]))
            self.touch()
            self.aura_attached_to_player(new)   # auras2: "Enchant player" (CR 303.4, 702.5d)
            self.update_control()   # auras2: "You control enchanted creature" (CR 613.1b)
            return
        self.log.add("{spell} resolves", "CR 608.2", spell=spell)
        self.ascend_spell(spell)   # turnflow: ascend on an instant or sorcery (CR 702.131a)
        sa = self.spell_ability(spell)
        ctx = self.make_ctx(spell, p, legal, x=spell.x, kicked=spell.kicked)
        if sa is not None:
            yield from self.run_effects(sa.effects, ctx)
        yield from self.awaken_resolve(spell, ctx)   # auras2: awaken (CR 702.113a)
        # CR 608.2n: an instant or sorcery goes to its owner's graveyard (buyback: hand)
        if spell.id in self.stack:
            if spell.buyback:
                self.move(spell, "hand", cause="buyback", rule="CR 702.27a")
            else:
                self.move(spell, "graveyard", cause="resolved", rule="CR 608.2n")

    def is_permanent_spell(self, o) -> bool:
        return o.card is not None and any(t in o.card.types for t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"))

    def _resolve_ability(self, item: StackAbility):
        ab = item.ability
        specs = getattr(ab, "targets", ())
        ok, legal = self._targets_check(item, specs)
        self.stack.remove(item.id)
        item.zone = "resolved"
        if not ok:
            self.log.add("{spell} doesn't resolve: all its targets are illegal", "CR 608.2b", spell=item)
            return
        # CR 603.4: an intervening "if" clause is checked again on resolution
        cond = getattr(ab, "condition", None)
        if cond and item.kind == "triggered" and not self.condition_true(cond, item.context.get("source_lki"), item.controller, item.context):
            self.log.add("{spell} does nothing: its condition is no longer true", "CR 603.4", spell=item)
            return
        self.log.add("{spell} resolves", "CR 608.2", spell=item)
        item.targets = legal
        yield from self.resolve_ability_effects(item)

    def resolve_ability_effects(self, item: StackAbility):
        src = item.context.get("source_lki") or self.objects.get(item.source_id)
        ctx = self.make_ctx(src, item.controller, item.targets, x=item.x, kicked=getattr(src, "kicked", 0),
                            item=item)
        ctx.update({k: v for k, v in item.context.items() if k not in ctx})
        if item.context.get("chosen"):
            # CR 603.7c: a delayed trigger refers to the objects its creating resolution chose
            # ("that card" exiled by Flickerwisp)
            ctx["chosen"] = {k: list(v) for k, v in item.context["chosen"].items()}
        effects = item.ability.effects if not isinstance(item.ability, dict) else item.ability["effects"]
        yield from self.run_effects(effects, ctx)

    def make_ctx(self, source, controller, targets, x=0, kicked=0, item=None) -> dict:
        return {"source": source, "controller": controller, "targets": targets, "x": x, "kicked": kicked,
                "chosen": {}, "item": item}

    def condition_true(self, cond: str, source, controller: int, ctx=None) -> bool:
        if not isinstance(cond, str):
            # conds: a structured condition (CR 603.4, 608.2c), see rules/conditions.py
            from judgetower.rules.conditions import evaluate_cited
            ok, why, cited = evaluate_cited(self, cond, source, controller)
            # an instruction's "if" is read as it resolves (its ctx has the resolving "item");
            # otherwise it is a triggered ability's intervening "if"
            rule = "CR 608.2c" if ctx is not None and "item" in ctx else "CR 603.4"
            what = source if hasattr(source, "name") else msg("the ability")
            if ok:
                self.log.add("{source}: its condition is true ({why})", rule, *cited, source=what, why=why)
            else:
                self.log.add("{source}: its condition is false ({why})", rule, *cited, source=what, why=why)
            return ok
        if cond == "kicked":
            return bool(getattr(source, "kicked", 0))
        if cond == "this_untapped":
            cur = self.current(source)
            return cur is not None and cur.zone == "battlefield" and not cur.tapped
        if cond == "attacked_with_3":
            return self.players[controller].attacked_count_turn >= 3
        if cond == "evoked":
            return bool(getattr(source, "evoked", False))   # kwcosts: CR 702.74a
        if cond == "echo_due":
            # kwcosts: CR 702.30a: it came under your control since the beginning of your last
            # upkeep (the upkeep before the one now begun)
            cur = self.current(source)
            return (cur is not None and cur.zone == "battlefield" and cur.controller == controller
                    and cur.control_mark >= self.players[controller].upkeeps_begun - 1)
        f2 = self.face_condition(cond)          # faces2: werewolf conditions (CR 603.4)
        if f2 is not None:
            return f2
        returns = self.returns_condition(cond, source)   # persist, undying (CR 702.79a, 702.93a, 603.4)
        if returns is not None:
            return returns
        c2 = self.counter_condition(cond, source, ctx)   # counters2: undying, graft, vanishing, evolve (CR 603.4)
        if c2 is not None:
            return c2
        kw2 = self.keyword_condition(cond, source)   # kw2: renown (CR 702.112a)
        if kw2 is not None:
            return kw2
        if cond == "tc_attacked_this_turn":   # tokcount: "if you attacked this turn" (CR 508.1)
            return self.players[controller].attacked_count_turn > 0
        kwc = self.cast_condition(cond, source)   # kwcast: blitz (CR 702.152a)
        if kwc is not None:
            return kwc
        raise ValueError(f"unknown condition {cond!r}")

    def current(self, o):
        """The object now: the same one if it is still in its zone."""
        if o is None:
            return None
        cur = self.objects.get(o.id)
        if cur is None or cur.zone.startswith("gone"):
            return None
        return cur

