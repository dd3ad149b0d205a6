"""The web table's load mechanisms (issue 14, "Load"): the store's group commit (appends of many
tables in one transaction, each caller returning only once its rows are committed, one table's
bad rows failing only its own append), decisions acknowledged to a client surviving a SIGKILL of
the server, frames built once per distinct frame yet never shared across seats (no hidden
information), and people's messages going before the bots' steps."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

from judgetower.server import setup
from judgetower.server.store import Store, StoreError
from judgetower.server.table import Conn, Table

from .conftest import ServerProcess, check_frames_hidden, timeout_s


# ---------------------------------------------------------------------------- group commit
def test_group_commit_writes_many_tables_in_one_transaction_and_returns_after_the_commit(tmp_path):
    url = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    store = Store(url)
    for k in range(12):
        store.create_table(f"t{k}", {"mode": "judge", "seats": []}, [])
    # hold SQLite's write lock: the appends of 12 tables queue up behind it, and the writer
    # then takes them all at once
    done: list[int] = []
    store._write_lock.acquire()
    threads = []

    def append(k):
        store.append(f"t{k}", 0, [("d", {"p": 0, "c": k}), ("d", {"p": 1, "c": [k, "x"]})])
        done.append(k)
    for k in range(12):
        th = threading.Thread(target=append, args=(k,))
        th.start()
        threads.append(th)
    time.sleep(0.3)
    assert done == [], "no append returns before its rows are committed"
    batches0 = store._writer.batches
    store._write_lock.release()
    for th in threads:
        th.join(timeout_s(10))
    assert sorted(done) == list(range(12))
    # 12 appends, far fewer transactions (the first may have gone alone before the others queued)
    assert store._writer.jobs >= 12 and store._writer.batches - batches0 <= 3, (store._writer.batches, batches0)
    # what an append has returned is visible to another connection, in order
    other = Store(url)
    for k in range(12):
        cfg, status, events = other.load_table(f"t{k}")
        assert events == [("d", {"p": 0, "c": k}), ("d", {"p": 1, "c": [k, "x"]})]
    other.close()
    store.close()


def test_group_commit_status_only_append_and_close_flush(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    store.create_table("a", {"mode": "judge", "seats": []}, [])
    store.append("a", 0, [], status="over")
    assert [r[3] for r in store.list_tables()] == ["over"]
    store.close()
    # a store closed and used again starts its writer again
    store.append("a", 0, [("d", {"p": 0, "c": 1})])
    assert store.load_table("a")[2] == [("d", {"p": 0, "c": 1})]
    store.close()


def test_one_table_s_bad_rows_fail_only_its_own_append(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    for k in ("good1", "bad", "good2"):
        store.create_table(k, {"mode": "judge", "seats": []}, [])
    store.append("bad", 0, [("d", {"p": 0, "c": 0})])
    errors: dict = {}

    def append(tid, seq):
        try:
            store.append(tid, seq, [("d", {"p": 0, "c": tid})])
        except StoreError as e:
            errors[tid] = str(e)
    store._write_lock.acquire()   # the three appends go in one batch
    ths = [threading.Thread(target=append, args=a) for a in (("good1", 0), ("bad", 0), ("good2", 0))]
    for th in ths:
        th.start()
    time.sleep(0.3)
    store._write_lock.release()
    for th in ths:
        th.join(timeout_s(10))
    # seq 0 of "bad" exists: its append fails with the table named; the others are written
    assert list(errors) == ["bad"] and "bad" in errors["bad"]
    assert store.load_table("good1")[2] == [("d", {"p": 0, "c": "good1"})]
    assert store.load_table("good2")[2] == [("d", {"p": 0, "c": "good2"})]
    assert store.load_table("bad")[2] == [("d", {"p": 0, "c": 0})]   # nothing changed
    store.close()


# ---------------------------------------------------------------------------- a kill
def test_decisions_acknowledged_to_a_client_survive_a_kill(tmp_path):
    """A person decides over a real socket; the server is SIGKILLed right after a frame showing
    her decision arrived: the store holds every decision that frame showed, and the restarted
    server resumes the table there (group commit: a frame leaves only after its rows commit)."""
    ws_sync = pytest.importorskip("websockets.sync.client")
    db = f"sqlite:///{tmp_path / 'kill.sqlite3'}"
    srv = ServerProcess(db, log=tmp_path / "server.log").start()
    try:
        status, out = srv.post("/api/tables", {
            "mode": "judge", "seed": 4, "bot_delay": 0,
            "seats": [{"name": "Ada", "kind": "person", "judge_level": 2},
                      {"name": "Bot", "kind": "autopilot", "judge_level": 2, "call_rate": 0}]})
        assert status == 201, out
        tok = out["seats"][0]["link"].split("/t/")[1]
        acked = 0
        mine = 0
        with ws_sync.connect(f"ws://127.0.0.1:{srv.port}/ws/{tok}", open_timeout=timeout_s(20)) as ws:
            deadline = time.time() + timeout_s(60)
            while time.time() < deadline:
                f = json.loads(ws.recv(timeout=timeout_s(20)))
                if f.get("type") != "state":
                    continue
                acked = max(acked, f["n"])
                if mine >= 12 or f["over"]:
                    break
                d = f["decision"]
                if d:
                    # pass when she can, else the first option
                    i = next((o["i"] for o in d["options"] if o["pass"]), d["options"][0]["i"])
                    ws.send(json.dumps({"type": "decide", "key": f["key"], "i": i}))
                    mine += 1
            srv.kill()   # no clean shutdown: right after the frame arrived
        assert mine >= 12 and acked > 0
        st = Store(db)
        row = st.load_table(out["id"])
        st.close()
        assert row is not None
        stored = sum(1 for kind, _ in row[2] if kind == "d")
        assert stored >= acked, f"a frame showed {acked} decisions, the store holds {stored}"
        srv.start()
        with ws_sync.connect(f"ws://127.0.0.1:{srv.port}/ws/{tok}", open_timeout=timeout_s(20)) as ws:
            f = json.loads(ws.recv(timeout=timeout_s(30)))
            assert f["type"] == "state" and f["n"] >= acked
    finally:
        srv.stop()


# ---------------------------------------------------------------------------- shared frames
def _table(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'f.sqlite3'}")
    cfg = setup.make_config({"mode": "judge", "seed": 7, "bot_delay": 1,
                             "seats": [{"name": "Ada", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0},
                                       {"name": "Bob", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0},
                                       {"name": "Bot", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0}]})
    pool = setup.game_pool(cfg)
    t = Table("sh", cfg, setup.new_game(cfg, pool), pool, store)
    t.persist = lambda: None
    return t, store


class _Loop:
    """Stands for the server's event loop: runs what is handed to it at once, in order (a real
    loop cannot run here when the browser tests' loop runs in the same thread)."""

    def call_soon_threadsafe(self, fn, *args):
        fn(*args)


