"""The effect registry (../shared/design/layout.md §4.2 item 1): every IR effect type has exactly one
handler, found by type, never by method name."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import judgetower.rules  # noqa: F401  (registers every handler)
from judgetower.cards.pool import starter_pool
from judgetower.oracle import compile_card, ir
from judgetower.rules.registry import EFFECTS, effect

RULES = Path(judgetower.rules.__file__).parent


def _effects_in(node, out: set) -> None:
    """Every node found in an ``effects`` field anywhere under ``node``."""
    if isinstance(node, (tuple, list)):
        for x in node:
            _effects_in(x, out)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        if f.name == "effects" and isinstance(v, (tuple, list)):
            out.update(type(e) for e in v if dataclasses.is_dataclass(e))
        _effects_in(v, out)


def test_every_handler_is_registered_once():
    written = [m for f in sorted(RULES.rglob("*.py"))
               for m in re.findall(r"^\s*def _e_(\w+)\(", f.read_text(), flags=re.M)]
    assert len(written) == len(set(written)) == len(EFFECTS)
    assert all(isinstance(t, type) for t in EFFECTS)


def test_a_second_handler_for_a_type_is_refused():
    class Probe:
        pass
    effect(Probe)(lambda game, e, ctx: iter(()))
    try:
        try:
            effect(Probe)(lambda game, e, ctx: iter(()))
        except TypeError as e:
            assert "two handlers" in str(e)
        else:
            raise AssertionError("a second handler was accepted")
    finally:
        del EFFECTS[Probe]


def test_every_effect_the_starter_tower_compiles_to_has_a_handler():
    found: set = set()
    for card in starter_pool():
        _effects_in(compile_card(card).abilities, found)
    assert len(found) > 20
    missing = sorted(t.__name__ for t in found if t not in EFFECTS)
    assert not missing, missing
    assert ir.Draw in found
