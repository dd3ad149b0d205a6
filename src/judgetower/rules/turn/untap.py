"""turnflow: untap choices, once-each-turn triggers and cost reductions.

* "You may choose not to untap ~ during your untap step." (CR 502.3: the active player
  determines which permanents they control will untap). Asked in the untap step for each such
  tapped permanent (a "may" decision: options [False, True], True = keep it tapped; ordinary
  Magic's default is to untap it).
  Judge Tower ruling applied: R9 / JT-C1 ("may" actions are taken when able). The optional
  action the text offers is "choose not to untap ~"; it is always possible, so the player must
  take it: the permanent never untaps during its controller's untap step. (Other effects, e.g.
  "untap target permanent", still untap it.) Through ``forced_bool_options`` like any "may",
  so referee mode forces it and judge mode calls the other choice a JT-C1 violation.
* "This ability triggers only once each turn." (CR 603.2, 603.2h): the ability of that object
  triggers only if it has not triggered yet this turn; a permanent that changes zones is a new
  object (CR 400.7), whose ability has not triggered.
* "This spell costs {N} less to cast if [condition]" (CR 601.2f, 118.7a) and the party
  (CR 700.8): their generic reductions join the other cost changes of casting.misc_cost_change.
* Ascend (CR 702.131): on an instant or sorcery, done as the spell starts resolving (CR
  702.131a); on a permanent, checked whenever state-based actions are (CR 702.131b: "any time";
  the city's blessing is also seen at once by the conditions that ask for it, ``has_blessing``).
  The blessing is kept for the rest of the game (CR 702.131c). Judge Tower changes nothing here.
* Improvise (CR 702.126a): each untapped artifact you control may be tapped to pay {1} of the
  spell's total cost (stack/casting.py asks for IMPROVISE sources). Judge Tower: the mana portion of
  every cost is paid without producing mana (JT-G4, R4), so nothing is left for improvise to pay
  and no artifact is tapped (as for convoke).
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.registry import effect
from judgetower.rules.log import CardName, Term, msg

#: CR 700.8: the creature types of a party
TF_PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")
#: ``Source.ability`` of an artifact tapped for improvise (CR 702.126a), beside casting.CONVOKE
IMPROVISE = -7126


class UntapMixin:
    """turnflow engine code (mixed into Game)."""

    # ---- CR 502.3: "You may choose not to untap ~ during your untap step." -----------------
    def keep_tapped(self, o):
        """Generator: True if the active player chooses to keep ``o`` tapped in this untap step
        (CR 502.3). Only asked for a tapped permanent with that ability."""
        if not o.tapped:
            return False
        holder = self._tf_held_tapped(o)
        if holder is not None:
            # CR 502.3, 611.2b: "doesn't untap ... for as long as [holder] remains tapped"
            self.log.add("{card} doesn't untap during its controller's untap step ({holder} remains tapped)",
                         "CR 502.3", "CR 611.2b", card=o, holder=CardName(holder))
            return True
        if o.face_down:
            return False
        if not any(isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.MayNotUntap)
                   for ab in o.compiled.abilities):
            return False
        # R9 / JT-C1: the "may" is taken when able (see module docstring)
        keep = yield from self.ask(o.controller, "may", self.forced_bool_options([False, True], "may"),
                                   msg("{card}: choose not to untap it during this untap step?", card=o), "CR 502.3")
        if keep:
            self.log.add("{player} chooses not to untap {card}", "CR 502.3",
                         *(("JT-C1", "R9") if self.may_is_forced() else ()), player=self.players[o.controller], card=o)
        return bool(keep)

    def may_is_forced(self) -> bool:
        """Whether the variant forces "may" choices (Judge Tower, R9)."""
        return self.rules.forced_bool_options(self, [False, True], "may") == [True]

    # ---- CR 603.2, 603.2h: "This ability triggers only once each turn." ----------------------
    def may_trigger(self, source, idx, ab, ctx=None) -> bool:
        """False if ``ab`` (of ``source``, ability index ``idx``) triggers only once each turn and
        already did this turn, or is a soulbond trigger whose intervening "if" is false (CR 603.4,
        702.95a); else records this triggering and returns True."""
        if isinstance(ab, ir.SoulbondTrigger):
            return self._tf_soulbond_possible(source, ab.which, (ctx or {}).get("trigger_obj"))
        if not isinstance(ab, ir.OnceEachTurnTrigger):
            return True
        done = getattr(source, "triggered_turn", None)
        if done is None:
            done = {}
            source.triggered_turn = done
        if done.get(idx) == self.turn:
            self.log.add("{source}'s ability does not trigger: it triggers only once each turn",
                         "CR 603.2", "CR 603.2h", source=source)
            return False
        done[idx] = self.turn
        return True

    # ---- CR 601.2f: "This spell costs {N} less to cast if [condition]." -----------------------
    def cost_change(self, p: int, spell) -> tuple[int, list[str]]:
        from judgetower.rules.conditions import evaluate
        delta, names = 0, []
        for ab in spell.compiled.abilities:
            if isinstance(ab, ir.SelfCostReductionIf):
                ok, why = evaluate(self, ab.condition, spell, p)
                if ok:
                    delta -= ab.generic
                    names.append(f"{spell.name} itself ({why})")
        return delta, names

    # ---- CR 700.8: the party ------------------------------------------------------------------
    def party_size(self, p: int, chars=None) -> int:
        """CR 700.8a-b: the largest number of distinct party roles (Cleric, Rogue, Warrior,
        Wizard) filled by distinct creatures ``p`` controls, each counted for one role only.
        ``chars``: inside the layer system, the characteristics computed so far."""
        roles = []
        for o in self.permanents(p):
            ch = chars[o.id] if chars is not None and o.id in chars else self.chars(o)
            if "Creature" not in ch.types:
                continue
            r = frozenset(t for t in TF_PARTY_TYPES if t in ch.subtypes)
            if r:
                roles.append(r)

        def best(k: int, used: frozenset) -> int:
            # assign role k (or leave it empty); creatures are distinct indices
            if k == len(TF_PARTY_TYPES):
                return 0
            role = TF_PARTY_TYPES[k]
            out = best(k + 1, used)
            for i, r in enumerate(roles):
                if i not in used and role in r:
                    out = max(out, 1 + best(k + 1, used | {i}))
                    if out == len(TF_PARTY_TYPES) - k:
                        break
            return out
        return best(0, frozenset())

    # ---- CR 702.126a: improvise -----------------------------------------------------------------
    def improvise_sources(self, p: int, sources: list) -> list:
        """Each untapped artifact ``p`` controls, not already a mana source (it is left to its
        mana ability) may pay {1} (generic only: "g")."""
        from judgetower.rules.stack.casting import Source
        used = {s.obj for s in sources}
        out = []
        for o in self.permanents(p):
            if o.tapped or o.id in used:
                continue
            if "Artifact" in self.chars(o).types:
                out.append(Source(o.id, IMPROVISE, ("g",)))
        return out

    def pay_improvise(self, p: int, o) -> None:
        """CR 702.126a: tapped for improvise (not a mana ability)."""
        if not o.tapped:
            self.note_tapped(o, True)   # "becomes tapped" triggers
        o.tapped = True
        self.log.add("{player} taps {card} for improvise", "CR 702.126a", player=self.players[p], card=o)

    # ---- CR 702.131: ascend and the city's blessing -----------------------------------------------
    def _tf_has_ascend(self, o) -> bool:
        return any(isinstance(ab, ir.Keyword) and ab.name == "ascend" for ab in o.compiled.abilities)

    def _tf_ascend_ready(self, p: int) -> bool:
        """CR 702.131b: ``p`` controls ten or more permanents, one of them with ascend."""
        perms = [o for o in self.permanents(p)]
        return len(perms) >= 10 and any(not o.face_down and self._tf_has_ascend(o) for o in perms)

    def has_blessing(self, p: int) -> bool:
        """CR 702.131c; a permanent's ascend gives it at once (CR 702.131b: "any time")."""
        return bool(getattr(self.players[p], "tf_city_blessing", False)) or self._tf_ascend_ready(p)

    def _tf_give_blessing(self, p: int, source, rule: str) -> None:
        self.players[p].tf_city_blessing = True
        self.touch()   # CR 702.131d: continuous effects are reapplied
        self.log.add("{player} gets the city's blessing ({source})", rule, "CR 702.131c", player=self.players[p], source=source)

    def ascend_permanents(self) -> None:
        """CR 702.131b: any time a player controls ten or more permanents, one with ascend, and
        doesn't have the city's blessing, they get it."""
        for pl in self.players:
            if pl.lost or getattr(pl, "tf_city_blessing", False):
                continue
            if self._tf_ascend_ready(pl.index):
                src = next(o for o in self.permanents(pl.index) if not o.face_down and self._tf_has_ascend(o))
                self._tf_give_blessing(pl.index, src, "CR 702.131b")

    def ascend_spell(self, spell) -> None:
        """CR 702.131a: "If you control ten or more permanents and you don't have the city's
        blessing, you get the city's blessing for the rest of the game." (first, as it resolves)"""
        if not self._tf_has_ascend(spell):
            return
        p = spell.controller
        if getattr(self.players[p], "tf_city_blessing", False):
            return
        n = len(self.permanents(p))
        if n >= 10:
            self._tf_give_blessing(p, spell, "CR 702.131a")
        else:
            self.log.add("{card}: ascend - {player} controls {n} permanents, fewer than ten",
                         "CR 702.131a", card=spell, player=self.players[p], n=n)


    # ---- CR 702.124j: "Partner with [name]": search for a card named [name] -----------------------
    @effect(ir.SearchNamed)
    def _e_SearchNamed(self, e, ctx):
        """CR 701.23a: search the library for a card named ``e.name`` (a search for a card with
        a stated quality may find nothing, CR 701.23b), reveal it (CR 701.20a), put it into the
        hand, then shuffle (CR 701.24a). Judge Tower: ``replace_search`` (JT-G8, R7) - the shared
        library is not searched, nothing is found, nothing is shuffled."""
        from judgetower.rules.decisions import Done
        want = _tf_name_key(e.name)
        for p in self.players_of(e.who, ctx):
            if self.rules.replace_search(self, p, e, ctx):
                continue
            cands = [c for c in reversed(self.library(p)) if _tf_name_key(self.objects[c].name) == want]
            c = yield from self.ask(p, "cards", cands + [Done()],
                                    msg("search your library for a card named {name} (done: find nothing)",
                                        name=CardName(e.name)), "CR 701.23a")
            if isinstance(c, Done):
                self.log.add("{player} searches {library} and finds nothing", "CR 701.23a", "CR 701.23b",
                             player=self.players[p], library=self.library_said(p))
            else:
                o = self.objects[c]
                self.log.add("{player} searches {library} and reveals {card}", "CR 701.23a", "CR 701.20a",
                             player=self.players[p], card=o, library=self.library_said(p))
                self.move(o, "hand", owner=p, cause="searched for", rule="CR 701.23a")
            self.shuffle_library(p)


