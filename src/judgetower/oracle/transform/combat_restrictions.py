"""The object's own combat restrictions and requirements (CR 508.1c, 509.1b, 509.1c).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from ..ir import SelfCombatRestriction, StaticAbility
from .context import Line, Unsupported


class CombatRestrictionCallbacks:
    """Callbacks for the object's own combat restrictions and requirements."""

    def misc_cant_be_blocked_by(self, c):
        np = c[-1]
        if np.head is not None or np.filter.controller is not None or np.filter.other:
            raise Unsupported("'can't be blocked by' other than creatures described by characteristics")
        if any(v == "X" for _, _, v in np.filter.compare):
            raise Unsupported("'can't be blocked by' with X")
        return Line("abilities", (StaticAbility(SelfCombatRestriction("blocked_by", np.filter)),))

    def misc_min_blockers(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("min_blockers", n=int(c[-1]))),))

    def misc_max_blockers(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("max_blockers", n=int(c[-1]))),))

    def misc_attack_unless_defender(self, c):
        np = c[-1]
        if np.head is not None or np.filter.controller is not None or np.filter.other:
            raise Unsupported("'can't attack unless defending player controls' an unusual description")
        if any(v == "X" for _, _, v in np.filter.compare):
            raise Unsupported("'can't attack unless' with X")
        return Line("abilities", (StaticAbility(SelfCombatRestriction("attack_unless_defender", np.filter)),))

    def misc_lure_self(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("lure")),))

    def misc_lure_enchanted(self, c):
        return Line("abilities", (StaticAbility(SelfCombatRestriction("lure_enchanted")),))

    def _misc_attack_unless_you(self, np, n: int, other: bool):
        if np.head is not None or np.filter.controller is not None or np.filter.other:
            raise Unsupported("'can't attack unless you control' an unusual description")
        if any(v == "X" for _, _, v in np.filter.compare):
            raise Unsupported("'can't attack unless' with X")
        f = replace(np.filter, controller="you", other=other)
        return Line("abilities", (StaticAbility(SelfCombatRestriction("attack_unless_you_control", f, n)),))

    def misc_attack_unless_you_control_n(self, c):
        return self._misc_attack_unless_you(c[-1], int(c[-2]), False)

    def misc_attack_unless_you_control_another(self, c):
        return self._misc_attack_unless_you(c[-1], 1, True)
