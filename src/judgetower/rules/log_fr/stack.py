"""French templates of the log messages of `judgetower.rules.stack` (English template -> French)."""

FRENCH: dict[str, str] = {
}