def _tf_name_key(name: str) -> str:
    """A card name compared ignoring case and accents (Oracle text writes "Protege" for the
    card named "Protégé")."""
    import unicodedata
    text = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold().strip()


# ---- CR 611.2b: "for as long as ~ remains tapped" (methods of UntapMixin, added below) -------
def _tf_while_tapped_holds(game, eff) -> bool:
    """Whether a "for as long as [source] remains tapped" effect still lasts (CR 611.2b): its
    source is the same object (CR 400.7), on the battlefield and tapped."""
    src = game.objects.get(eff["while_tapped_source"])
    if eff.get("while_tapped_controller") is not None and (src is None or src.controller != eff["while_tapped_controller"]):
        return False   # "for as long as you control ~ and ~ remains tapped"
    return src is not None and src.zone == "battlefield" and src.tapped


def effect_lasts(game, eff) -> bool:
    """For characteristics/layers.py: False for a continuous effect whose "for as long as" duration is over."""
    return "while_tapped_source" not in eff or _tf_while_tapped_holds(game, eff)


def _tf_while_tapped_start(self, e, ctx):
    """The source and the objects of a "for as long as ~ remains tapped" effect as it resolves
    (locked in, CR 611.2c); no objects when the source is already untapped or gone: the effect
    does nothing (CR 611.2b)."""
    src = self.current(ctx.get("source"))
    if src is None or src.zone != "battlefield" or not src.tapped:
        self.log.add("{source} is not tapped: the effect \"for as long as it remains tapped\" does nothing", "CR 611.2b",
                     source=ctx.get('source') or msg("the source"))
        return src, []
    return src, [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]


