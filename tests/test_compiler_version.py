"""COMPILER_VERSION digests exactly the sources that make compile results (oracle/__init__.py
`VERSIONED`): editing a grammar fragment, a transformer or IR module changes it; editing a module
that only reads, stores or shows results (render.py, coverage.py, compiled_pool.py, the per-card
cache compiler/cache.py: `UNVERSIONED`) does not."""

from __future__ import annotations

import shutil
from pathlib import Path

import judgetower.oracle as oracle


def _copy(tmp_path: Path) -> Path:
    src = Path(oracle.__file__).parent
    dst = tmp_path / "oracle"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
    return dst


def test_the_package_version_is_its_digest():
    assert oracle.COMPILER_VERSION == oracle._compiler_version()
    assert oracle.COMPILER_VERSION.startswith("1+")


def test_excluded_modules_do_not_change_it(tmp_path):
    root = _copy(tmp_path)
    before = oracle._compiler_version(root)
    assert before == oracle.COMPILER_VERSION
    for name in ("render.py", "coverage.py", "compiled_pool.py", "compiler/cache.py"):
        with open(root / name, "a", encoding="utf-8") as f:
            f.write("\n# an edit that changes no compile result\n")
        assert oracle._compiler_version(root) == before, name


def test_compiler_sources_change_it(tmp_path):
    root = _copy(tmp_path)
    before = oracle._compiler_version(root)
    for rel in ("grammar/effects.lark", "mechanics/counters.lark", "transform/effects.py",
                "mechanics/counters.py", "ir/effects.py", "ir/keywords.py", "compiler/lines.py",
                "subtypes.py", "token_text.py"):
        path = root / rel
        original = path.read_bytes()
        path.write_bytes(original + b"\n// x\n" if rel.endswith(".lark") else original + b"\n# x\n")
        assert oracle._compiler_version(root) != before, rel
        path.write_bytes(original)
    assert oracle._compiler_version(root) == before
