"""zones4: library, hand and graveyard effects in the engine (a mixin of ``Game``).

* "Put target card(s) from your graveyard on top of your library" (CR 401.1; several at once are
  arranged by their owner, CR 401.4). Judge Tower: the shared library's top (JT-G5); JT-G8 is
  only about shuffling and the bottom.
* "Exile all cards from target player's graveyard" (CR 406.2). Judge Tower: the shared graveyard
  is that player's graveyard (JT-G5, R5): all of it is exiled.
* "Discard all the cards in your hand, then draw that many cards [plus one]" (CR 701.9a, 121.1).
* "Each player shuffles their hand and graveyard into their library[, then draws N cards]"
  (CR 701.24a; each player for their own part; CR 101.4 / JT-G7: APNAP order). Judge Tower: the
  cards would be shuffled into the shared library: exiled instead (JT-G8, R7); each draw is one
  library action (R19).
* Learn (CR 701.48a): there are no cards outside these games (no sideboard), so learning is
  "you may discard a card; if you do, draw a card". Judge Tower: taken when able (JT-C1, R9).
* "You choose a [nonland] card from it and exile that card" after a revealed hand (CR 701.20a, 406.2).
* Processors: "put a card an opponent owns from exile into that player's graveyard" (CR 406.3,
  400.3). Judge Tower: the one graveyard is shared (JT-G5); "may" is taken when able (JT-C1, R9).
"""

from __future__ import annotations

from judgetower.rules.characteristics.filters import matches
from judgetower.oracle import ir
from judgetower.rules.log import msg
from judgetower.rules.registry import effect


def _src(source, controller):
    from judgetower.rules.effects.interpreter import _src as src
    return src(source, controller)


