"""French templates of the log messages of `judgetower.rules`'s core modules (game.py, sba.py, loops.py, turn/, characteristics/) (English template -> French)."""

FRENCH: dict[str, str] = {
}
