"""Table configs from the lobby's form, card pools, and games made or resumed from a config.

A config is JSON (stored in ``jt_tables.config``): seed, mode, options, seats (name, kind,
judge level, first-game flag, bot rates), the house rules (``house``: canonical ``NAME[=VALUE]``
specs of `judgetower.variants.house`, as ``judgetower sim --house`` and game records carry them;
absent in configs made before house rules: none), the tower's card names and where its cards
come from.
"""

from __future__ import annotations

import os
import random
import tempfile
import threading
from typing import Any

from judgetower import record as records
from judgetower.server.table import AUTOPILOT, ERRING, PERSON, SEAT_KINDS, TableError

MAX_TOWER_TEXT = 200_000
_POOLS: dict[str | None, Any] = {}
_POOL_LOCK = threading.Lock()


def full_pool(data: str | None):
    """The compiled card pool of ``data`` (an AtomicCards file), or the starter tower's."""
    with _POOL_LOCK:
        if data not in _POOLS:
            from judgetower.oracle.compiled_pool import load_pool, starter_full_pool
            _POOLS[data] = load_pool(data) if data else starter_full_pool()
        return _POOLS[data]


def default_data() -> str | None:
    """The downloaded card data (``judgetower cards download``) when there is one."""
    from judgetower.oracle.compiled_pool import default_data_file
    p = default_data_file()
    return str(p) if p.exists() else None


def game_pool(config: dict):
    """The CardPool a table's game is built from."""
    from judgetower.cards.pool import CardPool, starter_pool
    if config.get("tower_source", "starter") == "starter":
        return starter_pool()
    full = full_pool(config.get("data"))
    return CardPool(full.card(n).front for n in dict.fromkeys(config["tower"]))


def _num(form: dict, key: str, default, lo, hi, kind=float, where: str = "") -> Any:
    v = form.get(key, default)
    if v is None or v == "":
        v = default
    try:
        if kind is int and isinstance(v, float) and not v.is_integer():
            raise ValueError
        v = kind(v)
    except (TypeError, ValueError):
        raise TableError(f"{where}{key}: {form.get(key)!r} is not a number") from None
    if not lo <= v <= hi:
        raise TableError(f"{where}{key}: {v} is not from {lo} to {hi}")
    return v


def _flag(v) -> bool:
    return v in (True, "true", "on", "1", 1, "yes")


def house_rules_of(value: Any) -> list[str]:
    """The lobby form's ``house`` input: a list of ``NAME`` or ``NAME=VALUE`` strings (the rule ID or
    its short name, as ``judgetower sim --house``), checked by `judgetower.variants.house` and
    returned as canonical specs (``["H-STRIKES=3", "H-OPEN-HANDS"]``). ``TableError`` names the
    input, the value and the rule otherwise."""
    from judgetower.rules.errors import IllegalAction
    from judgetower.variants.house import house_specs, parse_house
    if value in (None, ""):
        return []
    if not isinstance(value, list) or len(value) > 20:
        raise TableError(f"house: house rules are a list of NAME or NAME=VALUE strings, not {str(value)[:60]!r}")
    for v in value:
        if not isinstance(v, str) or len(v) > 60:
            raise TableError(f"house: a house rule is a NAME or NAME=VALUE string, not {str(v)[:60]!r}")
    try:
        return house_specs(parse_house(list(value)))
    except IllegalAction as e:
        raise TableError(f"house: {e}") from None


def house_of(config: dict) -> list[str]:
    """A stored config's house rules (none in configs made before they existed)."""
    return list(config.get("house") or [])


