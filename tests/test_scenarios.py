"""Every scenario file under tests/scenarios (and the public examples in ../shared/scenarios)
passes (SCENARIOS.md). Each file is its own test case, named by its path."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetower.scenario.model import load_file
from judgetower.scenario.runner import run_scenario

HERE = Path(__file__).parent
OWN = sorted((HERE / "scenarios").rglob("*.yaml"))
SHARED_DIR = HERE.parent.parent / "shared" / "scenarios"
SHARED_STANDARD = sorted((SHARED_DIR / "standard").rglob("*.yaml")) if SHARED_DIR.exists() else []


def _ids(paths):
    return [str(p.relative_to(p.parents[1])) for p in paths]


def _run(path: Path) -> None:
    for sc in load_file(path):
        res = run_scenario(sc)
        assert not res.bad, res.bad
        assert res.passed, f"{sc.name}: " + "; ".join(res.failures)


@pytest.mark.parametrize("path", OWN, ids=_ids(OWN))
def test_own_scenario(path):
    _run(path)


@pytest.mark.skipif(not SHARED_STANDARD, reason="../shared/scenarios/standard is absent")
@pytest.mark.parametrize("path", SHARED_STANDARD, ids=_ids(SHARED_STANDARD))
def test_shared_standard_scenario(path):
    _run(path)
