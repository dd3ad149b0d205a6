"""Transformer callbacks for library, hand and graveyard effects (CR 401, 402, 404,
701.9 discard, 701.24 shuffle, 701.48 learn, 702.124 partner). A mixin of ``OracleTransformer``
(Lark finds the callbacks by name); the grammar is grammar/hand_graveyard.lark."""

from __future__ import annotations

from dataclasses import replace

from . import context as _tx   # VP, Unsupported (a cycle: only used when a callback runs)
from ..ir import (
    Filter, TargetSpec, You, Keyword, StaticAbility, TopCardVisible, LookTop, TopCardLookedAt, HandToBottom, PutChosenOnTop, Clash, PutNthFromTop, NoMaxHandSize, ShuffleInstead, PutOnTopOfLibrary, ExileGraveyard, DiscardHandDraw,
    ShuffleHandGraveyard, Learn, ChooseFromHandExile, ExileToOwnersGraveyard,
)


def _only_you(who) -> bool:
    if who != You():
        raise _tx.Unsupported("another player than you puts cards into your library")
    return True


class HandGraveyardCallbacks:
    """Callbacks of the grammar's zones4 block."""

    def zones_put_on_your_library_top(self, c):
        """CR 401.1: only cards of your graveyard go into "your library" (library2's check)."""
        what = self._library_your_graveyard_cards(c[0], "put on top of your library")
        return _tx.VP(lambda who: _only_you(who) and [PutOnTopOfLibrary(what)])

    def zones_exile_graveyard(self, c):
        whose = c[-1]
        return _tx.VP(lambda who: [ExileGraveyard(whose)])

    def zones_plus_one(self, c):
        return 1

    def zones_discard_hand_draw(self, c):
        plus = 1 if c and c[-1] == 1 else 0
        return _tx.VP(lambda who: [DiscardHandDraw(who, plus)])

    def zones_shuffle_hand_graveyard(self, c):
        return _tx.VP(lambda who: [ShuffleHandGraveyard(who)])

    def zones_learn(self, c):
        return _tx.VP(lambda who: _only_you(who) and [Learn(who)])

    def zones_exile_to_graveyard(self, c):
        return _tx.VP(lambda who: _only_you(who) and [ExileToOwnersGraveyard()])

    def zones_choose_exile(self, c):
        fnp = c[-1]
        if self.ctx.antecedent_player is None:
            raise _tx.Unsupported("'from it' without a revealed hand before it")
        return [ChooseFromHandExile(self.ctx.antecedent_player, replace(fnp.filter, zone="hand"))]

    def zones_choose_exile_mv(self, c):
        n = c[-1]
        if not isinstance(n, int):
            raise _tx.Unsupported("a variable mana value")
        if self.ctx.antecedent_player is None:
            raise _tx.Unsupported("'from it' without a revealed hand before it")
        return [ChooseFromHandExile(self.ctx.antecedent_player,
                                          Filter(zone="hand", compare=(("mana_value", ">=", n),)))]

    def zones_t_single_graveyard(self, c):
        n = c[0]
        if not isinstance(n, int):
            raise _tx.Unsupported("a variable number of targets")
        return self.ctx.add_target(TargetSpec("object", Filter(zone="graveyard"), count_min=0, count_max=n,
                                              zones4_single_graveyard=True))

    def zones_t_x_single_graveyard(self, c):
        raise _tx.Unsupported("X target cards (the number of targets is X)")

    def zones_st_look_top(self, c):
        return _tx.Line("abilities", (StaticAbility(TopCardVisible("you", False)),))

    def zones_st_you_top_revealed(self, c):
        return _tx.Line("abilities", (StaticAbility(TopCardVisible("you", True)),))

    def zones_st_players_top_revealed(self, c):
        return _tx.Line("abilities", (StaticAbility(TopCardVisible("each", True)),))

    def zones_look_top(self, c):
        whose = c[-1]
        self.ctx.antecedent = TopCardLookedAt()   # a later "it" is that card: refused (compile_line)
        return _tx.VP(lambda who: _only_you(who) and [LookTop(whose, False)])

    def zones_reveal_top(self, c):
        self.ctx.antecedent = TopCardLookedAt()   # a later "it" is that card: refused (compile_line)
        return _tx.VP(lambda who: [LookTop(who, True)])

    def zones_reveal_choose_exile_until(self, c):
        who, fnp = c[0], c[-1]
        return [_tx.RevealHand(who), ChooseFromHandExile(who, replace(fnp.filter, zone="hand"), until_leaves=True)]

    def zones_hand_bottom_draw(self, c):
        return _tx.VP(lambda who: _only_you(who) and [HandToBottom(who, all_hand=True, draw=True)])

    def zones_hand_card_bottom(self, c):
        return _tx.VP(lambda who: _only_you(who) and [HandToBottom(who)])

    def zones_may_choose_then_discard(self, c):
        """"You may choose a [filter] card from it. That player discards that card." (Duress's
        choose_then_discard behind a "may", CR 608.2c; Judge Tower: taken when able, JT-C1, R9)."""
        fnp = c[-1]
        if self.ctx.antecedent_player is None:
            raise _tx.Unsupported("'that player' without a player before it")
        return [ChooseFromHandExile(self.ctx.antecedent_player, replace(fnp.filter, zone="hand"),
                                          optional=True, discard=True)]

    def zones_exile_hand_graveyard(self, c):
        whose = c[-1]
        return _tx.VP(lambda who: [ExileGraveyard(whose, hand=True)])

    def zones_put_chosen_on_top(self, c):
        f = c[-1].filter
        if f.zone != "graveyard" or f.controller != "you":
            raise _tx.Unsupported("put on top of your library: a card other than one of your graveyard")
        return _tx.VP(lambda who: _only_you(who) and [PutChosenOnTop(f)])

    def zones_clash(self, c):
        return [Clash()]

    def zones_clash_if_win(self, c):
        return [Clash(tuple(c[-1]))]

    def zones_nth(self, c):
        return {"second": 2, "third": 3}[str(c[0])]

    def zones_put_nth_from_top(self, c):
        what = self._one_object(c[0], "put into a library")
        n = c[-1]
        return _tx.VP(lambda who: [PutNthFromTop(what, n)])

    def zones_st_no_max_hand_you(self, c):
        return _tx.Line("abilities", (StaticAbility(NoMaxHandSize("you")),))

    def zones_st_no_max_hand_each(self, c):
        return _tx.Line("abilities", (StaticAbility(NoMaxHandSize("each")),))

    def zones_st_shuffle_instead(self, c):
        return _tx.Line("abilities", (StaticAbility(ShuffleInstead()),))

    def zones_kw_partner(self, c):
        return Keyword("partner")
