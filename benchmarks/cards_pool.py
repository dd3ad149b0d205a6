"""Benchmark: compile a whole MTGJSON AtomicCards file, then load it again from the cache.

    python3 benchmarks/cards_pool.py [--data PATH] [--workers N] [--top 30]

Default data: ../shared/data/AtomicCards-dev-2022.json.xz (24,014 cards). Prints
* the cold compile time (empty cache in a temporary directory; `--workers` processes, default 2);
* the cached load time of a second start: in this process, and in a fresh Python process
  (``load_pool`` alone and the whole process, interpreter start and imports included);
* the coverage figures (all cards, Judge Tower pool, top unsupported patterns).
Never fails on time (DESIGN.md "Tests"). Skips with a reason when the data file is absent.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "AtomicCards-dev-2022.json.xz"

_CHILD = """
import time, sys
t = time.perf_counter()
c = time.process_time()
from judgetower.oracle.compiled_pool import load_pool
p = load_pool(sys.argv[1])
dt = time.perf_counter() - t
print(f"{dt:.3f} {int(p.from_cache)} {len(p)} {time.process_time() - c:.3f}")
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    if not os.path.exists(args.data):
        print(f"SKIP: card data file {args.data} is absent (see ../shared/data/README.md)")
        return 0
    with tempfile.TemporaryDirectory(prefix="jt-cards-bench-") as cache:
        os.environ["JUDGETOWER_CACHE_DIR"] = cache
        from judgetower.oracle.compiled_pool import load_pool
        from judgetower.oracle.coverage import coverage, coverage_lines
        from judgetower.oracle import COMPILER_VERSION

        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.perf_counter()
            if now - last[0] > 15 or done == total:
                last[0] = now
                print(f"  compiled {done}/{total}", flush=True)

        print(f"data: {args.data} ({os.path.getsize(args.data):,} bytes); compiler {COMPILER_VERSION}; "
              f"workers {args.workers}; cache {cache}", flush=True)
        t0 = time.perf_counter()
        c0 = time.process_time()
        k0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        pool = load_pool(args.data, workers=args.workers, progress=progress)
        cold = time.perf_counter() - t0
        cold_cpu = time.process_time() - c0
        k1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        kids = (k1.ru_utime + k1.ru_stime) - (k0.ru_utime + k0.ru_stime)
        assert not pool.from_cache
        load = os.getloadavg()
        print(f"cold compile of {len(pool)} cards: {cold:.1f} s wall "
              f"({1000 * cold / len(pool):.1f} ms/card wall); CPU: parent {cold_cpu:.1f} s + workers "
              f"{kids:.1f} s = {cold_cpu + kids:.1f} s ({1000 * (cold_cpu + kids) / len(pool):.1f} ms/card); "
              f"load average now {load[0]:.1f} on {os.cpu_count()} cores")
        db = Path(cache) / "compiled-pools.sqlite3"
        print(f"cache file: {db.stat().st_size / 1e6:.1f} MB")

        t0 = time.perf_counter()
        c0 = time.process_time()
        warm = load_pool(args.data)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        print(f"second start, same process: load_pool {dt:.3f} s wall, {dc:.3f} s CPU "
              f"(from cache: {warm.from_cache})")
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", _CHILD, args.data], capture_output=True,
                                 text=True, check=True, env=os.environ.copy()).stdout.split()
            runs.append((float(out[0]), time.perf_counter() - t0, out[1] == "1", float(out[3])))
        best = min(runs)
        print(f"second start, fresh process (best of 3): imports + load_pool {best[0]:.3f} s wall "
              f"({best[3]:.3f} s CPU); whole process (interpreter start included) {best[1]:.3f} s; "
              f"from cache: {all(r[2] for r in runs)}")

        t0 = time.perf_counter()
        report = coverage(warm, top=args.top)
        print(f"coverage report: {time.perf_counter() - t0:.3f} s")
        print()
        for line in coverage_lines(report):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
