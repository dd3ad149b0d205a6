"""Towers as judges share them: reading and writing the list formats towers are published in.

Formats (``--format``; ``auto`` guesses from the file name and its first lines):

``text``
    our tower file: one card a line, ``N Name`` or ``Nx Name`` for N copies, ``#`` comments.
``cubecobra-csv``
    a Cube Cobra CSV export: a header row with a ``name`` (or ``Name``) column, one row a card
    (a row per copy); an optional ``quantity``/``count``/``qty`` column gives copies; rows whose
    ``maybeboard`` column is true are not in the cube and are skipped (and reported).
``arena``
    an MTG Arena / MTG Online-style list: ``1 Lightning Bolt (M10) 146`` (the set code and
    collector number are optional); section headers ``Deck``, ``Commander``, ``Companion`` hold
    the tower's cards, ``Sideboard`` and ``Maybeboard`` are skipped (and reported), an ``About``
    section (``Name ...``) is ignored.
``mtgo``
    an MTG Online ``.dek`` file (XML): ``<Cards Quantity="1" Sideboard="false" Name="..."/>``;
    sideboard cards are skipped (and reported). Document type and entity declarations are refused.

Names may be English card names, face names, French names (through the card data's foreign
names), in any case; MTGO's ``Fire/Ice`` is read as ``Fire // Ice``.

Files are read with bounds (`MAX_BYTES`, `MAX_LINES`, `MAX_COPIES`): a file too large, not UTF-8
text (a NUL byte, a bad byte sequence), with too many lines or absurd counts is refused with a
`CardError` naming the file, before anything else is done with it.

`resolve_entries` turns the entries into card names of a pool, and reports **every** unknown name
(with close matches) and **every** card the engine cannot play yet (with the reason) in one
`CardError`. `LazyPool` is a pool over an MTGJSON AtomicCards file that checks (compiles) only the
cards asked about, never the whole file: the compiler is handed in by the caller (the cards layer
does not import the compiler, DESIGN.md layers).

`cubecobra_csv(names, pool)` and `plain_list(names)` write a tower back out; `tower_file_text`
writes our own format (copies grouped as ``N Name``, in first-appearance order).
"""

from __future__ import annotations

import csv
import difflib
import io
import os
import re
import xml.parsers.expat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from judgetower.cards.card import CardError

FORMATS = ("text", "cubecobra-csv", "arena", "mtgo")
#: A tower file larger than this is refused (the largest published cubes are ~1,000 lines).
MAX_BYTES = 2 * 1024 * 1024
#: Lines (or CSV rows, or .dek elements) a tower file may hold.
MAX_LINES = 20_000
#: Copies one line may ask for, and cards a whole tower may hold.
MAX_COPIES = 1_000
MAX_CARDS = 20_000

#: Cube Cobra's CSV export columns, in its order (we fill what a tower knows)
CUBECOBRA_COLUMNS = ("name", "CMC", "Type", "Color", "Set", "Collector Number", "Rarity", "Color Category",
                     "status", "Finish", "maybeboard", "image URL", "image Back URL", "tags", "Notes", "MTGO ID")

_COUNT_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")
# "1 Lightning Bolt (M10) 146", "4x Island (ZNR) 381", "1 Fire // Ice (MH2) 290 *F*"
_ARENA_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(.+?)(?:\s+\(([A-Za-z0-9_]{2,8})\)(?:\s+(\S+))?(?:\s+\*[A-Za-z]+\*)?)?\s*$")
_ARENA_SET = re.compile(r"\s\([A-Za-z0-9_]{2,8}\)(\s+\S+)?\s*$")
_ARENA_SECTIONS = {"deck": True, "commander": True, "companion": True, "sideboard": False,
                   "maybeboard": False, "considering": False, "about": None}
_TRUE = frozenset({"true", "yes", "1", "y", "t"})


@dataclass(frozen=True)
class Entry:
    """One card line of a tower file: where, the name as written, how many copies."""

    line: int
    name: str
    count: int = 1


@dataclass
class TowerFile:
    """A tower file read: its format, its card entries, and what was left out (notes)."""

    path: str
    format: str
    entries: list[Entry]
    skipped: list[str] = field(default_factory=list)   # "line 40: sideboard: 1 Island"


# ------------------------------------------------------------------------------- reading bytes

