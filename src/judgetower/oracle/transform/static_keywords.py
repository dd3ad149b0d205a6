"""Static and combat keyword abilities and restrictions, "can't be countered" (CR 702, 508.1d,
509.1b, 101.2).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from .. import ir
from ..ir import CantAttackOrBlock, Keyword, StaticAbility
from .context import Line


class StaticKeywordCallbacks:
    """Callbacks for static and combat keyword abilities and restrictions, "can't be countered"."""

    # -- kwstatic: static and combat keywords, restrictions, "can't be countered" -------------

    def kw_printed_keyword(self, c):
        return str(c[0])

    def kw_bushido(self, c):
        # CR 702.45a: "Bushido N"
        return Keyword("bushido", c[0])

    def kw_cant_be_blocked(self, c):
        return Line("abilities", (StaticAbility(ir.CombatRule(c[0], "cant_be_blocked")),))

    def kw_attacks_each_combat(self, c):
        return Line("abilities", (StaticAbility(ir.CombatRule(c[0], "attacks_each_combat")),))

    def kw_block_only_flying(self, c):
        return Line("abilities", (StaticAbility(ir.CombatRule(c[0], "block_only_flying")),))

    def kw_cant_block_and_cant_be_blocked(self, c):
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], attack=False)),
                                  StaticAbility(ir.CombatRule(c[0], "cant_be_blocked"))))

    def kw_cant_be_blocked_this_turn(self, c):
        return [ir.RestrictThisTurn(c[0], "cant_be_blocked")]

    def kw_cant_block_this_turn(self, c):
        return [ir.RestrictThisTurn(c[0], "cant_block")]

    def kw_cant_be_countered(self, c):
        self._about_this(c[0], "can't be countered")
        return Line("abilities", (StaticAbility(ir.CantBeCountered()),))
