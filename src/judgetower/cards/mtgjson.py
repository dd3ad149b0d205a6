"""Reading MTGJSON ``AtomicCards`` files (``.json``, ``.json.gz``, ``.json.xz``).

The top level of such a file is ``{"meta": {...}, "data": {"Card Name": [face, ...]}}``: one
entry per card (Oracle identity), one face object per face. Every layout is read:

* single-faced layouts (``normal``, ``saga``, ``class``, ``leveler``, ``vanguard``, ...) give one
  face;
* multi-faced layouts (``split``, ``adventure``, ``flip``, ``transform``, ``modal_dfc``, ``meld``,
  ``aftermath``, ...) give one `CardDef` per face, named by the face (``faceName``), and the card
  keeps its full name (``"Fire // Ice"``), its layout and its face names.

The engine plays a card only if it supports the card's layout: the single-faced layouts in
`ENGINE_LAYOUTS`, and split and adventure cards (`card.FACE_LAYOUTS`, played as one `CardDef`
holding its faces: `AtomicCard.game_card`); `AtomicCard.layout_reason` names the others
(``"layout transform"``).

French: the ``foreignData`` entry with ``"language": "French"`` gives each face's French name
(``faceName`` for a multi-faced card, else ``name``) and text. Flags read: ``isFunny`` (Un-sets and
the like), ``isAlchemy`` (digital rebalanced ``A-`` cards), and ``legalities.vintage``.

Both Oracle wordings are read as they are: 2022's "enters the battlefield" and current "enters"
(the compiler understands both).

A file that cannot be read, is truncated, is not JSON, or is not AtomicCards-shaped raises a
`CardError` naming the file and what is wrong. Reading is bounded (`judgetower.safeio`): a file
of at most `MAX_DATA_BYTES`, decompressed in chunks to at most `MAX_DATA_BYTES` and at most
`MAX_RATIO` times its compressed size (a decompression bomb is refused after a few MB), text in
UTF-8 (or UTF-16/32 with a BOM), strict JSON with numbers of at most 40 characters and nesting
the parser can take (deeper is refused, not a RecursionError). A face whose printed facts `CardDef` refuses (an
old "Summon Dragon" type line, a back face planeswalker without loyalty) does not stop the load:
the card is kept with the reason in `AtomicCard.fact_errors` and is not playable.
"""

from __future__ import annotations

import hashlib
import lzma
import os
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judgetower import safeio
from judgetower.cards.card import FACE_LAYOUTS, CardDef, CardError, whole_card

#: Layouts the engine can play today: single-faced ones whose faces are ordinary cards.
ENGINE_LAYOUTS = frozenset({"normal", "saga", "class", "leveler"})

#: faces: MTGJSON multi-faced layouts the engine plays, and the `CardDef.layout` it plays them as
#: (an "aftermath" card is a split card whose second half has aftermath, CR 709, 702.127)
FACE_LAYOUT_OF = {"split": "split", "aftermath": "split", "adventure": "adventure",
                  "modal_dfc": "modal_dfc"}
# faces2: transforming double-faced cards (CR 712.2) and flip cards (CR 710)
FACE_LAYOUT_OF.update({"transform": "transform", "flip": "flip"})

#: Vintage legalities that let a card into the Judge Tower pool.
VINTAGE_OK = frozenset({"Legal", "Restricted"})

#: bounds on a card data file: its size, and its size decompressed (the whole MTGJSON
#: AtomicCards.json is about 130 MB); a compressed stream may expand at most MAX_RATIO times once
#: past RATIO_FREE bytes (real files: 6-19 times)
MAX_DATA_BYTES = 768 * safeio.MB
MAX_RATIO = 100
RATIO_FREE = 8 * safeio.MB
_CHUNK = 1 * safeio.MB

_XZ_MAGIC = b"\xfd7zXZ\x00"
_GZ_MAGIC = b"\x1f\x8b"


