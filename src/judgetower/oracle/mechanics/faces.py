"""Transformer callbacks for transforming double-faced cards (CR 712, 701.27) and flip
cards (CR 710): "transform ~", "flip ~", "return it to the battlefield transformed", "when ~
transforms [into ~]", and the werewolf conditions "if no spells were cast last turn" / "if a
player cast two or more spells last turn" (CR 603.4)."""

from __future__ import annotations

from .. import ir
from ..ir import This, Trigger, You


class FacesCallbacks:
    """Mixed into `OracleTransformer` (Lark finds the callbacks by name)."""

    def _faces_self(self, ref, what: str) -> None:
        if ref != This():
            from ..transform.context import Unsupported
            raise Unsupported(f"'{what}' of another object than this one")

    def faces_vp_transform(self, c):
        self._faces_self(c[0], "transform")

        def make(who):
            if who != You():
                from ..transform.context import Unsupported
                raise Unsupported("another player transforms this permanent")
            return [ir.Transform()]          # CR 701.27a
        return self._faces_vp(make)

    def faces_vp_flip(self, c):
        self._faces_self(c[0], "flip")

        def make(who):
            if who != You():
                from ..transform.context import Unsupported
                raise Unsupported("another player flips this permanent")
            return [ir.Flip()]               # CR 710.2
        return self._faces_vp(make)

    def faces_vp_return_transformed(self, c):
        what, under = c
        self._faces_self(what, "return transformed")

        def make(who):
            if who != You():
                from ..transform.context import Unsupported
                raise Unsupported("another player returns this card transformed")
            return [ir.ReturnTransformed(what, under)]   # CR 712.14a
        return self._faces_vp(make)

    def _faces_vp(self, make):
        from ..transform.context import VP
        return VP(make)

    def faces_ev_transforms(self, c):
        return self._trigger(Trigger("faces2_transforms", This()))   # CR 701.27e

    def faces_kw_daybound(self, c):
        return ir.Keyword("daybound")              # CR 702.145b

    def faces_kw_nightbound(self, c):
        return ir.Keyword("nightbound")            # CR 702.145e

    def faces_kw_disturb(self, c):
        from ..transform.context import mana
        return ir.Keyword("disturb", mana(c[0]))   # CR 702.146a

    def faces_st_exile_instead(self, c):
        from ..transform.context import Line
        return Line("abilities", (ir.StaticAbility(ir.ExileInstead()),))   # CR 614.1a

    def faces_cond_no_spells(self, c):
        return "faces2_no_spells_last_turn"        # CR 603.4

    def faces_cond_two_spells(self, c):
        return "faces2_two_spells_last_turn"       # CR 603.4
