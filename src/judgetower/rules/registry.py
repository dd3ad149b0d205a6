"""The engine's registries: what the core reaches only through a table (../shared/design/layout.md
§4.2, DESIGN.md principle 8).

``EFFECTS`` maps each IR effect type to the one function that carries it out (CR 608.2c, 701),
filled by the ``@effect(IRType)`` decorator where the handler is written. The interpreter
(`judgetower.rules.effects.interpreter.EffectsMixin.run_effects`) looks the type up here, never a method by
name, so renaming an IR class cannot silently unbind its handler, and a test can check that every
effect type has exactly one handler.
"""

from __future__ import annotations

from collections.abc import Callable

#: IR effect type -> its handler ``handler(game, effect, ctx)`` (a generator: it may ask decisions)
EFFECTS: dict[type, Callable] = {}


def effect(ir_type: type) -> Callable[[Callable], Callable]:
    """Register the decorated function as the handler of ``ir_type`` (exactly one per type)."""
    def register(fn: Callable) -> Callable:
        if ir_type in EFFECTS:
            raise TypeError(f"{ir_type.__name__} has two handlers: {EFFECTS[ir_type].__qualname__} and "
                            f"{fn.__qualname__}")
        EFFECTS[ir_type] = fn
        return fn
    return register


def effect_handler(ir_type: type) -> Callable | None:
    return EFFECTS.get(ir_type)
