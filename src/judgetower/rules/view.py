"""Per-player views: the only way information leaves the engine (DESIGN.md principle 6).

``game.view(player)`` shows what that player may see: their own hand, every public zone, the
sizes of hidden zones, face-down cards only to those allowed to look (CR 406.3a), and the log
lines visible to them. ``game.view(None)`` is a spectator's view (public information only).
"""

from __future__ import annotations

from judgetower.rules.decisions import check_seat
from judgetower.rules.state import StackAbility


class ViewMixin:

    def _obj_view(self, o, viewer) -> dict:
        if isinstance(o, StackAbility):
            return {"id": o.id, "name": o.name, "controller": self.players[o.controller].name,
                    "targets": [self.target_name(t) for ts in o.targets for t in ts]}
        if o.face_down and (viewer is None or viewer not in o.may_look):
            pub = self.public_face_down(o)   # kw2: a face-down morph's public state (CR 708.6)
            if pub is not None:
                return pub
            return {"id": o.id, "name": "face-down card", "face_down": True}
        d = {"id": o.id, "name": o.card.name if o.card else o.name, "owner": self.players[o.owner].name}
        if o.face_down:
            d["face_down"] = True
        if o.zone == "battlefield":
            ch = self.chars(o)
            d.update(controller=self.players[o.controller].name, tapped=o.tapped)
            if "Creature" in ch.types:
                d.update(power=ch.power, toughness=ch.toughness, damage=o.damage, sick=o.sick)
            if o.counters:
                d["counters"] = dict(o.counters)
            if ch.keywords:
                d["keywords"] = sorted(ch.keywords)
            if o.attached_to is not None:
                d["attached_to"] = o.attached_to
            if getattr(o, "aura_player", None) is not None:   # auras2: an Aura on a player (CR 303.4)
                d["attached_to_player"] = self.players[o.aura_player].name
            if o.attacking is not None:
                d["attacking"] = self.target_name(o.attacking)
            if o.blocking:
                d["blocking"] = list(o.blocking)
        if o.zone == "stack":
            d["controller"] = self.players[o.controller].name
            d["targets"] = [self.target_name(t) for ts in o.targets for t in ts]
        return d

    def view(self, viewer: int | None, *, log: bool = True, lang: str = "en") -> dict:
        """What ``viewer`` (a player index, or None for a spectator) may see. ``log=False``
        leaves out the log lines (a caller that sends the log as it grows, like the web table,
        reads ``game.log`` itself, filtered by ``LogEvent.visible``). ``lang="fr"`` adds the
        pending decision's prompt in French (``pending["prompt_fr"]``, card names in their French
        printing; ``pending["prompt"]`` stays the English), DESIGN.md principle 5."""
        if viewer is not None:
            check_seat(self, viewer, "viewer")   # None or an int seat in range (principle 7)
        def zone(lst):
            return [self._obj_view(self.objects[i], viewer) for i in lst]

        players = []
        seen_lists = set()
        for p in self.players:
            # read without creating missing zone lists: a view never changes the state (snapshot)
            def peek(z, q=p.index):
                return self.zones.get((z, self.rules.zone_owner(self, z, q)), [])
            hand = peek("hand")
            pv = {"name": p.name, "life": self.life_str(p.index), "poison": p.poison, "lost": p.lost,
                  "hand_count": len(hand), "library_count": len(peek("library")),
                  "graveyard": zone(peek("graveyard")), "shame": p.shame,
                  "mana_pool": dict(p.mana_pool),
                  "mana_paid": [f"{cost} pour {self.log.names_fr.get(what, what)}" if lang == "fr"
                                else f"{cost} for {what}" for what, cost in p.mana_paid]}
            if p.c2_energy:
                pv["energy"] = p.c2_energy   # counters2: counters on a player are public (CR 122.1)
            if viewer == p.index or self.rules.hand_public(self, p.index):
                pv["hand"] = zone(hand)
            top = self.top_card_seen(p.index, viewer)   # zones4: CR 401.5
            if top is not None:
                pv["library_top"] = self._obj_view(self.objects[top], viewer)
            seen_lists.add(id(hand))
            players.append(pv)
        d = self.pending()
        return {
            "viewer": None if viewer is None else self.players[viewer].name,
            "turn": self.turn, "active": self.players[self.active].name, "step": self.step,
            "players": players,
            "battlefield": zone(self.battlefield),
            "stack": zone(self.stack),
            "exile": zone(self.exile),
            # CR 406.4, 406.5, R20: exile in piles; face-down cards hidden as above (CR 406.3)
            "exile_piles": [{"key": ":".join(map(str, pile["key"])), "label": pile["label"],
                             "referenced": pile["referenced"], "cards": zone(pile["cards"])}
                            for pile in self.exile_piles()],
            "pending": None if d is None else {"player": self.players[d.player].name, "kind": d.kind,
                                                "prompt": d.prompt_text(),   # the English
                                                **({"prompt_fr": d.prompt_text("fr", self.log.names_fr)}
                                                   if lang == "fr" else {}),
                                                "options": [str(o) for o in d.options] if d.player == viewer else None},
            **({"log": [e.render() for e in self.log.for_player(viewer)]} if log else {}),
            "game_over": self.game_over,
            "winners": [self.players[w].name for w in self.winners],
        }

