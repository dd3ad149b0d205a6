"""counters2: counter mechanics (CR 122).

* "~ enters with X +1/+1 counters on it" (CR 107.3m, 614.1c): X is the X chosen for the spell
  that became the permanent (``GameObject.x``, copied from the spell as it resolves); 0 when it
  entered any other way. Judge Tower: X is 5 when the spell is cast (JT-C2, R9).
* Undying (CR 702.93a): "When this permanent is put into a graveyard from the battlefield, if it
  had no +1/+1 counters on it, return it to the battlefield under its owner's control with a +1/+1
  counter on it." Judge Tower: the card leaves the shared graveyard; its owner is the player who
  would have owned it (JT-G5, R5), as for persist.
* Graft N (CR 702.58a): enters with N +1/+1 counters; "Whenever another creature enters, if this
  permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this permanent onto that
  creature." Judge Tower: the "may" is taken (JT-C1, R9).
* Fading N (CR 702.32a): enters with N fade counters; "At the beginning of your upkeep, remove a
  fade counter from this permanent. If you can't, sacrifice the permanent."
* Vanishing N (CR 702.63a-b): enters with N time counters (not without a number); "At the
  beginning of your upkeep, if this permanent has a time counter on it, remove a time counter
  from it" and "When the last time counter is removed from this permanent, sacrifice it." (Only
  the removal by vanishing's own upkeep ability is seen as removing the last counter: the engine
  has no other effect that removes time counters from a permanent.)
* Evolve (CR 702.100a-c): "Whenever a creature you control enters, if that creature's power is
  greater than this creature's power and/or that creature's toughness is greater than this
  creature's toughness, put a +1/+1 counter on this creature" (checked again on resolution with
  the entering creature's last known information, CR 702.100b).
* Riot (CR 702.136a), Unleash (CR 702.98a): "You may have this permanent enter with an additional
  +1/+1 counter on it" (riot: "If you don't, it gains haste"). The choice is part of the
  replacement effect that applies as it enters (CR 614.12); the engine asks at once, before
  state-based actions, triggers or priority look at the permanent, like "As ~ enters, choose".
  Judge Tower: the "may" is taken (JT-C1, R9): the counter, never haste. Unleash's "can't block as
  long as it has a +1/+1 counter on it" is a static ability compiled beside the keyword.
* Training (CR 702.149a): "Whenever this creature and at least one other creature with power
  greater than this creature's power attack, put a +1/+1 counter on this creature."
* Bolster N (CR 701.39a): a creature you control with the least toughness (a free choice among
  the tied ones, also in Judge Tower: JT-C1 forces only "may"/"unless") gets N +1/+1 counters.
* Adapt N (CR 701.46a): if this permanent has no +1/+1 counters on it, N +1/+1 counters.
* Outlast and Support compile to existing IR (an activated ability, CR 702.107a; "up to N other
  target creatures", CR 701.41a, as many as possible in Judge Tower, JT-C3). Level up likewise
  (CR 702.87a); a leveler's striations are ``ir.LevelBand`` statics applied in layers 6 and 7b
  (CR 711.2, ``level_keywords``/``level_pt``).
* Amplify N (CR 702.38a): asked as it enters, like riot; Judge Tower: "any number" of cards is
  as many as possible (JT-C3, R9; JT-C4: a hidden zone can't fail to find).
* Energy (CR 107.14, 122.1): energy counters on a player (``Player.c2_energy``): "you get {E}",
  a cost "Pay {E}", "you may pay {E}. If you do" (CR 118.12). Judge Tower: energy is not mana,
  JT-G4 doesn't pay it; the "may" is taken when the energy is there (JT-C1, R9).
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.log import CardName, Term, msg
from judgetower.rules.registry import effect


@dataclass(frozen=True)
class GraftMove:
    """Graft's triggered ability's effect (CR 702.58a)."""


@dataclass(frozen=True)
class FadingUpkeep:
    """Fading's upkeep effect (CR 702.32a)."""


@dataclass(frozen=True)
class VanishingUpkeep:
    """Vanishing's upkeep effect (CR 702.63a)."""


@dataclass(frozen=True)
class VanishingSacrifice:
    """Vanishing's "When the last time counter is removed from this permanent, sacrifice it."
    (CR 702.63a)"""


@dataclass(frozen=True)
class PlusOneCounterOnSelf:
    """Evolve's and training's effect: put a +1/+1 counter on this creature (CR 702.100a,
    702.149a)."""

    rule: str


