"""Current wording against 2022 wording (issue 15): on the Judge Tower pool cards present in both
data files, the playable share with each file's Oracle text, on a fixed random sample.

    python3 benchmarks/wording_gap.py [--n 1000] [--seed 1] [--top 25]

The pool is as in `coverage_sample.py` (not funny, not Alchemy, legal or restricted in Vintage,
a layout the engine plays) in the 2022 file; a card counts when the 2026 file has it too. Each card
is compiled from each file's text (the per-card compile cache applies: a cold figure needs a fresh
``JUDGETOWER_CACHE_DIR``). Prints both shares, the gap in points, the cards playable in one
wording only, and the 2026 wording's patterns not understood that the 2022 wording of the same
cards did not have (what the grammar lacks for current wording). Skips when a file is absent.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

from judgetower.cards.mtgjson import load_atomic
from judgetower.oracle.compiled_pool import _compile_faces, status_of
from judgetower.oracle.coverage import pattern_of

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
OLD = SHARED / "data" / "AtomicCards-dev-2022.json.xz"
NEW = SHARED / "data" / "AtomicCards-current-2026-normal.json.xz"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=25)
    a = ap.parse_args()
    for f in (OLD, NEW):
        if not f.exists():
            print(f"skipped: {f} is absent")
            return 0
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    old, new = load_atomic(str(OLD)), load_atomic(str(NEW))
    by_name = {c.name: c for c in new.cards}
    pool = sorted((c for c in old.cards if not c.is_funny and not c.is_alchemy
                   and (c.vintage in ("Legal", "Restricted") or not c.has_legalities)
                   and not c.layout_reason and c.name in by_name), key=lambda c: c.name)
    sample = random.Random(a.seed).sample(pool, min(a.n, len(pool)))
    t, cpu = time.perf_counter(), time.process_time()
    ok_old = ok_new = 0
    only_old: list[str] = []
    only_new: list[str] = []
    lacking: Counter[str] = Counter()
    for c_old in sample:
        c_new = by_name[c_old.name]
        s_old = status_of(c_old, _compile_faces(c_old))
        s_new = status_of(c_new, _compile_faces(c_new))
        ok_old += s_old.playable
        ok_new += s_new.playable
        if s_old.playable and not s_new.playable:
            only_old.append(c_old.name)
            for s in s_new.unsupported:
                lacking[pattern_of(s, c_new.name, c_new.face_names)] += 1
        elif s_new.playable and not s_old.playable:
            only_new.append(c_old.name)
    n = len(sample)
    p_old, p_new = 100 * ok_old / n, 100 * ok_new / n
    print(f"sample {n} of {len(pool)} pool cards in both files (seed {a.seed}): 2022 wording {ok_old} playable "
          f"({p_old:.1f}%), 2026 wording {ok_new} ({p_new:.1f}%): gap {p_old - p_new:+.1f} points")
    print(f"playable in 2022 wording only: {len(only_old)}; in 2026 wording only: {len(only_new)}")
    print(f"{time.perf_counter() - t:.1f} s wall, {time.process_time() - cpu:.1f} s CPU; load average now "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"top {a.top} patterns of the 2026 wording not understood, on cards the 2022 wording plays:")
    for p, k in lacking.most_common(a.top):
        print(f"  {k:>4}  {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
