"""Transformer callbacks for replacement and prevention effects and damage/life
arithmetic (CR 614, 615, 120, 119): sentences that change the instruction before them
("If that spell is countered this way, exile it instead ...", "If this spell was kicked, it deals
4 damage instead.", "You gain life equal to the life lost this way.") are markers that
``transform.finish_effects`` merges with the effect before them (``merge_into``); a marker after
anything it cannot modify is refused (Unsupported)."""

from __future__ import annotations

from dataclasses import replace

from .. import ir


def _unsupported(msg: str):
    from .context import Unsupported
    return Unsupported(msg)


def _kinds(kinds) -> tuple[str, ...]:
    return kinds


class ReplacementMarker:
    """A sentence that modifies the effect(s) before it (merged by finish_effects)."""

    def merge_into(self, effects: list) -> None:   # pragma: no cover - overridden
        raise NotImplementedError


class _CounterExile(ReplacementMarker):
    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        if type(prev) is not ir.CounterSpell:
            raise _unsupported("'if that spell is countered this way' without a counter before it")
        effects[-1] = ir.CounterAndExile(prev.what, prev.unless_pays)   # CR 701.6a, 614.1a


class _DamagedExileIfDies(ReplacementMarker):
    def __init__(self, kinds):
        self.kinds = kinds

    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        if not isinstance(prev, ir.DealDamage):
            raise _unsupported("'dealt damage this way' without a damage instruction before it")
        effects[-1] = ir.DamagedExileIfDies((prev,), self.kinds)   # CR 614.1a


class _ThatExileIfDies(ReplacementMarker):
    def __init__(self, kinds):
        self.kinds = kinds

    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        ref = None
        if isinstance(prev, ir.DealDamage):
            ref = prev.to
        elif isinstance(prev, ir.ModifyPT) and prev.per is None:
            ref = prev.what
        if not isinstance(ref, ir.Target):
            raise _unsupported("'if that creature would die this turn' without a targeted creature before it")
        effects.append(ir.ExileIfDies(ref, self.kinds))   # CR 614.1a


class _AllExileIfDies(ReplacementMarker):
    def __init__(self, kinds):
        self.kinds = kinds

    def merge_into(self, effects):
        if self.kinds != ("Creature",):
            raise _unsupported("'if a permanent would die this turn'")
        effects.append(ir.AllExileIfDies(self.kinds))   # CR 614.1a


class _KickedInstead(ReplacementMarker):
    def __init__(self, make):
        self.make = make

    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        new = self.make(prev)
        effects[-1] = ir.IfKickedInstead((prev,), (new,))   # CR 702.33d


class _Drain(ReplacementMarker):
    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        if not isinstance(prev, ir.LoseLife):
            raise _unsupported("'the life lost this way' without a life loss before it")
        effects[-1] = ir.DrainLife(prev, ir.You())   # CR 119.3


class _PreventThen(ReplacementMarker):
    def __init__(self, gain=False, counters=False):
        self.gain, self.counters = gain, counters

    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        if not isinstance(prev, (ir.PreventDamage, ir.PreventAllDamage)):
            raise _unsupported("'damage prevented this way' without a prevention before it")
        if self.counters:
            if not isinstance(prev, ir.PreventAllDamage) or not isinstance(prev.to, ir.Target) or prev.by is not None:
                raise _unsupported("'put a counter on that creature' after this prevention")
            effects[-1] = ir.PreventThen(prev, counters_on=prev.to)   # CR 615.5
        else:
            effects[-1] = ir.PreventThen(prev, gain=True)   # CR 615.5


def _static_line(effect):
    from .context import Line
    return Line("abilities", (ir.StaticAbility(effect),))



class _Unpreventable(ReplacementMarker):
    def merge_into(self, effects):
        prev = effects[-1] if effects else None
        if not isinstance(prev, ir.DealDamage):
            raise _unsupported("'the damage can't be prevented' without a damage instruction before it")
        effects[-1] = ir.Unpreventable((prev,))   # CR 615.12

