"""Transformer callbacks for auras and equipment beyond "enchant creature"
(CR 301.5, 303.4, 613.1b, 701.3, 702.89, 702.103). Mixed into OracleTransformer."""

from __future__ import annotations

from .. import ir
from ..ir import Filter, StaticAbility, Target, This


class AttachmentsCallbacks:
    """Callbacks named after the rules of mechanics/attachments.lark."""

    # "As long as ~ is equipped / enchanted" (CR 301.5, 303.4)
    def _attach_cond(self, c, kinds, what):
        from ..transform.context import Unsupported
        if c[0] != This():
            raise Unsupported(f"'is {what}' about another object than this one")
        return ir.AttachedToCondition(kinds)

    def attach_cond_equipped(self, c):
        return self._attach_cond(c, ("Equipment",), "equipped")

    def attach_cond_enchanted(self, c):
        return self._attach_cond(c, ("Aura",), "enchanted")

    def attach_cond_enchanted_or_equipped(self, c):
        return self._attach_cond(c, ("Aura", "Equipment"), "enchanted or equipped")

    # "attach it to target creature you control" (CR 701.3a): "it" must be this object
    def attach_vp_attach(self, c):
        from ..transform.context import VP, Unsupported
        what, to = c
        if what != This():
            raise Unsupported("attaching another object than this one")
        if not isinstance(to, Target):
            raise Unsupported("attaching to something other than a target")
        return VP(lambda who: [ir.AttachSelfTo(to)])

    # "You control enchanted creature." (CR 613.1b layer 2)
    def attach_control_enchanted(self, c):
        from ..transform.context import Line
        return Line("abilities", (StaticAbility(ir.ControlEnchanted()),))

    def attach_enchanted_kind(self, c):
        return " ".join(str(t) for t in c)

    # keywords: "Bestow {cost}" (CR 702.103a), "Totem armor" (CR 702.89a)
    def attach_kw_bestow(self, c):
        from ..transform.context import mana
        return ir.Keyword("bestow", mana(c[0]))

    def attach_kw_totem_armor(self, c):
        return ir.Keyword("totem armor")

    def attach_kw_awaken(self, c):
        from ..transform.context import mana
        return ir.Keyword("awaken", (int(c[0]), mana(c[1])))   # CR 702.113a: (N, cost)

    # "Enchanted creature gets +2/+2 and can't block." (CR 611.3a)
    def attach_restriction(self, c):
        return " ".join(str(t) for t in c)

    def _attach_restriction_statics(self, affected, words):
        from ..transform.context import _static_filter_ok
        _static_filter_ok(affected, False)
        return {
            "can't block": (StaticAbility(ir.CantAttackOrBlock(affected, attack=False)),),
            "can't attack": (StaticAbility(ir.CantAttackOrBlock(affected, block=False)),),
            "can't attack or block": (StaticAbility(ir.CantAttackOrBlock(affected)),),
            "can't be blocked": (StaticAbility(ir.CombatRule(affected, "cant_be_blocked")),),
            "attacks each combat if able": (StaticAbility(ir.CombatRule(affected, "attacks_each_combat")),),
        }[words]

    def attach_anthem_and(self, c):
        from ..transform.context import Line, _static_filter_ok, pt_mod
        affected, token, words = c
        _static_filter_ok(affected, False)
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(ir.Anthem(affected, p, t, ())),)
                    + self._attach_restriction_statics(affected, words))

    # Arrest: "... can't attack or block, and its activated abilities can't be activated" (CR 602.5)
    def attach_restriction_and_ban(self, c):
        from ..transform.context import Line, Unsupported
        affected, words = c
        if not isinstance(affected, (ir.Enchanted, ir.Equipped, ir.This)):
            raise Unsupported("'its activated abilities can't be activated' about a group")
        return Line("abilities", self._attach_restriction_statics(affected, words)
                    + (StaticAbility(ir.ActivationBan(affected)),))

    def attach_activation_ban(self, c):
        from ..transform.context import Line
        return Line("abilities", (StaticAbility(ir.ActivationBan(c[0])),))

    # "~ gets +2/+2 for each Aura attached to it" (CR 611.3a, 613.4c)
    def attach_attach_kinds(self, c):
        from ..transform.context import Unsupported
        kinds = {"aura": "Aura", "equipment": "Equipment"}
        words = [str(t).lower() for t in c]
        if any(w not in kinds for w in words) or len(set(words)) != len(words):
            raise Unsupported("'for each ... attached' of other subtypes")
        return tuple(kinds[w] for w in words)

    def attach_attach_host(self, c):
        return str(c[0])

    def attach_anthem_per_attached(self, c):
        from ..transform.context import Line, Unsupported, _static_filter_ok, pt_mod
        affected, token, kinds, host, keywords = c
        if host == "~":
            to = This()
        elif isinstance(affected, (This, ir.Enchanted, ir.Equipped)):
            to = affected
        else:
            raise Unsupported("'for each ... attached to it' about each of a group")
        _static_filter_ok(affected, bool(keywords))
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(ir.Anthem(affected, p, t, tuple(keywords or ()),
                                                          per=ir.AttachedCount(kinds, to))),))

    # "When enchanted creature dies, ..." (CR 603.6c, 603.10a: looks back in time)
    def attach_ev_attached_dies(self, c):
        from ..transform.context import Trigger
        return self._trigger(Trigger("dies", c[0]))

    # 'Enchanted creature gets +1/+1 and has "{R}: Regenerate this creature."' (CR 613.1f, 613.4c)
    def attach_anthem_and_quoted(self, c):
        from ..transform.context import Line, _static_filter_ok, pt_mod
        affected, token, quoted = c
        _static_filter_ok(affected, True)
        granted = self.tk_st_grant_ability([affected, quoted]).items   # activated abilities only
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(ir.Anthem(affected, p, t, ())),) + granted)

    def attach_anthem_kw_and_quoted(self, c):
        from ..transform.context import Line, _static_filter_ok, pt_mod
        affected, token, keywords, quoted = c
        _static_filter_ok(affected, True)
        granted = self.tk_st_grant_ability([affected, quoted]).items
        p, t = pt_mod(token)
        return Line("abilities", (StaticAbility(ir.Anthem(affected, p, t, tuple(keywords))),) + granted)

    # "Enchant player" / "Enchant opponent" (CR 303.4, 702.5d)
    def attach_kw_enchant_player(self, c):
        return ir.Keyword("enchant player", "player")

    def attach_kw_enchant_opponent(self, c):
        return ir.Keyword("enchant player", "opponent")

    def attach_step_enchanted_player(self, c):
        from ..transform.context import Trigger
        return self._trigger(Trigger(c[-1], whose="enchanted_player"))

    def attach_ev_enchanted_player_draws(self, c):
        from ..transform.context import Trigger
        return self._trigger(Trigger("draw", whose="enchanted_player"))

    def attach_p_enchanted_player(self, c):
        return ir.EnchantedPlayer()

    def attach_pm_enchanted_player_controls(self, c):
        return [("controller", "enchanted_player")]
