"""chars: characteristics changed until end of turn by resolved spells and abilities (CR 613,
611.2). Each effect is a continuous effect in ``game.continuous`` (ended in the cleanup step,
CR 514.2) that layers.compute_all applies:

* layer 4 (CR 613.1d): "becomes the creature type of your choice" — the chosen type replaces
  all its creature types (CR 205.1a); other subtypes stay;
* layer 5 (CR 613.1e): "becomes [colours] / colorless / the color of your choice" — the new
  colours replace the old (CR 105.3);
* layer 6 (CR 613.1f): "gains protection from the color of your choice" (CR 702.16a) goes in
  the ordinary "keywords" effects; "loses KEYWORDS" removes them, in timestamp order with the
  effects that grant them (CR 613.7);
* layer 7d (CR 613.4d): "switch power and toughness", after all other P/T effects and counters.

Layers 4 and 5 are applied after the man-land "becomes a creature" effects of the same layers,
re-applying those in timestamp order with these (each step sets or adds, so replaying them in
timestamp order gives the result of CR 613.7).

Judge Tower: "of your choice" (a colour, a creature type) is a free choice: JT-C1 forces "may"
and "unless" actions, JT-C2/C3 and R9 numbers and counts; none of them picks a colour or a type.
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.log import AndList, Term, msg
from judgetower.rules.registry import effect

_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def color_words(colors) -> AndList:
    """Colours for the log: "red and green" / "rouge et vert"."""
    return AndList(Term(_WORDS[c]) for c in colors)


class UntilEndOfTurnMixin:
    """chars engine code (mixed into Game)."""

    def chars_source_chars(self, source):
        """The characteristics of a spell's or ability's source, for protection (CR 702.16b);
        None when there is none (as casting.source_colors)."""
        from judgetower.rules.characteristics.filters import chars_of
        from judgetower.rules.state import StackAbility
        if isinstance(source, StackAbility):
            src = self.objects.get(source.source_id)
            return chars_of(self, src) if src is not None else None
        if source is None or getattr(source, "card", None) is None and getattr(source, "token", None) is None:
            return None
        return chars_of(self, source)

    def chars_player_targetable(self, q: int, controller) -> bool:
        """CR 702.11c: "You have hexproof": the player can't be the target of spells or abilities
        their opponents control; "You have shroud" (CR 702.18a, 702.18d... as for objects): no
        spell or ability can target them. From static abilities of permanents they control."""
        return self.chars_player_untargetable_rule(q, controller) is None

    def chars_player_untargetable_rule(self, q: int, controller):
        """The rule that stops ``controller``'s spells and abilities from targeting player ``q``
        ("CR 702.18a" shroud, "CR 702.11c" hexproof), or None."""
        for _, e in self.static_effects(ir.PlayerKeyword, q):
            if e.keyword == "shroud":
                return "CR 702.18a"
            if controller is not None and self.are_opponents(controller, q):
                return "CR 702.11c"
        return None

    @effect(ir.ChangeTarget)
    def _e_ChangeTarget(self, e, ctx):
        """CR 115.7a: change the single target of the target spell to another legal target."""
        from judgetower.rules.state import StackAbility
        for spell in self.objs(e.what, ctx):
            if spell.zone != "stack" or spell.id not in self.stack or isinstance(spell, StackAbility):
                continue
            specs = self.spell_targets(spell)
            slots = [(i, t) for i, ts in enumerate(spell.targets or []) for t in ts]
            if len(slots) != 1 or not specs or slots[0][0] >= len(specs):
                continue
            i, old = slots[0]
            options = [x for x in self.legal_targets(specs[i], spell, spell.controller) if x != old]
            if not options:
                self.log.add("{spell}'s target can't be changed to another legal target: unchanged",
                             "CR 115.7a", spell=spell)
                continue
            new = yield from self.ask(ctx["controller"], "target", options,
                                      msg("choose the new target of {spell}", spell=spell), "CR 115.7a")
            spell.targets = [list(ts) for ts in spell.targets]
            spell.targets[i] = [new]
            self.touch()
            self.log.add("{spell}'s target changes from {old} to {new}", "CR 115.7a", spell=spell,
                         old=self.target_said(old), new=self.target_said(new))

    # ---- ward (CR 702.21a) ---------------------------------------------------------------------
    def ward_triggers(self, o, item, p) -> None:
        """CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an
        opponent controls, counter that spell or ability unless that player pays [cost]." Called
        once per permanent a spell or ability targets (`judgetower.rules.triggers.targeted`); one
        trigger per ward instance (CR 702.21a, 702.1)."""
        if not self.are_opponents(p, o.controller) or not self.chars(o).has("ward"):
            return
        from judgetower.rules.triggers.abilities import Synth
        for idx, ab in enumerate(o.compiled.abilities):
            if isinstance(ab, ir.Keyword) and ab.name == "ward" and ab.arg:
                self._trigger(o, idx, Synth("ward", ir.Trigger("chars_ward"),
                                            effects=(ir.WardCounter(ab.arg),)),
                              {"trigger_obj": item, "trigger_player": p})

    @effect(ir.WardCounter)
    def _e_WardCounter(self, e, ctx):
        """CR 702.21a: counter the spell or ability unless its controller pays the cost.
        Judge Tower: the payment is made when able (JT-C1, R9, through forced_bool_options); mana
        (JT-G4) and life (JT-G3) are always payable there."""
        from judgetower.rules.state import StackAbility
        item = ctx.get("trigger_obj")
        if item is None or item.id not in self.stack:
            return   # it already left the stack
        payer = item.controller
        src = ctx["source"].name
        source = ctx["source"]
        if e.cost.startswith("life:"):
            n = int(e.cost.split(":", 1)[1])
            what = f"pay {n} life"
            said_what = msg("pay {n} life", n=n)
            can = self.can_pay_life(payer, n)
        else:
            from judgetower.rules.stack.mana import ManaCost
            cost = ManaCost.parse(e.cost)
            what = f"pay {e.cost}"
            said_what = msg("pay {cost}", cost=e.cost)
            can = self.can_pay_mana(payer, cost)
        opts = [False] + ([True] if can else [])
        paid = yield from self.ask(payer, "pay", self.forced_bool_options(opts, "unless"),
                                   msg("{what} so that {item} is not countered by {source}'s ward?", what=said_what,
                                       item=item, source=source), "CR 702.21a")
        if paid:
            if e.cost.startswith("life:"):
                self.lose_life(payer, n, rule="CR 119.4")
            else:
                self.pay_mana(payer, cost, msg("{source}'s ward", source=source))
            self.log.add("{player} pays for {source}'s ward ({what}): {item} is not countered",
                         "CR 702.21a", "CR 118.12", player=self.players[payer], source=source, what=said_what, item=item)
            return
        self.log.add("{item} is countered by {source}'s ward", "CR 702.21a", "CR 701.6a", item=item, source=source)
        if isinstance(item, StackAbility):
            self.stack.remove(item.id)   # CR 701.6b: a countered ability is removed from the stack
            item.zone = "countered"
            self.touch()
        else:
            self.move(item, "graveyard", cause="countered", rule="CR 701.6a")

    @effect(ir.SetBasePT)
    def _e_SetBasePT(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        self._chars_add(objs, chars_base_pt=(e.power, e.toughness))
        self.log.add("{cards} has base power and toughness {pt} until end of turn", "CR 613.4b", "CR 611.2",
                     cards=objs, pt=f"{e.power}/{e.toughness}")
        return
        yield

    @effect(ir.BecomeColoredType)
    def _e_BecomeColoredType(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        self._chars_add(objs, chars_creature_type=e.subtype, chars_colors=tuple(e.colors),
                        chars_base_pt=(e.power, e.toughness))
        self.log.add("{cards} becomes a {colors} {subtype} with base power and toughness {pt} until end of turn",
                     "CR 205.1a", "CR 613.1d", "CR 613.1e", "CR 613.4b", "CR 611.2", cards=objs,
                     colors=color_words(e.colors), subtype=Term(e.subtype), pt=f"{e.power}/{e.toughness}")
        return
        yield

    def _chars_objs(self, e, ctx):
        return [o for o in self.objs(e.what, ctx) if o.zone == "battlefield"]

    def _chars_add(self, objs, **eff):
        eff.update({"objs": {o.id for o in objs}, "duration": "end_of_turn", "timestamp": self.new_timestamp()})
        self.continuous.append(eff)
        self.touch()

    @effect(ir.SwitchPT)
    def _e_SwitchPT(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        self._chars_add(objs, chars_switch=True)
        self.log.add("{cards}: power and toughness switched until end of turn", "CR 613.4d", "CR 611.2", cards=objs)
        return
        yield

    @effect(ir.SetColor)
    def _e_SetColor(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        colors = tuple(e.colors)
        if e.choice:
            c = yield from self.ask(ctx["controller"], "color", list("WUBRG"),
                                    msg("choose a color for {cards}", cards=list(objs)), "CR 105.4")
            colors = (c,)
        self._chars_add(objs, chars_colors=colors)
        self.log.add("{cards} becomes {colors} until end of turn", "CR 105.3", "CR 613.1e", "CR 611.2",
                     cards=objs, colors=color_words(colors) if colors else Term("colorless"))

    @effect(ir.CreatureTypeChoice)
    def _e_CreatureTypeChoice(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        from judgetower.oracle.subtypes import CREATURE_TYPES
        t = yield from self.ask(ctx["controller"], "creature_type", sorted(CREATURE_TYPES),
                                msg("choose a creature type for {cards}", cards=list(objs)), "CR 205.3m")
        self._chars_add(objs, chars_creature_type=t)
        self.log.add("{cards} becomes the creature type {subtype} until end of turn", "CR 205.1a", "CR 613.1d",
                     "CR 611.2", cards=objs, subtype=Term(t))

    @effect(ir.ProtectionChoice)
    def _e_ProtectionChoice(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        c = yield from self.ask(ctx["controller"], "color", list("WUBRG"),
                                msg("choose a color: protection for {cards}", cards=list(objs)), "CR 702.16a")
        self._chars_add(objs, keywords=(f"protection:{c}",), power=0, toughness=0)
        self.log.add("{cards} gain(s) protection from {color} until end of turn", "CR 702.16a", "CR 613.1f",
                     "CR 611.2", cards=objs, color=Term(_WORDS[c]))

    @effect(ir.LoseKeywords)
    def _e_LoseKeywords(self, e, ctx):
        objs = self._chars_objs(e, ctx)
        if not objs:
            return
        self._chars_add(objs, chars_lose=tuple(e.keywords))
        self.log.add("{cards} lose(s) {keywords} until end of turn", "CR 613.1f", "CR 611.2",
                     cards=objs, keywords=[Term(k) for k in e.keywords])
        return
        yield

    @effect(ir.AnimateReplace)
    def _e_AnimateReplace(self, e, ctx):
        """CR 205.1b, 611.2: like the man-lands' effect (layers 4-7b), types replaced."""
        spec = e.spec
        objs = [o for o in self.objs(spec.what, ctx) if o.zone == "battlefield"]
        if not objs:
            return
        self._chars_add(objs, keywords=spec.keywords, chars_replace_types=True,
                        animate={"types": spec.types, "subtypes": spec.subtypes, "colors": spec.colors,
                                 "power": spec.power, "toughness": spec.toughness})
        from judgetower.rules.effects.interpreter import animated_as_phrase   # (chars is imported by layers, before effects)
        self.log.add("{cards} becomes a {what} until end of turn", "CR 205.1b", "CR 611.2", "CR 613.1d",
                     "CR 613.4b", cards=objs, what=animated_as_phrase(spec))
        return
        yield


