"""The game log: every line says what happened and which rule made it happen (principle 5).

Each event has a number (scenario `call: {event: N}` names one), a visibility (who may read
it: ``None`` means everyone), the English text and the rule IDs it applies.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LogEvent:
    number: int
    text: str
    rules: tuple[str, ...] = ()
    visible_to: frozenset[int] | None = None  # None: public; else player indices who may read it
    text_fr: str = ""

    def render(self) -> str:
        cite = f"  [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.number:>4}  {self.text}{cite}"

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)


@dataclass
class GameLog:
    events: list[LogEvent] = field(default_factory=list)

    def add(self, text: str, *rules: str, visible_to=None, text_fr: str = "") -> LogEvent:
        ev = LogEvent(len(self.events) + 1, text, tuple(r for r in rules if r),
                      None if visible_to is None else frozenset(visible_to), text_fr)
        self.events.append(ev)
        return ev

    def for_player(self, player: int | None) -> list[LogEvent]:
        """The events ``player`` may read (``None``: a spectator, public events only)."""
        return [e for e in self.events if e.visible(player)]

    def contains(self, needle: str, player: int | None = None) -> bool:
        for e in self.events:
            if player is not None and not e.visible(player):
                continue
            if needle in e.rules or needle in e.text or any(needle in r for r in e.rules):
                return True
        return False

    def __len__(self) -> int:
        return len(self.events)
