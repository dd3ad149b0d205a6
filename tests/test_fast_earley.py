"""The fast Earley parser (judgetower.oracle.grammar.earley.FastEarley) builds exactly the trees of
Lark's own Earley parser: checked here on a spread of the starter tower's lines and on lines that
do not parse; the golden IR digests (tests/test_golden_ir.py, benchmarks/golden_ir.py) and
benchmarks/earley_check.py check it on many more."""

from __future__ import annotations

import pytest
from lark.exceptions import LarkError

from judgetower.oracle.grammar import earley, lark_parser, parser


@pytest.fixture(scope="module")
def plain():
    return lark_parser()


def _texts() -> list[str]:
    from judgetower.cards.pool import starter_pool
    from judgetower.oracle.compiler import assemble
    from judgetower.oracle.compiler.assemble import _compile
    seen: dict[str, None] = {}
    original = assemble._parse

    def recording(text):
        seen.setdefault(text, None)
        return original(text)

    assemble._parse = recording
    try:
        for c in starter_pool():
            _compile.__wrapped__(c.name, c.text or "", tuple(t.lower() for t in c.types), tuple(c.subtypes))
    finally:
        assemble._parse = original
    return list(seen)


def _outcome(p, text):
    try:
        return p.parse(text)
    except LarkError as exc:
        return type(exc).__name__


def test_the_shared_parser_is_the_fast_one():
    assert type(parser().parser.parser) is earley.FastEarley


def test_same_trees_as_lark_on_starter_lines(plain):
    texts = _texts()
    assert len(texts) > 100
    spread = texts[::4] + [
        "this is not a line of oracle text", "flying flying", "", "~ deals", "draw a card. draw",
        "when ~ enters, choose one \u2014", "{t}: add {g}. {t}: add {g}."]
    for text in spread:
        a, b = _outcome(plain, text), _outcome(parser(), text)
        assert a == b, text
        if not isinstance(a, str):
            assert a.pretty() == b.pretty(), text


def test_install_refuses_what_it_was_not_made_for(monkeypatch):
    from lark import Lark
    lalr = Lark("start: \"a\"", parser="lalr")
    assert earley.install(lalr) is False
    nullable = Lark("start: x \"a\"\nx: \"b\"?", parser="earley", lexer="basic")
    assert earley.install(nullable) is False          # a nullable symbol: Lark's parser kept
    monkeypatch.setattr(earley, "PORTED_FROM", ("0.0.0",))
    other = Lark("start: \"a\"", parser="earley", lexer="basic")
    assert earley.install(other) is False             # another Lark version
