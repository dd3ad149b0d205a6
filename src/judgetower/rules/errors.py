"""Errors the engine raises. Each names the input and the rule it breaks (DESIGN.md principle 7)."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A decision the rules do not allow. ``rule`` is the most specific rule citation
    (``"CR 601.2c"``, ``"JT-P1"``); the game state is untouched when this is raised."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class GameOverError(IllegalAction):
    """A decision was sent to a game that has ended (CR 104)."""

    def __init__(self, message: str = "the game is over; no more decisions are taken") -> None:
        super().__init__(message, "CR 104.1")
