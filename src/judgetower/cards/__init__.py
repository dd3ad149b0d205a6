"""Card characteristics and card pools (DESIGN.md layer `judgetower.cards`)."""

from judgetower.cards.card import CardDef, CardError
from judgetower.cards.pool import CardPool, card_from_mapping, starter_pool

__all__ = ["CardDef", "CardError", "CardPool", "card_from_mapping", "starter_pool"]
