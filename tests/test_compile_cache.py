"""The compile cache on disk (judgetower.oracle.compiler.cache._DiskCache): a second process reads the
IR the first one compiled, and what it reads equals a fresh compile.

Each process compiles the starter tower (111 cards, the slow part); the comparison with a fresh
compile is made where it can differ, in the process that reads the cache: in the first process
and with the cache off, ``compile_card`` itself compiled fresh, so comparing there compared a
compile with itself at the cost of a second compile of every card. With the cache off, a few
cards show that nothing is read or written."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import sys
from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card
from judgetower.oracle.compiler.assemble import _compile
from judgetower.oracle.compiler.cache import _DISK
cards = list(starter_pool())[: int(sys.argv[2])]
hits = sum(_DISK.get((c.name, c.text or "", tuple(t.lower() for t in c.types), tuple(c.subtypes))) is not None
           for c in cards)
for c in cards:
    got = compile_card(c)
    if sys.argv[1] == "compare":
        fresh = _compile.__wrapped__(c.name, c.text or "", tuple(t.lower() for t in c.types), tuple(c.subtypes))
        assert got == fresh, c.name
print(hits)
"""


def _run(env, compare=False, cards=111):
    out = subprocess.run([sys.executable, "-c", SCRIPT, "compare" if compare else "-", str(cards)],
                         capture_output=True, text=True, env=env, timeout=900)   # a watchdog only
    assert out.returncode == 0, out.stderr
    return int(out.stdout.strip().splitlines()[-1])


def test_second_process_reads_the_ir_the_first_compiled(tmp_path):
    env = {**os.environ, "JUDGETOWER_CACHE_DIR": str(tmp_path)}
    env.pop("JUDGETOWER_NO_COMPILE_CACHE", None)
    assert _run(env) == 0                      # nothing cached yet
    assert list(tmp_path.glob("oracle-*.pickle"))
    assert _run(env, compare=True) == 111      # every starter card served from the cache, equal to a fresh compile


def test_the_cache_can_be_switched_off(tmp_path):
    env = {**os.environ, "JUDGETOWER_CACHE_DIR": str(tmp_path), "JUDGETOWER_NO_COMPILE_CACHE": "1"}
    assert _run(env, cards=8) == 0             # compiling a few cards shows that nothing is written
    assert not list(tmp_path.glob("oracle-*.pickle"))
