"""Triggered abilities (CR 603): events are seen by triggers, which go on the stack the next
time a player would receive priority, in APNAP order (CR 603.3b). State-based actions are
checked first (CR 117.5)."""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.characteristics.filters import chars_of, matches_chars
from judgetower.rules.characteristics.layers import base_chars
from judgetower.rules.state import GameObject, StackAbility
from judgetower.rules.combat.restrictions import COMBAT_TRIGGERED_KEYWORDS, combat_synths   # combat2
from judgetower.rules.log import Term, msg
from judgetower.rules.registry import effect
from judgetower.rules.mechanics.returns import RETURNS, return_synth   # persist, undying


def _one_by_one(items: list):
    """Prompt parts joined with "; " (French: " ; "), as a message of messages."""
    if len(items) == 1:
        return items[0]
    return msg("{first}; {rest}", first=items[0], rest=_one_by_one(items[1:]))


@dataclass(frozen=True)
class Synth:
    """A triggered ability the rules give a keyword (persist CR 702.79a, hideaway CR 702.75a)."""

    name: str
    trigger: ir.Trigger
    targets: tuple = ()
    effects: tuple = ()
    condition: str | None = None


@dataclass(frozen=True)
class HideawayLook:
    """Hideaway N's effect (CR 702.75a): look at the top N, exile one face down, the rest on the
    bottom in a random order."""

    n: int


@dataclass(frozen=True)
class CumulativeUpkeepPay:
    """kwcosts: cumulative upkeep's payment (CR 702.24a): pay ``mana`` for each age counter, or
    sacrifice the permanent. Judge Tower: paid when able (JT-C1, R9), mana is free (JT-G4, R4)."""

    mana: str


@dataclass(frozen=True)
class EvokeSacrifice:
    """kwcosts: evoke's effect (CR 702.74a): its controller sacrifices it."""


@dataclass(frozen=True)
class MadnessCast:
    """kwcosts: madness's triggered ability (CR 702.35a): the owner may cast the exiled card for
    its madness cost (during the resolution, CR 608.2g); if not, it goes to their graveyard."""

    cost: str


def madness_trigger(o) -> tuple[int, Synth]:
    """kwcosts: the madness trigger of ``o`` as (printed index, ability)."""
    for i, ab in enumerate(o.compiled.abilities):
        if isinstance(ab, ir.Keyword) and ab.name == "madness":
            return i, Synth("madness", ir.Trigger("madness"), effects=(MadnessCast(ab.arg),))
    raise ValueError(f"{o.name} has no madness")


#: triggers branch: the rule of each newer trigger event, cited when its trigger goes on the stack
# copies2: the choices made when casting a spell that a copy of it copies (CR 707.10): modes,
# X, kicker, the alternative cost paid (overload too, CR 702.96), entwine (CR 702.42)
COPIED_CHOICES = ("modes", "divisions", "x", "kicked", "alternative", "keyword_entwined", "copy_overloaded",
                  "copy_prototyped", "aura_awaken")   # auras2: the awaken cost paid

EVENT_RULES = {
    "blocks": ("CR 509.3a",), "becomes_blocked": ("CR 509.3c",), "attacks_or_blocks": ("CR 508.3a", "CR 509.3a"),
    "blocks_or_blocked": ("CR 509.3a", "CR 509.3c"), "attacks_unblocked": ("CR 509.3g",),
    "blocked_by": ("CR 509.3d",), "blocks_creature": ("CR 509.3b",), "cast": ("CR 601.2i",),
    "cast_self": ("CR 601.2i", "CR 113.6k"), "deals_damage": ("CR 120.3",), "dealt_damage": ("CR 120.3",),
    "draw": ("CR 121.1",), "discard": ("CR 701.9a",), "becomes_tapped": ("CR 701.26a",),
    "becomes_untapped": ("CR 701.26b",), "beginning_of_combat": ("CR 507.1", "CR 603.2b"),
    "precombat_main": ("CR 505.1", "CR 603.2b"), "attacks_with_two_others": ("CR 508.3a",),
    "you_attack": ("CR 508.3d",),
    "ts_becomes_target": ("CR 603.2", "CR 115.1"), "chars_becomes_target_opp": ("CR 603.2", "CR 115.1"),
    "cb2_blocks_or_blocked_by": ("CR 509.3b", "CR 509.3d"),   # combat2
    "cb2_attacks_alone": ("CR 506.5", "CR 508.3a"),           # combat2
}


# kwstatic: triggered keyword abilities. Each printed instance triggers on its own (CR 702.83b,
# 702.108b, 702.25b, 702.45b). The trigger events are "kws_*" events of the game.
KEYWORD_TRIGGERS = {
    # CR 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."
    "prowess": ("cast_noncreature", ir.This(), 1, "CR 702.108a"),
    # CR 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn."
    "exalted": ("attacks_alone", ir.TriggerObject(), 1, "CR 702.83a"),
    # CR 702.25a: "Whenever a creature without flanking blocks this creature, the blocking creature
    # gets -1/-1 until end of turn."
    "flanking": ("keyword_flanking", ir.TriggerObject(), -1, "CR 702.25a"),
    # CR 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn."
    "bushido": ("kws_bushido", ir.This(), None, "CR 702.45a"),
}


@dataclass(frozen=True)
class StormCopies:
    """Storm's effect (CR 702.40a): copy the spell ``n`` times; its controller may choose new
    targets for the copies (CR 707.10c)."""

    n: int


