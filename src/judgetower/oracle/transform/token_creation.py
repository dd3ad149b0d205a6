"""Token forms (CR 111.3, 111.10, 701.7, 707.2) and granted quoted abilities (CR 613.1f). The token
rule's alternatives return (TokenSpec, amount, tapped).

Callbacks of `judgetower.oracle.transform.OracleTransformer` (Lark finds them by rule name)."""

from __future__ import annotations

from dataclasses import replace
from .. import ir
from ..ir import All, StaticAbility, X
from ..subtypes import canonical_subtype
from .context import Line, TkItHas, Unsupported, VP, _static_filter_ok


class TokenCreationCallbacks:
    """Callbacks for token forms."""

    # -- tokens helper: more token forms (CR 111.3, 111.10, 701.7, 707.2) -------------------------
    # The token rule's tk_ alternatives return (TokenSpec, amount, tapped).

    def tk_token(self, c):
        amount, spec = c
        return (spec, amount, False)

    def tk_token_tapped(self, c):
        amount, spec = c
        return (spec, amount, True)

    def tk_token_equal(self, c):
        spec, amount = c
        return (spec, amount, False)

    def tk_token_equal_tapped(self, c):
        spec, amount = c
        return (spec, amount, True)

    def tk_x(self, c):
        return X()

    def tk_predefined(self, c):
        """CR 111.10: "a Treasure token" is the predefined Treasure token, its ability compiled
        from its rules text (refused if the compiler does not understand that text)."""
        from ..token_text import PREDEFINED, TokenTextUnsupported, predefined_token
        name = canonical_subtype(str(c[0]))
        if name not in PREDEFINED:
            raise Unsupported(f"{name} token: not a predefined token (CR 111.10)")
        try:
            return predefined_token(name)
        except TokenTextUnsupported as exc:
            raise Unsupported(f"{name} token's ability: {exc}")

    def tk_creature_plain(self, c):
        spec, _, *pt = self.token([1, *c])
        if pt:
            raise Unsupported("X/X token in this form")
        return spec

    def tk_creature_quoted(self, c):
        """'... creature token with "When this creature dies, ..."' (CR 111.3: the quoted
        ability is part of the token's text; it is compiled like a card's ability, and "this
        creature" in it is the token itself, CR 201.5)."""
        from ..token_text import TokenTextUnsupported, compile_token_text
        *rest, quoted = c
        spec, _, *pt = self.token([1, *rest])
        if pt:
            raise Unsupported("X/X token in this form")
        text = str(quoted)[1:-1].strip()
        try:
            abilities = compile_token_text(text, tuple(t.lower() for t in spec.types), spec.subtypes)
        except TokenTextUnsupported as exc:
            raise Unsupported(f"token ability: {exc}")
        return replace(spec, abilities=abilities)

    def tk_vp_create_copy(self, c):
        """"Create a token that's a copy of [object]" (CR 707.2)."""
        what = c[0]
        if isinstance(what, All):
            raise Unsupported("a token copy of a group")
        return VP(lambda who: [ir.CreateTokenCopy(what, 1, who)])

    def tk_vp_create_copies(self, c):
        amount, what = c
        if isinstance(what, All):
            raise Unsupported("token copies of a group")
        return VP(lambda who: [ir.CreateTokenCopy(what, amount, who)])

    def tk_it_has(self, c):
        return [TkItHas(str(c[0])[1:-1].strip())]

    def tk_st_grant_ability(self, c):
        """'Enchanted creature has "{T}: Add {G}."' (CR 613.1f): the quoted ability, compiled like
        a card's, is granted to each affected object; only activated abilities (granted triggered
        or static abilities are not expressed by the engine)."""
        from ..token_text import TokenTextUnsupported, compile_token_text
        affected, quoted = c
        _static_filter_ok(affected, True)
        text = str(quoted)[1:-1].strip()
        try:
            abilities = compile_token_text(text, ("creature",), ())
        except TokenTextUnsupported as exc:
            raise Unsupported(f"granted ability: {exc}")
        if not abilities or not all(isinstance(a, ir.ActivatedAbility) for a in abilities):
            raise Unsupported("granted ability other than an activated ability")
        return Line("abilities", (StaticAbility(ir.GrantAbilities(affected, tuple(abilities))),))

    def tk_st_grant_keywords_ability(self, c):
        """'Enchanted creature has vigilance and "{T}: ..."': keywords and an activated ability,
        both granted in layer 6 (CR 613.1f)."""
        affected, keywords, quoted = c
        granted = self.tk_st_grant_ability([affected, quoted]).items
        return Line("abilities", self.st_grant([affected, keywords]).items + granted)

    def tk_token_that_many(self, c):
        """"create that many 1/1 ... tokens": the amount of the trigger event (CR 603.2)."""
        return (c[0], self.amount_trigger([]), False)
