"""Rule texts for the page: the searchable list of the call form (JT rules and rulings) and the
text shown on hovering a citation (CR, JT, R, and the house rules' H- IDs of
`judgetower.variants.house`), French where the shared rules have it (the house rules: here)."""

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


def house_rule(spec: str, lang: str = "en") -> dict | None:
    """A house rule's ID, spec and text (``spec``: ``NAME`` or ``NAME=VALUE``, e.g. the table's
    ``H-STRIKES=5``, or the ID a log line cites); None when it is no house rule."""
    from judgetower.rules.errors import IllegalAction
    from judgetower.variants.house import parse_one
    try:
        rule = parse_one(spec)
    except (IllegalAction, ValueError):
        return None
    text = (rule.describe_fr() or rule.describe()) if lang == "fr" else rule.describe()   # variants/house.py
    return {"id": rule.id, "spec": rule.spec(), "text": text}


def house_rule_list(lang: str = "en") -> list[dict]:
    """Every house rule for the lobby form: ID, short name, whether it takes a number (and its
    default), and its text."""
    from judgetower.variants.house import HOUSE_RULES
    out = []
    for rid, cls in HOUSE_RULES.items():
        info = house_rule(rid, lang) or {"text": ""}
        out.append({"id": rid, "short": cls.short, "takes_value": cls.takes_value,
                    "default": getattr(cls, "DEFAULT", None), "text": info["text"]})
    return out


def rule_text(rid: str, lang: str = "en") -> str:
    rid = rid.strip()
    if rid.upper().startswith("H-"):
        found = house_rule(rid, lang)
        if found is not None:
            return found["text"]
    if lang == "fr" and rid in _french():
        return _french()[rid]
    return _BOOK.text(rid)
