"""Static abilities (CR 604, 611, 613).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from typing import Any
from ..ir import (
    Anthem, CantAttackOrBlock, EntersTapped, EntersWithCounters, StaticAbility, This,
    TimesKicked,
)
from .context import Line, Unsupported, _static_filter_ok, pt_mod


class StaticCallbacks:
    """Callbacks for static abilities."""

    # -- static abilities ------------------------------------------------------------------

    def st_anthem(self, c):
        affected, token, keywords = c
        _static_filter_ok(affected, bool(keywords))
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(Anthem(affected, p, t, keywords or ())),))

    def st_grant(self, c):
        affected, keywords = c
        _static_filter_ok(affected, True)
        return Line("abilities", (StaticAbility(Anthem(affected, 0, 0, keywords)),))

    def st_cant_attack_or_block(self, c):
        _static_filter_ok(c[0], False)
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0])),))

    def st_cant_attack(self, c):
        _static_filter_ok(c[0], False)
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], block=False)),))

    def st_cant_block(self, c):
        _static_filter_ok(c[0], False)
        return Line("abilities", (StaticAbility(CantAttackOrBlock(c[0], attack=False)),))

    def st_enters_tapped(self, c):
        return Line("abilities", (StaticAbility(EntersTapped()),))

    def st_enters_with_counters(self, c):
        condition, subject, count, kind, times_kicked, keywords = c
        if condition is not None and not isinstance(condition, str):
            # conds: the enters replacement reads only "kicked" (casting.py)
            raise Unsupported("this condition on entering with counters")
        if subject != This():
            raise Unsupported("another object than this one enters with counters")
        amount: Any = count
        if times_kicked is not None:
            if count != 1:
                raise Unsupported("N counters for each time it was kicked")
            amount = TimesKicked()
        return Line("abilities", (StaticAbility(EntersWithCounters(
            kind, amount, condition=condition, keywords=keywords or ())),))

    def times_kicked(self, c):
        return True
