"""copies2: copies and spell variants in the engine.

* Prototype (CR 702.160a, 718): a prototype card may be cast "prototyped": while casting it and
  as the spell and the permanent it becomes, it has only its alternative mana cost, power and
  toughness, and the colours of that mana cost (CR 718.3a, 718.3b); copies of it keep them
  (CR 718.2a, 718.3c, 718.3d); in every other zone it has its normal characteristics (CR 718.4).
  The engine offers it as the card's alternative way to cast it (``Cast.alternative``).
  Judge Tower: its reminder text reads "You may cast this spell with different mana cost, color,
  and size": a "may" taken when able (JT-C1, R9), so in referee mode the card is cast prototyped
  whenever that is possible, as with the alternative costs "you may ... rather than pay".
* Overload (CR 702.96): "You may choose to pay [cost] rather than pay this spell's mana cost" and
  "If you chose to pay this spell's overload cost, change its text by replacing all instances of
  the word 'target' with the word 'each'." (CR 702.96a-c); the overloaded text is compiled with the
  card (compiler ``_copies2_overload``) and is the spell's text only while on the stack (CR 612,
  702.96c: the text-changing effect is the spell's own). Judge Tower: an alternative cost the
  keyword defines as "you may choose to pay [cost] rather than pay this spell's mana cost" is
  used when able (JT-C1, R9), like Force of Will's.
"""

from __future__ import annotations

import copy

from judgetower.oracle import ir
from judgetower.rules.log import CardName, msg
from judgetower.rules.stack.casting import name_said, payment_label


def prototype_of(o):
    """(mana cost, power, toughness) of the object's prototype keyword (CR 718.2), or None."""
    compiled = getattr(o, "compiled", None)
    for ab in getattr(compiled, "abilities", ()):
        if isinstance(ab, ir.Keyword) and ab.name == "prototype":
            return ab.arg
    return None


def overload_of(o):
    """(mana cost, overloaded CompiledCard) of the object's overload keyword, or None."""
    compiled = getattr(o, "compiled", None)
    for ab in getattr(compiled, "abilities", ()):
        if isinstance(ab, ir.Keyword) and ab.name == "overload" and ab.arg[1] is not None:
            return ab.arg
    return None


def prototyped_chars(obj, ch):
    """CR 718.3b: a prototyped spell, and the permanent it becomes, have only the alternative
    power, toughness and mana cost (its mana value, CR 202.3), and the colours of that cost
    (CR 105.2); other characteristics stay (CR 718.5)."""
    from judgetower.cards.card import colors_of_cost, mana_value_of
    proto = prototype_of(obj)
    if proto is None:
        return ch
    cost, p, t = proto
    ch.power, ch.toughness = p, t
    ch.mana_value = mana_value_of(cost)
    ch.colors = tuple(colors_of_cost(cost))
    return ch