class ReplacementCallbacks:
    """Mixed into `OracleTransformer` (Lark finds the callbacks by name)."""

    def replacement_die_kind(self, c):
        """"creature" / "creature or planeswalker" / "permanent" (the ones that can die: CR 700.4)."""
        return ("Creature",) if len(c) == 1 and str(c[0]) == "creature" else ("Creature", "Planeswalker")

    def replacement_counter_exile(self, c):
        return [_CounterExile()]

    def replacement_damaged_exile_if_dies(self, c):
        return [_DamagedExileIfDies(_kinds(c[0]))]

    def replacement_that_exile_if_dies(self, c):
        return [_ThatExileIfDies(_kinds(c[0]))]

    def replacement_all_exile_if_dies(self, c):
        return [_AllExileIfDies(_kinds(c[0]))]

    def replacement_kicked_damage(self, c):
        if c[0] != ir.This():
            raise _unsupported("'if it was kicked' of another object")
        n = c[1]

        def make(prev):
            if not isinstance(prev, ir.DealDamage) or prev.source != ir.This():
                raise _unsupported("'if this spell was kicked, it deals N damage instead' after another instruction")
            return replace(prev, amount=n)
        return [_KickedInstead(make)]

    def replacement_kicked_pump(self, c):
        from .context import pt_mod
        if c[0] != ir.This():
            raise _unsupported("'if it was kicked' of another object")
        p, t = pt_mod(str(c[1]))

        def make(prev):
            if not isinstance(prev, ir.ModifyPT) or not isinstance(prev.what, ir.Target) or prev.per is not None \
                    or prev.keywords or prev.duration != "end_of_turn":
                raise _unsupported("'if this spell was kicked, that creature gets +N/+N instead' after another instruction")
            return replace(prev, power=p, toughness=t)
        return [_KickedInstead(make)]

    def replacement_gain_life_lost(self, c):
        return [_Drain()]

    def replacement_amount_its_toughness(self, c):
        return ir.ToughnessOf(self.ctx.it())

    def replacement_amount_that_creatures_toughness(self, c):
        # "that creature" needs an antecedent (a target, the trigger's object); never this object
        if self.ctx.antecedent is None and self.ctx.self_ref == ir.This():
            raise _unsupported("'that creature's toughness' without a creature named before")
        return ir.ToughnessOf(self.ctx.it())

    # -- static replacement effects (CR 614.1a) ------------------------------------------------

    def _replacement_floor(self, c, if_creature):
        from .context import Line
        if c[0] != c[1]:
            raise _unsupported("a life floor that reduces it to another number")
        return Line("abilities", (ir.StaticAbility(ir.LifeFloor(c[0], if_creature)),))

    def replacement_st_life_floor(self, c):
        return self._replacement_floor(c, False)

    def replacement_st_life_floor_if_creature(self, c):
        return self._replacement_floor(c, True)

    def replacement_st_gain_plus(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.LifeGainReplacement(plus=c[0])),))

    def replacement_st_gain_double(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.LifeGainReplacement(double=True)),))

    def replacement_redirect_next(self, c):
        amount, to = c
        if not isinstance(to, ir.Target):
            raise _unsupported("damage redirected to something else than a target")
        return [ir.RedirectNext(amount, to)]   # CR 614.9

    def replacement_st_double_tokens(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.DoubleTokens()),))   # CR 614.1a

    def replacement_stat(self, c):
        return str(c[0])

    def replacement_amount_sacrificed(self, c):
        return ir.SacrificedStat(c[0])   # CR 608.2h

    # -- damage arithmetic (CR 120) ------------------------------------------------------------

    def replacement_deal_damage_itself(self, c):
        # "Target creature deals damage to itself equal to its power." (CR 120.3: source and
        # recipient are the same object)
        source, amount = c
        return [ir.DealDamage(amount, source, source)]

    def replacement_that_creature(self, c):
        # "That creature deals damage equal to its power to ~.": a creature named before (a
        # target); never this object by default
        if self.ctx.antecedent is None:
            raise _unsupported("'that creature' without a creature named before")
        return self.ctx.antecedent

    # -- static prevention (CR 615.1a) ---------------------------------------------------------

    def replacement_combat(self, c):
        return True

    def replacement_attached(self, c):
        return str(c[0])   # "enchanted" | "equipped"

    def replacement_st_prevent_by(self, c):
        from .context import Line
        combat, who = c
        return Line("abilities", (ir.StaticAbility(ir.StaticPrevent(bool(combat), by=who)),))

    def replacement_st_prevent_to_and_by(self, c):
        from .context import Line
        combat, who = c
        return Line("abilities", (ir.StaticAbility(ir.StaticPrevent(bool(combat), to=who, by=who, to_and_by=True)),))

    def replacement_st_prevent_to_self(self, c):
        from .context import Line
        return Line("abilities", (ir.StaticAbility(ir.StaticPrevent(bool(c[0]), to="self")),))

    def replacement_st_prevent_to_self_by(self, c):
        from .context import Line
        combat, np = c
        return Line("abilities", (ir.StaticAbility(ir.StaticPrevent(bool(combat), to="self", by_filter=np.filter)),))

    def replacement_counter_unless_per(self, c):
        from .context import VP, mana
        what, cost, per = c
        return VP(lambda who: [ir.CounterUnlessPaysPer(what, mana(cost), per)])   # CR 118.12

    # -- "... prevented this way" (CR 615.5) ---------------------------------------------------

    def replacement_gain_prevented(self, c):
        return [_PreventThen(gain=True)]

    def replacement_counters_per_prevented(self, c):
        n, kind = c
        if n != 1 or str(kind) != "+1/+1":
            raise _unsupported("counters per N damage prevented other than one +1/+1 per 1")
        return [_PreventThen(counters=True)]

    def replacement_st_exile_if_damaged_by_self(self, c):
        return _static_line(ir.ExileIfDamagedBySelf())   # CR 614.1a

    def replacement_artifact(self, c):
        return "artifact"

    def replacement_source_kind(self, c):
        return c[0] or ""

    def replacement_prevent_next_chosen(self, c):
        kind = c[0]
        if kind == "artifact":
            return [ir.PreventNextFromChosen(artifact=True)]   # CR 615.1a, 609.7a
        return [ir.PreventNextFromChosen(color=kind)]

    def replacement_st_self_die_exile(self, c):
        return _static_line(ir.SelfDieExile())   # CR 614.1a

    # -- damage modification statics (CR 614.1a) -----------------------------------------------

    def replacement_src_any(self, c):
        return {}

    def replacement_src_yours(self, c):
        return {"yours": True}

    def replacement_src_other_color_yours(self, c):
        return {"yours": True, "other": True, "color": c[0]}

    def replacement_src_spell(self, c):
        return {"spell": True}

    def replacement_res_double(self, c):
        return {"op": "double"}

    def replacement_res_plus(self, c):
        return {"op": "plus", "n": c[0]}

    def replacement_res_minus(self, c):
        return {"op": "minus", "n": c[0]}

    def replacement_st_damage_mod(self, c):
        src, res = c
        return _static_line(ir.DamageMod(**res, **src))   # CR 614.1a

    def replacement_ps_opp(self, c):
        return {"opp": True}

    def replacement_ps_color(self, c):
        return {"color": c[0]}

    def replacement_ps_creature(self, c):
        return {"types": ("Creature",)}

    def replacement_ps_artifact(self, c):
        return {"types": ("Artifact",)}

    def replacement_st_prevent_some(self, c):
        src, n = c
        return _static_line(ir.PreventSomeToYou(n, **src))   # CR 615.1a

    def replacement_sac_then_gain(self, c):
        # "Target player sacrifices a creature. You gain life equal to that creature's toughness."
        # (CR 701.21a, 608.2h: the sacrificed creature's last known information)
        who, stat = c
        return [ir.Sacrifice(who, ir.Filter(types=("creature",))), ir.GainLife(ir.You(), ir.SacrificedStat(stat))]

    def replacement_you_sac_then_gain(self, c):
        return self.replacement_sac_then_gain([ir.You(), c[0]])

    def replacement_no_prevention_this_turn(self, c):
        return [ir.NoPreventionThisTurn()]   # CR 615.12

    def replacement_the_damage_unpreventable(self, c):
        return [_Unpreventable()]
