"""Transformer callbacks for untap choices, once-each-turn triggers and cost
reductions (grammar: grammar/untap_and_durations.lark).

* "You may choose not to untap ~ during your untap step." (CR 502.3) -> StaticAbility(MayNotUntap)
* "[triggered ability]. This ability triggers only once each turn." (CR 603.2, 603.2h)
  -> OnceEachTurnTrigger
* "This spell costs {N} less to cast if [condition]." (CR 601.2f) -> SelfCostReductionIf
* "This spell costs {N} less to cast for each creature in your party." (CR 700.8, 601.2f)
  -> SelfCostReduction(N, PartySize())
* "Affinity for [text]" (CR 702.41a: "This spell costs {1} less to cast for each [text] you
  control.") -> SelfCostReduction(1, CountOf(filter you control))
* "Improvise" (CR 702.126a) -> Keyword("improvise")
* "Soulshift N" (CR 702.46a) -> the triggered ability the rule spells out, compiled from that text
"""

from __future__ import annotations

from dataclasses import fields, replace

from .. import ir
from ..ir import CountOf, Keyword, SelfCostReduction, StaticAbility, TriggeredAbility


def Line(kind, items):
    """transform.Line (defined there, imported when called: transform/__init__ imports this module)."""
    from .context import Line as _Line
    return _Line(kind, items)

#: conditions that mean something while a spell's total cost is determined (CR 601.2f); the
#: others (attached-to, "cast during your main phase", string conditions) are refused
_TF_COST_CONDITIONS = ("CountCondition", "LifeCondition", "YourTurnCondition", "CardTypesCondition", "PermanentLeftCondition")


def _generic_mana(token) -> int:
    from .context import Unsupported
    symbols = str(token).strip("{}").split("}{")
    if len(symbols) != 1 or not symbols[0].isdigit():
        raise Unsupported("cost change by other than generic mana")   # CR 118.7b-g not done
    return int(symbols[0])


