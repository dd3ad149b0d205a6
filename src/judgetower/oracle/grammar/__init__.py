"""Loading the Oracle grammar: the fragments below, concatenated in ONE declared order, plus the
SUBTYPE terminal generated from subtypes.py.

The grammar is cut into fragments by Magic concept (``grammar/*.lark``: the core sections) and by
mechanic family (``mechanics/*.lark``). Lark's Earley parser with ``ambiguity="resolve"`` can
depend on the order of rules, so `FRAGMENTS` keeps the order the single ``oracle.lark`` had: the
concatenated text is byte-identical to it (commit 4937b2f). Regrouping fragments (putting each
family's blocks in one file) changes that order and is a separate step, proven neutral by the
golden IR guard (``benchmarks/golden_ir.py``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from importlib import resources

from lark import Lark

from ..subtypes import subtype_terminal

#: The grammar fragments, paths relative to the ``judgetower.oracle`` package, in grammar order.
FRAGMENTS = (
    "grammar/abilities.lark",            # header, start, ability lines; keywords (CR 702); activated (CR 602, 606)
    "grammar/triggers.lark",             # triggered abilities (CR 603)
    "grammar/statics.lark",              # static abilities (CR 604)
    "grammar/costs.lark",                # cost-changing abilities of spells, additional costs (CR 118.9, 601.2f)
    "grammar/effects.lark",              # instructions (CR 608.2c, 701)
    "grammar/references.lark",           # players, objects, filters, amounts (CR 109, 115, 107)
    "grammar/terminals.lark",            # terminals
    "grammar/static_keywords.lark",      # static and combat keyword abilities, restrictions (CR 702, 508.1d, 509.1b)
    "grammar/conditions.lark",           # conditions, "as long as", choices as a permanent enters (CR 611.3a, 603.4, 614.12)
    "grammar/zone_changes.lark",         # zone-changing effects, abilities that work from other zones (CR 113.6m, 400.7)
    "mechanics/activated.lark",          # crew, renown, bloodthirst, modular, monstrosity, exploit, morph, dash, ... (CR 702)
    "mechanics/split_cards.lark",        # aftermath, fuse (CR 709, 702.127, 702.102)
    "grammar/token_creation.lark",       # token forms, quoted abilities (CR 111, 707.2, 613.1f)
    "grammar/cost_changes.lark",         # proliferate; cost-changing statics of permanents (CR 601.2f, 701.34)
    "grammar/combat_restrictions.lark",  # the object's own combat restrictions (CR 508.1c, 509.1b-c)
    "mechanics/attachments.lark",        # auras and equipment (CR 301.5, 303.4, 702.89, 702.103)
    "mechanics/counters.lark",           # counter mechanics (CR 122, 701.39, 702.32, 702.58, ...)
    "mechanics/exile_casting.lark",      # suspend, foretell, rebound, ... (CR 702.62, 702.143, 702.88)
    "mechanics/faces.lark",              # transforming double-faced cards, flip cards (CR 712, 710)
    "grammar/copies.lark",               # copies and spell variants (CR 707, 702.96, 702.160)
    "grammar/untap_and_durations.lark",  # untap choice, once each turn, cost reductions, party, soulbond (CR 502.3, 611.2b)
    "grammar/library.lark",              # library manipulation (CR 401, 701.20, 701.23, 701.24)
    "mechanics/combat_triggers.lark",    # combat keywords and restrictions (CR 506-511, 702.x)
    "grammar/until_end_of_turn.lark",    # characteristics until end of turn (CR 613, 611.2)
    "grammar/game_rule_changes.lark",    # state triggers, untap/turn state, game-rule changes (CR 603, 502, 514, 305)
    "grammar/activation.lark",           # activated abilities' costs and restrictions (CR 602.5, 118.3, 605, 106)
    "grammar/replacement.lark",          # replacement and prevention effects (CR 614, 615, 120, 119)
    "grammar/hand_graveyard.lark",       # library, hand and graveyard effects (CR 401, 402, 404, 701)
    "mechanics/tokens.lark",             # keyword actions that create tokens or put counters (CR 701.16, 701.47, ...)
    "mechanics/alternative_costs.lark",  # keywords about casting (CR 601, 702.x)
)


def fragment_text(path: str) -> str:
    return resources.files("judgetower.oracle").joinpath(path).read_text(encoding="utf-8")


def grammar_text() -> str:
    """The full grammar: the fragments in `FRAGMENTS` order plus the generated ``SUBTYPE``
    terminal."""
    return "".join(fragment_text(p) for p in FRAGMENTS) + "\n" + subtype_terminal()


def lark_parser() -> Lark:
    """A new parser as Lark makes it: Earley over Lark's basic lexer (whole-word literals),
    ambiguities resolved by rule priority."""
    return Lark(grammar_text(), start="start", parser="earley", lexer="basic",
                maybe_placeholders=True, ambiguity="resolve")


#: the parser built once and shipped with the package (gzipped pickle of ``(key, parser)``), so that
#: a fresh machine does not build it on its first game (issue 15); written by
#: ``python3 -m judgetower.oracle.grammar.ship``; used only when its key is `shipped_key()`
SHIPPED_PARSER = Path(__file__).with_name("parser.pickle.gz")


def shipped_key() -> str:
    """What a shipped parser must have been built from: the grammar text, Lark's version and
    Python's major.minor (pickles of the same classes load across patch versions)."""
    import hashlib
    import sys

    import lark
    ver = f"{sys.version_info.major}.{sys.version_info.minor}"
    return hashlib.sha256("\0".join([grammar_text(), lark.__version__, ver]).encode("utf-8")).hexdigest()


