"""What every test module shares: where the shared directory is, a hermetic card-data dir, the
real-card data files read once per process, and the `xdist` settings.

* ``SHARED``: ``$JUDGETOWER_SHARED_DIR``, else ``../shared`` next to the project (in a git
  worktree ``../shared`` is not the shared directory: set the variable).
* The suite never reads or writes the user's card data dir: ``JUDGETOWER_DATA_DIR`` is a fresh
  temporary directory for the session unless it is set already (a downloaded AtomicCards file
  would otherwise change what ``open_pool(None)`` gives, and the "no card data" notice leaves a
  marker there). Tests that need their own set it with ``monkeypatch``.
* The shared card data files are parsed once per process (`_share_card_data_loads`).
* ``budget(quick=, full=)``: game counts of the property tests (``JUDGETOWER_TEST_BUDGET``).
* ``PYTHONDONTWRITEBYTECODE``: see `_bytecode_for_children`.
* Parallel runs (pytest-xdist, ``-n auto`` in ``pyproject.toml``): every test uses its own
  ``tmp_path``, free ports and its own server/PostgreSQL processes, so tests can run on any
  worker; the only shared files are the caches (compiled pools and the per-card compile cache,
  both SQLite in WAL mode with inserts only), which tolerate concurrent writers.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared")
DATA_DIR = SHARED / "data"

_MADE_DATA_DIR: str | None = None

#: How many games the game-playing property tests play: "quick" (the default, what CI runs: a
#: subset each test documents, every assertion kept on every game) or "full"
#: (``JUDGETOWER_TEST_BUDGET=full``: issue 2's 200 + 20 random games, all ten judge-mode games).
BUDGET = os.environ.get("JUDGETOWER_TEST_BUDGET", "quick").strip().lower()


def budget(*, quick, full):
    """``full`` when ``JUDGETOWER_TEST_BUDGET=full``, else ``quick``."""
    if BUDGET not in ("quick", "full"):
        raise pytest.UsageError(f"JUDGETOWER_TEST_BUDGET={BUDGET!r}: quick or full")
    return full if BUDGET == "full" else quick


def pytest_configure(config) -> None:
    global _MADE_DATA_DIR
    worker = bool(os.environ.get("PYTEST_XDIST_WORKER"))
    if not worker:         # a worker inherits what the controller sets up here
        if not os.environ.get("JUDGETOWER_DATA_DIR"):
            # set before xdist starts its workers, which inherit it
            _MADE_DATA_DIR = tempfile.mkdtemp(prefix="judgetower-tests-data-")
            os.environ["JUDGETOWER_DATA_DIR"] = _MADE_DATA_DIR
        _bytecode_for_children()
    if worker or not getattr(config.option, "numprocesses", None):
        _share_card_data_loads()          # this process runs tests


def _bytecode_for_children() -> None:
    """With PYTHONDONTWRITEBYTECODE set (some shells and sandboxes set it), every Python process
    the suite starts (about 150: the bad-input corpus, the CLI and record subprocesses, the web
    servers, the xdist workers) would compile the engine's modules from source again, about a
    third of a short command's CPU. Then the engine's bytecode is compiled once into a cache
    outside the source tree and ``PYTHONPYCACHEPREFIX`` points the children (and the workers)
    at it: the tree stays free of ``__pycache__``, as the setting asks. Without the setting
    Python keeps its bytecode next to the sources as usual and nothing is done here."""
    if not sys.flags.dont_write_bytecode or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    import compileall
    cache = os.environ.get("JUDGETOWER_CACHE_DIR")
    if not cache:
        import platformdirs
        cache = platformdirs.user_cache_dir("judgetower")
    prefix = os.path.join(cache, "pycache")
    before = sys.pycache_prefix
    try:
        sys.pycache_prefix = prefix       # where compileall writes (importlib.util.cache_from_source)
        ok = compileall.compile_dir(str(ROOT / "src" / "judgetower"), quiet=1, workers=1)
    except OSError:
        ok = False
    finally:
        sys.pycache_prefix = before
    if ok:
        os.environ["PYTHONPYCACHEPREFIX"] = prefix
        sys.pycache_prefix = prefix       # this process too (with -n 0 it runs the tests)


def pytest_unconfigure(config) -> None:
    if _MADE_DATA_DIR is not None:
        shutil.rmtree(_MADE_DATA_DIR, ignore_errors=True)


_LOADED: dict[tuple, object] = {}


def _share_card_data_loads() -> None:
    """Parse each shared card data file (``../shared/data/*.json[.xz]``, read-only) once per
    process: ``judgetower.cards.mtgjson.load_atomic`` is wrapped so that a second load of the same
    file (same path, size and mtime) returns the first one's ``AtomicData`` (frozen dataclasses;
    no test changes it). The 2022 file takes ~6 s of CPU to parse and eight modules read it
    (towers, layouts, faces, the 2022 wording, the scenarios' real cards, ...). Any other path
    (a test's own file, a bad file) is loaded as before. Done before collection, so that modules
    importing ``load_atomic`` by name get the wrapper."""
    try:
        import judgetower.cards.mtgjson as mtgjson
        original = mtgjson.load_atomic
    except (ImportError, AttributeError):
        return             # the engine moved it: every test then parses for itself, as before
    if getattr(original, "shared_by_tests", False):
        return
    shared = os.path.realpath(DATA_DIR)

    @functools.wraps(original)
    def load_atomic(path):
        try:
            real = os.path.realpath(os.fspath(path))
            st = os.stat(real)
        except (OSError, TypeError, ValueError):
            return original(path)
        if os.path.dirname(real) != shared:
            return original(path)
        key = (real, st.st_size, st.st_mtime_ns)
        if key not in _LOADED:
            _LOADED[key] = original(path)
        return _LOADED[key]

    load_atomic.shared_by_tests = True
    mtgjson.load_atomic = load_atomic
