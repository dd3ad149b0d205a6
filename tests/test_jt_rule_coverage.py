"""Every Judge Tower rule and engine ruling that referee mode can show is cited by at least one
scenario under tests/scenarios/judge-tower/ (the `rules:` list of a scenario)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

DIR = Path(__file__).parent / "scenarios" / "judge-tower"
REQUIRED = ("JT-G1 JT-G3 JT-G4 JT-G5 JT-G6 JT-G7 JT-G8 JT-G10 JT-P1 JT-P2 JT-P3 JT-C1 JT-C2 JT-C3 JT-C4 JT-C5 "
            "JT-C6 JT-S1 JT-E1 JT-E2 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R14 R18 R19 R20").split()


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in sorted(DIR.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for sc in data if isinstance(data, list) else [data]:
            assert isinstance(sc, dict), f"{path}: a scenario is a mapping"
            assert sc.get("variant") == "judge-tower", f"{path}: {sc.get('name')!r} is not a judge-tower scenario"
            cited.update(str(r).strip() for r in sc.get("rules") or [])
    return cited


def test_the_directory_has_scenarios():
    assert list(DIR.rglob("*.yaml")), f"no scenario files in {DIR}"


@pytest.mark.parametrize("rule", REQUIRED)
def test_rule_is_cited(rule):
    assert rule in _cited(), f"no scenario under {DIR} cites {rule} in `rules:`"