@dataclass(frozen=True)
class AtomicCard:
    """One card of an AtomicCards file: its faces (as `CardDef`s) and its card-level facts."""

    name: str                       # the card's full name, e.g. "Fire // Ice"
    layout: str                     # MTGJSON layout: "normal", "split", "transform", ...
    faces: tuple[CardDef, ...]      # the faces whose facts are valid, in printed order
    face_names: tuple[str, ...]     # every face's name (also those in fact_errors)
    is_funny: bool = False
    vintage: str | None = None      # legalities.vintage: "Legal", "Restricted", "Banned", None
    has_legalities: bool = False    # the face object had a "legalities" object at all
    is_alchemy: bool = False
    name_fr: str | None = None      # French name of the whole card
    fact_errors: tuple[str, ...] = ()  # faces CardDef refused, with its reason

    @property
    def front(self) -> CardDef | None:
        """The first face (the card's characteristics in most zones), if its facts were valid."""
        return self.faces[0] if self.faces and self.faces[0].name == self.face_names[0] else None

    @property
    def multi_faced(self) -> bool:
        return len(self.face_names) > 1 or " // " in self.name

    @property
    def layout_reason(self) -> str | None:
        """``"layout X"`` when the engine cannot play this layout yet, else None."""
        if self.layout in ENGINE_LAYOUTS and not self.multi_faced:
            return None
        if FACE_LAYOUT_OF.get(self.layout) in FACE_LAYOUTS and self.game_card is not None:
            return None   # faces: split (CR 709) and adventurer (CR 715) cards
        return f"layout {self.layout}"

    @property
    def game_card(self) -> CardDef | None:
        """The `CardDef` the engine plays: the front face of a single-faced card; for a split or
        adventurer card (`card.FACE_LAYOUTS`), the whole card holding its faces (`whole_card`);
        None when a face's facts are invalid or the layout has no such card."""
        if not self.multi_faced:
            return self.front
        layout = FACE_LAYOUT_OF.get(self.layout)
        if layout not in FACE_LAYOUTS or self.fact_errors or len(self.faces) != len(self.face_names):
            return None
        try:
            return whole_card(layout, self.faces,
                              name=self.name if layout == "split" else None, name_fr=self.name_fr)
        except CardError:
            return None

    @property
    def legal_in_vintage(self) -> bool:
        return self.vintage in VINTAGE_OK

    def in_judge_tower_pool(self, file_has_legalities: bool = True) -> bool:
        """The Judge Tower pool: no Un-cards (``isFunny``), no Alchemy rebalanced cards, and
        legal (or restricted) in Vintage. A file without legalities admits every non-funny,
        non-Alchemy card."""
        if self.is_funny or self.is_alchemy:
            return False
        return self.legal_in_vintage if file_has_legalities else True

    def names_fr(self) -> tuple[str, ...]:
        names = [f.name_fr for f in self.faces if f.name_fr]
        if self.name_fr:
            names.insert(0, self.name_fr)
        return tuple(dict.fromkeys(names))


# ------------------------------------------------------------------------------------ names

def fold_name(name: str) -> str:
    """A card name as lookups compare it: typographic apostrophe as ``'``, case folded, trimmed."""
    return name.replace("\u2019", "'").casefold().strip()