@effect(ir.ModifyPTWhileTapped)
def _e_ModifyPTWhileTapped(self, e, ctx):
    """CR 611.2b: "[what] gets +P/+T [and has ...] for as long as ~ remains tapped"; the affected
    set is locked in as it resolves (CR 611.2c); if the source is already untapped or gone, the
    effect does nothing (CR 611.2b)."""
    src, objs = _tf_while_tapped_start(self, e, ctx)
    if not objs:
        return
    self.continuous.append({"objs": {o.id for o in objs}, "power": e.power, "toughness": e.toughness,
                            "keywords": e.keywords, "duration": "while_tapped", "while_tapped_source": src.id,
                            "timestamp": self.new_timestamp()})
    self.touch()
    kw = msg(" and has {keywords}", keywords=[Term(k) for k in e.keywords]) if e.keywords else ""
    self.log.add("{cards} get(s) {pt}{keywords} for as long as {source} remains tapped", "CR 611.2b", "CR 613.4c",
                 cards=objs, pt=f"{e.power:+d}/{e.toughness:+d}", keywords=kw, source=src)
    return
    yield


def end_while_tapped(self) -> None:
    """Drop the "for as long as ~ remains tapped" effects whose duration is over (CR 611.2b);
    characteristics/layers.py already ignores them from that moment (``effect_lasts``)."""
    keep = []
    ended_control = set()
    for eff in self.continuous:
        if "while_tapped_source" in eff and not _tf_while_tapped_holds(self, eff):
            if "control" in eff:
                ended_control.add(eff["control_obj"])
            ids = set(eff.get("objs", ())) | set(eff.get("no_untap", ()))
            names = [self.objects[i] for i in sorted(ids) if i in self.objects]
            self.log.add("the effect on {cards} ends: its source no longer remains tapped", "CR 611.2b",
                         cards=names or msg("nothing"))
            continue
        keep.append(eff)
    if len(keep) != len(self.continuous):
        before = self.continuous
        self.continuous = keep
        self.touch()
        for oid in sorted(ended_control):
            _tf_return_control(self, oid, before, keep)


