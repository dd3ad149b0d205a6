"""library2: library manipulation in the engine (a mixin of ``Game``).

* Tutors (CR 701.23): "reveal it" (CR 701.20a), the found card into the graveyard (Entomb), or
  "then shuffle and put that card on top" (CR 701.24b: the found cards stay out of the shuffle;
  CR 401.4: several go on top in the order their owner chooses). The search itself is
  ``EffectsMixin.search_library``. Judge Tower: the shared library is not searched and nothing is
  found (JT-G8, R7: JT-C4 does not force a find), nor shuffled.
* Reveal until (CR 701.20a): cards are revealed from the top until one matches; that card goes to
  the hand or the battlefield, the rest to the bottom (CR 401.4, any or a random order), the
  graveyard, exile or the hand. Judge Tower: a library that runs out before a match is a library
  shortfall (JT-E2, R19: unreferenced exile, then the graveyard, are shuffled in and the reveal
  starts again; still none: the game ends); the bottom of the shared library is exile (JT-G8, R7).
* "Look at the top N ... you may put a [card] from among them onto the battlefield" (CR 701.20e):
  JT-C1/JT-C4 make the put forced when a card qualifies (R9).
* "Shuffle [cards from your graveyard] into your library" (CR 701.24a, 701.24c).
* Dredge N (CR 702.52): "As long as you have at least N cards in your library, if you would draw
  a card, you may instead mill N cards and return this card from your graveyard to your hand."
  Judge Tower: the "may" is taken when able (JT-C1, R9), and the shared graveyard is every
  player's graveyard (JT-G5, R5), so any player's draw is replaced while a card with dredge N is
  in it and the library holds N cards.
"""

from __future__ import annotations

from judgetower.oracle import ir
from judgetower.rules.decisions import Done
from judgetower.rules.characteristics.filters import matches
from judgetower.rules.log import Message, Term, msg
from judgetower.rules.registry import effect


def _src(source, controller):
    from judgetower.rules.effects.interpreter import _src as src
    return src(source, controller)


