"""kwcast: keywords about casting (CR 601, 702.x). Grammar: the "kwcast" block of oracle.lark;
transformer: oracle/tx_kwcast.py.

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
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.cards.card import mana_value_of
from judgetower.oracle import ir


@dataclass(frozen=True)
class KwcCascade:
    """Cascade's effect (CR 702.85a). ``mv``: the mana value of the spell with cascade, as it
    was cast (last known information if it has left the stack, CR 702.85a uses "this spell's")."""

    mv: int


def typecycling_ability(kind: str, cost: str) -> ir.ActivatedAbility:
    """CR 702.29e: "[Type]cycling [cost]" as the activated ability it stands for (functions only
    from the hand, CR 702.29a)."""
    if kind == "basic land":
        flt = ir.Filter(types=("land",), supertypes=("Basic",), zone="library")
    else:
        flt = ir.Filter(subtypes=(kind,), zone="library")
    search = ir.Lib2SearchLibrary(ir.You(), flt, dest="hand", reveal=True)
    return ir.ActivatedAbility(ir.Cost(mana=cost, discard_self=True), (), (search,), zone="hand")


def _kw(o, name: str) -> bool:
    comp = getattr(o, "compiled", None)
    return comp is not None and any(isinstance(a, ir.Keyword) and a.name == name for a in comp.abilities)


class KwcastMixin:

    # -- split second (CR 702.61) -------------------------------------------------------------
    def kwcast_split_second(self) -> str | None:
        """The name of a spell with split second on the stack (CR 702.61a), or None."""
        for sid in self.stack:
            o = self.objects[sid]
            if getattr(o, "card", None) is not None and _kw(o, "split second"):
                return o.name
        return None

    def kwcast_activation_locked(self, o, ab) -> bool:
        """CR 702.61a-b: no abilities that aren't mana abilities; special actions are allowed."""
        if ab.mana_ability or self.kw2_is_special(ab) or self.exilecast_is_special(ab):
            return False
        return self.kwcast_split_second() is not None

    # -- typecycling (CR 702.29e) -------------------------------------------------------------
    @staticmethod
    def kwcast_activated(ab):
        if isinstance(ab, ir.Keyword) and ab.name == "typecycling":
            return typecycling_ability(*ab.arg)
        return None

    # -- retrace (CR 702.81), jump-start (CR 702.133) ---------------------------------------------
    @staticmethod
    def kwcast_gy_keyword(o) -> str | None:
        """"retrace" / "jump-start" when the card has it (and no flashback), else None."""
        if getattr(o, "card", None) is None or _kw(o, "flashback"):
            return None
        for name in ("jump-start", "retrace"):
            if _kw(o, name):
                return name
        return None

    def kwcast_gy_discards(self, p: int, o) -> list[int]:
        """The cards p could discard to cast ``o`` from the graveyard: any other card (jump-start,
        CR 702.133a) or a land card (retrace, CR 702.81a)."""
        kw = self.kwcast_gy_keyword(o)
        cands = [c for c in self.hand(p) if c != o.id]
        if kw == "retrace":
            cands = [c for c in cands if self.objects[c].card is not None and "Land" in self.objects[c].card.types]
        return cands

    def kwcast_can_cast_from_gy(self, p: int, o) -> bool:
        return o.zone != "graveyard" or self.kwcast_gy_keyword(o) is None or bool(self.kwcast_gy_discards(p, o))

    def kwcast_note_gy_cast(self, p: int, spell, name: str) -> None:
        kw = self.kwcast_gy_keyword(spell)
        spell.kwcast_gy = kw
        rule = "CR 702.133a" if kw == "jump-start" else "CR 702.81a"
        self.log.add(f"{self.players[p].name} casts {name} from the graveyard with {kw}", "CR 601.2a", rule)

    def kwcast_pay_gy_cost(self, p: int, spell, name: str):
        """The discard of retrace / jump-start, paid with the other costs (CR 601.2h)."""
        kw = getattr(spell, "kwcast_gy", None)
        if kw is None:
            return
        rule = "CR 702.133a" if kw == "jump-start" else "CR 702.81a"
        cands = self.kwcast_gy_discards(p, spell)
        c = yield from self.ask(p, "cards", cands, f"discard a {'land ' if kw == 'retrace' else ''}card for {kw}", rule)
        self.log.add(f"{self.players[p].name} discards {self.objects[c].name} to pay for {kw} ({name})",
                     rule, "CR 118.3", "CR 701.9a")
        self.move(self.objects[c], "graveyard", cause=f"discarded for {kw}", rule="CR 701.9a", log=False)

    def kwcast_replace_move(self, o, from_zone: str, to_zone: str, position):
        """CR 702.133a: a jump-started spell is exiled instead of going anywhere else."""
        if from_zone == "stack" and getattr(o, "kwcast_gy", None) == "jump-start" and to_zone != "exile":
            self.log.add(f"{o.name} was cast with jump-start: it is exiled instead", "CR 702.133a")
            return "exile", "top"
        return to_zone, position

    # -- cascade (CR 702.85) --------------------------------------------------------------------
    def kwcast_check_event(self, ev) -> None:
        if ev.get("kind") != "cast":
            return
        spell = ev["obj"]
        comp = getattr(spell, "compiled", None)
        if comp is None:
            return
        from judgetower.rules.triggers import Synth
        mv = self.kwcast_spell_mv(spell)
        for idx, ab in enumerate(comp.abilities):
            if isinstance(ab, ir.Keyword) and ab.name == "cascade":
                # CR 702.85c: each instance triggers separately
                self.log.add(f"{spell.name}'s cascade triggers", "CR 702.85a")
                self._trigger(spell, idx, Synth("cascade", ir.Trigger("kws_cast_self"), effects=(KwcCascade(mv),)),
                              {"trigger_obj": spell})

    def kwcast_spell_mv(self, o) -> int:
        """CR 202.3: a spell's mana value (X counts as chosen on the stack, CR 202.3e)."""
        ch = self.chars(o)
        mv = ch.mana_value
        cost = getattr(o.card, "mana_cost", "") or ""
        if "{X}" in cost:
            mv += cost.count("{X}") * (getattr(o, "x", 0) or 0)
        return mv

    def _e_KwcCascade(self, e, ctx):
        p = ctx["controller"]
        exiled: list[int] = []
        hit = None
        while hit is None:
            lib = self.library(p)
            if not lib:
                size = 0
                ok = yield from self.ensure_library(p, 1, "cascade")   # JT-E2, R19
                if self.game_over or ok is False or len(self.library(p)) == size:
                    break
                lib = self.library(p)
            top = self.objects[lib[-1]]
            moved = self.move(top, "exile", owner=p, cause="exiled by cascade", rule="CR 702.85a", log=False)
            o = moved if moved is not None else top
            exiled.append(o.id)
            self.log.add(f"{self.players[p].name} exiles {o.name} (cascade)", "CR 702.85a")
            if o.card is not None and "Land" not in o.card.types and mana_value_of(o.card.mana_cost) < e.mv:
                hit = o
        cast = False
        if hit is not None:
            if not hit.compiled.ok:
                self.log.add(f"{hit.name} is not supported by the engine: it is not cast", "CR 702.85a")
            elif self.spell_has_targets(p, hit):
                yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                          f"cascade: cast {hit.name} without paying its mana cost?", "CR 702.85a")
                if yes:
                    cast = True
                    yield from self.cast_free(p, hit)
            else:
                self.log.add(f"{self.players[p].name} can't cast {hit.name}: no legal targets", "CR 601.2c")
        rest = [c for c in exiled if not (cast and hit is not None and c == hit.id) and self.objects[c].zone == "exile"]
        yield from self.lib2_put_rest(p, rest, "bottom_random", "exiled")
