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
"""

from __future__ import annotations

import argparse
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
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "AtomicCards-dev-2022.json.xz"


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
    t = time.perf_counter()
    ok = 0
    patterns: Counter[str] = Counter()
    grep = re.compile(a.grep, re.I) if a.grep else None
    for card in sample:
        st = status_of(card, _compile_faces(card))
        ok += st.playable
        if a.single and len(st.unsupported) != 1:
            continue
        for s in st.unsupported:
            patterns[pattern_of(s, card.name, card.face_names)] += 1
            if grep and grep.search(s):
                print(f"  {card.name}: {s}")
    dt = time.perf_counter() - t
    print(f"sample {len(sample)} of {len(pool)} pool cards (seed {a.seed}): {ok} playable "
          f"({100 * ok / len(sample):.1f}%), compiled in {dt:.1f} s")
    print(f"top {a.top} patterns not understood{' (cards failing on exactly one)' if a.single else ''}:")
    for p, n in patterns.most_common(a.top):
        print(f"  {n:>4}  {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
