"""Split cards (CR 709): aftermath (CR 702.127a), fuse (CR 702.102a).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from ..ir import Keyword


class SplitCardCallbacks:
    """Callbacks for split cards."""

    # ---- faces: multi-faced cards (CR 709, 715, 712) -------------------------------------
    def faces_aftermath(self, c):
        """Aftermath (CR 702.127a): cast this half only from a graveyard, then exile it."""
        return Keyword("aftermath")

    def faces_fuse(self, c):
        """Fuse (CR 702.102a): cast both halves of this split card from the hand."""
        return Keyword("fuse")
