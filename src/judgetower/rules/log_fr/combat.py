"""French templates of the log messages of `judgetower.rules.combat` (English template -> French)."""

FRENCH: dict[str, str] = {
}
