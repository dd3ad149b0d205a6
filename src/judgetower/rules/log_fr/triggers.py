"""French templates of the log messages of `judgetower.rules.triggers` (English template -> French)."""

FRENCH: dict[str, str] = {
}
