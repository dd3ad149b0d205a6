"""French templates of the log messages of `judgetower.rules.zones` (English template -> French)."""

FRENCH: dict[str, str] = {
}
