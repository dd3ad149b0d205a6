"""Smoke check of every playable card of a pool (issue 5): each card is put into sandbox Judge
Tower games (referee mode) in hand, on the battlefield and in the graveyard, and each of its
abilities is exercised at least once (`judgetower.agents.smoke`).

    python3 benchmarks/smoke_cards.py [--data PATH] [--limit N] [--workers 2] [--seed 0]
                                      [--show 40] [--card NAME ...] [--traceback]
                                      [--grep REGEX]

Prints the cards checked, the failures (an exception: the card's name and the error's last line;
``--traceback`` prints it whole), the cards with an ability never exercised, the abilities
exercised, and the smoke-check time (wall and CPU, total and per card). ``--limit N`` checks a
seeded sample of N playable cards instead of all of them. The compiled pool comes from the SQLite
cache (`load_pool`; a first compile of a file with a new compiler version takes minutes).
``--grep REGEX`` skips the cache: it compiles, in this process, only the Judge Tower pool cards whose
rules text matches REGEX, and checks those that are playable (the quick check while growing the
compiler). Skips
with a reason when the data file is absent. Exit status 1 when a card raised an exception.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

from judgetower.agents.smoke import smoke_card
from judgetower.cards.card import CardError
from judgetower.oracle.compiled_pool import FullPool, _compile_faces, _info, load_pool, status_of

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "AtomicCards-dev-2022.json.xz"

_POOL = None
_SEED = 0


def _check(name: str) -> dict:
    try:
        r = smoke_card(_POOL, name, _SEED)
    except CardError as exc:     # not playable after all (facts checked again, see smoke_card)
        return {"name": name, "refused": str(exc)}
    return {"name": r.name, "passed": r.passed, "error": r.first_error(), "errors": r.errors,
            "problems": r.problems(), "abilities": len(r.abilities), "exercised": r.exercised_count,
            "games": r.games, "decisions": r.decisions, "seconds": r.seconds, "notes": r.notes,
            "standard_only": [a.label for a in r.abilities if a.key in r.standard_only]}


def grep_pool(data: str, pattern: str) -> FullPool:
    """A `FullPool` (not cached) of the Judge Tower pool cards of ``data`` whose text matches
    ``pattern`` (case-insensitive), compiled now."""
    import re
    from judgetower.cards.mtgjson import load_atomic
    rx = re.compile(pattern, re.I)
    atoms = [c for c in load_atomic(data).cards
             if not c.is_funny and not c.is_alchemy and not c.layout_reason
             and (c.vintage in ("Legal", "Restricted") or not c.has_legalities)
             and any(rx.search(f.text or "") for f in c.faces)]
    irs = [_compile_faces(c) for c in atoms]
    infos = [_info(c, status_of(c, ir)) for c, ir in zip(atoms, irs)]
    return FullPool(source=f"{data} (cards matching {pattern!r})", key="", meta={},
                    has_legalities=True, infos=infos, records={c.name: c for c in atoms},
                    ir={c.name: ir for c, ir in zip(atoms, irs)})


def main() -> int:
    global _POOL, _SEED
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA), help="MTGJSON AtomicCards file")
    ap.add_argument("--limit", type=int, default=0, help="check a seeded sample of N playable cards (0: all)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes")
    ap.add_argument("--seed", type=int, default=0, help="seed of the games (and of the --limit sample)")
    ap.add_argument("--show", type=int, default=40, help="list at most N cards per kind of problem (0: all)")
    ap.add_argument("--card", action="append", default=[], help="check this card only (repeatable)")
    ap.add_argument("--traceback", action="store_true", help="print each failure's whole traceback")
    ap.add_argument("--grep", default=None,
                    help="compile now (no cache) only the pool cards whose text matches this regex")
    a = ap.parse_args()
    if not Path(a.data).exists():
        print(f"skipped: {a.data} is absent")
        return 0
    t0 = time.perf_counter()
    if a.grep:
        _POOL = grep_pool(a.data, a.grep)
    else:
        _POOL = load_pool(a.data, notice=lambda m: print(f"smoke_cards: {m}", file=sys.stderr, flush=True))
    _SEED = a.seed
    load_s = time.perf_counter() - t0
    if a.card:
        names = _POOL.resolve_many(a.card)
    else:
        names = sorted(n for n in _POOL if _POOL.playable(n))
        if a.limit > 0:
            names = sorted(random.Random(a.seed).sample(names, min(a.limit, len(names))))
    wall0, cpu0 = time.perf_counter(), time.process_time()
    results: list[dict] = []
    if a.workers <= 1 or len(names) < 20:
        results = [_check(n) for n in names]
        child_cpu = 0.0
    else:
        import multiprocessing
        ctx = multiprocessing.get_context("fork")
        before = os.times()
        with ctx.Pool(a.workers) as procs:
            results = list(procs.imap(_check, names, chunksize=8))
        after = os.times()
        child_cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0 + child_cpu
    def shown(rows):
        return rows if a.show <= 0 else rows[:a.show]

    refused = [r for r in results if "refused" in r]
    results = [r for r in results if "refused" not in r]
    failed = [r for r in results if r["errors"]]
    partial = [r for r in results if not r["errors"] and not r["passed"]]
    abilities = sum(r["abilities"] for r in results)
    exercised = sum(r["exercised"] for r in results)
    n = len(results)

    print("judgetower smoke check (referee-mode Judge Tower sandbox games, judgetower.agents.smoke)")
    print(f"data:      {a.data} ({'from the compiled-pool cache' if _POOL.from_cache else 'compiled now'}, "
          f"loaded in {load_s:.1f} s)")
    print(f"machine:   Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
          f"{os.cpu_count()} CPUs, {a.workers} worker(s), load average {os.getloadavg()[0]:.2f}")
    print(f"cards checked: {n}" + (f" (seeded sample, seed {a.seed})" if a.limit > 0 and not a.card else "")
          + f"; passed {n - len(failed) - len(partial)}; failures (exception) {len(failed)}; "
          f"an ability not exercised {len(partial)}")
    if refused:
        print(f"refused ({len(refused)}: playable in the cached pool, but not by the current card checks):")
        for r in shown(refused):
            print(f"  {r['refused']}")
    print(f"games:     {sum(r['games'] for r in results):,}, decisions {sum(r['decisions'] for r in results):,}")
    print(f"abilities exercised: {exercised:,} of {abilities:,}"
          + (f" ({100 * exercised / abilities:.2f}%)" if abilities else ""))
    if failed:
        print(f"failures ({len(failed)}):")
        for r in shown(failed):
            print(f"  {r['name']}: {r['error']}")
            if a.traceback:
                for e in r["errors"]:
                    print("    " + e.replace("\n", "\n    "))
    if partial:
        print(f"not fully exercised ({len(partial)}):")
        for r in shown(partial):
            print(f"  {r['name']}: " + " | ".join(r["problems"]))
    standard = [r for r in results if r["standard_only"]]
    if standard:
        print(f"exercised only under ordinary Magic rules ({len(standard)} cards: Judge Tower makes the ability "
              "impossible, JT-G3/R3 infinite life):")
        for r in shown(standard):
            print(f"  {r['name']}: " + " | ".join(r["standard_only"]))
    capped = [r for r in results if r["notes"]]
    if capped:
        print(f"notes ({len(capped)} cards):")
        for r in shown(capped):
            print(f"  {r['name']}: " + " | ".join(r["notes"]))
    slow = sorted(results, key=lambda r: -r["seconds"])[:5]
    print("slowest:   " + ", ".join(f"{r['name']} {r['seconds']:.2f} s" for r in slow))
    print(f"smoke-check time: {wall:.1f} s wall, {cpu:.1f} s CPU; per card {1000 * wall / max(1, n):.1f} ms wall, "
          f"{1000 * cpu / max(1, n):.1f} ms CPU")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
