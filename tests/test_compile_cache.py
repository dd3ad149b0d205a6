"""The per-card compile cache on disk (judgetower.oracle.compiler.cache.CardCache): a second process
reads the IR the first one compiled, what it reads equals a fresh compile, and processes that
compile different cards into one cache at the same time each keep what they wrote."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

SCRIPT = """
import sys
from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card
from judgetower.oracle.compiler.assemble import _compile
from judgetower.oracle.compiler.cache import _DISK
cards = list(starter_pool())
hits = sum(_DISK.get((c.name, c.text or "", tuple(t.lower() for t in c.types), tuple(c.subtypes))) is not None
           for c in cards)
for c in cards:
    got = compile_card(c)
    fresh = _compile.__wrapped__(c.name, c.text or "", tuple(t.lower() for t in c.types), tuple(c.subtypes))
    assert got == fresh, c.name
print(hits)
"""

#: compile every other starter card (argv[1]: 0 or 1), writing each result at once (the most
#: writes, the most contention), both starting together: each says it is ready (a file in
#: argv[2]) and waits for the other's
WRITER = """
import os, sys, time
from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card
from judgetower.oracle.compiler import cache
from judgetower.oracle.grammar import parser
cache.FLUSH_EVERY = 1
parser()
half, where = sys.argv[1], sys.argv[2]
cards = sorted(starter_pool(), key=lambda c: c.name)[int(half)::2]
open(os.path.join(where, "ready-" + half), "w").close()
deadline = time.time() + 120
while not all(os.path.exists(os.path.join(where, "ready-" + h)) for h in "01") and time.time() < deadline:
    time.sleep(0.005)
t = time.time()
for c in cards:
    compile_card(c)
cache._DISK.flush()
print(len(cards), t, time.time())
"""

HITS = """
from judgetower.cards.pool import starter_pool
from judgetower.oracle.compiler.cache import _DISK
cards = sorted(starter_pool(), key=lambda c: c.name)
keys = [(c.name, c.text or "", tuple(t.lower() for t in c.types), tuple(c.subtypes)) for c in cards]
print(" ".join(str(int(_DISK.get(k) is not None)) for k in keys))
"""


def _run(env):
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    return int(out.stdout.strip().splitlines()[-1])


def _env(tmp_path):
    env = {**os.environ, "JUDGETOWER_CACHE_DIR": str(tmp_path)}
    env.pop("JUDGETOWER_NO_COMPILE_CACHE", None)
    return env


def test_second_process_reads_the_ir_the_first_compiled(tmp_path):
    env = _env(tmp_path)
    assert _run(env) == 0                      # nothing cached yet
    assert (tmp_path / "compiled-cards.sqlite3").exists()
    assert _run(env) == 111                    # every starter card served from the cache


def test_the_cache_can_be_switched_off(tmp_path):
    env = {**os.environ, "JUDGETOWER_CACHE_DIR": str(tmp_path), "JUDGETOWER_NO_COMPILE_CACHE": "1"}
    assert _run(env) == 0
    # nothing compiled is stored (the parser itself may be: judgetower.oracle.grammar)
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("oracle-parser-")] == []


def test_two_processes_compiling_different_cards_at_once_both_stay_cached(tmp_path):
    cache = tmp_path / "cache"
    env = _env(cache)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(half), str(tmp_path)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for half in (0, 1)]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
    spans = [tuple(map(float, out.split()[1:])) for out, _ in outs]
    counts = [int(out.split()[0]) for out, _ in outs]
    assert sum(counts) == 111
    # they did overlap in time (else this test proves nothing about concurrency)
    assert max(s[0] for s in spans) < min(s[1] for s in spans), spans
    out = subprocess.run([sys.executable, "-c", HITS], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1"] * 111, "cards missing from the cache: " + out.stdout
    with sqlite3.connect(cache / "compiled-cards.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT COUNT(*) FROM compiled").fetchone()[0] >= 111
