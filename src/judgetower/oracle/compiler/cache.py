"""The per-card compile cache on disk (`CardCache`, the instance `_DISK`): a card's compiled IR,
kept between processes, keyed by everything the compile reads and by the compiler's version.

One SQLite file in the cache dir (``$JUDGETOWER_CACHE_DIR`` or the user cache dir),
``compiled-cards.sqlite3``, in WAL mode, one row a card face:

* ``key``: sha256 of the compiler version (`judgetower.oracle.COMPILER_VERSION`, a digest of the
  compiler's sources, this module excepted) and of the card's name, Oracle text, card types and
  subtypes (all that ``compile_text`` reads), and of the row format (`ROW_FORMAT`). A card whose text is the same in another data file, or in a tower, has
  the same key: it is compiled once on this machine, whatever file or command asked for it.
* ``ir``: the pickled ``CompiledCard`` fields (name, abilities, unsupported).

Safe under concurrent processes: rows are only ever inserted (``INSERT ... ON CONFLICT DO
NOTHING``, in short transactions with a busy timeout; WAL lets readers read while one writes), so no
process drops or overwrites what another wrote; a compile is deterministic, so two processes that
compile the same card write the same row and the first one stays. A compiler version is dropped
whole only when no process has used it for `STALE_DAYS` days (its rows can no longer be read by any
current compiler; the ``versions`` table records when each version was last used).

Writes are batched (`FLUSH_EVERY` new results, and at exit). Reads go to a dict of this process's
results first. ``JUDGETOWER_NO_COMPILE_CACHE=1`` switches the disk off (nothing read or written).
A cache that cannot be opened, read or written is skipped, never fatal.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sqlite3
import time

from ..ir import CompiledCard

CACHE_FILE = "compiled-cards.sqlite3"
#: The layout of a row's ``ir`` (a pickled ``(name, abilities, unsupported)``), part of each key.
#: This module is not in `COMPILER_VERSION` (``oracle.UNVERSIONED``: changing the cache code keeps
#: the compiled cards), so bump this when the row layout changes.
ROW_FORMAT = 1
#: A compiler version nobody used for this many days is dropped from the file.
STALE_DAYS = 14
#: New results written to disk in batches of this many (and at exit).
FLUSH_EVERY = 256

_SCHEMA = """
CREATE TABLE IF NOT EXISTS compiled (key TEXT PRIMARY KEY, version TEXT NOT NULL, ir BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS compiled_by_version ON compiled (version);
CREATE TABLE IF NOT EXISTS versions (version TEXT PRIMARY KEY, last_used REAL NOT NULL);
"""


def card_key(version: str, key: tuple) -> str:
    """The cache key of a compile: ``key`` is ``(name, text, types, subtypes)`` as
    ``compile_text`` reads them."""
    name, text, types, subtypes = key
    raw = "\x1f".join([version, name, text, "\x1e".join(types), "\x1e".join(subtypes)])
    if ROW_FORMAT != 1:      # format 1 keys stay as they were before ROW_FORMAT existed
        raw += f"\x1fr{ROW_FORMAT}"
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class CardCache:
    """Compile results kept between processes, one row a card (see the module)."""

    def __init__(self) -> None:
        self.entries: dict = {}          # compile key tuple -> CompiledCard, this process
        self.pending: dict = {}          # sha key -> pickled IR, not yet written
        self._db: sqlite3.Connection | None = None
        self._pid: int | None = None
        self._broken = False
        self._atexit = False
        self._version: str | None = None
        #: True in a worker process whose parent reads and writes the disk for it (in memory only)
        self.memory_only = False

    # -- where, and whether
    def enabled(self) -> bool:
        return not self.memory_only and not os.environ.get("JUDGETOWER_NO_COMPILE_CACHE")

    @staticmethod
    def path():
        from pathlib import Path
        base = os.environ.get("JUDGETOWER_CACHE_DIR")
        if not base:
            import platformdirs
            base = platformdirs.user_cache_dir("judgetower")
        return Path(base) / CACHE_FILE

    def version(self) -> str:
        if self._version is None:
            from judgetower.oracle import COMPILER_VERSION
            self._version = COMPILER_VERSION
        return self._version

    def _connect(self) -> sqlite3.Connection | None:
        """This process's connection (a forked child opens its own), or None."""
        if self._broken or not self.enabled():
            return None
        if self._db is not None and self._pid == os.getpid():
            return self._db
        if self._pid is not None and self._pid != os.getpid():
            self._db = None                # a fork: the parent's connection and batch are not ours
            self.pending = {}
        try:
            path = self.path()
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, timeout=60, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(_SCHEMA)
            self._touch_version(db)
        except (sqlite3.Error, OSError):
            self._broken = True
            return None
        self._db, self._pid = db, os.getpid()
        if not self._atexit:
            import atexit
            atexit.register(self.flush)
            self._atexit = True
        return db

    def _touch_version(self, db: sqlite3.Connection) -> None:
        """Record that this compiler version is in use; drop the versions stale for `STALE_DAYS`."""
        now = time.time()
        with _transaction(db):
            db.execute("INSERT INTO versions VALUES (?, ?) ON CONFLICT(version) DO UPDATE SET "
                       "last_used=excluded.last_used", (self.version(), now))
            stale = [v for (v,) in db.execute("SELECT version FROM versions WHERE last_used < ?",
                                              (now - STALE_DAYS * 86400,))]
            for v in stale:
                db.execute("DELETE FROM compiled WHERE version=?", (v,))
                db.execute("DELETE FROM versions WHERE version=?", (v,))

    # -- the cache
    def get(self, key: tuple) -> CompiledCard | None:
        hit = self.entries.get(key)
        if hit is not None:
            return hit
        db = self._connect()
        if db is None:
            return None
        sha = card_key(self.version(), key)
        blob = self.pending.get(sha)
        if blob is None:
            try:
                row = db.execute("SELECT ir FROM compiled WHERE key=?", (sha,)).fetchone()
            except sqlite3.Error:
                return None
            if row is None:
                return None
            blob = row[0]
        try:
            hit = CompiledCard(*pickle.loads(blob))
        except Exception:   # an unreadable row: compile again
            return None
        self.entries[key] = hit
        return hit

    def get_many(self, keys: list) -> dict:
        """``{key: CompiledCard}`` for those of ``keys`` that are cached (one query a batch)."""
        found = {k: self.entries[k] for k in keys if k in self.entries}
        db = self._connect()
        if db is None:
            return found
        version = self.version()
        want = {card_key(version, k): k for k in keys if k not in found}
        shas = list(want)
        try:
            for i in range(0, len(shas), 500):
                part = shas[i:i + 500]
                rows = db.execute(f"SELECT key, ir FROM compiled WHERE key IN ({','.join('?' * len(part))})",
                                  part).fetchall()
                for sha, blob in rows:
                    try:
                        cc = CompiledCard(*pickle.loads(blob))
                    except Exception:
                        continue
                    self.entries[want[sha]] = found[want[sha]] = cc
        except sqlite3.Error:
            pass
        return found

    def put(self, key: tuple, value: CompiledCard) -> None:
        self.entries[key] = value
        if not self.enabled() or self._broken:
            return
        if self._pid is not None and self._pid != os.getpid():
            self.pending = {}
        sha = card_key(self.version(), key)
        self.pending[sha] = pickle.dumps((value.name, value.abilities, value.unsupported),
                                         protocol=pickle.HIGHEST_PROTOCOL)
        if len(self.pending) >= FLUSH_EVERY:
            self.flush()

    def flush(self) -> None:
        """Write the pending results (inserts only: what is there stays)."""
        if not self.pending:
            return
        if self._pid is not None and self._pid != os.getpid():
            self.pending = {}                # inherited from the parent of a fork: its to write
            return
        db = self._connect()
        if db is None:
            return
        version = self.version()
        rows = [(sha, version, blob) for sha, blob in self.pending.items()]
        try:
            with _transaction(db):
                db.executemany("INSERT INTO compiled VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING", rows)
            self.pending = {}
        except sqlite3.Error:
            pass   # a cache that cannot be written is skipped; the results stay in memory


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (ROLLBACK on an error) on an autocommit connection."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        return False


_DISK = CardCache()
#: The earlier name of the cache class.
_DiskCache = CardCache