def test_broadcast_builds_each_distinct_frame_once_and_never_across_seats(tmp_path, monkeypatch):
    t, store = _table(tmp_path)
    loop = _Loop()
    try:
        def conn(seat, lang="en", name=None):
            c = Conn(seat=seat, lang=lang, queue=asyncio.Queue(), loop=loop, spectator_name=name)
            t.conns.add(c)
            c.queue.put_nowait(json.dumps(t.frame(c, full=True), default=str))   # the join frame
            return c
        ada1, ada2, bob = conn(0), conn(0), conn(1)
        spec1, spec2, spec_fr = conn(-1), conn(-1), conn(-1, "fr")
        built: list[int] = []
        real = Table.frame

        def counting(self, c, **kw):
            built.append(c.seat)
            return real(self, c, **kw)
        monkeypatch.setattr(Table, "frame", counting)
        got: dict[int, list[dict]] = {id(c): [] for c in t.conns}
        for _ in range(60):
            if t.step_bots(1.0) == "over":
                break
            built.clear()
            t.broadcast()
            # one frame per seat and language: Ada's two tabs share one, the two English
            # spectators share one, the French spectator has its own
            assert sorted(built, key=str) == sorted([0, 1, -1, -1], key=str), built
            texts = {}
            for c in t.conns:
                while not c.queue.empty():
                    texts[id(c)] = c.queue.get_nowait()
                    got[id(c)].append(json.loads(texts[id(c)]))
            assert texts[id(ada1)] == texts[id(ada2)] and texts[id(spec1)] == texts[id(spec2)]
            assert texts[id(ada1)] != texts[id(bob)] != texts[id(spec1)] != texts[id(spec_fr)]
            fa, fb, fs = (json.loads(texts[id(c)]) for c in (ada1, bob, spec1))
            assert (fa["seat"], fb["seat"], fs["seat"]) == (0, 1, None)
            assert "hand" in fa["view"]["players"][0] and "hand" not in fa["view"]["players"][1]
            assert "hand" in fb["view"]["players"][1] and "hand" not in fb["view"]["players"][0]
            assert all("hand" not in p for p in fs["view"]["players"])
            assert json.loads(texts[id(spec_fr)])["lang"] == "fr"
        # a socket that had a frame of its own (a language switch) no longer shares, and
        # sockets that were sent the same keep being sent the same
        monkeypatch.setattr(Table, "frame", real)
        spec2.lang = "fr"
        spec2.queue.put_nowait(json.dumps(t.frame(spec2, full=True), default=str))
        # every frame passes the hidden-information check, seat by seat
        from judgetower import record as records
        text = records.dumps(t.game)
        frames = {0: [f for f in got[id(ada1)] if f["type"] == "state"],
                  1: got[id(bob)], None: got[id(spec1)]}
        assert check_frames_hidden(text, frames) == sum(len(v) for v in frames.values()) > 20
    finally:
        store.close()


