"""Token text: the predefined tokens of CR 111.10 and the compiled "text" of a token
(CR 111.3: the characteristics the creating effect defines, abilities included).

A token's abilities are compiled from its rules text with the card compiler, exactly as a card's
would be; a token whose text the compiler does not fully understand cannot be created, so the
effect that creates it is refused (``Unsupported``), never played wrongly.
"""

from __future__ import annotations

from functools import lru_cache

from .ir import TokenSpec

#: CR 111.10: predefined tokens -> (card type, rules text as printed in the CR)
PREDEFINED = {
    "Treasure": ("Artifact", "{T}, Sacrifice this token: Add one mana of any color."),          # 111.10a
    "Food": ("Artifact", "{2}, {T}, Sacrifice this token: You gain 3 life."),                   # 111.10b
    "Gold": ("Artifact", "Sacrifice this token: Add one mana of any color."),                   # 111.10c
    "Shard": ("Enchantment", "{2}, Sacrifice this token: Scry 1, then draw a card."),           # 111.10e
    "Clue": ("Artifact", "{2}, Sacrifice this token: Draw a card."),                            # 111.10f
    "Blood": ("Artifact", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),      # 111.10g
    "Powerstone": ("Artifact", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),  # 111.10h
    "Map": ("Artifact", "{1}, {T}, Sacrifice this token: Target creature you control explores. "
            "Activate only as a sorcery."),                                                   # 111.10s
    "Junk": ("Artifact", "{T}, Sacrifice this token: Exile the top card of your library. You may "
             "play that card this turn. Activate only as a sorcery."),                        # 111.10t
    "Lander": ("Artifact", "{2}, {T}, Sacrifice this token: Search your library for a basic land "
               "card, put it onto the battlefield tapped, then shuffle."),                    # 111.10u
}


class TokenTextUnsupported(Exception):
    """The token's rules text is not fully understood by the compiler."""


def compile_token_text(text: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> tuple:
    """The abilities of a token's rules text (CR 111.3). Raises TokenTextUnsupported."""
    from .compiler import compile_text
    compiled = compile_text("", text, types, subtypes)
    if not compiled.ok:
        raise TokenTextUnsupported("; ".join(compiled.unsupported))
    return compiled.abilities


@lru_cache(maxsize=None)
def predefined_token(name: str) -> TokenSpec:
    """CR 111.10: the predefined token ``name`` ("Treasure"): a colorless [name] artifact token
    with its defined ability. Raises KeyError (unknown) or TokenTextUnsupported."""
    card_type, text = PREDEFINED[name]
    abilities = compile_token_text(text, (card_type,), (name,))
    return TokenSpec(f"{name} Token", 0, 0, (), (card_type,), (name,), (), abilities)
