"""The table store on SQLite and on PostgreSQL (a throwaway cluster started by the test when
Debian's binaries are installed): every decision and judge action written as it happens, and a
table resumed from the store is the same game (views, shame, calls)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from judgetower.server import setup
from judgetower.server.store import Store
from judgetower.server.table import Conn, Refused, Table

from .conftest import free_port, pg_binaries


def _config(**kw):
    form = {"mode": "judge", "seed": 11, "bot_delay": 0,
            "seats": [{"name": "Ada", "kind": "person", "judge_level": 2},
                      {"name": "Bot A", "kind": "erring", "error_rate": 0.5, "call_rate": 1.0, "dispute_rate": 0.5},
                      {"name": "Bot B", "kind": "erring", "error_rate": 0.5, "call_rate": 1.0, "dispute_rate": 0.5}]}
    form.update(kw)
    return setup.make_config(form)


def _play(store: Store, tid: str = "t1"):
    cfg = _config()
    pool = setup.game_pool(cfg)
    t = Table(tid, cfg, setup.new_game(cfg, pool), pool, store)
    store.create_table(tid, cfg, [("tok-ada-" + "x" * 30, 0)])
    ada = Conn(seat=0)
    made_call = False
    for _ in range(400):
        status = t.step_bots(1.0)
        t.persist()
        if status == "over" or len(t.game.decisions) > 300:
            break
        d = t.game.pending()
        if status == "judge":   # Ada was called: she accepts, or votes
            rec = t.judge.disputes.open
            msg = {"type": "vote", "uphold": True} if rec.state == "disputed" else {"type": "accept"}
            t.handle(ada, msg)
        elif d is not None and d.player == 0:
            if not made_call and len(t.game.decisions) > 30:
                t.handle(ada, {"type": "call", "accused": "Bot A", "rule": "JT-P1"})
                made_call = True
            else:
                t.handle(ada, {"type": "decide", "key": t.decision_key(), "i": 0})
        t.persist()
    return t


def _same(store: Store, t: Table) -> None:
    cfg, status, events = store.load_table(t.id)
    assert len(events) == len(t.game.decisions) + len(t.judge.actions)
    pool = setup.game_pool(cfg)
    g2 = setup.resume_game(cfg, events, pool)
    for seat in (0, 1, 2, None):
        assert g2.view(seat) == t.game.view(seat)
    assert [(c.number, c.by, c.accused, c.rule, c.upheld, dict(c.votes)) for c in g2.judge.calls] == \
        [(c.number, c.by, c.accused, c.rule, c.upheld, dict(c.votes)) for c in t.judge.calls]
    assert store.seat_of("tok-ada-" + "x" * 30) == (t.id, 0)
    assert store.seat_of("tok-nobody-" + "x" * 30) is None
    # the resumed table plays on exactly as the original would (the bots' randomness is fixed
    # by where the game is)
    t2 = Table(t.id + "b", cfg, g2, pool, store)
    t2.seen_violations = t.seen_violations
    if not t.over():
        for tb in (t, t2):
            tb.persist = lambda: None
            tb.step_bots(0.2)
        assert t2.game.view(None) == t.game.view(None)


def test_sqlite_store_resumes_the_same_game(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'jt.sqlite3'}")
    t = _play(store)
    assert len(t.judge.calls) >= 2, "the bots and Ada called"
    _same(store, t)
    store.close()


@pytest.fixture()
def postgres_url():
    bindir = pg_binaries()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries (Debian package postgresql) are not installed")
    root = os.geteuid() == 0
    if root and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL as another user")
    d = tempfile.mkdtemp(prefix="jt-pg-")
    user = "postgres"
    if root:
        try:
            subprocess.run(["id", user], check=True, capture_output=True)
        except subprocess.CalledProcessError:
            pytest.skip("no 'postgres' user to run PostgreSQL as (PostgreSQL refuses to run as root)")
        shutil.chown(d, user)
    port = free_port()

    def run(*cmd):
        full = (["runuser", "-u", user, "--"] if root else []) + [str(c) for c in cmd]
        return subprocess.run(full, check=True, capture_output=True, text=True)
    data = os.path.join(d, "data")
    try:
        run(bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        run(bindir / "pg_ctl", "-D", data, "-l", os.path.join(d, "log"), "-w", "-t", "60", "-o",
            f"-p {port} -k {d} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    except subprocess.CalledProcessError as e:
        pytest.skip(f"cannot start a throwaway PostgreSQL: {e.stderr.strip()[:300]}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        try:
            run(bindir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(d, ignore_errors=True)


def test_postgresql_store_resumes_the_same_game(postgres_url):
    store = Store(postgres_url)
    assert store.url.startswith("postgresql+psycopg://")
    t = _play(store, "pg1")
    _same(store, t)
    assert [r[0] for r in store.list_tables()] == ["pg1"]
    store.close()


def test_bad_messages_change_nothing(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'jt.sqlite3'}")
    cfg = setup.make_config({"mode": "judge", "seed": 5, "bot_delay": 0,
                             "seats": [{"name": "Ada"}, {"name": "Bob"}, {"name": "Bot", "kind": "autopilot"}]})
    pool = setup.game_pool(cfg)
    t = Table("bad", cfg, setup.new_game(cfg, pool), pool, store)
    store.create_table("bad", cfg, [])
    while t.step_bots(1.0) != "person":
        pass
    d = t.game.pending()
    me, other, spect = Conn(seat=d.player), Conn(seat=1 - d.player), Conn(seat=-1)
    before = (t.game.view(None), len(t.game.decisions), t.decision_key())
    cases = [
        (spect, {"type": "decide", "key": t.decision_key(), "i": 0}, "spectator_decides"),
        (other, {"type": "decide", "key": t.decision_key(), "i": 0}, "not_your_decision"),
        (me, {"type": "decide", "key": "0.0", "i": 0}, "stale"),
        (me, {"type": "decide", "key": t.decision_key(), "i": 10_000}, "bad_option"),
        (me, {"type": "decide", "key": t.decision_key(), "i": "0"}, "malformed"),
        (me, {"type": "teleport"}, "malformed"),
        (me, ["decide"], "malformed"),
        (me, {"type": "call", "accused": "Nobody", "rule": "JT-C5"}, "bad_call"),
        (me, {"type": "call", "accused": t.game.players[me.seat].name, "rule": "JT-C5"}, "bad_call"),
        (spect, {"type": "call", "accused": "Ada", "rule": "JT-C5", "name": "Bob"}, "bad_name"),
        (spect, {"type": "vote", "uphold": True}, "spectator"),
        (me, {"type": "vote", "uphold": True}, "stale"),
        (me, {"type": "dispute"}, "stale"),
    ]
    for conn, msg, code in cases:
        with pytest.raises(Refused) as e:
            t.handle(conn, msg)
        assert e.value.code == code, (msg, e.value.code, e.value.message)
        assert e.value.message
        assert (t.game.view(None), len(t.game.decisions), t.decision_key()) == before, msg
    assert t.judge.actions == []
    # the game over: a decision is refused with its reason
    t.game.end_game([0], "test end", "JT-E2")
    with pytest.raises(Refused) as e:
        t.handle(me, {"type": "decide", "key": t.decision_key(), "i": 0})
    assert e.value.code == "game_over"
    store.close()


def test_lobby_form_errors_name_the_field():
    from judgetower.server.table import TableError
    bad = [
        ({"seats": [{"name": "A"}]}, "2 to 6 seats"),
        ({"seats": [{"name": "A"}] * 2}, "two seats are named"),
        ({"seats": [{"name": "A", "judge_level": 9}, {"name": "B"}]}, "judge_level"),
        ({"mode": "referee", "seats": [{"name": "A"}, {"name": "B", "kind": "erring"}]}, "judge mode"),
        ({"mode": "chaos", "seats": [{"name": "A"}, {"name": "B"}]}, "mode"),
        ({"seats": [{"name": "A"}, {"name": "B"}], "tower": {"source": "upload", "text": "3 Island\nNo Such Card\n"}},
         "No Such Card"),
        ({"seats": [{"name": "<b>"}, {"name": "B"}]}, "holds"),
    ]
    for form, words in bad:
        with pytest.raises(TableError) as e:
            setup.make_config(form)
        assert words in str(e.value), (form, str(e.value))


def test_frames_hold_no_hidden_card_and_the_check_sees_a_leak(tmp_path):
    """Every frame a seat and a spectator get over a judge-mode game passes the hidden-information
    check; the same check fails on a frame where an opponent's hand card was slipped in."""
    from judgetower import record as records

    from .conftest import check_frames_hidden
    store = Store(f"sqlite:///{tmp_path / 'jt.sqlite3'}")
    cfg = _config(seats=[{"name": "Ada", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0},
                         {"name": "Bot A", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0, "dispute_rate": 0.5},
                         {"name": "Bot B", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0}])
    pool = setup.game_pool(cfg)
    t = Table("hid", cfg, setup.new_game(cfg, pool), pool, store)
    t.persist = lambda: None
    t.bot_delay = 1   # one decision a step: a frame after each
    conns = {0: Conn(seat=0), None: Conn(seat=-1)}
    frames = {0: [], None: []}
    for k, c in conns.items():
        frames[k].append(json.loads(json.dumps(t.frame(c, full=True), default=str)))
    for _ in range(150):
        if t.step_bots(1.0) == "over":
            break
        for k, c in conns.items():
            frames[k].append(json.loads(json.dumps(t.frame(c), default=str)))
    text = records.dumps(t.game)
    assert t.judge.violations and t.judge.calls
    assert check_frames_hidden(text, frames) == sum(len(v) for v in frames.values())
    # slip the name of a card of the library or another hand (at that frame's state), one Ada's
    # view does not show, into Ada's last frame
    rec = records.loads(text)
    g = records.replay(rec, upto=frames[0][-1]["n"])
    hidden = [g.objects[i].name for i in g.hand(1) + g.hand(2) + g.library(0)
              if g.objects[i].name not in json.dumps(g.view(0))]
    assert hidden, "some card is hidden from Ada"
    frames[0][-1]["log"]["lines"].append({"n": 0, "text": f"psst: {hidden[0]}", "rules": []})
    with pytest.raises(AssertionError, match="hidden cards"):
        check_frames_hidden(text, {0: frames[0][-1:]})
    store.close()
