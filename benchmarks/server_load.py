"""Load on the web table: starts ``judgetower serve`` on a loopback port, creates N judge-mode
tables of 4 seats (2 people played by this script over real WebSockets, 2 erring bots), adds a
spectator socket per table, and drives them for a bounded time. Prints decisions served per
second, the p50/p99 latency from a person's decision to every socket of the table holding the
updated view, the server's CPU time per decision served (user + system over all its threads and
child processes, from the moment every socket is connected: the figure that compares across runs
on a shared machine) and its memory per table.

    python3 benchmarks/server_load.py --tables 50 --seconds 30                     # full speed
    python3 benchmarks/server_load.py --tables 200 --pace 1 --bot-delay 1 --seconds 30   # people's pace
    python3 benchmarks/server_load.py --db postgresql://postgres@127.0.0.1:5432/postgres ...
    python3 benchmarks/server_load.py ... --server-src /tmp/base/src    # an older commit's `git archive`
    python3 benchmarks/server_load.py ... --cprofile server.pstats      # where the server's CPU goes

Only loopback addresses; every loop is bounded by --seconds; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ERRORS: dict = {}


#: ``--cprofile``: the server runs under cProfile in every thread, timed by each thread's own CPU
#: clock (time.thread_time: a thread waiting for a lock, the GIL, a socket or the store costs
#: nothing), and writes the merged stats when it stops (SIGTERM at the end of the run).
CPROFILE_WRAPPER = r"""
import cProfile, pstats, signal, sys, threading, time, runpy
out = sys.argv.pop(1)
profs = []
_run = threading.Thread.run
def run(self):
    p = cProfile.Profile(time.thread_time)
    profs.append(p)
    p.enable()
    try:
        _run(self)
    finally:
        p.disable()
threading.Thread.run = run
main = cProfile.Profile(time.thread_time)
profs.append(main)
def dump(*_):
    main.disable()
    st = None
    for p in list(profs):
        p.snapshot_stats()
        class S:   # pstats takes an object with create_stats() and .stats
            stats = p.stats
            def create_stats(self): pass
        st = pstats.Stats(S()) if st is None else (st.add(S()) or st)
    st.dump_stats(out)
    sys.exit(0)
