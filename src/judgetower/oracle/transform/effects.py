"""Instructions (CR 608.2c, 701): sentences and clauses, damage and P/T, verb phrases, tokens and
mana, more effect sentences (delayed instructions, "if you do", prevention, fight, control, ...).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from ..ir import (
    AddMana, All, Chosen, Conditional, CopySpell, CounterSpell, CountersOn, CreateToken,
    DealDamage, DefendingPlayer, DelayedTrigger, Destroy, Discard, DoesntUntap, Draw,
    EachOpponent, EachPlayer, ExileAllGraveyards, ExileFromGraveyard, ExileObjects, ExtraTurn,
    Fight, GainControl, GainLife, IfYouDo, LookAtTopReorder, LookTopPutOne, LoseLife, Mill,
    ModifyPT, Optional_, PayMana, PlayLinkedFree, PreventAllDamage, PreventDamage, PutCounters,
    PutFromHand, PutFromHandOnTop, PutOnLibrary, Regenerate, ReturnToBattlefield, ReturnToHand,
    RevealHand, RevealTopPutIfType, Sacrifice, SacrificeThis, Scry, SearchLibrary, Shuffle,
    ShuffleGraveyardIntoLibrary, SkipNextUntap, StaticAbility, TapObjects, Target, TargetSpec,
    This, TokenSpec, TriggerObject, TriggerPlayer, UntapObjects, X, You,
)
from ..subtypes import canonical_subtype
from .context import (
    LeadingIf, Line, NoRegenerate, Recipients, SorcerySpeed, Unsupported, VP, _pt_mod_x,
    contains, mana, mana_letters, pt_mod,
)


class EffectCallbacks:
    """Callbacks for instructions."""

    # -- sentences and clauses -------------------------------------------------------------

    def clauses(self, c):
        out: list = []
        for effects in c:
            out.extend(effects)
        return out

    def imperative(self, c):
        out: list = []
        for vp in c:
            out.extend(vp(You()))
        return out

    def player_clause(self, c):
        who, *vps = c
        out: list = []
        for vp in vps:
            out.extend(vp(who))
        return out

    def may_clause(self, c):
        who, *vps = c
        out: list = []
        for vp in vps:
            out.extend(vp(who))
        return [Optional_(tuple(out), who=who)]

    def leading_if(self, c):
        condition, effects = c
        return [LeadingIf(condition, tuple(effects))]

    def trailing_if(self, c):
        effects, condition = c
        return [Conditional(condition, tuple(effects))]

    def delayed_end_step(self, c):
        return [DelayedTrigger("next_end_step", tuple(c[0]))]

    def no_regenerate(self, c):
        return [NoRegenerate()]

    def sorcery_speed_only(self, c):
        return [SorcerySpeed()]

    def reveal_top_put_if_type(self, c):
        who, fnp = c
        f = fnp.filter
        if not f.types or f.not_types or f.colors or f.subtypes or f.supertypes:
            raise Unsupported("reveal-top condition beyond card types")
        return [RevealTopPutIfType(who, f.types)]

    def choose_then_discard(self, c):
        fnp = c[-1]
        if self.ctx.antecedent_player is None:
            raise Unsupported("'that player' without a player before it")
        return [Discard(self.ctx.antecedent_player, 1, chooser="you",
                        filter=replace(fnp.filter, zone="hand"))]

    # -- damage and P/T ---------------------------------------------------------------------

    def deal_damage(self, c):
        source, amount, to = c
        if isinstance(to, Recipients):
            return [DealDamage(amount, r, source) for r in to.refs]
        return [DealDamage(amount, to, source)]

    def deal_damage_divided(self, c):
        source, amount, *how, target = c
        if how and how[0] is True:
            i = target.index
            self.ctx.targets[i] = replace(self.ctx.targets[i], evenly=True)
        return [DealDamage(amount, target, source)]

    def evenly(self, c):
        return True

    def _divided(self, low: int, high: int | None) -> Target:
        return self.ctx.add_target(TargetSpec("any", count_min=low, count_max=high, divided=True),
                                   is_player=True)

    def dt_any_number(self, c):
        return self._divided(1, None)

    def dt_one_or_two(self, c):
        return self._divided(1, 2)

    def dt_one_two_or_three(self, c):
        return self._divided(1, 3)

    def any_target(self, c):
        return self.ctx.add_target(TargetSpec("any"), is_player=True)

    def modify_pt(self, c):
        what, token, keywords = c
        self._permanent_or_card(what)
        if "x" in str(token):   # "+X/+X ..., where X is ..." (filters helper)
            p, t = _pt_mod_x(token)
            self.ctx.pt_x_pending = True
            return [ModifyPT(what, p, t, keywords or (), per=X())]
        p, t = pt_mod(token)
        return [ModifyPT(what, p, t, keywords or ())]

    def gain_keywords(self, c):
        what, keywords = c
        self._permanent_or_card(what)
        return [ModifyPT(what, 0, 0, keywords)]

    # -- verb phrases ----------------------------------------------------------------------

    def vp_draw(self, c):
        amount = c[0]
        return VP(lambda who: [Draw(who, amount)])

    def vp_discard(self, c):
        amount = c[0]
        return VP(lambda who: [Discard(who, amount)])

    def vp_discard_random(self, c):
        amount = c[0]
        return VP(lambda who: [Discard(who, amount, chooser="random")])

    def vp_discard_hand(self, c):
        return VP(lambda who: [Discard(who, whole_hand=True)])

    def vp_gain_life(self, c):
        amount = c[0]
        return VP(lambda who: [GainLife(who, amount)])

    vp_gain_life_ref = vp_gain_life

    def vp_lose_life(self, c):
        amount = c[0]
        return VP(lambda who: [LoseLife(who, amount)])

    vp_lose_life_ref = vp_lose_life

    def vp_mill(self, c):
        amount = c[0]
        return VP(lambda who: [Mill(who, amount)])

    def vp_reveal_hand(self, c):
        return VP(lambda who: [RevealHand(who)])

    def vp_look_at_hand(self, c):
        whose = c[0]
        return VP(lambda who: [RevealHand(whose, look_only=True)])

    def vp_sacrifice(self, c):
        amount = c[0] if len(c) == 2 else 1
        f = c[-1].filter
        return VP(lambda who: [Sacrifice(who, f, amount)])

    def vp_search(self, c):
        (count, fnp), (dest, tapped) = c
        f = replace(fnp.filter, zone="library")
        return VP(lambda who: [SearchLibrary(who, f, dest=dest, tapped=tapped, count=count)])

    def search_one(self, c):
        return (1, c[-1])

    def search_up_to(self, c):
        return (c[0], c[1])

    def put_battlefield(self, c):
        return ("battlefield", c[-1] is not None)

    def put_hand(self, c):
        return ("hand", False)

    def tapped(self, c):
        return True

    def vp_extra_turn(self, c):
        return VP(lambda who: [ExtraTurn(who)])

    def vp_shuffle(self, c):
        return VP(lambda who: [Shuffle(who)])

    def vp_shuffle_graveyard(self, c):
        return VP(lambda who: [ShuffleGraveyardIntoLibrary(who)])

    def vp_shuffle_self_and_graveyard(self, c):
        return VP(lambda who: [ShuffleGraveyardIntoLibrary(who, include_self=True)])

    def vp_exile_from_graveyard(self, c):
        amount = c[0]
        return VP(lambda who: [ExileFromGraveyard(who, amount)])

    def vp_exile_all_graveyards(self, c):
        return VP(lambda who: [ExileAllGraveyards()])

    def vp_put_from_hand_on_top(self, c):
        amount = c[0]
        return VP(lambda who: [PutFromHandOnTop(amount)])

    def vp_look_reorder(self, c):
        amount = c[0]
        return VP(lambda who: [LookAtTopReorder(amount)])

    def vp_scry(self, c):
        amount = c[0]
        return VP(lambda who: [Scry(amount)])

    def vp_create_token(self, c):
        spec, amount, *rest = c[0]   # tokens helper: (spec, amount, tapped[, X/X amount])
        tapped = bool(rest and rest[0])
        pt = rest[1] if len(rest) > 1 else None
        return VP(lambda who: [CreateToken(spec, amount, who, tapped, pt)])

    def vp_add_mana(self, c):
        add = c[0]
        return VP(lambda who: [add])

    def vp_play_linked_free(self, c):
        return VP(lambda who: [PlayLinkedFree()])

    def vp_destroy(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [Destroy(what)])

    def vp_exile(self, c):
        what = self._permanent_or_card(c[0])
        self.ctx.exiled = True
        return VP(lambda who: [ExileObjects(what)])

    def vp_exile_until_leaves(self, c):
        what = self._permanent_or_card(c[0])
        self.ctx.exiled = True
        return VP(lambda who: [ExileObjects(what, until_leaves=True)])

    def vp_return_to_hand(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [ReturnToHand(what)])

    def hand_owner(self, c):
        return "owner"

    def vp_return_to_battlefield(self, c):
        what, tapped, under = c
        self._permanent_or_card(what)
        return VP(lambda who: [ReturnToBattlefield(what, under=under or "owner",
                                                   tapped=bool(tapped))])

    def under_you(self, c):
        return "you"

    def under_owner(self, c):
        return "owner"

    def vp_counter(self, c):
        what = c[0]
        return VP(lambda who: [CounterSpell(what)])

    def vp_counter_unless(self, c):
        what, cost = c
        return VP(lambda who: [CounterSpell(what, unless_pays=mana(cost))])

    def vp_tap(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [TapObjects(what)])

    def vp_untap(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [UntapObjects(what)])

    def vp_regenerate(self, c):
        what = self._permanent_or_card(c[0])
        return VP(lambda who: [Regenerate(what)])

    def vp_put_counters(self, c):
        amount, kind, what = c
        self._permanent_or_card(what)
        return VP(lambda who: [PutCounters(what, kind, amount)])

    # -- tokens and mana -------------------------------------------------------------------

    def token(self, c):
        amount, pt, colors, *rest = c
        keywords = rest.pop() or ()
        types = rest.pop()
        subtypes = tuple(canonical_subtype(str(t)) for t in rest)
        power, toughness = str(pt).split("/")
        if power == toughness == "x":   # tokens helper: "an X/X ... token" (CR 107.3)
            spec = TokenSpec(" ".join(subtypes) + " Token", 0, 0, colors, types, subtypes, keywords)
            return (spec, amount, False, X())
        if "x" in power or "x" in toughness:
            raise Unsupported("X/X token")
        spec = TokenSpec(" ".join(subtypes) + " Token", int(power), int(toughness), colors,
                         types, subtypes, keywords)
        return (spec, amount)

    def token_colors(self, c):
        return tuple(c)

    def token_types(self, c):
        return tuple(str(t).capitalize() for t in c if t is not None)

    def mana_symbols(self, c):
        return AddMana(mana_letters(c[0]))

    def mana_per_counter(self, c):
        token, kind = c
        return AddMana(mana_letters(token), amount=CountersOn(This(), kind))

    def mana_any_color(self, c):
        return AddMana(any_color=True, amount=c[0])

    # -- more effect sentences (branch "effects") ------------------------------------------

    _DELAYED_UNREACHABLE = (Target, TriggerObject, TriggerPlayer, DefendingPlayer, Chosen)

    def delayed_next_upkeep(self, c):
        """CR 603.7: "[effects] at the beginning of the next turn's upkeep"."""
        effects = tuple(c[0])
        if contains(effects, lambda v: isinstance(v, self._DELAYED_UNREACHABLE)):
            raise Unsupported("a delayed upkeep trigger referring to targets or event objects")
        return [DelayedTrigger("next_upkeep", effects)]

    def if_you_do(self, c):
        return [IfYouDo(tuple(c[0]))]   # checked against the "you may" before it: finish_effects

    def combat(self, c):
        return True

    def vp_prevent_all(self, c):
        combat = bool(c[0])
        return VP(lambda who: [PreventAllDamage(combat)])

    def _prevent_ref(self, ref):
        if isinstance(ref, Target) and self.ctx.targets[ref.index].kind == "spell":
            raise Unsupported("preventing damage a spell would deal")
        if isinstance(ref, All) and ref.filter.zone != "battlefield":
            raise Unsupported("preventing damage of spells or cards")
        if not isinstance(ref, (Target, This, TriggerObject, All, You, EachPlayer, EachOpponent)):
            raise Unsupported(f"preventing damage of {type(ref).__name__}")
        return ref

    def vp_prevent_all_to(self, c):
        combat, to = bool(c[0]), self._prevent_ref(c[1])
        return VP(lambda who: [PreventAllDamage(combat, to=to)])

    def vp_prevent_all_by(self, c):
        combat, by = bool(c[0]), self._prevent_ref(c[-1])
        if isinstance(by, (You, EachPlayer, EachOpponent)):
            raise Unsupported("damage dealt by players")
        return VP(lambda who: [PreventAllDamage(combat, by=by)])

    def vp_prevent_all_to_and_by(self, c):
        combat, ref = bool(c[0]), self._prevent_ref(c[-1])
        if isinstance(ref, (You, EachPlayer, EachOpponent, All)):
            raise Unsupported("'dealt to and dealt by' a group or players")
        return VP(lambda who: [PreventAllDamage(combat, by=ref, to_and_by=True)])

    def vp_gain_control(self, c):
        what = self._permanent_or_card(c[0])

        def make(who):
            if who != You():
                raise Unsupported("another player than you gains control")
            return [GainControl(what, duration="permanent")]
        return VP(make)

    def look_top_put_one(self, c):
        amount, rest = c
        return [LookTopPutOne(amount, rest)]

    def look_top_reveal(self, c):
        amount, fnp, rest = c
        return [LookTopPutOne(amount, rest, reveal=replace(fnp.target_filter(), zone="library"))]

    def may_pay_mana(self, c):
        who, cost = c
        if who != You():
            raise Unsupported("another player than you may pay")
        return [Optional_((PayMana(mana(cost)),), who=who)]

    def st_doesnt_untap(self, c):
        return Line("abilities", (StaticAbility(DoesntUntap(c[0])),))

    def st_self_doesnt_untap(self, c):
        return Line("abilities", (StaticAbility(DoesntUntap(This())),))

    def rest_bottom_any(self, c):
        return "bottom_any"

    def rest_bottom_random(self, c):
        return "bottom_random"

    def rest_graveyard(self, c):
        return "graveyard"

    def rest_top_any(self, c):
        return "top_any"

    def _copy_what(self, what):
        """Only instant and sorcery spells are copied (a copy of a permanent spell would become a
        token, CR 707.10f, which the engine does not do)."""
        if isinstance(what, TriggerObject):   # copies2: the spell of a cast trigger (CR 707.10)
            return self._copy_trigger_spell(what)
        if not isinstance(what, Target) or self.ctx.targets[what.index].kind != "spell":
            raise Unsupported("copying something else than a target spell")
        spec = self.ctx.targets[what.index]
        if spec.count_max != 1 or not spec.filter.types or not set(spec.filter.types) <= {"instant", "sorcery"}:
            raise Unsupported("copying a spell that may be a permanent spell")
        return what

    def copy_spell(self, c):
        return [CopySpell(self._copy_what(c[0]))]

    def copy_spell_new_targets(self, c):
        return [CopySpell(self._copy_what(c[0]), new_targets=True)]

    def vp_sacrifice_this(self, c):
        if c[0] != This():
            raise Unsupported("sacrificing an object other than this one")

        def make(who):
            if who != You():
                raise Unsupported("another player sacrifices this object")
            return [SacrificeThis()]
        return VP(make)

    def vp_sacrifice_another(self, c):
        # "sacrifice another creature": any but this object (CR 701.21a; Filter.other)
        f = replace(c[0].filter, other=True)
        return VP(lambda who: [Sacrifice(who, f, 1)])

    def may_put_from_hand(self, c):
        who, fnp, tapped = c
        f = fnp.filter
        # an Aura would need something to enchant (CR 303.4f): only these card types
        if not f.types or not set(f.types) <= {"land", "creature", "artifact"} or "Aura" in f.subtypes:
            raise Unsupported("putting this kind of card from a hand onto the battlefield")
        if not isinstance(who, (You, EachPlayer, EachOpponent, Target, TriggerPlayer, DefendingPlayer)):
            raise Unsupported(f"{type(who).__name__} puts a card from a hand")
        return [Optional_((PutFromHand(who, replace(f, zone="hand"), bool(tapped)),), who=who)]

    def then_sentence(self, c):
        # "Then [clauses]." : sentences are carried out in order anyway (CR 608.2c)
        return c[0]

    def _one_object(self, what, verb: str):
        """Effects that need exactly one object (fight, put on a library): a single target,
        this object, or "it"."""
        self._permanent_or_card(what)
        if isinstance(what, Target):
            spec = self.ctx.targets[what.index]
            if spec.kind != "object" or spec.count_max != 1:
                raise Unsupported(f"{verb} with several or non-object targets")
            return what
        if isinstance(what, (This, TriggerObject)):
            return what
        raise Unsupported(f"{verb} of {type(what).__name__}")

    def fight(self, c):
        a, b = c
        return [Fight(self._one_object(a, "fight"), self._one_object(b, "fight"))]

    def skip_next_untap(self, c):
        what = self._permanent_or_card(c[0])
        return [SkipNextUntap(what)]

    def deal_damage_two(self, c):
        # "deals N damage to each creature and each player": one event per recipient (CR 120.2)
        source, amount, objs, who = c
        return [DealDamage(amount, objs, source), DealDamage(amount, who, source)]

    def deal_damage_split(self, c):
        source, a1, r1, a2, r2 = c
        return [DealDamage(a1, r1, source), DealDamage(a2, r2, source)]

    def vp_put_on_library_top(self, c):
        what = self._one_object(c[0], "put on a library")
        return VP(lambda who: [PutOnLibrary(what, "top")])

    def vp_put_on_library_bottom(self, c):
        what = self._one_object(c[0], "put on a library")
        return VP(lambda who: [PutOnLibrary(what, "bottom")])

    def vp_prevent_next(self, c):
        amount, to = c
        if isinstance(to, Recipients):   # "each creature and each player": a shield each (CR 615.7)
            if any(isinstance(r, All) and r.filter.zone != "battlefield" for r in to.refs):
                raise Unsupported("preventing damage to spells or cards")
            return VP(lambda who: [PreventDamage(amount, r) for r in to.refs])
        if isinstance(to, All) and to.filter.zone != "battlefield":
            raise Unsupported("preventing damage to spells or cards")
        return VP(lambda who: [PreventDamage(amount, to)])

    def vp_gain_control_eot(self, c):
        what = self._permanent_or_card(c[0])

        def make(who):
            if who != You():
                raise Unsupported("another player than you gains control")
            return [GainControl(what)]
        return VP(make)
