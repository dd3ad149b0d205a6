"""Card characteristics (CR 200-series): the printed facts of one card face.

A `CardDef` is immutable and knows nothing about games. The engine builds game
objects from it; the Oracle compiler turns its `text` into ability IR.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{([^}]+)\}")
#: The mana symbols of CR 107.4 (inside the braces): coloured, colourless, numerical, {X},
#: hybrid, monocoloured hybrid, Phyrexian, hybrid Phyrexian, snow.
_CR_107_4 = re.compile(r"\d+|[WUBRGCX]|[WUBRG]/[WUBRG]|[2C]/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P|S")

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
CARD_TYPES = frozenset({
    "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Tribal",
    "Land", "Planeswalker", "Sorcery", "Conspiracy", "Dungeon", "Phenomenon", "Plane",
    "Scheme", "Vanguard",
})


class CardError(ValueError):
    """A card fact or card name that the pool does not accept."""


def mana_symbols(cost: str | None) -> list[str]:
    """`"{2}{U}{U}"` -> `["2", "U", "U"]` (CR 107.4)."""
    if not cost:
        return []
    symbols = _SYMBOL.findall(cost)
    if "".join("{%s}" % s for s in symbols) != cost.replace(" ", ""):
        raise CardError(f"malformed mana cost {cost!r} (CR 107.4)")
    return symbols


def is_mana_symbol(symbol: str) -> bool:
    """Whether ``"2/W"`` (a symbol without its braces) is one of the mana symbols of CR 107.4."""
    return bool(_CR_107_4.fullmatch(symbol))


def mana_value_of(cost: str | None) -> int:
    """Mana value of a mana cost (CR 202.3): generic numbers plus one per coloured/hybrid symbol, X = 0."""
    total = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif "/" in sym and sym.split("/")[0].isdigit():  # {2/W}
            total += int(sym.split("/")[0])
        else:
            total += 1
    return total


def colors_of_cost(cost: str | None) -> tuple[str, ...]:
    """Colours a mana cost gives an object (CR 202.2, 105.2)."""
    found = set()
    for sym in mana_symbols(cost):
        for ch in sym.split("/"):
            if ch in COLOR_ORDER:
                found.add(ch)
    return tuple(c for c in COLOR_ORDER if c in found)


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """`"Legendary Creature — Dog"` -> supertypes, card types, subtypes (CR 205)."""
    left, _, right = type_line.replace(" - ", " — ").partition("—")
    words = left.split()
    supers = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    unknown = [t for t in types if t not in CARD_TYPES]
    if unknown or not types:
        raise CardError(f"type line {type_line!r}: unknown card type {unknown or '(none)'} (CR 205.2a)")
    subs = tuple(right.split()) if right.strip() else ()
    return supers, types, subs


@dataclass(frozen=True)
class CardDef:
    """One card's characteristics as printed in current Oracle wording (CR 201-209)."""

    name: str
    type_line: str
    mana_cost: str | None = None
    colors: tuple[str, ...] | None = None  # None: derived from the mana cost (CR 202.2)
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""
    name_fr: str | None = None
    text_fr: str | None = None
    # faces: a multi-faced card (CR 709 split, 715 adventure) holds its faces' own CardDefs; its
    # own facts are the card's characteristics outside the stack (see `whole_card`)
    layout: str = "normal"
    faces: tuple["CardDef", ...] = ()
    supertypes: tuple[str, ...] = field(default=(), init=False)
    types: tuple[str, ...] = field(default=(), init=False)
    subtypes: tuple[str, ...] = field(default=(), init=False)

    def __post_init__(self) -> None:
        if not self.name or not self.name.strip():
            raise CardError("a card needs a name (CR 201.1)")
        supers, types, subs = split_type_line(self.type_line)
        object.__setattr__(self, "supertypes", supers)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "subtypes", subs)
        for sym in mana_symbols(self.mana_cost):  # validates
            if not is_mana_symbol(sym):
                # e.g. {HW} (half mana): no such symbol in the rules, so no way to pay it
                raise CardError(f"{self.name}: unknown mana symbol {{{sym}}} in the mana cost "
                                f"{self.mana_cost!r} (CR 107.4)")
        if self.colors is None:
            object.__setattr__(self, "colors", colors_of_cost(self.mana_cost))
        else:
            bad = [c for c in self.colors if c not in COLOR_ORDER]
            if bad:
                raise CardError(f"{self.name}: unknown colour {bad} (CR 105.1)")
            object.__setattr__(self, "colors", tuple(c for c in COLOR_ORDER if c in self.colors))
        if "Creature" in self.types and (self.power is None or self.toughness is None):
            raise CardError(f"{self.name}: a creature card needs power and toughness (CR 208.1)")
        if "Planeswalker" in self.types and self.loyalty is None:
            raise CardError(f"{self.name}: a planeswalker card needs loyalty (CR 209.1)")

    @property
    def mana_value(self) -> int:
        return mana_value_of(self.mana_cost)

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types


