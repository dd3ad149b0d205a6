"""Fixtures of the web table tests: a real server process (``python -m judgetower serve``) on a
free loopback port with its own SQLite store, Debian's Chromium driven by Playwright, and the
check that no WebSocket frame holds hidden information."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("JUDGETOWER_CHROMIUM", "/usr/bin/chromium")
#: Every wait of these tests is a watchdog against a hang, never a speed check (speed lives in
#: benchmarks/server_load.py): on a loaded machine (two cores shared by several jobs, or two
#: pytest-xdist workers) a server starts and a page answers many times slower than on a quiet
#: one, so each wait is its quiet-machine length times this factor ($JUDGETOWER_TEST_TIMEOUT_SCALE).
TIMEOUT_SCALE = float(os.environ.get("JUDGETOWER_TEST_TIMEOUT_SCALE") or 5)


def timeout_s(seconds: float) -> float:
    """A watchdog of ``seconds`` on a quiet machine, scaled for a loaded one (`TIMEOUT_SCALE`)."""
    return seconds * TIMEOUT_SCALE


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``judgetower serve`` in a child process; ``kill()`` is SIGKILL (no clean shutdown)."""

    def __init__(self, db: str, port: int | None = None, log: Path | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.log = log
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float | None = None) -> "ServerProcess":
        timeout = timeout if timeout is not None else timeout_s(60)
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), PYTHONUNBUFFERED="1")
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen([sys.executable, "-m", "judgetower", "serve", "--port", str(self.port),
                                      "--db", self.db, "--bot-delay", "0"], env=env, stdout=out, stderr=out,
                                     cwd=str(ROOT))
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}; log: {self.log}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    # -- HTTP helpers
    def post(self, path: str, data) -> tuple[int, dict]:
        req = urllib.request.Request(self.url + path, data=json.dumps(data).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout_s(60)) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=timeout_s(60)) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()


@pytest.fixture(scope="session")
def browser():
    pw = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; .ci/run installs it)")
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def server_factory(tmp_path):
    made: list[ServerProcess] = []

    def make(db: str | None = None, port: int | None = None) -> ServerProcess:
        s = ServerProcess(db or f"sqlite:///{tmp_path / 'tables.sqlite3'}", port, tmp_path / "server.log")
        made.append(s)
        return s.start()
    yield make
    for s in made:
        s.stop()


class FrameLog:
    """Every WebSocket frame a page receives, as text, in order."""

    def __init__(self, page) -> None:
        self.frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))

    def states(self) -> list[dict]:
        out = []
        for f in self.frames:
            d = json.loads(f)
            if d.get("type") == "state":
                out.append(d)
        return out


def open_page(browser, url: str, *, lang: str = "en"):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.add_init_script(f"localStorage.setItem('jt-lang', '{lang}')")
    ctx.set_default_timeout(timeout_s(30) * 1000)   # Playwright's own waits (30 s by default)
    page = ctx.new_page()
    frames = FrameLog(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, frames, errors


def state(page) -> dict | None:
    return page.evaluate("window.jt && window.jt.state()")


def word_in(name: str, text: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text) is not None


def check_frames_hidden(record_text: str, frames_by_seat: dict, pool=None) -> int:
    """Replay the game record step by step; at each state a frame was made in, check that frame
    holds no card name the seat may not see (others' hands, the library, face-down exile it may
    not look at) and no uncalled violation. Returns the number of frames checked."""
    from judgetower import record as records
    rec = records.loads(record_text)
    game = rec.new_game(pool)
    acts = rec.judge
    todo = []
    for seat, frames in frames_by_seat.items():
        for f in frames:
            todo.append((f["n"], f.get("a", 0), seat, f))
    todo.sort(key=lambda x: (x[0], x[1]))
    n = a = 0
    checked = 0
    for fn, fa, seat, f in todo:
        # step the replay to (fn decisions, fa judge actions), in the order they happened
        while (n, a) != (fn, fa):
            if a < len(acts) and acts[a]["at"] <= n and a < fa:
                game.judge.apply_action({k: v for k, v in acts[a].items() if k != "at"})
                a += 1
            elif n < fn:
                p, c = rec.decisions[n]
                game.decide(p, c)
                n += 1
            else:
                raise AssertionError(f"cannot reach state ({fn}, {fa}) from ({n}, {a})")
        checked += 1
        _check_one(game, seat, f)
    return checked


def _check_one(game, seat, f) -> None:
    viewer = None if seat is None else seat
    hidden = set()
    for p in game.players:
        if p.index != viewer:
            for i in game.hand(p.index):
                hidden.add(game.objects[i].name)
    for i in game.library(0):
        hidden.add(game.objects[i].name)
    for i in game.exile:
        o = game.objects[i]
        if o.face_down and (viewer is None or viewer not in o.may_look) and o.card is not None:
            hidden.add(o.card.name)
    visible_text = json.dumps(game.view(viewer), ensure_ascii=False)
    allowed = set()
    d = game.pending()
    if d is not None and viewer is not None and d.player == viewer:
        from judgetower.server.table import _refs
        for o in d.options:
            for oid in _refs(game, d, o)[0]:
                ob = game.objects.get(oid)
                if ob is not None:
                    allowed.add(ob.name)
    forbidden = {h for h in hidden if not word_in(h, visible_text) and h not in allowed}
    # the parts of the frame that name cards: the view, the log, the options, the card keys
    shown = json.dumps({"view": f["view"], "log": f["log"], "decision": f.get("decision"),
                        "cards": sorted(f.get("cards", {})), "judge": f.get("judge")}, ensure_ascii=False)
    leaked = sorted(h for h in forbidden if word_in(h, shown))
    assert not leaked, f"frame n={f['n']} for seat {seat} names hidden cards {leaked}"
    assert '"violations"' not in shown, "a frame holds the judge's hidden violation list"
    j = getattr(game, "judge", None)
    if j is not None:
        called = {c.violation.cause for c in j.calls if c.violation is not None}
        for v in j.violations:
            if v.cause not in called:
                assert f"event {v.event}: {v.what}" not in shown, f"frame n={f['n']} shows uncalled violation {v.what}"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.getElementById('error') && document.getElementById('error').classList.remove('show')")
    page.screenshot(path=str(SHOTS / name), full_page=False)


def pg_binaries() -> Path | None:
    """The directory of Debian's PostgreSQL server binaries (initdb, pg_ctl), if installed."""
    base = Path("/usr/lib/postgresql")
    if base.is_dir():
        for d in sorted(base.iterdir(), reverse=True):
            if (d / "bin" / "initdb").exists() and (d / "bin" / "pg_ctl").exists():
                return d / "bin"
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None
