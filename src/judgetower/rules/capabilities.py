"""What a compiled card can do, computed once per compiled card (issue 17).

The legal-action scans ask the same questions of the same cards at every priority: "has it
flashback?", "has it flash?", "what is its enchant filter?". A ``CompiledCard`` is frozen (its
``abilities`` a tuple), so the answers are computed once and kept on it, next to the
activated-ability list the engine already keeps there (``activated_abilities``). The index is
tied to the very ``abilities`` tuple it was computed from, so a compiled card given other
abilities could never be read through a stale index.
"""

from __future__ import annotations

from judgetower.oracle import ir


#: the index's layout; an index of another layout (a compiled card pickled with an older one, as
#: a pool cache may be) is computed again
_LAYOUT = 2


def _index(comp) -> tuple:
    idx = getattr(comp, "_kw_index", None)
    abilities = comp.abilities
    if idx is None or idx[0] is not abilities or idx[-1] != _LAYOUT:
        names: set[str] = set()
        args: dict[str, object] = {}
        bans = []
        for ab in abilities:
            if isinstance(ab, ir.Keyword):
                names.add(ab.name)
                if ab.name not in args:
                    args[ab.name] = ab.arg      # the first one, as a scan in printed order finds
            elif isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.ActivationBan):
                bans.append(ab.effect)
        idx = (abilities, frozenset(names), args, tuple(bans), _LAYOUT)
        object.__setattr__(comp, "_kw_index", idx)
    return idx


def keyword_names(comp) -> frozenset:
    """The names of the compiled card's keyword abilities (CR 702)."""
    return _index(comp)[1]


def has_keyword(comp, name: str) -> bool:
    """``any(isinstance(a, ir.Keyword) and a.name == name for a in comp.abilities)``."""
    return comp is not None and name in _index(comp)[1]



def keyword_arg(comp, name: str):
    """The argument of the first keyword ability named ``name`` in printed order, else None."""
    return _index(comp)[2].get(name)


def activation_bans(comp) -> tuple:
    """The effects of the compiled card's "its activated abilities can't be activated" static
    abilities (CR 602.5), printed order."""
    return _index(comp)[3]
