"""Casting spells (CR 601), activating abilities (CR 602, 605, 606), costs (CR 118) and
choosing targets (CR 115)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import islice

from judgetower.oracle import ir
from judgetower.rules.capabilities import has_keyword, keyword_arg as _keyword_arg
from judgetower.rules.decisions import Divide, Done, division_count, divisions
from judgetower.rules.characteristics.filters import chars_of, matches
from judgetower.rules.stack.mana import ManaCost, Source, plan_payment
from judgetower.rules.state import PID, StackAbility
from judgetower.rules.turn.untap import IMPROVISE   # turnflow
from judgetower.rules.registry import effect
from judgetower.rules.log import CardName, Message, Term, msg, render


def _walk_effects(effects):
    """Every IR node in ``effects``, nested ones included (a conditional's, a modal's...)."""
    import dataclasses
    stack = list(effects) if isinstance(effects, (list, tuple)) else [effects]
    while stack:
        e = stack.pop(0)
        if not dataclasses.is_dataclass(e) or isinstance(e, type):
            continue
        yield e
        for f in dataclasses.fields(e):
            v = getattr(e, f.name)
            if isinstance(v, (list, tuple)):
                stack.extend(x for x in v if dataclasses.is_dataclass(x))
            elif dataclasses.is_dataclass(v):
                stack.append(v)


@dataclass(frozen=True)
class Attach:
    """Internal effect of equip (CR 702.6a): attach this Equipment to the target."""

    what: object = ir.Target(0)


def equip_ability(cost: str) -> ir.ActivatedAbility:
    """Equip [cost]: "[Cost]: Attach to target creature you control. Equip only as a sorcery."""
    return ir.ActivatedAbility(ir.Cost(mana=cost), (ir.TargetSpec("object", ir.Filter(types=("creature",), controller="you")),),
                               (Attach(),), sorcery_speed=True)


@dataclass(frozen=True)
class UnearthReturn:
    """kwcosts: unearth's effect (CR 702.84a): return this card from the graveyard to the
    battlefield; it gains haste; exile it at the beginning of the next end step; if it would leave
    the battlefield, exile it instead."""


def unearth_ability(cost: str) -> ir.ActivatedAbility:
    """kwcosts: CR 702.84a: "Unearth [cost]" means "[Cost]: Return this card from your graveyard
    to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
    leave the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery."."""
    return ir.ActivatedAbility(ir.Cost(mana=cost), (), (UnearthReturn(),), sorcery_speed=True, zone="graveyard")


def cycling_ability(cost) -> ir.ActivatedAbility:
    """kwcosts: CR 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card.",
    an activated ability that functions only while the card is in a player's hand. ``cost``: a
    mana cost, or a Cost ("Cycling—Pay 2 life")."""
    full = replace(cost, discard_self=True) if isinstance(cost, ir.Cost) else ir.Cost(mana=cost, discard_self=True)
    return ir.ActivatedAbility(full, (), (ir.Draw(ir.You(), 1),), zone="hand")


class PaymentLabel(str):
    """What a payment is for ("Mind Stone's ability"): its English text (prompts, causes, the
    ``what`` of `pay_mana`) that also carries ``value``, what a log message shows in its place
    (a message, a card, a card's name), so that the log can write it in French too."""

    def __new__(cls, text: str, value):
        s = super().__new__(cls, text)
        s.value = value
        return s


def payment_label(what):
    """The log parameter for the ``what`` of a payment: a `Message` as it is, a `PaymentLabel`'s value,
    else the text as a card's name (a spell's ``what`` is its name)."""
    if isinstance(what, Message):
        return what
    return getattr(what, "value", None) or CardName(what)


def name_said(name: str):
    """A spell's name held as text, as a prompt's parameter: the hidden names as the messages the
    log writes for them (CR 708.4, 702.143a), else a card's name (its French printing in French)."""
    if name == "a face-down creature spell":
        return msg("a face-down creature spell")
    if name == "a face-down card":
        return msg("a face-down card")
    if name == "a card to foretell":
        return msg("a card to foretell")
    return CardName(name)


def said_as(text: str, value):
    """``value`` as a prompt's parameter where the prompt said ``text``: ``value`` when it reads
    ``text`` in English, else ``text`` (`name_said`), so that no prompt's English changes."""
    return value if render(value) == text else name_said(text)


def label_said(what):
    """The ``what`` of a payment (a spell's name, a `PaymentLabel`, a `Message`) as a prompt's
    parameter that reads as ``str(what)`` in English."""
    return said_as(str(what), payment_label(what))


def cost_phrase(cost):
    """kwcosts: a keyword's cost for the log ("{1}{G}", "{1}{G}, pay 3 life"): its parts (rendered
    joined with ", "), each a message in the log's language."""
    if not isinstance(cost, ir.Cost):
        return str(cost)
    parts = [cost.mana] if cost.mana else []
    if cost.life:
        parts.append(msg("pay {n} life", n=cost.life))
    if cost.sacrifice is not None:
        parts.append(msg("sacrifice a permanent"))
    if cost.discard:
        parts.append(msg("discard {n} card(s)", n=cost.discard))
    if cost.exile_from_graveyard:
        parts.append(msg("exile {n} card(s) from your graveyard", n=cost.exile_from_graveyard))
    return parts or "{0}"


#: kwcosts: the ``Source.ability`` of a creature tapped for convoke (CR 702.51a)
CONVOKE = -702

#: kwcosts: the ``Source.ability`` of a card exiled from the graveyard for delve (CR 702.66a)
DELVE = -66

#: kwcosts: steps of a turn before attackers are declared (CR 602.5, 508.1)
BEFORE_ATTACKERS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat")