def read_text(path: str | os.PathLike, what: str = "tower file") -> str:
    """The text of a file, read with bounds: at most `MAX_BYTES`, UTF-8 (a byte-order mark is
    allowed), no NUL byte, at most `MAX_LINES` lines. A `CardError` names the file otherwise."""
    where = os.fspath(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CardError(f"cannot read {what} {where}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise CardError(f"{what} {where} is larger than {MAX_BYTES // (1024 * 1024)} MiB: not a tower "
                        "(refused unread)")
    if b"\x00" in raw:
        raise CardError(f"{what} {where} is not a text file (it holds a NUL byte at offset {raw.index(0)}; "
                        "UTF-16 files too: save it as UTF-8)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardError(f"{what} {where} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset "
                        f"{exc.start}); save it as UTF-8") from None
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise CardError(f"{what} {where} has {lines} lines, more than the {MAX_LINES} a tower file may have")
    return text


# ------------------------------------------------------------------------------- format guess

def detect_format(text: str, path: str = "") -> str:
    """The format of a tower file: by its name (``.dek``, ``.csv``), else by its first lines."""
    lower = path.lower()
    head = text.lstrip()[:200].lower()
    if lower.endswith(".dek") or head.startswith("<?xml") or head.startswith("<deck"):
        return "mtgo"
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if lower.endswith(".csv") or (lines and _csv_header(lines[0]) is not None):
        return "cubecobra-csv"
    for ln in lines[:200]:
        if ln.lower() in _ARENA_SECTIONS or _ARENA_SET.search(ln) and _COUNT_LINE.match(ln):
            return "arena"
    return "text"


def _csv_header(line: str) -> int | None:
    """The index of the ``name`` column if ``line`` is a CSV header with one, else None."""
    if "," not in line:
        return None
    try:
        row = next(csv.reader([line]))
    except csv.Error:
        return None
    cols = [c.strip().lower() for c in row]
    return cols.index("name") if "name" in cols else None


# ------------------------------------------------------------------------------- parsers

def _count(where: str, lineno: int, value: str, name: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise CardError(f"tower file {where} line {lineno}: {value!r} copies of {name!r}: "
                        "a count is a whole number") from None
    if n < 1:
        raise CardError(f"tower file {where} line {lineno}: {n} copies of {name!r}: a count is at least 1")
    if n > MAX_COPIES:
        raise CardError(f"tower file {where} line {lineno}: {n} copies of {name!r}: at most {MAX_COPIES} "
                        "copies a line")
    return n


def parse_text(text: str, where: str, known: Callable[[str], object] | None = None) -> TowerFile:
    """Our format: one card a line, ``N Name``/``Nx Name`` for copies, ``#`` comments. A line that
    is itself a known card name (``known(line)`` not None) is one copy of it, even if it starts
    with a number."""
    entries = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _COUNT_LINE.match(line)
        if m and (known is None or known(line) is None):
            name = m.group(2).strip()
            entries.append(Entry(lineno, name, _count(where, lineno, m.group(1), name)))
        else:
            entries.append(Entry(lineno, line, 1))
    return TowerFile(where, "text", entries)


def parse_arena(text: str, where: str, known: Callable[[str], object] | None = None) -> TowerFile:
    """An Arena / MTGO-style list: ``N Name (SET) NUMBER`` lines under optional section headers."""
    entries, skipped, bad = [], [], []
    section, keep = "deck", True
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        head = line.lower().rstrip(":")
        if head in _ARENA_SECTIONS:
            section, keep = head, _ARENA_SECTIONS[head]
            continue
        if keep is None:                # About: "Name My Tower"
            continue
        m = _ARENA_LINE.match(line)
        if not m:
            if known is not None and known(line) is not None:
                m_name, count = line, 1
            else:
                bad.append(f"line {lineno}: {line!r}")
                continue
        else:
            m_name = m.group(2).strip()
            count = _count(where, lineno, m.group(1), m_name)
        if keep:
            entries.append(Entry(lineno, m_name, count))
        else:
            skipped.append(f"line {lineno}: {section}: {count} {m_name}")
    if bad:
        raise CardError(f"tower file {where} (arena list): {len(bad)} line{'s' if len(bad) > 1 else ''} not of "
                        "the form 'N Card Name (SET) NUMBER': " + "; ".join(bad[:20])
                        + (f"; and {len(bad) - 20} more" if len(bad) > 20 else ""))
    return TowerFile(where, "arena", entries, skipped)


def parse_cubecobra_csv(text: str, where: str) -> TowerFile:
    """A Cube Cobra CSV export: header row with a ``name`` column, one row a card."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
        while header is not None and not any(c.strip() for c in header):
            header = next(reader, None)
        if header is None:
            return TowerFile(where, "cubecobra-csv", [])
        cols = [c.strip().lower() for c in header]
        if "name" not in cols:
            raise CardError(f"tower file {where} (Cube Cobra CSV): the header row {','.join(header)[:120]!r} "
                            "has no 'name' column")
        i_name = cols.index("name")
        i_count = next((cols.index(k) for k in ("quantity", "count", "qty") if k in cols), None)
        i_maybe = cols.index("maybeboard") if "maybeboard" in cols else None
        entries, skipped, empty = [], [], []
        for row in reader:
            lineno = reader.line_num
            if not any(c.strip() for c in row):
                continue
            name = row[i_name].strip() if i_name < len(row) else ""
            if not name:
                empty.append(lineno)
                continue
            count = 1
            if i_count is not None and i_count < len(row) and row[i_count].strip():
                count = _count(where, lineno, row[i_count].strip(), name)
            if i_maybe is not None and i_maybe < len(row) and row[i_maybe].strip().lower() in _TRUE:
                skipped.append(f"line {lineno}: maybeboard: {count} {name}")
                continue
            entries.append(Entry(lineno, name, count))
    except csv.Error as exc:
        raise CardError(f"tower file {where} (Cube Cobra CSV) line {reader.line_num}: not valid CSV ({exc})") from None
    if empty:
        raise CardError(f"tower file {where} (Cube Cobra CSV): row{'s' if len(empty) > 1 else ''} with no name "
                        f"on line{'s' if len(empty) > 1 else ''} " + ", ".join(map(str, empty[:20])))
    return TowerFile(where, "cubecobra-csv", entries, skipped)


class _DekRefused(Exception):
    pass


def parse_mtgo_dek(text: str, where: str) -> TowerFile:
    """An MTG Online ``.dek`` file (XML, root ``Deck``, one ``Cards`` element a card line)."""
    entries, skipped, bad = [], [], []
    roots = []
    parser = xml.parsers.expat.ParserCreate()

    def refuse(*_args):
        raise _DekRefused("document type and entity declarations are not allowed in a .dek file")

    def start(tag, attrs):
        lineno = parser.CurrentLineNumber
        if not roots:
            roots.append(tag)
            if tag != "Deck":
                raise _DekRefused(f"the root element is <{tag}>, not <Deck>")
        if tag != "Cards":
            return
        name = (attrs.get("Name") or "").strip()
        if not name:
            bad.append(f"line {lineno}: <Cards> without a Name")
            return
        qty = attrs.get("Quantity", "1").strip() or "1"
        count = _count(where, lineno, qty, name)
        if len(entries) + len(skipped) >= MAX_LINES:
            raise _DekRefused(f"more than {MAX_LINES} <Cards> elements")
        if (attrs.get("Sideboard") or "false").strip().lower() in _TRUE:
            skipped.append(f"line {lineno}: sideboard: {count} {name}")
        else:
            entries.append(Entry(lineno, name, count))

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(text, True)
    except _DekRefused as exc:
        raise CardError(f"tower file {where} (MTGO .dek): {exc}") from None
    except xml.parsers.expat.ExpatError as exc:
        raise CardError(f"tower file {where} (MTGO .dek): not valid XML "
                        f"({xml.parsers.expat.ErrorString(exc.code)} at line {exc.lineno})") from None
    if bad:
        raise CardError(f"tower file {where} (MTGO .dek): " + "; ".join(bad[:20]))
    return TowerFile(where, "mtgo", entries, skipped)


def parse_tower(text: str, where: str, fmt: str = "auto",
                known: Callable[[str], object] | None = None) -> TowerFile:
    """The entries of a tower file's text in format ``fmt`` (``auto``: `detect_format`)."""
    if fmt == "auto":
        fmt = detect_format(text, where)
    if fmt == "text":
        tf = parse_text(text, where, known)
    elif fmt == "arena":
        tf = parse_arena(text, where, known)
    elif fmt == "cubecobra-csv":
        tf = parse_cubecobra_csv(text, where)
    elif fmt == "mtgo":
        tf = parse_mtgo_dek(text, where)
    else:
        raise CardError(f"unknown tower format {fmt!r} (auto, {', '.join(FORMATS)})")
    total = sum(e.count for e in tf.entries)
    if total > MAX_CARDS:
        raise CardError(f"tower file {where} asks for {total} cards, more than the {MAX_CARDS} a tower may hold")
    return tf


def read_tower_file(path: str | os.PathLike, fmt: str = "auto",
                    known: Callable[[str], object] | None = None) -> TowerFile:
    """Read (with bounds) and parse a tower file."""
    where = os.fspath(path)
    return parse_tower(read_text(path), where, fmt, known)


# ------------------------------------------------------------------------------- resolving

def _mtgo_split(name: str) -> str | None:
    """MTGO writes split cards ``Fire/Ice``; the card data ``Fire // Ice``."""
    if "/" in name and "//" not in name:
        return " // ".join(part.strip() for part in name.split("/"))
    return None


def resolve_name(pool, name: str) -> str | None:
    """The pool's name for ``name`` (English, face, French, any case; MTGO's ``A/B``)."""
    found = pool.resolve(name)
    if found is None and (alt := _mtgo_split(name)) is not None:
        found = pool.resolve(alt)
    return found


def resolve_entries(tf: TowerFile, pool, *, allow_unsupported: bool = False) -> list[str]:
    """The card names of a tower file (copies repeated, file order), resolved in ``pool`` (a
    `FullPool` or `LazyPool`). One `CardError` reports every unknown name (with close matches)
    and every card the engine cannot play yet (with its reasons), unless ``allow_unsupported``."""
    where = tf.path
    if not tf.entries:
        raise CardError(f"tower file {where} holds no card"
                        + (f" ({len(tf.skipped)} skipped: {tf.skipped[0]}...)" if tf.skipped else ""))
    resolved = [(e, resolve_name(pool, e.name)) for e in tf.entries]
    unknown = [e for e, n in resolved if n is None]
    problems = []
    if unknown:
        parts = [f"line {e.line}: {pool.unknown_message(e.name)}" for e in unknown]
        noun = "unknown card" if len(unknown) == 1 else f"{len(unknown)} unknown cards"
        problems.append(f"{noun}: " + "; ".join(parts))
    refused = []
    if not allow_unsupported:
        seen = set()
        for e, n in resolved:
            if n is None or n in seen:
                continue
            seen.add(n)
            status = pool.status(n)
            if not status.playable:
                refused.append(f"line {e.line}: {n}: " + "; ".join(status.why()))
    if refused:
        noun = "card" if len(refused) == 1 else f"{len(refused)} cards"
        problems.append(f"{noun} the engine cannot play yet (--allow-unsupported keeps them): "
                        + " | ".join(refused))
    if problems:
        raise CardError(f"tower file {where}: " + "; and ".join(problems))
    names: list[str] = []
    for e, n in resolved:
        names.extend([n] * e.count)
    return names


# ------------------------------------------------------------------------------- a lazy pool

def _fold(name: str) -> str:
    """`mtgjson.fold_name` (imported when first needed: ``judgetower --version`` and the argument
    parser import this module, not the data file reader)."""
    from judgetower.cards.mtgjson import fold_name
    return fold_name(name)


class _Built:
    """`AtomicData`'s cards behind `mtgjson.LazyAtomic`'s interface (``names``, ``card``)."""

    def __init__(self, data) -> None:
        self.path = data.path
        self.has_legalities = data.has_legalities
        self._cards = {c.name: c for c in data.cards}

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, name: object) -> bool:
        return name in self._cards

    def names(self) -> list[str]:
        return list(self._cards)

    def card(self, name: str):
        return self._cards[name]


class LazyPool:
    """The cards of an MTGJSON AtomicCards file (`judgetower.cards.mtgjson.LazyAtomic`, whose cards
    are built on first use, or a whole `AtomicData`), looked up by English, face or French name,
    whose playability is computed only for the cards asked about: ``status_of(card)`` (handed in;
    e.g. the Oracle compiler on the card's faces) is called once per card. The same lookups as
    `judgetower.oracle.compiled_pool.FullPool` that towers use (`resolve`, `unknown_message`,
    `status`, `playable`, `card`, `resolve_many`, `in_tower_pool`). An exact card name is found
    without reading any other card; any other name (another case, a face or French name) builds
    the name index of the whole file once (`mtgjson.name_index`, as `FullPool` does)."""

    def __init__(self, data, status_of: Callable, source: str | None = None) -> None:
        from judgetower.cards.mtgjson import LazyAtomic
        self._data = data if isinstance(data, LazyAtomic) else _Built(data)
        self.source = source or data.path
        self._status_of = status_of
        self._status: dict[str, object] = {}
        self._index: dict[str, str] | None = None

    @property
    def has_legalities(self) -> bool:
        return self._data.has_legalities

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self):
        return iter(self._data.names())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.resolve(name) is not None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} cards from {self.source}, {len(self._status)} checked)"

    def names(self) -> list[str]:
        return self._data.names()

    def _build_index(self) -> dict[str, str]:
        if self._index is None:
            from judgetower.cards.mtgjson import name_index
            cards = (self._data.card(n) for n in self._data.names())
            self._index = name_index((c.name, c.face_names + c.names_fr()) for c in cards)
        return self._index

    def resolve(self, name: str) -> str | None:
        if name in self._data:
            return name
        return self._build_index().get(_fold(name))

    def _need(self, name: str) -> str:
        key = self.resolve(name)
        if key is None:
            raise CardError(self.unknown_message(name))
        return key

    def close_matches(self, name: str, n: int = 3) -> list[str]:
        index = self._build_index()
        folded = _fold(name)
        # a cheap pre-filter (length within a third) keeps difflib fast on 50,000 names
        span = max(3, len(folded) // 3)
        keys = [k for k in index if abs(len(k) - len(folded)) <= span]
        hits = difflib.get_close_matches(folded, keys, n=n * 3, cutoff=0.6)
        return list(dict.fromkeys(index[h] for h in hits))[:n]

    def unknown_message(self, name: str) -> str:
        close = self.close_matches(name)
        if not close and len(_fold(name)) >= 3:
            folded = _fold(name)
            index = self._build_index()
            close = list(dict.fromkeys(index[k] for k in index if folded in k))[:3]
        hint = f" (did you mean: {', '.join(close)}?)" if close else ""
        return f"unknown card {name!r}{hint}"

    def card(self, name: str):
        return self._data.card(self._need(name))

    get = card

    def status(self, name: str):
        key = self._need(name)
        if key not in self._status:
            self._status[key] = self._status_of(self._data.card(key))
        return self._status[key]

    def playable(self, name: str) -> bool:
        return self.status(name).playable

    def resolve_many(self, names: Iterable[str]) -> list[str]:
        names = list(names)
        missing = list(dict.fromkeys(n for n in names if self.resolve(n) is None))
        if missing:
            if len(missing) == 1:
                raise CardError(self.unknown_message(missing[0]))
            raise CardError(f"{len(missing)} unknown cards: " + "; ".join(self.unknown_message(n) for n in missing))
        return [self.resolve(n) for n in names]  # type: ignore[misc]

    def in_tower_pool(self, name: str) -> bool:
        card = self.card(name)
        return card.in_judge_tower_pool(self.has_legalities)


# ------------------------------------------------------------------------------- writing

def tower_file_text(names: list[str], header: Iterable[str] = ()) -> str:
    """Our tower format: ``#`` header lines, then each distinct card in first-appearance order,
    ``N Name`` when it has N > 1 copies."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    lines = [f"# {h}" for h in header]
    lines.extend(name if k == 1 else f"{k} {name}" for name, k in counts.items())
    return "\n".join(lines) + "\n"


def plain_list(names: list[str]) -> str:
    """A plain list: one card a line, ``N Name`` for copies (readable by every list tool)."""
    return tower_file_text(names)


_COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}


def _cube_facts(pool, name: str) -> dict:
    try:
        card = pool.card(name)
    except (CardError, KeyError):
        return {}
    game = getattr(card, "game_card", None) or getattr(card, "front", None)
    front = getattr(card, "front", None) or game
    if front is None:
        return {}
    colors = "".join(game.colors) if game is not None else ""
    if "Land" in front.types:
        category = "Lands"
    elif len(colors) > 1:
        category = "Multicolored"
    elif colors:
        category = _COLOR_NAMES[colors]
    else:
        category = "Colorless"
    return {"CMC": str(game.mana_value if game is not None else front.mana_value),
            "Type": front.type_line, "Color": colors, "Color Category": category}


def cubecobra_csv(names: list[str], pool=None) -> str:
    """A Cube Cobra-compatible CSV (its export's columns, one row a copy). With ``pool``, the
    CMC, type, colour and colour category columns are filled from the card data."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CUBECOBRA_COLUMNS)
    facts: dict[str, dict] = {}
    for name in names:
        if name not in facts:
            facts[name] = _cube_facts(pool, name) if pool is not None else {}
        f = facts[name]
        row = {"name": name, "status": "Not Owned", "Finish": "Non-foil", "maybeboard": "false", **f}
        w.writerow([row.get(c, "") for c in CUBECOBRA_COLUMNS])
    return out.getvalue()


EXPORT_FORMATS = ("cubecobra-csv", "text")


def export_text(names: list[str], fmt: str, pool=None) -> str:
    if fmt == "cubecobra-csv":
        return cubecobra_csv(names, pool)
    if fmt == "text":
        return plain_list(names)
    raise CardError(f"unknown export format {fmt!r} ({', '.join(EXPORT_FORMATS)})")
