"""Transformer callbacks for characteristics changed until end of turn (grammar: the
grammar/until_end_of_turn.lark).

* "Switch target creature's / ~'s power and toughness until end of turn." -> SwitchPT
  (CR 613.4d)
* "[objects] becomes the color of your choice / colorless / red [and green] until end of turn."
  -> SetColor (CR 613.1e, 105.3)
* "[objects] becomes the creature type of your choice until end of turn."
  -> CreatureTypeChoice (CR 613.1d, 205.1a)
* "[objects] gain(s) protection from the color of your choice until end of turn."
  -> ProtectionChoice (CR 702.16a, 613.1f)
* "[objects] lose(s) KEYWORDS until end of turn." -> LoseKeywords (CR 613.1f)
"""

from __future__ import annotations

from .. import ir


def _unsupported(msg):
    from .context import Unsupported
    return Unsupported(msg)


class UntilEndOfTurnCallbacks:
    """chars callbacks (mixed into OracleTransformer)."""

    def chars_target_creature(self, c):
        from .context import FilterNP
        return self._object_target(FilterNP(ir.Filter(types=("creature",))))

    def _chars_permanent(self, what):
        what = self._permanent_or_card(what)
        if isinstance(what, ir.Target) and self.ctx.targets[what.index].filter.zone != "battlefield":
            raise _unsupported("a characteristic change of a card outside the battlefield")
        return what

    def chars_switch_pt(self, c):
        what = self._chars_permanent(c[0])
        return VPc(lambda who: [ir.SwitchPT(what)])

    def chars_become_color_choice(self, c):
        return [ir.SetColor(self._chars_permanent(c[0]), (), choice=True)]

    def chars_become_colorless(self, c):
        return [ir.SetColor(self._chars_permanent(c[0]), ())]

    def chars_become_colors(self, c):
        what, *colors = c
        return [ir.SetColor(self._chars_permanent(what), tuple(colors))]

    def chars_become_type_choice(self, c):
        return [ir.CreatureTypeChoice(self._chars_permanent(c[0]))]

    def chars_protection_choice(self, c):
        return [ir.ProtectionChoice(self._chars_permanent(c[0]))]

    def chars_lose_keywords(self, c):
        what, keywords = c
        for k in keywords:
            if not isinstance(k, str) or k in ("protection", "landwalk") or ":" in k:
                raise _unsupported("losing a parameterised keyword")
        return [ir.LoseKeywords(self._chars_permanent(what), tuple(keywords))]

    def chars_animate_still_land(self, c):
        """"[target land] becomes a N/N [...] creature that's still a land" until end of turn:
        types added, the land type kept (CR 205.1b); the man-land effect (BecomeCreature)."""
        from dataclasses import replace
        what, spec = c
        what = self._chars_permanent(what)
        if isinstance(what, ir.Target) and self.ctx.targets[what.index].filter.types != ("land",):
            raise _unsupported("'that's still a land' on what may not be a land")
        return [replace(spec, what=what)]

    def chars_animate_replace(self, c):
        """"~ / target noncreature artifact becomes a N/N [...] artifact creature until end of
        turn": with no "still a ..." the new card types replace the old ones (CR 205.1b); only
        artifact creatures are accepted (an animated land losing its type would keep its
        intrinsic mana abilities in this engine, CR 305.6)."""
        from dataclasses import replace
        what, spec = c
        what = self._chars_permanent(what)
        if "Artifact" not in spec.types:
            raise _unsupported("a permanent that becomes a creature losing its other types")
        if isinstance(what, ir.Target) and "artifact" not in self.ctx.targets[what.index].filter.types:
            raise _unsupported("animating a target that may not be an artifact")
        return [ir.AnimateReplace(replace(spec, what=what))]

    def chars_kw_protection_artifacts(self, c):
        return ir.Keyword("protection", "artifacts")   # CR 702.16a

    def chars_kw_protection_multicolored(self, c):
        return ir.Keyword("protection", "multicolored")   # CR 702.16a

    def chars_you_have_hexproof(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.PlayerKeyword("hexproof")),))

    def chars_you_have_shroud(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.PlayerKeyword("shroud")),))

    def chars_change_target(self, c):
        spec = ir.TargetSpec("spell", ir.Filter(zone="stack", chars_single_target=True))
        what = self.ctx.add_target(spec)
        return VPc(lambda who: [ir.ChangeTarget(what)])

    def chars_kw_ward(self, c):
        from .context import mana
        cost = mana(c[0])
        if "X" in cost.upper():
            raise _unsupported("ward {X}")   # CR 702.21b: X defined by the card, not supported
        return ir.Keyword("ward", cost)   # CR 702.21a

    def chars_kw_ward_life(self, c):
        from .context import Line
        n = c[0]
        if not isinstance(n, int):
            raise _unsupported("ward with a variable life payment")
        return Line("abilities", (ir.Keyword("ward", f"life:{n}"),))   # CR 702.21a

    def chars_anthem_every_type(self, c):
        from .context import Line, pt_mod
        affected, token, *rest = c
        keywords = rest[0] if rest else ()
        p, t = pt_mod(token)
        return Line("abilities", (ir.StaticAbility(ir.Anthem(affected, p, t, tuple(keywords or ()))),
                                  ir.StaticAbility(ir.EveryCreatureType(affected))))

    def chars_every_type(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.EveryCreatureType(c[0])),))

    def _chars_pt(self, token):
        p, t = str(token).split("/")
        if not (p.isdigit() and t.isdigit()):
            raise _unsupported("variable base power and toughness")
        return int(p), int(t)

    def chars_base_pt_eot(self, c):
        what, token = c
        p, t = self._chars_pt(token)
        return [ir.SetBasePT(self._chars_permanent(what), p, t)]

    def chars_static_base_pt(self, c):
        from .context import Line
        affected, token = c
        p, t = self._chars_pt(token)
        return Line("abilities", (ir.StaticAbility(ir.StaticBasePT(affected, p, t)),))

    def chars_become_colored_type_pt(self, c):
        from .context import canonical_subtype
        from ..subtypes import CREATURE_TYPES
        what, color, subtype, token = c
        t = canonical_subtype(str(subtype))
        if t not in CREATURE_TYPES:
            raise _unsupported("becoming a non-creature subtype")
        p, tg = self._chars_pt(token)
        return [ir.BecomeColoredType(self._chars_permanent(what), (color,), t, p, tg)]

    def chars_ev_becomes_target_opp(self, c):
        return self._trigger(ir.Trigger("chars_becomes_target_opp", ir.This()))   # CR 603.2

    def chars_kw_protection_creatures(self, c):
        return ir.Keyword("protection", "creatures")   # CR 702.16a

    def chars_kw_protection_subtype(self, c):
        return ir.Keyword("protection", "sub:" + self._chars_subtype(c[0]))   # CR 702.16a

    def _chars_subtype(self, token):
        from .context import canonical_subtype
        return canonical_subtype(str(token))

    def chars_granted_protection(self, c):
        return "protection:" + c[0]   # the stored keyword form (layers.keyword_key)

    def chars_pq_color(self, c):
        return c[0]

    def chars_pq_artifacts(self, c):
        return "artifacts"

    def chars_pq_multicolored(self, c):
        return "multicolored"

    def chars_pq_creatures(self, c):
        return "creatures"

    def chars_pq_subtype(self, c):
        return "sub:" + self._chars_subtype(c[0])

    def chars_protection_chosen(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.ProtectionChosen(c[0])),))

    def chars_static_becomes_creature(self, c):
        from .context import Line
        affected, token = c
        p, t = self._chars_pt(token)
        return Line("abilities", (ir.StaticAbility(ir.StaticAddTypes(affected, ("Creature",), ())),
                                  ir.StaticAbility(ir.StaticBasePT(affected, p, t))))

    def chars_anthem_add_subtype(self, c):
        from .context import Line, pt_mod
        from ..subtypes import CREATURE_TYPES
        affected, token, keywords, subtype = c
        st = self._chars_subtype(subtype)
        if st not in CREATURE_TYPES:
            raise _unsupported("a non-creature subtype added to a creature")
        p, t = pt_mod(token)
        return Line("abilities", (ir.StaticAbility(ir.Anthem(affected, p, t, tuple(keywords or ()))),
                                  ir.StaticAbility(ir.StaticAddTypes(affected, (), (st,)))))

    def chars_anthem_add_subtype_nokw(self, c):
        affected, token, subtype = c
        return self.chars_anthem_add_subtype([affected, token, (), subtype])


def VPc(make):
    from .context import VP
    return VP(make)