def _chars_kept_subtypes(subtypes, types):
    """CR 205.1b: subtypes that stay with the remaining card types (creature types with
    Creature, artifact types with Artifact)."""
    from judgetower.oracle.subtypes import ARTIFACT_TYPES, CREATURE_TYPES
    keep = set()
    if "Creature" in types:
        keep.update(CREATURE_TYPES)
    if "Artifact" in types:
        keep.update(ARTIFACT_TYPES)
    return tuple(t for t in subtypes if t in keep)


def chars_layers_4_5(game, out) -> None:
    """CR 613.1d-e, 613.7: creature types and colours set by chars effects, replayed in timestamp
    order with the man-land animations of the same layers (layers.compute_all applied those
    just before)."""
    effs = [e for e in game.continuous if e.get("animate") or "chars_colors" in e or "chars_creature_type" in e]
    for oid in list(out):   # "[equipped creature] is every creature type" statics (CR 205.3m)
        o = game.objects[oid]
        if o.face_down or getattr(o, "compiled", None) is None:
            continue
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.EveryCreatureType):
                host = o.attached_to if isinstance(ab.effect.affected, (ir.Enchanted, ir.Equipped)) else None
                if host in out:
                    effs.append({"objs": {host}, "chars_every_type": True, "timestamp": getattr(o, "timestamp", 0)})
            elif isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.StaticAddTypes):
                host = o.attached_to if isinstance(ab.effect.affected, (ir.Enchanted, ir.Equipped)) else None
                if host in out:
                    effs.append({"objs": {host}, "timestamp": getattr(o, "timestamp", 0),
                                 "chars_add_types": (ab.effect.types, ab.effect.subtypes)})
    effs.sort(key=lambda e: e.get("timestamp", 0))
    if not any("chars_colors" in e or "chars_creature_type" in e or "chars_replace_types" in e
               or "chars_every_type" in e or "chars_add_types" in e for e in effs):
        return
    from judgetower.oracle.subtypes import CREATURE_TYPES
    ctypes = set(CREATURE_TYPES)
    for eff in effs:   # layer 4 (CR 613.1d)
        for tid in eff["objs"]:
            if tid not in out:
                continue
            ch = out[tid]
            if eff.get("chars_replace_types"):   # CR 205.1b: the new card types replace the old
                an = eff["animate"]
                ch.subtypes = _chars_kept_subtypes(ch.subtypes, an["types"])
                ch.types = tuple(an["types"])
                ch.subtypes = ch.subtypes + tuple(t for t in an["subtypes"] if t not in ch.subtypes)
            elif eff.get("animate"):
                an = eff["animate"]
                ch.types = ch.types + tuple(t for t in an["types"] if t not in ch.types)
                ch.subtypes = ch.subtypes + tuple(t for t in an["subtypes"] if t not in ch.subtypes)
            elif "chars_creature_type" in eff:   # CR 205.1a: replaces its creature types
                ch.subtypes = tuple(t for t in ch.subtypes if t not in ctypes) + (eff["chars_creature_type"],)
            elif "chars_add_types" in eff:   # CR 205.1b: "in addition to its other types"
                ts, sts = eff["chars_add_types"]
                ch.types = ch.types + tuple(t for t in ts if t not in ch.types)
                ch.subtypes = ch.subtypes + tuple(t for t in sts if t not in ch.subtypes)
            elif "chars_every_type" in eff:   # CR 205.3m: every creature type
                ch.subtypes = tuple(ch.subtypes) + tuple(t for t in CREATURE_TYPES if t not in ch.subtypes)
    for eff in effs:   # layer 5 (CR 613.1e)
        for tid in eff["objs"]:
            if tid not in out:
                continue
            if eff.get("animate"):
                if eff["animate"]["colors"] is not None:
                    out[tid].colors = tuple(eff["animate"]["colors"])
            elif "chars_colors" in eff:
                out[tid].colors = tuple(eff["chars_colors"])


