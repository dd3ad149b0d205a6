"""Loading the Oracle grammar (oracle.lark + the SUBTYPE terminal from subtypes.py)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark

from .subtypes import subtype_terminal

GRAMMAR_FILE = "oracle.lark"


def grammar_text() -> str:
    """The full grammar: the packaged ``oracle.lark`` plus the generated ``SUBTYPE`` terminal."""
    text = resources.files(__package__).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")
    return text + "\n" + subtype_terminal()


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The shared parser: Earley over Lark's basic lexer (whole-word literals), ambiguities
    resolved by rule priority."""
    return Lark(grammar_text(), start="start", parser="earley", lexer="basic",
                maybe_placeholders=True, ambiguity="resolve")