class CastingMixin:

    # ------------------------------------------------------------------ abilities of objects
    def activated_abilities(self, o) -> list:
        """Activated abilities in printed order, equip included (SCENARIOS: `ability: K`)."""
        cached = getattr(o.compiled, "_activated", None)
        if cached is None:
            cached = []
            for ab in o.compiled.abilities:
                if isinstance(ab, ir.ActivatedAbility):
                    cached.append(ab)
                elif isinstance(ab, ir.Keyword) and ab.name == "equip":
                    cached.append(equip_ability(ab.arg))
                elif isinstance(ab, ir.Keyword) and ab.name == "cycling":
                    cached.append(cycling_ability(ab.arg))   # kwcosts: CR 702.29a
                elif isinstance(ab, ir.Keyword) and ab.name == "unearth":
                    cached.append(unearth_ability(ab.arg))   # kwcosts: CR 702.84a
                elif self.cast_activated(ab) is not None:
                    cached.append(self.cast_activated(ab))   # kwcast: typecycling (CR 702.29e)
                elif isinstance(ab, ir.Keyword) and ab.name == "crew":
                    from judgetower.rules.mechanics.activated import crew_ability
                    cached.append(crew_ability(int(ab.arg)))   # kw2: CR 702.122a
                elif isinstance(ab, ir.Keyword) and ab.name == "ninjutsu":
                    from judgetower.rules.mechanics.activated import ninjutsu_ability
                    cached.append(ninjutsu_ability(ab.arg))    # kw2: CR 702.49a
                elif isinstance(ab, ir.Keyword) and ab.name in ("suspend", "foretell"):
                    from judgetower.rules.mechanics.exile_casting import hand_ability
                    cached.append(hand_ability(ab, getattr(o, "card", None), o.compiled))   # exilecast: CR 116.2f, 116.2h
            object.__setattr__(o.compiled, "_activated", cached)
        if getattr(o, "zone", None) == "battlefield":
            # tokens helper: abilities granted in layer 6 (CR 613.1f) follow the object's own
            granted = self.chars(o).granted_abilities
            if granted:
                return list(cached) + list(granted)
        return cached

    def alternative_cost(self, o):
        if getattr(o, "kw2_morph", False) or (o.zone == "hand" and self.is_morph(o)
                                              and not any(isinstance(ab, ir.AlternativeCost) or (isinstance(ab, ir.Keyword) and ab.name == "evoke")
                                                          for ab in o.compiled.abilities)):
            # kw2: CR 702.37c: "you may cast this card as a 2/2 face-down creature, with no text,
            # no name, no subtypes, and no mana cost by paying {3} rather than paying its mana cost"
            from judgetower.rules.mechanics.activated import MORPH_CAST_COST
            return ir.Cost(mana=MORPH_CAST_COST)
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.AlternativeCost):
                return ab.cost
            if isinstance(ab, ir.Keyword) and ab.name == "evoke":
                # kwcosts: CR 702.74a: "You may cast this spell by paying [cost] rather than
                # paying its mana cost" (an alternative cost, CR 118.9)
                return ir.Cost(mana=ab.arg)
            if isinstance(ab, ir.Keyword) and ab.name == "dash":
                return ir.Cost(mana=ab.arg)   # kw2: CR 702.109a, an alternative cost (CR 118.9)
            if self.casting_alt_cost(ab) is not None:   # kwcast: spectacle, surge (CR 702.137a, 702.117a)
                return self.casting_alt_cost(ab)
            if self.copies_alt_cost(ab) is not None:   # copies2: prototype, overload (CR 702.160a, 702.96a)
                return self.copies_alt_cost(ab)
            if isinstance(ab, ir.Keyword) and ab.name == "bestow":
                return ir.Cost(mana=ab.arg)   # auras2: CR 702.103a, an alternative cost (CR 118.9)
            if isinstance(ab, ir.Keyword) and ab.name == "awaken":
                return ir.Cost(mana=ab.arg[1])   # auras2: CR 702.113a, an alternative cost (CR 118.9)
        return None

    def keyword_arg(self, o, name: str):
        if name == "enchant" and getattr(o, "aura_bestowed", False):
            from judgetower.rules.mechanics.attachments import bestow_enchant_filter   # auras2: CR 702.103b
            return bestow_enchant_filter()
        return _keyword_arg(o.compiled, name)   # issue 17: indexed once per compiled card

    def spell_ability(self, o):
        """The spell's SpellAbility; for a modal spell (CR 700.2), its chosen modes as one, in
        printed order (none chosen yet: no targets, no effects)."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.SpellAbility):
                return ab
            if isinstance(ab, ir.Modal):
                return _chosen_modes(ab, tuple(getattr(o, "modes", ()) or ()))
        return None

    def modal(self, o):
        """The spell's Modal ability (CR 700.2), or None."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.Modal):
                return ab
        return None

    def legal_modes(self, p: int, o, modal) -> list[int]:
        """CR 700.2a: a mode that would be illegal (no legal targets) can't be chosen."""
        return [i for i, m in enumerate(modal.modes) if self.has_targets(p, o, m.targets)]

    def spell_has_targets(self, p: int, o) -> bool:
        """CR 601.2c (modal spells: CR 700.2a, enough modes with legal targets to choose)."""
        modal = self.modal(o)
        if modal is not None:
            return len(self.legal_modes(p, o, modal)) >= max(1, modal.choose_min)
        return self.has_targets(p, o, self.spell_targets(o))

    def choose_modes(self, p: int, spell):
        """CR 601.2b, 700.2: announce the modes of a modal spell, one at a time; each at most
        once (CR 700.2d), only modes with legal targets (CR 700.2a); Done once the minimum is
        reached. Judge Tower referee mode: "one or both"/"one or more" take as many as possible
        (JT-C3, R9); "choose one" stays free."""
        modal = self.modal(spell)
        if modal is None:
            return
        if (yield from self.kw2_entwine(p, spell, modal)):
            return   # kw2: entwined, every mode is chosen (CR 702.42a)
        legal = self.legal_modes(p, spell, modal)
        spell.modes = yield from self.ask_modes(p, spell.name, modal, legal, ("CR 601.2b", "CR 700.2"))

    def ask_modes(self, p: int, name: str, modal, legal: list, rules: tuple):
        """Choose among the ``legal`` modes of ``modal`` one at a time (CR 700.2), up to its
        maximum; Done is offered once the minimum is met, unless Judge Tower's referee mode
        wants as many as possible (JT-C3, R9). Returns the chosen modes, sorted. ``rules``: the
        rule of the question first (spells CR 601.2b, triggers CR 700.2b), then the log's."""
        from judgetower.rules.decisions import Done
        hi = modal.choose_max if modal.choose_max is not None else len(modal.modes)
        chosen: list[int] = []
        while len(chosen) < hi:
            opts: list = [i for i in legal if i not in chosen]
            if len(chosen) >= modal.choose_min and not (opts and self.rules.max_targets):
                opts.append(Done())
            if not opts or opts == [Done()]:
                break
            c = yield from self.ask(p, "mode", opts, msg("choose a mode for {spell}", spell=name_said(name)), rules[0],
                                    illegal_rule="CR 700.2a", chosen=tuple(chosen), texts=modal.texts)
            if isinstance(c, Done):
                break
            chosen.append(c)
            text = modal.texts[c] if c < len(modal.texts) else msg("mode {n}", n=c + 1)
            self.log.add("{player} chooses mode: {mode}", *rules, player=self.players[p], mode=text)
        return tuple(sorted(chosen))

    def spell_targets(self, o) -> tuple:
        """Target specs of a spell: its spell ability's, or an Aura's enchant target (CR 303.4a)."""
        sa = self.spell_ability(o)
        if sa is not None:
            extra = self.aura_extra_targets(o)   # auras2: awaken's target (CR 702.113b)
            return tuple(sa.targets) + extra if extra else sa.targets
        enchant = self.keyword_arg(o, "enchant")
        if enchant is not None and ("Aura" in o.card.subtypes or getattr(o, "aura_bestowed", False)):  # auras2
            return (ir.TargetSpec("object", enchant),)
        return self.player_aura_targets(o)   # auras2: "Enchant player" (CR 303.4a, 702.5d)

    # ------------------------------------------------------------------ mana
    def mana_sources(self, p: int, exclude: int | None = None, helpers: frozenset = frozenset()) -> list[Source]:
        key = (self._version, p, exclude)
        cached = getattr(self, "_sources_cache", None)
        if cached is not None and cached[0] == key:
            out = list(cached[1])
        else:
            out = self._mana_sources(p, exclude)
            self._sources_cache = (key, out)
            out = list(out)
        if "convoke" in helpers:
            out += self.convoke_sources(p, out)
        if "improvise" in helpers:   # turnflow: CR 702.126a
            out += self.improvise_sources(p, out)
        if "delve" in helpers:
            # kwcosts: CR 702.66a: each card exiled from your graveyard pays for {1}
            out += [Source(i, DELVE, ("g",)) for i in reversed(self.graveyard(p))]
        return out

    def convoke_sources(self, p: int, sources: list[Source]) -> list[Source]:
        """kwcosts: CR 702.51a: each untapped creature you control may be tapped to pay one
        generic mana or one mana of its colour (it is not a {T} ability, so summoning sickness
        doesn't matter). A creature already listed as a mana source is left to its mana ability;
        a creature of several colours (or none) pays only generic mana here ("g")."""
        used = {s.obj for s in sources}
        out = []
        for o in self.permanents(p):
            if o.tapped or o.id in used:
                continue
            ch = self.chars(o)
            if "Creature" not in ch.types:
                continue
            colors = tuple(ch.colors)
            out.append(Source(o.id, CONVOKE, (colors[0],) if len(colors) == 1 else ("g",)))
        return out

    def _mana_sources(self, p: int, exclude: int | None = None) -> list[Source]:
        out = []
        for o in self.permanents(p):
            if o.tapped or o.id == exclude:
                continue
            ch = self.chars(o)
            if "Creature" in ch.types and o.sick and not ch.has("haste"):
                continue
            if self.activation_banned(o):
                continue   # auras2: its mana abilities can't be activated either (CR 602.5)
            for idx, ab in enumerate(self.activated_abilities(o)):
                if not ab.mana_ability or not ab.cost.tap or ab.cost.mana or ab.cost.sacrifice_self or ab.cost.exile_self \
                        or ab.cost.discard or ab.cost.discard_self:
                    continue
                if not _auto_mana_source(ab):
                    continue
                units = self.mana_units(o, ab)
                if units:
                    out.append(Source(o.id, idx, units))
                break
        return out

    def mana_units(self, o, ab) -> tuple[str, ...]:
        units: list[str] = []
        for eff in ab.effects:
            if isinstance(eff, ir.AddMana):
                n = self.amount(eff.amount, {"source": o, "controller": o.controller})
                for _ in range(max(0, n)):
                    if eff.like is not None:
                        # manaab: CR 106.7, one mana of a type those permanents could produce
                        kinds = self.could_produce(o, eff)
                        if kinds:
                            units.append("".join(kinds))
                    elif eff.chosen_color:
                        # conds: the colour chosen as it entered (CR 614.12); none: no mana
                        from judgetower.rules.conditions import chosen_of
                        c = chosen_of(self, o).get("color")
                        if c:
                            units.append(c)
                    elif eff.any_color:
                        units.append("*")
                    elif eff.options:
                        # CR 106.1b: one of the options; a unit of several letters is one mana
                        # of one of those colours (multi-symbol options: each position's letters,
                        # used only to know that the ability adds mana: see _auto_mana_source)
                        width = max(len(opt) for opt in eff.options)
                        units.extend("".join(dict.fromkeys(opt[i] for opt in eff.options if i < len(opt)))
                                     for i in range(width))
                    else:
                        units.extend(eff.mana)
        if units and ab.cost.tap:
            units.extend(self.mana_trigger_units(o))   # actcost: CR 605.1b, 106.12
        return tuple(units)

    def could_produce(self, o, eff, seen: frozenset = frozenset()) -> tuple[str, ...]:
        """CR 106.7 (manaab): the types of mana that the permanents ``eff.like`` describes could
        produce: what their mana abilities would add if they resolved now, costs ignored; an
        ability that looks at other permanents the same way is followed once per permanent
        (an Exotic Orchard facing only Exotic Orchards produces nothing). Colours only, unless
        ``eff.like_type`` ("any type": colourless too). In WUBRGC order."""
        found: set[str] = set()
        src = _Src(o, o.controller)
        seen = seen | {o.id}
        for x in self.permanents():
            if x.id in seen or not matches(self, x, eff.like, src):
                continue
            for ab in self.activated_abilities(x):
                if not ab.mana_ability:
                    continue
                for e in ab.effects:
                    if not isinstance(e, ir.AddMana):
                        continue
                    if e.like is not None:
                        found.update(self.could_produce(x, e, seen))
                        continue
                    if self.amount(e.amount, {"source": x, "controller": x.controller}) <= 0:
                        continue
                    if e.any_color:
                        found.update("WUBRG")
                    found.update(e.mana)
                    for opt in e.options:
                        found.update(opt)
        if not eff.like_type:
            found.discard("C")
        return tuple(c for c in "WUBRGC" if c in found)

    def can_pay_mana(self, p: int, cost: ManaCost, exclude: int | None = None, helpers: frozenset = frozenset()) -> bool:
        if self.rules_free_mana():
            return True
        if cost.is_free():
            # nothing to pay (a "{T}: Add" ability's cost has no mana part): plan_payment finds
            # the empty plan whatever the sources (CR 601.2g-h, 118.5), so they are not listed
            # (listing them per ability was O(lands²) per priority, issue 17)
            return True
        plan = plan_payment(cost, self.players[p].mana_pool, self.mana_sources(p, exclude, helpers))
        if plan is not None and plan.life and not self.can_pay_life(p, plan.life):
            # CR 119.4: Phyrexian mana can be paid with life only if the life total is high enough
            plan = plan_payment(cost, self.players[p].mana_pool, self.mana_sources(p, exclude, helpers), False)
        return plan is not None

    def rules_free_mana(self) -> bool:
        return getattr(self.rules, "free_mana", False)

    def pay_mana(self, p: int, cost: ManaCost, what: str, exclude: int | None = None, phyrexian_life=None,
                 helpers: frozenset = frozenset()):
        """CR 601.2g-h: activate mana abilities and pay. Returns False if it cannot be paid."""
        if cost.is_free():
            return True
        if self.rules_free_mana():
            if "convoke" in helpers:
                # kwcosts: R4: the mana portion is paid without producing mana, so nothing is left
                # for convoke to pay: no creature is tapped (JT-G4)
                self.log.add("convoke: no creature is tapped for {what}; its mana is paid", "CR 702.51a", "JT-G4", "R4",
                             what=payment_label(what))
            if "delve" in helpers:
                # kwcosts: R4, as for convoke: no card is exiled for delve
                self.log.add("delve: no card is exiled for {what}; its mana is paid", "CR 702.66a", "JT-G4", "R4",
                             what=payment_label(what))
            if "improvise" in helpers:
                # turnflow: R4, as for convoke: no artifact is tapped for improvise
                self.log.add("improvise: no artifact is tapped for {what}; its mana is paid", "CR 702.126a", "JT-G4", "R4",
                             what=payment_label(what))
            return self.rules.pay_free(self, p, cost, what)
        plan = plan_payment(cost, self.players[p].mana_pool, self.mana_sources(p, exclude, helpers), phyrexian_life)
        if plan is None:
            return False
        for s in plan.sources:
            o = self.objects[s.obj]
            if s.ability == CONVOKE:
                # kwcosts: CR 702.51a: tapped for convoke, not a mana ability
                if not o.tapped:
                    self.note_tapped(o, True)  # triggers branch: "becomes tapped"
                o.tapped = True
                self.log.add("{player} taps {card} for convoke", "CR 702.51a", player=self.players[p], card=o)
                continue
            if s.ability == IMPROVISE:   # turnflow: CR 702.126a
                self.pay_improvise(p, o)
                continue
            if s.ability == DELVE:
                # kwcosts: CR 702.66a: exiled from the graveyard to pay for {1}
                self.log.add("{player} exiles {card} from the graveyard for delve", "CR 702.66a", player=self.players[p],
                             card=o)
                self.move(o, "exile", cause="delve", rule="CR 702.66a", log=False)
                continue
            if not o.tapped:
                self.note_tapped(o, True)  # triggers branch
            o.tapped = True
            o.activated_this_turn.add(s.ability)
            self.log.add("{player} taps {card} for mana", "CR 605.3a", player=self.players[p], card=o)
            self.log_mana_triggers(o)   # actcost: its units are in the plan (CR 605.1b)
        self.players[p].mana_pool = dict(plan.leftover)
        self.last_spent = plan.spent   # tokcount: the mana spent (colors: sunburst, CR 702.44a)
        if plan.life:
            self.lose_life(p, plan.life, rule="CR 107.4f")
        self.touch()
        self.log.add("{player} pays {cost} for {what}", "CR 601.2h", player=self.players[p], cost=cost,
                     what=payment_label(what))
        return True

    # ------------------------------------------------------------------ targets
    def legal_targets(self, spec: ir.TargetSpec, source, controller: int) -> list:
        """Candidates for one target spec (CR 115), in the engine's order: objects in zone
        order, then players in APNAP order."""
        return list(self.iter_legal_targets(spec, source, controller))

    def iter_legal_targets(self, spec: ir.TargetSpec, source, controller: int):
        """``legal_targets`` one at a time, in the same order (issue 17: "has it at least N legal
        targets?" stops at the Nth)."""
        kind = spec.kind
        if kind in ("any", "object"):
            f = spec.filter
            if kind == "any":
                for oid in self.battlefield:
                    o = self.objects[oid]
                    ch = self.chars(o)
                    if ("Creature" in ch.types or "Planeswalker" in ch.types or "Battle" in ch.types) and self._targetable(o, source, controller):
                        yield oid
            elif f.zone == "battlefield":
                for oid in self.battlefield:
                    o = self.objects[oid]
                    if matches(self, o, f, _Src(source, controller)) and self._targetable(o, source, controller):
                        yield oid
            else:
                players = [controller] if f.controller == "you" else (
                    self.opponents(controller) if f.controller == "opponent" else self.apnap(controller))
                seen = set()
                for q in players:
                    lst = self.zone_list(f.zone, q)
                    if id(lst) in seen:
                        continue
                    seen.add(id(lst))
                    for oid in lst:
                        o = self.objects[oid]
                        if o.face_down and controller not in o.may_look:
                            continue  # CR 406.3a, 406.4: no characteristics; not chosen without a look
                        if matches(self, o, ir.Filter(**{**f.__dict__, "controller": None}), _Src(source, controller)):
                            yield oid
        if kind == "spell":
            for oid in reversed(self.stack):
                o = self.objects[oid]
                if isinstance(o, StackAbility) or o.id == getattr(source, "id", None):
                    continue
                if matches(self, o, spec.filter, _Src(source, controller)):
                    yield oid
        if kind in ("player_or_planeswalker", "opponent_or_planeswalker"):
            # "target player or planeswalker" (CR 115.1): planeswalkers first, then players
            for oid in self.battlefield:
                o = self.objects[oid]
                if "Planeswalker" in self.chars(o).types and self._targetable(o, source):
                    yield oid
            yield from [PID(q) for q in (self.apnap(controller) if kind == "player_or_planeswalker"
                                         else self.opponents(controller))
                        if self.chars_player_targetable(q, controller)]   # chars: "you have hexproof" (CR 702.11c)
        if kind in ("any", "player"):
            yield from [PID(q) for q in self.apnap(controller) if self.chars_player_targetable(q, controller)]
        if kind == "opponent":
            yield from [PID(q) for q in self.opponents(controller) if self.chars_player_targetable(q, controller)]

    def _targetable(self, o, source, controller=None) -> bool:
        """CR 702.16b: protection from a quality -> can't be targeted by sources with it."""
        ch = self.chars(o)
        if source is None:
            return True
        # kwstatic: shroud, no spell or ability can target it (CR 702.18a); hexproof, no spell or
        # ability an opponent of its controller controls can (CR 702.11b)
        if ch.has("shroud"):
            return False
        if controller is None:
            controller = getattr(source, "controller", None)
        if ch.has("hexproof") and controller is not None and self.are_opponents(controller, o.controller):
            return False
        from judgetower.rules.characteristics.until_end_of_turn import chars_protected   # chars: colours, artifacts, multicolored
        if chars_protected(ch.keywords, self.chars_source_chars(source)):
            return False
        return True

    def source_colors(self, source) -> tuple:
        if isinstance(source, StackAbility):
            src = self.objects.get(source.source_id)
            return chars_of(self, src).colors if src is not None else ()
        if source is None or getattr(source, "card", None) is None and getattr(source, "token", None) is None:
            return ()
        return chars_of(self, source).colors

    def target_still_legal(self, spec, t, source, controller) -> bool:
        """CR 608.2b: a target is illegal if it is gone or no longer matches."""
        if isinstance(t, PID):
            # chars: a player with hexproof / shroud is no longer a legal target (CR 702.11c, 608.2b)
            return not self.players[t.index].lost and self.chars_player_targetable(t.index, controller)
        o = self.objects.get(t)
        if o is None or o.zone.startswith("gone"):
            return False
        if spec.kind in ("any", "object"):
            if spec.kind == "object" and spec.filter.zone != "battlefield":
                return o.zone == spec.filter.zone and matches(self, o, ir.Filter(**{**spec.filter.__dict__, "controller": None}), _Src(source, controller))
            if o.zone != "battlefield":
                return False
            if spec.kind == "any":
                ch = self.chars(o)
                return ("Creature" in ch.types or "Planeswalker" in ch.types) and self._targetable(o, source, controller)
            return matches(self, o, spec.filter, _Src(source, controller)) and self._targetable(o, source, controller)
        if spec.kind == "spell":
            return o.zone == "stack" and o.id in self.stack
        if spec.kind in ("player_or_planeswalker", "opponent_or_planeswalker"):
            return (o.zone == "battlefield" and "Planeswalker" in self.chars(o).types
                    and self._targetable(o, source))
        return True

    def choose_targets(self, p: int, source, specs, afford=None, preset=None):
        """CR 601.2c: choose targets spec by spec, one at a time; ``afford(n_extra)`` says whether
        one more target is still payable (Fireball)."""
        chosen: list[list] = []
        total = 0
        for spec in specs:
            cands = self.legal_targets(spec, source, p)
            for j in spec.distinct_from:   # "another target ...": not an earlier spec's object
                cands = [c for c in cands if j >= len(chosen) or c not in chosen[j]]
            picked: list = []
            maxn = spec.count_max if spec.count_max is not None else len(cands)
            amount = self.divided_amount(source, len(chosen), p) if spec.divided and not spec.evenly else None
            if amount is not None:
                maxn = min(maxn, amount)   # CR 601.2d: each target gets at least 1 (JT-C3 included)
            while len(picked) < maxn:
                opts = [c for c in cands if c not in picked]
                if getattr(spec, "zones4_single_graveyard", False) and picked:
                    # zones4: "from a single graveyard" (CR 115.1, 601.2c): the graveyard of the first one
                    first = self.objects[picked[0]]
                    opts = [c for c in opts if self.graveyard(self.objects[c].owner) is self.graveyard(first.owner)]
                if afford is not None and total + len(picked) >= 1:
                    opts = [c for c in opts if afford(total + len(picked) + 1)]
                if len(picked) >= spec.count_min and not (opts and self.rules.max_targets):
                    opts = opts + [Done()]  # JT-C3 (R9): as many targets as possible
                if not opts:
                    break
                if len(opts) == 1 and isinstance(opts[0], Done):
                    break
                c = yield from self.ask(p, "target", opts, msg("choose target {n} for {source}", n=len(picked) + 1, source=source),
                                        "CR 601.2c" if not isinstance(source, StackAbility) else "CR 602.2b",
                                        spec=spec, auto=len(picked) < spec.count_min or spec.count_max == spec.count_min)
                if isinstance(c, Done):
                    break
                picked.append(c)
            chosen.append(picked)
            total += len(picked)
            if amount is not None and picked:
                division = yield from self.choose_division(p, source, amount, picked)
                # by position in the target group: a copy given new targets keeps it (CR 707.10, 707.10c)
                source.divisions = {**source.divisions, len(chosen) - 1: division.amounts}
        return chosen

    #: more splits than this are chosen target by target (CR 601.2d allows any split)
    DIVISION_OPTIONS = 2000

    def choose_division(self, p: int, source, amount: int, picked: list):
        """CR 601.2d: the amount "divided as you choose" is split among the chosen targets as
        they are announced, each target at least 1. One decision offering every split when
        they are few; else one decision per target but the last (how much it gets)."""
        k = len(picked)
        said = [self.target_said(t) for t in picked]
        if division_count(amount, k) <= self.DIVISION_OPTIONS:
            return (yield from self.ask(p, "divide", divisions(amount, k),
                                        msg("divide {n} among {targets}", n=amount, targets=said), "CR 601.2d",
                                        targets=list(picked)))
        prefix: tuple[int, ...] = ()
        left = amount
        for i in range(k - 1):
            most = left - (k - 1 - i)
            opts = [Divide(prefix + (n,)) for n in range(1, most + 1)]
            pick = yield from self.ask(p, "divide", opts, msg("divide {n} among {targets}: how much to {target}",
                                                              n=amount, targets=said, target=said[i]),
                                       "CR 601.2d", targets=list(picked), partial=True)
            prefix = pick.amounts
            left = amount - sum(prefix)
        return Divide(prefix + (left,))

    def divided_amount(self, source, index: int, p: int) -> int | None:
        """The amount the effect dealing "N damage divided as you choose" among target group
        ``index`` divides (CR 601.2d), as announced (X is chosen before, CR 601.2b)."""
        from judgetower.oracle import ir
        ab = getattr(source, "ability", None)
        if ab is None:
            sa = self.spell_ability(source) if getattr(source, "card", None) is not None else None
            effects = getattr(sa, "effects", ()) if sa is not None else ()
        else:
            effects = ab.effects if not isinstance(ab, dict) else ab["effects"]
        for e in _walk_effects(effects):
            if isinstance(e, ir.DealDamage) and isinstance(e.to, ir.Target) and e.to.index == index:
                ctx = self.make_ctx(source, p, [], x=getattr(source, "x", 0) or 0,
                                    kicked=getattr(source, "kicked", 0) or 0,
                                    item=source if ab is not None else None)
                return max(0, self.amount(e.amount, ctx))
        return None

    def has_targets(self, p: int, source, specs) -> bool:
        for spec in specs:
            # (issue 17: counted up to count_min only; the candidates are the same, in the same order)
            if spec.count_min > 0 and sum(1 for _ in islice(self.iter_legal_targets(spec, source, p),
                                                             spec.count_min)) < spec.count_min:
                return False
        if any(spec.distinct_from for spec in specs):
            return _distinct_assignable(tuple(specs), [self.legal_targets(s, source, p) for s in specs])
        return True

    # ------------------------------------------------------------------ casting
    def spell_cost(self, o, alternative: bool) -> ManaCost:
        ec = self.exile_cast_spell_cost(o)   # exilecast: a foretold card's foretell cost (CR 702.143a)
        if ec is not None:
            return ec
        if getattr(o, "face_disturb", None):
            return ManaCost.parse(o.face_disturb)   # faces2: the disturb cost (CR 702.146a, 118.9)
        if getattr(o, "aftermath", False) or (o.zone == "graveyard" and o.card is not None
                                               and self.has_aftermath(o)):
            return ManaCost.parse(o.card.mana_cost)   # faces: aftermath pays its mana cost (CR 702.127a)
        if (o.zone == "graveyard" or getattr(o, "graveyard_cast", None)) and self.gy_keyword(o) is not None:
            return ManaCost.parse(self.gy_mana(o) or None)   # kwcast: retrace, jump-start: the mana cost; escape (CR 702.81a, 702.133a, 702.138a)
        if getattr(o, "madness", False) and o.zone in ("exile", "stack"):
            # kwcosts: CR 702.35a, 702.35b: cast for its madness cost rather than its mana cost
            return ManaCost.parse(self.keyword_arg(o, "madness") or None)
        if o.zone == "graveyard" or getattr(o, "flashback", False):
            # kwcosts: CR 702.34a: cast from the graveyard by paying the flashback cost rather
            # than the mana cost (an alternative cost, CR 118.9)
            return ManaCost.parse(self.flashback_cost(o).mana or None)
        if alternative:
            alt = self.alternative_cost(o)
            return ManaCost.parse(alt.mana or None)
        return ManaCost.parse(o.card.mana_cost)

    def can_cast(self, p: int, o, alternative: bool) -> bool:
        if self.cast_forbidden(p):
            return False   # trigstate: "can't cast more than one spell each turn" (CR 101.2)
        o = self.cast_view(o, alternative)   # copies2: overloaded, no targets (CR 702.96b)
        if alternative and self.is_morph(o) and not getattr(o, "kw2_morph", False) \
                and self.alternative_cost(o) is not None and not self.sorcery_timing(p):
            return False   # kw2: a face-down creature spell has no flash (CR 702.37c, 307.1)
        if self.no_mana_cost(o, alternative):
            return False   # exilecast: CR 118.6: no mana cost, can't be cast for it
        if not self.spell_has_targets(p, o):
            return False
        if self.split_second() is not None:
            return False   # kwcast: CR 702.61a: no other spells while a split second spell is on the stack
        if not self.can_cast_from_gy(p, o):
            return False   # kwcast: the discard of retrace / jump-start (CR 702.81a, 702.133a, 601.2h)
        if self.cast_only_ok(p, o) is not None:
            return False   # kwcast: "Cast this spell only ..." (CR 601.3)
        if alternative and not self.alt_allowed(p, o):
            return False   # kwcast: spectacle, surge conditions (CR 702.137a, 702.117a)
        if alternative and self.bestow_cost(o) is not None and not self.bestow_has_target(p, o):
            return False   # auras2: a bestowed Aura spell needs a creature to target (CR 702.103b, 601.2c)
        if alternative and self.awaken_arg(o) is not None and not self.awaken_has_target(p, o):
            return False   # auras2: awaken's land target (CR 702.113a-b, 601.2c)
        cost = self.spell_cost(o, alternative).with_x(0)
        cost = self.misc_apply_cost_change(cost, self.misc_cost_change(p, o)[0])   # misc: CR 601.2f
        if alternative:
            alt = self.alternative_cost(o)
            if not self.can_pay_extra(p, o, alt):
                return False
        add = self.additional_cost(o)
        if add is not None and not self.can_pay_extra(p, o, add):
            return False   # kwcosts: CR 601.2h: every cost must be payable
        if o.zone == "graveyard" and not self.has_aftermath(o) and not self.can_pay_extra(p, o, self.flashback_cost(o)):
            return False   # kwcosts: the non-mana part of a flashback cost (CR 702.34a, 601.2h)
        return self.can_pay_mana(p, cost, helpers=self.payment_helpers(o))

    # -- kwcosts: ways to cast and additional costs ----------------------------------------
    def has_convoke(self, o) -> bool:
        """CR 702.51a."""
        return any(isinstance(ab, ir.Keyword) and ab.name == "convoke" for ab in o.compiled.abilities)

    def payment_helpers(self, o) -> frozenset:
        """Ways besides mana to pay a spell's mana cost: "convoke" (CR 702.51a), "delve" (CR 702.66a)."""
        names = {ab.name for ab in o.compiled.abilities if isinstance(ab, ir.Keyword)}
        return frozenset(names & {"convoke", "delve", "improvise"})   # turnflow: improvise (CR 702.126a)

    def additional_cost(self, o):
        """The non-mana part of "As an additional cost to cast this spell, ..." (CR 601.2b), or None."""
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.AdditionalCost):
                return ab.cost
        return None

    def flashback_cost(self, o) -> ir.Cost:
        """CR 702.34a: the flashback cost as a Cost (mana only, or "—{1}{G}, Pay 3 life")."""
        arg = self.keyword_arg(o, "flashback")
        return arg if isinstance(arg, ir.Cost) else ir.Cost(mana=arg or "")

    def can_flashback(self, o) -> bool:
        """CR 702.34a: an instant or sorcery card with flashback in a graveyard can be cast."""
        return (o.card is not None and o.zone == "graveyard" and self.keyword_arg(o, "flashback") is not None
                and ("Instant" in o.card.types or "Sorcery" in o.card.types)) or (
                    o.zone == "graveyard" and self.gy_keyword(o) is not None)   # kwcast: CR 702.81a, 702.133a

    def activation_timing_ok(self, p: int, ab) -> bool:
        """CR 602.5: "Activate only during your turn / your upkeep / before attackers are declared"."""
        if ab.timing == "your_turn":
            return p == self.active
        if ab.timing == "your_upkeep":
            return p == self.active and self.step == "upkeep"
        if ab.timing == "before_attackers":
            return p == self.active and self.step in BEFORE_ATTACKERS
        if ab.timing == "actcost_any_upkeep":   # actcost: "only during any upkeep step"
            return self.step == "upkeep"
        if ab.timing == "tf_city_blessing":   # turnflow: "Activate only if you have the city's blessing"
            return self.has_blessing(p)
        return True

    def can_pay_extra(self, p: int, o, cost: ir.Cost) -> bool:
        """Non-mana parts of a cost (CR 118.3): life, exiling cards from hand, sacrifice."""
        if cost.life and not self.can_pay_life(p, cost.life):
            return False
        if cost.exile_from_hand is not None:
            if not [c for c in self.hand(p) if c != o.id and matches(self, self.objects[c], cost.exile_from_hand, o)]:
                return False
        if cost.exile_from_graveyard and len(self.graveyard(p)) < cost.exile_from_graveyard:
            return False
        if cost.sacrifice is not None and not [x for x in self.permanents(p) if matches(self, x, cost.sacrifice, o)]:
            return False
        if cost.discard_self and (o.zone != "hand" or o.id not in self.hand(p)):
            return False   # kwcosts: "Discard this card" (CR 702.29a)
        if cost.discard and len([c for c in self.hand(p) if c != o.id]) < cost.discard:
            return False   # kwcosts: "Discard a card" (CR 118.3)
        if cost.remove_counters is not None:   # manaab: CR 118.3, can't remove counters it doesn't have
            kind, n = cost.remove_counters
            if o.counters.get(kind, 0) < n:
                return False
        if cost.crew and not self.can_crew(p, o, cost.crew):
            return False   # kw2: CR 702.122a, 601.2h
        if cost.kw2_ninjutsu and not self.unblocked_attackers(p):
            return False   # kw2: CR 702.49a
        if cost.c2_energy and not self.can_pay_energy(p, cost.c2_energy):
            return False   # counters2: "Pay {E}" (CR 107.14, 118.3)
        if not self.can_pay(p, o, cost):
            return False   # actcost: tapping creatures, discarding at random, putting counters (CR 118.3)
        return True

    def can_pay_life(self, p: int, n: int) -> bool:
        return self.players[p].life >= n  # CR 119.4

    def cast_spell(self, p: int, card_obj, alternative: bool = False, face: int | None = None,
                   fuse: bool = False):
        """CR 601.2a-i. ``face``: the face of a multi-faced card cast (faces: CR 709.3, 715.3)."""
        name = card_obj.name
        from_zone = card_obj.zone
        morph_down = alternative and from_zone == "hand" and self.is_morph(card_obj) \
            and self.alternative_cost(card_obj).mana == "{3}"
        if morph_down:
            name = "a face-down creature spell"   # kw2: hidden (CR 708.4, 708.5)
        if face is not None:
            name = card_obj.card.faces[face].name
        # the spell in the log lines below (its name as it was cast)
        name_v = (msg("a face-down creature spell") if morph_down else CardName(name) if face is not None
                  else msg("a face-down card") if card_obj.face_down else CardName(name))
        label = PaymentLabel(name, name_v)   # what the payments below are for
        spell = self.move(card_obj, "stack", controller=p, cause="cast", rule="CR 601.2a", log=False)
        spell.alternative = alternative
        self.attachments_on_cast(p, spell, alternative)   # auras2: bestow (CR 702.103a-b)
        if morph_down:
            self.cast_face_down(p, spell)   # kw2: CR 702.37c
        spell.cast_from = from_zone
        # conds: "if you cast this spell during your main phase" (addendum; CR 505.1: the main
        # phase of its controller's turn)
        spell.conds_cast_main = self.active == p and self.step in ("precombat_main", "postcombat_main")
        if face is not None:
            self.put_face_on_stack(spell, face)
        if fuse:
            # faces: CR 702.102a-d: a fused split spell has both halves' characteristics
            # (CR 709.4d) and their instructions, left half first
            spell.home = (spell.card, spell.compiled)
            spell.compiled = self.fused_compiled(spell.card)
            self.log.add("{player} casts {spell} fused (both halves)", "CR 601.2a",
                         "CR 702.102a", player=self.players[p], spell=name_v)
        if from_zone == "graveyard" and self.has_aftermath(spell):
            # faces: CR 702.127a: cast from a graveyard with aftermath; exiled when it leaves the stack
            spell.aftermath = True
            self.log.add("{player} casts {spell} from the graveyard (aftermath)",
                         "CR 601.2a", "CR 702.127a", player=self.players[p], spell=name_v)
        elif fuse:
            pass
        elif face is not None:
            layout = spell.home[0].layout
            if layout == "adventure":
                self.log.add("{player} casts {spell} as an Adventure", "CR 601.2a", "CR 715.3",
                             player=self.players[p], spell=name_v)
            elif layout == "modal_dfc":
                self.log.add("{player} casts {spell} (back face of {card})", "CR 601.2a", "CR 712.11b",
                             player=self.players[p], spell=name_v, card=spell.home[0])
            elif layout == "transform":   # faces2: disturb (CR 702.146a, 712.11a)
                self.log.add("{player} casts {spell} transformed from the graveyard for its disturb cost {cost}",
                             "CR 601.2a", "CR 702.146a", player=self.players[p], spell=name_v,
                             cost=getattr(spell, 'face_disturb', ''))
            else:
                self.log.add("{player} casts {spell} (one half of a split card)", "CR 601.2a", "CR 709.3",
                             player=self.players[p], spell=name_v)
        elif from_zone == "exile" and getattr(card_obj, "adventure_player", None) == p:
            # faces: CR 715.3d: cast from exile after its Adventure resolved
            self.log.add("{player} casts {spell} from exile (it went on an adventure)",
                         "CR 601.2a", "CR 715.3d", player=self.players[p], spell=name_v)
        elif from_zone == "exile" and self.cast_note(p, card_obj, spell):
            pass   # exilecast: a foretold card (CR 702.143a)
        elif from_zone == "graveyard" and self.gy_keyword(spell) is not None:
            self.note_gy_cast(p, spell, name)   # kwcast: retrace, jump-start (CR 702.81a, 702.133a)
        elif from_zone == "graveyard":
            # kwcosts: CR 702.34a: cast from the graveyard with flashback
            spell.flashback = True
            self.log.add("{player} casts {spell} from the graveyard with flashback {cost}", "CR 601.2a", "CR 702.34a",
                         player=self.players[p], spell=name_v, cost=cost_phrase(self.keyword_arg(spell, 'flashback')))
        elif from_zone == "exile" and getattr(card_obj, "madness", False):
            # kwcosts: CR 702.35a, 608.2g: cast with madness while its trigger resolves
            spell.madness = True
            self.log.add("{player} casts {spell} from exile for its madness cost {cost}", "CR 601.2a", "CR 702.35a",
                         "CR 608.2g", player=self.players[p], spell=name_v, cost=self.keyword_arg(spell, 'madness'))
        else:
            self.log.add("{player} casts {spell}", "CR 601.2a", player=self.players[p], spell=name_v)
        self.copies_on_cast(p, spell)   # copies2: prototyped / overloaded (CR 702.160a, 702.96a)
        yield from self.choose_modes(p, spell)   # CR 601.2b, 700.2a: modes come first
        base = self.spell_cost(spell, alternative)
        # 601.2b: optional and additional costs, X
        kicker = self.keyword_arg(spell, "kicker")
        multikicker = self.keyword_arg(spell, "multikicker")
        buyback = self.keyword_arg(spell, "buyback")
        phy_life = None
        cv = self.payment_helpers(spell)   # kwcosts: convoke, delve (CR 702.51a, 702.66a)
        change, changers = self.misc_cost_change(p, spell)   # misc: CR 601.2f increases/reductions

        def total(x=0, kicks=0, bb=False, extra_targets=0):
            c = base.with_x(x)
            parts = [c]
            kc = kicker or multikicker
            for _ in range(kicks):
                parts.append(ManaCost.parse(kc))
            if bb:
                parts.append(ManaCost.parse(buyback))
            inc = self._cost_increase(spell)
            for _ in range(extra_targets):
                parts.append(ManaCost.parse(inc))
            parts.extend(self.keywords_extra_costs(spell))   # kw2: entwine, replicate (CR 702.42a, 702.56a)
            parts.extend(self.copies_extra_costs(spell))   # copies2: splice costs (CR 702.47a)
            return self.misc_apply_cost_change(_sum_costs(parts), change)   # misc: CR 601.2f

        kicks = 0
        if kicker or multikicker:
            limit = 1 if kicker else 10
            opts = [k for k in range(limit + 1) if self.can_pay_mana(p, total(0, k), helpers=cv)]
            kicks = yield from self.ask(p, "kicker", self.forced_count_options(opts, "kicker" if kicker else "multikicker"),
                                        msg("kick {spell} how many times?", spell=said_as(name, name_v)),
                                        "CR 702.33a" if kicker else "CR 702.33c")
        spell.kicked = kicks
        yield from self.choose_replicate(p, spell, name, lambda: total(0, kicks), cv)   # kw2: CR 702.56a
        yield from self.choose_splice(p, spell, label, lambda: total(0, kicks), cv)   # copies2: CR 702.47a
        if kicks:
            # CR 601.2b: the intention to pay the kicker cost is announced (CR 702.33a, 702.33c)
            if multikicker:
                self.log.add("{player} kicks {spell} {n} time(s)", "CR 702.33a" if kicker else "CR 702.33c",
                             player=self.players[p], spell=name_v, n=kicks)
            else:
                self.log.add("{player} kicks {spell}", "CR 702.33a" if kicker else "CR 702.33c",
                             player=self.players[p], spell=name_v)
        bb = False
        if buyback:
            opts = [False] + ([True] if self.can_pay_mana(p, total(0, kicks, True), helpers=cv) else [])
            bb = yield from self.ask(p, "buyback", self.forced_bool_options(opts, "buyback"),
                                     msg("pay buyback for {spell}?", spell=said_as(name, name_v)), "CR 702.27a")
        spell.buyback = bb
        x = 0
        if base.x_count:
            if self.rules_free_mana():
                xmax = 20
            else:
                xmax = -1
                while xmax < 30 and self.can_pay_mana(p, total(xmax + 1, kicks, bb), helpers=cv):
                    xmax += 1
            x = yield from self.ask(p, "x", self.forced_x_options(list(range(0, max(0, xmax) + 1))),
                                    msg("choose X for {spell}", spell=said_as(name, name_v)), "CR 601.2b")
        spell.x = x
        base_cost = total(x, kicks, bb)
        if base.phyrexian and not self.rules_free_mana():
            opts = []
            if plan_payment(base_cost, self.players[p].mana_pool, self.mana_sources(p, None, cv), False) is not None:
                opts.append(False)
            if self.can_pay_life(p, 2 * len(base.phyrexian)):
                opts.append(True)
            phy_life = yield from self.ask(p, "phyrexian", opts, msg("pay Phyrexian mana of {spell} with 2 life?",
                                                                     spell=said_as(name, name_v)),
                                       "CR 107.4f")
        # 601.2c targets
        specs = self.spell_targets(spell)
        inc = self._cost_increase(spell)
        afford = None
        if inc:
            afford = lambda n: self.can_pay_mana(p, total(x, kicks, bb, max(0, n - 1)), helpers=cv)  # noqa: E731
        spell.targets = yield from self.choose_targets(p, spell, specs, afford)
        n_targets = sum(len(t) for t in spell.targets)
        cost = total(x, kicks, bb, max(0, n_targets - 1) if inc else 0)
        if spell.targets and any(spell.targets):
            self.log.add("{spell} targets {targets}", "CR 601.2c", spell=name_v,
                         targets=[self.target_said(t) for ts in spell.targets for t in ts])
        # 601.2h: pay
        if alternative:
            if self.keyword_arg(spell, "evoke") is not None:
                self.log.add("{player} evokes {spell}", "CR 702.74a", "CR 118.9", player=self.players[p], spell=name_v)
            if self.keyword_arg(spell, "dash") is not None:   # kw2
                self.log.add("{player} casts {spell} for its dash cost", "CR 702.109a", "CR 118.9",
                             player=self.players[p], spell=name_v)
            self.note_alt(p, spell, name)   # kwcast: spectacle, surge (CR 702.137a, 702.117a)
            yield from self.pay_extra(p, spell, self.alternative_cost(spell), label)
        if getattr(spell, "flashback", False):
            # kwcosts: CR 702.34a, 601.2h: the non-mana part of the flashback cost
            yield from self.pay_extra(p, spell, self.flashback_cost(spell), label)
        yield from self.pay_gy_cost(p, spell, name)   # kwcast: CR 702.81a, 702.133a
        yield from self.pay_casualty(p, spell, name)   # kwcast: CR 702.153a
        add = self.additional_cost(spell)
        if add is not None:
            # kwcosts: CR 601.2b, 601.2h: the additional cost is paid with the others
            self.log.add("{player} pays the additional cost of {spell}", "CR 601.2b", "CR 601.2h",
                         player=self.players[p], spell=name_v)
            yield from self.pay_extra(p, spell, add, label)
        if change:
            # misc: CR 601.2f: the total cost includes cost increases and reductions
            sources = [c if not isinstance(c, str) else CardName(c) for c in changers]
            if change > 0:
                self.log.add("cost increase of {mana} ({sources}): the total cost of {spell} is {cost}", "CR 601.2f",
                             mana="{%d}" % abs(change), sources=sources, spell=name_v, cost=cost)
            else:
                self.log.add("cost reduction of {mana} ({sources}): the total cost of {spell} is {cost}", "CR 601.2f",
                             *(("CR 118.7a",) if change < 0 else ()), mana="{%d}" % abs(change), sources=sources,
                             spell=name_v, cost=cost)
        self.last_spent = None
        if not self.pay_mana(p, cost, label, phyrexian_life=phy_life, helpers=cv):
            raise RuntimeError(f"engine offered an unpayable cast of {name}")
        yield from self.record_colors(p, spell, cost)   # tokcount: colors spent (CR 702.44a, JT-G4)
        self.touch()
        self.events.append({"kind": "cast", "obj": spell, "player": p})
        self.count_cast(spell, p)   # trigstate: spells cast this turn (CR 101.2 limits)
        self.after_cast(p, spell)

    def after_cast(self, p: int, spell) -> None:
        """Hook for variants."""

    # -- faces: multi-faced cards (CR 709 split cards, CR 715 adventurer cards) ---------------
    def has_aftermath(self, o) -> bool:
        """faces: aftermath (CR 702.127a)."""
        return has_keyword(o.compiled, "aftermath")   # issue 17: indexed once per compiled card

    def fused_compiled(self, card):
        """faces: a fused split spell's abilities (CR 702.102d): both halves' spell abilities as
        one, left half first, targets one after the other; None unless both halves have fuse and
        are each one plain spell ability."""
        from judgetower import oracle
        sas = []
        for f in card.faces:
            comp = oracle.compile_card(f)
            rest = [a for a in comp.abilities if not (isinstance(a, ir.Keyword) and a.name == "fuse")]
            if len(rest) == len(comp.abilities) or len(rest) != 1 or not isinstance(rest[0], ir.SpellAbility):
                return None
            sas.append(rest[0])
        return oracle.CompiledCard(card.name, (_chosen_modes(ir.Modal(2, 2, tuple(sas)), (0, 1)),))

    def fused_view(self, o):
        """faces: ``o`` as a fused split spell would be (CR 702.102b), or None."""
        import copy
        comp = self.fused_compiled(o.card) if len(o.card.faces) == 2 else None
        if comp is None:
            return None
        view = copy.copy(o)
        view.compiled = comp
        return view

    def face_view(self, o, face: int):
        """A stand-in for ``o`` with only the characteristics of its face ``face``, to evaluate
        whether that face can be cast (CR 709.3a, 715.3a)."""
        import copy
        from judgetower import oracle
        view = copy.copy(o)
        view.card = o.card.faces[face]
        view.compiled = oracle.compile_card(view.card)
        return view

    def put_face_on_stack(self, spell, face: int) -> None:
        """While on the stack, only the cast face's characteristics exist (CR 709.3b, 715.3b,
        712.8f); the card's own come back when it leaves the stack (`move`, CR 709.4, 715.4,
        712.8a), except that a modal double-faced spell becomes a permanent with the same face up
        (CR 712.13). Also used for a land face played (CR 712.12)."""
        from judgetower import oracle
        layout = spell.card.layout
        spell.home = (spell.card, spell.compiled)
        spell.card = spell.card.faces[face]
        spell.compiled = oracle.compile_card(spell.card)
        spell.adventure = layout == "adventure"
        self.face_on_stack(spell, layout)   # faces2: cast transformed with disturb (CR 702.146a)
        if spell.card.name_fr:
            self.log.names_fr[spell.card.name] = spell.card.name_fr
    # ---- branch "misc": cost-changing statics of permanents (CR 601.2f, 118.7a) -----------
    def misc_cost_change(self, p: int, spell) -> tuple[int, list]:
        """The change in generic mana to the total cost of ``spell`` cast by ``p`` from the
        "... spells you cast cost {1} less to cast" statics of permanents on the battlefield
        (CR 601.2f, 604.1), and what changes it, for the log (those permanents, messages, names)."""
        delta, names = 0, []
        for o, eff in self.static_effects(ir.CostModifier):
            if eff.caster == "you" and p != o.controller:
                continue
            if eff.caster == "opponent" and not self.are_opponents(p, o.controller):
                continue
            if matches(self, spell, eff.spells, o):
                delta += eff.generic
                names.append(o)   # the permanent, for the log
        for ab in spell.compiled.abilities:
            if isinstance(ab, ir.SelfCostReduction):
                # "This spell costs {1} less to cast for each ...", counted now (CR 601.2f)
                n = self.amount(ab.per, {"source": spell, "controller": p})
                if n:
                    delta -= ab.generic * n
                    names.append(msg("{spell} itself, {n} counted", spell=spell, n=n))
        conditional_delta, conditional_names = self.cost_change(p, spell)   # turnflow: "costs {N} less ... if" (CR 601.2f)
        return delta + conditional_delta, names + conditional_names

    @staticmethod
    def misc_apply_cost_change(cost: ManaCost, change: int) -> ManaCost:
        """CR 601.2f, 118.7a: generic increases are added; generic reductions reduce only the
        generic component, never below {0}."""
        if not change:
            return cost
        return ManaCost(max(0, cost.generic + change), cost.colored, cost.hybrid, cost.phyrexian, cost.x_count)

    def _cost_increase(self, o) -> str:
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.CostIncrease):
                return ab.mana
        return ""

    # forced-choice hooks (JT-C2, JT-C3 override these)
    def forced_count_options(self, opts, what):
        return self.rules.forced_count_options(self, opts, what)

    def forced_bool_options(self, opts, what):
        return self.rules.forced_bool_options(self, opts, what)

    def forced_x_options(self, opts):
        return self.rules.forced_x_options(self, opts)

    def pay_extra(self, p: int, source, cost: ir.Cost, what: str):
        """Non-mana costs (CR 118.3, 602.2b)."""
        if cost.crew:   # kw2: CR 702.122a
            yield from self.pay_crew(p, source, cost.crew, what)
        if cost.kw2_ninjutsu:   # kw2: CR 702.49a
            yield from self.pay_ninjutsu(p, source)
        if cost.life:
            self.lose_life(p, cost.life, rule="CR 119.4")
        if cost.c2_energy:   # counters2: "Pay {E}" (CR 107.14)
            self.pay_energy(p, cost.c2_energy, what)
        if cost.remove_counters is not None:   # manaab: "Remove a charge counter from ~"
            kind, n = cost.remove_counters
            self.remove_counters(source, kind, n)
            self.log.add("{n} {kind} counter(s) removed from {card} for {what}", "CR 118.3", "CR 602.2b", n=n,
                         kind=Term(kind), card=source, what=payment_label(what))
        if cost.exile_from_hand is not None:
            cands = [c for c in self.hand(p) if c != source.id and matches(self, self.objects[c], cost.exile_from_hand, source)]
            c = yield from self.ask(p, "cards", cands, msg("exile a card from your hand for {what}",
                                                           what=label_said(what)), "CR 118.3")
            self.move(self.objects[c], "exile", cause=msg("cost of {what}", what=payment_label(what)), rule="CR 118.3")
        if cost.exile_from_graveyard:
            for _ in range(cost.exile_from_graveyard):
                cands = list(reversed(self.graveyard(p)))
                c = yield from self.ask(p, "cards", cands, msg("exile a card from your graveyard for {what}",
                                                               what=label_said(what)), "CR 118.3")
                self.move(self.objects[c], "exile", cause=msg("cost of {what}", what=payment_label(what)), rule="CR 118.3")
        if cost.sacrifice is not None:
            cands = [x.id for x in self.permanents(p) if matches(self, x, cost.sacrifice, source)]
            c = yield from self.ask(p, "cards", cands, msg("sacrifice for {what}", what=label_said(what)), "CR 701.21a")
            source.replacement_sacrificed = self.objects[c]   # replace: "the sacrificed creature's power" (CR 608.2h)
            self.move(self.objects[c], "graveyard", cause="sacrificed", rule="CR 701.21a")
        for _ in range(cost.discard):
            # kwcosts: "Discard a card" as a cost (CR 118.3, 701.9a)
            cands = [c for c in self.hand(p) if c != source.id]
            c = yield from self.ask(p, "cards", cands, msg("discard a card for {what}", what=label_said(what)), "CR 118.3")
            self.log.add("{player} discards {card} to pay for {what}", "CR 118.3", "CR 701.9a",
                         player=self.players[p], card=self.objects[c], what=payment_label(what))
            self.move(self.objects[c], "graveyard", cause=msg("discarded for {what}", what=payment_label(what)), rule="CR 701.9a", log=False)
        yield from self.pay_activation_cost(p, source, cost, what)   # actcost (CR 118.3)

    # ------------------------------------------------------------------ activating
    def can_activate(self, p: int, o, idx: int, ab) -> bool:
        cost = ab.cost
        # kwcosts: the zone it functions from (CR 113.6b, 113.6m: cycling from the hand only,
        # unearth from the graveyard); outside the battlefield, a card in the player's own hand or
        # graveyard (Judge Tower: the shared graveyard is every player's, R5)
        zone = getattr(ab, "zone", "battlefield")
        if o.zone != zone:
            return False
        if zone != "battlefield":
            if o.id not in self.zone_list(zone, p):
                return False
        elif o.controller != p and not getattr(ab, "actcost_any_player", False):
            return False   # actcost: "Any player may activate this ability." (CR 602.2)
        if self.activation_banned(o):
            return False   # auras2: "its activated abilities can't be activated" (CR 602.5)
        if getattr(ab, "once_per_turn", False) and idx in o.activated_this_turn:
            return False   # CR 602.5b
        if self.activation_locked(o, ab):
            return False   # kwcast: split second (CR 702.61a)
        if getattr(ab, "timing", "") and not self.activation_timing_ok(p, ab):
            return False   # CR 602.5
        if getattr(ab, "timing", "") == "tc_attached" and o.attached_to is None:
            return False   # tokcount: reconfigure's unattach: only while attached (CR 702.151a, 602.5)
        if self.why_restricted(p, o, idx, ab):
            return False   # actcost: "Activate only if ...", "no more than twice each turn" (CR 602.5, 602.5b)
        ch = self.chars(o)
        if cost.tap or cost.untap:
            if (cost.tap and o.tapped) or (cost.untap and not o.tapped):
                return False
            if "Creature" in ch.types and o.sick and not ch.has("haste"):
                return False  # CR 302.6
        if cost.loyalty is not None:
            if not self.sorcery_timing(p) or "loyalty" in o.activated_this_turn:
                return False  # CR 606.3
            if cost.loyalty < 0 and o.counters.get("loyalty", 0) < -cost.loyalty:
                return False
        if ab.sorcery_speed and not self.sorcery_timing(p):
            return False
        if not self.can_activate_more(p, o, idx, ab):
            return False
        if not self.can_pay_extra(p, o, cost):
            return False
        if not self.has_targets(p, o, ab.targets):
            return False
        if ab.mana_ability and not ab.targets and not cost.mana and not self.mana_ability_useful(p, o, ab):
            return False
        return self.can_pay_mana(p, ManaCost.parse(cost.mana or None), exclude=o.id if cost.tap else None)

    def can_activate_more(self, p: int, o, idx: int, ab) -> bool:
        """Hook: JT-P1 limits each activated ability to once per turn."""
        return self.rules.can_activate_more(self, p, o, idx, ab)

    def mana_ability_useful(self, p: int, o, ab) -> bool:
        """Hook: in ordinary Magic a mana ability is offered as an action when it adds mana."""
        return self.rules.mana_ability_useful(self, p, o, ab)

    def activate(self, p: int, o, idx: int):
        """CR 602.2 (mana abilities: CR 605.3)."""
        ab = self.activated_abilities(o)[idx]
        cost = ab.cost
        name = o.name
        name_v = o   # the source in the log lines below
        if self.hides_name(ab):
            name = "a card to foretell"   # exilecast: the foretold card stays hidden (CR 702.143a, 406.3)
            name_v = msg("a card to foretell")
        if idx >= len(o.compiled._activated):   # tokens helper: a granted ability (CR 613.1f)
            self.log.add("{card}'s ability {n} is granted to it by a static ability", "CR 613.1f", card=name_v,
                         n=idx + 1)
        o.activated_this_turn.add(idx)
        self.note_activation(o, idx)   # actcost: CR 602.5b
        if cost.loyalty is not None:
            o.activated_this_turn.add("loyalty")
        item = StackAbility(self.new_id(), "activated", o.id, name, p, ab, idx)
        item.context["source_lki"] = o
        self.objects[item.id] = item
        item.targets = yield from self.choose_targets(p, item, ab.targets)
        # costs (CR 602.2b, 118)
        if cost.loyalty is not None:
            if cost.loyalty >= 0:   # CR 606.4: a loyalty cost puts or removes loyalty counters
                self.put_counters(o, "loyalty", cost.loyalty)
            else:
                self.remove_counters(o, "loyalty", -cost.loyalty)
            self.log.add("{card}: loyalty {change} (now {n})", "CR 606.4", card=name_v, change=f"{cost.loyalty:+d}",
                         n=o.counters.get('loyalty', 0))
        if cost.tap:
            if not o.tapped:
                self.note_tapped(o, True)  # triggers branch
            o.tapped = True
        if cost.untap:
            if o.tapped:
                self.note_tapped(o, False)  # triggers branch
            o.tapped = False
        # manaab: like can_activate, the permanent may pay for its own ability with its mana
        # abilities unless {T} is part of the cost (a man-land tapped for its own animation)
        label = PaymentLabel(f"{name}'s ability", msg("{card}'s ability", card=name_v))
        if not self.pay_mana(p, ManaCost.parse(cost.mana or None), label,
                             exclude=o.id if cost.tap else None):
            raise RuntimeError(f"engine offered an unpayable activation of {name}")
        o.replacement_sacrificed = None   # replace: set by pay_extra when the cost sacrifices (CR 608.2h)
        yield from self.pay_extra(p, o, cost, label)
        item.context["replacement_sacrificed"] = o.replacement_sacrificed
        # cycling, typecycling (a search, kwcast) and reinforce (counters, tokcount) have their
        # own log lines below
        keyword_discard = self.is_cycling(ab) or bool(
            ab.effects and isinstance(ab.effects[0], (ir.PutCounters, ir.SearchLibraryReveal)))
        if cost.discard_self and not keyword_discard:
            # actcost: "[Cost], Discard ~: ..." from the hand (CR 113.6, 602.2, 701.9a)
            self.log.add("{player} discards {card} to activate its ability", "CR 602.2", "CR 701.9a",
                         player=self.players[p], card=name_v)
            self.move(o, "graveyard", cause="discarded as a cost", rule="CR 701.9a", log=False)
        elif cost.discard_self:
            # kwcosts: CR 702.29a: cycling: "[Cost], Discard this card: Draw a card."
            if ab.effects and isinstance(ab.effects[0], ir.PutCounters):   # tokcount: reinforce (CR 702.77a)
                self.log.add("{player} discards {card} (reinforce)", "CR 702.77a", "CR 701.9a",
                             player=self.players[p], card=name_v)
            else:
                self.log.add("{player} cycles {card} (discards it)", "CR 702.29a", "CR 701.9a",
                             player=self.players[p], card=name_v)
            self.move(o, "graveyard", cause="discarded as a cost", rule="CR 701.9a", log=False)
        if cost.sacrifice_self:
            self.move(o, "graveyard", cause="sacrificed as a cost", rule="CR 701.21a")
        if cost.exile_self:
            self.move(o, "exile", cause="exiled as a cost", rule="CR 118.3")
        self.touch()
        tnames = [self.target_said(t) for ts in item.targets for t in ts]
        if self.keywords_is_special(ab) or self.exile_casting_is_special(ab):   # exilecast: CR 116.2f, 116.2h
            # kw2: turning a morph face up is a special action: no stack (CR 116.2b, 702.37e)
            yield from self.resolve_ability_effects(item)
            self.after_activate(p, o, idx)
            return
        if ab.mana_ability and not ab.targets:
            self.log.add("{player} activates {card}'s mana ability", "CR 605.3a", player=self.players[p], card=name_v)
            yield from self.resolve_ability_effects(item)
            if cost.tap:
                self.tapped_for_mana(o)   # actcost: triggered mana abilities (CR 605.1b, 106.12)
            self.after_activate(p, o, idx)
            return
        self.stack.append(item.id)
        self.events.append({"kind": "ability_on_stack", "obj": item, "player": p})   # CR 603.2, 602.2b
        if tnames:
            self.log.add("{player} activates {card}'s ability {n} targeting {targets}", "CR 602.2",
                         player=self.players[p], card=name_v, n=idx + 1, targets=tnames)
        else:
            self.log.add("{player} activates {card}'s ability {n}", "CR 602.2", player=self.players[p], card=name_v,
                         n=idx + 1)
        self.after_activate(p, o, idx)

    def after_activate(self, p: int, o, idx: int) -> None:
        """Hook for variants."""

    @effect(UnearthReturn)
    def _e_UnearthReturn(self, e, ctx):
        """kwcosts: CR 702.84a."""
        card = self.current(ctx["source"])
        if card is None or card.zone != "graveyard":
            return
        p = ctx["controller"]
        new = self.move(card, "battlefield", controller=p, cause="unearth", rule="CR 702.84a")
        if new is None:
            return
        new.granted = new.granted | frozenset({"haste"})
        new.unearthed = True
        self.touch()
        self.log.add("{card} returns with unearth: it gains haste and is exiled at the beginning of the next end step",
                     "CR 702.84a", card=new)
        self.delayed.append({"when": "next_end_step", "effects": (ir.ExileObjects(ir.Chosen("unearth")),),
                             "controller": p, "source": new, "chosen": {"unearth": [new]}, "turn": self.turn})
        return
        yield

    # ------------------------------------------------------------------ entering
    def apply_enter_replacements(self, o) -> None:
        """CR 614.1c: "enters tapped", "enters with counters" apply as it enters."""
        for ab in o.compiled.abilities:
            if not isinstance(ab, ir.StaticAbility):
                continue
            eff = ab.effect
            if isinstance(eff, ir.EntersTapped):
                o.tapped = True
                self.log.add("{card} enters tapped", "CR 614.1c", card=o)
            elif isinstance(eff, ir.EntersTappedUnless):
                # manaab: CR 614.1c, 614.12: the condition is checked as the land enters (the
                # land itself is not among "other lands")
                src = _Src(o, o.controller)
                if eff.opponents:
                    n = len(self.opponents(o.controller))
                    ok = n >= eff.opponents
                else:
                    n = sum(1 for x in self.permanents(o.controller) if x.id != o.id
                            and any(matches(self, x, f, src) for f in eff.filters))
                    ok = n >= eff.at_least and (eff.at_most is None or n <= eff.at_most)
                if not ok:
                    o.tapped = True
                if eff.opponents and ok:
                    self.log.add("{card} enters untapped ({n} opponent(s))", "CR 614.1c", "CR 614.12", card=o, n=n)
                elif eff.opponents:
                    self.log.add("{card} enters tapped ({n} opponent(s))", "CR 614.1c", "CR 614.12", card=o, n=n)
                elif ok:
                    self.log.add("{card} enters untapped ({n} matching permanent(s))", "CR 614.1c", "CR 614.12",
                                 card=o, n=n)
                else:
                    self.log.add("{card} enters tapped ({n} matching permanent(s))", "CR 614.1c", "CR 614.12",
                                 card=o, n=n)
            elif isinstance(eff, ir.EntersWithCounters):
                if eff.condition == "kicked" and not o.kicked:
                    continue
                if eff.condition == "tc_attacked_this_turn" and not self.players[o.controller].attacked_count_turn:
                    # tokcount: "if you attacked this turn" (you declared an attacker, CR 508.1)
                    self.log.add("{card} enters without counters: its controller didn't attack this turn", "CR 614.1c",
                                 card=o)
                    continue
                # counters2: "x": CR 107.3m, the X of the spell that became this permanent
                n = self.amount(eff.amount, {"source": o, "controller": o.controller, "kicked": o.kicked, "x": o.x})
                if n > 0:
                    self.put_counters(o, eff.kind, n)
                    self.log.add("{card} enters with {n} {kind} counter(s)", "CR 614.1c", "CR 122.6", card=o, n=n,
                                 kind=Term(eff.kind))
                if eff.keywords:
                    o.granted = o.granted | frozenset(eff.keywords)
        self.enter_tapped(o)      # trigstate: "creatures your opponents control enter tapped" (CR 614.1c)
        self.keywords_enter_counters(o)   # kw2: bloodthirst, modular (CR 702.54a, 702.43a)
        self.counters_enter_counters(o)    # counters2: graft, fading, vanishing; riot/unleash pending (CR 614.1c)
        self.tokens_enter_counters(o)    # tokcount: devour pending (CR 702.82a, 614.12)
        self.touch()


