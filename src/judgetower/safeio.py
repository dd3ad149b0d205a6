"""Bounded reading of the files the program reads (DESIGN.md principle 7).

Every reader here answers a bad file with a ``BadFile`` (a ``ValueError``) whose message names
the file and what is wrong, in time and memory bounded by the file's size limit, never with a
traceback, a ``MemoryError`` or a ``RecursionError``:

* ``read_bytes(path, limit)``: at most ``limit`` bytes are read (a larger file, a device or a
  pipe that never ends are refused after ``limit + 1`` bytes); directories and unreadable files
  are named;
* ``decode_text(raw, where)``: UTF-8 (a BOM is dropped); UTF-16 and UTF-32 are decoded when they
  start with their BOM; anything else with NUL bytes is "binary"; invalid UTF-8 names the byte
  offset;
* ``loads_json(text, where)``: strict JSON (no NaN/Infinity, no lone surrogate escapes such as
  ``"\\ud800"``, which decode to a string that cannot be printed or saved as UTF-8), numbers of at most
  ``max_number_len`` characters (Python refuses ints over 4,300 digits with a bare ValueError),
  nesting at most ``max_depth`` (the C parser's own recursion guard, about 1,000 levels, is
  turned into a ``BadFile`` too);
* ``load_yaml(text, where)``: PyYAML's safe loader with aliases capped (count and expanded
  size: a "billion laughs" bomb is refused at once) and nesting capped (the composer recurses);
* ``brief(value)``: a short rendering of any parsed value for an error message, bounded however
  big or deep the value is.

Callers choose the limits for their kind of file (records, card data, scenarios, towers).
"""

from __future__ import annotations

import codecs
import json
import os
import re
from typing import Any

MB = 1 << 20


class BadFile(ValueError):
    """A file that cannot be read as what it should be. The message names the file."""


# ------------------------------------------------------------------------------------- bytes

def read_bytes(path: str | os.PathLike, limit: int, what: str = "file") -> bytes:
    """The bytes of ``path``, refused when over ``limit`` bytes (never more than ``limit + 1``
    are read, so /dev/zero or an endless pipe is refused too)."""
    where = os.fspath(path)
    try:
        with open(where, "rb") as f:
            data = f.read(limit + 1)
    except IsADirectoryError:
        raise BadFile(f"{where}: is a directory, not a {what}") from None
    except OSError as e:
        raise BadFile(f"cannot read {what} {where}: {e.strerror or e}") from None
    except ValueError as e:   # a NUL character in the path
        raise BadFile(f"cannot read {what} {where!r}: {e}") from None
    if len(data) > limit:
        raise BadFile(f"{where}: larger than the {_size(limit)} a {what} may be")
    return data


def _size(n: int) -> str:
    return f"{n // MB} MB" if n >= MB and n % MB == 0 else f"{n:,} bytes"


_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def decode_text(raw: bytes, where: str, what: str = "text file") -> str:
    """``raw`` as text: UTF-8 (BOM dropped), or UTF-16/UTF-32 with a BOM; NUL bytes without a
    BOM mean a binary file; invalid UTF-8 is named with its byte offset."""
    for bom, enc in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(enc)
            except UnicodeDecodeError as e:
                raise BadFile(f"{where}: not a {what}: invalid {enc.upper()} at byte {e.start} ({e.reason})") from None
    if b"\x00" in raw:
        at = raw.index(b"\x00")
        raise BadFile(f"{where}: not a {what}: binary data (NUL byte at {at}); text must be UTF-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadFile(f"{where}: not a {what}: invalid UTF-8 at byte {e.start} ({e.reason}); "
                      f"save it as UTF-8") from None


# ------------------------------------------------------------------------------------- JSON

