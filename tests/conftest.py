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
* ``PYTHONDONTWRITEBYTECODE``: see `_bytecode_for_children`.
* Parallel runs (pytest-xdist, ``-n auto`` in ``pyproject.toml``): every test uses its own
  ``tmp_path``, free ports and its own server/PostgreSQL processes, so tests can run on any
  worker; the only shared files are the caches (compiled pools in SQLite, the compile cache
  written by an atomic rename), which tolerate concurrent writers.
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
DEV_2022 = DATA_DIR / "AtomicCards-dev-2022.json.xz"
FIXTURE_CARDS = DATA_DIR / "fixture-cards.json"

_MADE_DATA_DIR: str | None = None


def pytest_configure(config) -> None:
    global _MADE_DATA_DIR
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return             # a worker inherits what the controller set up below
    if not os.environ.get("JUDGETOWER_DATA_DIR"):
        # set before xdist starts its workers, which inherit it
        _MADE_DATA_DIR = tempfile.mkdtemp(prefix="judgetower-tests-data-")
        os.environ["JUDGETOWER_DATA_DIR"] = _MADE_DATA_DIR
    _bytecode_for_children()


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


def pytest_sessionfinish(session, exitstatus) -> None:
    _merge_compile_cache()


def _merge_compile_cache() -> None:
    """Keep every card the run compiled in the on-disk compile cache. Each process saves the
    cache at exit (``_DiskCache.save``: what it loaded plus what it compiled), so with several
    xdist workers the last one to exit would drop what the others compiled; here each process,
    under a file lock, first adds what is on disk now to its own entries, then saves. The next
    run then finds every card the scenarios and samples name already compiled. Best effort: any
    failure leaves the cache to ``_DiskCache`` alone."""
    if "judgetower.oracle.compiler.cache" not in sys.modules:
        return             # this process compiled nothing (e.g. the xdist controller)
    try:
        import fcntl
        import pickle

        from judgetower.oracle.compiler.cache import _DISK
        from judgetower.oracle.ir import CompiledCard
        if _DISK.entries is None or not _DISK.dirty or os.environ.get("JUDGETOWER_NO_COMPILE_CACHE"):
            return
        path = _DISK._path()
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(str(path) + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                with open(path, "rb") as f:
                    on_disk = pickle.load(f)
            except (OSError, EOFError, pickle.UnpicklingError):
                on_disk = {}
            for key, value in on_disk.items():
                if key not in _DISK.entries:
                    _DISK.entries[key] = CompiledCard(*value)
            _DISK.save()
    except Exception:   # never fail a run over a cache
        pass


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
