"""Coverage of a compiled pool: how many cards the engine can play, and what stops the others.

Counts are given among all cards of the file and among the Judge Tower pool (not ``isFunny``, not
Alchemy, legal or restricted in Vintage; a file without legalities admits every non-funny card).

Sentences the compiler did not understand are grouped into *patterns*: the card's own name
(full, face, or the short name before a comma) becomes ``CARDNAME``, each run of mana symbols
``{M}`` (``{T}``, ``{Q}``, ``{E}`` and other non-mana symbols are kept), each number ``N``. A
pattern counts the distinct cards (of the Judge Tower pool, with a layout the engine supports)
that have a sentence of that shape.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

from judgetower.oracle.compiled_pool import FullPool

#: Symbols in braces that are not mana symbols (CR 107): tap, untap, energy, chaos, ...
NON_MANA_SYMBOLS = frozenset({"T", "Q", "E", "CHAOS", "PW", "A", "TK"})

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_MANA_RUN = re.compile(r"(?:\{M\})+")
_NUMBER = re.compile(r"(?<![\w])\d+(?![\w])")


def self_names(card_name: str, face_names: tuple[str, ...] = ()) -> list[str]:
    """The ways a card's text names the card itself, longest first."""
    names = {card_name, *face_names}
    for n in list(names):
        names.update(p.strip() for p in n.split(" // "))
    for n in list(names):
        if "," in n:
            names.add(n.split(",")[0].strip())
    return sorted((n for n in names if n), key=len, reverse=True)


def pattern_of(sentence: str, card_name: str, face_names: tuple[str, ...] = ()) -> str:
    """A sentence not understood -> its pattern (CARDNAME, {M}, N)."""
    text = sentence
    for n in self_names(card_name, face_names):
        if n not in text:
            continue
        text = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "CARDNAME", text)
    text = _SYMBOL.sub(lambda m: m.group(0) if m.group(1).upper() in NON_MANA_SYMBOLS else "{M}", text)
    text = _MANA_RUN.sub("{M}", text)
    text = _NUMBER.sub("N", text)
    return re.sub(r"\s+", " ", text).strip()


def coverage(pool: FullPool, top: int = 30) -> dict[str, Any]:
    """The coverage report as a JSON-ready dict: ``all`` and ``pool`` counts, unsupported
    ``layouts``, and the ``top`` most common ``unsupported`` patterns."""
    all_total = all_ok = pool_total = pool_ok = 0
    layouts: Counter[str] = Counter()
    facts = 0
    cards_by_pattern: dict[str, set[str]] = defaultdict(set)
    example: dict[str, str] = {}
    cards_with_sentences = 0
    for name in pool:
        info = pool.info(name)
        st = info.status
        all_total += 1
        all_ok += st.playable
        if not pool.in_tower_pool(name):
            continue
        pool_total += 1
        pool_ok += st.playable
        layout_reason = next((r for r in st.reasons if r.startswith("layout ")), None)
        if layout_reason:
            layouts[layout_reason[len("layout "):]] += 1
            continue
        if any(r.startswith("card facts") for r in st.reasons):
            facts += 1
        if st.unsupported:
            cards_with_sentences += 1
        for sentence in st.unsupported:
            p = pattern_of(sentence, info.name, info.face_names)
            cards_by_pattern[p].add(info.name)
            example.setdefault(p, f"{info.name}: {sentence}")
    ranked = sorted(cards_by_pattern.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return {
        "source": pool.source,
        "legalities": pool.has_legalities,
        "pool_rule": ("not funny, not Alchemy, legal or restricted in Vintage" if pool.has_legalities
                      else "the file has no legalities: every non-funny, non-Alchemy card"),
        "all": {"total": all_total, "playable": all_ok},
        "pool": {"total": pool_total, "playable": pool_ok},
        "pool_unsupported_layouts": dict(layouts.most_common()),
        "pool_card_fact_errors": facts,
        "pool_cards_with_sentences_not_understood": cards_with_sentences,
        "distinct_patterns": len(cards_by_pattern),
        "unsupported": [{"pattern": p, "cards": len(names), "example": example[p]}
                        for p, names in ranked[:top]],
    }


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def coverage_lines(report: dict[str, Any]) -> list[str]:
    """The report, readable."""
    a, p = report["all"], report["pool"]
    lines = [
        f"Card data: {report['source']}",
        f"All cards:         {a['playable']:>6} playable of {a['total']:>6} ({_pct(a['playable'], a['total'])})",
        f"Judge Tower pool:  {p['playable']:>6} playable of {p['total']:>6} ({_pct(p['playable'], p['total'])})"
        f"  [{report['pool_rule']}]",
    ]
    if not report["legalities"]:
        lines.append("Note: this file has no legalities, so the pool is every non-funny, non-Alchemy card.")
    if report["pool_unsupported_layouts"]:
        lines.append("Pool cards refused for their layout (layout not supported yet): " + ", ".join(
            f"{k} {v}" for k, v in report["pool_unsupported_layouts"].items()))
    lines.append(f"Pool cards (supported layouts) with sentences not understood: "
                 f"{report['pool_cards_with_sentences_not_understood']} "
                 f"({report['distinct_patterns']} distinct patterns)")
    lines.append(f"Top {len(report['unsupported'])} patterns not understood (cards):")
    for i, row in enumerate(report["unsupported"], 1):
        lines.append(f"{i:>3}. {row['cards']:>5}  {row['pattern']}")
    return lines
