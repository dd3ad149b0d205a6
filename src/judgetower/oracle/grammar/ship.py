"""Write the parser shipped with the package (`SHIPPED_PARSER`), after a change of the grammar:

    python3 -m judgetower.oracle.grammar.ship

A fresh machine then loads it (about 0.1 s) instead of building it (1.5-3 s of CPU) on its first
game (issue 15). It is used only when its key matches the grammar, Lark's version and Python's
major.minor (`shipped_key`); otherwise the parser is built (or read from the cache dir) as before,
so a stale file costs time, never a wrong parse. `tests/test_shipped_parser.py` fails while it is
stale, naming this command.
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile

from judgetower.oracle.grammar import SHIPPED_PARSER, _module_pickler, lark_parser, shipped_key


def main() -> int:
    key = shipped_key()
    built = lark_parser()
    fd, tmp = tempfile.mkstemp(dir=SHIPPED_PARSER.parent, prefix=SHIPPED_PARSER.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
            _module_pickler(f).dump((key, built))
        os.replace(tmp, SHIPPED_PARSER)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    print(f"wrote {SHIPPED_PARSER} ({SHIPPED_PARSER.stat().st_size:,} bytes), key {key[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
