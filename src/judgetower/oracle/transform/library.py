"""Transformer callbacks for library manipulation (CR 401, 701.20 reveal, 701.23
search, 701.24 shuffle, 702.52 dredge). A mixin of ``OracleTransformer`` (Lark finds the
callbacks by name); the grammar is grammar/library.lark."""

from __future__ import annotations

from dataclasses import replace

from . import context as _tx   # VP, Unsupported (a cycle: only used when a callback runs)
from ..ir import (
    ANY_NUMBER, All, You, Keyword, LookTopPutOnto, RevealUntil, SearchLibraryReveal,
    SearchLibraryAndGraveyard, Filter, Optional_, LookTopSplitGraveyard,
    ShuffleGraveyardCardsIntoLibrary, PutOnLibrary, Target,
)


class LibraryCallbacks:
    """Callbacks of the grammar's library2 block."""

    # -- tutors (CR 701.23, 701.20a, 701.24b) -----------------------------------------------

    def _library_search(self, count_fnp, dest: str, tapped: bool, reveal: bool):
        count, fnp = count_fnp
        f = replace(fnp.filter, zone="library")
        return _tx.VP(lambda who: [SearchLibraryReveal(who, f, dest=dest, tapped=tapped, count=count, reveal=reveal)])

    def library_search_reveal(self, c):
        """"Search your library for [card], reveal it, put it into your hand, then shuffle.\""""
        count_fnp, (dest, tapped) = c
        return self._library_search(count_fnp, dest, tapped, True)

    def library_search_graveyard(self, c):
        """Entomb: "Search your library for a card, put that card into your graveyard, then shuffle.\""""
        return self._library_search(c[0], "graveyard", False, c[1] is True)

    def library_search_top(self, c):
        """"Search your library for a card, [reveal it,] then shuffle and put that card on top.\""""
        return self._library_search(c[0], "top", False, True in c[1:])

    def library_reveal_found(self, c):
        return True

    def library_search_any_number(self, c):
        return (ANY_NUMBER, c[-1])

    # -- reveal until (CR 701.20a, 401.4) ---------------------------------------------------

    def library_reveal_until(self, c):
        return replace(c[-1].target_filter(), zone="library")

    def library_to_hand(self, c):
        return ("hand", False)

    def library_to_battlefield(self, c):
        return ("battlefield", c[-1] is True)

    def library_rest_other(self, c):
        return c[-1]

    def library_rest_exile(self, c):
        return "exile"

    def library_reveal_until_put(self, c):
        flt, (to, tapped), rest = c
        if rest == "top_any":
            raise _tx.Unsupported("the other revealed cards back on top of the library")
        return [RevealUntil(flt, to, tapped, rest)]

    def library_if_you_do_reveal_until_put(self, c):
        # an "If you do" sentence: checked against the "you may" before it, as for if_you_do
        return self.if_you_do([self.library_reveal_until_put(c)])

    def library_reveal_until_all_hand(self, c):
        return [RevealUntil(c[0], "hand", False, "hand")]

    # -- look at the top N, put a card onto the battlefield (CR 701.20e, 401.4) ------------

    def library_look_top_onto_battlefield(self, c):
        amount, fnp, tapped, rest = c
        return [LookTopPutOnto(amount, replace(fnp.target_filter(), zone="library"), tapped is True, rest)]

    def library_look_top_graveyard_rest_top(self, c):
        return [LookTopSplitGraveyard(c[0])]

    # -- cards from your graveyard into / onto the bottom of your library -------------------

    def _library_your_graveyard_cards(self, what, verb: str):
        """Only cards of your graveyard go into "your library" (CR 401.1: a card goes to its
        owner's library, and "your graveyard" holds the cards you own)."""
        self._permanent_or_card(what)
        if isinstance(what, Target):
            f = self.ctx.targets[what.index].filter
        elif isinstance(what, All):
            f = what.filter
        else:
            raise _tx.Unsupported(f"{verb} of {type(what).__name__}")
        if f.zone != "graveyard" or f.controller != "you":
            raise _tx.Unsupported(f"{verb}: cards other than those of your graveyard")
        return what

    def library_shuffle_into_your_library(self, c):
        what = self._library_your_graveyard_cards(c[0], "shuffle into your library")
        return _tx.VP(lambda who: _only_you(who) and [ShuffleGraveyardCardsIntoLibrary(what)])

    def library_put_on_your_library_bottom(self, c):
        what = self._library_your_graveyard_cards(c[0], "put on the bottom of your library")
        return _tx.VP(lambda who: _only_you(who) and [PutOnLibrary(what, "bottom")])

    # -- "search your library and/or graveyard" (CR 701.23, 701.24a) --------------------------

    def library_you_may(self, c):
        return True

    def library_named(self, c):
        return (Filter(zone="library"), c[-1])

    def library_name_quoted(self, c):
        return str(c[-1]).strip('"')

    def library_name_self(self, c):
        return "~"

    def library_named_one(self, c):
        return (1, c[-1])

    def library_named_up_to(self, c):
        return (c[0], c[-1])

    def library_named_any(self, c):
        return (ANY_NUMBER, c[-1])

    def library_search_named(self, c):
        (count, name), reveal, (dest, tapped) = c
        f = Filter(zone="library")
        return _tx.VP(lambda who: [SearchLibraryReveal(who, f, dest=dest, tapped=tapped, count=count,
                                                     reveal=reveal is True, name=name)])

    def library_search_filter(self, c):
        return (replace(c[-1].target_filter(), zone="library"), None)

    def library_and_or_hand(self, c):
        return ("hand", True)

    def library_and_or_battlefield(self, c):
        return ("battlefield", False)

    def library_search_library_and_or_graveyard(self, c):
        may, (flt, name), (dest, reveal) = c
        eff = SearchLibraryAndGraveyard(flt, name, dest, reveal)
        return [Optional_((eff,), who=You())] if may else [eff]

    # -- Dredge N (CR 702.52a) ---------------------------------------------------------------

    def library_kw_dredge(self, c):
        return Keyword("dredge", c[0])


def _only_you(who) -> bool:
    """"your library": only when you are the one doing it."""
    if who != You():
        raise _tx.Unsupported("another player than you puts cards into your library")
    return True
