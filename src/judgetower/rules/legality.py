"""Why a choice is illegal: the most specific rule for an `IllegalAction` (SCENARIOS.md:
"the keyword's own CR rule for a keyword's restriction")."""

from __future__ import annotations

from judgetower.rules.decisions import Activate, Attack, Block, Cast, Done, PlayLand
from judgetower.oracle import ir
from judgetower.rules.stack.mana import ManaCost
from judgetower.rules.characteristics.until_end_of_turn import chars_protected   # chars: protection from any quality (CR 702.16)


class LegalityMixin:

    def why_illegal(self, d, choice) -> str:
        variant = getattr(self.rules, "why_illegal", None)
        if variant is not None:
            rule = variant(self, d, choice)
            if rule:
                return rule
        try:
            if d.kind == "priority":
                return self._why_priority(d.player, choice)
            if d.kind == "attackers" and isinstance(choice, Attack):
                return self._why_attack(choice)
            if d.kind == "attackers" and isinstance(choice, Done):
                if self.unmet_attack_requirement(d.player, d.context.get("declared", {})) is not None:
                    return "CR 508.1d"   # kwstatic: "attacks each combat if able"
            if d.kind == "blockers" and self.misc_why_lure(d.player, d.context.get("blocks", {}), choice):
                return "CR 509.1c"   # misc: "All creatures able to block ~ do so"
            if d.kind == "blockers" and isinstance(choice, Done) and any(
                    self.misc_combat_rules(self.objects[a], "min_blockers")
                    for a in set(d.context.get("blocks", {}).values())):
                return "CR 509.1b"   # misc: "can't be blocked except by N or more creatures"
            if d.kind == "blockers" and isinstance(choice, Block):
                trial = {k: v for k, v in d.context.get("blocks", {}).items() if k != choice.blocker}
                trial[choice.blocker] = choice.attacker
                if self.block_unmet(d.player, trial):
                    return "CR 509.1c"   # combat2: a block that leaves a requirement unobeyed
            if d.kind == "blockers" and isinstance(choice, Done) and self.block_unmet(
                    d.player, d.context.get("blocks", {})):
                return "CR 509.1c"   # combat2: provoke, "must be blocked if able"
            if d.kind == "blockers" and isinstance(choice, Done) and not self.alone_block_ok(
                    d.context.get("blocks", {})):
                return "CR 509.1b"   # combat2: "~ can't ... block alone" (CR 506.5)
            if d.kind == "attackers" and isinstance(choice, Done) and not self.alone_attack_ok(
                    d.context.get("declared", {})):
                return "CR 508.1c"   # combat2: "~ can't attack alone" (CR 506.5)
            if d.kind == "blockers":
                return self._why_block(d.player, choice)
            if d.kind == "target":
                return self._why_target(d, choice)
            if d.kind == "mode" and choice in d.context.get("chosen", ()):
                return "CR 700.2d"   # the same mode can't be chosen twice
        except (KeyError, AttributeError, IndexError, TypeError):
            pass
        return d.context.get("illegal_rule") or d.rule or "CR 117"

    def _why_priority(self, p: int, a) -> str:
        if isinstance(a, PlayLand):
            o = self.objects.get(a.obj)
            if o is None or (o.zone != "hand" or a.obj not in self.hand(p)) and not self.may_play_land(p, o):
                return "CR 305.1"   # exilecast: or a land in exile an effect lets p play
            # faces: only a land face of a modal double-faced card is played as a land (CR 712.12)
            if a.face is not None and (o.card is None or o.card.layout != "modal_dfc"
                                       or not 0 <= a.face < len(o.card.faces)
                                       or "Land" not in o.card.faces[a.face].types):
                return "CR 712.12"
            if p != self.active:
                return "CR 305.1"
            if self.players[p].land_plays >= self.land_limit(p):   # trigstate: CR 305.2, 305.2a
                return "CR 305.2"
            # CR 305.1 (and 505.6b): only in a main phase, with an empty stack; 505.5b is
            # about Attractions in the current CR
            return "CR 305.1"
        if isinstance(a, Cast):
            if self.cast_forbidden(p):
                return "CR 101.2"   # trigstate: "can't cast more than one spell each turn"
            o = self.objects.get(a.obj)
            ec = self.why_cast(p, o, a) if o is not None else None   # exilecast
            if ec:
                return ec
            if o is None or (a.obj not in self.hand(p) and not (a.obj in self.graveyard(p) and self.can_flashback(o))
                             and not (a.obj in self.exile and getattr(o, "adventure_player", None) == p)
                             and not (a.obj in self.exile and self.may_cast(p, o))   # exilecast
                             and not (a.obj in self.graveyard(p) and a.face is not None)):
                return "CR 601.2a"
            # faces: a split card is cast as one of its halves (CR 709.3); an exiled adventurer
            # card only as the creature (CR 715.3d); a face index must exist
            if o.card is not None and a.face is None and o.card.layout == "split":
                return "CR 709.3"
            if a.face is not None and (o.card is None or not 0 <= a.face < len(o.card.faces)
                                       or o.zone not in ("hand", "graveyard")):
                return "CR 715.3d" if getattr(o, "adventure_player", None) is not None else "CR 601.2a"
            if not o.compiled.ok:
                return "CR 601.2"
            if self.split_second() is not None:
                return "CR 702.61a"   # kwcast: a split second spell is on the stack
            if self.cast_only_ok(p, o) is not None:
                return self.cast_only_ok(p, o)   # kwcast: "Cast this spell only ..." (CR 601.3)
            if a.alternative and self.alt_keyword(o) is not None and not self.alt_allowed(p, o):
                return {"spectacle": "CR 702.137a", "surge": "CR 702.117a"}[self.alt_keyword(o)]   # kwcast
            if ("Instant" not in o.card.types and not self.sorcery_timing(p)
                    and not o.compiled.abilities.count(ir.Keyword("flash"))):  # kwstatic: CR 702.8a
                # the timing rule of the card's own type: 302.1 creature, 301.1 artifact,
                # 303.1 enchantment, 306.1 planeswalker, 310.1 battle, 307.1 sorcery
                for t, rule in (("Sorcery", "CR 307.1"), ("Creature", "CR 302.1"), ("Artifact", "CR 301.1"),
                                ("Enchantment", "CR 303.1"), ("Planeswalker", "CR 306.1"), ("Battle", "CR 310.1")):
                    if t in o.card.types:
                        return rule
                return "CR 117.1a"
            if self.modal(o) is not None and not self.spell_has_targets(p, o):
                return "CR 700.2a"   # no mode with legal targets can be chosen
            if not self.has_targets(p, o, self.spell_targets(o)):
                return "CR 601.2c"
            if a.alternative and self.bestow_cost(o) is not None and not self.bestow_has_target(p, o):
                return "CR 702.103b"   # auras2: a bestowed Aura spell targets a creature (CR 601.2c)
            if a.alternative and self.awaken_arg(o) is not None and not self.awaken_has_target(p, o):
                return "CR 702.113a"   # auras2: awaken targets a land you control (CR 601.2c)
            return "CR 601.2h"
        if isinstance(a, Activate):
            o = self.objects.get(a.obj)
            if o is None or o.zone not in ("battlefield", "hand", "graveyard") or (
                    o.zone == "battlefield" and o.controller != p and not self.actcost_any_player(o, a.index)) or (
                    o.zone != "battlefield" and a.obj not in self.zone_list(o.zone, p)):
                return "CR 602.2"
            ab = self.activated_abilities(o)[a.index]
            # kwcosts: where the ability functions, restrictions on its use
            if o.zone != ab.zone:
                if ab.zone == "graveyard" and not any(type(e).__name__ == "UnearthReturn" for e in ab.effects):
                    return "CR 113.6m"   # zones: "return ~ from your graveyard" works only there
                return "CR 702.29a" if ab.cost.discard_self else "CR 113.6"
            ec = self.why_special(p, o, ab)   # exilecast: suspend, foretell (CR 116.2f, 116.2h)
            if ec:
                return ec
            if ab.once_per_turn and a.index in o.activated_this_turn:
                return "CR 602.5b"
            if self.activation_locked(o, ab):
                return "CR 702.61a"   # kwcast: split second
            if ab.timing and not self.activation_timing_ok(p, ab):
                return "CR 602.5"
            if ab.timing == "tc_attached" and o.attached_to is None:
                return "CR 602.5"   # tokcount: reconfigure's unattach (CR 702.151a)
            why = self.why_restricted(p, o, a.index, ab)   # actcost: CR 602.5, 602.5b
            if why:
                return why
            if self.activation_banned(o):
                return "CR 602.5"   # auras2: "its activated abilities can't be activated"
            ch = self.chars(o)
            if (ab.cost.tap and o.tapped):
                return "CR 118.3"  # a tapped permanent can't be tapped to pay a cost (also CR 107.5)
            if ab.cost.tap and "Creature" in ch.types and o.sick and not ch.has("haste"):
                return "CR 302.6"
            if ab.cost.loyalty is not None:
                if not self.sorcery_timing(p) or "loyalty" in o.activated_this_turn:
                    return "CR 606.3"  # main phase, empty stack, once per permanent per turn
                if ab.cost.loyalty < 0 and o.counters.get("loyalty", 0) < -ab.cost.loyalty:
                    return "CR 606.6"  # too few loyalty counters for a negative cost
                # otherwise a later check applies (e.g. too few legal targets: CR 602.2b)
            if ab.sorcery_speed and not self.sorcery_timing(p):
                if any(type(e).__name__ == "Attach" for e in ab.effects):
                    return "CR 702.6a"  # equip: "Activate only as a sorcery" is the keyword's own rule
                return "CR 602.5d"
            if ab.cost.crew and not self.can_crew(p, o, ab.cost.crew):
                return "CR 702.122a"  # kw2: not enough total power among other untapped creatures
            if ab.cost.kw2_ninjutsu and not self.unblocked_attackers(p):
                return "CR 702.49c"   # kw2: no unblocked attacking creature to return
            if not self.can_pay_extra(p, o, ab.cost):
                return "CR 118.3"  # e.g. too few cards in the graveyard to exile (Grim Lavamancer)
            if not self.has_targets(p, o, ab.targets):
                return "CR 602.2b"
            if not self.can_pay_mana(p, ManaCost.parse(ab.cost.mana or None), exclude=o.id):
                return "CR 602.2b"
            return "CR 602.2"
        return "CR 117.1"

    def _why_attack(self, c: Attack) -> str:
        o = self.objects.get(c.creature)
        if o is None or o.zone != "battlefield" or o.controller != self.active:
            return "CR 508.1a"
        ch = self.chars(o)
        if "Creature" not in ch.types:
            return "CR 508.1a"
        if o.tapped:
            return "CR 508.1a"
        if ch.has("defender") and not self.ignores_defender(o):   # combat2
            return "CR 702.3b"
        if o.sick and not ch.has("haste"):
            return "CR 302.6"
        if ch.cant_attack:
            return "CR 508.1c"
        if not self.misc_attack_allowed(o, c.defender):
            return "CR 508.1c"   # misc: "can't attack unless defending player controls ..."
        if c.defender not in self.goad_defenders(o, self.defenders_for(o.controller)):
            return "CR 701.15b"   # tokcount: goaded, another player can be attacked
        if not self.can_attack_at_all(o, self.active):
            return "CR 508.1c"   # combat2: "~ can't attack alone" (CR 506.5)
        return "CR 508.1b"

    def misc_why_lure(self, d: int, blocks: dict, c) -> bool:
        """misc: whether declaration ``c`` breaks a "must block it" requirement (CR 509.1c)."""
        if isinstance(c, Block):
            trial = {k: v for k, v in blocks.items() if k != c.blocker}
            trial[c.blocker] = c.attacker
            return any(b.id == c.blocker for b, _ in self.misc_lure_unmet(d, trial))
        return isinstance(c, Done) and bool(self.misc_lure_unmet(d, blocks))

    def _why_block(self, d: int, c) -> str:
        if isinstance(c, Done):
            return "CR 702.111b"
        if not isinstance(c, Block):
            return "CR 509.1a"
        b, a = self.objects.get(c.blocker), self.objects.get(c.attacker)
        if b is None or a is None or b.zone != "battlefield" or b.controller != d:
            return "CR 509.1a"
        chb, cha = self.chars(b), self.chars(a)
        if b.tapped or "Creature" not in chb.types:
            return "CR 509.1a"
        if chb.cant_block:
            return "CR 509.1b"
        if cha.has("flying") and not (chb.has("flying") or chb.has("reach")):
            return "CR 702.9b"
        kws = self.block_restriction(chb, cha)   # kwstatic
        if kws is not None:
            return kws
        for k in cha.keywords:
            if k.startswith("landwalk:"):
                return "CR 702.14c"
            if k.startswith("protection:") and chars_protected((k,), chb):   # chars: any quality
                return "CR 702.16f"
        return "CR 509.1b"

    def _why_target(self, d, t) -> str:
        from judgetower.rules.state import PID
        if isinstance(t, PID) and not self.chars_player_targetable(t.index, d.player):
            return self.chars_player_untargetable_rule(t.index, d.player)   # chars: "you have hexproof / shroud"
        o = self.objects.get(t) if isinstance(t, int) else None
        if o is not None and o.zone == "battlefield":
            ch = self.chars(o)
            if ch.has("shroud"):
                return "CR 702.18a"      # kwstatic
            if ch.has("hexproof") and self.are_opponents(d.player, o.controller):
                return "CR 702.11b"      # kwstatic
            if any(k.startswith("protection:") for k in ch.keywords):
                return "CR 702.16b"
        return "CR 115.1"
