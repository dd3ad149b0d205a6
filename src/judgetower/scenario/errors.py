"""The runner's bad-file signal (exit code 2, SCENARIOS.md)."""

from __future__ import annotations


class Bad(Exception):
    """Raised inside the runner for a bad file (exit 2)."""

    def __init__(self, key: str, msg: str) -> None:
        self.key, self.msg = key, msg
        super().__init__(f"{key}: {msg}")
