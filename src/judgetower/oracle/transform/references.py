"""References (CR 109, 115, 107): players, objects, targets, filters and amounts.

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from lark import Token
from dataclasses import replace
from typing import Any
from .. import ir
from ..ir import (
    All, Anthem, Chosen, ControllerOf, CountOf, CountersOn, DealDamage, DefendingPlayer,
    DefinePT, EachOpponent, EachPlayer, Enchanted, Equipped, Filter, HandSize, LinkedExiled,
    ManaValueOf, ModifyPT, OwnerOf, PlayerCount, PowerOf, Product, StatOf, StaticAbility,
    Target, TargetSpec, This, TriggerAmount, TriggerObject, TriggerPlayer, WhereX, X, You,
)
from ..subtypes import canonical_subtype
from .context import (
    CARD_TYPE_SINGULAR, COLOR_LETTERS, FILTER_LISTY, FilterNP, Line, NUMBER_WORDS, Recipients,
    Unsupported, _AMOUNT_EFFECTS, _keyword_key, _static_filter_ok, pt_mod, walk_replace,
)


class ReferenceCallbacks:
    """Callbacks for references."""

    # -- players ---------------------------------------------------------------------------

    def p_you(self, c):
        return You()

    def p_each_player(self, c):
        return EachPlayer()

    def p_each_opponent(self, c):
        return EachOpponent()

    def p_target_player(self, c):
        return self.ctx.add_target(TargetSpec("player"), is_object=False, is_player=True)

    def p_target_opponent(self, c):
        return self.ctx.add_target(TargetSpec("opponent"), is_object=False, is_player=True)

    def p_its_controller(self, c):
        return ControllerOf(self.ctx.it())

    def p_its_owner(self, c):
        return OwnerOf(self.ctx.it())

    def p_that_player(self, c):
        if self.ctx.antecedent_player is not None:
            return self.ctx.antecedent_player
        if self.ctx.trigger is not None and self.ctx.trigger.whose is not None:
            return TriggerPlayer()
        if self.ctx.trigger is not None and self.ctx.trigger.recipient is not None:
            return TriggerPlayer()  # triggers branch: the player dealt damage
        t = self.ctx.trigger
        if (t is not None and t.event == "enters" and isinstance(t.subject, Filter)
                and t.subject.controller == "opponent"):
            return ControllerOf(TriggerObject())  # triggers branch: the opponent it entered under
        raise Unsupported("'that player' without a player before it")

    def p_defending_player(self, c):
        return DefendingPlayer()

    # -- objects ---------------------------------------------------------------------------

    def this_ref(self, c):
        return This()

    def it_ref(self, c):
        return self.ctx.it()

    def that_object(self, c):
        if self.ctx.exiled:
            return Chosen("exiled")
        if self.ctx.antecedent is not None:
            return self.ctx.antecedent
        t = self.ctx.trigger  # triggers branch: "that creature" is the permanent the event was about
        if t is not None and t.event == "dies" and isinstance(t.subject, (Enchanted, Equipped)):
            return ir.DiedCard()   # auras2: "When enchanted creature dies, return that card ..." (CR 400.7e)
        if t is not None and isinstance(t.subject, Filter) and t.event in self.OBJECT_EVENTS:
            return TriggerObject()
        if t is not None and (t.by is not None or t.recipient == "creature"):
            return TriggerObject()  # the blocking/blocked creature, the creature dealt damage
        if t is not None and t.event == "cast":
            return TriggerObject()  # copies2: "that spell" of a cast trigger (checked by _check_trigger_refs)
        raise Unsupported("'that card' without an object before it")

    def linked_exiled(self, c):
        return LinkedExiled()

    def enchanted_ref(self, c):
        return Enchanted()

    def equipped_ref(self, c):
        return Equipped()

    def group(self, c):
        fnp = c[-1]
        if fnp.head == "spell":
            return All(replace(fnp.filter, zone="stack"))
        return All(fnp.filter)

    def _permanent_or_card(self, what):
        """Effects other than "counter" act on permanents and cards, not on spells (yet)."""
        if isinstance(what, Target) and self.ctx.targets[what.index].kind == "spell":
            raise Unsupported("this effect on a spell")
        if isinstance(what, All) and what.filter.zone == "stack":
            raise Unsupported("this effect on spells")
        return what

    def another(self, c):
        return True

    def _object_target(self, fnp: FilterNP, **counts) -> Target:
        if fnp.head == "spell":
            f = fnp.filter
            f = Filter() if f == Filter() else replace(f, zone="stack")
            return self.ctx.add_target(TargetSpec("spell", f, **counts))
        return self.ctx.add_target(TargetSpec("object", fnp.target_filter(), **counts))

    def t_object(self, c):
        another, fnp = c
        if another:
            if self.ctx.targets:
                # "another target" after a target means "not that one" (filters helper)
                return self._another_target(fnp)
            fnp = replace(fnp, filter=replace(fnp.filter, other=True))
        return self._object_target(fnp)

    def t_object_n(self, c):
        n, fnp = c
        return self._object_target(fnp, count_min=n, count_max=n)

    def t_object_up_to(self, c):
        n, fnp = c
        return self._object_target(fnp, count_min=0, count_max=n)

    # -- filters ---------------------------------------------------------------------------

    def filter_np(self, c):
        adjectives, nouns, *postmods = c
        values: dict[str, Any] = {}
        listy = {"types", "not_types", "colors", "not_colors", "subtypes", "supertypes"} | FILTER_LISTY

        def put(key, value):
            if key in listy:
                values[key] = values.get(key, ()) + (value,)
            elif key in values and values[key] != value:
                raise Unsupported(f"conflicting {key}")
            else:
                values[key] = value

        for key, value in adjectives or ():
            put(key, value)
        head = None
        kinds = set()
        nouns = self._filters_nouns(nouns, put)
        for noun in nouns:
            n_types, n_subtypes, n_head = noun
            if len(n_types) > 1 or len(n_subtypes) > 1:
                raise Unsupported("object with several types at once ('artifact creature')")
            if len(nouns) > 1 and n_types and n_subtypes:
                raise Unsupported("'or' of type-and-subtype nouns")
            for t in n_types:
                put("types", t)
                kinds.add("type")
            for s in n_subtypes:
                put("subtypes", s)
                kinds.add("subtype")
            if n_head:
                if head not in (None, n_head):
                    raise Unsupported("mixed head nouns")
                head = n_head
        if len(nouns) > 1 and len(kinds) > 1:
            raise Unsupported("'or' of card types and subtypes")
        if head == "token":
            put("token", True)
            head = None
        for postmod in postmods:
            for key, value in postmod:
                put(key, value)
        return FilterNP(Filter(**values), head)

    def adjectives(self, c):
        out = []
        for item in c:   # an adjective may stand for several entries ("attacking or blocking")
            out.extend(item if isinstance(item, list) else [item])
        return out

    def adj_color(self, c):
        return ("colors", c[0])

    def adj_non_color(self, c):
        return ("not_colors", c[0])

    def adj_non_type(self, c):
        return ("not_types", c[0])

    def adj_basic(self, c):
        return ("supertypes", "Basic")

    def adj_legendary(self, c):
        return ("supertypes", "Legendary")

    def adj_snow(self, c):
        return ("supertypes", "Snow")

    def adj_other(self, c):
        return ("other", True)

    def adj_token(self, c):
        return ("token", True)

    def adj_nontoken(self, c):
        return ("token", False)

    def type_union(self, c):
        return list(c)

    def type_noun(self, c):
        types: list[str] = []
        subtypes: list[str] = []
        head = None
        for item in c:
            if item is None:
                continue
            if isinstance(item, Token) and item.type == "SUBTYPE":
                subtypes.append(canonical_subtype(str(item)))
            elif isinstance(item, tuple) and item[0] == "head":
                head = item[1]
            else:
                types.append(item)
        return (tuple(types), tuple(subtypes), head)

    def card_type(self, c):
        word = str(c[0])
        return CARD_TYPE_SINGULAR.get(word, word)

    def head_noun(self, c):
        word = str(c[0])
        return ("head", {"cards": "card", "spells": "spell", "tokens": "token"}.get(word, word))

    def non_color(self, c):
        return COLOR_LETTERS[str(c[0])[3:]]

    def non_type(self, c):
        return str(c[0])[3:]

    def color(self, c):
        return COLOR_LETTERS[str(c[0])]

    def pm_you_control(self, c):
        return [("controller", "you")]

    def pm_opponent_controls(self, c):
        return [("controller", "opponent")]

    def pm_your_graveyard(self, c):
        return [("zone", "graveyard"), ("controller", "you")]

    def pm_a_graveyard(self, c):
        return [("zone", "graveyard")]

    def pm_your_hand(self, c):
        return [("zone", "hand"), ("controller", "you")]

    def pm_exile(self, c):
        return [("zone", "exile")]

    def pm_their_choice(self, c):
        return []

    # -- amounts ---------------------------------------------------------------------------

    def count_digits(self, c):
        return int(str(c[0]))

    def number_word(self, c):
        return NUMBER_WORDS[str(c[0])]

    def number_one(self, c):
        return 1

    def amount_one(self, c):
        return 1

    def amount_x(self, c):
        return X()

    def amount_trigger(self, c):
        if self.ctx.trigger is None:
            raise Unsupported("'that much' outside a triggered ability")
        return TriggerAmount()

    def amount_its_power(self, c):
        return PowerOf(self.ctx.it())

    def counter_count(self, c):
        return c[0]

    def counter_kind(self, c):
        return str(c[0])

    # -- noun-phrase generalisation (filters helper) ---------------------------------------

    def _filters_nouns(self, nouns, put):
        """"artifact creature" (several card types in one noun: all of them, CR 205.2a) and
        "Elf or Soldier creature" (subtypes joined by "or" sharing the last noun's card type)."""
        if len(nouns) == 1 and len(nouns[0][0]) > 1 and not nouns[0][1]:
            for t in nouns[0][0]:
                if t in ("permanent", "card", "spell"):
                    raise Unsupported("'permanent' among several card types")
                put("all_types", t)
            return [((), (), nouns[0][2])]
        if (len(nouns) > 1 and len(nouns[-1][0]) == 1 and nouns[-1][1]
                and all(not n[0] and n[1] and len(n[1]) == 1 and n[2] is None for n in nouns[:-1])
                and len(nouns[-1][1]) == 1):
            put("types", nouns[-1][0][0])
            for n in nouns:
                put("subtypes", n[1][0])
            return [((), (), nouns[-1][2])]
        return nouns

    def adj_tapped(self, c):
        return ("tapped", True)

    def adj_untapped(self, c):
        return ("tapped", False)

    def adj_attacking(self, c):
        return ("combat", "attacking")

    def adj_blocking(self, c):
        return ("combat", "blocking")

    def adj_attacking_or_blocking(self, c):
        return [("combat", "attacking"), ("combat", "blocking")]

    def adj_nonbasic(self, c):
        return ("not_supertypes", "Basic")

    def adj_nonlegendary(self, c):
        return ("not_supertypes", "Legendary")

    def adj_multicolored(self, c):
        return ("multicolored", True)

    def adj_monocolored(self, c):
        return ("multicolored", False)

    def adj_colorless(self, c):
        return ("colorless", True)

    def adj_non_subtype(self, c):
        word = str(c[0])[len("non-"):]
        try:
            return ("not_subtypes", canonical_subtype(word))
        except KeyError:
            raise Unsupported(f"'non-{word}': not a subtype") from None

    def pm_with_keywords(self, c):
        return [("with_keywords", _keyword_key(k)) for k in c[0]]

    def pm_without_keywords(self, c):
        return [("without_keywords", _keyword_key(k)) for k in c[0]]

    def stat(self, c):
        return "mana_value" if len(c) == 2 else str(c[0])

    def pm_stat_le(self, c):
        return [("compare", (c[0], "<=", c[1]))]

    def pm_stat_ge(self, c):
        return [("compare", (c[0], ">=", c[1]))]

    def pm_stat_le_x(self, c):
        return [("compare", (c[0], "<=", "X"))]

    def pm_stat_ge_x(self, c):
        return [("compare", (c[0], ">=", "X"))]

    def pm_power_or_toughness_le(self, c):
        return [("compare", ("power_or_toughness", "<=", c[0]))]

    def pm_power_or_toughness_ge(self, c):
        return [("compare", ("power_or_toughness", ">=", c[0]))]

    def pm_an_opponents_graveyard(self, c):
        return [("zone", "graveyard"), ("controller", "opponent")]

    def filter_np_shared_adjectives(self, c):
        """"noncreature artifact or noncreature enchantment": one set of adjectives for both
        nouns, written twice; different adjectives have no Filter (refused)."""
        adj1, noun1, adj2, noun2, *postmods = c
        if adj1 != adj2:
            raise Unsupported("'or' of nouns with different adjectives")
        return self.filter_np([adj1, [noun1, noun2], *postmods])

    def pm_with_counter(self, c):
        return [("with_counters", c[-1])]

    def pm_with_any_counter(self, c):
        return [("with_counters", "*")]

    def pm_without_counter(self, c):
        return [("without_counters", c[-1])]

    def t_player_or_planeswalker(self, c):
        return self.ctx.add_target(TargetSpec("player_or_planeswalker"), is_player=True)

    def t_opponent_or_planeswalker(self, c):
        return self.ctx.add_target(TargetSpec("opponent_or_planeswalker"), is_player=True)

    def _another_target(self, fnp: FilterNP) -> Target:
        """"Target creature you control ... another target creature": a different object from
        the earlier object targets of this ability."""
        earlier = tuple(i for i, s in enumerate(self.ctx.targets)
                        if s.kind in ("object", "any", "player_or_planeswalker",
                                      "opponent_or_planeswalker"))
        if fnp.head == "spell" or not earlier:
            raise Unsupported("'another target' after a spell or player target")
        return self.ctx.add_target(TargetSpec("object", fnp.target_filter(), distinct_from=earlier))

    def adj_color_or(self, c):
        return [("colors", c[0]), ("colors", c[1])]   # colours are "any of" (Filter.colors)

    def pm_without_any_counter(self, c):
        return [("without_counters", "*")]

    def amount_its_mana_value(self, c):
        return ManaValueOf(self.ctx.it())

    def t_object_one_or_two(self, c):
        return self._object_target(c[-1], count_min=1, count_max=2)

    def t_object_any_number(self, c):
        return self._object_target(c[-1], count_min=0, count_max=None)

    def _stat_filter(self, fnp) -> Filter:
        f = fnp.filter
        if f.zone != "battlefield" or f.other or fnp.head is not None:
            raise Unsupported("a statistic of objects outside the battlefield or 'other' ones")
        return f

    def amount_greatest(self, c):
        stat, fnp = c
        return StatOf(self._stat_filter(fnp), stat, "max")

    def amount_total_power(self, c):
        return StatOf(self._stat_filter(c[-1]), "power", "sum")

    def pm_other_than_self(self, c):
        return [("other", True)]

    @staticmethod
    def _yours(c):
        fnp = c[-1]
        if fnp.filter.controller not in (None, "you"):
            raise Unsupported("conflicting controller")
        return [*c[:-1], replace(fnp, filter=replace(fnp.filter, controller="you"))]

    def ev_filter_enters_yours(self, c):
        return self.ev_filter_enters(self._yours(c))

    def ev_other_enters_yours(self, c):
        return self.ev_other_enters(self._yours(c))

    def ev_self_or_other_enters_yours(self, c):
        return self.ev_self_or_other_enters(self._yours(c))

    def pm_on_battlefield(self, c):
        return [("zone", "battlefield")]

    def pm_blocking_self(self, c):
        return [("combat_self", "blocking_self")]

    def pm_blocked_by_self(self, c):
        return [("combat_self", "blocked_by_self")]

    def pm_blocking_or_blocked_by_self(self, c):
        return [("combat_self", "blocking_self"), ("combat_self", "blocked_by_self")]

    def counted_filter(self, c):
        fnp = c[0]
        if fnp.head == "spell" or fnp.filter.zone not in ("battlefield", "hand", "graveyard"):
            raise Unsupported("counting objects outside the battlefield, hands and graveyards")
        if fnp.filter.other:
            raise Unsupported("counting 'other' objects")
        return CountOf(fnp.filter)

    def counted_hand(self, c):
        return HandSize(c[-1])

    def counted_opponents(self, c):
        return PlayerCount(EachOpponent())

    def counted_counters(self, c):
        kind, ref = c
        if ref != This():
            raise Unsupported("counting counters on another object than this one")
        return CountersOn(ref, kind)

    def deal_damage_equal_first(self, c):
        source, amount, to = c
        return self.deal_damage_equal([source, to, amount])

    def counted_amount(self, c):
        return c[-1]

    def token_x(self, c):
        return self.token([X(), *c])

    def vp_put_x_counters(self, c):
        return self.vp_put_counters([X(), *c])

    def amount_twice_x(self, c):
        return Product(2, X())

    def objects_and_players(self, c):
        group, player = c
        return Recipients((group, player))

    def deal_damage_equal(self, c):
        source, to, amount = c
        if isinstance(to, Recipients):
            return [DealDamage(amount, r, source) for r in to.refs]
        return [DealDamage(amount, to, source)]

    def for_each_sentence(self, c):
        """"You gain 1 life for each creature you control": the one number of the sentence is
        multiplied by the count (CR 107.1); a sentence with no or several numbers is refused."""
        items, counted = c
        found = []

        def fn(node):
            if isinstance(node, _AMOUNT_EFFECTS) and isinstance(node.amount, int):
                found.append(node)
                return replace(node, amount=Product(node.amount, counted)
                               if node.amount != 1 else counted)
            return node

        def fn_pt(node):
            if isinstance(node, ModifyPT) and node.per is None and (node.power or node.toughness):
                found.append(node)
                return replace(node, per=counted)
            return node

        out = [walk_replace(walk_replace(item, fn), fn_pt) for item in items]
        if len(found) != 1:
            raise Unsupported("'for each' with no single amount to multiply")
        return out

    def where_x_sentence(self, c):
        """"... X damage ..., where X is the number of ...": X is that amount (CR 107.3)."""
        items, amount = c
        if any(v == "X" for spec in self.ctx.targets for _, _, v in spec.filter.compare):
            raise Unsupported("'where X is' with X in a target description")
        found = []

        def fn(node):
            if isinstance(node, X):
                found.append(node)
                return WhereX(amount)
            return node

        out = [walk_replace(item, fn) for item in items]
        if not found:
            raise Unsupported("'where X is' without an X")
        self.ctx.pt_x_pending = False
        return out

    def cda_amount(self, c):
        plus, amount = c
        if isinstance(amount, CountOf) and (amount.filter.compare or amount.filter.with_keywords
                                            or amount.filter.without_keywords):
            # layer 7a is applied before keywords (layer 6) and other P/T effects (CR 613.4)
            raise Unsupported("characteristic-defining count by power, toughness or keywords")
        return (plus or 0, amount)

    def _define_pt(self, c, power: bool, toughness: bool):
        plus, amount = c[0]
        return Line("abilities", (StaticAbility(DefinePT(
            amount if power else None, amount if toughness else None, plus)),))

    def st_define_pt_both(self, c):
        return self._define_pt(c, True, True)

    def st_define_pt_power(self, c):
        return self._define_pt(c, True, False)

    def st_define_pt_toughness(self, c):
        return self._define_pt(c, False, True)

    def st_anthem_for_each(self, c):
        affected, token, counted = c
        p, t = pt_mod(token)
        _static_filter_ok(affected, False)
        if isinstance(counted, CountOf) and any(
                stat in ("power", "toughness") for stat, _, _ in counted.filter.compare):
            raise Unsupported("static count of objects described by power or toughness")
        return Line("abilities", (StaticAbility(Anthem(affected, p, t, per=counted)),))
