"""Scenario keys of judge mode (SCENARIOS.md): `call`, `dispute`, `vote`, top-level `spectators`.

A call that names no violation is a wrong call (no change, JT-S2), not a bad file; a call, a
dispute or a vote by someone the file does not name is a bad file.
"""

from __future__ import annotations

from judgetower.judge import judge_of
from judgetower.scenario.errors import Bad


def setup_spectators(game, runner) -> None:
    j = judge_of(game)
    if getattr(j, "_scenario_spectators", False):
        return
    j._scenario_spectators = True
    specs = runner.d.get("spectators") or []
    if not isinstance(specs, list):
        raise Bad("spectators", "a list of names")
    for i, s in enumerate(specs):
        if str(s) in runner.names:
            raise Bad(f"spectators[{i}]", f"{s!r} is a player (spectators watch, R16)")
        if str(s) not in j.spectators:
            j.add_spectator(str(s))


def scenario_action(game, runner, action: dict, key: str) -> None:
    if getattr(game.rules, "mode", None) != "judge":
        raise Bad(key, "call, dispute and vote are judge-tower `mode: judge` actions")
    j = judge_of(game)
    setup_spectators(game, runner)
    people = list(runner.names) + list(j.spectators)

    def who(value, k, players_only=False):
        if value is None:
            raise Bad(f"{key}.{k}", "required")
        value = str(value)
        pool = runner.names if players_only else people
        if value not in pool:
            what = "a player" if players_only else "a player or a spectator (top-level `spectators`)"
            raise Bad(f"{key}.{k}", f"{value!r} is not {what}")
        return value

    if "call" in action:
        c = action["call"]
        if not isinstance(c, dict):
            raise Bad(f"{key}.call", "use {by: NAME, accused: PLAYER, rule: RULE} (optional event: N)")
        extra = set(c) - {"by", "accused", "rule", "event"}
        if extra:
            raise Bad(f"{key}.call.{sorted(extra)[0]}", "unknown key")
        by = who(c.get("by"), "call.by")
        accused = who(c.get("accused"), "call.accused", players_only=True)
        if not c.get("rule"):
            raise Bad(f"{key}.call.rule", "required: the rule the call names")
        event = c.get("event")
        if event is not None and (isinstance(event, bool) or not isinstance(event, int)):
            raise Bad(f"{key}.call.event", f"a log event number, got {event!r}")
        j.call(by, accused, str(c["rule"]), event)
        return
    if "dispute" in action:
        c = action["dispute"]
        if not isinstance(c, dict):
            raise Bad(f"{key}.dispute", "use {by: PLAYER}")
        j.dispute(who(c.get("by"), "dispute.by"))
        return
    if "vote" in action:
        c = action["vote"]
        if not isinstance(c, dict) or "uphold" not in c or not isinstance(c["uphold"], bool):
            raise Bad(f"{key}.vote", "use {by: PLAYER, uphold: true|false}")
        j.vote(who(c.get("by"), "vote.by"), c["uphold"])
        return
    raise Bad(key, f"unknown action {action!r}")
