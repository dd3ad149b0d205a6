"""Alternative costs and casting keywords (CR 601, 702.x). Grammar: oracle/mechanics/alternative_costs.lark;
transformer: oracle/mechanics/alternative_costs.py.

* Typecycling (CR 702.29e): "[Type]cycling [cost]" means "[Cost], Discard this card: Search your
  library for a [type] card, reveal it, put it into your hand, then shuffle." ("Basic
  landcycling": a basic land card.) Judge Tower: the shared library is never searched or shuffled
  (JT-G8, R7): the card is still discarded and nothing is found.
* Split second (CR 702.61a): "As long as this spell is on the stack, players can't cast other
  spells or activate abilities that aren't mana abilities." Special actions (turning a morph face
  up, suspending, foretelling) and triggered abilities are not stopped (CR 702.61b).
* Retrace (CR 702.81a): "You may cast this card from your graveyard by discarding a land card in
  addition to paying its other costs." It goes back to the graveyard as usual.
* Jump-start (CR 702.133a): "You may cast this card from your graveyard by discarding a card in
  addition to paying its other costs. Then if this card was cast this way and would be put into
  a new zone other than exile, exile it instead."
  Judge Tower (both): the shared graveyard is every player's (JT-G5, R5), so every player may cast
  such a card from it, and must when able (JT-P1, R11), like flashback.
* Cascade (CR 702.85a): "When you cast this spell, exile cards from the top of your library until
  you exile a nonland card whose mana value is less than this spell's mana value. You may cast
  that card without paying its mana cost if the resulting spell's mana value is less than this
  spell's mana value. Then put all cards exiled this way that weren't cast on the bottom of your
  library in a random order." Each instance triggers separately (CR 702.85c). Judge Tower: the
  "may" is taken when able (JT-C1, R9); the shared library is short -> JT-E2/R19 refill
  (``ensure_library``); "on the bottom" means exiled instead (JT-G8, R7).
* Spectacle (CR 702.137a), surge (CR 702.117a), blitz (CR 702.152a): alternative costs (CR 118.9)
  with their conditions; blitz also gives haste, "when it dies, draw a card" and a sacrifice at
  the next end step. Judge Tower: an alternative cost "rather than" is used when able (JT-C1, R9).
* Escape (CR 702.138a): cast from the graveyard for the escape cost (mana + exile N other cards
  from the graveyard); JT: the shared graveyard (R5), JT-P1 forces it like flashback.
* Scavenge (CR 702.97a): an activated ability from the graveyard, sorcery speed.
* Casualty N (CR 702.153a): an optional additional cost (JT-C1, R9: paid when able) and a
  reflexive "when you cast" copy trigger (CR 707.10).
* "Cast this spell only during the declare attackers step and only if you've been attacked this
  step." / "Cast this spell only if you've cast another spell this turn." (CR 601.3). "You" have
  been attacked: a creature was declared attacking you, the player (CR 506.3, 508.1b; a creature
  attacking a planeswalker you control attacks the planeswalker).
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.cards.card import mana_value_of
from judgetower.oracle import ir
from judgetower.rules.capabilities import has_keyword, keyword_names
from judgetower.rules.log import CardName, Term, msg
from judgetower.rules.registry import effect
from judgetower.rules.stack.casting import name_said   # a spell's name in a prompt


@dataclass(frozen=True)
class CascadeReveal:
    """Cascade's effect (CR 702.85a). ``mv``: the mana value of the spell with cascade, as it
    was cast (last known information if it has left the stack, CR 702.85a uses "this spell's")."""

    mv: int


@dataclass(frozen=True)
class CasualtyCopy:
    """Casualty's reflexive cast trigger (CR 702.153a): copy the spell; new targets may be chosen."""


def typecycling_ability(kind: str, cost: str) -> ir.ActivatedAbility:
    """CR 702.29e: "[Type]cycling [cost]" as the activated ability it stands for (functions only
    from the hand, CR 702.29a)."""
    if kind == "basic land":
        flt = ir.Filter(types=("land",), supertypes=("Basic",), zone="library")
    else:
        flt = ir.Filter(subtypes=(kind,), zone="library")
    search = ir.SearchLibraryReveal(ir.You(), flt, dest="hand", reveal=True)
    return ir.ActivatedAbility(ir.Cost(mana=cost, discard_self=True), (), (search,), zone="hand")


