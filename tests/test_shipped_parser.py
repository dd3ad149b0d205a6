"""The parser shipped with the package (issue 15: a fresh machine's first game does not build it).

It must match the grammar (else it is ignored and every fresh machine builds the parser again:
slower, never wrong), and parse like a parser built now."""

from __future__ import annotations

import gzip
import pickle

from lark.exceptions import LarkError
from test_fast_earley import _texts

from judgetower.oracle.grammar import SHIPPED_PARSER, _shipped_lark_parser, lark_parser, shipped_key


def test_the_shipped_parser_is_built_from_this_grammar():
    with gzip.open(SHIPPED_PARSER, "rb") as f:
        key, _ = pickle.load(f)
    assert key == shipped_key(), ("the grammar changed since the shipped parser was written: run "
                                  "`python3 -m judgetower.oracle.grammar.ship` and commit "
                                  "src/judgetower/oracle/grammar/parser.pickle.gz")


def _outcome(p, text):
    try:
        return p.parse(text).pretty()
    except LarkError as exc:
        return type(exc).__name__


def test_the_shipped_parser_parses_like_a_new_one():
    shipped, new = _shipped_lark_parser(), lark_parser()
    assert shipped is not None
    texts = _texts()[::3] + ["this is not a line of oracle text", "~ deals"]
    assert len(texts) > 30
    for text in texts:
        assert _outcome(shipped, text) == _outcome(new, text), text
