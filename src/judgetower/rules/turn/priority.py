"""Priority (CR 117) and the actions a player may take with it."""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.capabilities import has_keyword
from judgetower.rules.decisions import RECHECK, Activate, Cast, Pass, PlayLand
from judgetower.rules.log import Term, msg

MAIN_STEPS = ("precombat_main", "postcombat_main")


class PriorityMixin:

    def priority_round(self, already_checked: bool = False):
        """Players receive priority until all pass in succession (CR 117.3-117.4).
        Returns when the stack is empty and everyone passed (the step ends)."""
        holder = self.active
        passes = 0
        checked = already_checked
        while not self.game_over:
            if not checked:
                yield from self.run_sba_and_triggers()
                if self.game_over:
                    return
                if self.players[holder].lost:
                    holder = self.next_player(holder)
            checked = False
            options = self.priority_options(holder)
            # issue 17: the options and the state they were computed in, so that judge mode can
            # derive referee mode's view of this decision from them (judge.violations) instead of
            # computing the legal actions a second time
            self.posed_priority = (holder, options, self.state_mark())
            if len(options) > 1 and Pass() in options:
                # the player could act or not: not a forced decision, so this state can be
                # neither the start nor the repeat of a mandatory loop (no need to look)
                self.free_priority_decisions += 1
            elif self.rules.detect_loop(self, holder):
                if self.game_over:
                    return
                continue  # JT-P3: loop objects exiled; check state-based actions again
            self.priority_player = holder
            action = yield from self.ask(holder, "priority", options,
                                         msg("{player} has priority ({step})", player=self.players[holder],
                                             step=Term(self.step.replace('_', ' '))),
                                         "CR 117.1", auto=False)
            if action is RECHECK:
                passes = 0      # something was put on the stack meanwhile (R13): ask again (CR 117.5)
                continue
            if isinstance(action, Pass):
                passes += 1
                self.on_pass(holder)
                if passes >= len(self.alive_players()):
                    if not self.stack:
                        self.priority_player = None
                        return
                    yield from self.resolve_top()
                    holder = self.active
                    passes = 0
                    if self.players[holder].lost:
                        holder = self.next_player(holder)
                else:
                    holder = self.next_player(holder)
                continue
            passes = 0
            yield from self.take_action(holder, action)
            # CR 117.3c: the player who acted receives priority again

    def on_pass(self, player: int) -> None:
        """Hook for variants (e.g. JT-P1 bookkeeping)."""
        self.rules.on_pass(self, player)

    def state_mark(self) -> tuple:
        """A mark that moves whenever the game may have changed: the characteristics version
        (``touch``), the log's length, the decisions taken and the decisions put before the
        flow's own (R13). Equal marks: nothing was done in between (issue 17: a priority
        decision's options are still those of the present state)."""
        return (self._version, len(self.log.events), len(self.decisions), len(self.interrupts), self.game_over)

    def priority_options(self, p: int) -> list:
        """Legal priority actions, documented order: Pass first (the default), then lands,
        spells in hand order, abilities in battlefield order (CR 117.1)."""
        return self.rules.priority_options(self, p, [Pass()] + self.legal_actions(p))

    def legal_actions(self, p: int) -> list:
        actions: list = []
        sorcery_ok = self.sorcery_timing(p)
        for oid in self.hand(p):
            o = self.objects[oid]
            if o.card is None:
                continue
            if o.card.faces and o.compiled.ok:
                # faces: CR 709.3, 715.3, 712.11b, 712.12
                actions.extend(self.face_cast_actions(p, o, sorcery_ok))
                if o.card.layout == "split":
                    continue   # CR 709.3: a split card is cast as one of its halves
            if self.has_aftermath(o):
                continue   # faces: CR 702.127a: cast only from a graveyard
            if "Land" in o.card.types:
                if sorcery_ok and self.players[p].land_plays < self.land_limit(p):   # trigstate: CR 305.2a
                    actions.append(PlayLand(oid))  # CR 305.2
                continue
            if not o.compiled.ok:
                continue
            instant = "Instant" in o.card.types or has_keyword(o.compiled, "flash")
            if not (instant or sorcery_ok):
                continue
            if self.can_cast(p, o, alternative=False):
                actions.append(Cast(oid))
            if self.alternative_cost(o) is not None and self.can_cast(p, o, alternative=True):
                actions.append(Cast(oid, alternative=True))
        for o in self.permanents(p):
            for idx, ab in enumerate(self.activated_abilities(o)):
                if self.can_activate(p, o, idx, ab):
                    actions.append(Activate(o.id, idx))
        actions += self.other_players_actions(p)   # actcost: "Any player may activate this ability."
        # kwcosts: abilities that function from the hand (cycling, CR 702.29a, 113.6m)
        for oid in self.hand(p):
            o = self.objects[oid]
            if o.card is None or not o.compiled.ok:
                continue
            for idx, ab in enumerate(self.activated_abilities(o)):
                if ab.zone == "hand" and self.can_activate(p, o, idx, ab):
                    actions.append(Activate(oid, idx))
        # kwcosts: abilities that function from the graveyard (unearth, CR 702.84a; Judge Tower:
        # the shared graveyard is every player's, R5)
        for oid in list(self.graveyard(p)):
            o = self.objects[oid]
            if o.card is None or not o.compiled.ok:
                continue
            for idx, ab in enumerate(self.activated_abilities(o)):
                if ab.zone == "graveyard" and self.can_activate(p, o, idx, ab):
                    actions.append(Activate(oid, idx))
        # kwcosts: flashback: cast from the graveyard (CR 702.34a; Judge Tower: the shared
        # graveyard is every player's, R5)
        for oid in list(self.graveyard(p)):
            o = self.objects[oid]
            if not o.compiled.ok or not self.can_flashback(o):
                continue
            if not ("Instant" in o.card.types or sorcery_ok):
                continue
            if self.can_cast(p, o, alternative=False):
                actions.append(Cast(oid))
        # faces: aftermath: a split card's aftermath half is cast from a graveyard (CR 702.127a;
        # Judge Tower: the shared graveyard is every player's, R5)
        for oid in list(self.graveyard(p)):
            o = self.objects[oid]
            if o.card is None or not o.compiled.ok:
                continue
            if o.card.faces:
                actions.extend(self.face_cast_actions(p, o, sorcery_ok))
            elif self.has_aftermath(o) and ("Instant" in o.card.types or sorcery_ok) \
                    and self.can_cast(p, o, alternative=False):
                actions.append(Cast(oid))
        # faces: a card exiled by its Adventure may be cast by that player (CR 715.3d), as the
        # creature only
        for oid in list(self.exile):
            o = self.objects[oid]
            if getattr(o, "adventure_player", None) != p or not o.compiled.ok:
                continue
            flash = has_keyword(o.compiled, "flash")
            if (sorcery_ok or flash) and self.can_cast(p, o, alternative=False):
                actions.append(Cast(oid))
        actions.extend(self.cast_actions(p, sorcery_ok))   # exilecast: foretold cards (CR 702.143a)
        return actions

    def face_cast_actions(self, p: int, o, sorcery_ok: bool) -> list:
        """faces: casting a face of a multi-faced card from the hand (or, for an aftermath half,
        from a graveyard, CR 702.127a): each half of a split card
        (CR 709.3, 709.3a: only that half is evaluated), an adventurer card's Adventure
        (CR 715.3, 715.3a: only the alternative characteristics are evaluated), a modal
        double-faced card's back face (CR 712.11b, 712.11c), or playing its back face as a land
        (CR 712.12)."""
        out = []
        if o.card.layout in ("transform", "flip"):
            # faces2: cast with its front face up only (CR 712.11), a flip card whole (CR 710.2);
            # from a graveyard, transformed with disturb (CR 702.146a)
            return self.faces_cast_actions(p, o, sorcery_ok)
        for i in range(len(o.card.faces)):
            if o.card.layout in ("adventure", "modal_dfc") and i == 0:
                continue    # the front face is played as the card itself (CR 715.4, 712.8a)
            view = self.face_view(o, i)
            if "Land" in view.card.types:
                if (o.card.layout == "modal_dfc" and sorcery_ok and self.players[p].land_plays < self.land_limit(p)
                        and o.zone == "hand"):
                    out.append(PlayLand(o.id, face=i))   # CR 712.12, 305.2
                continue
            if self.has_aftermath(view) != (o.zone == "graveyard"):
                continue    # CR 702.127a: an aftermath half is cast from a graveyard, and only there
            instant = "Instant" in view.card.types or has_keyword(view.compiled, "flash")
            if (instant or sorcery_ok) and self.can_cast(p, view, alternative=False):
                out.append(Cast(o.id, face=i))
        if o.card.layout == "split" and o.zone == "hand":
            # faces: fuse (CR 702.102a): both halves from the hand, with the combined
            # characteristics (CR 709.4d): sorcery timing unless both halves are instants
            view = self.fused_view(o)
            if view is not None and ("Sorcery" not in view.card.types or sorcery_ok) \
                    and self.can_cast(p, view, alternative=False):
                out.append(Cast(o.id, fuse=True))
        return out

    def sorcery_timing(self, p: int) -> bool:
        """CR 307.1: main phase of your own turn with an empty stack."""
        return p == self.active and self.step in MAIN_STEPS and not self.stack

    def take_action(self, p: int, action):
        self.acting_player = p
        self.touched_uids.append(self.objects[action.obj].uid if hasattr(action, "obj") else -1)
        if isinstance(action, PlayLand):
            if getattr(action, "face", None) is not None:   # faces: CR 712.12
                yield from self.play_land(p, self.objects[action.obj], face=action.face)
            else:
                yield from self.play_land(p, self.objects[action.obj])
        elif isinstance(action, Cast):
            if getattr(action, "fuse", False):   # faces: CR 702.102a
                yield from self.cast_spell(p, self.objects[action.obj], fuse=True)
            elif getattr(action, "face", None) is not None:   # faces: CR 709.3, 715.3
                yield from self.cast_spell(p, self.objects[action.obj], alternative=action.alternative,
                                           face=action.face)
            else:
                yield from self.cast_spell(p, self.objects[action.obj], alternative=action.alternative)
        elif isinstance(action, Activate):
            yield from self.activate(p, self.objects[action.obj], action.index)

    def play_land(self, p: int, o, face: int | None = None):
        """CR 305.1: a special action; it doesn't use the stack. ``face``: a modal double-faced
        card's land face, which it enters with up (faces: CR 712.12)."""
        self.players[p].land_plays += 1
        if face is not None:
            # faces: the face is chosen before it is put onto the battlefield (CR 712.12)
            self.put_face_on_stack(o, face)
        new = self.move(o, "battlefield", controller=p, cause="land played", rule="CR 305.1", log=False)
        if face is not None:
            self.log.add("{player} plays {card} (back face of {front} up)", "CR 305.1", "CR 712.12",
                         player=self.players[p], card=new, front=new.home[0])
        else:
            self.log.add("{player} plays {card}", "CR 305.1", player=self.players[p], card=new)
        self.after_special_action(p, new)
        return
        yield

    def after_special_action(self, p: int, o) -> None:
        """Hook for variants."""
