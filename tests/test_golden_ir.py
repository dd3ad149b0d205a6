"""Guard G2 of design/layout.md §4.4: the Oracle compiler's results on the embedded starter tower
are byte-identical to the committed golden digest (``tests/golden/starter-ir.sha256``).

The starter tower is the fast part of the guard. The data-file sample (about 1,200 cards, some
minutes) is checked by running the script and comparing with ``tests/golden/sample-ir.sha256``:

    PYTHONPATH=src JUDGETOWER_CACHE_DIR=/tmp/jt-cache-oracle nice -n 10 python3 benchmarks/golden_ir.py

A change meant to move code without changing what the compiler makes must leave both digests as
they are; a change that means to change compile results updates them in the same commit, with
the diff of the per-card lines (``--out``) reviewed.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def _golden_ir():
    spec = importlib.util.spec_from_file_location("golden_ir", ROOT / "benchmarks" / "golden_ir.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _committed(name: str) -> str:
    for line in (GOLDEN / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            return line.split()[0]
    raise AssertionError(f"no digest in {name}")


def test_starter_tower_ir_is_golden():
    g = _golden_ir()
    lines = g.starter_lines()
    assert len(lines) > 100
    assert g.digest(lines) == _committed("starter-ir.sha256"), (
        "the compile results of the starter tower changed; diff the lines of "
        "'python3 benchmarks/golden_ir.py --starter-only' against those of the last commit")


def test_canonical_form_is_lossless():
    g = _golden_ir()
    from judgetower.oracle import compile_text
    a = compile_text("Shock", "Shock deals 2 damage to any target.", ("Instant",))
    assert g.canon(a.abilities).startswith("(SpellAbility(")
    assert g.canon(()) != g.canon([]) and g.canon(frozenset({"b", "a"})) == "frozenset{'a', 'b'}"