def chars_layer6_adds(game, out) -> None:
    """CR 613.1f: "[~ / enchanted creature] has protection from the chosen color" (CR 702.16a,
    614.12): nothing before a colour is chosen."""
    from judgetower.rules.conditions import chosen_of
    for oid in list(out):
        o = game.objects[oid]
        if o.face_down or getattr(o, "compiled", None) is None:
            continue
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.ProtectionChosen):
                c = chosen_of(game, o).get("color")
                tid = o.id if isinstance(ab.effect.affected, ir.This) else o.attached_to
                if c and tid in out:
                    out[tid].keywords = out[tid].keywords | {f"protection:{c}"}


def chars_layer6_losses(game, out, statics, affected) -> None:
    """CR 613.1f, 613.7: "loses KEYWORDS until end of turn" removes them, unless an effect that
    grants one has a later timestamp (a later "gains ... until end of turn", or a static ability
    of a permanent that came later)."""
    from judgetower.rules.characteristics.layers import keyword_key
    losses = [e for e in game.continuous if e.get("chars_lose")]
    for eff in losses:
        ts = eff.get("timestamp", 0)
        for tid in eff["objs"]:
            if tid not in out:
                continue
            later = set()
            for g in game.continuous:
                if g.get("keywords") and g.get("timestamp", 0) > ts and tid in g["objs"]:
                    later.update(keyword_key(k) for k in g["keywords"])
            for o, st in statics:
                if isinstance(st, ir.Anthem) and st.keywords and getattr(o, "timestamp", 0) > ts \
                        and tid in affected(game, o, st.affected, out):
                    later.update(keyword_key(k) for k in st.keywords)
            gone = {keyword_key(k) for k in eff["chars_lose"]} - later
            out[tid].keywords = frozenset(k for k in out[tid].keywords if k not in gone)