def _tf_return_control(self, oid, before, keep) -> None:
    """CR 611.2b, 613.1b: a "for as long as ~ remains tapped" control effect has ended: the
    permanent goes to the controller its remaining control effects give it (latest timestamp,
    CR 613.7), or with none, to its controller before the first of them (as
    Game.end_control_effects does at cleanup)."""
    o = self.objects.get(oid)
    mine = sorted((eff for eff in before if eff.get("control_obj") == oid), key=lambda eff: eff["timestamp"])
    if o is None or o.zone != "battlefield" or not mine:
        return
    left = [eff for eff in mine if any(eff is k for k in keep)]
    ctl = left[-1]["control"] if left else mine[0]["control_from"]
    if o.controller != ctl:
        self._remove_from_combat(o)
        o.controller = ctl
        o.sick = True   # CR 302.6
        self.touch()
        self.log.add("control of {card} returns to {player}", "CR 611.2b", "CR 613.1b", card=o, player=self.players[ctl])


@effect(ir.GainControlWhileTapped)
def _e_GainControlWhileTapped(self, e, ctx):
    """CR 611.2b, 613.1b: "gain control of [what] for as long as [you control ~ and] ~ remains
    tapped" (nothing happens if that is already over as it would begin)."""
    p = ctx["controller"]
    src = self.current(ctx.get("source"))
    if src is None or src.zone != "battlefield" or not src.tapped or (e.you_control and src.controller != p):
        self.log.add("{source} does not remain tapped under its controller's control: the control effect does nothing",
                     "CR 611.2b", source=ctx.get('source') or msg("the source"))
        return
    n = len(self.continuous)
    yield from self._e_GainControl(ir.GainControl(e.what, duration="while_tapped"), ctx)
    for eff in self.continuous[n:]:
        if "control" in eff and eff.get("duration") == "while_tapped":
            eff["while_tapped_source"] = src.id
            eff["while_tapped_controller"] = p if e.you_control else None
            if e.you_control:
                self.log.add("{player} controls {card} for as long as they control {source} and {source} remains tapped",
                             "CR 611.2b", "CR 613.1b", player=self.players[p], card=self.objects[eff['control_obj']],
                             source=src)
            else:
                self.log.add("{player} controls {card} for as long as {source} remains tapped", "CR 611.2b", "CR 613.1b",
                             player=self.players[p], card=self.objects[eff['control_obj']], source=src)


