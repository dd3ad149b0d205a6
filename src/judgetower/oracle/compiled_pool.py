"""Compiled card pools: every card of a data file with its Oracle compile result, cached.

``load_pool(path)`` reads an MTGJSON AtomicCards file (`judgetower.cards.mtgjson`), compiles
every face with the Oracle compiler, and decides for each card whether the engine can play it:

* its layout is one the engine supports (`mtgjson.ENGINE_LAYOUTS`; split, aftermath, adventure and
  modal double-faced cards: `AtomicCard.game_card`), else ``"layout X"``;
* its printed facts are valid (`CardDef`), else ``"card facts: ..."``;
* the compiler understood every sentence of its text, else the sentences are listed.

Each card's IR is cached on its own, in one store only (`judgetower.oracle.compiler.cache`:
keyed by the card's name, text and types and the compiler's version), so a card compiled once on
this machine, from any file or tower, is not compiled again. The pool as a whole (the card index,
statuses and records of one file, not the IR) is also cached in SQLite, keyed by the sha256 of the
data file's bytes and the compiler's version (`judgetower.oracle.COMPILER_VERSION`, which changes
whenever the compiler's sources do): a second start reads the card index from the cache in well
under a second; each card's record (characteristics) is unpickled, and its IR read from the
per-card cache, only when asked for.

Most commands need only a few cards: `open_pool` gives a `LazyCompiledPool` (the data file read,
each card built and compiled only when a command asks about it: a tower's cards, the card shown);
only ``judgetower cards coverage``, the smoke check and the server's pools compile the whole file
(`load_pool`).

The cache lives in the user cache dir (``platformdirs``), or in ``$JUDGETOWER_CACHE_DIR``. A cache
that cannot be read or written is skipped with a notice, never fatal.

It lives in the oracle layer (DESIGN.md: `judgetower.oracle` may use `judgetower.cards`, not
the reverse): a compiled pool is cards plus what the compiler made of them.
"""

from __future__ import annotations

import difflib
import gc
import json
import os
import pickle
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import NamedTuple

from judgetower.cards.card import CardDef, CardError
from judgetower.cards.mtgjson import (AtomicCard, file_digest, fold_name as _fold, name_index, parse_atomic,
                                      read_atomic_lazy, read_bytes)
from judgetower.cards.tower_formats import LazyPool
from judgetower.cards.pool import STARTER_FILE, CardPool, load_pool_yaml

CACHE_ENV = "JUDGETOWER_CACHE_DIR"
DATA_ENV = "JUDGETOWER_DATA_DIR"
CACHE_FILE = "compiled-pools.sqlite3"
DATA_FILE = "AtomicCards.json.xz"
#: Bump when the layout of the cache tables or of the pickled records changes.
CACHE_SCHEMA = 1
#: How many compiled pools one cache file keeps: past that, the least recently used are dropped,
#: but only those no process has used for `POOL_STALE_DAYS` (another process may be reading one).
KEEP_POOLS = 6
POOL_STALE_DAYS = 2
#: Below this many cards, compile in this process; above, use worker processes.
PARALLEL_MIN = 400
#: The same for a lazy pool's batch (`LazyCompiledPool.prefetch`, e.g. a tower's candidates).
#: Measured on the shared 2-core machine (load average 6.5, `benchmarks/tower_cold.py` against
#: ``--serial``): a 250-card tower's ~400 candidates in 2 workers took 4.8 s CPU and 11.8 s wall,
#: in this process 3.4 s CPU and 8.6 s wall; so only big batches go to workers.
PREFETCH_PARALLEL_MIN = 400

Progress = Callable[[int, int], None]
Notice = Callable[[str], None]


def cache_dir() -> Path:
    """Where compiled pools are cached: ``$JUDGETOWER_CACHE_DIR`` or the user cache dir."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_cache_dir("judgetower"))


def data_dir() -> Path:
    """Where ``judgetower cards download`` puts card data: ``$JUDGETOWER_DATA_DIR`` or the user
    data dir."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir("judgetower"))


def default_data_file() -> Path:
    """The downloaded card data file (``AtomicCards.json.xz``, or ``.json.gz``/``.json`` when
    that is what was downloaded) in `data_dir`; the ``.xz`` path when there is none yet."""
    base = data_dir()
    for name in (DATA_FILE, "AtomicCards.json.gz", "AtomicCards.json"):
        if (base / name).exists():
            return base / name
    return base / DATA_FILE


