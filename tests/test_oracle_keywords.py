"""The one keyword table (oracle/ir/keywords.py, design/layout.md §4.2 item 5): each keyword once,
with its argument kind, its CR rule and a mechanic family; ``ir.KEYWORDS`` is derived from it."""

from __future__ import annotations

import re

from judgetower.oracle import ir
from judgetower.oracle.ir.keywords import FAMILIES, KEYWORD_INFO, KEYWORD_TABLE, KEYWORDS

ARG_KINDS = {"none", "N", "mana", "mana_or_cost", "colour", "land_subtype", "filter", "N_or_none",
             "typecycling", "escape", "prototype", "overload", "splice", "ward"}


def test_each_keyword_once_with_a_rule_and_a_family():
    names = [k.name for k in KEYWORD_TABLE]
    assert len(names) == len(set(names))
    for k in KEYWORD_TABLE:
        assert re.fullmatch(r"CR 702\.\d+[a-z]?", k.cr), k
        assert k.family in FAMILIES, k
        assert k.arg in ARG_KINDS, k
        assert k.name == k.name.lower()


def test_ir_keywords_is_the_table():
    assert ir.KEYWORDS is KEYWORDS
    assert KEYWORDS == tuple(k.name for k in KEYWORD_TABLE)
    assert ir.KEYWORD_INFO["undying"].family == "returns" and KEYWORD_INFO["flanking"].cr == "CR 702.25"
    # the first and last rows keep the order ir.KEYWORDS always had
    assert KEYWORDS[:3] == ("flying", "first strike", "double strike")
    assert KEYWORDS[-2:] == ("devour", "sunburst")
