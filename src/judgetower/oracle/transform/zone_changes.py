"""Zone-changing effects and abilities that work from other zones (CR 113.6m, 400.7, 701.24,
701.25, 406.2).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from .. import ir
from ..ir import (
    All, ExileTopOfLibrary, ReturnSelfFromGraveyard, ReturnToBattlefield, ShuffleIntoLibrary,
    SkipStep, StaticAbility, Surveil, Target,
)
from .context import Line, Unsupported, VP


class ZoneChangeCallbacks:
    """Callbacks for zone-changing effects and abilities that work from other zones."""

    # -- zones: zone-changing effects and abilities that work from other zones (branch "zones") --

    def _zn_zone(self, cost) -> str:
        """The zone an activated ability functions from: "graveyard" when its effect returns its
        own card from the graveyard (CR 113.6m), else the battlefield."""
        zone = getattr(self.ctx, "zn_zone", None)
        if zone is None:
            return "battlefield"
        exiles_self = cost.exile_self and not getattr(self.ctx, "zn_cost_exiles", False)
        if (cost.tap or cost.untap or cost.sacrifice_self or exiles_self or cost.discard_self
                or cost.remove_counters or cost.loyalty is not None):
            # a cost that needs the permanent on the battlefield (or exiles it from elsewhere)
            raise Unsupported("a cost that can't be paid from the graveyard")
        return zone

    def _zn_no_zone(self) -> None:
        if getattr(self.ctx, "zn_zone", None) is not None:
            # CR 113.6m: only an activated ability is compiled to function from the graveyard here
            raise Unsupported("'return ~ from your graveyard' outside an activated ability")

    def zn_return_self_gy_hand(self, c):
        self.ctx.zn_zone = "graveyard"
        return VP(lambda who: [ReturnSelfFromGraveyard("hand")])

    def zn_return_self_gy_battlefield(self, c):
        self.ctx.zn_zone = "graveyard"
        tapped = bool(c[-1]) if c else False
        return VP(lambda who: [ReturnSelfFromGraveyard("battlefield", tapped=tapped)])

    def zn_put_onto_battlefield(self, c):
        what, tapped, under = c
        # reanimation: only a targeted card in a graveyard (CR 115.1, 400.7); other "put ...
        # onto the battlefield" forms (from a library, hand, exile) stay unsupported
        if not (isinstance(what, Target) and self.ctx.targets[what.index].kind == "object"
                and self.ctx.targets[what.index].filter.zone == "graveyard"):
            raise Unsupported("put onto the battlefield from somewhere else than a graveyard")
        return VP(lambda who: [ReturnToBattlefield(what, under=under or "owner", tapped=bool(tapped))])

    def zn_shuffle_into_library(self, c):
        what = self._permanent_or_card(c[0])
        if isinstance(what, All):
            raise Unsupported("shuffle a group of objects into their owners' libraries")
        return VP(lambda who: [ShuffleIntoLibrary(what)])

    def zn_surveil(self, c):
        amount = c[0]
        return VP(lambda who: [Surveil(amount)])

    def zn_exile_top(self, c):
        amount = c[0]
        return VP(lambda who: [ExileTopOfLibrary(who, amount)])

    def zn_exile_top_one(self, c):
        return VP(lambda who: [ExileTopOfLibrary(who, 1)])

    def zn_skip_draw_step(self, c):
        return Line("abilities", (StaticAbility(SkipStep("draw")),))

    def zn_cost_exile_self_gy(self, c):
        # CR 113.6m: a cost that exiles the card from the graveyard: the ability works only there
        self.ctx.zn_zone = "graveyard"
        self.ctx.zn_cost_exiles = True
        return {"exile_self": True}

    def _zn_chosen_filter(self, fnp):
        f = fnp.filter
        if fnp.head is not None or f.zone != "battlefield" or f.controller != "you":
            raise Unsupported("returning a chosen object other than a permanent you control")
        return f

    def zn_return_another_chosen(self, c):
        f = replace(self._zn_chosen_filter(c[0]), other=True)
        return VP(lambda who: [ir.ReturnChosenToHand(who, f)])

    def zn_return_n_chosen(self, c):
        amount = c[0]
        f = self._zn_chosen_filter(c[1])
        return VP(lambda who: [ir.ReturnChosenToHand(who, f, amount)])

    def zn_exile_top_of(self, c):
        amount, whose = c
        return VP(lambda who: [ExileTopOfLibrary(whose, amount)])

    def zn_exile_top_one_of(self, c):
        whose = c[0]
        return VP(lambda who: [ExileTopOfLibrary(whose, 1)])
