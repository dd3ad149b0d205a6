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
        """Write ``events`` (kind, data) with sequence numbers from ``first_seq``, in one transaction."""
        if not events and status is None:
            return
        with self._locked(), self._begin() as c:
            if events:
                c.execute(events_t.insert(), [
                    {"table_id": table_id, "seq": first_seq + k, "kind": kind,
                     "data": json.dumps(data, ensure_ascii=False, separators=(",", ":"))}
                    for k, (kind, data) in enumerate(events)])
            if status is not None:
                c.execute(tables_t.update().where(tables_t.c.id == table_id).values(status=status))

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
        self.engine.dispose()


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
