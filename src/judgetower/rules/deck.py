"""Starting a game from decks (CR 103): libraries from card lists, shuffled by the game's RNG."""

from __future__ import annotations

from judgetower.cards.card import CardError
from judgetower.cards.pool import CardPool
from judgetower.rules.game import Game


def new_game(pool: CardPool, decks: dict[str, list[str]], seed: int = 0, rules=None) -> Game:
    """A game whose players' libraries are ``decks`` (names), shuffled (CR 103.3), then the
    pre-game procedure and turn 1 (CR 103.5-103.8)."""
    names = list(decks)
    g = Game(names, seed=seed, rules=rules)
    libraries, errors = [], []
    for name in names:   # one CardError naming every deck's unknown cards (DESIGN.md principle 7)
        try:
            libraries.append(pool.get_many(decks[name]))
        except CardError as e:
            errors.append(f"{name}'s deck: {e}")
    if errors:
        raise CardError("; ".join(errors))
    refuse_unplayable(c for cards in libraries for c in cards)
    for p, cards in enumerate(libraries):
        for c in cards:
            g.make_card(c, p, "library")
        g.rng.shuffle(g.library(p))
    g.start(pregame=True)
    return g


def refuse_unplayable(cards) -> None:
    """A card whose rules text is not fully understood is refused, never played wrongly
    (DESIGN.md principle 4): one CardError names every such card and the text not understood."""
    from judgetower import oracle
    bad = {}
    for c in cards:
        comp = oracle.compile_card(c)
        if not comp.ok:
            bad[c.name] = comp.unsupported
    if bad:
        raise CardError("card(s) the engine cannot play yet: " + "; ".join(
            f"{n!r} (not understood: {' / '.join(map(repr, u))})" for n, u in bad.items()))


def random_deck(pool: CardPool, rng, size: int = 40, lands: int = 17) -> list[str]:
    """A random deck from ``pool``: basic lands plus random nonland cards (for playouts)."""
    basics = [c.name for c in pool if "Basic" in c.supertypes]
    spells = [c.name for c in pool if "Land" not in c.types]
    return [rng.choice(basics) for _ in range(lands)] + [rng.choice(spells) for _ in range(size - lands)]
