"""conds: structured conditions (ir.CountCondition, LifeCondition, YourTurnCondition, IsCondition).

One evaluation serves static abilities' "as long as" (CR 611.3a: checked each time
characteristics are computed, inside layers.compute_all, with the characteristics computed so
far), intervening "if" clauses of triggered abilities (CR 603.4: checked as the ability
triggers and again as it resolves) and "if" inside spells' and abilities' instructions
(CR 608.2c).
"""

from __future__ import annotations

import math

from judgetower.oracle import ir
from judgetower.rules.log import Term, msg


def evaluate(game, cond, source, controller: int, chars=None) -> tuple[bool, str]:
    """(whether ``cond`` holds now for ``source`` controlled by ``controller``, a short reason
    for the log). ``chars``: inside compute_all, the battlefield characteristics so far."""
    ok, why, _ = evaluate_cited(game, cond, source, controller, chars)
    return ok, why


def evaluate_cited(game, cond, source, controller: int, chars=None) -> tuple[bool, str, tuple]:
    """``evaluate`` plus the variant rules the answer depends on (for the log line)."""
    if isinstance(cond, ir.CountCondition):
        n = _amount(game, cond.amount, source, controller, chars)
        ok = n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)
        need = msg("at least {n}", n=cond.at_least) if cond.at_most is None else (
            msg("at most {n}", n=cond.at_most) if cond.at_least <= 0
            else msg("{low} to {high}", low=cond.at_least, high=cond.at_most))
        return ok, msg("counted {n}, {need} needed", n=n, need=need), ()
    if isinstance(cond, ir.LifeCondition):
        life = game.players[controller].life
        # R3: an infinite life total is more than any number (all life totals compare equal)
        ok = life >= cond.n if cond.at_least else life <= cond.n
        shown = msg("infinite (R3)") if life == math.inf else str(life)
        need = msg("at least {n}", n=cond.n) if cond.at_least else msg("at most {n}", n=cond.n)
        return ok, msg("life {life}, {need} needed", life=shown, need=need), \
            (("JT-G3", "R3") if life == math.inf else ())
    if isinstance(cond, ir.YourTurnCondition):
        mine = game.active == controller
        return mine != cond.negate, msg("it is your turn") if mine else msg("it is not your turn"), ()
    if isinstance(cond, ir.IsCondition):
        tid = getattr(source, "attached_to", None)
        obj = game.objects.get(tid) if tid is not None else None
        if obj is None or obj.zone != "battlefield":
            return False, msg("it is attached to nothing"), ()
        from judgetower.rules.stack.casting import _Src
        from judgetower.rules.characteristics.filters import matches_chars
        ch = chars[obj.id] if chars is not None and obj.id in chars else game.chars(obj)
        ok = matches_chars(game, obj, ch, cond.filter, _Src(source, controller))
        return ok, msg("{card} matches", card=obj) if ok else msg("{card} does not match", card=obj), ()
    if isinstance(cond, ir.CastMainPhaseCondition):
        # addendum: the spell (on the stack) was cast during its controller's main phase
        ok = getattr(source, "zone", "") == "stack" and bool(getattr(source, "conds_cast_main", False))
        return ok, msg("cast during your main phase") if ok else msg("not cast during your main phase"), ("CR 505.1",)
    if isinstance(cond, ir.CardTypesCondition):
        # CR 205.2a: the card types among those cards (a shared graveyard, JT-G5, is each
        # player's "your graveyard")
        from judgetower.rules.characteristics.filters import chars_of
        cards = game.objects_matching(cond.filter, source, controller)
        kinds = {t for o in cards for t in chars_of(game, o).types}   # printed: not on the battlefield
        return len(kinds) >= cond.n, msg("{n} card type(s), at least {need} needed", n=len(kinds), need=cond.n), ()
    if isinstance(cond, ir.PermanentLeftCondition):
        ok = game.players[controller].conds_left_battlefield_turn
        return ok, (msg("a permanent you controlled left the battlefield this turn") if ok
                    else msg("no permanent you controlled left the battlefield this turn")), ()
    if isinstance(cond, ir.FullPartyCondition):
        # turnflow: CR 700.8c (inside the layers, with the characteristics computed so far)
        n = game.party_size(controller, chars)
        return n >= 4, msg("{n} creature(s) in your party, a full party is four", n=n), ("CR 700.8c",)
    if isinstance(cond, ir.CityBlessingCondition):
        # turnflow: CR 702.131c
        ok = game.has_blessing(controller)
        return ok, msg("you have the city's blessing") if ok else msg("you don't have the city's blessing"), ("CR 702.131c",)
    if isinstance(cond, ir.AttachedToCondition):
        # auras2: "as long as ~ is equipped/enchanted" (CR 301.5, 303.4)
        from judgetower.rules.mechanics.attachments import attached_kinds
        return attached_kinds(game, source, cond.kinds, chars)
    if isinstance(cond, ir.ActivationSelfCondition):
        # actcost: the permanent itself, now (CR 506.4, 208.1); only an activation restriction
        obj = game.current(source) if hasattr(game, "current") else source
        if obj is None or getattr(obj, "zone", None) != "battlefield":
            return False, msg("it is not on the battlefield"), ()
        if cond.what == "attacking":
            ok = getattr(obj, "attacking", None) is not None
            return ok, msg("it is attacking") if ok else msg("it is not attacking"), ("CR 506.4",)
        pw = (chars[obj.id] if chars is not None and obj.id in chars else game.chars(obj)).power
        return pw >= cond.n, msg("its power is {power}, {n} or greater needed", power=pw, n=cond.n), ("CR 208.1",)
    if isinstance(cond, ir.AttackedThisTurnCondition):
        n = game.players[controller].attacked_count_turn
        return n > 0, msg("you attacked with {n} creature(s) this turn", n=n), ("CR 508.1",)
    if isinstance(cond, ir.CreatureDiedCondition):
        # actcost: morbid (CR 207.2c, 700.4)
        ok = game.creature_died_this_turn()
        return ok, msg("a creature died this turn") if ok else msg("no creature died this turn"), ("CR 700.4",)
    if isinstance(cond, ir.InCombatCondition):
        # combat2: CR 506.4: the permanent is an attacking / blocking creature now
        obj = game.current(source) if hasattr(source, "zone") else None
        if cond.state == "attacking":
            ok = obj is not None and obj.attacking is not None
        else:
            ok = obj is not None and bool(obj.blocking)
        return ok, msg("it is {state}", state=Term(cond.state)) if ok else msg("it is not {state}", state=Term(cond.state)), \
            ("CR 506.4",)
    raise ValueError(f"unknown condition {cond!r}")


def _amount(game, amount, source, controller, chars) -> int:
    if chars is not None:
        from judgetower.rules.characteristics.layers import _count
        return _count(game, source, amount, chars)
    if isinstance(amount, ir.CountersOn):
        cur = game.current(source) or source    # the object now (its counters), else as it last was
        return cur.counters.get(amount.kind, 0) if hasattr(cur, "counters") else 0
    return game.amount(amount, {"source": source, "controller": controller})


def chosen_of(game, source) -> dict:
    """conds: the choices made as ``source``'s permanent entered (CR 614.12): {"color": "W",
    "creature_type": "Elf"}; ``source`` may be the permanent, a filter's source view (_Src) or an
    ability on the stack from it (its source as it last was)."""
    obj = getattr(source, "obj", source)
    if obj is not None and getattr(obj, "kind", None) in ("activated", "triggered"):
        lki = obj.context.get("source_lki") if hasattr(obj, "context") else None
        obj = lki if lki is not None else (game.objects.get(obj.source_id) if game is not None else None)
    return getattr(obj, "conds_chosen", None) or {}
