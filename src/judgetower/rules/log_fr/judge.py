"""French templates of the log messages of `judgetower.judge` and `judgetower.variants` (judge mode, the Judge Tower variant, house rules) (English template -> French)."""

FRENCH: dict[str, str] = {
}