#: _auto_mana_source's answers, by the ability's id; the ability is kept with its answer so that
#: its id is not reused while the entry lives (the answer depends on the frozen ability alone)
_AUTO_MANA: dict[int, tuple[object, bool]] = {}


def _auto_mana_source(ab) -> bool:
    hit = _AUTO_MANA.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1]
    if len(_AUTO_MANA) > 50_000:
        _AUTO_MANA.clear()
    out = _auto_mana_source_uncached(ab)
    _AUTO_MANA[id(ab)] = (ab, out)
    return out


def _auto_mana_source_uncached(ab) -> bool:
    """May automatic payment (CR 601.2g) activate this mana ability on its own? Only when {T}
    is its whole cost and adding mana its whole effect (a cost of life, a sacrifice, a painland's
    damage: the player activates such abilities by hand, CR 605.3a), and each choice it offers is
    of one mana (CR 106.1b: "{W}{W}, {W}{U}, or {U}{U}" can't be one unit per mana) (manaab)."""
    from dataclasses import replace
    if replace(ab.cost, mana="") != ir.Cost(tap=True):
        return False
    if getattr(ab, "actcost_conditions", ()) or getattr(ab, "actcost_max_per_turn", 0):
        return False   # actcost: a restricted ability (CR 602.5) is activated by hand, its restriction checked
    for eff in ab.effects:
        if not isinstance(eff, ir.AddMana):
            return False
        if eff.options and any(len(opt) != 1 for opt in eff.options):
            return False
    return True