UntapMixin._e_GainControlWhileTapped = _e_GainControlWhileTapped


def state_checks(self) -> None:
    """turnflow checks made whenever state-based actions are: ascend on permanents
    (CR 702.131b), the end of "for as long as ~ remains tapped" effects (CR 611.2b), broken
    soulbond pairs (CR 702.95e)."""
    self.ascend_permanents()
    self.end_while_tapped()
    self.unpair_broken()


UntapMixin._e_ModifyPTWhileTapped = _e_ModifyPTWhileTapped
UntapMixin.end_while_tapped = end_while_tapped
UntapMixin.state_checks = state_checks


@effect(ir.DoesntUntapWhileTapped)
def _e_DoesntUntapWhileTapped(self, e, ctx):
    """CR 502.3, 611.2b: "[what] doesn't untap during its controller's untap step for as long as
    ~ remains tapped" (the objects are locked in as it resolves, CR 611.2c; nothing happens if the
    source is already untapped or gone)."""
    src, objs = _tf_while_tapped_start(self, e, ctx)
    if not objs:
        return
    self.continuous.append({"objs": set(), "no_untap": {o.id for o in objs}, "duration": "while_tapped",
                            "while_tapped_source": src.id, "timestamp": self.new_timestamp()})
    self.log.add("{cards} doesn't untap during its controller's untap step for as long as {source} remains tapped",
                 "CR 502.3", "CR 611.2b", cards=objs, source=src)
    return
    yield


def untap_rules_step_begins(self) -> None:
    """CR 502.3: which permanents untap is determined before any untaps: note which "remains
    tapped" sources are tapped now."""
    self._tf_untap_tapped = {o.id for o in self.permanents() if o.tapped}


def _tf_held_tapped(self, o) -> str | None:
    """The name of a tapped source whose "doesn't untap ... for as long as ~ remains tapped"
    effect keeps ``o`` tapped in this untap step, or None."""
    tapped_then = getattr(self, "_tf_untap_tapped", None)
    for eff in self.continuous:
        if o.id in eff.get("no_untap", ()):
            src = self.objects.get(eff["while_tapped_source"])
            if src is None or src.zone != "battlefield":
                continue
            if src.tapped or (tapped_then is not None and src.id in tapped_then):
                return src.name
    return None


UntapMixin._e_DoesntUntapWhileTapped = _e_DoesntUntapWhileTapped
UntapMixin.untap_rules_step_begins = untap_rules_step_begins
UntapMixin._tf_held_tapped = _tf_held_tapped


# ---- CR 702.95: soulbond --------------------------------------------------------------------------
def _tf_is_creature(game, o, chars=None) -> bool:
    ch = chars[o.id] if chars is not None and o.id in chars else game.chars(o)
    return "Creature" in ch.types


