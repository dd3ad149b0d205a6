"""Card characteristics and card pools (DESIGN.md layer `judgetower.cards`)."""

from judgetower.cards.card import CardDef, CardError

__all__ = ["CardDef", "CardError"]