def counters_synths(ab) -> list:
    """The triggered abilities a counters2 keyword stands for (printed index: the keyword's)."""
    from judgetower.rules.triggers.abilities import Synth
    if ab.name == "graft":
        # CR 702.58a
        return [Synth("graft", ir.Trigger("enters", ir.Filter(types=("creature",), other=True)),
                      effects=(GraftMove(),), condition="has_plus_counter")]
    if ab.name == "fading":
        # CR 702.32a
        return [Synth("fading", ir.Trigger("upkeep", whose="you"), effects=(FadingUpkeep(),))]
    if ab.name == "vanishing":
        # CR 702.63a-b (intervening "if": it has a time counter)
        return [Synth("vanishing", ir.Trigger("upkeep", whose="you"), effects=(VanishingUpkeep(),),
                      condition="has_time_counter")]
    if ab.name == "evolve":
        # CR 702.100a (intervening "if", CR 603.4)
        return [Synth("evolve", ir.Trigger("enters", ir.Filter(types=("creature",), controller="you")),
                      effects=(PlusOneCounterOnSelf("CR 702.100a"),), condition="c2_evolve")]
    return []


#: CR 702.63a: vanishing's "When the last time counter is removed from this permanent, sacrifice it."
def _vanishing_sacrifice():
    from judgetower.rules.triggers.abilities import Synth
    return Synth("vanishing", ir.Trigger("last_time_counter", ir.This()), effects=(VanishingSacrifice(),))


def _training():
    from judgetower.rules.triggers.abilities import Synth
    return Synth("training", ir.Trigger("attacks", ir.This()), effects=(PlusOneCounterOnSelf("CR 702.149a"),))


def _level_bands(o):
    """The level bands of ``o`` that apply now (CR 711.2a-b: by its number of level counters)."""
    if o.face_down:
        return
    n = o.counters.get("level", 0)
    for ab in o.compiled.abilities:
        if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.LevelBand):
            band = ab.effect
            if n >= band.low and (band.high is None or n <= band.high):
                yield band


def level_keywords(bf, adds) -> None:
    """Layer 6 (CR 613.1f): the keywords of a leveler's applying striation (CR 711.2)."""
    from judgetower.rules.characteristics.layers import keyword_key
    for o in bf:
        for band in _level_bands(o):
            if band.keywords:
                adds.setdefault(o.id, set()).update(keyword_key(k, a) for k, a in band.keywords)


def level_pt(bf, out) -> None:
    """Layer 7b (CR 613.4b): the base power and toughness of a leveler's applying striation
    (CR 711.2); with fewer level counters than its first band, its printed (uppermost) P/T
    (CR 711.5)."""
    for o in bf:
        for band in _level_bands(o):
            out[o.id].power, out[o.id].toughness = band.power, band.toughness


def _keyword_indexes(o, name: str) -> list[int]:
    return [i for i, ab in enumerate(o.compiled.abilities) if isinstance(ab, ir.Keyword) and ab.name == name]


