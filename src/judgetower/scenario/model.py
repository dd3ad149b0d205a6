"""Scenario files, format v1 (SCENARIOS.md): loading and validating the YAML."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TOP_KEYS = {"name", "rules", "variant", "mode", "seed", "cards", "players", "start", "state", "actions",
            "expect", "spectators", "options"}
ZONE_KEYS = {"life", "hand", "battlefield", "graveyard", "library", "exile", "shame", "poison"}
SHARED_KEYS = {"library", "graveyard", "exile"}
EXPECT_KEYS = {"life", "life_change", "permanents", "stack", "game_over", "winners", "log_contains", "exile",
               "error", "shared", "turn", "active", "step", "shame", "log_lacks"}
PLAYER_EXPECT_ZONES = ("battlefield", "hand", "graveyard", "library", "exile")
ACTION_KEYS = {"player", "cast", "targets", "x", "modes", "kicked", "buyback", "alternative", "activate",
               "play_land", "attack", "at", "block", "pass", "choose", "to", "turn", "call", "dispute", "vote"}
VARIANTS = ("standard", "judge-tower")


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


def load_file(path: str | Path) -> list[Scenario]:
    """Parse one file: one scenario mapping or a list of them."""
    p = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise _err(p, "(file)", f"cannot read: {e.strerror}") from None
    try:
        doc = yaml.safe_load(text)
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


def validate(d: dict, where: str, index: int, path: str) -> Scenario:
    unknown = set(d) - TOP_KEYS
    if unknown:
        raise _err(where, sorted(unknown)[0], f"unknown key (known: {', '.join(sorted(TOP_KEYS))})")
    if not d.get("name") or not isinstance(d.get("name"), str):
        raise _err(where, "name", "required: a non-empty string")
    variant = d.get("variant", "standard")
    if variant not in VARIANTS:
        raise _err(where, "variant", f"{variant!r} is not one of {', '.join(VARIANTS)}")
    mode = d.get("mode", "referee")
    if mode not in ("referee", "judge"):
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
    if not isinstance(seed, int):
        raise _err(where, "seed", f"must be an integer, got {seed!r}")
    rules = d.get("rules", [])
    if not isinstance(rules, list):
        raise _err(where, "rules", "must be a list of rule IDs")
    players = d.get("players")
    if not isinstance(players, list) or len(players) < 2:
        raise _err(where, "players", "required: a list of at least 2 players (CR 103.1)")
    for i, pl in enumerate(players):
        if isinstance(pl, str):
            continue
        if not isinstance(pl, dict) or "name" not in pl:
            raise _err(where, f"players[{i}]", "each player is {name: ...}")
        extra = set(pl) - {"name", "judge_level", "first_game", "explained"}
        if extra:
            raise _err(where, f"players[{i}].{sorted(extra)[0]}", "unknown key")
        if variant != "judge-tower" and ({"judge_level", "first_game"} & set(pl)):
            raise _err(where, f"players[{i}]", "judge_level/first_game are judge-tower only")
    names = [pl if isinstance(pl, str) else str(pl["name"]) for pl in players]
    if len(set(names)) != len(names):
        raise _err(where, "players", f"player names must differ: {names}")
    start = d.get("start", {"turn": 1, "active": names[0], "step": "precombat_main"})
    if start != "game":
        if not isinstance(start, dict):
            raise _err(where, "start", "must be `game` or {turn, active, step}")
        extra = set(start) - {"turn", "active", "step"}
        if extra:
            raise _err(where, f"start.{sorted(extra)[0]}", "unknown key")
        if start.get("active", names[0]) not in names:
            raise _err(where, "start.active", f"{start.get('active')!r} is not a player")
    state = d.get("state", {}) or {}
    if not isinstance(state, dict):
        raise _err(where, "state", "must be a mapping of player name -> zones")
    for who, zones in state.items():
        if who == "shared":
            if variant != "judge-tower":
                raise _err(where, "state.shared", "shared zones are judge-tower only")
            bad = set(zones or {}) - SHARED_KEYS
        else:
            if who not in names:
                raise _err(where, f"state.{who}", "not a player of this scenario")
            if not isinstance(zones, dict):
                raise _err(where, f"state.{who}", "must be a mapping of zones")
            bad = set(zones) - ZONE_KEYS
            if variant == "judge-tower" and ({"graveyard", "library"} & set(zones)):
                raise _err(where, f"state.{who}", "judge-tower has a shared library and graveyard: use state.shared (JT-G5)")
            if variant == "judge-tower" and "life" in zones:
                raise _err(where, f"state.{who}.life", "judge-tower life is always infinite (JT-G3)")
        if bad:
            raise _err(where, f"state.{who}.{sorted(bad)[0]}", "unknown zone key")
    actions = d.get("actions", []) or []
    if not isinstance(actions, list):
        raise _err(where, "actions", "must be a list")
    for i, a in enumerate(actions):
        if isinstance(a, str):
            if a not in ("pass", "resolve"):
                raise _err(where, f"actions[{i}]", f"unknown action {a!r}")
            continue
        if not isinstance(a, dict):
            raise _err(where, f"actions[{i}]", "an action is a mapping or `pass`/`resolve`")
        extra = set(a) - ACTION_KEYS
        if extra:
            raise _err(where, f"actions[{i}].{sorted(extra)[0]}", "unknown action key")
        if "player" in a and a["player"] not in names:
            raise _err(where, f"actions[{i}].player", f"{a['player']!r} is not a player")
    expect = d.get("expect", {}) or {}
    if not isinstance(expect, dict):
        raise _err(where, "expect", "must be a mapping")
    for k in expect:
        if k not in EXPECT_KEYS and k not in names:
            raise _err(where, f"expect.{k}", "unknown expectation (neither a check nor a player)")
    sc = Scenario(path, index, d, d["name"], [str(r) for r in rules], variant, mode, seed)
    return sc


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
