"""Parse tree -> ability IR: `OracleTransformer`.

One ``OracleTransformer`` transforms one ability line with a ``Context`` that lives as long as
the ability (`judgetower.oracle.transform.context`). Its callbacks are named after the rules and
aliases of the grammar and Lark finds them by name; they live in one module per section of the
grammar (``transform/*.py``) and per mechanic family (``oracle/mechanics/*.py``), and the class
below lists them ONCE. No callback name is defined twice (``tests/test_oracle_callbacks.py``).
"""

from __future__ import annotations

from lark import Transformer

from .context import (
    VP, ActivationRestriction, Context, FilterNP, LeadingIf, Line, Unsupported, contains,
    finish_effects, mana, mana_letters, peephole, pt_mod, walk_replace,
)
from .context import _pt_x_resolved
from .abilities import AbilityCallbacks
from .costs import CostCallbacks
from .triggers import TriggerCallbacks
from .conditions import ConditionCallbacks
from .statics import StaticCallbacks
from .static_keywords import StaticKeywordCallbacks
from .effects import EffectCallbacks
from .references import ReferenceCallbacks
from .zone_changes import ZoneChangeCallbacks
from .token_creation import TokenCreationCallbacks
from .cost_changes import CostChangeCallbacks
from .combat_restrictions import CombatRestrictionCallbacks
from ..mechanics.activated import ActivatedMechanicsCallbacks
from ..mechanics.split_cards import SplitCardCallbacks
from ..mechanics.exile_casting import ExileCastingCallbacks
from ..mechanics.faces import FacesCallbacks
from .copies import CopiesCallbacks
from .untap_and_durations import UntapAndDurationsCallbacks
from .library import LibraryCallbacks
from ..mechanics.counters import CountersCallbacks
from ..mechanics.attachments import AttachmentsCallbacks
from ..mechanics.tokens import TokenMechanicsCallbacks
from ..mechanics.alternative_costs import AlternativeCostsCallbacks
from .hand_graveyard import HandGraveyardCallbacks
from .replacement import ReplacementCallbacks
from .activation import ActivationCallbacks
from .game_rule_changes import GameRuleChangesCallbacks
from .until_end_of_turn import UntilEndOfTurnCallbacks
from ..mechanics.combat_triggers import CombatTriggersCallbacks


class OracleTransformer(
        AbilityCallbacks,
        CostCallbacks,
        TriggerCallbacks,
        ConditionCallbacks,
        StaticCallbacks,
        StaticKeywordCallbacks,
        EffectCallbacks,
        ReferenceCallbacks,
        ZoneChangeCallbacks,
        TokenCreationCallbacks,
        CostChangeCallbacks,
        CombatRestrictionCallbacks,
        ActivatedMechanicsCallbacks,
        SplitCardCallbacks,
        ExileCastingCallbacks,
        FacesCallbacks,
        CopiesCallbacks,
        UntapAndDurationsCallbacks,
        LibraryCallbacks,
        CountersCallbacks,
        AttachmentsCallbacks,
        TokenMechanicsCallbacks,
        AlternativeCostsCallbacks,
        HandGraveyardCallbacks,
        ReplacementCallbacks,
        ActivationCallbacks,
        GameRuleChangesCallbacks,
        UntilEndOfTurnCallbacks,
        CombatTriggersCallbacks,
        Transformer,
):
    """One ability line's parse tree -> IR: the callbacks of every section and mechanic family,
    named after the rules and aliases of the grammar (Lark finds them by name)."""

    def __init__(self, ctx: Context | None = None):
        super().__init__(visit_tokens=False)
        self.ctx = ctx if ctx is not None else Context()
        self._conds_fresh_ctx = self.ctx if ctx is None else None   # conds: not a spell's text

    def __default__(self, data, children, meta):
        raise Unsupported(f"no IR for grammar rule {data!r}")