class CopiesMixin:
    # ---- alternative ways to cast: prototype and overload -------------------------------------
    def copies_alt_cost(self, ab):
        """The alternative cost the engine offers for a keyword, or None: overload's (CR 702.96a,
        an alternative cost, CR 118.9); prototype's alternative mana cost (CR 718.3a: the spell
        is evaluated and paid with only that mana cost)."""
        if isinstance(ab, ir.Keyword) and ab.name == "prototype":
            return ir.Cost(mana=ab.arg[0])
        if isinstance(ab, ir.Keyword) and ab.name == "overload":
            return ir.Cost(mana=ab.arg[0])   # (a card whose overloaded text isn't understood is refused)
        return None

    def cast_view(self, o, alternative: bool):
        """A stand-in for ``o`` as it would be cast (CR 601.2): overloaded, it has the text
        with "each" and no targets (CR 702.96b), so it needs none to be cast."""
        ov = overload_of(o) if alternative else None
        if ov is None:
            return o
        view = copy.copy(o)
        view.compiled = ov[1]
        return view

    def copies_on_cast(self, p: int, spell) -> None:
        """Called as a spell is cast, before its modes, costs and targets (CR 601.2b-c)."""
        if not getattr(spell, "alternative", False):
            return
        name = self.players[p]
        if prototype_of(spell) is not None:
            cost, pw, tg = prototype_of(spell)
            spell.copy_prototyped = True
            self.touch()
            self.log.add("{player} casts {spell} prototyped ({cost}, {pt})", "CR 702.160a", "CR 718.3b", player=name,
                         spell=spell, cost=cost, pt=f"{pw}/{tg}")
            return
        ov = overload_of(spell)
        if ov is not None:
            # CR 702.96c: a text-changing effect on the spell; the card's own text comes back
            # when it leaves the stack (``home``, see Game.move)
            spell.home = (spell.card, spell.compiled)
            spell.compiled = ov[1]
            spell.copy_overloaded = True
            self.touch()
            self.log.add("{player} casts {spell} for its overload cost {cost}: \"target\" becomes \"each\"",
                         "CR 702.96a", "CR 702.96b", player=name, spell=spell, cost=ov[0])

    def copies_carry(self, o, new, from_zone: str, to_zone: str) -> None:
        """CR 718.3b: the permanent a prototyped spell becomes is prototyped too; in any other
        zone it has its normal characteristics (CR 718.4)."""
        if from_zone == "stack" and to_zone == "battlefield" and getattr(o, "copy_prototyped", False):
            new.copy_prototyped = True

    def copy_mana_cost(self, o) -> str:
        """The mana cost of an object as a string (CR 202.1): a prototyped one has its alternative
        mana cost (CR 718.3b)."""
        if getattr(o, "copy_prototyped", False) and prototype_of(o) is not None:
            return prototype_of(o)[0]
        return o.card.mana_cost or ""

    # ---- clones: "You may have ~ enter the battlefield as a copy of any creature ..." ---------
    def enter_as_copy(self):
        """CR 707.5, 614.1c: a permanent with "you may have ~ enter the battlefield as a copy of
        any [filter] on the battlefield" becomes a copy as it enters: the engine asks its
        controller at once, before state-based actions, triggers or priority look at it (like
        the "as ~ enters" choices, CR 614.12), then applies the copied "enters tapped / with
        counters" abilities (CR 707.5); enters-the-battlefield triggers of the copy then trigger
        (CR 707.5) and its own "as ~ enters" choices are made anew (CR 707.6). Judge Tower: the
        "may" is taken when something can be copied (JT-C1, R9); which one is a free choice.
        Returns True if anything happened."""
        from judgetower.rules.characteristics.filters import matches
        acted = False
        for oid in list(self.battlefield):
            o = self.objects[oid]
            if getattr(o, "copy_done", False) or not hasattr(o, "compiled"):
                continue
            if o.face_down:
                o.copy_done = True   # entered face down: turned face up later, it doesn't enter (CR 708.8)
                continue
            effs = [ab.effect for ab in o.compiled.abilities
                    if isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.EntersAsCopy)]
            if not effs:
                continue
            o.copy_done = True
            acted = True
            p = o.controller
            cands = [x.id for x in self.permanents() if x.id != o.id and matches(self, x, effs[0].filter, o)]
            if not cands:
                self.log.add("{card} enters as itself: there is nothing it could copy", "CR 707.5", card=o)
                continue
            yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                      msg("have {card} enter as a copy of a permanent?", card=o), "CR 707.5")
            if not yes:
                self.log.add("{player} has {card} enter as itself", "CR 707.5", player=self.players[p], card=o)
                continue
            t = yield from self.ask(p, "cards", cands, msg("choose what {card} enters as a copy of", card=o), "CR 707.5")
            self.become_copy(o, self.objects[t], effs[0].add_types, effs[0].add_subtypes, effs[0].set_pt)
            self.apply_enter_replacements(o)   # CR 707.5: the copied "enters with / tapped" apply
        return acted

    def become_copy(self, o, orig, add_types=(), add_subtypes=(), set_pt=None) -> None:
        """``o`` gets the copiable values of ``orig`` (CR 707.2, 707.3: the values printed on it,
        or a token's, as modified by other copy effects and face-down status; a prototyped
        permanent's alternative values, CR 718.3d); its own come back when it leaves the
        battlefield (CR 400.7)."""
        from judgetower.oracle.ir import CompiledCard, TokenSpec
        from judgetower.rules.characteristics.layers import base_chars
        before = msg("a face-down card") if o.face_down else CardName(o.name)   # its name before, for the log
        if getattr(o, "home", None) is None:
            o.home = (o.card, o.compiled)
        spec = getattr(orig, "copied_values", None)
        if orig.face_down:
            ch = base_chars(orig)   # a face-down permanent's copiable values: a nameless 2/2 (CR 708.2, 707.2)
            spec = TokenSpec("", ch.power, ch.toughness, (), tuple(ch.types), (), ())
        elif spec is None and orig.token is not None:
            spec = orig.token       # a token's copiable values are its own (CR 111.3, 707.2)
        if spec is not None and (add_types or add_subtypes or set_pt is not None):
            # "except it's a Spirit / an artifact in addition to its other types", "except it's
            # 7/7": part of the copiable values (CR 707.9a, 707.9b)
            from dataclasses import replace
            types = tuple(spec.types) + tuple(t for t in add_types if t.capitalize() not in
                                              {x.capitalize() for x in spec.types})
            subs = tuple(spec.subtypes) + tuple(s for s in add_subtypes if s not in spec.subtypes)
            spec = replace(spec, types=types, subtypes=subs)
            if set_pt is not None:
                spec = replace(spec, power=set_pt[0], toughness=set_pt[1])
        if spec is not None:
            o.copied_values = spec
            o.compiled = CompiledCard(spec.name, tuple(spec.abilities))
        else:
            o.copied_values = None
            o.card, o.compiled = orig.card, orig.compiled
            o.copy_prototyped = getattr(orig, "copy_prototyped", False)   # CR 718.3d
            if add_types or add_subtypes or set_pt is not None:
                o.card = _modified_card(orig.card, add_types, add_subtypes, set_pt)   # CR 707.9a-b
                if set_pt is not None:
                    o.copy_prototyped = False   # (the 7/7 of the exception wins over the prototype's P/T)
        self.touch()
        self.log.add("{card} enters as a copy of {original}", "CR 707.5", "CR 707.2", card=before, original=orig)

    # ---- splice (CR 702.47) -------------------------------------------------------------------
    def copies_extra_costs(self, spell) -> list:
        """The splice costs paid as additional costs of the spell (CR 702.47a, 601.2f)."""
        from judgetower.rules.stack.mana import ManaCost
        return [ManaCost.parse(c) for c in getattr(spell, "splice_costs", ())]

    def choose_splice(self, p: int, spell, name: str, total, helpers):
        """CR 702.47a, 601.2b: as a spell is cast, its controller may reveal cards with "Splice
        onto [quality] [cost]" from their hand; the spell gains each one's spell ability, after
        its own (CR 702.47b: the main spell's effects first, the spliced ones in the order the
        player chooses), and each splice cost is an additional cost. A card can't be spliced if
        the choices its text needs (targets) can't be made (CR 702.47b), nor twice. The spell
        loses the spliced text when it leaves the stack (CR 702.47e: ``home``, see Game.move).
        Judge Tower: "you may reveal this card ... and pay its splice cost" is an optional cost,
        paid when able (JT-C1, R9), for every card that can be spliced."""
        from judgetower.rules.stack.casting import _chosen_modes
        from judgetower.rules.characteristics.layers import base_chars
        main = self.spell_ability(spell)
        if main is None or getattr(spell, "is_spell_copy", False):
            return
        ch = base_chars(spell)
        chosen: list = []
        spell.splice_costs = []
        for cid in list(self.hand(p)):
            c = self.objects[cid]
            comp = getattr(c, "compiled", None)
            if comp is None or not comp.ok:
                continue
            arg = next((ab.arg for ab in comp.abilities if isinstance(ab, ir.Keyword) and ab.name == "splice"), None)
            if arg is None:
                continue
            quality, cost = arg
            if quality == "arcane" and "Arcane" not in ch.subtypes:
                continue
            if quality == "instant or sorcery" and not ({"Instant", "Sorcery"} & set(ch.types)):
                continue
            sa = next((ab for ab in comp.abilities if isinstance(ab, ir.SpellAbility)), None)
            if sa is None or not self.has_targets(p, spell, sa.targets):
                continue   # CR 702.47b: its choices can't be made
            spell.splice_costs = [x for _, x, _ in chosen] + [cost]
            payable = self.can_pay_mana(p, total(), helpers=helpers)
            spell.splice_costs = [x for _, x, _ in chosen]
            if not payable:
                continue
            yes = yield from self.ask(p, "may", self.forced_bool_options([False, True], "splice"),
                                      msg("reveal {card} and splice it onto {spell} for {cost}?", card=c, spell=name_said(name),
                                          cost=cost), "CR 702.47a")
            if yes:
                chosen.append((c, cost, sa))
                spell.splice_costs = [x for _, x, _ in chosen]
        if not chosen:
            return
        order: list = []
        left = list(chosen)
        while len(left) > 1:   # CR 702.47b: the player chooses the order of the spliced effects
            cid = yield from self.ask(p, "cards", [c.id for c, _, _ in left],
                                      msg("choose the next spliced card whose effects happen (after {spell}'s)",
                                          spell=name_said(name)), "CR 702.47b")
            pick = next(x for x in left if x[0].id == cid)
            left.remove(pick)
            order.append(pick)
        order += left
        if len(order) > 1:
            spliced = order[-1][0]
            for c, _, _ in reversed(order[:-1]):
                spliced = msg("{card}, then {rest}", card=c, rest=spliced)
            self.log.add("the effects of {spell} happen first, then those of {cards}", "CR 702.47b",
                         spell=payment_label(name), cards=spliced)
        modes = (main,) + tuple(sa for _, _, sa in order)
        combined = _chosen_modes(ir.Modal(len(modes), len(modes), modes), tuple(range(len(modes))))
        if getattr(spell, "home", None) is None:
            spell.home = (spell.card, spell.compiled)
        rest = tuple(a for a in spell.compiled.abilities if not isinstance(a, (ir.SpellAbility, ir.Modal)))
        spell.compiled = ir.CompiledCard(spell.compiled.name, (combined,) + rest)
        self.touch()
        for c, cost, _ in order:
            self.log.add("{player} reveals {card} from their hand and splices it onto {spell} (splice cost {cost})",
                         "CR 702.47a", "CR 601.2b", player=self.players[p], card=c, spell=payment_label(name),
                         cost=cost)

    # ---- "Whenever you cast or copy an instant or sorcery spell" ------------------------------
    def copies_check_event(self, ev, watchers) -> None:
        """A copy of a spell put onto the stack by ``ev["player"]`` (CR 707.10) triggers their
        "whenever you cast or copy a [filter] spell" abilities (the cast half is an ordinary cast
        trigger, CR 601.2i). The copy is the trigger's object."""
        if ev.get("kind") != "spell_copied":
            return
        from judgetower.rules.characteristics.layers import base_chars
        from judgetower.rules.triggers.abilities import triggered_abilities
        spell, p = ev["obj"], ev["player"]
        ch = base_chars(spell)
        for w in watchers:
            for idx, ab in triggered_abilities(w):
                t = getattr(ab, "trigger", None)
                if t is None or t.event != "cast" or not getattr(t, "c2_or_copy", False):
                    continue
                if not self._whose_ok(t.whose, p, w) or not self._subject_ok(t, w, spell, ch):
                    continue
                self.log.add("{player} copies {spell}: {source}'s ability triggers", "CR 707.10", "CR 603.2",
                             player=self.players[p], spell=spell, source=w)
                self._trigger(w, idx, ab, {"trigger_obj": spell, "trigger_player": p})


def _modified_card(card, add_types=(), add_subtypes=(), set_pt=None):
    """The characteristics a copy gets with "except it's a [type] in addition to its other types"
    / "except it's P/T" (CR 707.9a, 707.9b)."""
    from dataclasses import replace
    types = list(card.types) + [t.capitalize() for t in add_types if t.capitalize() not in card.types]
    subs = list(card.subtypes) + [s for s in add_subtypes if s not in card.subtypes]
    type_line = " ".join(list(card.supertypes) + types) + (" — " + " ".join(subs) if subs else "")
    changes = {"type_line": type_line}
    if set_pt is not None:
        changes.update(power=str(set_pt[0]), toughness=str(set_pt[1]))
    return replace(card, **changes)
