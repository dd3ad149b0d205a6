"""Tower files: reading them, and building random towers from a card pool.

A tower file is a plain card list, one card a line::

    # comments start with '#', anywhere on a line
    Lightning Bolt
    4 Island          # "N Name" (or "Nx Name") for N copies
    Foudre            # French, face and case-insensitive names are accepted

`read_tower(path, pool)` returns the card names (copies repeated). It reports every unknown
name at once, with close matches, and refuses cards the engine cannot play yet, giving the
reason (the layout, or each sentence not understood), unless ``allow_unsupported``. It also
reads the formats towers are shared in (a Cube Cobra CSV export, an Arena/MTGO list, an MTGO
``.dek`` file: `judgetower.cards.tower_formats`), guessed from the file or given.

`build_tower(pool, size, seed, ...)` picks a singleton tower of ``size`` cards: about 10% basic
lands spread over the five basic types, the rest distinct non-basic cards drawn at random (by
``seed``, deterministically) from the Judge Tower pool's playable cards, optionally narrowed by a
filter expression (`parse_filter`). Cards are checked (compiled) only as they are drawn.

Filter syntax: terms joined by commas, all of which must hold (AND); ``a|b`` in a value means
either (OR)::

    type=creature          a card type, supertype or subtype (any case): creature, legendary, goblin
    type!=land             not that type
    color=R                red (W U B R G; C for colourless; or white/blue/black/red/green)
    color=RG  color=R|G    red and green / red or green;  color!=B  not black
    mv<=3  mv=2  mv>4      mana value compared (=, !=, <, <=, >, >=)
    text=flying            Oracle text contains (any case);  name=dragon  name contains

e.g. ``--filter "type=creature,mv<=3,color=R|G"``.
"""

from __future__ import annotations

import itertools
import operator
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from judgetower.cards.card import COLOR_ORDER, CardDef, CardError
from judgetower.cards.pool import CardPool

BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
#: Share of a built tower that is basic lands.
BASIC_SHARE = 0.10
#: Card types that never go in a deck (CR 100.2a: only traditional Magic cards).
NON_DECK_TYPES = frozenset({"Conspiracy", "Scheme", "Plane", "Phenomenon", "Vanguard", "Dungeon"})

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                "colorless": "C", "colourless": "C"}
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le, ">=": operator.ge, "!=": operator.ne, "=": operator.eq,
    "<": operator.lt, ">": operator.gt,
}
_KEYS = frozenset({"mv", "cmc", "manavalue", "type", "t", "types", "color", "colour", "c", "colors",
                   "colours", "text", "o", "oracle", "name"})
_TERM = re.compile(r"^\s*([a-zA-Z]+)\s*(<=|>=|!=|=|<|>)\s*(.*?)\s*$")

FILTER_HELP = ("comma-separated terms, all must hold: type=creature, type!=land, color=R "
               "(WUBRG, C colourless; RG both, R|G either), color!=B, mv<=3 (= != < <= > >=), "
               "text=flying, name=dragon")


# ------------------------------------------------------------------------------------ filters

def _color_sets(value: str, term: str) -> list[frozenset[str]]:
    sets = []
    for alt in value.split("|"):
        alt = alt.strip()
        letters = _COLOR_WORDS.get(alt.lower(), alt.upper())
        if not letters or any(ch not in COLOR_ORDER + "C" for ch in letters) or \
                ("C" in letters and len(letters) > 1):
            raise CardError(f"filter term {term!r}: {alt!r} is not a colour "
                            "(W, U, B, R, G, C for colourless, or a colour word)")
        sets.append(frozenset(letters))
    return sets


def _color_match(card: CardDef, wanted: frozenset[str]) -> bool:
    if wanted == {"C"}:
        return not card.colors
    return wanted <= set(card.colors)


