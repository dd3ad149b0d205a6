"""French templates of the log messages of `judgetower.rules.replacement` (English template -> French)."""

FRENCH: dict[str, str] = {
}