def synth(ab) -> Synth:
    event, what, n, _rule = KEYWORD_TRIGGERS[ab.name]
    n = int(ab.arg) if n is None else n
    return Synth(ab.name, ir.Trigger(event), effects=(ir.ModifyPT(what, n, n),))


def triggered_abilities(o) -> list[tuple[int, object]]:
    """(index, ability) pairs; the index is the ability's printed position (CR 607 links)."""
    cached = getattr(o.compiled, "_triggered", None)
    if cached is None:
        cached = []
        for i, ab in enumerate(o.compiled.abilities):
            if isinstance(ab, ir.TriggeredAbility):
                cached.append((i, ab))
            elif isinstance(ab, ir.Keyword) and ab.name in RETURNS:
                cached.append((i, return_synth(ab.name)))          # CR 702.79a, 702.93a
            elif isinstance(ab, ir.Keyword) and ab.name == "echo":
                # kwcosts: CR 702.30a: "At the beginning of your upkeep, if this permanent came
                # under your control since the beginning of your last upkeep, sacrifice it unless
                # you pay [cost]."
                cached.append((i, Synth("echo", ir.Trigger("upkeep", whose="you"),
                                        effects=(ir.SacrificeUnlessPay(ir.This(), ab.arg),), condition="echo_due")))
            elif isinstance(ab, ir.Keyword) and ab.name == "cumulative upkeep":
                # kwcosts: CR 702.24a: "At the beginning of your upkeep, if this permanent is on
                # the battlefield, put an age counter on this permanent. Then you may pay [cost]
                # for each age counter on it. If you don't, sacrifice it."
                cached.append((i, Synth("cumulative upkeep", ir.Trigger("upkeep", whose="you"),
                                        effects=(ir.PutCounters(ir.This(), "age", 1), CumulativeUpkeepPay(ab.arg)))))
            elif isinstance(ab, ir.Keyword) and ab.name == "evoke":
                # kwcosts: CR 702.74a: "When this permanent enters, if its evoke cost was paid,
                # its controller sacrifices it."
                cached.append((i, Synth("evoke", ir.Trigger("enters", ir.This()), effects=(EvokeSacrifice(),),
                                        condition="evoked")))
            elif isinstance(ab, ir.Keyword) and ab.name == "hideaway":
                cached.append((i, Synth("hideaway", ir.Trigger("enters", ir.This()), effects=(HideawayLook(int(ab.arg)),))))
            elif isinstance(ab, ir.Keyword) and ab.name in KEYWORD_TRIGGERS:
                cached.append((i, synth(ab)))
            elif isinstance(ab, ir.Keyword) and ab.name == "renown":
                from judgetower.rules.mechanics.activated import renown_synth
                cached.append((i, renown_synth(int(ab.arg))))   # kw2: CR 702.112a
            elif isinstance(ab, ir.Keyword) and ab.name == "modular":
                from judgetower.rules.mechanics.activated import modular_synth
                cached.append((i, modular_synth()))             # kw2: CR 702.43a
            elif isinstance(ab, ir.Keyword) and ab.name == "exploit":
                from judgetower.rules.mechanics.activated import exploit_synth
                cached.append((i, exploit_synth()))             # kw2: CR 702.110a
            elif isinstance(ab, ir.Keyword) and ab.name == "blitz":
                from judgetower.rules.mechanics.alternative_costs import blitz_synth
                cached.append((i, blitz_synth()))               # kwcast: CR 702.152a
            elif isinstance(ab, ir.Keyword) and ab.name == "living weapon":
                from judgetower.rules.mechanics.activated import living_weapon_synth
                cached.append((i, living_weapon_synth()))       # kw2: CR 702.92a
            elif isinstance(ab, ir.Keyword) and ab.name in ("graft", "fading", "vanishing", "evolve"):
                from judgetower.rules.mechanics.counters import counters_synths
                cached.extend((i, s) for s in counters_synths(ab))    # counters2: CR 702.58a, 702.32a, 702.63a, 702.100a
            elif isinstance(ab, ir.Keyword) and ab.name in COMBAT_TRIGGERED_KEYWORDS:
                cached.extend((i, s) for s in combat_synths(ab))   # combat2: CR 702.23a, 702.130a, 702.86a, 702.91a, 702.105a, 702.121a
        object.__setattr__(o.compiled, "_triggered", cached)
    return cached