def scavenge_ability(cost: str) -> ir.ActivatedAbility:
    """CR 702.97a: "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a
    number of +1/+1 counters equal to the power of the card you exiled on target creature.
    Activate only as a sorcery." (The exiled card's power: its last known information, CR 608.2h.)"""
    spec = ir.TargetSpec("object", ir.Filter(types=("creature",)))
    return ir.ActivatedAbility(ir.Cost(mana=cost, exile_self=True), (spec,),
                               (ir.PutCounters(ir.Target(0), "+1/+1", ir.PowerOf(ir.This())),),
                               sorcery_speed=True, zone="graveyard")


#: kwcast: alternative costs given by a keyword, with the rule and the condition's wording
CONDITIONAL_ALTERNATIVE_COSTS = {"spectacle": ("CR 702.137a", "an opponent lost life this turn"),
           "surge": ("CR 702.117a", "you've cast another spell this turn"),
           "blitz": ("CR 702.152a", "")}


def blitz_synth():
    """CR 702.152a: "When this permanent is put into a graveyard from the battlefield, draw a
    card" while its blitz cost was paid."""
    from judgetower.rules.triggers.abilities import Synth
    return Synth("blitz", ir.Trigger("to_graveyard", ir.This()), effects=(ir.Draw(ir.You(), 1),),
                 condition="cast_blitzed")


def _kw(o, name: str) -> bool:
    # issue 17: the keyword names are indexed once per compiled card (rules.capabilities)
    return has_keyword(getattr(o, "compiled", None), name)


