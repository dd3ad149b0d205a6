"""Leveler cards (CR 711). A level symbol line ("LEVEL 1-3", "LEVEL 4+") is followed by
its power/toughness box ("4/4") and the abilities printed in its striation, up to the next level
symbol or the end of the text (CR 711.2-711.3). Each striation compiles to one static ability,
``ir.LevelBand``. Only keyword abilities are supported inside a striation: any other ability
there (an activated or triggered ability that exists only at some levels) leaves the striation's
lines unsupported, so the card is refused rather than played wrong."""

from __future__ import annotations

import re

from ..ir import LevelBand, Keyword, StaticAbility

_LEVEL = re.compile(r"^\s*LEVEL\s+(\d+)\s*(?:-\s*(\d+)|(\+))\s*$", re.I)
_PT = re.compile(r"^\s*(\d+)/(\d+)\s*$")

#: keywords a striation may grant (static keyword abilities the layers give, CR 613.1f)
BAND_KEYWORDS = frozenset({"flying", "first strike", "double strike", "trample", "deathtouch", "lifelink",
                           "vigilance", "menace", "defender", "haste", "reach", "indestructible", "hexproof",
                           "shroud", "infect", "wither", "fear", "intimidate", "shadow", "horsemanship",
                           "protection", "landwalk"})


def is_level_line(line: str) -> bool:
    return _LEVEL.match(line) is not None


def compile_band(raw_lines: list[str], i: int, name: str):
    """The striation starting at ``raw_lines[i]`` (a level symbol line) -> (ability or None,
    unsupported lines, index after the striation)."""
    from lark.exceptions import LarkError

    from . import compile_line, strip_reminder
    from ..transform import Unsupported
    m = _LEVEL.match(raw_lines[i])
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) else None
    j = i + 1
    body: list[str] = []
    while j < len(raw_lines) and not is_level_line(raw_lines[j]):
        if raw_lines[j].strip():
            body.append(raw_lines[j])
        j += 1
    lines = [raw_lines[i]] + body
    if not body or _PT.match(body[0]) is None:
        return None, lines, j
    pm = _PT.match(body[0])
    keywords: list = []
    for raw in body[1:]:
        line = strip_reminder(raw)
        if not line:
            continue
        try:
            result = compile_line(line, name, None)
        except (Unsupported, LarkError):
            return None, lines, j
        if result.kind != "abilities" or not all(
                isinstance(ab, Keyword) and ab.name in BAND_KEYWORDS for ab in result.items):
            return None, lines, j
        keywords.extend((ab.name, ab.arg) for ab in result.items)
    return StaticAbility(LevelBand(low, high, int(pm.group(1)), int(pm.group(2)), tuple(keywords))), [], j
