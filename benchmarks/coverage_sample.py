"""Quick coverage estimate on a fixed random sample of the Judge Tower pool (no cache involved).

    python3 benchmarks/coverage_sample.py [--data PATH] [--n 1500] [--seed 1] [--top 40]
                                          [--grep REGEX] [--single] [--all-layouts]

Compiles ``--n`` pool cards (not funny, not Alchemy, legal or restricted in Vintage, single-faced
layouts the engine plays, including the multi-faced ones it supports; ``--all-layouts``: every
layout) chosen with ``--seed``, in this process, and prints the playable share of the sample and
the most common patterns not understood (``--single``: only among cards that fail on exactly one
sentence, i.e. what one grammar addition would unlock). ``--grep`` lists the sample's sentences not
understood that match a regular expression. The whole-file figure is ``judgetower cards coverage``;
this is the fast estimate to use while growing the compiler. Skips when the data file is absent.

Also prints the compile time per card (p50, p90, p99, max, mean; wall, in ms), the total wall and CPU
(``time.process_time``) time and the load average at start and end. The compile caches (in memory
and on disk) are whatever the environment gives: set ``JUDGETOWER_NO_COMPILE_CACHE=1`` and a fresh
``JUDGETOWER_CACHE_DIR`` for a cold figure.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

from judgetower.cards.mtgjson import load_atomic
from judgetower.oracle.compiled_pool import _compile_faces, status_of
from judgetower.oracle.coverage import pattern_of

ROOT = Path(__file__).resolve().parent.parent
# ../shared relative to the project root; JUDGETOWER_SHARED_DIR overrides it (e.g. in a git worktree)
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
DEFAULT_DATA = SHARED / "data" / "AtomicCards-dev-2022.json.xz"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _pct(sorted_ms: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of a sorted list."""
    if not sorted_ms:
        return 0.0
    k = max(0, min(len(sorted_ms) - 1, -(-len(sorted_ms) * p // 100) - 1))
    return sorted_ms[int(k)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--n", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--grep", default=None)
    ap.add_argument("--single", action="store_true")
    ap.add_argument("--all-layouts", action="store_true",
                    help="sample every layout (cards of a layout the engine does not play count as "
                         "not playable): a sample that does not change when layouts are added")
    ap.add_argument("--cold-parser", action="store_true",
                    help="count the parser's construction in the first card's time (as the first "
                         "version of this benchmark did)")
    a = ap.parse_args()
    if not Path(a.data).exists():
        print(f"skipped: {a.data} is absent")
        return 0
    data = load_atomic(a.data)
    pool = [c for c in data.cards if not c.is_funny and not c.is_alchemy
            and (c.vintage in ("Legal", "Restricted") or not c.has_legalities)
            and (a.all_layouts or not c.layout_reason)]
    pool.sort(key=lambda c: c.name)
    sample = random.Random(a.seed).sample(pool, min(a.n, len(pool)))
    print(f"load average at start: {load()}", flush=True)
    if not a.cold_parser:     # build the parser first: the per-card figures are the compile's
        from judgetower.oracle.grammar import parser
        t, c = time.perf_counter(), time.process_time()
        parser()
        print(f"parser built in {time.perf_counter() - t:.2f} s wall, {time.process_time() - c:.2f} s CPU "
              "(not counted below)", flush=True)
    t = time.perf_counter()
    c = time.process_time()
    ok = 0
    per_card: list[float] = []
    patterns: Counter[str] = Counter()
    grep = re.compile(a.grep, re.I) if a.grep else None
    for card in sample:
        t1 = time.perf_counter()
        compiled = _compile_faces(card)
        per_card.append(time.perf_counter() - t1)
        st = status_of(card, compiled)
        ok += st.playable
        if a.single and len(st.unsupported) != 1:
            continue
        for s in st.unsupported:
            patterns[pattern_of(s, card.name, card.face_names)] += 1
            if grep and grep.search(s):
                print(f"  {card.name}: {s}")
    dt = time.perf_counter() - t
    cpu = time.process_time() - c
    print(f"sample {len(sample)} of {len(pool)} pool cards (seed {a.seed}): {ok} playable "
          f"({100 * ok / len(sample):.1f}%), compiled in {dt:.1f} s")
    ms = sorted(1000 * x for x in per_card)
    print(f"per card (wall, ms): p50 {_pct(ms, 50):.2f}, p90 {_pct(ms, 90):.2f}, "
          f"p99 {_pct(ms, 99):.2f}, max {ms[-1]:.2f}, mean {sum(ms) / len(ms):.2f}; "
          f"total {dt:.2f} s wall, {cpu:.2f} s CPU ({1000 * cpu / len(ms):.2f} ms/card CPU); "
          f"load average now {load()}")
    print(f"top {a.top} patterns not understood{' (cards failing on exactly one)' if a.single else ''}:")
    for p, n in patterns.most_common(a.top):
        print(f"  {n:>4}  {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