def paired_partner(game, o, chars=None):
    """The creature ``o`` is paired with, or None (CR 702.95e: a pair ends when either leaves
    the battlefield, stops being a creature, or another player gains control of either)."""
    pair = getattr(o, "paired_with", None)
    if pair is None or o.zone != "battlefield":
        return None
    partner_id, ctl = pair
    q = game.objects.get(partner_id)
    if q is None or q.zone != "battlefield" or getattr(q, "paired_with", None) != (o.id, ctl):
        return None
    if o.controller != ctl or q.controller != ctl:
        return None
    if not (_tf_is_creature(game, o, chars) and _tf_is_creature(game, q, chars)):
        return None
    return q


def paired_bonuses(game, chars) -> list:
    """For characteristics/layers.py: (object id, power, toughness, keywords) given by "as long as ~ is paired
    with another creature, both creatures ..." abilities of paired permanents (CR 702.95)."""
    out = []
    for o in game.permanents():
        if o.face_down or o.id not in chars:
            continue
        bonuses = [ab.effect for ab in o.compiled.abilities
                   if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.PairedBonus)]
        if not bonuses:
            continue
        q = paired_partner(game, o, chars)
        if q is None or q.id not in chars:
            continue
        for b in bonuses:
            for tid in (o.id, q.id):
                out.append((tid, b.power, b.toughness, b.keywords))
    return out


def _tf_soulbond_possible(self, source, which, entering=None) -> bool:
    """The intervening "if" of soulbond's triggers (CR 702.95a, 603.4)."""
    src = self.current(source)
    if src is None or src.zone != "battlefield" or not _tf_is_creature(self, src) \
            or paired_partner(self, src) is not None:
        return False
    p = src.controller
    if which == "self":
        return bool(self._tf_unpaired_others(src))
    q = self.current(entering) if entering is not None else None
    return (q is not None and q.zone == "battlefield" and q.controller == p and q.id != src.id
            and _tf_is_creature(self, q) and paired_partner(self, q) is None)


def _tf_unpaired_others(self, src) -> list:
    return [o for o in self.permanents(src.controller)
            if o.id != src.id and _tf_is_creature(self, o) and paired_partner(self, o) is None]


@effect(ir.SoulbondPair)
def _e_SoulbondPair(self, e, ctx):
    """CR 702.95a-c: "you may pair this creature with another unpaired creature you control" /
    "you may pair that creature with this creature", for as long as both remain creatures on the
    battlefield under your control. The intervening "if" is checked again (CR 603.4). Judge
    Tower: the "may" is taken when able (R9, JT-C1); which creature is a free choice."""
    src = self.current(ctx.get("source"))
    entering = ctx.get("trigger_obj")
    if src is None or not self._tf_soulbond_possible(src, e.which, entering):
        self.log.add("soulbond: the creatures can't be paired now; the ability does nothing", "CR 603.4", "CR 702.95a")
        return
    p = src.controller
    yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                              msg("{card}: pair it with another creature (soulbond)?", card=src), "CR 702.95a")
    if not yes:
        return
    if e.which == "self":
        cands = [o.id for o in self._tf_unpaired_others(src)]
        c = yield from self.ask(p, "cards", cands, msg("{card}: choose a creature to pair it with", card=src), "CR 702.95a")
        other = self.objects[c]
    else:
        other = self.current(entering)
    src.paired_with = (other.id, p)
    other.paired_with = (src.id, p)
    self.touch()
    self.log.add("{card} and {other} are paired", "CR 702.95a", *(("JT-C1", "R9") if self.may_is_forced() else ()),
                 card=src, other=other)


def unpair_broken(self) -> None:
    """CR 702.95e: forget the pairs that ended."""
    for o in self.permanents():
        if getattr(o, "paired_with", None) is not None and paired_partner(self, o) is None:
            q = self.objects.get(o.paired_with[0])
            o.paired_with = None
            self.touch()
            if q is not None:
                self.log.add("{card} is no longer paired with {other}", "CR 702.95e", card=o, other=q)
            else:
                self.log.add("{card} is no longer paired", "CR 702.95e", card=o)


UntapMixin._tf_soulbond_possible = _tf_soulbond_possible
UntapMixin._tf_unpaired_others = _tf_unpaired_others
UntapMixin._e_SoulbondPair = _e_SoulbondPair
UntapMixin.unpair_broken = unpair_broken
