"""Triggered abilities (CR 603): events are seen by triggers, which go on the stack the next
time a player would receive priority, in APNAP order (CR 603.3b). State-based actions are
checked first (CR 117.5)."""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.filters import matches_chars
from judgetower.rules.layers import base_chars
from judgetower.rules.objects import StackAbility


@dataclass(frozen=True)
class Synth:
    """A triggered ability the rules give a keyword (persist CR 702.79a, hideaway CR 702.75a)."""

    name: str
    trigger: ir.Trigger
    targets: tuple = ()
    effects: tuple = ()
    condition: str | None = None


@dataclass(frozen=True)
class PersistReturn:
    """Persist's effect: return the card to the battlefield with a -1/-1 counter (CR 702.79a)."""


@dataclass(frozen=True)
class HideawayLook:
    """Hideaway N's effect (CR 702.75a): look at the top N, exile one face down, the rest on the
    bottom in a random order."""

    n: int


PERSIST = Synth("persist", ir.Trigger("dies", ir.This()), effects=(PersistReturn(),))


def triggered_abilities(o) -> list[tuple[int, object]]:
    """(index, ability) pairs; the index is the ability's printed position (CR 607 links)."""
    cached = getattr(o.compiled, "_triggered", None)
    if cached is None:
        cached = []
        for i, ab in enumerate(o.compiled.abilities):
            if isinstance(ab, ir.TriggeredAbility):
                cached.append((i, ab))
            elif isinstance(ab, ir.Keyword) and ab.name == "persist":
                cached.append((i, PERSIST))
            elif isinstance(ab, ir.Keyword) and ab.name == "hideaway":
                cached.append((i, Synth("hideaway", ir.Trigger("enters", ir.This()), effects=(HideawayLook(int(ab.arg)),))))
        object.__setattr__(o.compiled, "_triggered", cached)
    return cached


class TriggersMixin:

    def run_sba_and_triggers(self):
        """CR 117.5: state-based actions, then triggered abilities, repeated until none.
        Returns True if anything happened."""
        acted = False
        while not self.game_over:
            did = self.state_based_actions()
            if self.game_over:
                return True
            yield from self.sba_choices()
            self.check_triggers()
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
        for ev in events:
            self._until_leaves(ev)
            self._check_event(ev, watchers, departed)
            self._check_delayed(ev)
            self._check_delayed_upkeep(ev)

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
            if o.zone == "exile":
                self.move(o, "battlefield", controller=o.owner, cause=f"{old.name} left the battlefield", rule="CR 610.3c")
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
                            if ab is PERSIST and (old.counters.get("-1/-1", 0) > 0 or old.is_token):
                                continue  # CR 702.79a: "if it had no -1/-1 counters on it"
                            ctx = {"trigger_obj": ev["new"] if ab is PERSIST or isinstance(t.subject, ir.This) else old,
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
                    self._trigger(w, idx, ab, {"trigger_player": ev["player"]})
        elif kind == "attacks":
            a = ev["obj"]
            for w in watchers:
                for idx, ab in triggered_abilities(w):
                    t = ab.trigger
                    if t.event == "attacks" and self._subject_ok(t, w, a, self.chars(a)):
                        self._trigger(w, idx, ab, {"trigger_obj": a, "defending": ev["defending"]})

    def _subject_ok(self, t, watcher, obj, ch) -> bool:
        subj = t.subject
        if subj is None:
            return True
        if isinstance(subj, ir.This):
            return obj is watcher or obj.id == watcher.id
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
                self.log.add(f"the delayed triggered ability of {d['source'].name} triggers (next turn's upkeep)",
                             "CR 603.7b")
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
                    names = [f"{t['source'].name}" for t in mine]
                    k = yield from self.ask(p, "trigger_order", list(range(len(mine))),
                                            "put which trigger on the stack next? " + "; ".join(f"{i}: {n}" for i, n in enumerate(names)),
                                            "CR 603.3b")
                else:
                    k = 0
                t = mine.pop(k)
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
        specs = getattr(ab, "targets", ())
        if specs and not self.has_targets(p, item, specs):
            self.log.add(f"{item.name} is removed from the stack: no legal targets", "CR 603.3d")
            return
        item.targets = yield from self.choose_targets(p, item, specs)
        self.stack.append(item.id)
        tn = ", ".join(self.target_name(x) for ts in item.targets for x in ts)
        self.log.add(f"{item.name} triggers" + (f" targeting {tn}" if tn else ""), "CR 603.3")
        self.on_trigger_put(item)

    def on_trigger_put(self, item) -> None:
        """Hook (manual triggers in judge mode)."""

    # ------------------------------------------------------------------ keyword trigger effects
    def _e_PersistReturn(self, e, ctx):
        card = ctx.get("trigger_obj")
        if card is None or card.zone != "graveyard":
            return
        new = self.move(card, "battlefield", controller=card.owner, cause="persist", rule="CR 702.79a")
        if new is not None:
            new.counters["-1/-1"] = new.counters.get("-1/-1", 0) + 1
            self.touch()
            self.log.add(f"{new.name} returns with a -1/-1 counter", "CR 702.79a")
        return
        yield

    def _e_HideawayLook(self, e, ctx):
        p = ctx["controller"]
        src = self.current(ctx["source"]) or ctx["source"]
        yield from self.ensure_library(p, e.n, "look")
        top = self.top_cards(p, e.n)
        if not top:
            return
        self.log.add(f"{self.players[p].name} looks at the top {len(top)} card(s) of their library (hideaway)", "CR 702.75a")
        c = yield from self.ask(p, "cards", top, "hideaway: choose a card to exile face down", "CR 702.75a")
        new = self.move(self.objects[c], "exile", face_down=True, cause=f"hideaway of {src.name}", rule="CR 406.3")
        if new is not None:
            new.may_look = frozenset({p})
            src.linked.setdefault(ctx["item"].ability_index if ctx.get("item") else 0, []).append(new.id)
            self.log.add(f"{self.players[p].name} exiles {new.card.name} face down", "CR 406.3a", visible_to=[p])
        rest = [x for x in top if x != c]
        self.rng.shuffle(rest)
        moved = [self.move(self.objects[x], "library", owner=p, position="bottom", cause="hideaway: bottom, random order",
                           rule="CR 702.75a", log=False) for x in rest]
        bottom = sum(1 for m in moved if m is not None and m.zone == "library")  # JT-G8/R7 exiles them instead
        if bottom:
            self.log.add(f"{bottom} card(s) go on the bottom of the library in a random order", "CR 702.75a")