# ---------------------------------------------------------------------------------- faces
#: Multi-faced layouts the engine plays (CR 709 split cards, CR 715 adventurer cards, CR 712
#: modal double-faced cards).
FACE_LAYOUTS = frozenset({"split", "adventure", "modal_dfc"})
# faces2: transforming double-faced cards (CR 712.2, 701.27) and flip cards (CR 710)
FACE_LAYOUTS = FACE_LAYOUTS | {"transform", "flip"}


def whole_card(layout: str, faces: tuple[CardDef, ...], name: str | None = None,
               name_fr: str | None = None) -> CardDef:
    """The card a multi-faced card is in every zone but the stack, holding its faces.

    * split (CR 709.4): both halves' characteristics combined: the name "A // B" (CR 709.4),
      the mana costs together (its colours and mana value come from that total, CR 709.4b), the union of
      colours and types; no text of its own (each half's abilities are its spell's, CR 709.3).
    * adventure (CR 715.4): the creature (first face)'s characteristics only.
    * modal_dfc (CR 712.8a): the front face's characteristics only (the back face's exist only
      while it is up on the stack or the battlefield, CR 712.8f).
    """
    if layout not in FACE_LAYOUTS:
        raise CardError(f"layout {layout!r}: the engine plays only {sorted(FACE_LAYOUTS)} multi-faced cards")
    if len(faces) != 2:
        raise CardError(f"a {layout} card needs 2 faces, not {len(faces)}")
    a, b = faces
    if layout == "adventure" and ("Creature" not in a.types or "Adventure" not in b.subtypes):
        raise CardError(f"{a.name}: an adventurer card is a creature with an Adventure (CR 715.2)")
    if layout in ("transform", "flip"):
        return _faces2_whole_card(layout, a, b)
    if layout in ("adventure", "modal_dfc"):
        return CardDef(name=a.name, type_line=a.type_line, mana_cost=a.mana_cost, colors=a.colors,
                       power=a.power, toughness=a.toughness, loyalty=a.loyalty, text=a.text,
                       name_fr=a.name_fr, text_fr=a.text_fr, layout=layout, faces=faces)
    supers = tuple(dict.fromkeys(a.supertypes + b.supertypes))
    types = tuple(dict.fromkeys(a.types + b.types))
    subs = tuple(dict.fromkeys(a.subtypes + b.subtypes))
    type_line = " ".join(supers + types) + (" — " + " ".join(subs) if subs else "")
    colors = tuple(c for c in COLOR_ORDER if c in set(a.colors or ()) | set(b.colors or ()))
    return CardDef(name=name or f"{a.name} // {b.name}", type_line=type_line,
                   mana_cost=((a.mana_cost or "") + (b.mana_cost or "")) or None, colors=colors,
                   name_fr=name_fr, layout=layout, faces=faces)


# ---------------------------------------------------------------------------------- faces2
@dataclass(frozen=True)
class BackFaceDef(CardDef):
    """faces2: the back face of a transforming double-faced card (CR 712.2). It has no mana cost
    (its colours come from its colour indicator, CR 204), but its mana value is the front face's
    (CR 712.8c, 712.8e), given at load time from the front face."""

    front_mana_value: int = 0

    @property
    def mana_value(self) -> int:
        return self.front_mana_value


def _faces2_whole_card(layout: str, a: CardDef, b: CardDef) -> CardDef:
    """faces2: the card a transforming double-faced card (``transform``) or a flip card
    (``flip``) is outside the battlefield: its front face (normal half) only (CR 712.8a, 710.2).

    * transform: the back face becomes a `BackFaceDef` (mana value of the front, CR 712.8e);
      a back face that is an instant or sorcery is kept as printed (it can't be transformed
      into, CR 701.27d).
    * flip: the flipped half keeps the card's mana cost and colour (CR 710.1c): only its name,
      text, type line, power and toughness are alternative (CR 710.1b).
    """
    def same(face: CardDef, **kw) -> dict:
        d = dict(name=face.name, type_line=face.type_line, mana_cost=face.mana_cost, colors=face.colors,
                 power=face.power, toughness=face.toughness, loyalty=face.loyalty, text=face.text,
                 name_fr=face.name_fr, text_fr=face.text_fr)
        d.update(kw)
        return d
    if layout == "transform":
        back = BackFaceDef(**same(b, mana_cost=None), front_mana_value=a.mana_value)
    else:
        back = CardDef(**same(b, mana_cost=a.mana_cost, colors=a.colors))
    return CardDef(**same(a), layout=layout, faces=(a, back))
