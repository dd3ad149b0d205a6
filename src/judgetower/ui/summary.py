"""Game summaries shared by ``judgetower sim``, ``replay`` and ``play``: result, end reason,
turns, decisions and the shame table (JT-S1), as text lines or as a JSON-ready dict.

A game that has not ended is reported as *unfinished*, never as a win: autopilot Judge Tower games
with infinite life (JT-G3) and a library refilled from the graveyard (JT-E2) may never end.
"""

from __future__ import annotations

from typing import Any


def is_judge_tower(game) -> bool:
    return getattr(game.rules, "name", "") == "judge-tower"


def result_text(game, lang: str = "en") -> str:
    from judgetower.ui.text import tr
    names = [game.players[w].name for w in game.winners]
    if game.game_over:
        if names:
            return tr("winner: {names}" if len(names) == 1 else "winners: {names}", lang, names=", ".join(names))
        return tr("draw (no winner)", lang)
    return tr("unfinished (the game had not ended after {n} decisions): no winner", lang, n=len(game.decisions))


def summary_dict(game) -> dict[str, Any]:
    """The summary as JSON-ready data."""
    jt = is_judge_tower(game)
    players = []
    for p in game.players:
        d: dict[str, Any] = {"name": p.name, "life": game.life_str(p.index), "shame": p.shame,
                             "lost": p.lost, "won": p.won}
        if jt:
            d["judge_level"] = p.judge_level
        players.append(d)
    result = "unfinished" if not game.game_over else ("win" if game.winners else "draw")
    return {
        "variant": getattr(game.rules, "name", "standard"),
        "mode": getattr(game.rules, "mode", None),
        "seed": game.seed,
        "result": result,
        "finished": bool(game.game_over),
        "winners": [game.players[w].name for w in game.winners],
        "end_reason": game.end_reason if game.game_over else "",
        "turns": game.turn,
        "decisions": len(game.decisions),
        "players": players,
        **_calls(game),
    }


def _calls(game) -> dict[str, Any]:
    """Judge mode: calls made and upheld (JT-S2, R17)."""
    j = getattr(game, "judge", None)
    if j is None:
        return {}
    return {"calls": len(j.calls), "upheld_calls": len(j.upheld_calls()),
            "disputes": sum(1 for c in j.calls if c.votes)}


def _status(p) -> str:
    if p.won:
        return "won"
    if p.lost:
        return "lost"
    return "in the game"


def end_text(game, lang: str = "en") -> str:
    """Why the game ended, in ``lang``: English, the game's reason; French, the reason as the
    French log line that ended the game says it (CR 104: "La partie se termine ; vainqueur(s) :
    B (a pioché dans une bibliothèque vide)" -> "a pioché dans une bibliothèque vide"), or that
    whole line when it does not read as its template."""
    if lang == "fr":
        import re
        from judgetower.rules.log_fr import FRENCH
        key = "The game ends; winner: {winners} ({reason})"
        for e in reversed(game.log.events):
            if e.key == key and e.text_fr:
                # the reason's part of the French line, read through the French template
                parts = re.split(r"\{(\w+)\}", FRENCH.get(key, ""))
                pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.*)" for i, p in enumerate(parts))
                m = re.fullmatch(pattern, e.text_fr) if "reason" in parts else None
                return m.group("reason") if m else e.text_fr
    return game.end_reason


def summary_lines(game, lang: str = "en") -> list[str]:
    """The summary as text: result, end reason, turns and decisions, the shame table; ``lang``:
    "en" or "fr" (`judgetower.ui.text`)."""
    from judgetower.ui.text import tr
    jt = is_judge_tower(game)
    lines = [tr("Result: {result}", lang, result=result_text(game, lang))]
    lines.append(tr("End: {reason}", lang, reason=end_text(game, lang)) if game.game_over
                 else tr("End: none (the game is not over)", lang))
    lines.append(tr("Turns: {turns}, decisions: {decisions}", lang, turns=game.turn, decisions=len(game.decisions)))
    c = _calls(game)
    if c:
        lines.append(tr("Calls: {calls}, upheld (shame added): {upheld}, disputed: {disputes} (JT-S2, JT-S4, JT-G11)",
                        lang, calls=c["calls"], upheld=c["upheld_calls"], disputes=c["disputes"]))
    head = ("player", "level", "shame", "life", "status") if jt else ("player", "shame", "life", "status")
    rows = [tuple(tr(w, lang) for w in head)]
    for p in game.players:
        life = game.life_str(p.index)
        status = tr(_status(p), lang)
        if jt:
            rows.append((p.name, str(p.judge_level), str(p.shame), life, status))
        else:
            rows.append((p.name, str(p.shame), life, status))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines.append(tr("Shame table{cite}:", lang, cite=" (JT-S1, JT-E1)" if jt else ""))
    for r in rows:
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return lines