class CounterMechanicsMixin:

    # ------------------------------------------------------------------ helpers
    def chars_lki(self, o):
        """The characteristics of ``o`` now, or as it last existed on the battlefield (CR 608.2h)."""
        if o is None:
            return None
        cur = self.current(o)
        if cur is not None and cur.zone == "battlefield":
            return self.chars(cur)
        return getattr(o, "last_chars", None)

    # ------------------------------------------------------------------ entering (CR 614.1c)
    def counters_enter_counters(self, o) -> None:
        """Hook of apply_enter_replacements: graft N (CR 702.58a), fading N (CR 702.32a) and
        vanishing N (CR 702.63a) counters; riot and unleash choices are made just after
        (``counters_enter_choices``, CR 614.12)."""
        for ab in o.compiled.abilities:
            if not isinstance(ab, ir.Keyword):
                continue
            if ab.name == "graft":
                self.put_counters(o, "+1/+1", int(ab.arg))
                self.log.add("{card} enters with {n} +1/+1 counter(s) (graft)", "CR 702.58a", "CR 614.1c",
                             card=o, n=ab.arg)
            elif ab.name == "fading":
                self.put_counters(o, "fade", int(ab.arg))
                self.log.add("{card} enters with {n} fade counter(s) (fading)", "CR 702.32a", "CR 614.1c",
                             card=o, n=ab.arg)
            elif ab.name == "vanishing" and ab.arg is not None:
                self.put_counters(o, "time", int(ab.arg))
                self.log.add("{card} enters with {n} time counter(s) (vanishing)", "CR 702.63a", "CR 614.1c",
                             card=o, n=ab.arg)
            elif ab.name in ("riot", "unleash", "amplify"):
                o.__dict__.setdefault("counters_entry_pending", []).append((ab.name, ab.arg))

    def counters_enter_choices(self):
        """Riot (CR 702.136a) and unleash (CR 702.98a) (amplify: ``c2_amplify``): "You may have this permanent enter with an
        additional +1/+1 counter on it" (riot: if not, it gains haste), asked as it enters
        (CR 614.12). Judge Tower: the "may" is taken (JT-C1, R9). Returns True if anything was
        asked."""
        acted = False
        for oid in list(self.battlefield):
            o = self.objects[oid]
            pending = o.__dict__.get("counters_entry_pending")
            if not pending:
                continue
            while pending:
                name, arg = pending.pop(0)
                if name == "amplify":
                    yield from self.c2_amplify(o, int(arg))
                    acted = True
                    continue
                rule = "CR 702.136a" if name == "riot" else "CR 702.98a"
                prompt = msg("{card} ({keyword}): enter with an additional +1/+1 counter?", card=o,
                             keyword=Term(name)) if name == "unleash" else \
                    msg("{card} ({keyword}): enter with an additional +1/+1 counter? (if not, it gains haste)",
                        card=o, keyword=Term(name))
                yes = yield from self.ask(o.controller, "may", self.forced_bool_options([True, False], "may"),
                                          prompt, rule)
                who = self.players[o.controller]
                if yes:
                    self.put_counters(o, "+1/+1", 1)
                    self.log.add("{player} has {card} enter with an additional +1/+1 counter ({keyword})", rule,
                                 "CR 614.12", player=who, card=o, keyword=Term(name))
                elif name == "riot":
                    o.granted = o.granted | frozenset({"haste"})
                    self.log.add("{player} has {card} enter without the additional +1/+1 counter ({keyword}); it "
                                 "gains haste", rule, "CR 614.12", player=who, card=o, keyword=Term(name))
                else:
                    self.log.add("{player} has {card} enter without the additional +1/+1 counter ({keyword})", rule,
                                 "CR 614.12", player=who, card=o, keyword=Term(name))
                self.touch()
                acted = True
        return acted

    def c2_amplify(self, o, n: int):
        """CR 702.38a: "As this object enters, reveal any number of cards from your hand that share
        a creature type with it. This permanent enters with N +1/+1 counters on it for each card
        revealed this way." (CR 614.12: asked as it enters.) Judge Tower: "any number" is as many as
        possible (JT-C3, R9), and an action on cards in a hidden zone can't fail to find (JT-C4)."""
        p = o.controller
        mine = set(self.chars(o).subtypes)
        cands = [c for c in self.hand(p) if mine & set(self.chars(self.objects[c]).subtypes)]
        shown = yield from self.ask_any_number(
            p, cands, lambda k: msg("{card} (amplify {n}): reveal a card that shares a creature type with it ({k} so far)",
                             card=o, n=n, k=k), "CR 702.38a", auto=False)
        if shown:
            self.log.add("{player} reveals {cards} (amplify)", "CR 702.38a", "CR 701.20a", player=self.players[p],
                         cards=[self.objects[c] for c in shown])
        self.put_counters(o, "+1/+1", n * len(shown))
        self.log.add("{card} enters with {n} +1/+1 counter(s) (amplify {amplify}, {shown} card(s) revealed)",
                     "CR 702.38a", "CR 614.12", card=o, n=n * len(shown), amplify=n, shown=len(shown))
        self.touch()

    # ------------------------------------------------------------------ conditions (CR 603.4)
    def counter_condition(self, cond: str, source, ctx) -> bool | None:
        """Intervening "if" clauses of counters2's keyword triggers; None: not counters2's."""
        if cond in ("has_plus_counter", "has_time_counter"):
            kind = "+1/+1" if cond == "has_plus_counter" else "time"
            cur = self.current(source)
            return cur is not None and cur.zone == "battlefield" and cur.counters.get(kind, 0) > 0
        if cond == "c2_evolve":
            # CR 702.100a-c: the entering creature's power or toughness (its last known information
            # if it left, CR 702.100b) greater than this creature's; a noncreature can't evolve
            cur = self.current(source)
            if cur is None or cur.zone != "battlefield":
                return False
            mine = self.chars(cur)
            theirs = self.chars_lki((ctx or {}).get("trigger_obj"))
            if theirs is None or "Creature" not in mine.types or "Creature" not in theirs.types:
                return False
            return theirs.power > mine.power or theirs.toughness > mine.toughness
        return None

    # ------------------------------------------------------------------ events
    def counters_check_event(self, ev, watchers) -> None:
        """Vanishing's "when the last time counter is removed" (CR 702.63a) and training
        (CR 702.149a: a trigger condition, not an intervening "if": checked as attackers are
        declared only)."""
        if ev["kind"] == "last_time_counter":
            o = ev["obj"]
            for idx in _keyword_indexes(o, "vanishing"):
                self._trigger(o, idx, _vanishing_sacrifice(), {})
            return
        if ev["kind"] == "c2_evolves":
            # CR 702.100b: "Whenever ~ evolves"
            from judgetower.rules.triggers.abilities import triggered_abilities
            o = ev["obj"]
            for idx, ab in triggered_abilities(o):
                if ab.trigger.event == "c2_evolves":
                    self.log.add("{card} evolves", "CR 702.100b", card=o)
                    self._trigger(o, idx, ab, {})
            return
        if ev["kind"] != "attacks":
            return
        o = ev["obj"]
        idxs = _keyword_indexes(o, "training")
        if not idxs or o.zone != "battlefield":
            return
        power = self.chars(o).power
        if any(a.id != o.id and a.attacking is not None and self.chars(a).power > power for a in self.permanents()):
            for idx in idxs:
                self._trigger(o, idx, _training(), {})

    # ------------------------------------------------------------------ effects

    @effect(GraftMove)
    def _e_GraftMove(self, e, ctx):
        """CR 702.58a, 122.5: move a +1/+1 counter from this permanent onto that creature (if
        both are still on the battlefield). Judge Tower: the "may" is taken (JT-C1, R9)."""
        src = self.current(ctx["source"])
        tgt = self.current(ctx.get("trigger_obj"))
        if src is None or src.zone != "battlefield" or src.counters.get("+1/+1", 0) <= 0:
            return
        if tgt is None or tgt.zone != "battlefield":
            self.log.add("{card}'s graft: that creature is no longer on the battlefield", "CR 702.58a", card=src)
            return
        p = ctx["controller"]
        yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                  msg("move a +1/+1 counter from {source} onto {card} (graft)?", source=src, card=tgt),
                                  "CR 702.58a")
        if not yes:
            self.log.add("{player} doesn't move a counter ({card}'s graft)", "CR 702.58a", player=self.players[p],
                         card=src)
            return
        self.remove_counters(src, "+1/+1", 1)
        self.put_counters(tgt, "+1/+1", 1)
        self.log.add("a +1/+1 counter moves from {source} onto {target} (graft)", "CR 702.58a", "CR 122.5",
                     source=src, target=tgt)

    def _c2_sacrifice(self, o, p: int, why, rule: str) -> None:
        """CR 701.21a: only a permanent its controller controls can be sacrificed (``why``: a
        `msg`, the reason logged)."""
        if o is None or o.zone != "battlefield" or o.controller != p:
            return
        self.log.add("{player} sacrifices {card} ({reason})", rule, "CR 701.21a", player=self.players[p], card=o,
                     reason=why)
        self.move(o, "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)

    @effect(FadingUpkeep)
    def _e_FadingUpkeep(self, e, ctx):
        """CR 702.32a: remove a fade counter; if you can't, sacrifice the permanent."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        if o.counters.get("fade", 0) > 0:
            self.remove_counters(o, "fade", 1)
            self.log.add("a fade counter is removed from {card} ({n} left)", "CR 702.32a", card=o,
                         n=o.counters.get("fade", 0))
            return
        self._c2_sacrifice(o, ctx["controller"], msg("fading: no fade counter to remove"), "CR 702.32a")
        return
        yield

    @effect(VanishingUpkeep)
    def _e_VanishingUpkeep(self, e, ctx):
        """CR 702.63a: remove a time counter; removing the last one triggers the sacrifice."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield" or o.counters.get("time", 0) <= 0:
            return
        self.remove_counters(o, "time", 1)
        left = o.counters.get("time", 0)
        self.log.add("a time counter is removed from {card} ({n} left)", "CR 702.63a", card=o, n=left)
        if not left:
            self.events.append({"kind": "last_time_counter", "obj": o})
        return
        yield

    @effect(VanishingSacrifice)
    def _e_VanishingSacrifice(self, e, ctx):
        """CR 702.63a: "sacrifice it"."""
        self._c2_sacrifice(self.current(ctx["source"]), ctx["controller"],
                           msg("vanishing: the last time counter was removed"), "CR 702.63a")
        return
        yield

    @effect(PlusOneCounterOnSelf)
    def _e_PlusOneCounterOnSelf(self, e, ctx):
        """CR 702.100a, 702.149a: a +1/+1 counter on this creature."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        self.put_counters(o, "+1/+1", 1)
        self.log.add("a +1/+1 counter is put on {card} ({keyword})", e.rule, "CR 122.1", card=o,
                     keyword=Term("evolve" if e.rule == "CR 702.100a" else "training"))
        if e.rule == "CR 702.100a":
            self.events.append({"kind": "c2_evolves", "obj": o})   # CR 702.100b
        return
        yield

    @effect(ir.Bolster)
    def _e_Bolster(self, e, ctx):
        """CR 701.39a: the least toughness among creatures you control, chosen as it resolves."""
        p = ctx["controller"]
        mine = [o for o in self.permanents(p) if "Creature" in self.chars(o).types]
        if not mine:
            self.log.add("{player} controls no creature: bolster {n} does nothing", "CR 701.39a",
                         player=self.players[p], n=e.n)
            return
        least = min(self.chars(o).toughness for o in mine)
        cands = [o.id for o in mine if self.chars(o).toughness == least]
        c = yield from self.ask(p, "cards", cands, msg("bolster {n}: choose a creature you control with the least toughness ({least})",
                                                       n=e.n,
                                    least=least),
                                "CR 701.39a")
        o = self.objects[c]
        self.put_counters(o, "+1/+1", e.n)
        self.log.add("{player} bolsters {n}: {n} +1/+1 counter(s) on {card}", "CR 701.39a", "CR 122.1",
                     player=self.players[p], n=e.n, card=o)

    @effect(ir.Adapt)
    def _e_Adapt(self, e, ctx):
        """CR 701.46a: only if this permanent has no +1/+1 counters on it."""
        o = self.current(ctx["source"])
        if o is None or o.zone != "battlefield":
            return
        if o.counters.get("+1/+1", 0) > 0:
            self.log.add("{card} has a +1/+1 counter: adapt {n} does nothing", "CR 701.46a", card=o, n=e.n)
            return
        self.put_counters(o, "+1/+1", e.n)
        self.log.add("{card} adapts {n}: {n} +1/+1 counter(s)", "CR 701.46a", "CR 122.1", card=o, n=e.n)
        return
        yield

    # ------------------------------------------------------------------ energy (CR 107.14, 122.1)
    @effect(ir.GetEnergy)
    def _e_GetEnergy(self, e, ctx):
        """CR 122.1: energy counters are put on the player."""
        for p in self.players_of(e.who, ctx):
            self.players[p].c2_energy += e.n
            self.touch()
            self.log.add("{player} gets {n} energy counter(s) ({total} in all)", "CR 122.1", "CR 107.14",
                         player=self.players[p], n=e.n, total=self.players[p].c2_energy)
        return
        yield

    @effect(ir.PayEnergy)
    def _e_PayEnergy(self, e, ctx):
        """CR 107.14, 118.3: pay {E}: remove that many energy counters (never in part; a following
        "If you do" sees whether it was paid, see ``run_effects_measured``)."""
        p = ctx["controller"]
        if self.players[p].c2_energy < e.n:
            return
        self.pay_energy(p, e.n, ctx["source"])
        return
        yield

    def can_pay_energy(self, p: int, n: int) -> bool:
        """CR 118.3: a player can't pay more energy than they have."""
        return self.players[p].c2_energy >= n

    def pay_energy(self, p: int, n: int, what) -> None:
        """CR 107.14: "To pay {E}, a player removes one energy counter from themselves." (``what``:
        what it is paid for, an object or its name, or a log parameter of another kind.)"""
        self.players[p].c2_energy -= n
        self.touch()
        self.log.add("{player} pays {energy} for {what} ({left} energy left)", "CR 107.14", player=self.players[p],
                     energy="{E}" * n, what=CardName(what) if type(what) is str else what,
                     left=self.players[p].c2_energy)
