"""Transformer callbacks for copies and spell variants (CR 707, 702.96 overload,
702.160 prototype). Mixed into ``OracleTransformer`` (Lark finds callbacks by name)."""

from __future__ import annotations

from ..ir import Keyword


class CopiesCallbacks:
    def copy_kw_prototype(self, c):
        """"Prototype {cost} — P/T" (CR 702.160a, 718.2): the alternative mana cost, power and
        toughness a prototyped spell and the permanent it becomes have (CR 718.3b)."""
        from .context import mana
        p, t = str(c[1]).split("/")
        if not (p.isdigit() and t.isdigit()):
            from .context import Unsupported
            raise Unsupported("a prototype with a variable power or toughness")
        return Keyword("prototype", (mana(c[0]), int(p), int(t)))

    def copy_kw_overload(self, c):
        """"Overload {cost}" (CR 702.96a). The text the overloaded spell has ("target" changed
        to "each", CR 702.96c) is compiled with the whole card (compiler ``_copies2_overload``)."""
        from .context import mana
        return Keyword("overload", (mana(c[0]), None))

    def copy_enter_as_copy(self, c):
        """"You may have ~ enter the battlefield as a copy of any creature on the battlefield"
        (CR 707.5, 614.1c): a static ability (a replacement effect as it enters)."""
        from lark import Token

        from ..ir import EntersAsCopy, StaticAbility
        from .context import Line, Unsupported
        fnps = [x for x in c if x is not None and hasattr(x, "filter")]
        if len(fnps) != 1:
            raise Unsupported("enters as a copy of what")
        fnp = fnps[0]
        if fnp.head is not None or fnp.filter.zone != "battlefield":
            raise Unsupported("entering as a copy of something else than a permanent")
        equipment = not fnp.filter.types and set(fnp.filter.subtypes) == {"Equipment"}
        if not equipment and (not fnp.filter.types or not set(fnp.filter.types) <= {"creature", "artifact"}):
            # an Aura copy would have to be attached as it enters (CR 303.4f), a planeswalker
            # copy enters with loyalty (CR 306.5b), a land copy...: not done by the engine
            raise Unsupported("entering as a copy of permanents other than creatures and artifacts")
        pt = None
        for x in c:
            if isinstance(x, Token) and x.type == "PT":
                p, t = str(x).split("/")
                if not (p.isdigit() and t.isdigit()):
                    raise Unsupported("a copy with a variable power or toughness")
                pt = (int(p), int(t))
        return Line("abilities", (StaticAbility(EntersAsCopy(fnp.filter, *self._copy_add_types(c), set_pt=pt)),))

    def copy_enter_as_copy_except_pt(self, c):
        """"..., except it's 7/7" (CR 707.9b: part of the copy's copiable values)."""
        return self.copy_enter_as_copy(c)

    def copy_type_words(self, c):
        from lark import Token

        from ..subtypes import canonical_subtype
        types, subtypes = [], []
        for item in c:
            if isinstance(item, Token) and item.type == "SUBTYPE":
                subtypes.append(canonical_subtype(str(item)))
            else:
                types.append(str(item))
        return ("c2_types", tuple(types), tuple(subtypes))

    def _copy_add_types(self, c):
        for x in c:
            if isinstance(x, tuple) and x and x[0] == "c2_types":
                from .context import Unsupported
                if not set(x[1]) <= {"artifact", "creature", "enchantment"}:
                    raise Unsupported("a copy that gains this type")
                return x[1], x[2]
        return (), ()

    def copy_enter_as_copy_except_types(self, c):
        """"..., except it's a Spirit / an artifact in addition to its other types" (CR 707.9a,
        707.9b: part of the copy's copiable values)."""
        return self.copy_enter_as_copy(c)

    # -- "Whenever you cast an instant or sorcery spell, copy it / copy that spell" ------------
    def _copy_cast_trigger_copyable(self) -> bool:
        """The trigger is a cast trigger about instant and/or sorcery spells only (a copy of a
        permanent spell becomes a token, CR 707.10f, which the engine does not do)."""
        t = self.ctx.trigger
        f = getattr(t, "subject", None)
        return (t is not None and t.event == "cast" and f is not None and bool(getattr(f, "types", ()))
                and set(f.types) <= {"instant", "sorcery"})

    def _copy_trigger_spell(self, what):
        """"copy it" / "copy that spell" in "Whenever you cast an instant or sorcery spell, ...":
        the spell that triggered the ability (CR 707.10; if it has left the stack, its last known
        information is copied, CR 608.2h)."""
        from .context import Unsupported
        if not self._copy_cast_trigger_copyable():
            raise Unsupported("copying the spell of a trigger that is not about instant or sorcery spells")
        return what

    def _only_copied(self, trigger, ability) -> bool:
        """Every reference to the trigger's spell is the spell a CopySpell copies."""
        from dataclasses import fields, is_dataclass

        from ..ir import CopySpell, TriggerObject
        if not self._copy_cast_trigger_copyable():
            return False
        bad = []

        def walk(v, in_copy):
            if isinstance(v, TriggerObject) and not in_copy:
                bad.append(v)
            elif isinstance(v, CopySpell):
                walk(v.what, True)
            elif isinstance(v, (tuple, list)):
                for x in v:
                    walk(x, in_copy)
            elif is_dataclass(v) and not isinstance(v, type):
                for fl in fields(v):
                    walk(getattr(v, fl.name), False)
        walk(ability, False)
        return not bad

    # -- splice (CR 702.47a) ---------------------------------------------------------------------
    def copy_kw_splice_arcane(self, c):
        """"Splice onto Arcane [cost]" (CR 702.47a): onto a spell with the subtype Arcane."""
        from .context import Unsupported, mana
        if str(c[0]).lower() != "arcane":
            raise Unsupported("splice onto something else than Arcane")
        return Keyword("splice", ("arcane", mana(c[1])))

    def copy_kw_splice_instant_sorcery(self, c):
        """"Splice onto instant or sorcery [cost]" (CR 702.47a)."""
        from .context import mana
        return Keyword("splice", ("instant or sorcery", mana(c[0])))

    # -- "If you do, copy that spell." / "You may copy it." / "Copy it twice." ---------------
    def copy_new_targets(self, c):
        return True

    def _copy_copy(self, what, new_targets, n: int = 1) -> list:
        from ..ir import CopySpell
        return [CopySpell(self._copy_what(what), new_targets=bool(new_targets)) for _ in range(n)]

    def copy_if_you_do_copy(self, c):
        """"If you do, copy that spell." after "you may pay {2}." (CR 118.12, 707.10)."""
        from ..ir import IfYouDo
        return [IfYouDo(tuple(self._copy_copy(c[0], c[1])))]

    def copy_may_copy(self, c):
        """"You may copy it." (CR 707.10; JT-C1 takes the "may")."""
        from ..ir import Optional_, You
        return [Optional_(tuple(self._copy_copy(c[0], c[1])), who=You())]

    def copy_may_copy_and_new_targets(self, c):
        from ..ir import Optional_, You
        return [Optional_(tuple(self._copy_copy(c[0], True)), who=You())]

    def copy_copy_twice(self, c):
        """"Copy it twice": two copies, each put onto the stack in turn (CR 707.10)."""
        return self._copy_copy(c[0], c[1], 2)

    # -- "Whenever you cast or copy an instant or sorcery spell" -------------------------------
    def copy_ev_you_cast_or_copy(self, c):
        """A cast trigger (CR 601.2i) that also triggers when you copy such a spell (CR 707.10:
        a copy put onto the stack under your control by an effect you control)."""
        from dataclasses import replace
        t = self._cast(c[-1], "you")
        return self._trigger(replace(t, c2_or_copy=True))