def compiler_version() -> str:
    from judgetower.oracle import COMPILER_VERSION
    return COMPILER_VERSION


def cache_key(digest: str) -> str:
    return f"{digest}:{compiler_version()}:s{CACHE_SCHEMA}"


# ------------------------------------------------------------------------------------- status

class CardStatus(NamedTuple):
    """Whether the engine can play a card, and if not, why."""

    playable: bool
    reasons: tuple[str, ...]      # "layout transform", "card facts: ..."
    unsupported: tuple[str, ...]  # sentences the compiler did not understand, all faces

    def why(self) -> list[str]:
        """Every reason, readable: the layout/fact reasons, then each sentence not understood."""
        return list(self.reasons) + [f"not understood: {s!r}" for s in self.unsupported]


class CardInfo(NamedTuple):
    """The light, always-loaded facts of one card (the record and IR load on demand)."""

    name: str
    layout: str
    face_names: tuple[str, ...]
    names_fr: tuple[str, ...]
    is_funny: bool
    is_alchemy: bool
    vintage: str | None
    status: CardStatus


def status_of(card: AtomicCard, compiled: Iterable) -> CardStatus:
    reasons = []
    if card.layout_reason:
        reasons.append(card.layout_reason)
    reasons.extend(f"card facts: {e}" for e in card.fact_errors)
    unsupported = tuple(s for cc in compiled if cc is not None for s in cc.unsupported)
    if not card.layout_reason and card.multi_faced:
        # faces: a spell half may hold only abilities the engine plays on the stack (CR 709.3b,
        # 715.3b); see `compiler.outside_stack_abilities`
        from judgetower.oracle.compiler import outside_stack_abilities
        layout = card.game_card.layout
        for i, (face, cc) in enumerate(zip(card.faces, compiled)):
            if cc is not None and (layout == "split" or (layout == "adventure" and i > 0)):
                unsupported += outside_stack_abilities(face.name, cc, layout)
    return CardStatus(not reasons and not unsupported, tuple(reasons), unsupported)


def _info(card: AtomicCard, status: CardStatus) -> CardInfo:
    return CardInfo(card.name, card.layout, card.face_names, card.names_fr(), card.is_funny,
                    card.is_alchemy, card.vintage, status)


class _PoolViews:
    """What `FullPool` and `LazyCompiledPool` give alike, from their ``names``, ``card``,
    ``status``, ``compiled``, ``in_tower_pool``, ``resolve`` and ``_all_names``."""

    def search(self, text: str, lang: str = "en") -> list[str]:
        """Cards whose name (English card or face name, or French name) or Oracle text (French
        text with ``lang="fr"``) contains ``text``, case-insensitively, in file order."""
        needle = _fold(text)
        found = []
        for name, others in self._all_names():
            if any(needle in _fold(n) for n in (name,) + others):
                found.append(name)
                continue
            faces = self.card(name).faces
            texts = [f.text_fr or "" for f in faces] if lang == "fr" else [f.text for f in faces]
            if any(needle in _fold(t) for t in texts):
                found.append(name)
        return found

    # -- views
    def card_pool(self, *, playable_only: bool = True, tower_pool_only: bool = False) -> CardPool:
        """The single-faced cards the engine can hold, as a `CardPool` of `CardDef`s (card name
        = face name): only playable ones unless ``playable_only`` is false."""
        defs = []
        for name in self.names():
            if tower_pool_only and not self.in_tower_pool(name):
                continue
            if playable_only and not self.status(name).playable:
                continue
            card = self.card(name)
            if card.layout_reason is None and card.game_card is not None:
                defs.append(card.game_card)   # faces: a split/adventurer card holds its faces
        pool = CardPool()
        for d in defs:
            if d.name not in pool:       # a case-only clash keeps the first card
                pool._add(d)
        # games built from this pool take each card's IR from this pool (the per-card cache) instead of
        # compiling its text again (new_judge_tower_game, judgetower.record replays)
        pool.precompiled = self.precompiled
        return pool

    def precompiled(self, card) -> object | None:
        """The cached compile result (`CompiledCard`) of a single-faced card of this pool, or
        None (then the caller compiles the text itself)."""
        key = self.resolve(card.name)
        if key is None:
            return None
        faces = self.compiled(key)
        if len(faces) != 1 or faces[0] is None or getattr(faces[0], "name", None) != card.name:
            return None
        return faces[0]


