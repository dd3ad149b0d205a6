"""Golden IR (guard G2 of design/layout.md §4.4): what the Oracle compiler makes of a fixed set of
cards, one line per card, and a sha256 digest of the whole, so that a change meant to move code
without changing behaviour (the oracle/ layout work) can be proven neutral.

    PYTHONPATH=src JUDGETOWER_CACHE_DIR=/tmp/jt-cache-oracle nice -n 10 \\
        python3 benchmarks/golden_ir.py [--sample N | --all] [--workers W] [--out FILE]
        [--starter-only] [--data-dir DIR]

Cards: the embedded starter tower, then, from each of the two data files in ``../shared/data``
(``AtomicCards-dev-2022.json.xz``, ``AtomicCards-current-2026-normal.json.xz``), ``--sample N``
cards chosen deterministically (evenly spaced over the file order: index ``i * len // N``), or
every card with ``--all``. Each card is read with `judgetower.cards.mtgjson` and compiled face by
face as `judgetower.oracle.compiled_pool` does (`compile_card` per face, then `status_of`).

Each line is ``<source>\\t<card>\\t<ok>\\t<status>\\t<faces>``, where each face gives its name,
``ok``, its abilities as a canonical repr of the IR dataclasses (every field, by name; tuples,
lists, dicts and sets told apart; nothing left out for holding its default), and its
``unsupported`` sentences. IR class names pass through `RENAMES` (old name -> new name), so that
a later pass that renames IR classes can be compared with the golden file by adding rows there.

Prints the digest of the starter tower's lines, of the data sample's lines, and of the whole, with
timings. Run as a script, the disk compile cache is switched off (``JUDGETOWER_NO_COMPILE_CACHE``):
every card is compiled. The committed digests are in ``tests/golden/`` (``tests/test_golden_ir.py`` recomputes
the starter tower's; the sample's is checked by running this script with the defaults).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA_FILES = ("AtomicCards-dev-2022.json.xz", "AtomicCards-current-2026-normal.json.xz")
#: The default sample, per data file (about 1,200 cards in all with the starter tower).
DEFAULT_SAMPLE = 600

#: IR class renames, new name -> the name the golden digests were made with: applied to the class
#: names written in the lines, so that the golden files made before a rename still compare equal
#: after it (the rename of the wave-prefixed IR classes, design/layout.md §4.5 item 1).
RENAMES: dict[str, str] = json.loads((Path(__file__).resolve().parent / "golden_ir_renames.json").read_text())


def data_dir(given: str | None) -> Path | None:
    candidates = [Path(given)] if given else []
    env = os.environ.get("JUDGETOWER_SHARED_DATA")
    if env:
        candidates.append(Path(env))
    candidates += [ROOT.parent / "shared" / "data", ROOT.parent.parent / "shared" / "data",
                   Path("/work/shared/data")]
    for c in candidates:
        if all((c / f).exists() for f in DATA_FILES):
            return c
    return None


# ------------------------------------------------------------------------------ canonical repr

def canon(value) -> str:
    """A canonical, lossless text for IR values: dataclasses with every field by name (class
    names through `RENAMES`), tuples ``(..)``, lists ``[..]``, dicts ``{..}`` in order, sets
    sorted, scalars by ``repr``. Any other type is an error, so nothing is silently lost."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        name = RENAMES.get(name, name)
        return name + "(" + ", ".join(f"{f.name}={canon(getattr(value, f.name))}"
                                      for f in dataclasses.fields(value)) + ")"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple) and hasattr(value, "_fields"):   # a NamedTuple
        return type(value).__name__ + "(" + ", ".join(
            f"{k}={canon(v)}" for k, v in zip(value._fields, value)) + ")"
    if isinstance(value, tuple):
        return "(" + ", ".join(canon(v) for v in value) + ",)"
    if isinstance(value, list):
        return "[" + ", ".join(canon(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{canon(k)}: {canon(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        return ("frozenset" if isinstance(value, frozenset) else "set") + "{" + ", ".join(
            sorted(canon(v) for v in value)) + "}"
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    raise TypeError(f"golden_ir: no canonical form for {type(value).__name__}: {value!r}")


def face_text(cc) -> str:
    if cc is None:
        return "None"
    return (f"{cc.name!r} ok={cc.ok} abilities={canon(tuple(cc.abilities))} "
            f"unsupported={canon(tuple(cc.unsupported))}")


def card_line(source: str, card) -> str:
    from judgetower.oracle import compile_card
    from judgetower.oracle.compiled_pool import status_of
    compiled = tuple(compile_card(face) for face in card.faces)
    st = status_of(card, compiled)
    faces = " | ".join(face_text(cc) for cc in compiled)
    return f"{source}\t{card.name}\t{st.playable}\t{canon(st)}\t{faces}"


# ------------------------------------------------------------------------------------- cards

def starter_cards() -> list:
    from importlib import resources

    from judgetower.cards.mtgjson import AtomicCard
    from judgetower.cards.pool import STARTER_FILE, load_pool_yaml
    raw = resources.files("judgetower.cards").joinpath("data", STARTER_FILE).read_text("utf-8")
    pool = load_pool_yaml(raw, STARTER_FILE)
    return [AtomicCard(name=d.name, layout="normal", faces=(d,), face_names=(d.name,),
                       name_fr=d.name_fr) for d in pool]


def file_cards(path: Path, sample: int | None) -> list:
    from judgetower.cards.mtgjson import parse_atomic, read_bytes
    _, cards = parse_atomic(read_bytes(path), str(path))
    if sample is None or sample >= len(cards):
        return cards
    return [cards[i * len(cards) // sample] for i in range(sample)]


def starter_lines() -> list[str]:
    """The golden lines of the embedded starter tower (what tests/test_golden_ir.py checks)."""
    return [card_line("starter", c) for c in starter_cards()]


def digest(lines: list[str]) -> str:
    return hashlib.sha256("".join(line + "\n" for line in lines).encode("utf-8")).hexdigest()


_JOBS: list = []


def _line_at(i: int) -> tuple[int, str]:
    source, card = _JOBS[i]
    return i, card_line(source, card)


def lines_for(jobs: list, workers: int) -> list[str]:
    global _JOBS
    if workers <= 1:
        return [card_line(s, c) for s, c in jobs]
    import multiprocessing

    from judgetower.oracle.grammar import parser
    parser()
    _JOBS = jobs
    out: list = [None] * len(jobs)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as procs:
            for i, line in procs.imap_unordered(_line_at, range(len(jobs)), chunksize=8):
                out[i] = line
    finally:
        _JOBS = []
    return out


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=DEFAULT_SAMPLE,
                    help=f"cards per data file, evenly spaced (default {DEFAULT_SAMPLE})")
    ap.add_argument("--all", action="store_true", help="every card of both data files")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=None, help="write the lines here (default: /tmp/golden-ir-<mode>.txt)")
    ap.add_argument("--starter-only", action="store_true")
    ap.add_argument("--data-dir", default=None)
    args = ap.parse_args(argv)
    os.environ["JUDGETOWER_NO_COMPILE_CACHE"] = "1"     # compile every card, read no cache
    t0 = time.time()
    print(f"load average at start: {load()}", flush=True)
    jobs = [("starter", c) for c in starter_cards()]
    n_starter = len(jobs)
    if not args.starter_only:
        where = data_dir(args.data_dir)
        if where is None:
            print("golden_ir: the data files are absent (../shared/data); starter tower only")
        else:
            for f in DATA_FILES:
                cards = file_cards(where / f, None if args.all else args.sample)
                jobs.extend((f, c) for c in cards)
    t1 = time.time()
    print(f"{len(jobs)} cards to compile ({n_starter} starter), read in {t1 - t0:.1f}s", flush=True)
    lines = lines_for(jobs, args.workers)
    t2 = time.time()
    mode = "starter" if args.starter_only else ("all" if args.all else f"sample{args.sample}")
    out = Path(args.out or f"/tmp/golden-ir-{mode}.txt")
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    from judgetower.oracle import COMPILER_VERSION
    print(f"compiled in {t2 - t1:.1f}s ({(t2 - t1) / max(1, len(jobs)):.3f}s a card), "
          f"load average now {load()}; compiler {COMPILER_VERSION}")
    print(f"lines written to {out}")
    print(f"starter digest: {digest(lines[:n_starter])}")
    if len(lines) > n_starter:
        print(f"data digest ({mode}): {digest(lines[n_starter:])}")
    print(f"whole digest ({mode}): {digest(lines)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