class HandGraveyardMixin:
    """Effect handlers ``_e_Zones4*``."""

    def top_card_seen(self, q: int, viewer: int | None):
        """CR 401.5: the top card of ``q``'s library when ``viewer`` (None: a spectator) may see it
        through a static ability of a permanent: revealed (everyone) or looked at (only the
        ability's controller, whose library it is: hidden information, CR 401.2). Judge Tower: the
        shared library is every player's library (JT-G5, R5). Returns the card's id or None."""
        from judgetower.oracle import ir
        lib = self.zones.get(("library", self.rules.zone_owner(self, "library", q)), [])
        if not lib:
            return None
        for o, eff in self.static_effects(ir.TopCardVisible):
            if eff.who == "you" and self.zones.get(("library", self.rules.zone_owner(self, "library", o.controller))) is not lib:
                continue
            if eff.reveal or viewer == o.controller:
                return lib[-1]
        return None

    @effect(ir.LookTop)
    def _e_LookTop(self, e, ctx):
        """Look at (CR 401.2: only the looker sees it) or reveal (CR 701.20a: everyone) the top
        card of a library. One card: a library action (JT-E2, R19). Judge Tower: a card looked
        at or revealed is held by that player until the resolution ends (JT-G6, R6)."""
        me = ctx["controller"]
        for q in self.players_of(e.whose, ctx):
            looker = q if e.reveal else me
            yield from self.ensure_library(q, 1, "reveal" if e.reveal else "look")
            top = self.top_cards(q, 1)
            if not top:
                self.log.add("{player}'s library is empty", "CR 401.2", player=self.players[q])
                continue
            card = self.objects[top[0]]
            if e.reveal:
                self.log.add("{player} reveals the top card of {library}: {card}", "CR 701.20a",
                             player=self.players[q], card=card, library=self.library_said(q))
            else:
                self.log.add("{player} looks at the top card of {owner}'s library", "CR 401.2",
                             player=self.players[me], owner=self.players[q])
                self.log.add("{player} sees {card}", "CR 401.2", visible_to=[me], player=self.players[me], card=card)
            self.hold_for_looker(looker, top)

    @effect(ir.HandToBottom)
    def _e_HandToBottom(self, e, ctx):
        """CR 401.4: cards from the hand on the bottom of the library (the owner orders them);
        then, for "that many", draw as many as were put (CR 608.2c, 121.1). Judge Tower: they are
        exiled instead (JT-G8, R7, in ``move``)."""
        for p in self.players_of(e.who, ctx):
            if e.all_hand:
                cards = list(self.hand(p))
            else:
                if not self.hand(p):
                    continue
                c = yield from self.ask(p, "cards", list(self.hand(p)),
                                        msg("choose a card from your hand to put on the bottom of your library"), "CR 401.4")
                cards = [c]
            self.log.add("{player} puts {n} card(s) from their hand on the bottom of {library}", "CR 401.4",
                         player=self.players[p], n=len(cards), library=self.library_said(p))
            yield from self.put_rest(p, cards, "bottom_any", "hand")
            if e.draw:
                yield from self.draw(p, len(cards))

    @effect(ir.PutChosenOnTop)
    def _e_PutChosenOnTop(self, e, ctx):
        """CR 401.1, 608.2c: a card of your graveyard matching the filter, chosen on resolution,
        goes on top of your library (none: nothing happens)."""
        p = ctx["controller"]
        src = _src(ctx["source"], p)
        cands = [c for c in self.graveyard(p) if matches(self, self.objects[c], e.filter, src)]
        if not cands:
            self.log.add("{player} has no such card in {yard}", "CR 608.2c", player=self.players[p],
                         yard=self.graveyard_said(p))
            return
        c = yield from self.ask(p, "cards", cands, msg("choose a card to put on top of your library"), "CR 401.1")
        o = self.objects[c]
        new = self.move(o, "library", owner=p, position="top", cause="put on top of the library", rule="CR 401.1",
                        log=False)
        if new is not None and new.zone == "library":
            self.log.add("{card} is put on top of its owner's library", "CR 401.1", card=o)

    @effect(ir.Clash)
    def _e_Clash(self, e, ctx):
        """CR 701.30: clash with an opponent (see ``ir.Clash``)."""
        me = ctx["controller"]
        opps = [q for q in self.opponents(me) if not self.players[q].lost]
        if not opps:
            return
        from judgetower.rules.state import PID
        pick = yield from self.ask(me, "player", [PID(q) for q in opps], msg("choose an opponent to clash with"),
                                   "CR 701.30b")
        opp = pick.index
        revealed: dict[int, int | None] = {}
        for q in (me, opp):   # CR 701.30c: revealed at the same time (JT-G6: each holds their card)
            yield from self.ensure_library(q, 1, "reveal")
            top = self.top_cards(q, 1)
            revealed[q] = top[0] if top else None
            if top:
                self.hold_for_looker(q, top)
                o = self.objects[top[0]]
                self.log.add("{player} clashes and reveals {card} (mana value {mv})", "CR 701.30a",
                             player=self.players[q], card=o, mv=self.clash_mana_value(o))
            else:
                self.log.add("{player} clashes with an empty library: no card revealed", "CR 701.30a",
                             player=self.players[q])
        bottom = []
        for q in self.apnap():   # CR 701.30c: decided in APNAP order, then the cards move together
            c = revealed.get(q)
            if c is None:
                continue
            # Judge Tower: looking at the top card and choosing top or bottom is the split JT-C6
            # allows (R10, like scry 1), a free choice, not a forced "may" (JT-C1)
            yes = yield from self.ask(q, "may", [True, False],
                                      msg("clash: put {card} on the bottom of your library?", card=self.objects[c]),
                                      "CR 701.30a")
            if yes:
                bottom.append((q, c))
        for q, c in bottom:
            self.log.add("{player} puts the revealed card on the bottom of {library}", "CR 701.30a",
                         player=self.players[q], library=self.library_said(q))
            yield from self.put_rest(q, [c], "bottom_any", "revealed")
        mine, theirs = revealed[me], revealed[opp]
        win = mine is not None and (theirs is None or self.clash_mana_value(self.objects[mine])
                                    > self.clash_mana_value(self.objects[theirs]))
        if win:
            self.log.add("{player} wins the clash", "CR 701.30d", player=self.players[me])
        else:
            self.log.add("{player} does not win the clash", "CR 701.30d", player=self.players[me])
        if win and e.win:
            yield from self.run_effects(e.win, ctx)

    def clash_mana_value(self, o) -> int:
        """CR 202.3: the mana value of a revealed card (its characteristics in that zone)."""
        from judgetower.rules.characteristics.filters import chars_of
        return chars_of(self, o).mana_value

    @effect(ir.PutNthFromTop)
    def _e_PutNthFromTop(self, e, ctx):
        """CR 401.7: Nth from the top of its owner's library; with fewer than N cards there, on
        the bottom (Judge Tower: exiled instead, JT-G8, R7, in ``move``)."""
        for o in self.objs(e.what, ctx):
            if o.zone not in ("battlefield", "graveyard", "hand", "exile"):
                continue
            lib = self.library(o.owner)
            pos = e.n - 1 if len(lib) >= e.n else "bottom"
            new = self.move(o, "library", owner=o.owner, position=pos,
                            cause=msg("put into its owner\'s library by {source}", source=ctx['source']), rule="CR 401.7", log=False)
            if new is not None and new.zone == "library":
                where = ((msg("second from the top") if e.n == 2 else msg("third from the top")) if pos != "bottom"
                         else msg("on the bottom (CR 401.7: too few cards)"))
                self.log.add("{card} is put into its owner's library {where}", "CR 401.7", card=o, where=where)
        return
        yield

    def no_max_hand_size(self, p: int) -> bool:
        """CR 402.2: an effect says player ``p`` has no maximum hand size (no cleanup discard, CR 514.1)."""
        from judgetower.oracle import ir
        return any(e.who == "each" or o.controller == p for o, e in self.static_effects(ir.NoMaxHandSize))

    def zone_replace_move(self, o, to_zone: str, position):
        """CR 614.1a: the card's own "If ~ would be put into a graveyard from anywhere, reveal ~
        and shuffle it into its owner's library instead." Returns (zone, position, shuffle):
        ``move`` shuffles that library after putting the card in (CR 701.24a). Judge Tower's
        replacement (JT-G8, R7) applies after this one: the card is exiled."""
        from judgetower.oracle import ir
        if to_zone != "graveyard" or getattr(o, "face_down", False) or getattr(o, "compiled", None) is None:
            return to_zone, position, False
        if any(isinstance(ab, ir.StaticAbility) and isinstance(ab.effect, ir.ShuffleInstead)
               for ab in o.compiled.abilities):
            self.log.add("{card} would be put into a graveyard: its owner reveals it and shuffles it into their "
                         "library instead", "CR 614.1a", "CR 701.20a", "CR 701.24a", card=o)
            return "library", "shuffle", True
        return to_zone, position, False

    @effect(ir.PutOnTopOfLibrary)
    def _e_PutOnTopOfLibrary(self, e, ctx):
        """CR 401.1: each card goes on top of its owner's library; CR 401.4: cards put into a
        library at the same time are arranged by their owner (the top card chosen first)."""
        cards = [o for o in self.objs(e.what, ctx) if o.zone == "graveyard"]
        if not cards:
            return
        by_owner: dict[int, list[int]] = {}
        for o in cards:
            by_owner.setdefault(o.owner, []).append(o.id)
        for owner in self.apnap():
            ids = by_owner.get(owner)
            if not ids:
                continue
            order = yield from self.choose_order(owner, ids, msg("choose the next card from the top of the library"))
            for x in reversed(order):
                o = self.objects[x]
                new = self.move(o, "library", owner=owner, position="top",
                                cause=msg("put on top of its owner\'s library by {source}", source=ctx['source']), rule="CR 401.1",
                                log=False)
                if new is not None and new.zone == "library":
                    self.log.add("{card} is put on top of its owner's library", "CR 401.1", "CR 401.4", card=o)

    @effect(ir.ExileGraveyard)
    def _e_ExileGraveyard(self, e, ctx):
        """CR 406.2: every card of that player's graveyard is exiled (the shared graveyard under
        Judge Tower, its cards leaving it owned by that player: JT-G5, R5)."""
        for p in self.players_of(e.who, ctx):
            if e.hand:
                hand = list(self.hand(p))
                for c in hand:
                    self.move(self.objects[c], "exile", cause=msg("exiled by {source}", source=ctx['source']), rule="CR 406.2")
                self.log.add("{n} card(s) of {player}'s hand are exiled", "CR 406.2", n=len(hand), player=self.players[p])
            cards = list(self.graveyard(p))
            for c in cards:
                self.move(self.objects[c], "exile", owner=p, cause=msg("exiled by {source}", source=ctx['source']), rule="CR 406.2")
            if self.zone_shared("graveyard", p):
                self.log.add("{n} card(s) of the shared graveyard are exiled", "CR 406.2", "JT-G5", n=len(cards))
            else:
                self.log.add("{n} card(s) of {player}'s graveyard are exiled", "CR 406.2", n=len(cards), player=self.players[p])
        return
        yield

    @effect(ir.DiscardHandDraw)
    def _e_DiscardHandDraw(self, e, ctx):
        """CR 701.9a: discard the whole hand; then draw that many (CR 608.2c: the number
        discarded) plus ``e.plus`` (CR 121.1)."""
        for p in self.players_of(e.who, ctx):
            hand = list(self.hand(p))
            for c in hand:
                o = self.objects[c]
                self.log.add("{player} discards {card}", "CR 701.9a", player=self.players[p], card=o)
                self.move(o, "graveyard", cause="discarded", rule="CR 701.9a", log=False)
            n = len(hand) + e.plus
            self.log.add("{player} discarded {n} card(s) and draws {draws}", "CR 608.2c", "CR 121.1",
                         player=self.players[p], n=len(hand), draws=n)
            yield from self.draw(p, n)

    @effect(ir.ShuffleHandGraveyard)
    def _e_ShuffleHandGraveyard(self, e, ctx):
        """CR 701.24a: each player puts their hand and graveyard into their library and shuffles
        it (APNAP order, CR 101.4; JT-G7); then each draws N (one library action per player,
        R19). Judge Tower: the cards are exiled instead of shuffled into the shared library
        (JT-G8, R7) and nothing is shuffled."""
        players = [p for p in self.apnap() if p in set(self.players_of(e.who, ctx))]
        for p in players:
            moved = 0
            tried = len(self.hand(p)) + len(self.graveyard(p))
            for c in list(self.hand(p)) + list(self.graveyard(p)):
                o = self.objects[c]
                new = self.move(o, "library", owner=p, position="shuffle",
                                cause=msg("shuffled into the library by {source}", source=ctx['source']), rule="CR 701.24a",
                                log=False)
                if new is not None and new.zone == "library":
                    moved += 1
            if moved or not tried:
                self.log.add("{player} shuffles {n} card(s) from their hand and graveyard into {library}", "CR 701.24a",
                             player=self.players[p], n=moved, library=self.library_said(p))
            else:   # JT-G8, R7: each was exiled instead (said by the replacement); none is said shuffled in
                self.log.add("no card is shuffled into {library}: {n} card(s) went elsewhere instead", "CR 701.24a",
                             "CR 614.6", n=tried, library=self.library_named(p))
            self.shuffle_library(p)
        for p in players:
            if e.draw:
                yield from self.draw(p, e.draw)

    @effect(ir.Learn)
    def _e_Learn(self, e, ctx):
        """CR 701.48a: "You may discard a card. If you do, draw a card. If you didn't, you may
        reveal a Lesson card you own from outside the game ..." — no card is outside these games,
        so only the first option can do anything. Judge Tower: "may" is taken when able (JT-C1, R9)."""
        for p in self.players_of(e.who, ctx):
            if not self.hand(p):
                self.log.add("{player} learns: no card to discard, and no Lesson outside the game", "CR 701.48a",
                             player=self.players[p])
                continue
            yes = yield from self.ask(p, "may", self.forced_bool_options([True, False], "may"),
                                      msg("{source}: learn - discard a card to draw a card?", source=ctx['source']),
                                      "CR 701.48a")
            if not yes:
                self.log.add("{player} learns: discards nothing (no Lesson outside the game)", "CR 701.48a",
                             player=self.players[p])
                continue
            yield from self.discard_chosen(p, 1, rule="CR 701.48a")
            self.log.add("{player} learns: discards a card, then draws a card", "CR 701.48a", player=self.players[p])
            yield from self.draw(p, 1)

    @effect(ir.ChooseFromHandExile)
    def _e_ChooseFromHandExile(self, e, ctx):
        """CR 701.20a: the hand was revealed; its controller's spell or ability chooses a card
        matching the filter, which is exiled (CR 406.2) or discarded (CR 701.9a). Which card is a
        free choice (no JT rule forces it); "you may choose" is taken when able (JT-C1, R9)."""
        me = ctx["controller"]
        src = _src(ctx["source"], me)
        for p in self.players_of(e.who, ctx):
            cands = [c for c in self.hand(p) if matches(self, self.objects[c], e.filter, src)]
            if not cands:
                self.log.add("{player} finds no card to choose in {owner}'s hand", "CR 701.20a",
                             player=self.players[me], owner=self.players[p])
                continue
            if e.optional:
                # "you may choose": Judge Tower takes it when able (JT-C1, R9)
                yes = yield from self.ask(me, "may", self.forced_bool_options([True, False], "may"),
                                          msg("{source}: choose a card from {player}'s hand?", source=ctx['source'],
                                              player=self.players[p]),
                                          "CR 608.2c")
                if not yes:
                    self.log.add("{player} chooses no card", "CR 608.2c", player=self.players[me])
                    continue
            if e.discard:
                yield from self.discard_chosen(p, 1, chooser=me, flt=e.filter, source=src)
                continue
            c = yield from self.ask(me, "cards", cands, msg("choose a card from {player}'s hand to exile", player=self.players[p]),
                                    "CR 701.20a")
            o = self.objects[c]
            source = ctx["source"]
            if e.until_leaves and self.current(source) is None:
                # CR 610.3b: the source already left the battlefield: nothing is exiled
                self.log.add("{player} chooses {card}; {source} has already left the battlefield: nothing is exiled",
                             "CR 610.3b", player=self.players[me], card=o, source=source)
                continue
            self.log.add("{player} chooses {card} from {owner}'s hand and exiles it", "CR 701.20a", "CR 406.2",
                         player=self.players[me], card=o, owner=self.players[p])
            new = self.move(o, "exile", cause=msg("exiled by {source}", source=source), rule="CR 406.2", log=False)
            if e.until_leaves and new is not None:
                cur = self.current(source) or source
                cur.linked.setdefault("until", []).append(new.id)   # returned when it leaves (CR 610.3)
                new.until_from = "hand"   # CR 610.3: it returns to its previous zone
                self.log.add("{card} is exiled until {source} leaves the battlefield", "CR 610.3", card=new, source=source)

    def opponent_exiled(self, p: int) -> list[int]:
        """Cards in exile owned by an opponent of ``p`` (face-up or face-down: CR 406.3 lets any
        exiled card be chosen; its owner is known to the game)."""
        opps = set(self.opponents(p))
        return [i for i in self.exile if self.objects[i].owner in opps]

    @effect(ir.ExileToOwnersGraveyard)
    def _e_ExileToOwnersGraveyard(self, e, ctx):
        """Processors (CR 406.3, 400.3): a card an opponent owns goes from exile into that
        player's graveyard (the shared graveyard under Judge Tower, JT-G5). Sets ``until_done``
        for a following "If you do" (CR 608.2c)."""
        p = ctx["controller"]
        ctx["until_done"] = False
        cands = self.opponent_exiled(p)
        if not cands:
            self.log.add("{player} has no card an opponent owns in exile to put into a graveyard", "CR 406.3",
                         player=self.players[p])
            return
        c = yield from self.ask(p, "cards", cands, msg("choose a card an opponent owns in exile"), "CR 406.3")
        o = self.objects[c]
        owner = o.owner
        self.log.add("{player} puts {card} from exile into {owner}'s graveyard", "CR 406.3", "CR 400.3",
                     player=self.players[p], card=o, owner=self.players[owner])
        self.move(o, "graveyard", owner=owner, cause="put from exile into its owner's graveyard", rule="CR 400.3",
                  log=False)
        ctx["until_done"] = True
