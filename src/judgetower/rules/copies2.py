"""copies2: copies and spell variants in the engine.

* Prototype (CR 702.160a, 718): a prototype card may be cast "prototyped": while casting it and
  as the spell and the permanent it becomes, it has only its alternative mana cost, power and
  toughness, and the colours of that mana cost (CR 718.3a, 718.3b); copies of it keep them
  (CR 718.2a, 718.3c, 718.3d); in every other zone it has its normal characteristics (CR 718.4).
  The engine offers it as the card's alternative way to cast it (``Cast.alternative``).
  Judge Tower: its reminder text reads "You may cast this spell with different mana cost, color,
  and size": a "may" taken when able (JT-C1, R9), so in referee mode the card is cast prototyped
  whenever that is possible, as with the alternative costs "you may ... rather than pay".
* Overload (CR 702.96): "You may choose to pay [cost] rather than pay this spell's mana cost" and
  "If you chose to pay this spell's overload cost, change its text by replacing all instances of
  the word 'target' with the word 'each'." (CR 702.96a-c); the overloaded text is compiled with the
  card (compiler ``_copies2_overload``) and is the spell's text only while on the stack (CR 612,
  702.96c: the text-changing effect is the spell's own). Judge Tower: an alternative cost the
  keyword defines as "you may choose to pay [cost] rather than pay this spell's mana cost" is
  used when able (JT-C1, R9), like Force of Will's.
"""

from __future__ import annotations

import copy

from judgetower.oracle import ir


def prototype_of(o):
    """(mana cost, power, toughness) of the object's prototype keyword (CR 718.2), or None."""
    compiled = getattr(o, "compiled", None)
    for ab in getattr(compiled, "abilities", ()):
        if isinstance(ab, ir.Keyword) and ab.name == "prototype":
            return ab.arg
    return None


def overload_of(o):
    """(mana cost, overloaded CompiledCard) of the object's overload keyword, or None."""
    compiled = getattr(o, "compiled", None)
    for ab in getattr(compiled, "abilities", ()):
        if isinstance(ab, ir.Keyword) and ab.name == "overload" and ab.arg[1] is not None:
            return ab.arg
    return None


def prototyped_chars(obj, ch):
    """CR 718.3b: a prototyped spell, and the permanent it becomes, have only the alternative
    power, toughness and mana cost (its mana value, CR 202.3), and the colours of that cost
    (CR 105.2); other characteristics stay (CR 718.5)."""
    from judgetower.cards.card import colors_of_cost, mana_value_of
    proto = prototype_of(obj)
    if proto is None:
        return ch
    cost, p, t = proto
    ch.power, ch.toughness = p, t
    ch.mana_value = mana_value_of(cost)
    ch.colors = tuple(colors_of_cost(cost))
    return ch


class Copies2Mixin:
    # ---- alternative ways to cast: prototype and overload -------------------------------------
    def copies2_alt_cost(self, ab):
        """The alternative cost the engine offers for a keyword, or None: overload's (CR 702.96a,
        an alternative cost, CR 118.9); prototype's alternative mana cost (CR 718.3a: the spell
        is evaluated and paid with only that mana cost)."""
        if isinstance(ab, ir.Keyword) and ab.name == "prototype":
            return ir.Cost(mana=ab.arg[0])
        if isinstance(ab, ir.Keyword) and ab.name == "overload":
            return ir.Cost(mana=ab.arg[0])   # (a card whose overloaded text isn't understood is refused)
        return None

    def copies2_cast_view(self, o, alternative: bool):
        """A stand-in for ``o`` as it would be cast (CR 601.2): overloaded, it has the text
        with "each" and no targets (CR 702.96b), so it needs none to be cast."""
        ov = overload_of(o) if alternative else None
        if ov is None:
            return o
        view = copy.copy(o)
        view.compiled = ov[1]
        return view

    def copies2_on_cast(self, p: int, spell) -> None:
        """Called as a spell is cast, before its modes, costs and targets (CR 601.2b-c)."""
        if not getattr(spell, "alternative", False):
            return
        name = self.players[p].name
        if prototype_of(spell) is not None:
            cost, pw, tg = prototype_of(spell)
            spell.copies2_prototyped = True
            self.touch()
            self.log.add(f"{name} casts {spell.name} prototyped ({cost}, {pw}/{tg})", "CR 702.160a", "CR 718.3b")
            return
        ov = overload_of(spell)
        if ov is not None:
            # CR 702.96c: a text-changing effect on the spell; the card's own text comes back
            # when it leaves the stack (``home``, see Game.move)
            spell.home = (spell.card, spell.compiled)
            spell.compiled = ov[1]
            spell.copies2_overloaded = True
            self.touch()
            self.log.add(f"{name} casts {spell.name} for its overload cost {ov[0]}: \"target\" becomes "
                         "\"each\"", "CR 702.96a", "CR 702.96b")

    def copies2_carry(self, o, new, from_zone: str, to_zone: str) -> None:
        """CR 718.3b: the permanent a prototyped spell becomes is prototyped too; in any other
        zone it has its normal characteristics (CR 718.4)."""
        if from_zone == "stack" and to_zone == "battlefield" and getattr(o, "copies2_prototyped", False):
            new.copies2_prototyped = True

    def copies2_mana_cost(self, o) -> str:
        """The mana cost of an object as a string (CR 202.1): a prototyped one has its alternative
        mana cost (CR 718.3b)."""
        if getattr(o, "copies2_prototyped", False) and prototype_of(o) is not None:
            return prototype_of(o)[0]
        return o.card.mana_cost or ""
