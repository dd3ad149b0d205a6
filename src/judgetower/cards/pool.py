"""Card pools: name -> `CardDef`, and the embedded starter tower.

The starter tower's card facts live in `cards/data/starter_tower.yaml` (package
data, current Oracle wording). `card_from_mapping` is shared with the scenario
runner, whose `cards:` blocks use the same keys (with `type` for the type line).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from typing import Any

from judgetower.cards.card import CardDef, CardError

STARTER_FILE = "starter_tower.yaml"

_KEYS = frozenset({
    "name", "mana_cost", "type_line", "type", "power", "toughness", "loyalty",
    "text", "name_fr", "text_fr", "colors",
})


def _opt_str(value: Any, key: str, where: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise CardError(f"{where}: {key!r} must be a string, not {type(value).__name__}")
    return str(value)


def card_from_mapping(m: dict, where: str) -> CardDef:
    """Build a `CardDef` from a mapping of card facts; `where` names the source in errors."""
    if not isinstance(m, Mapping):
        raise CardError(f"{where}: a card must be a mapping, not {type(m).__name__}")
    unknown = sorted(str(k) for k in m if k not in _KEYS)
    if unknown:
        raise CardError(f"{where}: unknown key {unknown[0]!r}"
                        + (f" (also {', '.join(repr(k) for k in unknown[1:])})" if unknown[1:] else ""))
    if "type" in m and "type_line" in m:
        raise CardError(f"{where}: give 'type' or 'type_line', not both")
    name = m.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardError(f"{where}: a card needs a 'name' (CR 201.1)")
    type_line = m.get("type_line", m.get("type"))
    if not isinstance(type_line, str) or not type_line.strip():
        raise CardError(f"{where}: card {name!r} needs a 'type_line' (CR 205)")
    text = m.get("text")
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise CardError(f"{where}: card {name!r}: 'text' must be a string")
    colors = m.get("colors")
    if colors is not None:
        if isinstance(colors, str):
            colors = tuple(colors)
        elif isinstance(colors, (list, tuple)) and all(isinstance(c, str) for c in colors):
            colors = tuple(colors)
        else:
            raise CardError(f"{where}: card {name!r}: 'colors' must be a list of colour letters")
    try:
        return CardDef(
            name=name,
            type_line=type_line,
            mana_cost=_opt_str(m.get("mana_cost"), "mana_cost", where),
            colors=colors,
            power=_opt_str(m.get("power"), "power", where),
            toughness=_opt_str(m.get("toughness"), "toughness", where),
            loyalty=_opt_str(m.get("loyalty"), "loyalty", where),
            text=text,
            name_fr=_opt_str(m.get("name_fr"), "name_fr", where),
            text_fr=_opt_str(m.get("text_fr"), "text_fr", where),
        )
    except CardError as exc:
        raise CardError(f"{where}: {exc}") from exc


class CardPool:
    """An ordered, immutable mapping of card name -> `CardDef`.

    Lookups are exact, falling back to a case-insensitive match. Unlike a
    `dict`, iterating a pool yields its `CardDef`s (in order); use `names()`
    or `keys()` for the names.
    """

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._cards: dict[str, CardDef] = {}
        self._folded: dict[str, str] = {}
        for card in cards:
            self._add(card)

    def _add(self, card: CardDef) -> None:
        if not isinstance(card, CardDef):
            raise CardError(f"a card pool holds CardDefs, not {type(card).__name__}")
        clash = self._resolve(card.name)
        if clash is not None:
            raise CardError(f"card {card.name!r} clashes with {clash!r} already in the pool")
        self._cards[card.name] = card
        self._folded[card.name.casefold()] = card.name

    def _resolve(self, name: object) -> str | None:
        if not isinstance(name, str):
            return None
        if name in self._cards:
            return name
        found = self._folded.get(name.casefold())
        if found is None and " // " in name:
            # a double-faced card is its front face in the game (CR 712.8a); a tower built from the
            # whole card file names it "Front // Back": accept that name when the faces match
            front = self._folded.get(name.split(" // ")[0].casefold())
            card = self._cards.get(front) if front is not None else None
            if card is not None and card.faces and " // ".join(f.name for f in card.faces).casefold() == name.casefold():
                return front
        return found

    def _unknown_message(self, name: str) -> str:
        close = difflib.get_close_matches(name, list(self._cards), n=3, cutoff=0.6)
        if not close:
            by_fold = {n.casefold(): n for n in self._cards}
            close = [by_fold[c] for c in
                     difflib.get_close_matches(name.casefold(), list(by_fold), n=3, cutoff=0.6)]
        hint = f" (did you mean: {', '.join(close)}?)" if close else ""
        return f"unknown card {name!r}{hint}"

    # Mapping protocol -------------------------------------------------------
    def __getitem__(self, name: str) -> CardDef:
        key = self._resolve(name)
        if key is None:
            raise KeyError(name)
        return self._cards[key]

    def __contains__(self, name: object) -> bool:
        return self._resolve(name) is not None

    def __iter__(self) -> Iterator[CardDef]:
        """Iterate over the CardDefs, in pool order."""
        return iter(list(self._cards.values()))

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"CardPool({len(self)} cards)"

    def keys(self):
        return self._cards.keys()

    def values(self):
        return self._cards.values()

    def items(self):
        return self._cards.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardPool):
            return list(self._cards.items()) == list(other._cards.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    # Lookups ----------------------------------------------------------------
    def get(self, name: str) -> CardDef:
        """The card named `name`; a `CardError` with close matches if there is none."""
        key = self._resolve(name)
        if key is None:
            raise CardError(self._unknown_message(str(name)))
        return self._cards[key]

    def names(self) -> list[str]:
        return list(self._cards)

    def get_many(self, names: Iterable[str]) -> list[CardDef]:
        """The cards named, in order; one `CardError` listing every unknown name."""
        names = list(names)
        missing = [n for n in names if self._resolve(n) is None]
        if missing:
            if len(missing) == 1:
                raise CardError(self._unknown_message(str(missing[0])))
            raise CardError(f"{len(missing)} unknown cards: "
                            + "; ".join(self._unknown_message(str(n)) for n in missing))
        return [self._cards[self._resolve(n)] for n in names]  # type: ignore[index]

    def with_cards(self, extra: Iterable[CardDef]) -> CardPool:
        """A new pool: this one plus `extra` (a `CardError` on a name clash)."""
        pool = CardPool(self._cards.values())
        for card in extra:
            pool._add(card)
        return pool

    def french_name(self, name: str) -> str | None:
        """The official French name of the card, or None if unknown."""
        return self.get(name).name_fr


def load_pool_yaml(source: str, where: str) -> CardPool:
    """Parse a YAML list of card mappings; errors name `where` and the entry."""
    import yaml        # here, not at the top: most commands never read YAML (startup time)
    try:
        data = yaml.safe_load(source)
    except yaml.YAMLError as exc:
        raise CardError(f"{where}: not valid YAML: {exc}") from exc
    if not isinstance(data, list):
        raise CardError(f"{where}: expected a list of cards, not {type(data).__name__}")
    cards: list[CardDef] = []
    for i, entry in enumerate(data, start=1):
        label = f"{where} entry {i}"
        if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
            label += f" ({entry['name']})"
        cards.append(card_from_mapping(entry, label))
    pool = CardPool()
    for i, card in enumerate(cards, start=1):
        try:
            pool._add(card)
        except CardError as exc:
            raise CardError(f"{where} entry {i}: {exc}") from exc
    return pool


@functools.cache
def starter_pool() -> CardPool:
    """The embedded starter tower (111 cards), loaded once from package data."""
    ref = resources.files("judgetower.cards").joinpath("data", STARTER_FILE)
    try:
        source = ref.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardError(f"cannot read card data {STARTER_FILE}: {exc}") from exc
    return load_pool_yaml(source, STARTER_FILE)
