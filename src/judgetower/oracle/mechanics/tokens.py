"""Transformer callbacks for keyword actions and abilities that create tokens or put
counters (grammar: mechanics/tokens.lark; engine: rules/tokcount.py).

Keywords whose meaning is a triggered ability printed in the CR (afterlife, ingest) compile to
that ability's text, compiled like any card line (refused if the compiler can't read it)."""

from __future__ import annotations

from .. import ir
from ..ir import TriggeredAbility


def _number_word(n: int) -> str:
    words = ("zero", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if 0 <= n < len(words) else str(n)


class TokenMechanicsCallbacks:

    def _tokens_expand(self, text: str, what: str):
        """Compile the CR's text of a keyword's triggered ability (one line, one ability)."""
        from ..compiler import compile_line
        from ..transform.context import Unsupported
        line = compile_line(text, "~")
        if len(line.items) != 1 or not isinstance(line.items[0], TriggeredAbility):
            raise Unsupported(what)
        return line.items[0]

    # ---- keywords ----------------------------------------------------------------------
    def tokens_afterlife(self, c):
        # CR 702.135a: "Afterlife N" means "When this permanent is put into a graveyard from the
        # battlefield, create N 1/1 white and black Spirit creature tokens with flying."
        n = int(c[0])
        plural = "tokens" if n != 1 else "token"
        text = (f"When ~ is put into a graveyard from the battlefield, create {_number_word(n)} 1/1 white and black "
                f"Spirit creature {plural} with flying.")
        return self._tokens_expand(text, "afterlife")

    def tokens_ingest(self, c):
        # CR 702.115a: "Whenever this creature deals combat damage to a player, that player exiles
        # the top card of their library." Judge Tower: the shared library is "their library"
        # (R5: the card's owner becomes that player); the top card is exiled (JT-G5, R5).
        return self._tokens_expand("Whenever ~ deals combat damage to a player, that player exiles the top card of "
                               "their library.", "ingest")

    def tokens_fabricate(self, c):
        # CR 702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you
        # don't, create N 1/1 colorless Servo artifact creature tokens." The choice is made by
        # the engine (ir.Fabricate); Judge Tower: the "may" is taken when able (JT-C1, R9).
        return TriggeredAbility(ir.Trigger("enters", ir.This()), (), (ir.Fabricate(int(c[0])),))

    def tokens_extort(self, c):
        # CR 702.101a: "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent
        # loses 1 life and you gain life equal to the total life lost this way." Judge Tower: the
        # "may" is taken (JT-C1, R9) and the hybrid mana is paid for free (JT-G4, R4); the loss is
        # an event of 1 life per opponent (R3), and you gain that total.
        from dataclasses import replace
        ab = self._tokens_expand("Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life.",
                             "extort")
        opt, ifdo = ab.effects
        if not isinstance(ifdo, ir.IfYouDo):
            from ..transform.context import Unsupported
            raise Unsupported("extort")
        return replace(ab, effects=(opt, replace(ifdo, effects=(ir.ExtortDrain(),))))

    def tokens_devour(self, c):
        # CR 702.82a: "As this object enters, you may sacrifice any number of creatures. This
        # permanent enters with N +1/+1 counters on it for each creature sacrificed this way."
        # (the engine's choice as it enters, rules/tokcount.py)
        from ..ir import Keyword
        return Keyword("devour", int(c[0]))

    def _tokens_champion(self, flt, what: str):
        # CR 702.72a: "When this permanent enters, sacrifice it unless you exile another [object]
        # you control" and "When this permanent leaves the battlefield, return the exiled card to
        # the battlefield under its owner's control." (linked abilities, CR 702.72b, 607.2a).
        # Judge Tower: "unless" is taken when able (JT-C1, R9): another such permanent is exiled.
        etb = TriggeredAbility(ir.Trigger("enters", ir.This()), (), (ir.Champion(flt, what),))
        ltb = self._tokens_expand("When ~ leaves the battlefield, return the exiled card to the battlefield under its "
                              "owner's control.", "champion")
        return [etb, ltb]

    def tokens_champion_creature(self, c):
        return self._tokens_champion(ir.Filter(types=("creature",)), "creature")

    def tokens_champion_subtype(self, c):
        from ..subtypes import canonical_subtype
        name = canonical_subtype(str(c[0]))
        return self._tokens_champion(ir.Filter(subtypes=(name,)), name)

    def tokens_reconfigure(self, c):
        # CR 702.151a: "[Cost]: Attach this permanent to another target creature you control.
        # Activate only as a sorcery." and "[Cost]: Unattach this permanent. Activate only if this
        # permanent is attached to a creature and only as a sorcery." The Keyword stays too: while
        # attached, the Equipment isn't a creature (CR 702.151b, rules/tokcount.py).
        from ..ir import ActivatedAbility, Cost, Filter, Keyword, TargetSpec
        from ..transform.context import mana
        cost = mana(c[0])
        attach = ActivatedAbility(Cost(mana=cost),
                                  (TargetSpec("object", Filter(types=("creature",), controller="you", other=True)),),
                                  (ir.ReconfigureAttach(),), sorcery_speed=True)
        unattach = ActivatedAbility(Cost(mana=cost), (), (ir.ReconfigureUnattach(),), sorcery_speed=True,
                                    timing="tc_attached")
        return [Keyword("reconfigure", cost), attach, unattach]

    def tokens_reinforce(self, c):
        # CR 702.77a: "Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1 counters
        # on target creature." (an activated ability that functions only from the hand, 702.77b)
        from ..ir import ActivatedAbility, Cost, Filter, PutCounters, Target, TargetSpec
        from ..transform.context import mana
        n = int(c[0])
        return ActivatedAbility(Cost(mana=mana(c[1]), discard_self=True),
                                (TargetSpec("object", Filter(types=("creature",))),),
                                (PutCounters(Target(0), "+1/+1", n),), zone="hand")

    # ---- entering with counters (CR 614.1c, 122.6) ---------------------------------------
    def tokens_enters_with_if_attacked(self, c):
        # "~ enters with N +1/+1 counters on it if you attacked this turn" (CR 614.1c; "you
        # attacked": you declared one or more attackers this turn, CR 508.1)
        from ..ir import EntersWithCounters, StaticAbility, This
        from ..transform.context import Line, Unsupported
        subject, n, kind = c
        if subject != This():
            raise Unsupported("another object than this one enters with counters")
        return Line("abilities", (StaticAbility(EntersWithCounters(kind, n, condition="tc_attacked_this_turn")),))

    def tokens_enters_with_for_each(self, c):
        # "~ enters with a +1/+1 counter on it for each creature card in your graveyard" (CR
        # 614.1c; counted as it enters, CR 608.2h). Judge Tower: the shared graveyard is "your
        # graveyard" (R5).
        from ..ir import EntersWithCounters, StaticAbility, This
        from ..transform.context import Line, Unsupported
        from ..ir import CountOf
        subject, kind, counted = c
        if subject != This():
            raise Unsupported("another object than this one enters with counters")
        if not (isinstance(counted, CountOf) and counted.filter.zone in ("graveyard", "hand")):
            # permanents counted as it enters would need it left out (it isn't on the
            # battlefield yet, CR 614.1c): not done here
            raise Unsupported("entering with counters for each permanent")
        return Line("abilities", (StaticAbility(EntersWithCounters(kind, counted)),))

    def tokens_enters_with_per_color(self, c):
        # "~ enters with a +1/+1 counter on it for each color of mana spent to cast it" (CR 614.1c,
        # 601.2h; 0 unless it entered from the stack as a resolving spell that was cast)
        from ..ir import EntersWithCounters, StaticAbility, This
        from ..transform.context import Line, Unsupported
        subject, kind = c
        if subject != This():
            raise Unsupported("another object than this one enters with counters")
        return Line("abilities", (StaticAbility(EntersWithCounters(kind, ir.ColorsSpent())),))

    def tokens_sunburst(self, c):
        # CR 702.44a-b: the engine reads the keyword as the permanent enters (rules/tokcount.py)
        from ..ir import Keyword
        return Keyword("sunburst")

    def tokens_anthem_goaded(self, c):
        # CR 701.15b: a goaded creature attacks each combat if able and attacks a player other than
        # the goading player if able (the goading player: the controller of this static ability's
        # source, rules/tokcount.py)
        from ..transform.context import Line, Unsupported, _static_filter_ok, pt_mod
        affected, token = c
        if not isinstance(affected, (ir.Enchanted, ir.Equipped)):
            raise Unsupported("a group of goaded creatures")
        _static_filter_ok(affected, False)
        p, t = pt_mod(token)
        return Line("abilities", (ir.StaticAbility(ir.Anthem(affected, p, t, ())),
                                  ir.StaticAbility(ir.CombatRule(affected, "attacks_each_combat")),
                                  ir.StaticAbility(ir.CombatRule(affected, "tc_goaded"))))

    def tokens_cond_attacked(self, c):
        return "tc_attacked_this_turn"   # CR 508.1: you declared an attacker this turn

    # ---- trigger events --------------------------------------------------------------
    def tokens_ev_damaged_by_self_dies(self, c):
        # "Whenever a creature dealt damage by ~ this turn dies" (CR 700.4, 603.10a: it looks back
        # in time; the creature is the trigger object: "that creature" in the effect)
        return self._trigger(ir.Trigger("tc_damaged_by_self_dies", ir.Filter(types=("creature",))))

    def tokens_ev_second_draw(self, c):
        # "Whenever you draw your second card each turn" (CR 121.2, 603.2)
        return self._trigger(ir.Trigger("tc_second_draw", whose="you"))

    def tokens_put_its_counters(self, c):
        # "put its counters on target creature you control" in a leaves-the-battlefield trigger of
        # this object: the counters it had as it last existed (CR 608.2h, 603.10a)
        from ..transform.context import Unsupported
        trig = getattr(self.ctx, "trigger", None)
        if trig is None or trig.event not in ("dies", "to_graveyard", "leaves") or not isinstance(trig.subject, ir.This):
            raise Unsupported("'its counters' outside a 'when ~ dies/leaves' trigger")
        return [ir.PutItsCounters(self._one_object(c[0], "put its counters"))]

    # ---- keyword actions (sentences) ---------------------------------------------------
    def tokens_investigate(self, c):
        # CR 701.16a: "Investigate" means "Create a Clue token." (CR 111.10f)
        from ..transform.context import Unsupported
        from ..token_text import TokenTextUnsupported, predefined_token
        try:
            return [ir.CreateToken(predefined_token("Clue"))]
        except TokenTextUnsupported as exc:   # pragma: no cover - the Clue's text compiles
            raise Unsupported(f"Clue token's ability: {exc}")

    def tokens_investigate_twice(self, c):
        return [ir.CreateToken(self.tokens_investigate(c)[0].token, 2)]   # CR 701.16a: two Clues

    def tokens_investigate_times(self, c):
        return [ir.CreateToken(self.tokens_investigate(c)[0].token, int(c[0]))]   # CR 701.16a

    def tokens_amass(self, c):
        # CR 701.47a (amass N: the Zombie Army of the cards printed before "amass [subtype] N")
        return [ir.Amass(int(c[0]), "Zombie")]

    def tokens_amass_subtype(self, c):
        # CR 701.47a: "Amass [subtypes] N" (current wording: "Amass Zombies 2", "Amass Orcs 3")
        from ..subtypes import canonical_subtype
        return [ir.Amass(int(c[1]), canonical_subtype(str(c[0])))]

    def tokens_populate(self, c):
        return [ir.Populate()]                  # CR 701.36a

    def tokens_detain(self, c):
        # CR 701.35a: until the next turn of this ability's controller, the permanent(s) can't
        # attack or block and their activated abilities can't be activated
        from ..transform.context import Unsupported
        what = c[0]
        self._permanent_or_card(what)
        if not isinstance(what, (ir.Target, ir.This, ir.TriggerObject)):
            raise Unsupported("detain of a group")
        return [ir.Detain(what)]

    def tokens_vp_goad(self, c):
        # CR 701.15a: "Until your next turn, that creature attacks each combat if able and
        # attacks a player other than you if able."
        from ..transform.context import VP, Unsupported
        what = c[0]
        self._permanent_or_card(what)
        if not isinstance(what, (ir.Target, ir.TriggerObject)):
            raise Unsupported("goad of a group")
        return VP(lambda who: [ir.Goad(what)])

    def tokens_remove_counters_eoc(self, c):
        # "remove a +1/+1 counter from it at end of combat": a delayed triggered ability (CR 603.7a)
        # that triggers as the end of combat step begins (CR 511.1), about this permanent only
        from ..transform.context import Unsupported
        n, kind, what = c
        if not isinstance(what, ir.This):
            raise Unsupported("removing counters from another object at end of combat")
        return [ir.RemoveCountersAtEndOfCombat(kind, n)]

    def tokens_then_action(self, c):
        # "[instructions], then populate" / "investigate, then [instructions]": in order (CR 608.2c)
        out: list = []
        for part in c:
            out.extend(part if isinstance(part, (list, tuple)) else [part])
        return out

    def tokens_explores(self, c):
        return [ir.Explore(self._one_object(c[0], "explore"))]   # CR 701.44a

    def tokens_connives(self, c):
        return [ir.Connive(self._one_object(c[0], "connive"))]   # CR 701.50a
