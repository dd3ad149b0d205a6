"""The Oracle compiler: a card's Oracle text -> ability IR (``judgetower.oracle.ir``).

    >>> from judgetower.oracle import compile_text
    >>> compile_text("Shock", "Shock deals 2 damage to any target.").ok
    True

``compile_card(card)`` takes a ``judgetower.cards.card.CardDef``. Results are cached by card
name and text. Text the compiler does not understand is listed in
``CompiledCard.unsupported`` (and the card is then not ``ok``), never dropped.

The grammar is ``oracle.lark`` (Lark, Earley); ``transform.py`` turns its trees into IR.
"""

from __future__ import annotations

from .compiler import compile_card, compile_text, normalise, strip_reminder
from .ir import CompiledCard

__all__ = ["CompiledCard", "compile_card", "compile_text", "normalise", "strip_reminder"]