def parse_filter(expr: str | None) -> Callable[[CardDef], bool]:
    """A predicate on a card's (front face's) characteristics; see the module doc for the
    syntax. A `CardError` says which term is wrong."""
    if expr is None or not expr.strip():
        return lambda card: True
    tests: list[Callable[[CardDef], bool]] = []
    for term in expr.split(","):
        if not term.strip():
            raise CardError(f"filter {expr!r}: empty term (terms are joined by single commas)")
        m = _TERM.match(term)
        if not m:
            raise CardError(f"filter term {term.strip()!r} is not KEY OP VALUE ({FILTER_HELP})")
        key, op, value = m.group(1).lower(), m.group(2), m.group(3)
        if not value:
            raise CardError(f"filter term {term.strip()!r} has no value")
        negate = op == "!="
        if key not in _KEYS:
            raise CardError(f"filter term {term.strip()!r}: unknown key {key!r} "
                            "(type, color, mv, text, name)")
        if key in ("mv", "cmc", "manavalue"):
            try:
                n = int(value)
            except ValueError:
                raise CardError(f"filter term {term.strip()!r}: mana value must be a whole number") from None
            fn = _OPS[op]
            tests.append(lambda c, fn=fn, n=n: fn(c.mana_value, n))
            continue
        if op not in ("=", "!="):
            raise CardError(f"filter term {term.strip()!r}: {key} takes = or != ({FILTER_HELP})")
        if key in ("type", "t", "types"):
            alts = [a.strip().lower() for a in value.split("|")]

            def has_type(c: CardDef, alts=alts) -> bool:
                words = {w.lower() for w in c.supertypes + c.types + c.subtypes}
                return any(a in words for a in alts)
            test = has_type
        elif key in ("color", "colour", "c", "colors", "colours"):
            sets = _color_sets(value, term.strip())
            test = lambda c, sets=sets: any(_color_match(c, s) for s in sets)  # noqa: E731
        elif key in ("text", "o", "oracle"):
            alts = [a.strip().casefold() for a in value.split("|")]
            test = lambda c, alts=alts: any(a in c.text.casefold() for a in alts)  # noqa: E731
        elif key == "name":
            alts = [a.strip().casefold() for a in value.split("|")]
            test = lambda c, alts=alts: any(a in c.name.casefold() for a in alts)  # noqa: E731
        else:
            raise CardError(f"filter term {term.strip()!r}: unknown key {key!r} "
                            "(type, color, mv, text, name)")
        tests.append((lambda c, t=test: not t(c)) if negate else test)
    return lambda card: all(t(card) for t in tests)


# ---------------------------------------------------------------------------------- the pool

def _full(pool):
    """``pool`` must know which cards the engine can play: a compiled pool
    (`judgetower.oracle.compiled_pool.FullPool`, e.g. `pool_from_cards(starter_pool())`). The
    cards layer does not call the compiler itself (DESIGN.md layers)."""
    if isinstance(pool, CardPool):
        raise TypeError("towers need a compiled pool: pass judgetower.oracle.compiled_pool."
                        "pool_from_cards(pool), not a plain CardPool")
    return pool


# ------------------------------------------------------------------------------------ reading

def parse_tower_text(text: str, pool, where: str) -> list[tuple[int, str, int]]:
    """(line number, name as written, copies) for each card line of our own format."""
    from judgetower.cards.tower_formats import parse_text
    return [(e.line, e.name, e.count) for e in parse_text(text, where, pool.resolve).entries]


def read_tower(path: str | os.PathLike, pool, *, allow_unsupported: bool = False,
               fmt: str = "auto") -> list[str]:
    """The card names of a tower file (copies repeated), resolved in ``pool`` (a `FullPool`, or a
    `tower_formats.LazyPool`). The file may be in any format of `judgetower.cards.tower_formats`
    (``fmt``: ``auto``, ``text``, ``cubecobra-csv``, ``arena``, ``mtgo``) and is read with bounds.
    One `CardError` lists every unknown name with close matches and every card the engine cannot
    play yet, with the reason."""
    from judgetower.cards.tower_formats import read_tower_file, resolve_entries, resolve_name
    pool = _full(pool)
    tf = read_tower_file(path, fmt, known=lambda name: resolve_name(pool, name))
    return resolve_entries(tf, pool, allow_unsupported=allow_unsupported)


# ----------------------------------------------------------------------------------- building