class _Src:
    """A view of a source with a given controller, for filters ("you control")."""

    __slots__ = ("id", "controller", "obj")

    def __init__(self, source, controller):
        self.obj = source
        self.id = getattr(source, "source_id", None) if isinstance(source, StackAbility) else getattr(source, "id", None)
        self.controller = controller


@lru_cache(maxsize=None)
def _chosen_modes(modal: ir.Modal, chosen: tuple[int, ...]) -> ir.SpellAbility:
    """The chosen modes as one SpellAbility, printed order (CR 700.2): targets one after the
    other (CR 700.2c: unchosen modes' targets don't exist), each mode's Target(i) renumbered."""
    from judgetower.oracle.transform import walk_replace
    targets: list = []
    effects: list = []
    for i in sorted(chosen):
        m = modal.modes[i]
        off = len(targets)
        targets.extend(_shift_distinct(t, off) for t in m.targets)
        if off:
            effects.extend(walk_replace(m.effects, lambda n, off=off: ir.Target(n.index + off)
                                        if isinstance(n, ir.Target) else n))
        else:
            effects.extend(m.effects)
    return ir.SpellAbility(tuple(targets), tuple(effects))


def _shift_distinct(spec: ir.TargetSpec, off: int) -> ir.TargetSpec:
    """A mode's TargetSpec renumbered like its Target(i) ("another target" indexes)."""
    if not off or not spec.distinct_from:
        return spec
    from dataclasses import replace
    return replace(spec, distinct_from=tuple(j + off for j in spec.distinct_from))


def _distinct_assignable(specs, cands, i: int = 0, chosen: tuple = ()) -> bool:
    """Whether every spec from ``i`` on can get its minimum number of targets, "another
    target" specs avoiding the objects taken by the specs they name (CR 601.2c)."""
    from itertools import combinations, islice
    if i == len(specs):
        return True
    spec = specs[i]
    banned = set()
    for j in getattr(spec, "distinct_from", ()):
        banned |= chosen[j]
    pool = [c for c in cands[i] if c not in banned]
    if len(pool) < spec.count_min:
        return False
    for combo in islice(combinations(pool, spec.count_min), 200):
        if _distinct_assignable(specs, cands, i + 1, chosen + (set(combo),)):
            return True
    return False


def _sum_costs(parts: list[ManaCost]) -> ManaCost:
    g = sum(c.generic for c in parts)
    col = tuple(x for c in parts for x in c.colored)
    hy = tuple(x for c in parts for x in c.hybrid)
    ph = tuple(x for c in parts for x in c.phyrexian)
    return ManaCost(g, col, hy, ph, 0)
