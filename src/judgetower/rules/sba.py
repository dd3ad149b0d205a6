"""State-based actions (CR 704): checked whenever a player would receive priority; all applicable
ones happen at once, then the check repeats (CR 704.3)."""

from __future__ import annotations

from judgetower.rules.characteristics.filters import matches
from judgetower.rules.characteristics.until_end_of_turn import chars_protected   # chars: protection from any quality (CR 702.16)
from judgetower.rules.log import CardName, Term, msg


class SBAMixin:

    def state_based_actions(self) -> bool:
        """One pass of CR 704.5 (all at once); returns True if anything happened."""
        to_graveyard: list[tuple] = []   # (obj, reason, rule)
        to_destroy: list[tuple] = []
        losers: list[tuple] = []
        did = False
        self.unbestow()         # auras2: bestowed Auras unattached (CR 702.103f)
        self.update_control()   # auras2: "You control enchanted creature" (CR 613.1b)
        for p in self.players:
            if p.lost:
                continue
            if p.life <= 0:
                losers.append((p.index, "0 or less life", "CR 704.5a"))
            elif p.drew_from_empty:
                losers.append((p.index, "drew from an empty library", "CR 704.5b"))
            elif p.poison >= 10:
                losers.append((p.index, "ten or more poison counters", "CR 704.5c"))
        for desc, rule, action in self.rules.extra_sba(self):
            losers.append((action, desc, rule))
        # CR 704.5d: tokens outside the battlefield cease to exist
        for name, lst in self.all_zone_lists():
            if name == "battlefield":
                continue
            for oid in list(lst):
                o = self.objects[oid]
                if getattr(o, "token", None) is not None:
                    lst.remove(oid)
                    o.zone = "gone:ceased"
                    self.log.add("{token} (a token) ceases to exist", "CR 704.5d", token=o)
                    did = True
        for o in self.permanents():
            ch = self.chars(o)
            if "Creature" in ch.types:
                if ch.toughness <= 0:
                    to_graveyard.append((o, "toughness 0 or less", "CR 704.5f"))
                    continue
                if ch.has("indestructible"):
                    pass  # CR 702.12b: lethal damage doesn't destroy it
                elif o.damage >= ch.toughness and o.damage > 0:
                    to_destroy.append((o, "lethal damage", "CR 704.5g"))
                    continue
                elif o.deathtouch_damage:  # kwstatic: also damage dealt as -1/-1 counters (infect, wither)
                    to_destroy.append((o, "damage from a source with deathtouch", "CR 704.5h"))
                    continue
            if "Planeswalker" in ch.types and o.counters.get("loyalty", 0) <= 0:
                to_graveyard.append((o, "no loyalty", "CR 704.5i"))
                continue
            if o.card is not None and "Aura" in o.card.subtypes:
                host = self.objects.get(o.attached_to) if o.attached_to is not None else None
                if getattr(o, "aura_player", None) is not None:   # auras2: attached to a player (CR 303.4)
                    if not self.player_attach_legal(o):
                        to_graveyard.append((o, "an Aura attached to a player it can't enchant", "CR 704.5m"))
                        continue
                elif host is None or host.zone != "battlefield" or not self._can_enchant(o, host):
                    to_graveyard.append((o, "an Aura attached to nothing legal", "CR 704.5m"))
                    continue
            if o.card is not None and "Equipment" in o.card.subtypes and o.attached_to is not None:
                host = self.objects.get(o.attached_to)
                if host is None or host.zone != "battlefield" or "Creature" not in self.chars(host).types:
                    o.attached_to = None
                    self.log.add("{card} becomes unattached", "CR 704.5n", card=o)
                    did = True
            plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
            if plus and minus:
                n = min(plus, minus)
                self.remove_counters(o, "+1/+1", n)
                self.remove_counters(o, "-1/-1", n)
                self.log.add("{n} +1/+1 and -1/-1 counter pair(s) on {card} are removed", "CR 704.5q", n=n, card=o)
                self.touch()
                did = True
        for idx, why, rule in losers:
            self.lose(idx, why, rule, end=False)   # simultaneously (CR 704.3)
            did = True
        if losers and not self.game_over:
            alive = self.alive_players()
            if len(alive) == 1:
                self.end_game(alive, losers[-1][1], losers[-1][2])
            elif not alive:  # CR 104.4a: all remaining players lost at once
                self.end_game([], "all remaining players lost at the same time", "CR 104.4a")
        if self.game_over:
            return True
        for o, why, rule in to_graveyard:
            if o.zone == "battlefield":
                self.log.add("{card} is put into its owner's graveyard ({reason})", rule, card=o, reason=Term(why))
                self.move(o, "graveyard", cause=why, rule=rule, log=False)
                did = True
        for o, why, rule in to_destroy:
            if o.zone == "battlefield":
                self.log.add("{card} is destroyed ({reason})", rule, card=o, reason=Term(why))
                self.destroy(o, cause=why)
                did = True
        if did:
            self.touch()
        return did

    def _can_enchant(self, aura, host) -> bool:
        enchant = self.keyword_arg(aura, "enchant")
        if enchant is None and self.keyword_arg(aura, "enchant player") is not None:
            return False   # auras2: it enchants players only (CR 303.4, 702.5d)
        if enchant is None:
            return True
        if not matches(self, host, enchant, aura):
            return False
        ch = self.chars(host)
        return not chars_protected(ch.keywords, self.chars(aura))   # chars: any protection quality (CR 702.16c)

    def legend_rule(self):
        """CR 704.5j: a player with two or more legendary permanents with the same name chooses
        one and puts the rest into their owners' graveyards."""
        while True:
            groups: dict = {}
            for o in self.permanents():
                ch = self.chars(o)
                if "Legendary" in ch.supertypes:
                    groups.setdefault((o.controller, ch.name), []).append(o.id)
            dup = [(k, v) for k, v in groups.items() if len(v) > 1]
            if not dup:
                return
            (p, name), ids = dup[0]
            keep = yield from self.ask(p, "legend", ids, msg("legend rule: choose the {card} to keep", card=CardName(name)),
                                   "CR 704.5j")
            for i in ids:
                if i != keep:
                    o = self.objects[i]
                    self.log.add("{card} is put into its owner's graveyard (legend rule)", "CR 704.5j", card=o)
                    self.move(o, "graveyard", cause="legend rule", rule="CR 704.5j", log=False)
