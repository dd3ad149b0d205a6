"""Errors the engine raises. Each names the input and the rule it breaks (DESIGN.md principle 7)."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A decision the rules do not allow. ``rule`` is the most specific rule citation
    (``"CR 601.2c"``, ``"JT-P1"``); the game state is untouched when this is raised."""

    def __init__(self, message, rule: str = "") -> None:
        self.rule = rule
        #: the message: English text, or a log `Message` (its English is the error's text; `said`
        #: renders it in another language)
        self.message = message
        super().__init__(f"{message} [{rule}]" if rule else str(message))

    def said(self, lang: str = "en", names_fr: dict[str, str] | None = None) -> str:
        """The error in ``lang`` (French where the message is a `Message` with its French; else
        the English text), with its rule."""
        from judgetower.rules.log import render
        text = render(self.message, lang, names_fr)
        return f"{text} [{self.rule}]" if self.rule else text


class GameOverError(IllegalAction):
    """A decision was sent to a game that has ended (CR 104)."""

    def __init__(self, message: str = "the game is over; no more decisions are taken") -> None:
        super().__init__(message, "CR 104.1")
