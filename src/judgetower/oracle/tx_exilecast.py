"""exilecast: transformer callbacks for cards played from exile (CR 702.62 suspend, 702.143
foretell, 702.88 rebound). The engine side is ``judgetower.rules.exilecast``."""

from __future__ import annotations

from .ir import Keyword


class ExilecastTransformMixin:

    def ec_suspend(self, c):
        from .transform import mana
        n = int(c[0])
        return Keyword("suspend", (n, mana(c[1])))      # CR 702.62a: (time counters, cost)

    def ec_foretell(self, c):
        from .transform import mana
        return Keyword("foretell", mana(c[0]))          # CR 702.143a: the foretell cost

    def ec_rebound(self, c):
        return Keyword("rebound")                       # CR 702.88a
