"""Cold start (issue 15): the time from starting the README's first command, with an empty cache
directory, to its first log line on standard output.

    python3 benchmarks/first_line.py [--runs 3] [-- COMMAND ...]

Default command: ``judgetower sim --players 4 --seed 1 --mode judge --bot-errors 0.05``. Each run
gets a fresh ``JUDGETOWER_CACHE_DIR`` (nothing compiled, no parser stored) and ``PYTHONUNBUFFERED=1``;
the time is taken when the second line (the game's first log line, after the header) arrives, then
the process is stopped. Prints each run's wall time, the process's CPU time and the load average.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

DEFAULT = ["judgetower", "sim", "--players", "4", "--seed", "1", "--mode", "judge", "--bot-errors", "0.05"]


def one(cmd: list[str]) -> tuple[float, float, str]:
    cache = tempfile.mkdtemp(prefix="jt-cold-")
    env = {**os.environ, "JUDGETOWER_CACHE_DIR": cache, "PYTHONUNBUFFERED": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    assert p.stdout is not None
    p.stdout.readline()                 # the header
    line = p.stdout.readline()          # the first log line
    wall = time.perf_counter() - t
    p.kill()
    p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(cache, ignore_errors=True)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, line.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("command", nargs="*", help="the command (after --); default: the README's first")
    a = ap.parse_args()
    cmd = a.command or DEFAULT
    print(f"command: {' '.join(cmd)}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for k in range(a.runs):
        wall, cpu, line = one(cmd)
        print(f"run {k + 1}: first log line after {wall:.2f} s wall (process CPU {cpu:.2f} s): {line[:70]}")
    print(f"load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
