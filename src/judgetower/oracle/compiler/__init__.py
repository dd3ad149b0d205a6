"""Oracle text -> CompiledCard.

Per card: split the text into lines (Oracle prints one ability per line),
drop reminder text (CR 207.2a), normalise each line (see ``normalise``), parse it with the
grammar, transform the tree to IR (`judgetower.oracle.transform`), then assemble the card:

* a land's basic land types give their intrinsic mana abilities first (CR 305.6);
* every line's abilities follow in printed order;
* the effect lines of an instant or sorcery form one SpellAbility (CR 113.3a), placed where the
  first of them is printed;
* a modal spell's "Choose one —" (two, one or both, one or more) and the bulleted lines after it
  form one Modal (CR 700.2), each mode its own SpellAbility; a mode not understood makes the card
  unsupported;
* linked abilities (CR 607.2a): when an ability mentions "the exiled card", the exile effects of
  this object's other abilities are marked ``linked``.

Nothing is dropped: a line that does not parse, or parses into something the IR cannot express,
is reported in ``CompiledCard.unsupported`` (sentence by sentence where the sentences can be told
apart) and the card is not ``ok``.
"""

from __future__ import annotations

from ..ir import CompiledCard
from .assemble import (
    _compile, compile_card, compile_faces_card, compile_line, compile_modes, compile_text,
    compile_trigger_modes, intrinsic_mana_abilities, outside_stack_abilities,
)
from .cache import _DISK, _DiskCache
from .lines import (
    ABILITY_WORDS, MODAL_HEADERS, PERMANENT_TYPES, SELF_NOUNS, normalise, quote_searched_names,
    self_names, split_sentences, strip_ability_word, strip_reminder,
)

__all__ = ["ABILITY_WORDS", "MODAL_HEADERS", "PERMANENT_TYPES", "SELF_NOUNS", "compile_card",
           "compile_faces_card", "compile_line", "compile_modes", "compile_text",
           "compile_trigger_modes", "intrinsic_mana_abilities", "normalise", "outside_stack_abilities",
           "quote_searched_names", "self_names", "split_sentences", "strip_ability_word",
           "strip_reminder"]