def test_a_frame_of_its_own_does_not_change_what_a_shared_socket_was_sent(tmp_path):
    """Two tabs of one seat share frames and the record of card frames sent; a frame made for
    one of them alone (after its message changed nothing) gives it a new record, so the other
    tab is still sent the cards it has not seen."""
    t, store = _table(tmp_path)
    loop = _Loop()
    try:
        a1 = Conn(seat=0, queue=asyncio.Queue(), loop=loop)
        a2 = Conn(seat=0, queue=asyncio.Queue(), loop=loop)
        for c in (a1, a2):
            t.conns.add(c)
            t.frame(c, full=True)
        for _ in range(5):
            t.step_bots(1.0)
            t.broadcast()
        assert a1.cards_sent is a2.cards_sent     # shared after identical frames
        before = a2.cards_sent
        t.frame(a1)                               # a1 alone
        assert a2.cards_sent is before and a2.cards_sent == before
    finally:
        store.close()


# ---------------------------------------------------------------------------- people first
def test_people_first_holds_the_bots_while_a_person_is_served_bounded():
    from judgetower.server.app import PeopleFirst
    gate = PeopleFirst(0.5)
    t0 = time.perf_counter()
    gate.wait()
    assert time.perf_counter() - t0 < 0.05, "nobody waiting: no wait"
    gate.enter()
    opened = []
    th = threading.Thread(target=lambda: (gate.wait(), opened.append(time.perf_counter())))
    t0 = time.perf_counter()
    th.start()
    time.sleep(0.1)
    assert not opened, "a bot step waits while a person's message is served"
    gate.leave()
    th.join(2)
    assert opened and 0.09 < opened[0] - t0 < 0.45
    gate.enter()   # never left: the bots go on after the limit
    t0 = time.perf_counter()
    gate.wait()
    assert 0.45 < time.perf_counter() - t0 < 2
