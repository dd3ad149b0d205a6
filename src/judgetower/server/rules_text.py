"""Rule texts for the page: the searchable list of the call form (JT rules and rulings) and the
text shown on hovering a citation (CR, JT, R), French where the shared rules have it."""

from __future__ import annotations

import functools
import re

from judgetower.ui.terminal import RuleBook

_BOOK = RuleBook()
_JT_FR = re.compile(r"^\*\*(JT-[A-Z]\d+)\.\*\*\s*(.*)$")


@functools.lru_cache(maxsize=1)
def _french() -> dict[str, str]:
    p = _BOOK._find("judge-tower.fr.md")
    out: dict[str, str] = {}
    if p is None:
        return out
    try:
        text = p.read_text(encoding="utf-8")
    except OSError:
        return out
    for line in text.splitlines():
        m = _JT_FR.match(line.strip())
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def _key(rid: str) -> tuple:
    m = re.match(r"^(JT-)?([A-Z]+)-?(\d+)$", rid)
    order = {"G": 0, "P": 1, "C": 2, "S": 3, "E": 4}
    if rid.startswith("JT-") and m:
        return (0, order.get(m.group(2), 9), int(m.group(3)))
    if m:
        return (1, 0, int(m.group(3)))
    return (2, 0, 0)


def rule_list(lang: str = "en") -> list[dict]:
    """Every JT rule and ruling with its text, in order (JT-G1 ... JT-E2, R1 ... R20)."""
    jt = _BOOK._load_jt()
    fr = _french() if lang == "fr" else {}
    return [{"id": rid, "text": fr.get(rid) or text} for rid, text in sorted(jt.items(), key=lambda kv: _key(kv[0]))]


def rule_text(rid: str, lang: str = "en") -> str:
    rid = rid.strip()
    if lang == "fr" and rid in _french():
        return _french()[rid]
    return _BOOK.text(rid)