class TriggersMixin:

    def run_sba_and_triggers(self):
        """CR 117.5: state-based actions, then triggered abilities, repeated until none.
        Returns True if anything happened."""
        acted = False
        while not self.game_over:
            # copies2: "enter as a copy" (CR 707.5) first: the copy's own choices come after (CR 707.6)
            if (yield from self.enter_as_copy()):
                acted = True
            # conds: choices "as ~ enters" not made yet (CR 614.12), before anything looks at it
            if (yield from self.conds_enter_choices()):
                acted = True
            self.state_checks()   # turnflow: ascend (CR 702.131b), "remains tapped" durations (CR 611.2b)
            if (yield from self.counters_enter_choices()):   # counters2: riot, unleash, amplify (CR 702.136a, 702.98a, 702.38a, 614.12)
                acted = True
            if (yield from self.tokens_enter_choices()):   # tokcount: devour (CR 702.82a, 614.12)
                acted = True
            did = self.state_based_actions()
            if self.game_over:
                return True
            yield from self.sba_choices()
            self.check_triggers()
            self.state_triggers()   # trigstate: state triggers (CR 603.8)
            if did:
                acted = True
                continue
            if self.pending_triggers:
                acted = True
                yield from self.put_triggers_on_stack()
                continue
            break
        return acted

    def sba_choices(self):
        """Hook for state-based actions needing a choice (legend rule)."""
        yield from self.legend_rule()

    # ------------------------------------------------------------------ seeing events
    def check_triggers(self) -> None:
        events, self.events = self.events, []
        if not events:
            return
        departed = [e["old"] for e in events if e["kind"] == "zone" and e.get("from") == "battlefield"]
        watchers = [self.objects[i] for i in self.battlefield]
        for k, ev in enumerate(events):
            if self.entering_suppressed(ev):   # trigstate: Torpor Orb (CR 603.6a)
                continue
            self._until_leaves(ev)
            self._check_event(ev, watchers, departed)
            self._kws_check_event(ev, watchers)
            self.copies_check_event(ev, watchers)              # copies2: "cast or copy" (CR 707.10)
            self._check_event_more(ev, watchers, events[k + 1:])  # triggers branch
            self.keywords_check_event(ev, watchers)                    # kw2: CR 701.37b
            self.casting_check_event(ev)                           # kwcast: cascade (CR 702.85a)
            self.faces_check_event(ev, watchers)                 # faces2: CR 701.27e, 603.4
            self.counters_check_event(ev, watchers)                     # counters2: CR 702.63a, 702.149a
            self.tokens_check_event(ev, watchers, departed)           # tokcount: CR 700.4, 121.2
            self._check_delayed(ev)
            self._check_delayed_upkeep(ev)
            self.exile_casting_check_event(ev)                        # exilecast: CR 702.62a, 702.88a
            self.targeted_check_event(ev, watchers)             # CR 603.2 "becomes the target", ward
            self.combat_check_event(ev, watchers)                # combat2: dethrone (CR 702.105a)

    def _kws_storm(self, ev) -> None:
        """kwstatic, CR 702.40a: "When you cast this spell, copy it for each other spell that was
        cast before it this turn." Spells cast are counted per turn as their cast events are seen
        (every cast is seen, in order, before the turn can end)."""
        turn, before = getattr(self, "_kws_casts", (None, 0))
        if turn != self.turn:
            before = 0
        self._kws_casts = (self.turn, before + 1)
        spell = ev["obj"]
        for idx, ab in enumerate(spell.compiled.abilities):
            if isinstance(ab, ir.Keyword) and ab.name == "storm":
                self.log.add("{spell}'s storm triggers ({n} other spell(s) cast before it this turn)",
                             "CR 702.40a", spell=spell, n=before)
                self._trigger(spell, idx, Synth("storm", ir.Trigger("keyword_cast_self"), effects=(StormCopies(before),)),
                              {"trigger_obj": spell})

    @effect(StormCopies)
    def _e_StormCopies(self, e, ctx):
        """CR 702.40a, 707.10: copies of the spell go on the stack (last known information if the
        spell has left it, CR 702.40a); they are not cast (no cast triggers). Its controller may
        choose new targets for each copy (CR 707.10c); in Judge Tower "may" is taken (R9)."""
        spell = ctx.get("trigger_obj") or ctx["source"]
        yield from self.put_spell_copies(ctx["controller"], spell, e.n, "CR 702.40a")

    def put_spell_copies(self, p: int, spell, n: int, rule: str, new_targets: bool = True):
        """The one routine that puts copies of a spell onto the stack (copies2: used by storm CR
        702.40a, replicate CR 702.56a and "copy target spell" CR 707.10). ``n`` copies of
        ``spell`` under ``p``; CR 707.10: each copies the choices made when casting it (modes,
        X, kicker, entwine, the alternative cost paid and its targets); not cast, so no cast
        triggers; each ceases to exist off the stack (CR 707.10a, 704.5e). With ``new_targets``,
        for each copy its controller may choose new targets (CR 707.10c), one target at a time,
        each staying unchanged or changing to a legal one (in Judge Tower the "may" is taken,
        JT-C1/R9, and keeping a target is one of the choices)."""
        from judgetower.rules.state import GameObject
        for _ in range(n):
            cp = GameObject(self.new_id(), spell.card, spell.compiled, p, p, "stack", timestamp=self.new_timestamp())
            cp.uid = spell.uid
            cp.is_spell_copy = True   # ceases to exist when it leaves the stack (CR 707.10a, 704.5e)
            for attr in COPIED_CHOICES:   # CR 707.10: choices made when casting are copied
                if hasattr(spell, attr):
                    setattr(cp, attr, getattr(spell, attr))
            cp.targets = [list(ts) for ts in spell.targets]
            self.objects[cp.id] = cp
            self.stack.append(cp.id)
            self.touch()
            self.log.add("a copy of {spell} is put on the stack", rule, "CR 707.10", spell=spell)
            self.events.append({"kind": "spell_copied", "obj": cp, "player": p})   # copies2: "cast or copy"
            if new_targets and any(cp.targets):
                new = yield from self.ask(p, "may", self.forced_bool_options([False, True], "new targets"),
                                          msg("choose new targets for the copy of {spell}?", spell=spell), "CR 707.10c")
                if new:
                    yield from self._copy_new_targets(p, cp)
            tn = [self.target_said(t) for ts in cp.targets for t in ts]
            if tn:
                self.log.add("the copy of {spell} targets {targets}", "CR 707.10c" if new_targets else "CR 707.10",
                             spell=spell, targets=tn)

    def _kws_check_event(self, ev, watchers) -> None:
        """kwstatic: the triggers of prowess, exalted, flanking and bushido (see KEYWORD_TRIGGERS)."""
        kind = ev["kind"]
        if kind not in ("cast", "attacks_alone", "kws_blocks", "kws_becomes_blocked"):
            return
        if kind == "cast":
            self._kws_storm(ev)
        for w in watchers:
            for idx, ab in triggered_abilities(w):
                if isinstance(ab, ir.TriggeredAbility) and isinstance(ab.trigger.subject, ir.This):
                    # "Whenever this creature blocks / becomes blocked" (CR 509.3a, 509.3c)
                    t = ab.trigger.event
                    if ((kind == "kws_blocks" and t in ("kws_blocks", "kws_blocks_or_blocked")
                         and ev["blocker"].id == w.id)
                            or (kind == "kws_becomes_blocked" and t in ("kws_becomes_blocked", "kws_blocks_or_blocked")
                                and ev["attacker"].id == w.id)):
                        self._trigger(w, idx, ab, {})
                    continue
                if not isinstance(ab, Synth) or ab.name not in KEYWORD_TRIGGERS:
                    continue
                ctx = None
                if ab.name == "prowess" and kind == "cast":
                    if ev["player"] == w.controller and "Creature" not in base_chars(ev["obj"]).types:
                        ctx = {"trigger_obj": ev["obj"]}
                elif ab.name == "exalted" and kind == "attacks_alone":
                    if ev["player"] == w.controller and ev["obj"].controller == w.controller:
                        ctx = {"trigger_obj": ev["obj"]}
                elif ab.name == "flanking" and kind == "kws_blocks":
                    if ev["attacker"].id == w.id and not self.chars(ev["blocker"]).has("flanking"):
                        ctx = {"trigger_obj": ev["blocker"]}
                elif ab.name == "bushido":
                    if (kind == "kws_blocks" and ev["blocker"].id == w.id) or (
                            kind == "kws_becomes_blocked" and ev["attacker"].id == w.id):
                        ctx = {}
                if ctx is not None:
                    self.log.add("{card}'s {keyword} triggers", KEYWORD_TRIGGERS[ab.name][3], card=w, keyword=Term(ab.name))
                    self._trigger(w, idx, ab, ctx)

    def _until_leaves(self, ev) -> None:
        """CR 610.3: "until [this] leaves the battlefield": when it leaves, the exiled card returns
        (under its owner's control, CR 610.3c)."""
        if ev["kind"] != "zone" or ev.get("from") != "battlefield":
            return
        old = ev["old"]
        ids = old.linked.get("until")
        if not ids:
            return
        for i in ids:
            o = self.objects[i]
            if o.zone == "exile" and getattr(o, "until_from", None) == "hand":
                # zones4: CR 610.3: back to its previous zone, its owner's hand (Brain Maggot)
                self.move(o, "hand", owner=o.owner, cause=msg("{card} left the battlefield", card=old), rule="CR 610.3")
            elif o.zone == "exile":
                self.move(o, "battlefield", controller=o.owner, cause=msg("{card} left the battlefield", card=old), rule="CR 610.3c")
        old.linked["until"] = []

    def _check_event(self, ev, watchers, departed) -> None:
        kind = ev["kind"]
        if kind == "zone":
            new, old = ev["new"], ev["old"]
            if ev["to"] == "battlefield" and new is not None:
                for w in watchers:
                    for idx, ab in triggered_abilities(w):
                        t = ab.trigger
                        if t.event == "enters" and self._subject_ok(t, w, new, self.chars(new) if new.zone == "battlefield" else base_chars(new)):
                            self._trigger(w, idx, ab, {"trigger_obj": new})
            if ev.get("from") == "battlefield" and old is not None:
                old_ch = ev.get("old_chars") or base_chars(old)
                to_gy = ev["to"] == "graveyard"
                for w in watchers + departed:
                    for idx, ab in triggered_abilities(w):
                        t = ab.trigger
                        if t.event == "leaves" or (t.event == "to_graveyard" and to_gy) or (
                                t.event == "dies" and to_gy and "Creature" in old_ch.types):
                            if w is not old and isinstance(t.subject, ir.This):
                                continue
                            if not self._subject_ok(t, w, old, old_ch):
                                continue
                            ctx = {"trigger_obj": ev["new"] if isinstance(t.subject, ir.This) else old,
                                   "trigger_lki": old, "follow": True}
                            self._trigger(w, idx, ab, ctx)
        elif kind in ("life_gain", "life_loss"):
            want = "gain_life" if kind == "life_gain" else "lose_life"
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event != want:
                        continue
                    if t.whose == "you" and ev["player"] != w.controller:
                        continue
                    if t.whose == "opponent" and not self.are_opponents(ev["player"], w.controller):
                        continue
                    self._trigger(w, idx, ab, {"trigger_player": ev["player"], "trigger_amount": ev["amount"]})
        elif kind == "step":
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event != ev["step"]:
                        continue
                    if t.whose == "you" and ev["player"] != w.controller:
                        continue
                    if t.whose == "opponent" and ev["player"] == w.controller:
                        continue
                    if t.whose == "attached_controller" and not self._attached_controller(w, ev["player"]):
                        continue  # triggers branch: "the upkeep of enchanted creature's controller"
                    if t.whose == "enchanted_player" and getattr(w, "aura_player", None) != ev["player"]:
                        continue  # auras2: "at the beginning of enchanted player's upkeep" (CR 303.4)
                    self._trigger(w, idx, ab, {"trigger_player": ev["player"]})
        elif kind == "attacks":
            a = ev["obj"]
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event == "attacks" and self._subject_ok(t, w, a, self.chars(a)):
                        self._trigger(w, idx, ab, {"trigger_obj": a, "defending": ev["defending"]})

    # -- triggers branch: more trigger events (CR 603) ---------------------------------------
    def _check_event_more(self, ev, watchers, later) -> None:
        """Combat (CR 508.3a, 509.3a, 509.3c), cast (CR 601.2i), damage (CR 510.3a) and draw
        (CR 121.1) triggers. Each event is seen by the permanents on the battlefield when it
        happened: those still there, and those that left after it in this same batch (a creature
        that dealt combat damage and then died still triggers, CR 603.10)."""
        kind = ev["kind"]
        if kind == "damage" and not ev.get("_src_seen"):
            self._damage_by_source(ev, watchers, later)
        if kind == "attacks":
            a = ev["obj"]
            self._fire(("attacks_or_blocks",), watchers, a, {"trigger_obj": a, "defending": ev["defending"]})
            if ev.get("n", 0) >= 3:
                # battalion: "whenever ~ and at least two other creatures attack" (CR 508.3a)
                self._fire(("attacks_with_two_others",), watchers, a, {"trigger_obj": a, "defending": ev["defending"]})
        elif kind == "attack_declared":
            p = ev["player"]
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event == "you_attack" and p == w.controller and ev["n"] >= (t.min_count or 1):
                        self._trigger(w, idx, ab, {"trigger_player": p})
        elif kind == "blocks":
            b = ev["obj"]
            self._fire(("blocks", "attacks_or_blocks", "blocks_or_blocked"), watchers, b,
                       {"trigger_obj": b, "defending": ev["defending"]})
        elif kind == "blocked":
            a = ev["obj"]
            self._fire(("becomes_blocked", "blocks_or_blocked"), watchers, a,
                       {"trigger_obj": a, "defending": ev["defending"]})
        elif kind == "cast":
            spell, p = ev["obj"], ev["player"]
            ch = base_chars(spell)
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event != "cast" or not self._whose_ok(t.whose, p, w):
                        continue
                    if not self._subject_ok(t, w, spell, ch):
                        continue
                    if t.targets_self and not any(x == w.id for ts in (spell.targets or []) for x in ts):
                        continue  # heroic: "a spell that targets [this]": its targets chosen (CR 601.2c, 115.1)
                    self._trigger(w, idx, ab, {"trigger_obj": spell, "trigger_player": p})
            # "When you cast this spell" functions on the stack (CR 113.6k)
            if getattr(spell, "compiled", None) is not None:
                for idx, ab in triggered_abilities(spell):
                    if ab.trigger.event == "cast_self":
                        self._trigger(spell, idx, ab, {"trigger_player": p})
        elif kind == "damage" and "obj" in ev and not ev.get("_seen"):
            self._damage_to_permanent(ev, watchers, later)
        elif kind in ("tapped", "untapped"):
            o = ev["obj"]
            if o.zone == "battlefield" or any(e["kind"] == "zone" and e.get("old") is o for e in later):
                self._fire(("becomes_" + kind,), watchers + [e["old"] for e in later if e["kind"] == "zone"
                                                             and e.get("old") is o],
                           o, {"trigger_obj": o})
        elif kind == "unblocked":
            a = ev["obj"]
            self._fire(("attacks_unblocked",), watchers, a, {"trigger_obj": a, "defending": ev["defending"]})
        elif kind == "block_pair":
            a, b = ev["attacker"], ev["blocker"]
            for subject, other, event in ((a, b, "blocked_by"), (b, a, "blocks_creature")):
                ch = self.chars(subject) if subject.zone == "battlefield" else base_chars(subject)
                och = self.chars(other) if other.zone == "battlefield" else base_chars(other)
                for w in watchers:
                    for idx, ab in triggered_abilities(w):
                        t = ab.trigger
                        # combat2: "blocks or becomes blocked by [a creature]" (CR 509.3b, 509.3d)
                        if t.event not in (event, "cb2_blocks_or_blocked_by") or not self._subject_ok(t, w, subject, ch):
                            continue
                        if t.by is not None and not matches_chars(self, other, och, t.by, w):
                            continue
                        # "that creature" is the other creature of the pair (CR 509.3b, 509.3d)
                        self._trigger(w, idx, ab, {"trigger_obj": other, "defending": ev["defending"]})
        elif kind == "damage" and "player" in ev:
            src, p = ev["source"], ev["player"]
            was_there = watchers + [e["old"] for e in later if e["kind"] == "zone" and e.get("from") == "battlefield"
                                    and e.get("old") is not None]
            ch = chars_of(self, src) if isinstance(src, GameObject) else None
            for w in was_there:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event != "deals_damage" or (t.combat and not ev.get("combat")) or t.recipient not in ("player", "opponent"):
                        continue
                    if t.recipient == "opponent" and not self.are_opponents(p, w.controller):
                        continue
                    if ch is None or not self._subject_ok(t, w, src, ch):
                        continue
                    self._trigger(w, idx, ab, {"trigger_obj": src, "trigger_player": p, "trigger_amount": ev["amount"]})
        elif kind == "zone" and ev.get("from") == "hand" and str(ev.get("cause", "")).startswith("discarded"):
            p = ev["old"].owner  # the player whose hand it was (cards in a hand: CR 701.9a)
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event == "discard" and self._whose_ok(t.whose, p, w):
                        self._trigger(w, idx, ab, {"trigger_player": p})
        elif kind == "draw":
            p = ev["player"]
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event == "draw" and self._whose_ok(t.whose, p, w):
                        self._trigger(w, idx, ab, {"trigger_player": p})

    def _damage_by_source(self, ev, watchers, later) -> None:
        """"Whenever ~ deals [combat] damage" (no recipient named) triggers once for all the damage
        the source deals at the same time, to any number of recipients; "that much" is the total
        (CR 120.3, 603.2c, 510.2)."""
        src, batch = ev["source"], ev.get("batch")
        if not isinstance(src, GameObject):
            return
        same = [e for e in later if e["kind"] == "damage" and e["source"] is src and e.get("batch") == batch]
        for e in same:
            e["_src_seen"] = True
        total = ev["amount"] + sum(e["amount"] for e in same)
        was_there = watchers + [e["old"] for e in later if e["kind"] == "zone" and e.get("from") == "battlefield"
                                and e.get("old") is not None]
        ch = chars_of(self, src)
        for w in was_there:
            for idx, ab in triggered_abilities(w):
                t = ab.trigger
                if t.event != "deals_damage" or t.recipient is not None or (t.combat and not ev.get("combat")):
                    continue
                if self._subject_ok(t, w, src, ch):
                    self._trigger(w, idx, ab, {"trigger_obj": src, "trigger_amount": total})

    def _damage_to_permanent(self, ev, watchers, later) -> None:
        """"Whenever ~ is dealt damage" triggers once for all the damage dealt to it at the same
        time, whatever the number of sources; "that much" is the total (CR 120.3, 603.2c).
        "Whenever ~ deals [combat] damage to a creature" triggers once per creature dealt damage."""
        o, batch = ev["obj"], ev.get("batch")
        same = [e for e in later if e["kind"] == "damage" and e.get("obj") is o and e.get("batch") == batch]
        for e in same:
            e["_seen"] = True
        total = ev["amount"] + sum(e["amount"] for e in same)
        was_there = watchers + [e["old"] for e in later if e["kind"] == "zone" and e.get("from") == "battlefield"
                                and e.get("old") is not None]
        o_ch = chars_of(self, o) if o.zone == "battlefield" else base_chars(o)
        for w in was_there:
            for idx, ab in triggered_abilities(w):
                t = ab.trigger
                if t.event == "dealt_damage" and self._subject_ok(t, w, o, o_ch):
                    self._trigger(w, idx, ab, {"trigger_obj": o, "trigger_amount": total})
        for e in [ev] + same:
            src = e["source"]
            if not isinstance(src, GameObject) or "Creature" not in o_ch.types:
                continue
            src_ch = chars_of(self, src)
            for w in was_there:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event != "deals_damage" or t.recipient != "creature" or (t.combat and not e.get("combat")):
                        continue
                    if self._subject_ok(t, w, src, src_ch):
                        self._trigger(w, idx, ab, {"trigger_obj": o, "trigger_amount": e["amount"]})

    def note_tapped(self, o, tapped: bool) -> None:
        """A permanent becomes tapped or untapped (CR 701.26): for "whenever ~ becomes tapped /
        untapped" (CR 603.2e: entering the battlefield tapped is not becoming tapped)."""
        self.events.append({"kind": "tapped" if tapped else "untapped", "obj": o})

    def _fire(self, events, watchers, obj, ctx) -> None:
        ch = self.chars(obj) if obj.zone == "battlefield" else base_chars(obj)
        for w in watchers:
            for idx, ab in triggered_abilities(w):
                t = ab.trigger
                if t.event in events and self._subject_ok(t, w, obj, ch):
                    self._trigger(w, idx, ab, dict(ctx))

    def _attached_controller(self, w, p) -> bool:
        """Is ``p`` the controller of the permanent ``w`` is attached to?"""
        o = self.objects.get(w.attached_to) if w.attached_to is not None else None
        return o is not None and o.zone == "battlefield" and o.controller == p

    def _whose_ok(self, whose, p, w) -> bool:
        if whose == "enchanted_player":   # auras2: "whenever enchanted player draws a card"
            return getattr(w, "aura_player", None) == p
        if whose == "you":
            return p == w.controller
        if whose == "opponent":
            return self.are_opponents(p, w.controller)
        return True

    def _subject_ok(self, t, watcher, obj, ch) -> bool:
        subj = t.subject
        if subj is None:
            return True
        if isinstance(subj, ir.This):
            return obj is watcher or obj.id == watcher.id
        if isinstance(subj, (ir.Enchanted, ir.Equipped)):
            # triggers branch: "enchanted/equipped creature attacks/deals damage"
            return (watcher.attached_to is not None and watcher.attached_to == obj.id) or \
                watcher.id in getattr(obj, "attached_lki", ())   # auras2: CR 603.10a look-back
        if isinstance(subj, ir.Filter):
            if obj.id == watcher.id and not t.include_self and subj.other:
                return False
            if obj.id == watcher.id and t.include_self:
                return True
            return matches_chars(self, obj, ch, subj, watcher)
        return False

    def _trigger(self, source, idx, ab, ctx) -> None:
        cond = getattr(ab, "condition", None)
        if cond and not self.condition_true(cond, source, source.controller, ctx):
            return  # CR 603.4
        if not self.may_trigger(source, idx, ab, ctx):
            return  # turnflow: "This ability triggers only once each turn." (CR 603.2, 603.2h)
        self.pending_triggers.append({"source": source, "index": idx, "ability": ab, "controller": source.controller,
                                      "context": ctx})

    def _check_delayed(self, ev) -> None:
        if ev["kind"] != "step" or ev["step"] != "end_step":
            return
        keep = []
        for d in self.delayed:
            if d["when"] == "next_end_step":
                self.pending_triggers.append({"source": d["source"], "index": -1,
                                              "ability": Synth("delayed", ir.Trigger("end_step"), effects=d["effects"]),
                                              "controller": d["controller"], "context": {"chosen": d["chosen"]}})
            else:
                keep.append(d)
        self.delayed = keep

    def _check_delayed_upkeep(self, ev) -> None:
        """CR 603.7a-b: "at the beginning of the next turn's upkeep" triggers once, at the first
        upkeep of a later turn than the one it was created in (branch "effects")."""
        if ev["kind"] != "step" or ev["step"] != "upkeep":
            return
        keep = []
        for d in self.delayed:
            if d["when"] == "next_upkeep" and d["turn"] < self.turn:
                self.pending_triggers.append({"source": d["source"], "index": -1,
                                              "ability": Synth("delayed", ir.Trigger("upkeep"), effects=d["effects"]),
                                              "controller": d["controller"], "context": {"chosen": d["chosen"]}})
                self.log.add("the delayed triggered ability of {source} triggers (next turn's upkeep)",
                             "CR 603.7b", source=d['source'])
            else:
                keep.append(d)
        self.delayed = keep

    # ------------------------------------------------------------------ to the stack
    def put_triggers_on_stack(self):
        """CR 603.3b: APNAP order; each player orders their own triggers."""
        pending, self.pending_triggers = self.pending_triggers, []
        for p in self.apnap():
            mine = [t for t in pending if t["controller"] == p]
            while mine:
                if len(mine) > 1:
                    listed = [msg("{i}: {source}", i=i, source=t["source"]) for i, t in enumerate(mine)]
                    k = yield from self.ask(p, "trigger_order", list(range(len(mine))),
                                            msg("put which trigger on the stack next? {triggers}",
                                                triggers=_one_by_one(listed)),
                                            "CR 603.3b")
                else:
                    k = 0
                t = mine.pop(k)
                if (yield from self.rules.acknowledge_trigger(self, t)):
                    yield from self._put_trigger(t)

    def _put_trigger(self, t):
        ab = t["ability"]
        src = t["source"]
        p = t["controller"]
        item = StackAbility(self.new_id(), "triggered", src.id, src.name, p, ab, t["index"])
        self.touched_uids.append(getattr(src, "uid", -1))
        item.context = dict(t["context"])
        item.context["source_lki"] = src
        self.objects[item.id] = item
        if getattr(ab, "modal", None) is not None:
            # conds: a modal triggered ability's modes are chosen as it is put on the stack
            # (CR 700.2b); it then is the chosen modes' targets and effects
            ab = yield from self.conds_choose_trigger_modes(p, item, ab)
            if ab is None:
                return
            item.ability = ab
        specs = getattr(ab, "targets", ())
        if specs and not self.has_targets(p, item, specs):
            self.log.add("{item} is removed from the stack: no legal targets", "CR 603.3d", item=item)
            return
        item.targets = yield from self.choose_targets(p, item, specs)
        self.stack.append(item.id)
        self.events.append({"kind": "ability_on_stack", "obj": item, "player": p})   # CR 603.2, 603.3d
        tn = [self.target_said(x) for ts in item.targets for x in ts]
        trig = getattr(ab, "trigger", None)
        extra = EVENT_RULES.get(getattr(trig, "event", None), ())  # triggers branch: the event's own rule
        if isinstance(ab, Synth) and ab.name in COMBAT_TRIGGERED_KEYWORDS:
            extra = extra + (COMBAT_TRIGGERED_KEYWORDS[ab.name],)   # combat2: the keyword's own rule
        if tn:
            self.log.add("{item} triggers targeting {targets}", "CR 603.3", "CR 603.3d", *extra, item=item, targets=tn)
        else:
            self.log.add("{item} triggers", "CR 603.3", *extra, item=item)
        self.on_trigger_put(item)

    def conds_enter_choices(self):
        """conds: "As ~ enters, choose a color / a creature type" (CR 614.12: the choice is part
        of the replacement effect that applies as it enters; the engine asks its controller at
        once, before state-based actions, triggers or priority look at the permanent). A free
        choice, also in Judge Tower (JT-C1 forces only "may" and "unless")."""
        acted = False
        for oid in list(self.battlefield):
            o = self.objects[oid]
            if o.face_down or not hasattr(o, "compiled"):
                continue
            for ab in o.compiled.abilities:
                if not (isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.EntersChoice)):
                    continue
                what = ab.effect.what
                chosen = o.__dict__.setdefault("conds_chosen", {})
                if what in chosen:
                    continue
                if what == "color":
                    c = yield from self.ask(o.controller, "color", list("WUBRG"),
                                            msg("choose a color for {cards}", cards=o), "CR 614.12")
                    shown = Term({"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}[c])
                else:
                    from judgetower.oracle.subtypes import CREATURE_TYPES
                    c = yield from self.ask(o.controller, "creature_type", sorted(CREATURE_TYPES),
                                            msg("choose a creature type for {cards}", cards=o), "CR 614.12")
                    shown = Term(c)
                chosen[what] = c
                self.touch()
                self.log.add("{player} chooses {choice} for {card}", "CR 614.12", player=self.players[o.controller],
                             choice=shown, card=o)
                acted = True
        return acted

    def conds_choose_trigger_modes(self, p: int, item, ab):
        """conds: CR 700.2b: the controller of a modal triggered ability chooses its modes as it is
        put on the stack, only modes with legal targets (CR 700.2a), each at most once
        (CR 700.2d); if no mode can be chosen, the ability is removed from the stack. Judge Tower
        referee mode: "one or both"/"one or more" take as many as possible (JT-C3, R9), as for
        modal spells; "choose one" stays a free choice (JT-C1 forces only "may" and "unless")."""
        from dataclasses import replace

        from judgetower.rules.stack.casting import _chosen_modes
        modal = ab.modal
        legal = self.legal_modes(p, item, modal)
        if len(legal) < max(1, modal.choose_min):
            self.log.add("{item} is removed from the stack: no mode can be chosen", "CR 700.2b", item=item)
            return None
        chosen = yield from self.ask_modes(p, item.name, modal, legal, ("CR 700.2b",))
        sa = _chosen_modes(modal, chosen)
        return replace(ab, targets=sa.targets, effects=sa.effects, modal=None)

    def on_trigger_put(self, item) -> None:
        """Hook (manual triggers in judge mode)."""

    # ------------------------------------------------------------------ keyword trigger effects
    @effect(CumulativeUpkeepPay)
    def _e_CumulativeUpkeepPay(self, e, ctx):
        """kwcosts: CR 702.24a."""
        if isinstance(e.mana, ir.CumulativeCost):   # trigstate: "{G} or {W}", "Pay N life"
            yield from self.cumulative_upkeep_pay(e, ctx)
            return
        from judgetower.rules.stack.mana import ManaCost
        o = self.current(ctx["source"])
        p = ctx["controller"]
        if o is None or o.zone != "battlefield" or o.controller != p:
            return
        n = o.counters.get("age", 0)
        total = e.mana * n
        cost = ManaCost.parse(total or None)
        opts = [False] + ([True] if self.can_pay_mana(p, cost) else [])
        paid = yield from self.ask(p, "pay", self.forced_bool_options(opts, "unless"),
                                   msg("pay {cost} (cumulative upkeep, {n} age counter(s)) to keep {card}?", cost=total or "{0}",
                                       n=n, card=o),
                                   "CR 702.24a")
        if paid and self.pay_mana(p, cost, msg("{card}'s cumulative upkeep", card=o)):
            self.log.add("{player} pays cumulative upkeep {mana} for {card}", "CR 702.24a", player=self.players[p],
                         mana=total or '{0}', card=o)
            return
        self.log.add("{player} doesn't pay cumulative upkeep: sacrifices {card}", "CR 702.24a", "CR 701.21a",
                     player=self.players[p], card=o)
        self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)

    @effect(MadnessCast)
    def _e_MadnessCast(self, e, ctx):
        """kwcosts: CR 702.35a, 608.2g. Judge Tower: "may" is taken when able (JT-C1, R9); mana is
        always payable (JT-G4, R4)."""
        card = self.current(ctx["source"])
        p = ctx["controller"]
        if card is None or card.zone != "exile" or not card.madness:
            return
        ok = (card.card is not None and card.compiled.ok and self.spell_has_targets(p, card)
              and self.can_pay_mana(p, self.spell_cost(card, False).with_x(0),
                                    helpers=self.payment_helpers(card)))
        add = self.additional_cost(card)
        if ok and add is not None and not self.can_pay_extra(p, card, add):
            ok = False
        opts = [False] + ([True] if ok else [])
        cast = yield from self.ask(p, "may", self.forced_bool_options(opts, "may"),
                                   msg("cast {card} for its madness cost {cost}?", card=card, cost=e.cost), "CR 702.35a")
        if cast:
            yield from self.cast_spell(p, card)
            return
        self.log.add("{player} doesn't cast {card}: it goes to the graveyard", "CR 702.35a", player=self.players[p],
                     card=card)
        self.move(card, "graveyard", cause="madness not used", rule="CR 702.35a")

    @effect(EvokeSacrifice)
    def _e_EvokeSacrifice(self, e, ctx):
        """kwcosts: CR 702.74a."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        self.log.add("{player} sacrifices {card} (evoked)", "CR 702.74a", "CR 701.21a",
                     player=self.players[o.controller], card=o)
        self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
        return
        yield

    @effect(HideawayLook)
    def _e_HideawayLook(self, e, ctx):
        p = ctx["controller"]
        src = self.current(ctx["source"]) or ctx["source"]
        yield from self.ensure_library(p, e.n, "look")
        top = self.top_cards(p, e.n)
        if not top:
            return
        self.log.add("{player} looks at the top {n} card(s) of {library} (hideaway)", "CR 702.75a",
                     player=self.players[p], n=len(top), library=self.library_said(p))
        c = yield from self.ask(p, "cards", top, msg("hideaway: choose a card to exile face down"), "CR 702.75a")
        new = self.move(self.objects[c], "exile", face_down=True, cause=msg("hideaway of {source}", source=src), rule="CR 406.3")
        if new is not None:
            new.may_look = frozenset({p})
            src.linked.setdefault(ctx["item"].ability_index if ctx.get("item") else 0, []).append(new.id)
            self.log.add("{player} exiles {card} face down", "CR 406.3a", visible_to=[p], player=self.players[p],
                         card=new.card)
        rest = [x for x in top if x != c]
        self.rng.shuffle(rest)
        moved = [self.move(self.objects[x], "library", owner=p, position="bottom", cause="hideaway: bottom, random order",
                           rule="CR 702.75a", log=False) for x in rest]
        bottom = sum(1 for m in moved if m is not None and m.zone == "library")  # JT-G8/R7 exiles them instead
        if bottom:
            self.log.add("{n} card(s) go on the bottom of the library in a random order", "CR 702.75a", n=bottom)
