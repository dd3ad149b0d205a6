"""The Oracle compiler: a card's Oracle text -> ability IR (``judgetower.oracle.ir``).

    >>> from judgetower.oracle import compile_text
    >>> compile_text("Shock", "Shock deals 2 damage to any target.").ok
    True

``compile_card(card)`` takes a ``judgetower.cards.card.CardDef``. Results are cached by card
name and text. Text the compiler does not understand is listed in
``CompiledCard.unsupported`` (and the card is then not ``ok``), never dropped.

The grammar is ``grammar/`` and ``mechanics/*.lark`` (Lark, Earley); ``transform/`` turns its
trees into IR; ``compiler/`` splits the text into lines and assembles the card.
"""

from __future__ import annotations

from .compiler import compile_card, compile_text, normalise, strip_reminder
from .ir import CompiledCard


def _compiler_version() -> str:
    """``"1+<digest>"``: a hand-kept generation number plus a digest of this package's sources
    (grammar, transformer, IR), so that any change to the compiler changes the version and
    invalidates compiled-pool caches (``judgetower.oracle.compiled_pool``) by itself."""
    import hashlib
    from importlib import resources

    digest = hashlib.sha256()
    root = resources.files(__name__)
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".py", ".lark")) and entry.is_file():
            digest.update(entry.name.encode() + b"\0" + entry.read_bytes() + b"\0")
    return "1+" + digest.hexdigest()[:16]


#: The compiler's version: changes whenever its sources change (see ``_compiler_version``).
COMPILER_VERSION = _compiler_version()

__all__ = ["COMPILER_VERSION", "CompiledCard", "compile_card", "compile_text", "normalise",
           "strip_reminder"]