# --------------------------------------------------------------------------------------- pool

class FullPool(_PoolViews):
    """Every card of a data file, with whether the engine can play it.

    Iterating yields card names in file order. Card names are the MTGJSON ones (``"Fire // Ice"``);
    lookups also accept a face name, a French name, and ignore case.
    """

    def __init__(self, *, source: str, key: str, meta: dict, has_legalities: bool,
                 infos: list[CardInfo], records: dict, ir: dict | None = None,
                 from_cache: bool = False) -> None:
        self.source = source
        self.key = key
        self.meta = meta
        self.has_legalities = has_legalities
        self.from_cache = from_cache
        self._infos = {i.name: i for i in infos}
        self._records = records   # name -> AtomicCard, or its pickle (bytes) until first use
        self._ir = ir if ir is not None else {}  # name -> tuple[CompiledCard, ...]
        self._index: dict[str, str] | None = None

    # -- basic protocol
    def __len__(self) -> int:
        return len(self._infos)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._infos))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.resolve(name) is not None

    def __repr__(self) -> str:
        return f"FullPool({len(self)} cards from {self.source})"

    def names(self) -> list[str]:
        return list(self._infos)

    # -- per card
    def info(self, name: str) -> CardInfo:
        return self._infos[self._need(name)]

    def status(self, name: str) -> CardStatus:
        return self.info(name).status

    def playable(self, name: str) -> bool:
        return self.info(name).status.playable

    def card(self, name: str) -> AtomicCard:
        """The card's record (faces as `CardDef`s and card-level facts)."""
        key = self._need(name)
        rec = self._records[key]
        if isinstance(rec, bytes):
            rec = self._records[key] = pickle.loads(rec)
        return rec

    def compiled(self, name: str) -> tuple:
        """The compile result (`CompiledCard`) of each of the card's valid faces, in order."""
        key = self._need(name)
        if key not in self._ir:          # from the per-card cache (compiler.cache), else compiled
            self._ir[key] = _compile_faces(self.card(key))
        return self._ir[key]

    def in_tower_pool(self, name: str) -> bool:
        """In the Judge Tower pool: not funny, not Alchemy, legal or restricted in Vintage (a
        file without legalities admits every non-funny, non-Alchemy card)."""
        i = self.info(name)
        if i.is_funny or i.is_alchemy:
            return False
        return i.vintage in ("Legal", "Restricted") if self.has_legalities else True

    # -- lookups
    def _build_index(self) -> dict[str, str]:
        if self._index is None:
            self._index = name_index((i.name, i.face_names + i.names_fr) for i in self._infos.values())
        return self._index

    def resolve(self, name: str) -> str | None:
        """The card's name for an exact or case-insensitive card, face or French name."""
        if name in self._infos:
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
        hits = difflib.get_close_matches(folded, list(index), n=n * 3, cutoff=0.6)
        return list(dict.fromkeys(index[h] for h in hits))[:n]

    def unknown_message(self, name: str) -> str:
        close = self.close_matches(name)
        if not close and len(_fold(name)) >= 3:   # "bolt" -> names containing it
            folded = _fold(name)
            index = self._build_index()
            close = list(dict.fromkeys(index[k] for k in index if folded in k))[:3]
        hint = f" (did you mean: {', '.join(close)}?)" if close else ""
        return f"unknown card {name!r}{hint}"

    def get(self, name: str) -> AtomicCard:
        """The card named ``name`` (a `CardError` with close matches if none)."""
        return self.card(name)

    def _all_names(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        """(card name, its face and French names) for every card, in file order."""
        return ((i.name, i.face_names + i.names_fr) for i in self._infos.values())

    def resolve_many(self, names: Iterable[str]) -> list[str]:
        """Card names for ``names``, in order; one `CardError` listing every unknown name."""
        names = list(names)
        missing = list(dict.fromkeys(n for n in names if self.resolve(n) is None))
        if missing:
            if len(missing) == 1:
                raise CardError(self.unknown_message(missing[0]))
            raise CardError(f"{len(missing)} unknown cards: "
                            + "; ".join(self.unknown_message(n) for n in missing))
        return [self.resolve(n) for n in names]  # type: ignore[misc]

class LazyCompiledPool(_PoolViews, LazyPool):
    """Every card of a data file (or of the starter tower), each compiled only when asked about.

    The file is read and parsed as JSON once (`mtgjson.read_atomic_lazy`); a card's `AtomicCard` is
    built, and its faces compiled (through the per-card cache, `compiler.cache`: a card compiled
    once on this machine is read back, and the parser is built only when a card is missing from
    it), the first time a command asks for its status, info or IR. The same answers as a
    `FullPool` of the same file (`status_of` on the same compile results): `build_tower`,
    `read_tower` and the card commands work on either. Lookups: `tower_formats.LazyPool`."""

    def __init__(self, data, source: str | None = None) -> None:
        super().__init__(data, self._check, source)
        self.meta = getattr(data, "meta", {})
        self.key = ""
        self.from_cache = False
        self._ir: dict[str, tuple] = {}

    def _faces_ir(self, card: AtomicCard) -> tuple:
        ir = self._ir.get(card.name)
        if ir is None:
            ir = self._ir[card.name] = _compile_faces(card)
        return ir

    def _check(self, card: AtomicCard) -> CardStatus:
        return status_of(card, self._faces_ir(card))

    def compiled(self, name: str) -> tuple:
        """The compile result (`CompiledCard`) of each of the card's valid faces, in order."""
        return self._faces_ir(self.card(name))

    def prefetch(self, names: Iterable[str]) -> None:
        """Compile these cards now, together (`compile_all`: one cache query; worker processes
        on a machine with several cores when `PREFETCH_PARALLEL_MIN` cards or more are missing
        from the per-card cache). The results are those of compiling each alone."""
        cards = [self.card(n) for n in dict.fromkeys(names)]
        cards = [c for c in cards if c.name not in self._ir]
        if cards:
            for card, ir in zip(cards, compile_all(cards, parallel_min=PREFETCH_PARALLEL_MIN)):
                self._ir[card.name] = ir

    def info(self, name: str) -> CardInfo:
        card = self.card(name)
        return _info(card, self.status(card.name))

    def _all_names(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        for name in self.names():
            card = self.card(name)
            yield name, card.face_names + card.names_fr()


# ------------------------------------------------------------------------------------ compile

def _compile_faces(card: AtomicCard) -> tuple:
    from judgetower.oracle import compile_card
    return tuple(compile_card(face) for face in card.faces)


def _face_key(face) -> tuple | None:
    """The per-card cache key of a face (`compiler.cache`), or None for a face with faces."""
    if getattr(face, "faces", ()):
        return None
    return (face.name, face.text or "", tuple(t.lower() for t in face.types), tuple(face.subtypes))


_WORK: list[AtomicCard] = []


def _compile_chunk(indices: list[int]) -> list[tuple[int, bytes]]:
    from judgetower.oracle.compiler.cache import _DISK
    _DISK.memory_only = True     # a worker: the parent looked these cards up and stores the results
    return [(i, pickle.dumps(_compile_faces(_WORK[i]), protocol=pickle.HIGHEST_PROTOCOL)) for i in indices]


def compile_all(cards: list[AtomicCard], *, workers: int | None = None,
                progress: Progress | None = None, parallel_min: int = PARALLEL_MIN) -> list[tuple]:
    """Compile every face of every card: a tuple of `CompiledCard`s per card, in order.

    Faces already in the per-card compile cache (`judgetower.oracle.compiler.cache`: same name,
    text, types and compiler) are read from it; the others are compiled, by ``workers`` processes
    (default: the machine's cores, at most 4, for ``parallel_min`` cards or more to compile,
    forked; else this process), and written to it. ``progress(done, total)`` is called as cards
    are done."""
    global _WORK
    from judgetower.oracle.compiler.cache import _DISK
    total = len(cards)
    results: list = [None] * total
    keys = [tuple(_face_key(f) for f in card.faces) for card in cards]
    cached = _DISK.get_many([k for ks in keys for k in ks if k is not None]) if _DISK.enabled() else {}
    todo = []
    for i, ks in enumerate(keys):
        if ks and all(k is not None and k in cached for k in ks):
            results[i] = tuple(cached[k] for k in ks)
        elif not ks:
            results[i] = ()
        else:
            todo.append(i)
    done = total - len(todo)
    if progress and done:
        progress(done, total)
    if workers is None:
        workers = min(4, os.cpu_count() or 1) if len(todo) >= parallel_min else 1
    step = max(1, total // 200)

    def finish(i: int, compiled: tuple) -> None:
        nonlocal done
        results[i] = compiled
        for k, cc in zip(keys[i], compiled):
            if k is not None:
                _DISK.put(k, cc)
        done += 1
        if progress and (done % step == 0 or done == total):
            progress(done, total)

    if workers <= 1 or len(todo) < 2:
        for i in todo:
            finish(i, _compile_faces(cards[i]))
        _DISK.flush()
        return results
    import multiprocessing
    from judgetower.oracle.grammar import parser
    parser()                         # build the grammar once, before forking
    _WORK = cards
    # small chunks, longest texts first, so that the workers finish together
    order = sorted(todo, key=lambda i: -sum(len(f.text or "") for f in cards[i].faces))
    chunks = [order[j:j + 16] for j in range(0, len(order), 16)]
    try:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(workers) as procs:
            for part in procs.imap_unordered(_compile_chunk, chunks):
                for i, blob in part:
                    finish(i, pickle.loads(blob))
    finally:
        _WORK = []
    _DISK.flush()
    return results


class RichProgress:
    """A `Progress` callback drawing a Rich progress bar with the rate and an ETA on stderr (a
    terminal), or printing a line every ``every`` seconds otherwise. Use as a context manager."""

    def __init__(self, what: str = "compiling Oracle text", every: float = 10.0) -> None:
        import sys
        self.what = what
        self.every = every
        self.tty = sys.stderr.isatty()
        self._bar = None
        self._task = None
        self._start = time.monotonic()
        self._last = 0.0

    def __enter__(self) -> "RichProgress":
        if self.tty:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn,
                                       TextColumn, TimeElapsedColumn, TimeRemainingColumn)
            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TaskProgressColumn(), TimeElapsedColumn(), TextColumn("ETA"),
                                 TimeRemainingColumn(), console=Console(stderr=True), transient=False)
            self._bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

    def __call__(self, done: int, total: int) -> None:
        import sys
        now = time.monotonic()
        if self._bar is not None:
            if self._task is None:
                self._task = self._bar.add_task(self.what, total=total)
            self._bar.update(self._task, completed=done)
            return
        if done < total and now - self._last < self.every:
            return
        self._last = now
        spent = now - self._start
        eta = spent / done * (total - done) if done else 0.0
        print(f"{self.what}: {done}/{total} ({100 * done // max(1, total)}%), {spent:.0f} s, "
              f"ETA {eta:.0f} s", file=sys.stderr, flush=True)


# -------------------------------------------------------------------------------------- cache

def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30)
    try:
        db.execute("PRAGMA journal_mode=WAL")   # readers never wait for a writer, nor block one
    except sqlite3.Error:
        pass
    return db


