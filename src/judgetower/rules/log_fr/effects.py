"""French templates of the log messages of `judgetower.rules.effects` (English template -> French)."""

FRENCH: dict[str, str] = {
}