def _shipped_lark_parser() -> Lark | None:
    """The shipped parser when it was built from this grammar (`shipped_key`), else None."""
    import gzip
    import pickle
    try:
        with gzip.open(SHIPPED_PARSER, "rb") as f:
            key, built = pickle.load(f)
    except Exception:   # absent or unreadable: built or taken from the cache dir instead
        return None
    return built if key == shipped_key() else None


def _module_pickler(f):
    """A pickler that writes a module as its import (Lark keeps a reference to the `re` module)."""
    import importlib
    import pickle
    import types

    class _Pickler(pickle.Pickler):
        def reducer_override(self, obj):
            if isinstance(obj, types.ModuleType):
                return importlib.import_module, (obj.__name__,)
            return NotImplemented

    return _Pickler(f, protocol=pickle.HIGHEST_PROTOCOL)


def _stored_lark_parser() -> Lark:
    """`lark_parser`, kept pickled in the cache dir between processes: building it costs 1.5-3 s
    of CPU (Lark reads the grammar and computes its sets), loading it about 0.4 s. The file is
    named after a digest of the grammar text, Lark's version and Python's, so it is only ever
    read by a process that would build the same parser; it is written whole (a temporary file,
    then renamed), so concurrent processes never read half of one. Unreadable or unwritable: the
    parser is built as usual. ``JUDGETOWER_NO_PARSER_CACHE=1`` switches it off."""
    import hashlib
    import importlib
    import os
    import pickle
    import sys
    import tempfile
    import types
    from pathlib import Path

    import lark

    if os.environ.get("JUDGETOWER_NO_PARSER_CACHE"):
        return lark_parser()
    shipped = _shipped_lark_parser()
    if shipped is not None:
        return shipped
    text = grammar_text()
    digest = hashlib.sha256("\0".join([text, lark.__version__, sys.version]).encode("utf-8")).hexdigest()
    base = os.environ.get("JUDGETOWER_CACHE_DIR")
    if not base:
        import platformdirs
        base = platformdirs.user_cache_dir("judgetower")
    path = Path(base) / f"oracle-parser-{digest[:24]}.pickle"
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:   # none yet, or unreadable: build it
        pass
    built = lark_parser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                _module_pickler(f).dump(built)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except Exception:   # a cache that cannot be written is skipped
        pass
    return built


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The shared parser: `lark_parser` (stored between processes, `_stored_lark_parser`) with its
    Earley parser replaced by `earley.FastEarley` (the same trees, about 20 times faster; see
    `judgetower.oracle.grammar.earley`), unless ``JUDGETOWER_PLAIN_EARLEY=1`` asks for Lark's
    own (to compare), or the installed Lark is not the version that port was made from."""
    import os

    from .earley import install
    p = _stored_lark_parser()
    if not os.environ.get("JUDGETOWER_PLAIN_EARLEY"):
        install(p)
    return p
