"""What every test module shares: where the shared directory is, a hermetic card-data dir, the
real-card data files read once per process, and the `xdist` settings.

* ``SHARED``: ``$JUDGETOWER_SHARED_DIR``, else ``../shared`` next to the project (in a git
  worktree ``../shared`` is not the shared directory: set the variable).
* The suite never reads or writes the user's card data dir: ``JUDGETOWER_DATA_DIR`` is a fresh
  temporary directory for the session unless it is set already (a downloaded AtomicCards file
  would otherwise change what ``open_pool(None)`` gives, and the "no card data" notice leaves a
  marker there). Tests that need their own set it with ``monkeypatch``.
* ``atomic_cards(path)``: an MTGJSON file parsed once per process (``load_atomic``, ~6 s for the
  2022 file); the fixtures ``dev_2022`` and ``fixture_cards_file`` skip with the reason when the
  file is absent. The parsed data is shared, never modified by the tests that read it.
* Parallel runs (pytest-xdist, ``-n auto`` in ``pyproject.toml``): every test uses its own
  ``tmp_path``, free ports and its own server/PostgreSQL processes, so tests can run on any
  worker; the only shared files are the caches (compiled pools in SQLite, the compile cache
  written by an atomic rename), which tolerate concurrent writers.
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
DATA_DIR = SHARED / "data"
DEV_2022 = DATA_DIR / "AtomicCards-dev-2022.json.xz"
FIXTURE_CARDS = DATA_DIR / "fixture-cards.json"

_MADE_DATA_DIR: str | None = None


def pytest_configure(config) -> None:
    global _MADE_DATA_DIR
    if not os.environ.get("JUDGETOWER_DATA_DIR"):
        # set before xdist starts its workers, which inherit it
        _MADE_DATA_DIR = tempfile.mkdtemp(prefix="judgetower-tests-data-")
        os.environ["JUDGETOWER_DATA_DIR"] = _MADE_DATA_DIR


def pytest_unconfigure(config) -> None:
    if _MADE_DATA_DIR is not None:
        shutil.rmtree(_MADE_DATA_DIR, ignore_errors=True)


def need(path: Path) -> Path:
    """``path``, or skip the test naming the absent shared file."""
    if not path.exists():
        pytest.skip(f"card data file {path} is absent (see ../shared/data/README.md)")
    return path


@functools.lru_cache(maxsize=4)
def atomic_cards(path: str):
    """``load_atomic(path)``, parsed once per process (the tests only read it)."""
    from judgetower.cards.mtgjson import load_atomic
    return load_atomic(path)


@pytest.fixture(scope="session")
def dev_2022():
    """The 2022 AtomicCards file, parsed once per process."""
    return atomic_cards(str(need(DEV_2022)))


@pytest.fixture(scope="session")
def fixture_cards_file() -> str:
    return str(need(FIXTURE_CARDS))