class UntapAndDurationsCallbacks:
    """turnflow callbacks (found by name by Lark; mixed into OracleTransformer)."""

    def turn_may_not_untap(self, c):
        # CR 502.3
        return Line("abilities", (StaticAbility(ir.MayNotUntap()),))

    def turn_trigger_once_each_turn(self, c):
        # CR 603.2, 603.2h: "This ability triggers only once each turn."
        from .context import Unsupported
        line = c[0]
        if not hasattr(line, "items") or len(line.items) != 1 or type(line.items[0]) is not TriggeredAbility:
            raise Unsupported("'triggers only once each turn' after something other than one triggered ability")
        ab = line.items[0]
        once = ir.OnceEachTurnTrigger(**{f.name: getattr(ab, f.name) for f in fields(ab)})
        return Line("abilities", (once,))

    def turn_self_cost_less_if(self, c):
        from .context import Unsupported
        token, cond = c[0], c[-1]
        if type(cond).__name__ not in _TF_COST_CONDITIONS:
            raise Unsupported("a cost reduction whose condition is not read as the cost is determined")
        return Line("abilities", (ir.SelfCostReductionIf(_generic_mana(token), cond),))

    def turn_self_cost_less_party(self, c):
        # CR 700.8a: the number of creatures in your party, 0 to 4
        return Line("abilities", (SelfCostReduction(_generic_mana(c[0]), ir.PartySize()),))

    def turn_affinity(self, c):
        # CR 702.41a: "Affinity for [text]" means "This spell costs {1} less to cast for each
        # [text] you control."
        from .context import Unsupported
        fnp = c[-1]
        f = fnp.filter
        if fnp.head == "spell" or f.zone != "battlefield" or f.controller not in (None, "you") or f.other:
            raise Unsupported("affinity for something other than permanents")
        return SelfCostReduction(1, CountOf(replace(f, controller="you")))

    def turn_improvise(self, c):
        return Keyword("improvise")   # CR 702.126a

    def turn_soulshift(self, c):
        # CR 702.46a: "Soulshift N" means "When this permanent is put into a graveyard from the
        # battlefield, you may return target Spirit card with mana value N or less from your
        # graveyard to your hand." (Judge Tower: the shared graveyard is "your graveyard", R5;
        # the "may" is taken when able, R9/JT-C1, through the engine's Optional_ effect.)
        from ..compiler import compile_line
        from .context import Unsupported
        n = int(c[0])
        text = (f"When ~ is put into a graveyard from the battlefield, you may return target Spirit card "
                f"with mana value {n} or less from your graveyard to your hand.")
        line = compile_line(text, "~")
        if len(line.items) != 1 or not isinstance(line.items[0], TriggeredAbility):
            raise Unsupported("soulshift")
        return line.items[0]

    def turn_ascend(self, c):
        # CR 702.131a (instant, sorcery: a spell ability, done first as it resolves) and 702.131b
        # (permanent: a static ability): the engine reads the keyword (rules/turnflow.py)
        return Keyword("ascend")

    def turn_cond_city_blessing(self, c):
        return ir.CityBlessingCondition()   # CR 702.131c

    def turn_activate_only_blessing(self, c):
        # CR 602.5: an activation restriction, read by Game.activation_timing_ok
        from .context import ActivationRestriction
        return [ActivationRestriction(timing="tf_city_blessing")]

    def turn_modify_pt_while_tapped(self, c):
        # CR 611.2b: "for as long as ~ remains tapped"
        from .context import Unsupported, pt_mod
        what, token, keywords = c
        if "x" in str(token):
            raise Unsupported("+X/+X for as long as ~ remains tapped")
        self._permanent_or_card(what)
        p, t = pt_mod(token)
        return [ir.ModifyPTWhileTapped(what, p, t, tuple(keywords or ()))]

    def turn_doesnt_untap_while_tapped(self, c):
        # CR 502.3, 611.2b
        self._permanent_or_card(c[0])
        return [ir.DoesntUntapWhileTapped(c[0])]

    def _turn_gain_control(self, what, you_control: bool):
        # a verb phrase: only "you" gain control (as vp_gain_control)
        from .context import VP, Unsupported
        from ..ir import You
        self._permanent_or_card(what)

        def make(who):
            if who != You():
                raise Unsupported("another player than you gains control")
            return [ir.GainControlWhileTapped(what, you_control=you_control)]
        return VP(make)

    def turn_gain_control_while_tapped(self, c):
        return self._turn_gain_control(c[0], False)    # CR 611.2b, 613.1b

    def turn_gain_control_while_you_control_tapped(self, c):
        return self._turn_gain_control(c[0], True)

    def turn_for_each_party(self, c):
        # CR 700.8a, 107.1: the one number of the sentence times the party's size
        return self.for_each_sentence([c[0], ir.PartySize()])

    def turn_where_x_party(self, c):
        # CR 700.8a, 107.3
        return self.where_x_sentence([c[0], ir.PartySize()])

    def turn_cond_full_party(self, c):
        return ir.FullPartyCondition()   # CR 700.8c

    def turn_soulbond(self, c):
        # CR 702.95a: the keyword and its two triggered abilities (pairing: rules/turnflow.py)
        from ..compiler import compile_line
        own = compile_line("When ~ enters, draw a card.", "~").items[0].trigger
        other = compile_line("Whenever another creature you control enters, draw a card.", "~").items[0].trigger
        return [Keyword("soulbond"),
                ir.SoulbondTrigger(own, (), (ir.SoulbondPair("self"),), which="self"),
                ir.SoulbondTrigger(other, (), (ir.SoulbondPair("other"),), which="other")]

    def turn_paired_keywords(self, c):
        return ir.PairedBonus(keywords=tuple(c[-1]))

    def turn_paired_pt(self, c):
        from .context import pt_mod
        token, keywords = c[0], c[-1]
        if "x" in str(token):
            from .context import Unsupported
            raise Unsupported("+X/+X for paired creatures")
        p, t = pt_mod(token)
        return ir.PairedBonus(p, t, tuple(keywords or ()))

    def turn_paired_static(self, c):
        return Line("abilities", (StaticAbility(c[-1]),))   # CR 702.95, 611.3a


# ---- "Partner with [name]" (CR 702.124j): read from the original line (the name keeps its case
# and punctuation, which the grammar's normalised words lose) ---------------------------------
import re as _re

_TF_PARTNER_WITH = _re.compile(r"^Partner with ([^()\n]+?)\s*$")


def partner_with_line(line: str):
    """An ability for a line the grammar does not read word by word, or None.

    "Partner with [name]" (CR 702.124j) means "You may designate two legendary cards as your
    commander ..." (a deck-building rule of the Commander variant, no effect in a game of ordinary
    Magic or Judge Tower) and "When this permanent enters, target player may search their library
    for a card named [name], reveal it, put it into their hand, then shuffle." The trigger is
    built from the ordinary "target player may [instruction]" form and the search effect
    SearchNamed. Judge Tower: R9/JT-C1 (the "may" is taken) and R7/JT-G8 (the shared library is
    not searched: nothing is found; not shuffled)."""
    m = _TF_PARTNER_WITH.match(line.strip())
    if m is None:
        return None
    from ..compiler import compile_line
    template = compile_line("When ~ enters, target player may draw a card.", "~").items[0]
    opt = template.effects[0]
    who = opt.who
    effects = (replace(opt, effects=(ir.SearchNamed(who, m.group(1).strip()),)),)
    return replace(template, effects=effects)
