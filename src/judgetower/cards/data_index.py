"""A name index of card data files, kept in the cache dir, so that a command reads only the cards
it needs from a data file it has read before.

Reading an AtomicCards file (``mtgjson.read_atomic_lazy``) means decompressing and parsing all of
it: about 0.7 s of CPU for the 2022 file, on every command. The first time a file is read, each
card's face objects are also stored here (marshalled, one row a card) with the file's card names in
order, its meta and digest; later reads of the same file take the names from here and each card's
faces only when the command asks for that card (a tower: a few hundred rows).

The file is recognised by its size, modification time and a digest of its first 64 KiB
(`file_key`): no need to read all of it to know it was indexed. The index is written at the end of
the process that read the file (``atexit``), after the command's own work, in one transaction: a
reader sees a file's whole index or none of it; concurrent writers of the same file insert the
same rows (``INSERT OR IGNORE``). At most `KEEP_FILES` files are kept (the least recently used
go, once no process has used them for an hour). ``JUDGETOWER_NO_DATA_INDEX=1`` switches it off. A cache that cannot be read or written is
skipped, never fatal: the file is then read whole as before.

Only data that was read, parsed and checked as JSON by `mtgjson` is ever stored, so a card read
from here is the one the file holds (`mtgjson._card_from_faces` builds and checks it the same way).
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

INDEX_FILE = "card-data-index.sqlite3"
#: Bump when what is stored, or how, changes (it is part of every key).
SCHEMA = 1
#: How many data files the index keeps (each about the size of the file decompressed).
KEEP_FILES = 3
HEAD = 64 * 1024
ENV_OFF = "JUDGETOWER_NO_DATA_INDEX"

_SQL = """
CREATE TABLE IF NOT EXISTS files (key TEXT PRIMARY KEY, path TEXT, sha256 TEXT, meta TEXT,
    names BLOB, has_legalities INTEGER, used REAL);
CREATE TABLE IF NOT EXISTS cards (key TEXT, name TEXT, faces BLOB, PRIMARY KEY (key, name));
"""


def file_key(path: str | os.PathLike) -> str:
    """What recognises a data file: its size, modification time and first `HEAD` bytes (an
    OSError if it cannot be read)."""
    st = os.stat(path)
    with open(path, "rb") as f:
        head = f.read(HEAD)
    digest = hashlib.sha256(f"{SCHEMA}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    digest.update(head)
    return digest.hexdigest()


def enabled() -> bool:
    return not os.environ.get(ENV_OFF)


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.executescript(_SQL)
    return db


class IndexedCards(Mapping):
    """Card name -> its face objects (as the JSON file holds them), read from the index one card
    at a time; names in file order."""

    def __init__(self, db: sqlite3.Connection, key: str, names: list[str]) -> None:
        self._db = db
        self._key = key
        self._names = names
        self._set = frozenset(names)

    def __contains__(self, name: object) -> bool:
        return name in self._set

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __getitem__(self, name: str):
        if name not in self._set:
            raise KeyError(name)
        row = self._db.execute("SELECT faces FROM cards WHERE key=? AND name=?",
                               (self._key, name)).fetchone()
        if row is None:       # dropped meanwhile by another process keeping KEEP_FILES
            raise OSError(f"card data index: {name!r} is gone")
        return marshal.loads(row[0])


class Indexed:
    """A data file found in the index: what `mtgjson.LazyAtomic` needs."""

    def __init__(self, sha256: str, meta: dict, cards: IndexedCards, has_legalities: bool) -> None:
        self.sha256 = sha256
        self.meta = meta
        self.cards = cards
        self.has_legalities = has_legalities


def lookup(index_dir: str | os.PathLike, key: str) -> Indexed | None:
    """The indexed file of this key, or None (not indexed, index off or unreadable)."""
    if not enabled():
        return None
    path = Path(index_dir) / INDEX_FILE
    if not path.exists():
        return None
    try:
        db = _connect(path)
        row = db.execute("SELECT sha256, meta, names, has_legalities FROM files WHERE key=?",
                         (key,)).fetchone()
        if row is None:
            db.close()
            return None
        try:
            db.execute("UPDATE files SET used=? WHERE key=?", (time.time(), key))
        except sqlite3.Error:
            pass
        names = marshal.loads(row[2])
        return Indexed(row[0], json.loads(row[1]), IndexedCards(db, key, names), bool(row[3]))
    except (sqlite3.Error, OSError, ValueError, EOFError, TypeError):
        return None


_PENDING: dict[tuple[str, str], tuple] = {}
_ATEXIT = False


def store_later(index_dir: str | os.PathLike, key: str, where: str, sha256: str, meta: dict,
                data: Mapping, has_legalities: bool) -> None:
    """Index this file (just read and checked whole) at the end of the process (`flush`)."""
    global _ATEXIT
    if not enabled():
        return
    _PENDING[(os.fspath(index_dir), key)] = (where, sha256, meta, data, has_legalities)
    if not _ATEXIT:
        import atexit
        atexit.register(flush)
        _ATEXIT = True


def flush() -> None:
    """Write the files read by this process into the index (never raises)."""
    while _PENDING:
        (index_dir, key), (where, sha256, meta, data, has_legalities) = _PENDING.popitem()
        try:
            _store(Path(index_dir), key, where, sha256, meta, data, has_legalities)
        except Exception:   # a cache that cannot be written is skipped  # noqa: BLE001
            pass


def _store(index_dir: Path, key: str, where: str, sha256: str, meta: dict, data: Mapping,
           has_legalities: bool) -> None:
    index_dir.mkdir(parents=True, exist_ok=True)
    db = _connect(index_dir / INDEX_FILE)
    try:
        if db.execute("SELECT 1 FROM files WHERE key=?", (key,)).fetchone() is not None:
            return
        rows = [(key, name, marshal.dumps(faces)) for name, faces in data.items()]
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany("INSERT OR IGNORE INTO cards VALUES (?, ?, ?)", rows)
            db.execute("INSERT OR IGNORE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (key, where, sha256, json.dumps(meta, default=str), marshal.dumps(list(data)),
                        int(has_legalities), time.time()))
            # the least recently used past KEEP_FILES, unless used within the hour (a process
            # may still be reading it)
            old = [k for (k,) in db.execute("SELECT key FROM files ORDER BY used DESC")][KEEP_FILES:]
            old = [k for k in old if db.execute("SELECT used FROM files WHERE key=?", (k,)).fetchone()[0]
                   < time.time() - 3600]
            for k in old:
                db.execute("DELETE FROM cards WHERE key=?", (k,))
                db.execute("DELETE FROM files WHERE key=?", (k,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    finally:
        db.close()