@dataclass(frozen=True)
class Tower:
    """A built tower: distinct non-basic cards and basic land counts. ``checked``: how many
    candidate cards (in the Judge Tower pool, not basic, matching the filter) were drawn and
    checked to find them (only those were compiled)."""

    cards: tuple[str, ...]
    basics: tuple[tuple[str, int], ...]
    seed: int
    checked: int

    def names(self) -> list[str]:
        out = list(self.cards)
        for name, n in self.basics:
            out.extend([name] * n)
        return out

    def __len__(self) -> int:
        return len(self.cards) + sum(n for _, n in self.basics)


def basic_counts(size: int, share: float = BASIC_SHARE) -> list[tuple[str, int]]:
    """About ``share`` of ``size`` as basic lands, spread evenly over the five basic types
    (the first types in WUBRG order get any remainder)."""
    total = round(size * share)
    q, r = divmod(total, len(BASIC_LANDS))
    return [(name, q + (1 if i < r else 0)) for i, name in enumerate(BASIC_LANDS)]


def build_tower(pool, size: int, seed: int, *, filter_expr: str | None = None,
                allow_unsupported: bool = False, basic_share: float = BASIC_SHARE) -> Tower:
    """A singleton tower of ``size`` cards from ``pool`` (see the module doc).

    The pool's card names, sorted, are shuffled by ``seed``; they are then taken in that order,
    skipping those outside the Judge Tower pool, basic lands, non-deck cards (CR 100.2a), cards
    the filter refuses and (unless ``allow_unsupported``) cards the engine cannot play, until the
    tower is full. Only the cards drawn are checked, so with a lazy pool
    (`tower_formats.LazyPool`) only they are compiled: a 250-card tower from a 24,000-card file
    compiles a few hundred cards. The same pool content and seed give the same tower, whatever
    kind of pool holds it."""
    if size < 1:
        raise CardError(f"a tower needs at least 1 card, not {size}")
    pool = _full(pool)
    predicate = parse_filter(filter_expr)
    basics = [(name, n) for name, n in basic_counts(size, basic_share) if n]
    for name, _ in basics:
        if pool.resolve(name) is None:
            raise CardError(f"the card pool ({pool.source}) has no basic land {name!r}")
    want = size - sum(n for _, n in basics)
    order = sorted(pool)
    random.Random(seed).shuffle(order)

    def candidates():
        for name in order:
            if not pool.in_tower_pool(name):
                continue
            front = pool.card(name).front
            if front is None or "Basic" in front.supertypes or NON_DECK_TYPES.intersection(front.types):
                continue
            if predicate(front):
                yield name

    # a pool that can check several cards at once (`LazyCompiledPool.prefetch`: in parallel) is
    # handed the next batch first; the cards are then taken in the same order, one by one
    prefetch = None if allow_unsupported else getattr(pool, "prefetch", None)
    picked: list[str] = []
    checked = 0
    drawn = candidates()
    while len(picked) < want:
        batch = list(itertools.islice(drawn, (want - len(picked)) * 3 // 2 + 8 if prefetch else 1))
        if not batch:
            break
        if prefetch:
            prefetch(batch)
        for name in batch:
            if len(picked) >= want:
                break
            checked += 1
            if allow_unsupported or pool.status(name).playable:
                picked.append(name)
    if len(picked) < want:
        what = "playable cards" if not allow_unsupported else "cards"
        narrowed = f" matching the filter {filter_expr!r}" if filter_expr else ""
        raise CardError(f"only {len(picked)} {what} of the Judge Tower pool{narrowed} "
                        f"(from {pool.source}): a {size}-card tower needs {want} besides "
                        f"{size - want} basic land{'' if size - want == 1 else 's'}")
    return Tower(tuple(sorted(picked)), tuple((pool.resolve(n), k) for n, k in basics), seed, checked)


def tower_text(tower: Tower, header: list[str] = ()) -> str:
    """A tower file's text: ``#`` header lines, the singletons, then ``N Basic`` lines."""
    lines = [f"# {h}" for h in header]
    lines.extend(tower.cards)
    lines.extend(f"{n} {name}" for name, n in tower.basics)
    return "\n".join(lines) + "\n"
