"""The log in French (DESIGN.md principle 5): the French template of every log message, keyed by its
English template (`judgetower.rules.log`), one catalogue module per engine package, and the glossary
of game terms. Card names come from the cards' French printings.

The catalogues are merged here; the same key in two catalogues must have the same French.
"""

from __future__ import annotations

from judgetower.rules.log_fr.glossary import GLOSSARY, STEPS_FR

FRENCH: dict[str, str] = {}


def _merge(*modules) -> None:
    """Each catalogue module has ``FRENCH`` (message templates) and may have ``TERMS`` (terms its
    messages pass as `Term`: reasons, causes, kinds), merged into the glossary."""
    for module in modules:
        for into, cat, what in ((FRENCH, module.FRENCH, "log message"),
                                (GLOSSARY, getattr(module, "TERMS", {}), "term")):
            for key, fr in cat.items():
                if into.get(key, fr) != fr:
                    raise ValueError(f"{what} {key!r} has two French texts: {into[key]!r} and {fr!r}")
                into[key] = fr


#: terms a log line asked for that the glossary lacks (the French game test reads it)
MISSING_TERMS: set[str] = set()


def term_fr(term: str) -> str:
    """A game term in French (the glossary), or the term itself when it has none (noted in
    ``MISSING_TERMS``)."""
    fr = GLOSSARY.get(term)
    if fr is None:
        MISSING_TERMS.add(term)
        return term
    return fr


from judgetower.rules.log_fr import (  # noqa: E402  (the catalogues, merged in this order)
    core, effects, stack, triggers, zones, combat, mechanics, replacement, judge, prompts,
)

_merge(core, effects, stack, triggers, zones, combat, mechanics, replacement, judge, prompts)

__all__ = ["FRENCH", "GLOSSARY", "MISSING_TERMS", "STEPS_FR", "term_fr"]