def name_index(cards: Iterable[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """Folded name -> card name, for ``(card name, other names)`` pairs (other names: face and
    French names): a card's full name wins over another card's face or French name, and the first
    card in order wins a tie (the one lookup of `FullPool` and `LazyPool`)."""
    cards = [(name, tuple(others)) for name, others in cards]
    index: dict[str, str] = {}
    for name, _ in cards:
        index.setdefault(fold_name(name), name)
    for name, others in cards:
        for other in others:
            index.setdefault(fold_name(other), name)
    return index


# ---------------------------------------------------------------------------------------- reading

def read_bytes(path: str | os.PathLike) -> bytes:
    """The raw bytes of a card data file (a `CardError` naming the file if unreadable)."""
    try:
        return safeio.read_bytes(path, MAX_DATA_BYTES, "card data file")
    except safeio.BadFile as exc:
        raise CardError(str(exc)) from None


def file_digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def decompress(raw: bytes, where: str) -> bytes:
    """Undo xz or gzip compression, chosen by the stream's magic bytes (checked against the
    file name's ``.xz``/``.gz`` suffix)."""
    lower = where.lower()
    if raw.startswith(_XZ_MAGIC):
        return _inflate(raw, where, "xz", lambda: lzma.LZMADecompressor(format=lzma.FORMAT_XZ),
                        (lzma.LZMAError, EOFError))
    if raw.startswith(_GZ_MAGIC):
        return _inflate(raw, where, "gzip", lambda: zlib.decompressobj(16 + zlib.MAX_WBITS), (zlib.error,))
    if lower.endswith(".xz"):
        raise CardError(f"{where}: not an xz file (no xz header)")
    if lower.endswith(".gz"):
        raise CardError(f"{where}: not a gzip file (no gzip header)")
    return raw


def _inflate(raw: bytes, where: str, kind: str, new, errors) -> bytes:
    """Decompress ``raw`` (one or more concatenated streams) in chunks, within the bounds."""
    out = bytearray()
    data = raw
    limit = min(MAX_DATA_BYTES, max(RATIO_FREE, MAX_RATIO * len(raw)))
    try:
        while data:
            dec = new()
            if kind == "xz":
                chunk = dec.decompress(data, max_length=_CHUNK)
                while True:
                    out += chunk
                    if len(out) > limit:
                        break
                    if dec.eof or (dec.needs_input and not chunk):
                        break
                    chunk = dec.decompress(b"", max_length=_CHUNK)
                done, rest = dec.eof, dec.unused_data if dec.eof else b""
            else:
                chunk = dec.decompress(data, _CHUNK)
                while True:
                    out += chunk
                    if len(out) > limit:
                        break
                    if dec.eof or not dec.unconsumed_tail:
                        break
                    chunk = dec.decompress(dec.unconsumed_tail, _CHUNK)
                done, rest = dec.eof, dec.unused_data if dec.eof else b""
            if len(out) > limit:
                why = (f"more than {MAX_DATA_BYTES // safeio.MB} MB" if limit == MAX_DATA_BYTES else
                       f"more than {MAX_RATIO} times its compressed size (a decompression bomb?)")
                raise CardError(f"{where}: the {kind} stream expands to {why}; refused")
            if not done:
                raise CardError(f"{where}: truncated or corrupt {kind} stream (it ends too early)")
            data = rest.lstrip(b"\x00") if kind == "xz" else rest
    except errors as exc:
        raise CardError(f"{where}: truncated or corrupt {kind} stream ({exc})") from None
    return bytes(out)


def _face_str(face: Mapping, key: str, card: str, where: str, required: bool = False) -> str | None:
    value = face.get(key)
    if value is None:
        if required:
            raise CardError(f"{where}: card {card!r}: a face has no {key!r}")
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise CardError(f"{where}: card {card!r}: {key!r} must be a string, not {type(value).__name__}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _french(face: Mapping) -> Mapping | None:
    for entry in face.get("foreignData") or ():
        if isinstance(entry, Mapping) and entry.get("language") == "French":
            return entry
    return None


def _card_from_faces(name: str, faces: Any, where: str) -> AtomicCard:
    if not isinstance(faces, list) or not faces or not all(isinstance(f, Mapping) for f in faces):
        raise CardError(f"{where}: card {name!r}: expected a non-empty list of face objects")
    first = faces[0]
    layout = _face_str(first, "layout", name, where) or "normal"
    defs: list[CardDef] = []
    face_names: list[str] = []
    errors: list[str] = []
    multi = len(faces) > 1 or " // " in name
    for face in faces:
        face_name = (_face_str(face, "faceName", name, where) if multi else None) or \
            _face_str(face, "name", name, where, required=True)
        type_line = _face_str(face, "type", name, where, required=True)
        colors = face.get("colors")
        if colors is not None and not (isinstance(colors, list) and all(isinstance(c, str) for c in colors)):
            raise CardError(f"{where}: card {name!r}: 'colors' must be a list of colour letters")
        fr = _french(face)
        name_fr = text_fr = None
        if fr is not None:
            name_fr = (fr.get("faceName") if multi else None) or fr.get("name")
            name_fr = name_fr if isinstance(name_fr, str) and name_fr else None
            text_fr = fr.get("text") if isinstance(fr.get("text"), str) else None
        text = _face_str(face, "text", name, where) or ""
        face_names.append(face_name)
        try:
            defs.append(CardDef(
                name=face_name,
                type_line=type_line,
                mana_cost=_face_str(face, "manaCost", name, where),
                colors=tuple(colors) if colors is not None else None,
                power=_face_str(face, "power", name, where),
                toughness=_face_str(face, "toughness", name, where),
                loyalty=_face_str(face, "loyalty", name, where),
                text=text,
                name_fr=name_fr,
                text_fr=text_fr,
            ))
        except CardError as exc:
            msg = str(exc)
            errors.append(msg if msg.startswith(face_name) else f"{face_name}: {msg}")
    legal = first.get("legalities")
    vintage = legal.get("vintage") if isinstance(legal, Mapping) else None
    fr = _french(first)
    card_fr = fr.get("name") if fr is not None and isinstance(fr.get("name"), str) else None
    return AtomicCard(
        name=name,
        layout=layout,
        faces=tuple(defs),
        face_names=tuple(face_names),
        is_funny=bool(first.get("isFunny")),
        vintage=vintage if isinstance(vintage, str) else None,
        has_legalities=isinstance(legal, Mapping),
        is_alchemy=bool(first.get("isAlchemy")),
        name_fr=card_fr,
        fact_errors=tuple(errors),
    )


def _read_document(raw: bytes, where: str) -> tuple[dict, dict]:
    """Decompress and parse the bytes of an AtomicCards file: (meta, the ``data`` object: card
    name -> list of face objects), its shape checked (not yet each card)."""
    raw_text = decompress(raw, where)
    try:
        text = safeio.decode_text(raw_text, where, "JSON text file")
        del raw_text
        doc = safeio.loads_json(text, where, max_number_len=40, check_depth=False, what="JSON file")
    except safeio.BadFile as exc:
        msg = str(exc)
        if "Expecting" in msg or "Unterminated" in msg:
            ends = text.rstrip()[-1:]
            what = "truncated JSON" if ends not in ("}", "]") else "not valid JSON"
            msg = msg.replace("not a JSON file:", f"{what}:", 1)
        raise CardError(msg) from None
    if not isinstance(doc, dict):
        raise CardError(f"{where}: not an MTGJSON AtomicCards file: the top level is a "
                        f"{type(doc).__name__}, not an object")
    data = doc.get("data")
    if not isinstance(data, dict):
        raise CardError(f"{where}: not an MTGJSON AtomicCards file: no 'data' object")
    if not data:
        raise CardError(f"{where}: MTGJSON AtomicCards file with no card in 'data'")
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else {}
    return meta, data


def parse_atomic(raw: bytes, where: str) -> tuple[dict, list[AtomicCard]]:
    """Decompress and parse the bytes of an AtomicCards file: (meta, cards in file order)."""
    meta, data = _read_document(raw, where)
    cards = [_card_from_faces(name, faces, where) for name, faces in data.items()]
    return meta, cards


def _has_legalities(faces: Any) -> bool:
    """`AtomicCard.has_legalities` read from a card's face objects without building the card."""
    return (isinstance(faces, list) and bool(faces) and isinstance(faces[0], Mapping)
            and isinstance(faces[0].get("legalities"), Mapping))


class LazyAtomic:
    """An AtomicCards file read (decompressed and parsed as JSON, its shape checked) whose
    `AtomicCard`s are built only when asked for (`card`): building all of a 24,000-card file's
    `CardDef`s costs more than reading it, and a tower needs a few hundred. The same cards, with
    the same errors (a malformed card raises its `CardError` when it is asked for), as
    `load_atomic`; ``cards`` builds them all."""

    def __init__(self, path: str, sha256: str, meta: dict, data: Mapping,
                 has_legalities: bool | None = None, indexed: bool = False) -> None:
        self.path = path
        self.sha256 = sha256
        self.meta = meta
        self._data = data            # name -> face objects (a dict, or `data_index.IndexedCards`)
        self._built: dict[str, AtomicCard] = {}
        self._has_legalities = has_legalities
        #: the cards come from the cache dir's index of this file (`data_index`), not the file
        self.indexed = indexed

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def names(self) -> list[str]:
        """Card names, in file order."""
        return list(self._data)

    def card(self, name: str) -> AtomicCard:
        """The card named exactly ``name`` (a KeyError if none), built on first use."""
        card = self._built.get(name)
        if card is None:
            card = self._built[name] = _card_from_faces(name, self._data[name], self.path)
        return card

    @property
    def cards(self) -> tuple[AtomicCard, ...]:
        """Every card, in file order (builds them all)."""
        return tuple(self.card(name) for name in self._data)

    @property
    def has_legalities(self) -> bool:
        """Any card has a ``legalities`` object (as `AtomicData.has_legalities`)."""
        if self._has_legalities is None:
            self._has_legalities = any(_has_legalities(faces) for faces in self._data.values())
        return self._has_legalities


def read_atomic_lazy(path: str | os.PathLike, index_dir: str | os.PathLike | None = None) -> LazyAtomic:
    """Read an AtomicCards ``.json``/``.json.gz``/``.json.xz`` file, building each card only when
    it is asked for (`LazyAtomic`). With ``index_dir`` (the cache dir), a file read before is not
    read again: its card names come from the index kept there and each card's faces are read from
    it only when asked for (`judgetower.cards.data_index`); a file read for the first time is
    indexed at the end of the process."""
    where = os.fspath(path)
    key = None
    if index_dir is not None:
        from judgetower.cards import data_index
        try:
            key = data_index.file_key(path)
        except OSError:
            key = None           # unreadable: read_bytes says why
        hit = data_index.lookup(index_dir, key) if key is not None else None
        if hit is not None:
            return LazyAtomic(where, hit.sha256, hit.meta, hit.cards, hit.has_legalities, indexed=True)
    raw = read_bytes(path)
    meta, data = _read_document(raw, where)
    atomic = LazyAtomic(where, file_digest(raw), meta, data)
    if key is not None:
        data_index.store_later(index_dir, key, where, atomic.sha256, meta, data, atomic.has_legalities)
    return atomic


@dataclass(frozen=True)
class AtomicData:
    """A whole AtomicCards file, read."""

    path: str
    sha256: str
    meta: dict
    cards: tuple[AtomicCard, ...]

    @property
    def has_legalities(self) -> bool:
        return any(c.has_legalities for c in self.cards)


def load_atomic(path: str | os.PathLike) -> AtomicData:
    """Read an AtomicCards ``.json``/``.json.gz``/``.json.xz`` file."""
    where = os.fspath(path)
    raw = read_bytes(path)
    meta, cards = parse_atomic(raw, where)
    return AtomicData(where, file_digest(raw), meta, tuple(cards))
