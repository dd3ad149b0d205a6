"""The table store: every table's config, its seat tokens (hashed) and the ordered list of its
decisions and judge actions, written as they happen (SQLAlchemy Core; SQLite by default,
PostgreSQL through psycopg with ``postgresql://...``).

A table is resumed by replaying its events (``judgetower.record``): config + seed + decisions +
judge actions rebuild the same game (DESIGN.md principle 2).

Tables:

* ``jt_tables``: id, created (UTC seconds), config (JSON text), status ("open", "over").
* ``jt_tokens``: sha256 of a link's token -> table id and seat (-1: the spectator link). The token
  itself is never stored: a stolen database does not give the links.
* ``jt_events``: (table id, seq) -> kind ("d": a decision ``{"p": seat, "c": encoded choice}``,
  "j": a judge action as ``Judge.actions`` holds it), JSON text.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import threading
import time
from pathlib import Path
from typing import Any, Iterable

import sqlalchemy as sa

metadata = sa.MetaData()

tables_t = sa.Table(
    "jt_tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, default="open"),
)

tokens_t = sa.Table(
    "jt_tokens", metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("jt_tables.id"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
)

events_t = sa.Table(
    "jt_events", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("jt_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(1), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_db_url() -> str:
    """SQLite in the user data dir (``JUDGETOWER_DB`` overrides it)."""
    env = os.environ.get("JUDGETOWER_DB")
    if env:
        return env
    from platformdirs import user_data_dir
    d = Path(user_data_dir("judgetower", appauthor=False))
    d.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{d / 'tables.sqlite3'}"


def normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 (the driver the project depends on); a bare path is a
    SQLite file."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{os.path.abspath(url)}"
    return url


class StoreError(RuntimeError):
    """The store cannot be opened or written: the message names the URL (without password)."""


class Store:
    """One database, used from the tables' worker threads (each write is one short transaction)."""

    def __init__(self, url: str | None = None) -> None:
        url = normalise_url(url or default_db_url())
        self.url = url
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        try:
            self.engine = sa.create_engine(url, **kwargs)
            if url.startswith("sqlite"):
                @sa.event.listens_for(self.engine, "connect")
                def _pragmas(conn, _record):   # WAL: readers never block the writer
                    cur = conn.cursor()
                    cur.execute("PRAGMA journal_mode=WAL")
                    cur.execute("PRAGMA synchronous=NORMAL")
                    cur.execute("PRAGMA foreign_keys=ON")
                    cur.close()
            metadata.create_all(self.engine)
        except Exception as e:   # a bad URL, an unreachable server, a missing driver
            raise StoreError(f"cannot open the store {self.safe_url()}: {e}") from None
        # SQLite has one writer: serialise our writes rather than meet "database is locked"
        self._write_lock = threading.Lock() if url.startswith("sqlite") else None
        self._writer = _GroupWriter(self)

    def safe_url(self) -> str:
        try:
            return sa.engine.make_url(self.url).render_as_string(hide_password=True)
        except Exception:
            return "<store>"

    def _begin(self):
        return self.engine.begin()

    def _locked(self):
        return self._write_lock if self._write_lock is not None else _NoLock()

    # ------------------------------------------------------------------ writes
    def create_table(self, table_id: str, config: dict, tokens: Iterable[tuple[str, int]]) -> None:
        with self._locked(), self._begin() as c:
            c.execute(tables_t.insert().values(id=table_id, created=time.time(),
                                               config=json.dumps(config, ensure_ascii=False), status="open"))
            rows = [{"token_hash": token_hash(t), "table_id": table_id, "seat": s} for t, s in tokens]
            if rows:
                c.execute(tokens_t.insert(), rows)

    def append(self, table_id: str, first_seq: int, events: list[tuple[str, Any]], status: str | None = None) -> None:
        """Write ``events`` (kind, data) with sequence numbers from ``first_seq``, in one transaction,
        and return once they are committed (a decision acknowledged to a client is in the store).

        Group commit: the appends of every table waiting at the same moment are written by one
        writer thread on one held connection, in one transaction (`_GroupWriter`); each caller
        still returns only after its own rows are committed, and gets the error when they were
        not (then its rows are not in the store: a failed batch is retried table by table)."""
        if not events and status is None:
            return
        rows = [{"table_id": table_id, "seq": first_seq + k, "kind": kind,
                 "data": json.dumps(data, ensure_ascii=False, separators=(",", ":"))}
                for k, (kind, data) in enumerate(events)]
        self._writer.write(table_id, rows, status)

    def _write_batch(self, c, jobs: list["_Job"]) -> None:
        rows = [r for j in jobs for r in j.rows]
        if rows:
            c.execute(events_t.insert(), rows)
        for j in jobs:
            if j.status is not None:
                c.execute(tables_t.update().where(tables_t.c.id == j.table_id).values(status=j.status))

    # ------------------------------------------------------------------ reads
    def seat_of(self, token: str) -> tuple[str, int] | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(tokens_t.c.table_id, tokens_t.c.seat)
                            .where(tokens_t.c.token_hash == token_hash(token))).first()
        return (row[0], row[1]) if row else None

    def load_table(self, table_id: str) -> tuple[dict, str, list[tuple[str, Any]]] | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(tables_t.c.config, tables_t.c.status).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            evs = c.execute(sa.select(events_t.c.kind, events_t.c.data)
                            .where(events_t.c.table_id == table_id).order_by(events_t.c.seq)).all()
        return json.loads(row[0]), row[1], [(k, json.loads(d)) for k, d in evs]

    def list_tables(self, status: str | None = None) -> list[tuple[str, float, dict, str]]:
        q = sa.select(tables_t.c.id, tables_t.c.created, tables_t.c.config, tables_t.c.status).order_by(
            tables_t.c.created)
        if status is not None:
            q = q.where(tables_t.c.status == status)
        with self.engine.connect() as c:
            return [(r[0], r[1], json.loads(r[2]), r[3]) for r in c.execute(q)]

    def close(self) -> None:
        self._writer.stop()
        self.engine.dispose()