def make_config(form: Any, *, data: str | None = None, seed: int | None = None) -> dict:
    """A table config from the lobby form (JSON). ``TableError`` names the field that is wrong."""
    if not isinstance(form, dict):
        raise TableError("the table form is a JSON object")
    mode = form.get("mode", "judge")
    if mode not in ("judge", "referee"):
        raise TableError(f"mode: {mode!r} is neither judge nor referee")
    lang = form.get("lang", "en")
    if lang not in ("en", "fr"):
        raise TableError(f"lang: {lang!r} is neither en nor fr")
    manual = _flag(form.get("manual_triggers", False))
    if manual and mode != "judge":
        raise TableError("manual triggers (R13) are a judge-mode option")
    house = house_rules_of(form.get("house"))
    seats_in = form.get("seats")
    if not isinstance(seats_in, list) or not 2 <= len(seats_in) <= 6:
        raise TableError("seats: a table has 2 to 6 seats (CR 103.1)")
    seats, names = [], set()
    for i, s in enumerate(seats_in):
        where = f"seat {i + 1}: "
        if not isinstance(s, dict):
            raise TableError(f"{where}a seat is an object")
        kind = s.get("kind", PERSON)
        if kind not in SEAT_KINDS:
            raise TableError(f"{where}kind {kind!r} is not one of {', '.join(SEAT_KINDS)}")
        name = str(s.get("name") or "").strip() or (f"Player {i + 1}" if kind == PERSON else f"Bot {i + 1}")
        if len(name) > 30 or any(ch in name for ch in "<>\"'`"):
            raise TableError(f"{where}the name {name[:40]!r} is too long or holds < > \" ' `")
        if name in names:
            raise TableError(f"{where}two seats are named {name!r}; player names must differ (CR 102.1)")
        names.add(name)
        seat = {"name": name, "kind": kind,
                "judge_level": _num(s, "judge_level", 1, 0, 5, int, where),
                "first_game": _flag(s.get("first_game", False))}
        if kind == ERRING:
            if mode != "judge":
                raise TableError(f"{where}an erring bot needs judge mode: referee mode enforces every rule (JT-S2)")
            seat["error_rate"] = _num(s, "error_rate", 0.05, 0.0, 1.0, float, where)
        if kind in (AUTOPILOT, ERRING) and mode == "judge":
            seat["call_rate"] = _num(s, "call_rate", 0.5, 0.0, 1.0, float, where)
            seat["dispute_rate"] = _num(s, "dispute_rate", 0.1, 0.0, 1.0, float, where)
        seats.append(seat)
    if seed is None:
        seed = form.get("seed")
        seed = random.SystemRandom().randrange(2 ** 31) if seed in (None, "") else _num(form, "seed", 0, 0, 2 ** 62, int)
    tower_form = form.get("tower") or {"source": "starter"}
    if not isinstance(tower_form, dict):
        raise TableError("tower: an object with a source (starter, upload, random)")
    source = tower_form.get("source", "starter")
    cfg: dict[str, Any] = {
        "version": 1, "title": str(form.get("title") or "")[:60], "seed": seed, "mode": mode,
        "manual_triggers": manual, "house": house, "lang": lang, "seats": seats,
        "bot_delay": _num(form, "bot_delay", 0.8, 0.0, 10.0),
        "judge_wait": _num(form, "judge_wait", 120.0, 0.0, 3600.0),
        "max_decisions": _num(form, "max_decisions", 100_000, 1, 1_000_000, int),
        "tower_source": source, "data": None,
    }
    if source == "starter":
        from judgetower.cards.pool import starter_pool
        cfg["tower"] = starter_pool().names()
        cfg["tower_desc"] = f"starter tower ({len(cfg['tower'])} cards)"
    elif source == "upload":
        text = tower_form.get("text")
        if not isinstance(text, str) or not text.strip():
            raise TableError("tower: the uploaded tower file is empty")
        if len(text) > MAX_TOWER_TEXT:
            raise TableError(f"tower: the uploaded file is larger than {MAX_TOWER_TEXT} characters")
        cfg["data"] = data
        cfg["tower"] = _read_text_tower(text, full_pool(data))
        cfg["tower_desc"] = f"uploaded tower ({len(cfg['tower'])} cards)"
    elif source == "random":
        n = _num(tower_form, "count", 250, 10, 2000, int, "tower ")
        from judgetower.cards.card import CardError
        from judgetower.cards.tower import build_tower
        cfg["data"] = data
        full = full_pool(data)
        try:
            cfg["tower"] = build_tower(full, n, seed).names()
        except CardError as e:
            raise TableError(f"tower: {e}") from None
        cfg["tower_desc"] = f"{n} random playable cards of {full.source}"
    else:
        raise TableError(f"tower: source {source!r} is not starter, upload or random")
    return cfg


def _read_text_tower(text: str, full) -> list[str]:
    """A tower file's text read like ``judgetower tower check`` (every unknown or unplayable card
    named, with close matches)."""
    from judgetower.cards.card import CardError
    from judgetower.cards.tower import read_tower
    fd, path = tempfile.mkstemp(suffix=".txt", prefix="tower-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            return read_tower(path, full)
        except CardError as e:
            raise TableError(f"tower: {str(e).replace(path, 'uploaded')}") from None
    finally:
        os.unlink(path)


def _specs(config: dict) -> list[dict]:
    return [{"name": s["name"], "judge_level": s["judge_level"], "first_game": s["first_game"]}
            for s in config["seats"]]


def new_game(config: dict, pool):
    from judgetower.rules.errors import IllegalAction
    from judgetower.variants.judge_tower import new_judge_tower_game
    try:
        g = new_judge_tower_game(pool, config["tower"], _specs(config), seed=config["seed"],
                                 mode=config["mode"], manual_triggers=config["manual_triggers"],
                                 house=house_of(config))
    except (IllegalAction, ValueError) as e:
        raise TableError(f"the game cannot be set up: {e}") from None
    if config["mode"] == "judge":
        from judgetower.judge import attach
        attach(g)
    return g


def record_of_events(config: dict, events: list[tuple[str, Any]]) -> records.Record:
    """The game record a table's stored events make (judgetower.record)."""
    decisions, judge = [], []
    for kind, data in events:
        if kind == "d":
            decisions.append((data["p"], records.decode_choice(data["c"])))
        elif kind == "j":
            judge.append(dict(data))
    options: dict[str, Any] = {"manual_triggers": True} if config["manual_triggers"] else {}
    if house_of(config):
        options["house"] = house_of(config)
    return records.Record(variant="judge-tower", mode=config["mode"], seed=config["seed"], players=_specs(config),
                          tower=list(config["tower"]), decisions=decisions, options=options,
                          judge=judge, shame=None)


def resume_game(config: dict, events: list[tuple[str, Any]], pool):
    """Replay a table's stored events: the same game, decision for decision (principle 2)."""
    rec = record_of_events(config, events)
    return records.replay(rec, pool)
