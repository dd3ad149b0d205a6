"""Scenario files, format v1.1 (SCENARIOS.md): loading and validating the YAML.

Reading is safe against bad input (issue 19): a file larger than `MAX_FILE_BYTES`, not UTF-8
text (UTF-16/32, binary, invalid bytes), nested deeper than `MAX_DEPTH`, holding a recursive
alias, or whose aliases would expand to more than `MAX_EXPANDED_NODES` nodes (an alias bomb) is a
bad file (exit 2), refused before any Python object is built from it. Every key's value is type-checked here, so a hand given as a
mapping or a turn given as a string is a bad file naming the key, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TOP_KEYS = {"name", "rules", "variant", "mode", "seed", "cards", "players", "start", "state", "actions",
            "expect", "spectators", "options", "data"}
ZONE_KEYS = {"life", "hand", "battlefield", "graveyard", "library", "exile", "shame", "poison"}
SHARED_KEYS = {"library", "graveyard", "exile"}
EXPECT_KEYS = {"life", "life_change", "permanents", "stack", "game_over", "winners", "log_contains", "exile",
               "error", "shared", "turn", "active", "step", "shame", "log_lacks", "exile_count", "exile_has"}
PLAYER_EXPECT_ZONES = ("battlefield", "hand", "graveyard", "library", "exile")
ACTION_KEYS = {"player", "cast", "targets", "x", "modes", "kicked", "buyback", "alternative", "activate",
               "play_land", "attack", "at", "block", "pass", "choose", "to", "turn", "call", "dispute", "vote",
               "divide", "event"}
VARIANTS = ("standard", "judge-tower")

#: Limits on what a scenario file may be (bad input is refused quickly and in little memory).
MAX_FILE_BYTES = 256 * 1024
MAX_DEPTH = 64
MAX_EXPANDED_NODES = 200_000


class ScenarioFileError(ValueError):
    """A bad scenario file: names the path, the key and what is wrong (exit code 2)."""

    def __init__(self, path: str, key: str, message: str) -> None:
        self.path, self.key = path, key
        super().__init__(f"{path}: {key}: {message}")


@dataclass
class Scenario:
    path: str
    index: int
    data: dict[str, Any]
    name: str = ""
    rules: list[str] = field(default_factory=list)
    variant: str = "standard"
    mode: str = "referee"
    seed: int = 0

    @property
    def where(self) -> str:
        return f"{self.path}[{self.index}]" if self.index else self.path


def _err(sc_path, key, msg):
    return ScenarioFileError(sc_path, key, msg)


class _LimitExceeded(Exception):
    pass


def _children(node) -> list:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [x for kv in node.value for x in kv]
    return []


def check_node_graph(root) -> None:
    """Refuse a composed YAML node graph (aliases are shared nodes) nested more than
    `MAX_DEPTH` levels deep, holding a recursive alias (``&a [*a]``), or whose aliases expanded
    would make more than `MAX_EXPANDED_NODES` nodes (an alias bomb). Iterative, linear in the
    number of distinct nodes: nothing is expanded or built."""
    info: dict[int, tuple[int, int]] = {}   # node -> (height, expanded node count)
    visiting: set[int] = set()
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        k = id(node)
        if done:
            kids = _children(node)
            height = 1 + max((info[id(c)][0] for c in kids), default=0)
            weight = min(1 + sum(info[id(c)][1] for c in kids), MAX_EXPANDED_NODES + 1)
            if height > MAX_DEPTH:
                raise _LimitExceeded(f"nested more than {MAX_DEPTH} levels deep")
            info[k] = (height, weight)
            visiting.discard(k)
            continue
        if k in info:
            continue
        visiting.add(k)
        stack.append((node, True))
        for c in _children(node):
            if id(c) in visiting:
                raise _LimitExceeded("a recursive alias (an anchor used inside itself)")
            if id(c) not in info:
                stack.append((c, False))
    if info[id(root)][1] > MAX_EXPANDED_NODES:
        raise _LimitExceeded(f"its aliases expand to more than {MAX_EXPANDED_NODES:,} nodes (an alias bomb)")


def safe_load(text: str):
    """`yaml.safe_load`, guarded: the document is composed (libyaml when available), its node
    graph checked (`check_node_graph`), and only then built into Python objects."""
    loader = (getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader)(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        check_node_graph(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def read_text(path: str | Path) -> str:
    """The file's text: at most `MAX_FILE_BYTES`, UTF-8 (a UTF-8 BOM is allowed), no NUL byte."""
    p = str(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise _err(p, "(file)", f"cannot read: {e.strerror or e}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise _err(p, "(file)", f"too large: a scenario file is at most {MAX_FILE_BYTES:,} bytes")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _err(p, "(file)", "not UTF-8: the file is UTF-16 or UTF-32 (a byte-order mark); save it as UTF-8")
    if b"\x00" in raw:
        raise _err(p, "(file)", "not a text file: it holds NUL bytes (binary, or UTF-16/32 without a byte-order mark)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise _err(p, "(file)", f"not UTF-8 text: invalid byte 0x{raw[e.start]:02x} at byte {e.start} (line {line})") from None
    return text[1:] if text.startswith("\ufeff") else text


def flow_depth(text: str) -> int:
    """The deepest nesting of YAML flow brackets (``[`` ``{``) in ``text``, counted over the raw
    characters (a bracket inside a quoted string counts too: an over-estimate by a level or two,
    harmless for a limit of `MAX_DEPTH`). PyYAML's scanner takes time quadratic in this depth
    before the composer sees the first node, so it is checked first, in linear time."""
    depth = top = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > top:
                top = depth
        elif ch in "]}" and depth:
            depth -= 1
    return top


def load_file(path: str | Path) -> list[Scenario]:
    """Parse one file: one scenario mapping or a list of them."""
    p = str(path)
    text = read_text(path)
    if flow_depth(text) > MAX_DEPTH:
        raise _err(p, "(yaml)", f"refused: nested more than {MAX_DEPTH} levels deep")
    try:
        doc = safe_load(text)
    except _LimitExceeded as e:
        raise _err(p, "(yaml)", f"refused: {e}") from None
    except RecursionError:
        raise _err(p, "(yaml)", "refused: nested too deeply") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise _err(p, "(yaml)", f"malformed YAML{where}: {getattr(e, 'problem', e)}") from None
    items = doc if isinstance(doc, list) else [doc]
    out = []
    for i, d in enumerate(items):
        where = p if len(items) == 1 else f"{p}[{i}]"
        if not isinstance(d, dict):
            raise _err(where, "(top)", f"a scenario is a mapping, got {type(d).__name__}")
        out.append(validate(d, where, i if len(items) > 1 else 0, p))
    return out


STEP_NAMES = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
              "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat",
              "postcombat_main", "end", "cleanup")
PERMANENT_KEYS = {"card", "tapped", "sick", "damage", "counters", "attached_to", "owner", "face"}
PERMANENT_EXPECT_KEYS = {"card", "power", "toughness", "tapped", "damage", "counters", "sick", "attached_to",
                         "controller", "keywords"}


def _kind(v) -> str:
    return "null" if v is None else {"str": "a string", "int": "a number", "float": "a number",
                                     "bool": "true/false", "list": "a list", "dict": "a mapping"}.get(
        type(v).__name__, type(v).__name__)


class _Check:
    """Type checks of one scenario's keys; each failure is a bad file naming the key."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, key: str, msg: str):
        raise _err(self.where, key, msg)

    def int_(self, v, key: str, minimum: int | None = None, inf_ok: bool = False):
        if inf_ok and v in ("inf", "∞") or (inf_ok and isinstance(v, float) and v == float("inf")):
            return
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(key, f"must be a whole number{' or inf' if inf_ok else ''}, got {_kind(v)} {v!r}")
        if minimum is not None and v < minimum:
            self.fail(key, f"must be at least {minimum}, got {v}")

    def bool_(self, v, key: str):
        if not isinstance(v, bool):
            self.fail(key, f"must be true or false, got {_kind(v)} {v!r}")

    def str_(self, v, key: str):
        if not isinstance(v, str) or not v:
            self.fail(key, f"must be a non-empty string (a name), got {_kind(v)} {v!r}")

    def list_(self, v, key: str) -> list:
        if not isinstance(v, list):
            self.fail(key, f"must be a list, got {_kind(v)}")
        return v

    def map_(self, v, key: str) -> dict:
        if not isinstance(v, dict):
            self.fail(key, f"must be a mapping, got {_kind(v)}")
        for k in v:
            if not isinstance(k, str):
                self.fail(f"{key}.{k}", f"keys must be strings (names), got {_kind(k)} {k!r}")
        return v

    def keys(self, v: dict, allowed, key: str):
        extra = sorted(str(k) for k in v if k not in allowed)
        if extra:
            self.fail(f"{key}.{extra[0]}" if key else extra[0], f"unknown key (known: {', '.join(sorted(allowed))})")

    def refs(self, v, key: str):
        """A list of card/player references (strings)."""
        for i, e in enumerate(self.list_(v, key)):
            self.str_(e, f"{key}[{i}]")

    def counts(self, v, key: str):
        """A `X_has` mapping: name -> count."""
        for name, n in self.map_(v, key).items():
            self.int_(n, f"{key}.{name}", minimum=0)

    def card_entry(self, e, key: str, allowed=frozenset({"card", "owner"})):
        if isinstance(e, str) and e:
            return
        if not isinstance(e, dict):
            self.fail(key, f"a card is a name or {{card: NAME, ...}}, got {_kind(e)} {e!r}")
        self.map_(e, key)
        self.keys(e, allowed, key)
        if "card" not in e:
            self.fail(f"{key}.card", "required: the card's name")
        self.str_(e["card"], f"{key}.card")
        if "owner" in e:
            self.str_(e["owner"], f"{key}.owner")


def validate(d: dict, where: str, index: int, path: str) -> Scenario:
    c = _Check(where)
    c.map_(d, "(top)")
    unknown = sorted(str(k) for k in d if k not in TOP_KEYS)
    if unknown:
        raise _err(where, unknown[0], f"unknown key (known: {', '.join(sorted(TOP_KEYS))})")
    if not d.get("name") or not isinstance(d.get("name"), str):
        raise _err(where, "name", "required: a non-empty string")
    if "data" in d and d["data"] != "required":
        raise _err(where, "data", f"the only value is `required` (real cards: a data file must be given), got {d['data']!r}")
    variant = d.get("variant", "standard")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise _err(where, "variant", f"{variant!r} is not one of {', '.join(VARIANTS)}")
    mode = d.get("mode", "referee")
    if not isinstance(mode, str) or mode not in ("referee", "judge"):
        raise _err(where, "mode", f"{mode!r} is not referee or judge")
    if "mode" in d and variant != "judge-tower":
        raise _err(where, "mode", "mode is for variant: judge-tower only")
    options = d.get("options", {})
    # our extension of SCENARIOS.md: game options; manual_triggers is the judge-mode option of R13
    if not isinstance(options, dict) or set(options) - {"manual_triggers", "house"}:
        raise _err(where, "options", f"game options are a mapping of: manual_triggers (true/false), house "
                                     f"(a list of house rules, judgetower.variants.house); got {options!r}")
    if not all(isinstance(v, bool) for k, v in options.items() if k != "house"):
        raise _err(where, "options", "manual_triggers is true or false")
    if "house" in options:   # our extension: house rules (judgetower.variants.house), judge-tower only
        from judgetower.rules.errors import IllegalAction
        from judgetower.variants.house import parse_house
        try:
            parse_house(options["house"])
        except IllegalAction as e:
            raise _err(where, "options.house", str(e)) from None
        if variant != "judge-tower":
            raise _err(where, "options.house", "house rules are for variant: judge-tower")
    if options.get("manual_triggers") and not (variant == "judge-tower" and mode == "judge"):
        raise _err(where, "options", "manual_triggers is a judge-mode option (R13): variant judge-tower, mode judge")
    seed = d.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _err(where, "seed", f"must be an integer, got {seed!r}")
    rules = d.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, (str, int, float)) and not isinstance(r, bool) for r in rules):
        raise _err(where, "rules", "must be a list of rule IDs")
    if "cards" in d and d["cards"] is not None:
        for i, m in enumerate(c.list_(d["cards"], "cards")):
            if not isinstance(m, dict):
                c.fail(f"cards[{i}]", f"each made-up card is a mapping, got {_kind(m)}")
    if "spectators" in d:
        c.refs(d["spectators"], "spectators")
    players = d.get("players")
    if not isinstance(players, list) or len(players) < 2:
        raise _err(where, "players", "required: a list of at least 2 players (CR 103.1)")
    for i, pl in enumerate(players):
        if isinstance(pl, str) and pl:
            continue
        if not isinstance(pl, dict) or "name" not in pl:
            raise _err(where, f"players[{i}]", "each player is {name: ...}")
        extra = sorted(str(k) for k in pl if k not in {"name", "judge_level", "first_game", "explained"})
        if extra:
            raise _err(where, f"players[{i}].{extra[0]}", "unknown key")
        if not isinstance(pl["name"], (str, int)) or isinstance(pl["name"], bool) or pl["name"] == "":
            raise _err(where, f"players[{i}].name", f"must be a name, got {_kind(pl['name'])}")
        if "judge_level" in pl:
            c.int_(pl["judge_level"], f"players[{i}].judge_level", minimum=0)
        if "first_game" in pl:
            c.bool_(pl["first_game"], f"players[{i}].first_game")
        if variant != "judge-tower" and ({"judge_level", "first_game"} & set(pl)):
            raise _err(where, f"players[{i}]", "judge_level/first_game are judge-tower only")
    names = [pl if isinstance(pl, str) else str(pl["name"]) for pl in players]
    if len(set(names)) != len(names):
        raise _err(where, "players", f"player names must differ: {names}")
    start = d.get("start", {"turn": 1, "active": names[0], "step": "precombat_main"})
    if start != "game":
        if not isinstance(start, dict):
            raise _err(where, "start", "must be `game` or {turn, active, step}")
        c.map_(start, "start")
        extra = sorted(str(k) for k in start if k not in {"turn", "active", "step"})
        if extra:
            raise _err(where, f"start.{extra[0]}", "unknown key")
        if "turn" in start:
            c.int_(start["turn"], "start.turn", minimum=1)
        if not isinstance(start.get("active", names[0]), str) or start.get("active", names[0]) not in names:
            raise _err(where, "start.active", f"{start.get('active')!r} is not a player")
        if "step" in start and start["step"] not in STEP_NAMES:
            raise _err(where, "start.step", f"unknown step {start['step']!r} (steps: {', '.join(STEP_NAMES)})")
    _validate_state(c, d, variant, names)
    _validate_actions(c, d, names)
    _validate_expect(c, d, names)
    sc = Scenario(path, index, d, d["name"], [str(r) for r in rules], variant, mode, seed)
    return sc


def _validate_state(c: _Check, d: dict, variant: str, names: list[str]) -> None:
    state = d.get("state", {}) or {}
    if not isinstance(state, dict):
        c.fail("state", "must be a mapping of player name -> zones")
    for who, zones in state.items():
        if who == "shared":
            if variant != "judge-tower":
                c.fail("state.shared", "shared zones are judge-tower only")
            zones = zones or {}
            c.map_(zones, "state.shared")
            bad = sorted(str(k) for k in zones if k not in SHARED_KEYS)
            if bad:
                c.fail(f"state.shared.{bad[0]}", "unknown zone key")
            for z, v in zones.items():
                for i, e in enumerate(c.list_(v or [], f"state.shared.{z}")):
                    c.card_entry(e, f"state.shared.{z}[{i}]")
            continue
        if who not in names:
            c.fail(f"state.{who}", "not a player of this scenario")
        if not isinstance(zones, dict):
            c.fail(f"state.{who}", f"must be a mapping of zones, got {_kind(zones)}")
        c.map_(zones, f"state.{who}")
        bad = sorted(str(k) for k in zones if k not in ZONE_KEYS)
        if variant == "judge-tower" and ({"graveyard", "library"} & set(zones)):
            c.fail(f"state.{who}", "judge-tower has a shared library and graveyard: use state.shared (JT-G5)")
        if variant == "judge-tower" and "life" in zones:
            c.fail(f"state.{who}.life", "judge-tower life is always infinite (JT-G3)")
        if bad:
            c.fail(f"state.{who}.{bad[0]}", "unknown zone key")
        for z, v in zones.items():
            key = f"state.{who}.{z}"
            if z == "life":
                c.int_(v, key)
            elif z in ("shame", "poison"):
                c.int_(v, key, minimum=-1 if z == "shame" else 0)
            elif z == "battlefield":
                for i, e in enumerate(c.list_(v or [], key)):
                    k = f"{key}[{i}]"
                    c.card_entry(e, k, PERMANENT_KEYS)
                    if not isinstance(e, dict):
                        continue
                    for b in ("tapped", "sick"):
                        if b in e:
                            c.bool_(e[b], f"{k}.{b}")
                    if "damage" in e:
                        c.int_(e["damage"], f"{k}.damage", minimum=0)
                    if "counters" in e:
                        c.counts(e["counters"] or {}, f"{k}.counters")
                    if "attached_to" in e:
                        c.str_(e["attached_to"], f"{k}.attached_to")
                    if "face" in e and e["face"] not in ("front", "back"):
                        c.fail(f"{k}.face", f"front or back, got {e['face']!r}")
            else:
                for i, e in enumerate(c.list_(v or [], key)):
                    c.card_entry(e, f"{key}[{i}]")


def _validate_actions(c: _Check, d: dict, names: list[str]) -> None:
    actions = d.get("actions", []) or []
    if not isinstance(actions, list):
        c.fail("actions", "must be a list")
    for i, a in enumerate(actions):
        key = f"actions[{i}]"
        if isinstance(a, str):
            if a not in ("pass", "resolve"):
                c.fail(key, f"unknown action {a!r}")
            continue
        if not isinstance(a, dict):
            c.fail(key, "an action is a mapping or `pass`/`resolve`")
        c.map_(a, key)
        extra = sorted(str(k) for k in a if k not in ACTION_KEYS)
        if extra:
            c.fail(f"{key}.{extra[0]}", "unknown action key")
        if "player" in a and (not isinstance(a["player"], str) or a["player"] not in names):
            c.fail(f"{key}.player", f"{a['player']!r} is not a player")
        for k in ("cast", "play_land", "at"):
            if k in a:
                c.str_(a[k], f"{key}.{k}")
        if "to" in a and a["to"] not in STEP_NAMES:
            c.fail(f"{key}.to", f"unknown step {a['to']!r} (steps: {', '.join(STEP_NAMES)})")
        if "turn" in a:
            c.int_(a["turn"], f"{key}.turn", minimum=1)
        if "x" in a and a["x"] is not None:
            c.int_(a["x"], f"{key}.x", minimum=0)
        if "kicked" in a and a["kicked"] is not None and not isinstance(a["kicked"], bool):
            c.int_(a["kicked"], f"{key}.kicked", minimum=0)
        for b in ("buyback", "alternative", "pass"):
            if b in a and a[b] is not None:
                c.bool_(a[b], f"{key}.{b}")
        if "targets" in a and a["targets"] is not None:
            c.refs(a["targets"], f"{key}.targets")
        if "modes" in a and a["modes"] is not None and not isinstance(a["modes"], str):
            c.refs(a["modes"], f"{key}.modes")
        if "attack" in a and a["attack"] is not None:
            c.refs(a["attack"], f"{key}.attack")
        if "block" in a and a["block"] is not None:
            for b, att in c.map_(a["block"], f"{key}.block").items():
                c.str_(att, f"{key}.block.{b}")
        if "activate" in a:
            act = a["activate"]
            if not isinstance(act, dict) or "card" not in act:
                c.fail(f"{key}.activate", "use {card: NAME, ability: K}")
            c.keys(act, {"card", "ability", "targets", "divide"}, f"{key}.activate")
            c.str_(act["card"], f"{key}.activate.card")
            if "ability" in act:
                c.int_(act["ability"], f"{key}.activate.ability", minimum=1)
            if act.get("targets") is not None:
                c.refs(act["targets"], f"{key}.activate.targets")
            if "divide" in act:
                _divide(c, act["divide"], f"{key}.activate.divide")
        if "divide" in a:
            _divide(c, a["divide"], f"{key}.divide")
        if "choose" in a and isinstance(a["choose"], dict) and not set(a["choose"]) <= {"top", "bottom", "graveyard"}:
            _divide(c, a["choose"], f"{key}.choose")


def _divide(c: _Check, v, key: str) -> None:
    """`divide: {TARGET_REF: N}`: each target gets at least 1 (CR 601.2d)."""
    m = c.map_(v, key)
    if not m:
        c.fail(key, "names at least one target")
    for ref, n in m.items():
        c.int_(n, f"{key}.{ref}", minimum=1)


def _validate_expect(c: _Check, d: dict, names: list[str]) -> None:
    expect = d.get("expect", {}) or {}
    if not isinstance(expect, dict):
        c.fail("expect", "must be a mapping")
    c.map_(expect, "expect")
    for k, v in expect.items():
        key = f"expect.{k}"
        if k not in EXPECT_KEYS and k not in names:
            c.fail(key, "unknown expectation (neither a check nor a player)")
        if k in ("life", "life_change", "shame"):
            for who, n in c.map_(v, key).items():
                if who not in names:
                    c.fail(f"{key}.{who}", f"{who!r} is not a player")
                c.int_(n, f"{key}.{who}", inf_ok=k == "life")
        elif k in ("stack", "exile", "winners"):
            c.refs(v, key)
        elif k in ("log_contains", "log_lacks"):
            for i, e in enumerate(c.list_(v, key)):
                if not isinstance(e, (str, int, float)) or isinstance(e, bool):
                    c.fail(f"{key}[{i}]", f"a rule ID or text, got {_kind(e)}")
        elif k == "game_over":
            c.bool_(v, key)
        elif k in ("turn", "exile_count"):
            c.int_(v, key, minimum=0 if k == "exile_count" else 1)
        elif k == "exile_has":
            c.counts(v, key)
        elif k in ("active",):
            if v not in names:
                c.fail(key, f"{v!r} is not a player")
        elif k == "step":
            if v not in STEP_NAMES:
                c.fail(key, f"unknown step {v!r}")
        elif k == "error":
            if not isinstance(v, str) or not v:
                c.fail(key, "a rule ID, e.g. CR 702.16b or JT-P1")
        elif k == "permanents":
            for j, spec in enumerate(c.list_(v, key)):
                pk = f"{key}[{j}]"
                c.map_(spec, pk)
                c.keys(spec, PERMANENT_EXPECT_KEYS, pk)
                c.str_(spec.get("card"), f"{pk}.card")
                for n in ("power", "toughness", "damage"):
                    if n in spec:
                        c.int_(spec[n], f"{pk}.{n}")
                for b in ("tapped", "sick"):
                    if b in spec:
                        c.bool_(spec[b], f"{pk}.{b}")
                if "counters" in spec:
                    c.counts(spec["counters"] or {}, f"{pk}.counters")
                if "keywords" in spec:
                    c.refs(spec["keywords"], f"{pk}.keywords")
        elif k == "shared" or k in names:
            zones = PLAYER_EXPECT_ZONES if k in names else tuple(SHARED_KEYS)
            for zk, val in c.map_(v or {}, key).items():
                zkey = f"{key}.{zk}"
                if zk == "life" and k in names:
                    c.int_(val, zkey, inf_ok=True)
                elif zk in zones:
                    c.refs(val, zkey)
                elif zk.endswith("_count") and zk[:-6] in zones:
                    c.int_(val, zkey, minimum=0)
                elif zk.endswith("_has") and zk[:-4] in zones:
                    c.counts(val, zkey)
                else:
                    allowed = [*zones, *(z + "_count" for z in zones), *(z + "_has" for z in zones)]
                    c.fail(zkey, f"unknown zone expectation (known: {', '.join(sorted(allowed))})")


def collect(paths: list[str]) -> list[Path]:
    """Files named, and directories searched recursively for *.yaml (sorted)."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(path.rglob("*.yaml"))
        elif path.exists():
            out.append(path)
        else:
            raise ScenarioFileError(p, "(file)", "no such file or directory")
    return out