class _Job:
    __slots__ = ("table_id", "rows", "status", "done", "error")

    def __init__(self, table_id: str, rows: list[dict], status: str | None) -> None:
        self.table_id, self.rows, self.status = table_id, rows, status
        self.done = threading.Event()
        self.error: BaseException | None = None


class _GroupWriter:
    """One thread and one held connection for every append: it takes the appends waiting (up to
    ``MAX_BATCH``), writes them in one transaction, commits, then wakes their callers. At people's
    pace most batches hold one or two tables; under load they grow, and the per-transaction cost
    (connection checkout, BEGIN, COMMIT) is paid once per batch instead of once per table."""

    MAX_BATCH = 256

    def __init__(self, store: Store) -> None:
        self.store = store
        self.q: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.conn = None
        self.start_lock = threading.Lock()
        self.batches = 0     # transactions committed (for tests and benchmarks)
        self.jobs = 0        # appends committed

    def write(self, table_id: str, rows: list[dict], status: str | None) -> None:
        job = _Job(table_id, rows, status)
        if self.thread is None or not self.thread.is_alive():
            with self.start_lock:
                if self.thread is None or not self.thread.is_alive():
                    self.thread = threading.Thread(target=self._run, name="jt-store-writer", daemon=True)
                    self.thread.start()
        self.q.put(job)
        job.done.wait()
        if job.error is not None:
            if isinstance(job.error, StoreError):
                raise job.error
            raise StoreError(f"cannot write table {table_id} to the store {self.store.safe_url()}: "
                             f"{job.error}") from job.error

    def stop(self) -> None:
        if self.thread is not None and self.thread.is_alive():
            self.q.put(None)
            self.thread.join(10)
        self.thread = None

    def _connection(self):
        if self.conn is None or self.conn.closed or self.conn.invalidated:
            self.conn = self.store.engine.connect()
        return self.conn

    def _commit(self, jobs: list[_Job]) -> None:
        with self.store._locked():
            c = self._connection()
            try:
                with c.begin():
                    self.store._write_batch(c, jobs)
            except BaseException:
                try:
                    c.close()
                finally:
                    self.conn = None
                raise

    def _run(self) -> None:
        while True:
            job = self.q.get()
            if job is None:
                break
            jobs = [job]
            stop = False
            while len(jobs) < self.MAX_BATCH:
                try:
                    nxt = self.q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                jobs.append(nxt)
            try:
                self._commit(jobs)
                self.batches += 1
                self.jobs += len(jobs)
            except Exception:
                # one table's bad rows never fail another's: write them one by one
                for j in jobs:
                    try:
                        self._commit([j])
                        self.batches += 1
                        self.jobs += 1
                    except Exception as e:
                        j.error = e
            for j in jobs:
                j.done.set()
            if stop:
                break
        # an append that came in while stopping is still written (its caller waits for it)
        while True:
            try:
                j = self.q.get_nowait()
            except queue.Empty:
                break
            if j is not None:
                try:
                    self._commit([j])
                except Exception as e:
                    j.error = e
                j.done.set()
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                pass
            self.conn = None


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
