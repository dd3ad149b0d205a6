"""French templates of the log messages of `judgetower.rules.mechanics` (English template -> French)."""

FRENCH: dict[str, str] = {
}
