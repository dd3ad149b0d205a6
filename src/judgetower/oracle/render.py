"""Readable text for ability IR and for a card (``judgetower cards show``).

IR nodes are frozen dataclasses (`judgetower.oracle.ir`); `render_ir` prints one as
``Name(field=value, ...)``, leaving out fields that hold their default value, writing a node
with nothing to show as its bare name (``This``), and breaking long nodes over indented lines.
It knows nothing about particular node types, so it follows the IR as it grows.
"""

from __future__ import annotations

import dataclasses
from typing import Any

WIDTH = 96


def _shown_fields(node: Any) -> list[tuple[str, Any]]:
    fields = [f for f in dataclasses.fields(node) if f.init]
    if len(fields) == 1:                  # Target(index=0): the one field says which
        return [(fields[0].name, getattr(node, fields[0].name))]
    shown = []
    for f in fields:
        value = getattr(node, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        if f.default_factory is not dataclasses.MISSING and value == f.default_factory():  # type: ignore[misc]
            continue
        shown.append((f.name, value))
    return shown


def _flat(value: Any) -> str:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = _shown_fields(value)
        name = type(value).__name__
        if not fields:
            return name
        return f"{name}(" + ", ".join(f"{k}={_flat(v)}" for k, v in fields) + ")"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flat(k)}: {_flat(v)}" for k, v in value.items()) + "}"
    return repr(value)


def render_ir(value: Any, indent: int = 0, width: int = WIDTH) -> list[str]:
    """``value`` as lines of text, each at most about ``width`` wide where it can be."""
    pad = " " * indent
    flat = _flat(value)
    if len(pad) + len(flat) <= width:
        return [pad + flat]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        lines = [f"{pad}{type(value).__name__}("]
        for k, v in _shown_fields(value):
            inner = render_ir(v, indent + 4, width)
            inner[0] = f"{' ' * (indent + 4)}{k}={inner[0].lstrip()}"
            inner[-1] += ","
            lines.extend(inner)
        lines.append(pad + ")")
        return lines
    if isinstance(value, (tuple, list)) and value:
        lines = [pad + "["]
        for v in value:
            inner = render_ir(v, indent + 4, width)
            inner[-1] += ","
            lines.extend(inner)
        lines.append(pad + "]")
        return lines
    return [pad + flat]


def card_lines(pool, name: str, lang: str = "en") -> list[str]:
    """`judgetower cards show`: characteristics, Oracle text, compiled abilities, and whether
    the engine can play the card (with the sentences it did not understand)."""
    card = pool.card(name)
    info = pool.info(name)
    status = info.status
    compiled = pool.compiled(name)
    fr = lang == "fr"
    title = card.name_fr if fr and card.name_fr else card.name
    lines = [title + (f"  ({card.name})" if title != card.name else
                      (f"  (fr: {card.name_fr})" if card.name_fr else ""))]
    flags = [f"layout {card.layout}"]
    if len(card.face_names) > 1:
        flags.append("faces: " + " / ".join(card.face_names))
    if pool.has_legalities:
        flags.append(f"Vintage: {card.vintage or 'not legal'}")
    if card.is_funny:
        flags.append("funny (Un-card)")
    if card.is_alchemy:
        flags.append("Alchemy")
    flags.append("Judge Tower pool: " + ("yes" if pool.in_tower_pool(card.name) else "no"))
    lines.append("  " + "; ".join(flags))
    for i, face in enumerate(card.faces):
        lines.append("")
        face_title = face.name_fr if fr and face.name_fr else face.name
        if len(card.face_names) > 1:
            lines.append(f"-- face {i + 1}: {face_title}" + (f" ({face.name})" if face_title != face.name else ""))
        cost = face.mana_cost or "(no mana cost)"
        lines.append(f"{cost}   mana value {face.mana_value}   colours "
                     f"{''.join(face.colors) or 'colourless'}")
        lines.append(face.type_line)
        text = face.text_fr if fr and face.text_fr else face.text
        if fr and not face.text_fr and face.text:
            lines.append("(no French text; English:)")
        lines.extend(text.splitlines() if text else ["(no text)"])
        pt = []
        if face.power is not None:
            pt.append(f"{face.power}/{face.toughness}")
        if face.loyalty is not None:
            pt.append(f"loyalty {face.loyalty}")
        if pt:
            lines.append("   ".join(pt))
        cc = compiled[i] if i < len(compiled) else None
        if cc is not None:
            lines.append("Compiled abilities:" if cc.abilities else "Compiled abilities: none")
            for n, ability in enumerate(cc.abilities, 1):
                body = render_ir(ability, indent=6)
                body[0] = f"  {n:>2}. " + body[0].lstrip()
                lines.extend(body)
    for err in card.fact_errors:
        lines.append("")
        lines.append(f"Card facts refused: {err}")
    lines.append("")
    if status.playable:
        lines.append("Supported: yes (the engine can play this card)")
    else:
        lines.append("Supported: no")
        for r in status.reasons:
            lines.append(f"  - {r}")
        for s in status.unsupported:
            lines.append(f"  - not understood: {s}")
    return lines
