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


#: What the compile results depend on: these parts of the package (directories walked
#: recursively), digested into COMPILER_VERSION. Not the modules that only read or show results
#: (``coverage.py``, ``compiled_pool.py``, ``render.py``) nor this file.
VERSIONED = ("grammar", "transform", "mechanics", "ir", "compiler", "subtypes.py", "token_text.py")
#: Files under `VERSIONED` that store results and do not make them: the per-card cache
#: (``compiler/cache.py``; its own ``ROW_FORMAT`` is in each row's key), so that a change to the
#: cache code keeps every compiled card.
UNVERSIONED = ("compiler/cache.py",)


def _compiler_version(root=None) -> str:
    """``"1+<digest>"``: a hand-kept generation number plus a digest of the sources that make
    compile results (`VERSIONED`: grammar fragments, transformer, mechanic families, IR, compiler,
    subtypes, token text), so that any change to the compiler changes the version and invalidates
    compiled-pool caches (``judgetower.oracle.compiled_pool``) by itself. ``root``: the package
    directory (a path or an importlib Traversable), this package by default."""
    import hashlib
    from importlib import resources

    digest = hashlib.sha256()
    root = resources.files(__name__) if root is None else root

    def walk(entry, rel: str) -> None:
        if entry.is_dir():
            if entry.name == "__pycache__":
                return
            for child in sorted(entry.iterdir(), key=lambda e: e.name):
                walk(child, f"{rel}/{child.name}")
        elif entry.name.endswith((".py", ".lark")) and rel not in UNVERSIONED:
            digest.update(rel.encode() + b"\0" + entry.read_bytes() + b"\0")

    for name in VERSIONED:
        walk(root.joinpath(name), name)
    return "1+" + digest.hexdigest()[:16]


#: The compiler's version: changes whenever its sources change (see ``_compiler_version``).
COMPILER_VERSION = _compiler_version()

__all__ = ["COMPILER_VERSION", "CompiledCard", "compile_card", "compile_text", "normalise",
           "strip_reminder"]
