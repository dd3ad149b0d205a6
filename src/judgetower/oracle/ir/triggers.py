"""Triggers (CR 603): the event or state a triggered ability waits for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:   # annotations only (strings, see the __future__ import)
    from typing import Union
    from .filters import Filter
    from .references import This


@dataclass(frozen=True)
class Trigger:
    """The trigger condition of a triggered ability. ``subject`` is ``This()`` for "this
    creature ..." or a Filter ("another creature you control"); for "this or another creature you
    control dies", ``subject`` is a Filter with ``other=False`` and ``include_self`` true."""

    event: str
    subject: Union[This, Filter, None] = None
    whose: str | None = None
    include_self: bool = False
    # triggers branch: "deals [combat] damage to a player/an opponent": ``recipient`` "player" |
    # "opponent", ``combat`` only combat damage; "a spell that targets ~": ``targets_self``
    recipient: str | None = None
    combat: bool = False
    targets_self: bool = False
    by: Filter | None = None  # "becomes blocked by [a creature]", "blocks [a creature]"
    min_count: int | None = None  # "whenever you attack with N or more creatures"
    # copies2: "whenever you cast or copy a [filter] spell" (event "cast"): also when its
    # controller copies such a spell (CR 707.10, 707.12)
    c2_or_copy: bool = False