_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS pools (
    key TEXT PRIMARY KEY, source TEXT, meta TEXT, has_legalities INTEGER,
    cards INTEGER, created REAL);
CREATE TABLE IF NOT EXISTS cards (
    key TEXT, idx INTEGER, name TEXT, layout TEXT, face_names TEXT, names_fr TEXT,
    is_funny INTEGER, is_alchemy INTEGER, vintage TEXT,
    playable INTEGER, reasons TEXT, unsupported TEXT, record BLOB,
    PRIMARY KEY (key, idx));
CREATE INDEX IF NOT EXISTS cards_by_name ON cards (key, name);
"""

_SEP = "\n"   # joins names and sentences in one column (neither holds a newline)


def _split(s: str) -> tuple[str, ...]:
    return tuple(s.split(_SEP)) if s else ()


def _read_cache(db_path: Path, key: str) -> FullPool | None:
    if not db_path.exists():
        return None
    with _connect(db_path) as db:
        head = db.execute("SELECT source, meta, has_legalities, cards FROM pools WHERE key=?",
                          (key,)).fetchone()
        if head is None:
            return None
        rows = db.execute(
            "SELECT name, layout, face_names, names_fr, is_funny, is_alchemy, vintage, playable, "
            "reasons, unsupported, record FROM cards WHERE key=? ORDER BY idx", (key,)).fetchall()
        if len(rows) == head[3]:
            try:     # last used now (`created` orders the pools kept, `KEEP_POOLS`)
                db.execute("UPDATE pools SET created=? WHERE key=?", (time.time(), key))
            except sqlite3.Error:
                pass
    if len(rows) != head[3]:
        return None
    infos = []
    records = {}
    for (name, layout, faces, fr, funny, alchemy, vintage, playable, reasons, unsup, rec) in rows:
        infos.append(CardInfo(name, layout, _split(faces), _split(fr), bool(funny), bool(alchemy),
                              vintage, CardStatus(bool(playable), _split(reasons), _split(unsup))))
        records[name] = rec
    return FullPool(source=head[0], key=key, meta=json.loads(head[1]), has_legalities=bool(head[2]),
                    infos=infos, records=records, from_cache=True)


def _write_cache(db_path: Path, pool: FullPool, cards: list[AtomicCard]) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    for i, card in enumerate(cards):
        st = pool.status(card.name)
        rows.append((pool.key, i, card.name, card.layout, _SEP.join(card.face_names),
                     _SEP.join(card.names_fr()), int(card.is_funny), int(card.is_alchemy),
                     card.vintage, int(st.playable), _SEP.join(st.reasons), _SEP.join(st.unsupported),
                     pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL)))
    with _connect(db_path) as db:
        db.executescript(_SCHEMA_SQL)
        db.execute("DELETE FROM cards WHERE key=?", (pool.key,))
        db.execute("INSERT OR REPLACE INTO pools VALUES (?, ?, ?, ?, ?, ?)",
                   (pool.key, pool.source, json.dumps(pool.meta, default=str),
                    int(pool.has_legalities), len(cards), time.time()))
        # the columns named: a cache file written before the IR moved to the per-card cache
        # still has an ``ir`` column, left empty
        db.executemany("INSERT INTO cards (key, idx, name, layout, face_names, names_fr, is_funny, "
                       "is_alchemy, vintage, playable, reasons, unsupported, record) "
                       "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        stale = time.time() - POOL_STALE_DAYS * 86400
        old = [k for (k, created) in db.execute("SELECT key, created FROM pools ORDER BY created DESC")
               ][KEEP_POOLS:]
        old = [k for k in old if db.execute("SELECT created FROM pools WHERE key=?", (k,)).fetchone()[0] < stale]
        for k in old:
            db.execute("DELETE FROM cards WHERE key=?", (k,))
            db.execute("DELETE FROM pools WHERE key=?", (k,))
    try:                                     # give back the space of dropped pools
        with _connect(db_path) as db:
            if old:
                db.execute("VACUUM")
    except sqlite3.Error:
        pass


def _build(source: str, raw: bytes, parse: Callable[[], tuple[dict, list[AtomicCard], bool]], *,
           use_cache: bool, workers: int | None, progress: Progress | None,
           notice: Notice | None) -> FullPool:
    key = cache_key(file_digest(raw))
    db_path = cache_dir() / CACHE_FILE
    if use_cache:
        was_enabled = gc.isenabled()
        gc.disable()                 # many small objects: the collector would only slow this
        try:
            cached = _read_cache(db_path, key)
        except (sqlite3.Error, ValueError, OSError) as exc:
            cached = None
            if notice:
                notice(f"compiled-pool cache {db_path} unreadable ({exc}); compiling again")
        finally:
            if was_enabled:
                gc.enable()
        if cached is not None:
            cached.source = source
            return cached
    meta, cards, has_legalities = parse()
    if notice and len(cards) >= PARALLEL_MIN:
        notice(f"compiling the Oracle text of {len(cards)} cards from {source} "
               f"(first use of this file with this compiler; cached afterwards in {db_path})")
    irs = compile_all(cards, workers=workers, progress=progress)
    infos = [_info(c, status_of(c, ir)) for c, ir in zip(cards, irs)]
    pool = FullPool(source=source, key=key, meta=meta, has_legalities=has_legalities, infos=infos,
                    records={c.name: c for c in cards},
                    ir={c.name: ir for c, ir in zip(cards, irs)})
    if use_cache:
        try:
            _write_cache(db_path, pool, cards)
        except (sqlite3.Error, OSError) as exc:
            if notice:
                notice(f"cannot write the compiled-pool cache {db_path}: {exc}")
    return pool


def load_pool(path: str | os.PathLike, *, use_cache: bool = True, workers: int | None = None,
              progress: Progress | None = None, notice: Notice | None = None) -> FullPool:
    """The compiled pool of an AtomicCards file (from the cache when this file was compiled by
    this compiler before). A `CardError` names the file if it cannot be read or parsed."""
    where = os.fspath(path)
    raw = read_bytes(path)

    def parse():
        meta, cards = parse_atomic(raw, where)
        return meta, cards, any(c.has_legalities for c in cards)

    return _build(where, raw, parse, use_cache=use_cache, workers=workers, progress=progress,
                  notice=notice)


STARTER_SOURCE = "the embedded starter tower"


def starter_full_pool(*, use_cache: bool = True, notice: Notice | None = None) -> FullPool:
    """The embedded starter tower as a `FullPool` (every card normal layout, no legalities)."""
    ref = resources.files("judgetower.cards").joinpath("data", STARTER_FILE)
    raw = ref.read_bytes()

    def parse():
        pool = load_pool_yaml(raw.decode("utf-8"), STARTER_FILE)
        cards = [AtomicCard(name=d.name, layout="normal", faces=(d,), face_names=(d.name,),
                            name_fr=d.name_fr) for d in pool]
        return {"source": STARTER_SOURCE}, cards, False

    return _build(STARTER_SOURCE, raw, parse, use_cache=use_cache, workers=1, progress=None,
                  notice=notice)


def pool_from_cards(cards: Iterable[CardDef], source: str = "a card pool") -> FullPool:
    """A `FullPool` (not cached) over plain `CardDef`s, e.g. a `CardPool`: each a normal card."""
    atoms = [AtomicCard(name=d.name, layout="normal", faces=(d,), face_names=(d.name,),
                        name_fr=d.name_fr) for d in cards]
    irs = [_compile_faces(c) for c in atoms]
    infos = [_info(c, status_of(c, ir)) for c, ir in zip(atoms, irs)]
    return FullPool(source=source, key="", meta={}, has_legalities=False, infos=infos,
                    records={c.name: c for c in atoms}, ir={c.name: ir for c, ir in zip(atoms, irs)})


def lazy_pool(path: str | os.PathLike) -> LazyCompiledPool:
    """The cards of an AtomicCards file, each compiled only when asked about (`LazyCompiledPool`).
    A `CardError` names the file if it cannot be read or parsed."""
    return LazyCompiledPool(read_atomic_lazy(path, index_dir=cache_dir()))


def starter_lazy_pool() -> LazyCompiledPool:
    """The embedded starter tower as a `LazyCompiledPool` (every card normal layout, no
    legalities), its cards compiled when asked about (through the per-card cache)."""
    from judgetower.cards.mtgjson import AtomicData
    from judgetower.cards.pool import starter_pool
    cards = tuple(AtomicCard(name=d.name, layout="normal", faces=(d,), face_names=(d.name,),
                             name_fr=d.name_fr) for d in starter_pool())
    return LazyCompiledPool(AtomicData(STARTER_SOURCE, "", {"source": STARTER_SOURCE}, cards))


def open_pool(data: str | os.PathLike | None = None, *, notice: Notice | None = None,
              progress: Progress | None = None, workers: int | None = None,
              whole: bool = False):
    """The pool a command works on: ``data`` if given, else the downloaded file
    (`default_data_file`), else the embedded starter tower (with a notice saying so). Lazy
    (`LazyCompiledPool`: only the cards a command asks about are compiled) unless ``whole``: then
    every card is compiled (or read from the cache) up front (`load_pool`, `starter_full_pool`)
    with ``progress`` and ``workers``, as ``judgetower cards coverage`` needs."""
    if data is None:
        default = default_data_file()
        if default.exists():
            data = default
    if data is not None:
        if whole:
            return load_pool(data, notice=notice, progress=progress, workers=workers)
        return lazy_pool(data)
    if notice:
        notice(f"no card data file (none given with --data, none downloaded at {default}): "
               f"using {STARTER_SOURCE}; run 'judgetower cards download' for every card")
    return starter_full_pool(notice=notice) if whole else starter_lazy_pool()