signal.signal(signal.SIGUSR1, dump)
sys.argv[0] = "judgetower"
main.enable()
runpy.run_module("judgetower", run_name="__main__")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def cpu_s(pid: int) -> float:
    """CPU time so far (user + system, every thread) of the process and of its live child
    processes (a server that shards its tables over worker processes), in seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    kids: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            f = _stat(int(d))
            if f:
                kids.setdefault(int(f[1]), []).append(int(d))
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        f = _stat(p)
        if f:
            total += (int(f[11]) + int(f[12])) / tick
        todo.extend(kids.get(p, ()))
    return total


def post(url: str, data: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(data).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())


class TableDriver:
    """The sockets of one table: two people (who decide) and a spectator (who watches)."""

    def __init__(self, base: str, out: dict, pace: float, deadline: float, lat: list, rng: random.Random) -> None:
        self.ws_base = base.replace("http://", "ws://")
        self.links = [s["link"].split("/t/")[1] for s in out["seats"]] + [out["spectator"].split("/t/")[1]]
        self.pace = pace
        self.deadline = deadline
        self.lat = lat
        self.rng = rng
        self.latest: list[dict | None] = [None] * len(self.links)
        self.sent: dict[int, float] = {}      # decision count when sent -> send time
        self.n_seen = [0] * len(self.links)
        self.first_n = None
        self.last_n = 0
        self.people_decisions = 0
        self.errors = 0

    async def connect(self) -> None:
        import websockets
        self.conns = []
        try:
            for tok in self.links:
                self.conns.append(await websockets.connect(f"{self.ws_base}/ws/{tok}", max_size=1 << 24))
        except (OSError, asyncio.TimeoutError):
            self.errors += 1

    async def run(self) -> None:
        try:
            if len(self.conns) == len(self.links):
                await asyncio.gather(*(self._reader(i, c) for i, c in enumerate(self.conns)))
        except (OSError, asyncio.TimeoutError):
            self.errors += 1
        finally:
            for c in self.conns:
                await c.close()

    async def _reader(self, i: int, ws) -> None:
        import websockets
        person = i < 2
        while time.time() < self.deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, self.deadline - time.time()))
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                return
            now = time.perf_counter()
            f = json.loads(raw)
            if f.get("type") == "error":
                # stale / not-your-decision: the game moved on between the frame and the answer
                # (a bot or an automatic pass); anything else is a real error
                if f.get("code") not in ("stale", "not_your_decision"):
                    self.errors += 1
                    ERRORS[f.get("code")] = ERRORS.get(f.get("code"), 0) + 1
                continue
            if f.get("type") != "state":
                continue
            n = f["n"]
            if self.first_n is None:
                self.first_n = n
            self.last_n = max(self.last_n, n)
            self.n_seen[i] = max(self.n_seen[i], n)
            # a person's decision sent at decision count k is served when every socket holds n > k
            for k, t0 in list(self.sent.items()):
                if min(self.n_seen) > k:
                    self.lat.append(now - t0)
                    del self.sent[k]
            self.latest[i] = f
            if person and f["decision"] and not f["over"]:
                if self.pace:
                    asyncio.ensure_future(self._decide_later(i, ws, f))
                else:
                    await self._decide(ws, f)

    async def _decide_later(self, i: int, ws, f: dict) -> None:
        """A person thinks for about ``pace`` seconds, then answers if the decision still stands."""
        await asyncio.sleep(self.pace * (0.5 + self.rng.random()))
        if self.latest_key(i) == f["key"] and time.time() < self.deadline:
            try:
                await self._decide(ws, f)
            except Exception:
                pass

    async def _decide(self, ws, f: dict) -> None:
        opts = f["decision"]["options"]
        choice = next((o["i"] for o in opts if o["pass"]), opts[0]["i"])
        self.sent[f["n"]] = time.perf_counter()
        self.people_decisions += 1
        await ws.send(json.dumps({"type": "decide", "key": f["key"], "i": choice}))

    def latest_key(self, i: int) -> str | None:
        f = self.latest[i]
        return f["key"] if f else None


async def drive(base: str, outs: list[dict], pace: float, seconds: float, started=None) -> tuple[list, list]:
    """Connect every socket, then (``started()``: the measured window opens) drive them for
    ``seconds``."""
    lat: list[float] = []
    rng = random.Random(1)
    drivers = [TableDriver(base, o, pace, 0.0, lat, rng) for o in outs]
    await asyncio.gather(*(d.connect() for d in drivers))
    if started is not None:
        started()
    deadline = time.time() + seconds
    for d in drivers:
        d.deadline = deadline
    await asyncio.gather(*(d.run() for d in drivers))
    return drivers, lat


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0, help="how long the sockets are driven (bounded)")
    ap.add_argument("--pace", type=float, default=0.0,
                    help="seconds a person waits before deciding (0: at once; 1: people's pace)")
    ap.add_argument("--bot-delay", type=float, default=0.0, help="the tables' bot delay (seconds)")
    ap.add_argument("--db", default=None, help="store URL (default: a temporary SQLite file)")
    ap.add_argument("--server-src", default=None, metavar="DIR",
                    help="run the server from this source tree (default: this checkout's src/), e.g. an "
                         "older commit's `git archive` for a before/after comparison")
    ap.add_argument("--cprofile", default=None, metavar="FILE",
                    help="run the server under cProfile (every thread, by thread CPU time); pstats file to FILE")
    ap.add_argument("--py-spy", default=None, metavar="FILE",
                    help="sample the server with py-spy (--gil: the thread holding the GIL, i.e. Python CPU) while the sockets are driven; raw folded stacks to FILE")
    args = ap.parse_args(argv)
    if not 1 <= args.tables <= 1000 or not 1 <= args.seconds <= 600:
        ap.error("--tables 1-1000, --seconds 1-600")
    tmp = tempfile.mkdtemp(prefix="jt-load-")
    db = args.db or f"sqlite:///{tmp}/load.sqlite3"
    port = free_port()
    env = dict(os.environ, PYTHONPATH=args.server_src or str(ROOT / "src"))
    log = open(os.path.join(tmp, "server.log"), "wb")
    cmd = [sys.executable, "-m", "judgetower"]
    if args.cprofile:
        cmd = [sys.executable, "-c", CPROFILE_WRAPPER, os.path.abspath(args.cprofile)]
    proc = subprocess.Popen(cmd + ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db],
                            env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        rss0 = rss_kb(proc.pid)
        t0 = time.time()
        outs = []
        for k in range(args.tables):
            outs.append(post(base + "/api/tables", {
                "mode": "judge", "seed": k + 1, "bot_delay": args.bot_delay, "judge_wait": 5,
                "seats": [{"name": "Ada", "kind": "person", "judge_level": 2},
                          {"name": "Bob", "kind": "person", "judge_level": 2},
                          {"name": "Bot 1", "kind": "erring", "error_rate": 0.05, "call_rate": 0.5, "dispute_rate": 0.0},
                          {"name": "Bot 2", "kind": "erring", "error_rate": 0.05, "call_rate": 0.5, "dispute_rate": 0.0}]}))
        create_s = time.time() - t0
        mark: dict = {}
        prof = None

        def started():   # every socket is connected: the measured window opens
            nonlocal prof
            mark["cpu0"], mark["wall0"] = cpu_s(proc.pid), time.time()
            if args.py_spy:
                prof = subprocess.Popen(["py-spy", "record", "--pid", str(proc.pid), "--duration",
                                         str(int(args.seconds)), "--format", "raw", "--output", args.py_spy,
                                         "--rate", "100", "--nonblocking", "--gil", "--subprocesses"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        drivers, lat = asyncio.run(drive(base, outs, args.pace, args.seconds, started))
        cpu1, wall1 = cpu_s(proc.pid), time.time()
        cpu0, wall0 = mark.get("cpu0", cpu1), mark.get("wall0", wall1)
        if prof is not None:
            prof.wait(60)
        rss1 = rss_kb(proc.pid)
        served = sum(d.last_n - (d.first_n or 0) for d in drivers)
        people = sum(d.people_decisions for d in drivers)
        errors = sum(d.errors for d in drivers)
        lat_ms = sorted(x * 1000 for x in lat)

        def pct(p):
            return lat_ms[min(len(lat_ms) - 1, int(p / 100 * len(lat_ms)))] if lat_ms else float("nan")
        load = os.getloadavg()
        print(f"server_load: {args.tables} tables x 4 seats (2 people over WebSockets + 2 erring bots, "
              f"1 spectator socket each), pace {args.pace:g} s, bot delay {args.bot_delay:g} s, "
              f"{args.seconds:g} s, store {db.split('://')[0]}")
        print(f"  tables created in {create_s:.1f} s ({create_s / args.tables * 1000:.0f} ms each)")
        print(f"  decisions served: {served} in {args.seconds:g} s = {served / args.seconds:.0f} decisions/s "
              f"({people} by the people over WebSockets)")
        print(f"  person's decision -> every socket of the table updated: p50 {pct(50):.1f} ms, "
              f"p99 {pct(99):.1f} ms (n={len(lat_ms)})")
        cpu = cpu1 - cpu0
        print(f"  server CPU: {cpu:.1f} s in {wall1 - wall0:.0f} s ({cpu / (wall1 - wall0) * 100:.0f}% of one core) "
              f"= {cpu / max(1, served) * 1000:.2f} ms per decision served (user + system, all its threads and "
              f"child processes, from the moment every socket was connected)")
        print(f"  server memory: {rss0 / 1024:.0f} MB before the tables, {rss1 / 1024:.0f} MB after: "
              f"{(rss1 - rss0) / args.tables / 1024:.2f} MB per table")
        print(f"  errors (other than decisions the game had moved past): {errors} {ERRORS or ''}")
        print(f"  load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores shared)")
    finally:
        if args.cprofile and proc.poll() is None:
            proc.send_signal(signal.SIGUSR1)   # the wrapper writes its stats and exits
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                pass
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
