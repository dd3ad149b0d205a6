"""faces2: transforming double-faced cards (CR 712, 701.27) and flip cards (CR 710).

* A transforming double-faced card (MTGJSON layout ``transform``) is, outside the battlefield and
  the stack, its front face only (CR 712.8a; `card.whole_card`); it is cast with its front face up
  (CR 712.11, no face choice: `PriorityMixin.face_cast_actions` offers none) and enters with its
  front face up (CR 712.13, 712.14).
* "Transform ~" (CR 701.27a): the permanent turns over. It stays the same object (CR 712.18): its
  counters, damage, attachments, tapped status and the effects applying to it stay. While the back
  face is up it has only that face's characteristics (CR 712.8e), its mana value is the front
  face's (`card.BackFaceDef`). Nothing happens to a permanent that isn't a transforming
  double-faced card (CR 701.27c, 712.9), when the other face is an instant or sorcery (CR 701.27d),
  to a face-down permanent (CR 712.15a), or when the permanent already transformed since the
  ability transforming it was put on the stack (CR 701.27f).
* "When ~ transforms [into ~]" (CR 701.27e) triggers on the face that is up after it transforms
  (CR 603.2: abilities that exist after the event).
* "Return it to the battlefield transformed" (CR 712.14a): the card enters with its back face up;
  a card that isn't a transforming double-faced card stays where it is.
* Werewolves: "At the beginning of each upkeep, if no spells were cast last turn, transform ~" and
  "... if a player cast two or more spells last turn, transform ~" (intervening "if", CR 603.4):
  spells cast are counted per turn and per player (copies are not cast, CR 707.10). A game begun
  from a scenario position knows nothing of the turns before it: none were cast then.
* Flip cards (MTGJSON layout ``flip``, CR 710): "Flip ~" gives the permanent its flipped name,
  text, type line, power and toughness (CR 710.2), keeping its mana cost and colour (CR 710.1c);
  flipping is one-way (CR 710.4) and forgotten when it leaves the battlefield (CR 110.5).

Judge Tower: nothing here is a choice or touches the library, except "you may transform ~" /
"you may flip it", which are "may" actions: taken when able (JT-C1, R9) through the existing
`Optional_` handling. Meld cards (CR 712.4, 701.42) are not played (layout refused).
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.log import CardName, Term
from judgetower.rules.registry import effect

#: faces2: the `CardDef.layout`s played here
TRANSFORM_AND_FLIP_LAYOUTS = ("transform", "flip")


class FacesMixin:

    # ------------------------------------------------------------------ helpers
    def whole_of_face(self, o):
        """The whole card (card, compiled) of a permanent: its front face's outside the battlefield."""
        return getattr(o, "home", None) or (o.card, o.compiled)

    def _faces2_turn(self, o, face: int) -> None:
        """Put face ``face`` (0 front, 1 back / flipped) of ``o``'s card up (same object, CR 712.18)."""
        from judgetower import oracle
        whole, whole_compiled = self.whole_of_face(o)
        if face == 0:
            o.card, o.compiled, o.home = whole, whole_compiled, None
        else:
            o.home = (whole, whole_compiled)
            o.card = whole.faces[face]
            o.compiled = oracle.compile_card(o.card)
            if o.card.name_fr:
                self.log.names_fr[o.card.name] = o.card.name_fr
        o.face_index = face
        o.turned_at = self._next_id   # CR 701.27f: abilities put on the stack before this
        self.touch()

    # ------------------------------------------------------------------ transform (CR 701.27)
    @effect(ir.Transform)
    def _e_Transform(self, e, ctx):
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        whole = self.whole_of_face(o)[0]
        if o.face_down:
            self.log.add("{card} is face down: it can't transform", "CR 712.15a", card=o)
            return
        if whole is None or whole.layout != "transform":
            self.log.add("{card} is not a double-faced card: it doesn't transform", "CR 701.27c", card=o)
            return
        item = ctx.get("item")
        if item is not None and getattr(item, "id", None) is not None and item.id < o.turned_at:
            self.log.add("{card} already transformed since this ability was put on the stack: "
                         "it doesn't transform again", "CR 701.27f", card=o)
            return
        bound = self._faces2_bound(o)
        if bound:
            self.log.add("{card} can't transform except due to its {keyword} ability",
                         "CR 702.145b" if bound == "daybound" else "CR 702.145e", card=o, keyword=Term(bound))
            return
        face = 1 - o.face_index
        if {"Instant", "Sorcery"} & set(whole.faces[face].types):
            self.log.add("{card} can't transform into an instant or sorcery face", "CR 701.27d", card=o)
            return
        before = o.name
        self._faces2_turn(o, face)
        self.log.add("{before} transforms into {card}", "CR 701.27a", "CR 712.18", before=CardName(before), card=o)
        self.events.append({"kind": "faces2_transforms", "obj": o})
        return
        yield

    # ------------------------------------------------------------------ flip (CR 710)
    @effect(ir.Flip)
    def _e_Flip(self, e, ctx):
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        whole = self.whole_of_face(o)[0]
        if o.face_down or whole is None or whole.layout != "flip":
            self.log.add("{card} is not a flip card: it doesn't flip", "CR 710.1a", card=o)
            return
        if o.face_index == 1:
            self.log.add("{card} is already flipped", "CR 710.4", card=o)
            return
        before = o.name
        self._faces2_turn(o, 1)
        self.log.add("{before} flips: it is now {card}", "CR 710.2", "CR 710.1c", before=CardName(before), card=o)
        return
        yield

    # ------------------------------------------------------------------ enters transformed
    @effect(ir.ReturnTransformed)
    def _e_ReturnTransformed(self, e, ctx):
        # the card ("it", this card: one object) enters with its back face up; returned as
        # `ReturnToBattlefield` does (who controls it, JT-G5/R5 for the shared graveyard)
        # "it" after the card left the battlefield (a dies trigger, or the delayed trigger it set
        # up "at the beginning of the next end step") is the card in its new zone (CR 603.10a,
        # 603.7c, 400.7: one zone change only; a card that moved again is a new object)
        look = dict(ctx, follow=True) if isinstance(e.what, ir.This) else ctx
        found = [o for o in self.objs(e.what, look) if o.zone in ("exile", "graveyard", "hand")]
        for o in found:
            card = o.card
            if card is None or card.layout != "transform" or len(card.faces) != 2:
                self.log.add("{card} is not a double-faced card: it stays in {zone}", "CR 712.14a", card=o,
                             zone=Term(o.zone))
                return
            if {"Instant", "Sorcery"} & set(card.faces[1].types):
                self.log.add("{card}'s back face is an instant or sorcery: it stays in {zone}",
                             "CR 712.14a", "CR 712.10", card=o, zone=Term(o.zone))
                return
        if not found:
            return
        self._faces2_enter_back = {o.id for o in found}
        try:
            yield from self._e_ReturnToBattlefield(ir.ReturnToBattlefield(e.what, under=e.under), look)
        finally:
            self._faces2_enter_back = set()
        for o in found:
            new = self.objects.get(o.moved_to) if o.moved_to is not None else None
            if new is not None and new.zone == "battlefield" and new.face_index == 1:
                self.log.add("{card} entered the battlefield transformed: it is {face}", "CR 712.14a",
                             card=new.home[0], face=new)

    def face_enters(self, o, new, from_zone: str, to_zone: str) -> None:
        """Hook of `Game.move`: a card put onto the battlefield "transformed" enters with its back
        face up (CR 712.14a), before anything looks at it entering; so does a daybound
        double-faced card while it is night (CR 702.145b)."""
        if to_zone != "battlefield":
            return
        if o.id in getattr(self, "_faces2_enter_back", ()):
            self._faces2_turn(new, 1)   # logged by the effect once the move is logged
            return
        if from_zone == "stack" and getattr(o, "face_disturb", None):
            # CR 702.146b, 712.13: a resolving spell cast with disturb enters with its back face up
            self._faces2_turn(new, 1)
            self.log.add("{card} was cast with disturb: it enters with its back face up", "CR 702.146b", card=new)
            return
        if (getattr(self, "day_night", None) == "night" and new.face_index == 0
                and self._faces2_transformable(new) and self._faces2_printed_bound(new) == "daybound"):
            self._faces2_turn(new, 1)
            self.log.add("it is night: {card} enters transformed ({face})", "CR 702.145b", card=new.home[0], face=new)

    def copy_mana_value(self, orig, mana_value: int) -> int:
        """Hook of the token-copy effect: a copy of a transforming double-faced permanent with its
        back face up has mana value 0 (CR 712.8e, 202.3b); else the copied value."""
        whole = self.whole_of_face(orig)[0] if getattr(orig, "card", None) is not None else None
        if whole is not None and whole.layout == "transform" and orig.face_index == 1:
            return 0
        return mana_value

    # ------------------------------------------------------------------ events and conditions
    def faces_check_event(self, ev, watchers) -> None:
        """Counts spells cast per turn and player (CR 601.2i; for the werewolf conditions), and
        "When ~ transforms [into ~]" triggers (CR 701.27e)."""
        from judgetower.rules.triggers.abilities import triggered_abilities
        self.day_night_any_time()
        if ev["kind"] == "cast":
            casts = self.__dict__.setdefault("_faces2_casts", {})
            key = (self.turn, ev.get("player"))
            casts[key] = casts.get(key, 0) + 1
            return
        if ev["kind"] != "faces2_transforms":
            return
        o = ev["obj"]
        if o.zone != "battlefield":
            return
        for idx, ab in triggered_abilities(o):
            if ab.trigger.event == "faces2_transforms":
                self._trigger(o, idx, ab, {})

    def face_condition(self, cond: str) -> bool | None:
        """The werewolf intervening "if" conditions (CR 603.4); None: not faces2's."""
        if cond not in ("faces2_no_spells_last_turn", "faces2_two_spells_last_turn"):
            return None
        casts = getattr(self, "_faces2_casts", {})
        last = {p: casts.get((self.turn - 1, p), 0) for p in range(len(self.players))}
        if cond == "faces2_no_spells_last_turn":
            ok = not any(last.values())
            if ok:
                self.log.add("{n} spell(s) were cast last turn: the condition is true", "CR 603.4", n=sum(last.values()))
            else:
                self.log.add("{n} spell(s) were cast last turn: the condition is false", "CR 603.4", n=sum(last.values()))
            return ok
        ok = any(n >= 2 for n in last.values())
        most = max(last.values(), default=0)
        if ok:
            self.log.add("most spells cast last turn by one player: {n}: the condition is true", "CR 603.4", n=most)
        else:
            self.log.add("most spells cast last turn by one player: {n}: the condition is false", "CR 603.4", n=most)
        return ok



    # ------------------------------------------------------------------ day and night (CR 730, 702.145)
    def _faces2_printed_bound(self, o) -> str | None:
        """"daybound" / "nightbound" if the face up has that keyword printed."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.Keyword) and ab.name in ("daybound", "nightbound"):
                return ab.name
        return None

    def _faces2_bound(self, o) -> str | None:
        """"daybound" / "nightbound" if the permanent has that keyword now (CR 702.145b, 702.145e;
        an effect may have removed it, CR 613.1f)."""
        if self._faces2_printed_bound(o) is None:
            return None
        kws = self.chars(o).keywords
        return "daybound" if "daybound" in kws else "nightbound" if "nightbound" in kws else None

    def _faces2_transformable(self, o) -> bool:
        whole = self.whole_of_face(o)[0]
        return (whole is not None and whole.layout == "transform" and not o.face_down
                and not {"Instant", "Sorcery"} & set(whole.faces[1 - o.face_index].types))

    def _faces2_set_day_night(self, value: str, rule: str) -> None:
        self.day_night = value
        self.log.add("it becomes {time}", rule, "CR 730.1", time=Term(value))
        self.day_night_any_time()

    def day_night_any_time(self) -> None:
        """CR 702.145d, 702.145g: a daybound (nightbound) permanent with neither day nor night
        makes it day (night); CR 702.145c, 702.145f: a front-face-up daybound permanent at night
        (a back-face-up nightbound one by day) is transformed at once (not a state-based action)."""
        state = getattr(self, "day_night", None)
        bound = [(o, self._faces2_bound(o)) for o in self.permanents() if self._faces2_printed_bound(o)]
        if state is None:
            if any(b == "daybound" for _, b in bound):
                self._faces2_set_day_night("day", "CR 702.145d")
                return
            if any(b == "nightbound" for _, b in bound):
                self._faces2_set_day_night("night", "CR 702.145g")
                return
            return
        for o, b in bound:
            want = {("daybound", "night"): 1, ("nightbound", "day"): 0}.get((b, state))
            if want is None or o.face_index == want or not self._faces2_transformable(o):
                continue
            before = o.name
            self._faces2_turn(o, want)
            self.log.add("it is {time}: {before} transforms into {card}",
                         "CR 702.145c" if b == "daybound" else "CR 702.145f", "CR 701.27a",
                         time=Term(state), before=CardName(before), card=o)
            self.events.append({"kind": "faces2_transforms", "obj": o})

    def day_night_untap(self) -> None:
        """CR 730.2 (second part of the untap step, CR 502.1): by day, if the previous turn's
        active player cast no spells that turn, it becomes night (CR 730.2a); at night, if they
        cast two or more, it becomes day (CR 730.2b); with neither, nothing (CR 730.2c)."""
        state = getattr(self, "day_night", None)
        actives = self.__dict__.setdefault("_faces2_actives", {})
        actives[self.turn] = self.active
        if state is None:
            return
        prev = actives.get(self.turn - 1)
        if prev is None:   # a game begun from a position: the player before in turn order
            prev = (self.active - 1) % len(self.players)
        n = getattr(self, "_faces2_casts", {}).get((self.turn - 1, prev), 0)
        if state == "day" and n == 0:
            self.log.add("{player} cast no spells last turn", "CR 730.2a", player=self.players[prev])
            self._faces2_set_day_night("night", "CR 730.2a")
        elif state == "night" and n >= 2:
            self.log.add("{player} cast {n} spells last turn", "CR 730.2b", player=self.players[prev], n=n)
            self._faces2_set_day_night("day", "CR 730.2b")

    # ------------------------------------------------------------------ disturb (CR 702.146)
    def faces_cast_actions(self, p: int, o, sorcery_ok: bool) -> list:
        """A transforming double-faced card with disturb in a graveyard may be cast transformed
        (its back face up, CR 712.11a) for its disturb cost (CR 702.146a); only the back face is
        evaluated (CR 712.11c) with its mana value the front's (CR 712.8c)."""
        from judgetower.rules.decisions import Cast
        if o.zone != "graveyard" or o.card.layout != "transform" or len(o.card.faces) != 2:
            return []
        cost = self.keyword_arg(o, "disturb")
        if cost is None or {"Instant", "Sorcery"} & set(o.card.faces[1].types):
            return []
        view = self.face_view(o, 1)
        view.face_disturb = cost
        instant = "Instant" in view.card.types or any(
            isinstance(a, ir.Keyword) and a.name == "flash" for a in view.compiled.abilities)
        if (instant or sorcery_ok) and self.can_cast(p, view, alternative=False):
            return [Cast(o.id, face=1)]
        return []

    def face_on_stack(self, spell, layout: str) -> None:
        """Hook of `put_face_on_stack`: a transforming card's back face goes on the stack only when
        cast with disturb (CR 702.146a): the spell remembers its disturb cost."""
        if layout == "transform":
            spell.face_disturb = next((ab.arg for ab in spell.home[1].abilities
                                         if isinstance(ab, ir.Keyword) and ab.name == "disturb"), None)

    def face_replace_move(self, o, to_zone: str, position):
        """"If ~ would be put into a graveyard from anywhere, exile it instead." (CR 614.1a): the
        object's own replacement effect, while it has that ability."""
        if to_zone != "graveyard" or getattr(o, "face_down", False) or getattr(o, "compiled", None) is None:
            return to_zone, position
        if any(isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.ExileInstead)
               for ab in o.compiled.abilities):
            self.log.add("{card} would be put into a graveyard: it is exiled instead", "CR 614.1a", card=o)
            return "exile", "top"
        return to_zone, position
