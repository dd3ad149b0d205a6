"""The transformer's callbacks and the grammar agree (design/layout.md §4.1, §5.1 item 7, §5.3 item 13).

Lark finds a callback by the name of the tree node it builds: an alias (``-> name``) or a rule's
own name. `OracleTransformer` is the section and family callback classes listed once in
``oracle/transform/__init__.py``; these tests check that

* no callback name is defined in two of those classes (the first one in the list would silently win);
* every tree node the grammar can build has a callback;
* every callback is named by the grammar (no dead callbacks).
"""

from __future__ import annotations

import inspect

from lark import Transformer

from judgetower.oracle.grammar import parser
from judgetower.oracle.transform import OracleTransformer

#: Names on the transformer that are not callbacks of a grammar node.
NOT_CALLBACKS = {"transform", "__default__", "__default_token__", "__init__"}
#: Grammar nodes that never reach the transformer: ``never`` matches no text (it keeps WORD in the
#: lexer, see grammar/terminals.lark).
NEVER_BUILT = {"never"}


def _callback_classes():
    return [c for c in OracleTransformer.__mro__[1:] if c not in Transformer.__mro__]


def _callbacks() -> dict[str, list[str]]:
    """callback name -> the classes that define it."""
    defs: dict[str, list[str]] = {}
    for cls in [OracleTransformer] + _callback_classes():
        for name, value in vars(cls).items():
            if name.startswith("_") or name in NOT_CALLBACKS:
                continue
            if inspect.isfunction(value) or isinstance(value, staticmethod):
                defs.setdefault(name, []).append(cls.__name__)
    return defs


def _tree_names() -> set[str]:
    """The names of the tree nodes the grammar can build (and so needs a callback for)."""
    names = set()
    for rule in parser().rules:
        origin = rule.origin.name
        origin = origin.value if hasattr(origin, "value") else str(origin)
        if rule.alias:
            names.add(str(rule.alias))
            continue
        if origin.startswith("_"):
            continue
        if rule.options.expand1:
            kept = [s for s in rule.expansion if not (s.is_term and s.filter_out)]
            if len(kept) == 1 and not (not kept[0].is_term and kept[0].name.startswith("_")):
                continue     # "?rule: one_child" is inlined
        names.add(origin)
    return names


def _grammar_names() -> set[str]:
    """Every rule name and alias in the grammar."""
    names = set()
    for rule in parser().rules:
        origin = rule.origin.name
        names.add(origin.value if hasattr(origin, "value") else str(origin))
        if rule.alias:
            names.add(str(rule.alias))
    return names


def test_each_callback_is_defined_once():
    twice = {n: c for n, c in _callbacks().items() if len(c) > 1}
    assert not twice, f"callbacks defined in more than one class: {twice}"


def test_every_tree_node_has_a_callback():
    callbacks = _callbacks()
    missing = sorted(n for n in _tree_names() - NEVER_BUILT if n not in callbacks)
    assert not missing, f"grammar nodes without a callback: {missing}"


def test_no_dead_callbacks():
    grammar = _grammar_names()
    dead = sorted(n for n in _callbacks() if n not in grammar)
    assert not dead, f"callbacks that no grammar rule or alias names: {dead}"