class LibraryMixin:
    """Effect handlers ``_e_Lib2*`` and the dredge replacement of a draw."""

    # -- tutors -------------------------------------------------------------------------------

    @effect(ir.SearchLibraryReveal)
    def _e_SearchLibraryReveal(self, e, ctx):
        for p in self.players_of(e.who, ctx):
            yield from self.search_library(p, e, ctx)

    def name_ok(self, o, name, ctx) -> bool:
        """"a card named NAME" (CR 201.2); "~" is the name of the object with the ability (CR 201.4b)."""
        if name is None:
            return True
        if name == "~":
            name = ctx["source"].name.replace("\u2019", "'").lower()
        return o.name.replace("\u2019", "'").lower() == name

    def lib2_reveal_found(self, p: int, found: list[int]) -> None:
        """CR 701.20a: the found cards are shown to every player."""
        if found:
            self.log.add("{player} reveals {cards}", "CR 701.20a", player=self.players[p],
                         cards=[self.objects[c] for c in found])

    def shuffle_then_top(self, p: int, found: list[int]):
        """CR 701.24b: shuffle the library except the found cards, then put them on top (CR 401.4:
        in the order their owner chooses, the top card first)."""
        lib = self.library(p)
        for c in found:
            if c in lib:
                lib.remove(c)
        self.shuffle_library(p)
        order = yield from self.choose_order(p, found, msg("choose the next card from the top of your library"))
        for c in reversed(order):
            lib.append(c)
        if found:
            self.log.add("{player} puts {n} card(s) on top of {library}", "CR 701.24b", "CR 401.4",
                         player=self.players[p], n=len(found), library=self.library_said(p))
        self.touch()

    def choose_order(self, p: int, cards: list[int], prompt: Message):
        """CR 401.4: the owner arranges cards put into a library at the same time (first = chosen first)."""
        left, order = list(cards), []
        while len(left) > 1:
            x = yield from self.ask(p, "cards", left, prompt, "CR 401.4")
            left.remove(x)
            order.append(x)
        return order + left

    # -- the other looked-at / revealed cards ---------------------------------------------------

    def put_rest(self, p: int, rest: list[int], where: str, what: str):
        """The other looked-at or revealed cards: "bottom_any" / "bottom_random" (CR 401.4),
        "graveyard", "exile", "hand", "top_any". Judge Tower: the bottom is exile (JT-G8, R7, in
        ``move``)."""
        if not rest:
            return
        if where in ("graveyard", "exile", "hand"):
            for x in rest:
                self.move(self.objects[x], where, owner=p, cause=msg("the other {what} cards", what=Term(what)), rule="CR 400.7")
            return
        if where == "top_any":
            order = yield from self.choose_order(p, rest, msg("choose the next card from the top of your library"))
            lib = self.library(p)
            for x in rest:
                lib.remove(x)
            for x in reversed(order):
                lib.append(x)
            self.touch()
            self.log.add("{player} puts {n} card(s) back on top of {library} in the order they choose", "CR 401.4",
                         player=self.players[p], n=len(order), library=self.library_said(p))
            return
        if where == "bottom_random":
            order = list(rest)
            self.rng.shuffle(order)
            how = msg("in a random order")
        else:
            order = yield from self.choose_order(p, rest, msg("choose the next card to put on the bottom of your library"))
            how = msg("in the order they choose")
        moved = [self.move(self.objects[x], "library", owner=p, position="bottom", cause="put on the bottom",
                           rule="CR 401.4", log=False) for x in order]
        bottom = sum(1 for m in moved if m is not None and m.zone == "library")   # JT-G8/R7 exiles them instead
        if bottom:
            self.log.add("{n} card(s) go on the bottom of the library {how}", "CR 401.4", n=bottom, how=how)

    # -- "search your library and/or graveyard" -----------------------------------------------

    @effect(ir.SearchLibraryAndGraveyard)
    def _e_SearchLibraryAndGraveyard(self, e, ctx):
        """CR 701.23: the player chooses to search the graveyard and, if they want, the library
        too ("and/or"; the library searched means a shuffle, CR 701.24a). A qualifying graveyard
        card must be found (a public zone: CR 701.23b lets a search fail only in a hidden zone).
        Judge Tower: the larger choice is taken (JT-C3, R9): both zones; the shared library is not
        searched and not shuffled (JT-G8, R7)."""
        from dataclasses import replace
        p = ctx["controller"]
        src = _src(ctx["source"], p)

        def ok(o, zone):
            if not self.name_ok(o, e.name, ctx):
                return False
            return matches(self, o, replace(e.filter, zone=zone), src)

        library = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                      msg("search your library too (then shuffle)?"), "CR 701.23a")
        gy = [c for c in self.graveyard(p) if ok(self.objects[c], "graveyard")]
        lib = []
        chose_library = library
        if library:
            if self.rules.replace_search(self, p, e, ctx):   # JT-G8, R7: nothing is found there
                library = False
            else:
                lib = [c for c in reversed(self.library(p)) if ok(self.objects[c], "library")]
        opts = gy + lib + ([] if gy else [Done()])
        pick = yield from self.ask(p, "cards", opts, msg("choose the card to find") if gy
                                   else msg("choose the card to find (done: find nothing)"),
                                   "CR 701.23a")
        where = msg("their library and graveyard") if library else self.graveyard_said(p)   # JT-G5
        if isinstance(pick, Done):
            self.log.add("{player} searches {where} and finds nothing", "CR 701.23a", player=self.players[p], where=where)
        else:
            o = self.objects[pick]
            if e.reveal or o.zone == "graveyard":
                self.log.add("{player} searches {where} and finds {card}", "CR 701.23a",
                             *(("CR 701.20a",) if e.reveal else ()), player=self.players[p], where=where, card=o)
            else:
                self.log.add("{player} searches {where} and finds a card", "CR 701.23a", player=self.players[p],
                             where=where)
            if e.dest == "battlefield":
                self.move(o, "battlefield", owner=p, controller=p, cause="searched for", rule="CR 701.23a")
            else:
                self.move(o, "hand", owner=p, cause="searched for", rule="CR 701.23a")
        if chose_library:
            self.shuffle_library(p)   # "If you search your library this way, shuffle." (CR 701.24a)

    # -- reveal until -------------------------------------------------------------------------

    def reveal_until(self, p: int, qualifies, why: str):
        """The cards of ``p``'s library from the top down to the first one that ``qualifies``:
        (cards, that card or None); None when the game ended meanwhile. A library without such a
        card: ordinary Magic, the whole library (CR 701.20a); Judge Tower, the library is refilled
        and the reveal goes on (JT-E2, R19: it needs one card more than the library holds)."""
        while True:
            lib = self.library(p)
            revealed, found = [], None
            for c in reversed(lib):   # the top card first
                revealed.append(c)
                if qualifies(self.objects[c]):
                    found = c
                    break
            if found is not None:
                return revealed, found
            size = len(lib)
            ok = yield from self.ensure_library(p, size + 1, why)
            if self.game_over or ok is False:
                return None
            if len(self.library(p)) == size:
                return revealed, None

    @effect(ir.RevealUntil)
    def _e_RevealUntil(self, e, ctx):
        p = ctx["controller"]
        src = _src(ctx["source"], p)
        got = yield from self.reveal_until(p, lambda o: matches(self, o, e.filter, src),
                                           "reveal until a card is found")
        if got is None:
            return
        revealed, found = got
        if revealed:
            self.log.add("{player} reveals {cards}", "CR 701.20a", player=self.players[p],
                         cards=[self.objects[c] for c in revealed])
        if found is None:
            self.log.add("{player} reveals no matching card", "CR 701.20a", player=self.players[p])
        else:
            o = self.objects[found]
            if e.found_to == "battlefield":
                self.move(o, "battlefield", owner=p, controller=p, tapped=e.tapped, cause="revealed", rule="CR 701.20a")
            else:
                self.move(o, "hand", owner=p, cause="revealed", rule="CR 701.20a", log=False)
                self.log.add("{player} puts {card} into their hand", "CR 701.20a", player=self.players[p], card=o)
        rest = [c for c in revealed if c != found]
        yield from self.put_rest(p, rest, e.rest, "revealed")

    # -- look at the top N, put one onto the battlefield --------------------------------------

    @effect(ir.LookTopPutOnto)
    def _e_LookTopPutOnto(self, e, ctx):
        p = ctx["controller"]
        top = yield from self.look_at_top(p, self.amount(e.amount, ctx))
        if not top:
            return
        cands = [x for x in top if matches(self, self.objects[x], e.filter, _src(ctx["source"], p))]
        # "you may put ... onto the battlefield": JT-C1/JT-C4 force it when a card qualifies (R9)
        yes = bool(cands) and (yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                                   msg("{source}: put a card onto the battlefield?", source=ctx['source']),
                                                   "CR 608.2c"))
        c = None
        if yes:
            c = yield from self.ask(p, "cards", cands, msg("choose the card to put onto the battlefield"), "CR 701.20e")
            self.move(self.objects[c], "battlefield", owner=p, controller=p, tapped=e.tapped,
                      cause="looked at and put onto the battlefield", rule="CR 400.7")
        else:
            self.log.add("{player} puts no card onto the battlefield", "CR 608.2c", player=self.players[p])
        yield from self.put_rest(p, [x for x in top if x != c], e.rest, "looked-at")

    # -- look at the top N, any number into the graveyard, the rest back on top ---------------

    @effect(ir.LookTopSplitGraveyard)
    def _e_LookTopSplitGraveyard(self, e, ctx):
        """CR 701.20e, 401.4: the player splits the looked-at cards between the graveyard and the
        top of the library, in any order (Judge Tower: a free choice, JT-C6, R10; a short library
        is refilled first, JT-E2/R19)."""
        yield from self.look_and_split_graveyard(ctx["controller"], self.amount(e.amount, ctx), "look", "CR 701.20e")

    # -- shuffle cards into your library --------------------------------------------------------

    @effect(ir.ShuffleGraveyardCardsIntoLibrary)
    def _e_ShuffleGraveyardCardsIntoLibrary(self, e, ctx):
        """CR 701.24a: target cards from a graveyard go into ``ctx``'s controller's library, then
        it is shuffled once, even if none of them got there (CR 701.24c). Judge Tower: exiled
        instead, nothing shuffled (JT-G8, R7)."""
        self.shuffle_into_libraries(self.objs(e.what, ctx, lki=True), ctx, from_zones=("graveyard",),
                                    owner=ctx["controller"])
        return
        yield

    def shuffle_into_libraries(self, objs, ctx, *, from_zones, owner: int | None = None) -> None:
        """CR 701.24a: put each of ``objs`` that is in one of ``from_zones`` into its owner's
        library (``owner``'s when given), then shuffle each of those libraries once (CR 701.24f:
        one effect, one shuffle) -- even when none of the objects got there (CR 701.24c)."""
        libraries: list[int] = [] if owner is None else [owner]
        arrived: set[int] = set()
        for o in objs:
            p = o.owner if owner is None else owner
            if p not in libraries:
                libraries.append(p)
            if o.zone not in from_zones:
                continue
            new = self.move(o, "library", owner=owner, position="shuffle",
                            cause=msg("shuffled into the library by {source}", source=ctx['source']), rule="CR 701.24a", log=False)
            if new is not None and new.zone == "library":
                arrived.add(p)
                self.log.add("{card} is shuffled into {library}", "CR 701.24a", card=new, library=self.library_named(p))
        for p in libraries:
            self.shuffle_library(p, *(() if p in arrived else ("CR 701.24c",)))

    # -- Dredge N (CR 702.52) ---------------------------------------------------------------------

    def dredge_cards(self, p: int) -> list[tuple[int, int]]:
        """(card id, N) of the cards with dredge N in ``p``'s graveyard that can dredge now:
        the library holds at least N cards (CR 702.52b)."""
        out = []
        lib = self.library(p)
        for c in self.graveyard(p):
            o = self.objects[c]
            for ab in o.compiled.abilities:
                if isinstance(ab, ir.Keyword) and ab.name == "dredge" and isinstance(ab.arg, int) \
                        and len(lib) >= ab.arg:
                    out.append((c, ab.arg))
                    break
        return out

    def library_dredge(self, p: int):
        """Hook of ``draw``: the replacement of one draw by dredge (CR 702.52a, 614.1a). Returns
        True when the draw was replaced."""
        cards = self.dredge_cards(p)
        if not cards:
            return False
        yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                  msg("dredge instead of drawing a card?"), "CR 702.52a")
        if not yes:
            return False
        pick = yield from self.ask(p, "cards", [c for c, _ in cards], msg("choose the card to dredge"), "CR 702.52a")
        n = dict(cards)[pick]
        o = self.objects[pick]
        self.log.add("{player} dredges {card}: mills {n} card(s) instead of drawing", "CR 702.52a",
                     player=self.players[p], card=o, n=n)
        lib = self.library(p)
        for _ in range(min(n, len(lib))):
            self.move(self.objects[lib[-1]], "graveyard", owner=p, cause="milled", rule="CR 701.17a")
        self.move(o, "hand", owner=p, cause="dredged", rule="CR 702.52a")
        return True
