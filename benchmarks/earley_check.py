"""Check that the fast Earley parser (`judgetower.oracle.grammar.earley.FastEarley`) builds the same
tree as Lark's own Earley parser, on every line and sentence the compiler parses for a set of cards.

    PYTHONPATH=src nice -n 10 python3 benchmarks/earley_check.py [--data FILE ...] [--sample N | --all]
                                                              [--workers W] [--limit K]

Cards: the embedded starter tower, then ``--sample N`` cards of each data file (evenly spaced over
the file, as ``benchmarks/golden_ir.py`` picks them; default 300) or every card (``--all``).
The cards are compiled once (fast parser) while every text handed to the parser is recorded; each
distinct text is then parsed by both parsers: the same tree (``Tree`` equality and the same
``pretty()``), or the same kind of syntax error, is a match. Prints the count of texts, of
mismatches (each shown), the two parsers' time, and the load average. Lark's own parser costs
about 0.1-0.3 s a text: ``--limit K`` checks the first K distinct texts only. Exit status 1 on any
mismatch. Skips (status 0) when the data files are absent.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
DATA_FILES = ("AtomicCards-dev-2022.json.xz", "AtomicCards-current-2026-normal.json.xz")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def collect(cards: list) -> list[str]:
    """Every text the compiler hands to the parser for ``cards``, distinct, in first-use order."""
    from judgetower.oracle.compiler import assemble
    from judgetower.oracle.compiled_pool import _compile_faces
    seen: dict[str, None] = {}
    original = assemble._parse

    def recording(text: str):
        seen.setdefault(text, None)
        return original(text)

    assemble._parse = recording
    try:
        for card in cards:
            _compile_faces(card)
    finally:
        assemble._parse = original
    return list(seen)


_PLAIN = None
_FAST = None


def _outcome(p, text: str):
    from lark.exceptions import LarkError
    try:
        tree = p.parse(text)
    except LarkError as exc:
        return ("error", type(exc).__name__), None
    return ("tree", tree.pretty()), tree


def _check(text: str):
    t0 = time.process_time()
    a, ta = _outcome(_PLAIN, text)
    t1 = time.process_time()
    b, tb = _outcome(_FAST, text)
    t2 = time.process_time()
    same = a == b and (ta is None or ta == tb)
    return text, same, a, b, t1 - t0, t2 - t1


def main(argv: list[str] | None = None) -> int:
    global _PLAIN, _FAST
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", nargs="*", default=None, help="data files (default: both in ../shared/data)")
    ap.add_argument("--sample", type=int, default=300)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    os.environ["JUDGETOWER_NO_COMPILE_CACHE"] = "1"
    files = [Path(f) for f in args.data] if args.data is not None else [SHARED / "data" / f for f in DATA_FILES]
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        print(f"skipped: absent data files: {', '.join(missing)}")
        return 0
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import golden_ir
    from judgetower.cards.mtgjson import parse_atomic, read_bytes
    from judgetower.oracle.grammar import lark_parser, parser
    print(f"load average at start: {load()}", flush=True)
    cards = list(golden_ir.starter_cards())
    for f in files:
        _, all_cards = parse_atomic(read_bytes(f), str(f))
        if args.all or args.sample >= len(all_cards):
            cards.extend(all_cards)
        else:
            cards.extend(all_cards[i * len(all_cards) // args.sample] for i in range(args.sample))
    _FAST = parser()
    if type(_FAST.parser.parser).__name__ != "FastEarley":
        print("the fast parser is not installed (another Lark version?): nothing to compare")
        return 0
    t = time.perf_counter()
    texts = collect(cards)
    print(f"{len(cards)} cards compiled in {time.perf_counter() - t:.1f} s: {len(texts)} distinct texts "
          "parsed", flush=True)
    if args.limit is not None:
        texts = texts[:args.limit]
    _PLAIN = lark_parser()
    t = time.perf_counter()
    results = []
    if args.workers > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(args.workers) as procs:
            results = list(procs.imap(_check, texts, chunksize=4))
    else:
        results = [_check(x) for x in texts]
    bad = [r for r in results if not r[1]]
    plain = sum(r[4] for r in results)
    fast = sum(r[5] for r in results)
    for text, _, a, b, _, _ in bad:
        print(f"MISMATCH {text!r}\n  lark: {a[1] if a[0] == 'error' else 'tree'}\n  fast: "
              f"{b[1] if b[0] == 'error' else 'tree'}")
    trees = sum(1 for r in results if r[2][0] == "tree")
    print(f"{len(results)} texts checked ({trees} trees, {len(results) - trees} syntax errors) in "
          f"{time.perf_counter() - t:.1f} s wall: {len(bad)} mismatches; parse CPU: Lark {plain:.1f} s, "
          f"fast {fast:.1f} s ({plain / max(fast, 1e-9):.1f}x); load average now {load()}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
