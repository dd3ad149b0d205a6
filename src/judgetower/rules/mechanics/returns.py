"""Persist (CR 702.79) and undying (CR 702.93): one "return it with a counter" ability.

Both read "When this permanent is put into a graveyard from the battlefield, if it had no [-1/-1 /
+1/+1] counters on it, return it to the battlefield under its owner's control with a [-1/-1 /
+1/+1] counter on it." One table row each, one synthesized triggered ability, one intervening "if"
(CR 603.4: checked on the permanent as it last existed, as it triggers and as it resolves), one
effect (XMage's UndyingAbility and PersistAbility likewise share one return effect). A token with
either triggers too; it has ceased to exist by then (CR 704.5d, 111.7), so nothing returns.
Judge Tower: "its owner" is whoever would have owned it (JT-G5, R5).
"""

from __future__ import annotations

from dataclasses import dataclass

from judgetower.oracle import ir
from judgetower.rules.log import Term
from judgetower.rules.registry import effect

#: keyword -> (the counter it returns with, and whose absence it needs; its rule)
RETURNS = {"persist": ("-1/-1", "CR 702.79a"), "undying": ("+1/+1", "CR 702.93a")}
CONDITION = "had_no_counter:"


@dataclass(frozen=True)
class ReturnWithCounter:
    """Return the dead permanent's card to the battlefield under its owner's control with a
    counter of ``counter`` on it (CR 702.79a, 702.93a)."""

    keyword: str
    counter: str
    rule: str


def return_synth(keyword: str):
    """The triggered ability ``keyword`` (a row of `RETURNS`) stands for."""
    from judgetower.rules.triggers.abilities import Synth
    counter, rule = RETURNS[keyword]
    return Synth(keyword, ir.Trigger("to_graveyard", ir.This()), effects=(ReturnWithCounter(keyword, counter, rule),),
                 condition=CONDITION + counter)


class ReturnsMixin:
    """Persist and undying (mixed into Game)."""

    def returns_condition(self, cond: str, source) -> bool | None:
        """CR 603.4: "if it had no [kind] counters on it" (``source``: the permanent as it last
        existed); None: not this mechanic's condition."""
        if not cond.startswith(CONDITION):
            return None
        return source is not None and source.counters.get(cond[len(CONDITION):], 0) == 0

    @effect(ReturnWithCounter)
    def _e_ReturnWithCounter(self, e, ctx):
        card = ctx.get("trigger_obj")
        if card is None or card.zone != "graveyard" or getattr(card, "token", None) is not None:
            self.log.add("{keyword}: the card is no longer in the graveyard", e.rule, keyword=Term(e.keyword))
            return
        new = self.move(card, "battlefield", controller=card.owner, cause=e.keyword, rule=e.rule)
        if new is not None:
            self.put_counters(new, e.counter, 1)
            self.log.add("{card} returns with a {counter} counter ({keyword})", e.rule, card=new, counter=e.counter,
                         keyword=Term(e.keyword))
        return
        yield
