"""The compile cache on disk: compile results kept between processes (`_DiskCache`)."""

from __future__ import annotations

from ..ir import CompiledCard


class _DiskCache:
    """Compile results kept between processes, so that a command does not spend ~1.5 s
    compiling the starter tower at every start. The file is named after the compiler version
    (a hash of the compiler's sources), so any compiler change starts a new file; only the IR
    is stored (name, abilities, unsupported), never what the engine derives from it. Large
    pools are left to the SQLite pool cache (`judgetower.oracle.compiled_pool`): past
    ``LIMIT`` entries nothing is written. Set JUDGETOWER_NO_COMPILE_CACHE=1 to switch it off."""

    LIMIT = 5000

    def __init__(self) -> None:
        self.entries: dict | None = None
        self.dirty = False

    def _path(self):
        import os
        from pathlib import Path

        from judgetower.oracle import COMPILER_VERSION
        base = os.environ.get("JUDGETOWER_CACHE_DIR")
        if not base:
            import platformdirs
            base = platformdirs.user_cache_dir("judgetower")
        safe = "".join(ch if ch.isalnum() else "-" for ch in COMPILER_VERSION)
        return Path(base) / f"oracle-{safe}.pickle"

    def _load(self) -> dict:
        import atexit
        import os
        import pickle
        self.entries = {}
        if os.environ.get("JUDGETOWER_NO_COMPILE_CACHE"):
            return self.entries
        try:
            with open(self._path(), "rb") as f:
                raw = pickle.load(f)
            self.entries = {k: CompiledCard(*v) for k, v in raw.items()}
        except Exception:  # no cache yet, or unreadable: compile as usual
            self.entries = {}
        atexit.register(self.save)
        return self.entries

    def get(self, key):
        entries = self.entries if self.entries is not None else self._load()
        return entries.get(key)

    def put(self, key, value) -> None:
        entries = self.entries if self.entries is not None else self._load()
        entries[key] = value
        self.dirty = True

    def save(self) -> None:
        import os
        import pickle
        import tempfile
        if not self.dirty or not self.entries or len(self.entries) > self.LIMIT:
            return
        try:
            path = self._path()
            path.parent.mkdir(parents=True, exist_ok=True)
            raw = {k: (v.name, v.abilities, v.unsupported) for k, v in self.entries.items()}
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(raw, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
            self.dirty = False
        except Exception:  # a cache that cannot be written is skipped, never fatal
            pass


_DISK = _DiskCache()