class AlternativeCostsMixin:

    # -- split second (CR 702.61) -------------------------------------------------------------
    def split_second(self) -> str | None:
        """The name of a spell with split second on the stack (CR 702.61a), or None."""
        for sid in self.stack:
            o = self.objects[sid]
            if getattr(o, "card", None) is not None and _kw(o, "split second"):
                return o.name
        return None

    def activation_locked(self, o, ab) -> bool:
        """CR 702.61a-b: no abilities that aren't mana abilities; special actions are allowed."""
        if ab.mana_ability or self.keywords_is_special(ab) or self.exile_casting_is_special(ab):
            return False
        return self.split_second() is not None

    # -- typecycling (CR 702.29e) -------------------------------------------------------------
    @staticmethod
    def cast_activated(ab):
        if isinstance(ab, ir.Keyword) and ab.name == "typecycling":
            return typecycling_ability(*ab.arg)
        if isinstance(ab, ir.Keyword) and ab.name == "scavenge":
            return scavenge_ability(ab.arg)
        return None

    # -- retrace (CR 702.81), jump-start (CR 702.133) ---------------------------------------------
    @staticmethod
    def gy_keyword(o) -> str | None:
        """"retrace" / "jump-start" / "escape" when the card has it (and no flashback), else None."""
        comp = getattr(o, "compiled", None)
        if getattr(o, "card", None) is None or comp is None:
            return None
        names = keyword_names(comp)   # issue 17: indexed once per compiled card
        if "flashback" in names:
            return None
        for name in ("jump-start", "retrace", "escape"):
            if name in names:
                return name
        return None

    def gy_discards(self, p: int, o) -> list[int]:
        """The cards p could discard to cast ``o`` from the graveyard: any other card (jump-start,
        CR 702.133a) or a land card (retrace, CR 702.81a)."""
        kw = self.gy_keyword(o)
        cands = [c for c in self.hand(p) if c != o.id]
        if kw == "retrace":
            cands = [c for c in cands if self.objects[c].card is not None and "Land" in self.objects[c].card.types]
        return cands

    def can_cast_from_gy(self, p: int, o) -> bool:
        if o.zone != "graveyard" or self.gy_keyword(o) is None:
            return True
        if self.gy_keyword(o) == "escape":
            # CR 702.138a, 601.2h: N *other* cards to exile from the graveyard
            return len([c for c in self.graveyard(p) if c != o.id]) >= self.keyword_arg(o, "escape")[1]
        return bool(self.gy_discards(p, o))

    def gy_mana(self, o) -> str:
        """The mana paid to cast ``o`` from the graveyard: its mana cost (retrace, jump-start) or
        its escape cost, an alternative cost (CR 702.138a, 118.9)."""
        if self.gy_keyword(o) == "escape":
            return self.keyword_arg(o, "escape")[0]
        return o.card.mana_cost

    def note_gy_cast(self, p: int, spell, name: str) -> None:
        kw = self.gy_keyword(spell)
        spell.graveyard_cast = kw
        rule = {"jump-start": "CR 702.133a", "retrace": "CR 702.81a", "escape": "CR 702.138a"}[kw]
        self.log.add("{player} casts {spell} from the graveyard with {keyword}", "CR 601.2a", rule,
                     player=self.players[p], spell=CardName(name), keyword=Term(kw))

    def pay_gy_cost(self, p: int, spell, name: str):
        """The discard of retrace / jump-start, paid with the other costs (CR 601.2h)."""
        kw = getattr(spell, "graveyard_cast", None)
        if kw is None:
            return
        if kw == "escape":
            # CR 702.138a: "Exile N other cards from your graveyard" (JT: the shared graveyard, R5)
            for _ in range(self.keyword_arg(spell, "escape")[1]):
                cands = [c for c in reversed(self.graveyard(p)) if c != spell.id]
                c = yield from self.ask(p, "cards", cands, msg("exile another card from your graveyard for escape ({card})",
                                                               card=CardName(name)),
                                        "CR 702.138a")
                self.move(self.objects[c], "exile", cause=msg("escape cost of {card}", card=CardName(name)), rule="CR 702.138a")
            return
        rule = "CR 702.133a" if kw == "jump-start" else "CR 702.81a"
        cands = self.gy_discards(p, spell)
        c = yield from self.ask(p, "cards", cands, msg("discard a land card for {keyword}", keyword=Term(kw)) if kw == "retrace"
                                else msg("discard a card for {keyword}", keyword=Term(kw)), rule)
        self.log.add("{player} discards {card} to pay for {keyword} ({spell})", rule, "CR 118.3", "CR 701.9a",
                     player=self.players[p], card=self.objects[c], keyword=Term(kw), spell=CardName(name))
        self.move(self.objects[c], "graveyard", cause=msg("discarded for {what}", what=Term(kw)), rule="CR 701.9a", log=False)

    def cast_replace_move(self, o, from_zone: str, to_zone: str, position):
        """CR 702.133a: a jump-started spell is exiled instead of going anywhere else."""
        if from_zone == "stack" and getattr(o, "graveyard_cast", None) == "jump-start" and to_zone != "exile":
            self.log.add("{spell} was cast with jump-start: it is exiled instead", "CR 702.133a", spell=o)
            return "exile", "top"
        return to_zone, position

    # -- cascade (CR 702.85) --------------------------------------------------------------------
    def casting_check_event(self, ev) -> None:
        self.note_event(ev)
        if ev.get("kind") != "cast":
            return
        spell = ev["obj"]
        comp = getattr(spell, "compiled", None)
        if comp is None:
            return
        from judgetower.rules.triggers.abilities import Synth
        mv = self.spell_mv(spell)
        if getattr(spell, "cast_casualty", False):
            # CR 702.153a: "When you cast this spell, if a casualty cost was paid for it, copy it."
            idx = next(i for i, ab in enumerate(comp.abilities) if isinstance(ab, ir.Keyword) and ab.name == "casualty")
            self.log.add("{spell}'s casualty triggers", "CR 702.153a", spell=spell)
            self._trigger(spell, idx, Synth("casualty", ir.Trigger("keyword_cast_self"), effects=(CasualtyCopy(),)),
                          {"trigger_obj": spell})
        for idx, ab in enumerate(comp.abilities):
            if isinstance(ab, ir.Keyword) and ab.name == "cascade":
                # CR 702.85c: each instance triggers separately
                self.log.add("{spell}'s cascade triggers", "CR 702.85a", spell=spell)
                self._trigger(spell, idx, Synth("cascade", ir.Trigger("keyword_cast_self"), effects=(CascadeReveal(mv),)),
                              {"trigger_obj": spell})

    def spell_mv(self, o) -> int:
        """CR 202.3: a spell's mana value (X counts as chosen on the stack, CR 202.3e)."""
        ch = self.chars(o)
        mv = ch.mana_value
        cost = getattr(o.card, "mana_cost", "") or ""
        if "{X}" in cost:
            mv += cost.count("{X}") * (getattr(o, "x", 0) or 0)
        return mv

    @effect(CascadeReveal)
    def _e_CascadeReveal(self, e, ctx):
        p = ctx["controller"]

        def qualifies(o) -> bool:
            return o.card is not None and "Land" not in o.card.types and o.card.mana_value < e.mv

        # The cards from the top down to the first qualifying one are exiled together (as library2's
        # "reveal until" does). A library without one: ordinary Magic, the whole library is exiled
        # (CR 702.85a); Judge Tower, JT-E2/R19 refill (unreferenced exile, then the graveyard) and
        # the action is tried again, then the game ends.
        got = yield from self.reveal_until(p, qualifies, "cascade")   # library2 (CR 701.20a, JT-E2)
        if got is None:
            return
        taken, hit_id = got
        exiled: list[int] = []
        hit = None
        for c in taken:
            moved = self.move(self.objects[c], "exile", owner=p, cause="exiled by cascade", rule="CR 702.85a", log=False)
            o = moved if moved is not None else self.objects[c]
            exiled.append(o.id)
            if c == hit_id:
                hit = o
        if exiled:
            self.log.add("{player} exiles {cards} (cascade)", "CR 702.85a", player=self.players[p],
                         cards=[self.objects[c] for c in exiled])
        else:
            self.log.add("{player} exiles no card (cascade)", "CR 702.85a", player=self.players[p])
        cast = False
        if hit is not None:
            if not hit.compiled.ok:
                self.log.add("{card} is not supported by the engine: it is not cast", "CR 702.85a", card=hit)
            elif self.spell_has_targets(p, hit):
                yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                          msg("cascade: cast {card} without paying its mana cost?", card=hit), "CR 702.85a")
                if yes:
                    cast = True
                    yield from self.cast_free(p, hit)
            else:
                self.log.add("{player} can't cast {card}: no legal targets", "CR 601.2c", player=self.players[p], card=hit)
        rest = [c for c in exiled if not (cast and hit is not None and c == hit.id) and self.objects[c].zone == "exile"]
        yield from self.put_rest(p, rest, "bottom_random", "exiled")

    # -- kwcast (2): spectacle (CR 702.137), surge (CR 702.117) -----------------------------------
    def casting_alt_cost(self, ab):
        """Spectacle and surge costs are alternative costs (CR 118.9)."""
        if isinstance(ab, ir.Keyword) and ab.name in CONDITIONAL_ALTERNATIVE_COSTS:
            return ir.Cost(mana=ab.arg)
        return None

    def alt_keyword(self, o) -> str | None:
        for ab in o.compiled.abilities:
            if isinstance(ab, ir.AlternativeCost):
                return None
            if isinstance(ab, ir.Keyword) and ab.name in CONDITIONAL_ALTERNATIVE_COSTS:
                return ab.name
        return None

    def alt_allowed(self, p: int, o) -> bool:
        """CR 702.137a: spectacle only if an opponent lost life this turn; CR 702.117a: surge only
        if you (or a teammate) cast another spell this turn."""
        kw = self.alt_keyword(o)
        if kw == "spectacle":
            return any(q != p and pl.life_lost_turn > 0 for q, pl in enumerate(self.players)
                       if not getattr(pl, "lost", False))
        if kw == "surge":
            return self.spells_cast(p) > 0
        return True

    def note_alt(self, p: int, spell, name: str) -> None:
        kw = self.alt_keyword(spell)
        if kw is not None:
            rule, why = CONDITIONAL_ALTERNATIVE_COSTS[kw]
            if why:
                self.log.add("{player} casts {spell} for its {keyword} cost ({reason})", rule, "CR 118.9",
                             player=self.players[p], spell=CardName(name), keyword=Term(kw), reason=Term(why))
            else:
                self.log.add("{player} casts {spell} for its {keyword} cost", rule, "CR 118.9",
                             player=self.players[p], spell=CardName(name), keyword=Term(kw))

    # -- spells cast this turn and players attacked this step ------------------------------------
    def spells_cast(self, p: int) -> int:
        """Spells p has cast this turn (copies are not cast, CR 707.10)."""
        turn, counts = getattr(self, "_kwcast_casts", (None, {}))
        return counts.get(p, 0) if turn == self.turn else 0

    def note_event(self, ev) -> None:
        kind = ev.get("kind")
        if kind == "cast":
            turn, counts = getattr(self, "_kwcast_casts", (None, {}))
            if turn != self.turn:
                counts = {}
            counts = dict(counts)
            counts[ev["player"]] = counts.get(ev["player"], 0) + 1
            self._kwcast_casts = (self.turn, counts)
        elif kind == "attacks":
            from judgetower.rules.state import PID
            if isinstance(getattr(ev["obj"], "attacking", None), PID):
                self._kwcast_attacked = getattr(self, "_kwcast_attacked", frozenset()) | {ev["defending"]}

    def step_begins(self, step: str) -> None:
        """Each step starts with nobody attacked in it (a new declare attackers step, CR 508)."""
        self._kwcast_attacked = frozenset()

    def cast_attacked_this_step(self, p: int) -> bool:
        """"you've been attacked this step": in the declare attackers step, a creature was declared
        attacking you (the player; a creature attacking a planeswalker attacks that planeswalker,
        CR 506.3, 508.1b)."""
        if self.step != "declare_attackers":
            return False
        return p in getattr(self, "_kwcast_attacked", frozenset())

    def cast_only_ok(self, p: int, o) -> str | None:
        """The rule a "Cast this spell only ..." restriction breaks now (CR 601.3), or None."""
        comp = getattr(o, "compiled", None)
        for ab in (comp.abilities if comp is not None else ()):
            if isinstance(ab, ir.CastOnlyRestriction):
                if ab.cond == "attacked_this_step" and not self.cast_attacked_this_step(p):
                    return "CR 601.3"
                if ab.cond == "another_spell_this_turn" and self.spells_cast(p) < 1:
                    return "CR 601.3"
        return None

    # -- blitz (CR 702.152) -----------------------------------------------------------------------
    def blitz_enters(self, o, new, from_zone: str, to_zone: str) -> None:
        """CR 702.152a: the permanent a spell cast for its blitz cost becomes has haste and "When
        this permanent is put into a graveyard from the battlefield, draw a card" (``blitz_synth``,
        condition "cast_blitzed"), and is sacrificed at the beginning of the next end step."""
        if not (from_zone == "stack" and to_zone == "battlefield" and getattr(o, "alternative", False)
                and new is not None):
            return
        if self.alt_keyword(o) != "blitz":
            return
        new.cast_blitzed = True
        new.granted = new.granted | frozenset({"haste"})
        self.delayed.append({"when": "next_end_step", "effects": (ir.SacrificeThis(),),
                             "controller": new.controller, "source": new, "chosen": {}, "turn": self.turn})
        self.log.add("{card} was blitzed: it has haste and \"when it dies, draw a card\", and is sacrificed at "
                     "the beginning of the next end step", "CR 702.152a", card=new)

    def cast_condition(self, cond: str, source) -> bool | None:
        """Intervening "if" conditions of kwcast's keyword triggers; None: not kwcast's."""
        if cond == "cast_blitzed":
            return bool(getattr(source, "cast_blitzed", False))
        return None


    # -- casualty (CR 702.153) --------------------------------------------------------------------
    def casualty_cands(self, p: int, spell) -> list[int]:
        n = self.keyword_arg(spell, "casualty")
        if n is None:
            return []
        return [x.id for x in self.permanents(p) if "Creature" in self.chars(x).types and self.chars(x).power >= int(n)]

    def pay_casualty(self, p: int, spell, name: str):
        """CR 702.153a: "As an additional cost to cast this spell, you may sacrifice a creature with
        power N or greater." Judge Tower: an optional cost is paid when able (JT-C1, R9)."""
        n = self.keyword_arg(spell, "casualty")
        if n is None or getattr(spell, "is_spell_copy", False):
            return
        cands = self.casualty_cands(p, spell)
        opts = [False] + ([True] if cands else [])
        pay = yield from self.ask(p, "casualty", self.forced_bool_options(opts, "casualty"),
                                  msg("pay casualty {n} for {spell} (sacrifice a creature with power {n} or greater)?", n=n,
                                      spell=name_said(name)),
                                  "CR 702.153a")
        if not pay:
            return
        c = yield from self.ask(p, "cards", cands, msg("sacrifice for casualty {n}", n=n), "CR 702.153a")
        self.log.add("{player} sacrifices {card} for casualty {n} ({spell})", "CR 702.153a", "CR 701.21a",
                     player=self.players[p], card=self.objects[c], n=n, spell=CardName(name))
        self.move(self.objects[c], "graveyard", cause="sacrificed", rule="CR 701.21a", log=False)
        spell.cast_casualty = True

    @effect(CasualtyCopy)
    def _e_CasualtyCopy(self, e, ctx):
        spell = ctx.get("trigger_obj") or ctx["source"]
        yield from self.put_spell_copies(ctx["controller"], spell, 1, "CR 702.153a")
