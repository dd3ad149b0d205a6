"""The game log: every line says what happened and which rule made it happen (principle 5).

Each event has a number (scenario `call: {event: N}` names one), a visibility (who may read
it: ``None`` means everyone), the English text and the rule IDs it applies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_RULE_ID = re.compile(r"^(CR \d|JT-[A-Z]\d|R\d)")


@dataclass(frozen=True)
class LogEvent:
    number: int
    text: str
    rules: tuple[str, ...] = ()
    visible_to: frozenset[int] | None = None  # None: public; else player indices who may read it
    text_fr: str = ""

    def render(self, lang: str = "en") -> str:
        """One line: number, text (French with ``lang="fr"`` where known), rules cited."""
        cite = f"  [{', '.join(self.rules)}]" if self.rules else ""
        text = self.text_fr if lang == "fr" and self.text_fr else self.text
        return f"{self.number:>4}  {text}{cite}"

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)


@dataclass
class GameLog:
    events: list[LogEvent] = field(default_factory=list)
    names_fr: dict[str, str] = field(default_factory=dict)   # English card name -> French

    def add(self, text: str, *rules: str, visible_to=None, text_fr: str = "") -> LogEvent:
        if not text_fr:
            from judgetower.rules.log_fr import translate
            text_fr = translate(text, self.names_fr)
        ev = LogEvent(len(self.events) + 1, text, tuple(r for r in rules if r),
                      None if visible_to is None else frozenset(visible_to), text_fr)
        self.events.append(ev)
        return ev

    def for_player(self, player: int | None) -> list[LogEvent]:
        """The events ``player`` may read (``None``: a spectator, public events only)."""
        return [e for e in self.events if e.visible(player)]

    def contains(self, needle: str, player: int | None = None) -> bool:
        """Whether an event cites rule ``needle`` or its text contains ``needle``. A rule ID
        matches itself and its sub-rules ("CR 704.5" matches "CR 704.5g") but not a longer
        number ("JT-G1" does not match "JT-G10", "R1" not "R10")."""
        is_rule = _RULE_ID.match(needle) is not None
        pattern = re.compile(re.escape(needle) + r"(?!\d)") if is_rule else None
        for e in self.events:
            if player is not None and not e.visible(player):
                continue
            if is_rule:
                if any(pattern.match(r) for r in e.rules) or pattern.search(e.text):
                    return True
            elif needle in e.text or needle in e.rules:
                return True
        return False

    def __len__(self) -> int:
        return len(self.events)
