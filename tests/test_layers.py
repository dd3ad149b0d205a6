"""DESIGN.md "Layers": each package imports only the packages above it in this order (its own
package included). Checked on the source, imports inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

ORDER = ["cards", "oracle", "rules", "variants", "judge", "agents", "record", "scenario"]
SRC = Path(__file__).resolve().parents[1] / "src" / "judgetower"


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for n in names:
            parts = n.split(".")
            if parts[0] == "judgetower" and len(parts) > 1:
                out.add(parts[1])
    return out


def test_each_layer_imports_only_the_layers_above_it():
    bad = []
    for i, pkg in enumerate(ORDER):
        allowed = set(ORDER[: i + 1])
        for f in sorted((SRC / pkg).rglob("*.py")):
            for used in _imports(f) - allowed:
                if used in ORDER:
                    bad.append(f"{f.relative_to(SRC)} imports judgetower.{used}")
    assert not bad, "layering broken (DESIGN.md):\n" + "\n".join(bad)