def depth_exceeds(value: Any, max_depth: int) -> bool:
    """Whether lists and objects nest deeper than ``max_depth`` in a parsed value (an iterative
    walk: no recursion, linear in the value's size)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        if d > max_depth:
            return True
        stack.extend((x, d + 1) for x in v if isinstance(x, (list, dict)))
    return False


_SURROGATE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def loads_json(text: str, where: str, *, max_depth: int = 64, max_number_len: int = 100,
               what: str = "JSON file", check_depth: bool = True) -> Any:
    """Strict, bounded JSON. Nesting deeper than the parser's recursion guard (about 1,000
    levels) is refused while parsing; ``check_depth`` then refuses more than ``max_depth``
    levels (``False``: for big files whose shape the caller checks itself)."""

    def number(kind):
        def parse(s: str):
            if len(s) > max_number_len:
                raise BadFile(f"{where}: not a {what}: a number of {len(s):,} characters "
                              f"(at most {max_number_len}): {s[:20]}...")
            if kind is int:
                return int(s)
            x = float(s)
            if x in (float("inf"), float("-inf")):
                raise BadFile(f"{where}: not a {what}: the number {s[:20]} is out of range")
            return x
        return parse

    def constant(s: str):
        raise BadFile(f"{where}: not a {what}: {s} is not a JSON number")

    for m in _SURROGATE.finditer(text):
        if len(m.group()) == 6:   # a lone surrogate escape: no character, cannot be printed or saved
            line = text.count("\n", 0, m.start()) + 1
            raise BadFile(f"{where}: not a {what}: {m.group()} at line {line} is half of a character "
                          f"(a lone UTF-16 surrogate)")
    try:
        value = json.loads(text, parse_int=number(int), parse_float=number(float), parse_constant=constant)
    except json.JSONDecodeError as e:
        raise BadFile(f"{where}: not a {what}: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        most = f"{max_depth} levels" if check_depth else "the parser takes, about 1,000 levels"
        raise BadFile(f"{where}: not a {what}: nested too deeply (more than {most})") from None
    if check_depth and depth_exceeds(value, max_depth):
        raise BadFile(f"{where}: not a {what}: nested deeper than {max_depth} levels")
    return value


# ------------------------------------------------------------------------------------- YAML

_FLOW = re.compile(r"[\[\]{}]")

def load_yaml(text: str, where: str, *, max_aliases: int = 100, max_nodes: int = 100_000,
              max_depth: int = 64, what: str = "YAML file") -> Any:
    """PyYAML's safe loading with bounds: at most ``max_aliases`` aliases, at most
    ``max_nodes`` nodes counting each alias as the nodes it stands for (a billion-laughs bomb
    stops at the first alias that crosses the cap), nesting at most ``max_depth``. A YAML
    syntax error names the line and column."""
    import yaml

    # PyYAML's scanner keeps every open flow collection as a possible simple key and rescans them
    # at each token: deep flow nesting ("[[[[...") costs quadratic time before the composer's
    # depth cap below is reached. Brackets are counted first (quoted ones too: an over-count
    # only refuses absurd files sooner; balanced "{T}: Add {G}" never accumulates depth).
    depth = 0
    for m in _FLOW.finditer(text):
        depth += 1 if m.group() in "[{" else -1
        if depth > max_depth:
            line = text.count("\n", 0, m.start()) + 1
            raise BadFile(f"{where}: not a {what}: nested deeper than {max_depth} levels (line {line})")
        depth = max(depth, 0)

    class Loader(yaml.SafeLoader):
        pass

    state = {"depth": 0, "aliases": 0, "nodes": 0}
    sizes: dict[int, int] = {}   # id(node) -> expanded size

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            anchor = event.anchor
            state["aliases"] += 1
            if state["aliases"] > max_aliases:
                raise BadFile(f"{where}: not a {what}: more than {max_aliases} aliases (line "
                              f"{event.start_mark.line + 1})")
            node = self.anchors.get(anchor)
            state["nodes"] += sizes.get(id(node), 1) if node is not None else 1
            if state["nodes"] > max_nodes:
                raise BadFile(f"{where}: not a {what}: aliases expand to more than {max_nodes:,} nodes "
                              f"(line {event.start_mark.line + 1}; an alias bomb?)")
            return yaml.composer.Composer.compose_node(self, parent, index)
        state["depth"] += 1
        if state["depth"] > max_depth:
            mark = self.peek_event().start_mark
            raise BadFile(f"{where}: not a {what}: nested deeper than {max_depth} levels (line {mark.line + 1})")
        before = state["nodes"]
        state["nodes"] += 1
        if state["nodes"] > max_nodes:
            raise BadFile(f"{where}: not a {what}: more than {max_nodes:,} nodes")
        node = yaml.composer.Composer.compose_node(self, parent, index)
        sizes[id(node)] = state["nodes"] - before
        state["depth"] -= 1
        return node

    Loader.compose_node = compose_node
    try:
        return yaml.load(text, Loader=Loader)   # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        at = f" at line {mark.line + 1} column {mark.column + 1}" if mark is not None else ""
        raise BadFile(f"{where}: not a {what}: {e.problem or e.context}{at}") from None
    except yaml.YAMLError as e:
        raise BadFile(f"{where}: not a {what}: {e}") from None
    except RecursionError:
        raise BadFile(f"{where}: not a {what}: nested too deeply") from None


# ------------------------------------------------------------------------------------- messages

def brief(v: Any, n: int = 80) -> str:
    """A short JSON-like rendering of ``v`` for an error message: at most ``n`` characters,
    in time bounded by ``n`` whatever the size or depth of ``v``."""
    out: list[str] = []
    budget = [n + 1]

    def put(s: str) -> bool:
        out.append(s[: budget[0]])
        budget[0] -= len(s)
        return budget[0] > 0

    def walk(x: Any) -> bool:
        if isinstance(x, dict):
            if not put("{"):
                return False
            for i, (k, val) in enumerate(x.items()):
                if (i and not put(", ")) or not walk(k) or not put(": ") or not walk(val):
                    return False
            return put("}")
        if isinstance(x, (list, tuple)):
            if not put("["):
                return False
            for i, val in enumerate(x):
                if (i and not put(", ")) or not walk(val):
                    return False
            return put("]")
        if isinstance(x, str):
            return put(json.dumps(x[:n], ensure_ascii=False) if len(x) <= n else json.dumps(x[:n])[:-1])
        if isinstance(x, bool) or x is None:
            return put(json.dumps(x))
        if isinstance(x, int):
            return put(str(x) if x.bit_length() < 256 else f"<{x.bit_length()}-bit int>")
        try:
            return put(repr(x)[: n])
        except Exception:
            return put(f"<{type(x).__name__}>")

    walk(v)
    s = "".join(out)
    return s if len(s) <= n else s[: n - 3] + "..."