def chars_layer_7b(game, out) -> None:
    """CR 613.4b, 613.7: "has base power and toughness P/T" (until end of turn, or an Aura's or
    Equipment's static ability, with its source's timestamp), replayed in timestamp order with
    the man-land animations that set base power and toughness (applied just before)."""
    effs = [e for e in game.continuous if "chars_base_pt" in e]
    for oid in list(out):
        o = game.objects[oid]
        if o.face_down or getattr(o, "compiled", None) is None:
            continue
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.StaticBasePT):
                if o.attached_to in out:
                    effs.append({"objs": {o.attached_to}, "timestamp": getattr(o, "timestamp", 0),
                                 "chars_base_pt": (ab.effect.power, ab.effect.toughness)})
    if not effs:
        return
    effs += [e for e in game.continuous if e.get("animate") and e["animate"].get("power") is not None]
    for eff in sorted(effs, key=lambda e: e.get("timestamp", 0)):
        pt = eff["chars_base_pt"] if "chars_base_pt" in eff else (eff["animate"]["power"], eff["animate"]["toughness"])
        for tid in eff["objs"]:
            if tid in out:
                out[tid].power, out[tid].toughness = pt


def chars_layer_7d(game, out) -> None:
    """CR 613.4d: switching power and toughness, after layers 7a-7c (counters included)."""
    for eff in sorted((e for e in game.continuous if e.get("chars_switch")), key=lambda e: e.get("timestamp", 0)):
        for tid in eff["objs"]:
            if tid in out:
                out[tid].power, out[tid].toughness = out[tid].toughness, out[tid].power


def chars_protected(keywords, src_ch) -> bool:
    """CR 702.16a: does one of these protection keywords ("protection:R", "protection:artifacts",
    "protection:multicolored") cover a source with the characteristics ``src_ch``? Colours
    (CR 105.1), artifacts (a source that is an artifact, CR 702.16a), multicolored (two or more
    colours, CR 105.4)."""
    if src_ch is None:
        return False
    for k in keywords:
        if not k.startswith("protection:"):
            continue
        q = k.split(":", 1)[1]
        if q in src_ch.colors:
            return True
        if q == "artifacts" and "Artifact" in src_ch.types:
            return True
        if q == "multicolored" and len(src_ch.colors) > 1:
            return True
        if q == "creatures" and "Creature" in src_ch.types:
            return True
        if q.startswith("sub:") and q[4:] in src_ch.subtypes:
            return True
    return False
