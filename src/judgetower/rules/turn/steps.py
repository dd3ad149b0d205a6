"""Turn structure (CR 500-514) and the start of the game (CR 103)."""

from __future__ import annotations

from judgetower.rules.log import Term, msg

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat",
         "postcombat_main", "end", "cleanup")

STEP_RULES = {
    "untap": "CR 502", "upkeep": "CR 503", "draw": "CR 504", "precombat_main": "CR 505",
    "beginning_of_combat": "CR 507", "declare_attackers": "CR 508", "declare_blockers": "CR 509",
    "first_strike_damage": "CR 510.4", "combat_damage": "CR 510", "end_of_combat": "CR 511",
    "postcombat_main": "CR 505", "end": "CR 513", "cleanup": "CR 514",
}

MAX_HAND = 7  # CR 402.2


class StepsMixin:
    """The game's main flow: turns, steps, turn-based actions."""

    def _main(self, at_step, pregame):
        if pregame:
            yield from self._pregame()
            self.turn = 1
            start_index = 0
        else:
            if self.turn == 0:
                self.turn = 1
            start_index = STEPS.index(at_step or "untap")
        first = True
        while not self.game_over:
            yield from self._turn(start_index if first else 0, skip_tba=(first and not pregame and start_index > 0))
            first = False
            if self.game_over:
                return
            self._next_turn()

    def _pregame(self):
        """CR 103: the starting player is the first listed; each player draws an opening hand."""
        self.log.add("{player} plays first", "CR 103.1", player=self.players[self.active])
        for p in self.apnap():
            n = self.rules.opening_hand_size(self, p)
            yield from self.draw(p, n, rule="CR 103.5" if self.rules.name == "standard" else "JT-G1")
            if self.rules.name != "standard":
                self.log.add("{player} draws an opening hand of {n} (judge level); no mulligans",
                             "JT-G1", "JT-G2", "R1", player=self.players[p], n=n)
        if self.rules.mulligans:
            yield from self._mulligans()
        # triggers branch: opening hands are drawn before the first turn (CR 103.5); these draws
        # are not left for a "whenever you draw a card" ability to see at the first priority
        self.events = [e for e in self.events if e["kind"] != "draw"]
        self.is_first_turn_of_game = True

    def _mulligans(self):
        """CR 103.5 (London mulligan): in turn order from the starting player each player keeps or
        mulligans; those who mulligan do so together (shuffle the hand into the library, draw a
        new hand) and decide again; a player who keeps puts one card on the bottom of the library
        for each mulligan taken (CR 103.5c)."""
        taken = {p: 0 for p in self.apnap()}
        deciding = self.apnap()
        while deciding:
            takers = []
            for p in deciding:
                if taken[p] >= self.rules.opening_hand:
                    continue  # nothing left to lose: the hand is kept
                m = yield from self.ask(p, "mulligan", [False, True],
                                        msg("{player}: keep this hand (no) or take a mulligan (yes)?", player=self.players[p]),
                                        "CR 103.5")
                if m:
                    takers.append(p)
                    self.log.add("{player} takes a mulligan", "CR 103.5", player=self.players[p])
                else:
                    self.log.add("{player} keeps their hand", "CR 103.5", player=self.players[p])
            for p in takers:
                for c in list(self.hand(p)):
                    self.move(self.objects[c], "library", owner=p, position="shuffle", cause="mulligan",
                              rule="CR 103.5", log=False)
                self.shuffle_library(p)
                taken[p] += 1
                yield from self.draw(p, self.rules.opening_hand, rule="CR 103.5")
            deciding = takers
        for p in self.apnap():
            for k in range(taken[p]):
                c = yield from self.ask(p, "cards", list(self.hand(p)),
                                        msg("put a card on the bottom of your library ({k} of {n})", k=k + 1, n=taken[p]),
                                        "CR 103.5c")
                self.move(self.objects[c], "library", owner=p, position="bottom", cause="mulligan",
                          rule="CR 103.5c", log=False)
            if taken[p]:
                self.log.add("{player} puts {n} card(s) on the bottom of {library}", "CR 103.5c",
                             player=self.players[p], n=taken[p], library=self.library_said(p))

    def _next_turn(self) -> None:
        """CR 500.7 (extra turns), then the next player in turn order (CR 101.4)."""
        normal = self.active   # trigstate: the player after whom the next normal turn comes
        while True:
            if self.extra_turns:
                nxt = self.extra_turns.pop()
                self.log.add("{player} takes an extra turn", "CR 500.7", player=self.players[nxt])
                extra = True
            else:
                nxt = self.next_player(normal)
                extra = False
            if not self.turn_skipped(nxt):   # trigstate: "skip your next turn" (CR 614.10)
                break
            if not extra:
                normal = nxt
        self.active = nxt
        self.turn += 1
        self.is_first_turn_of_game = False
        self.drop_kept_mana()   # actcost: kept mana ends with the turn (CR 106.4a, 514.2)

    def _turn(self, start_index: int, skip_tba: bool):
        ap = self.players[self.active]
        if start_index == 0:
            self.log.add("Turn {n}: {player}'s turn", "CR 500.1", n=self.turn, player=ap)
        if start_index == 0:
            for p in self.players:
                p.land_plays = 0
                p.extra_lands_turn = 0   # trigstate: "an additional land this turn" (CR 305.2a)
                p.spells_cast_turn = 0   # trigstate: spells cast this turn (CR 101.2 limits)
                p.life_gained_turn = p.life_lost_turn = 0
                p.attacked_count_turn = 0
                p.conds_left_battlefield_turn = False   # conds: revolt
            for o in self.permanents():
                o.activated_this_turn = set()
        self.first_strike_step = False
        self.combat_happened = False
        i = start_index
        while i < len(STEPS) and not self.game_over:
            step = STEPS[i]
            if step in ("declare_blockers", "first_strike_damage", "combat_damage") and not self._attackers():
                i += 1
                continue  # CR 508.8
            if step == "first_strike_damage" and not self._needs_first_strike_step():
                i += 1
                continue  # CR 510.4
            if step == "draw" and self.is_first_turn_of_game and self.skip_first_draw and self.turn == 1:
                # CR 103.8a (R2): the whole draw step is skipped, so "at the beginning of the draw
                # step" abilities (Howling Mine) don't trigger and no player gets priority in it
                self.log.add("{player} skips the first draw step (their first turn)", "CR 103.8a", "R2", player=ap)
                i += 1
                continue
            if step == "draw" and not (skip_tba and i == start_index) and self.step_skipped(self.active, "draw"):
                # zones: CR 614.1b, 614.10: "Skip your draw step" replaces the whole step with
                # nothing (no draw, no "beginning of the draw step" triggers, no priority)
                i += 1
                continue
            self.step = step
            self.step_begins(step)   # kwcast: "you've been attacked this step" (CR 601.3)
            if not (skip_tba and i == start_index):
                self.log.add("{step} step begins", STEP_RULES[step], step=Term(step.replace('_', ' ')))
                yield from self._turn_based_actions(step)
            if self.game_over:
                return
            if step == "untap":
                i += 1
                continue  # CR 502.4: no priority
            if step == "cleanup":
                # CR 514.3a: priority only if state-based actions or triggers happen
                if (yield from self._cleanup_priority()):
                    continue  # another cleanup step
                i += 1
                continue
            yield from self.priority_round()
            self._empty_mana_pools()
            i += 1
        if self.step != "cleanup":
            self.step = "cleanup"

    def _empty_mana_pools(self) -> None:
        """CR 106.4: mana empties at the end of each step and phase."""
        for p in self.players:
            if self.keep_pool(p):   # actcost: "you don't lose this mana" (CR 106.4a)
                continue
            p.mana_pool.clear()

    def _turn_based_actions(self, step):
        ap = self.active
        self.acting_player = ap
        if step == "untap":
            for o in self.permanents(ap):
                o.sick = False
            self.untap_rules_step_begins()   # turnflow: CR 502.3, determined before untapping
            self.state_triggers_untap_step_begins()   # trigstate: "doesn't untap during your next untap step"
            for o in self.permanents(ap):
                if self.untap_skipped(o):   # CR 502.3: an effect keeps it tapped
                    continue
                if self.untap_kept(o):   # trigstate: CR 502.3
                    continue
                if (yield from self.keep_tapped(o)):   # turnflow: CR 502.3 "you may choose not to untap"
                    continue
                if o.tapped:
                    o.tapped = False
                    self.note_tapped(o, False)  # triggers branch
            self.touch()
            self.log.add("{player} untaps their permanents", "CR 502.3", player=self.players[ap])
            self.day_night_untap()   # faces2: day/night check, second part of the untap step (CR 730.2)
            self.end_while_tapped()   # turnflow: "for as long as ~ remains tapped" ends now (CR 611.2b)
        elif step == "upkeep":
            self.players[ap].upkeeps_begun += 1   # kwcosts: echo's "your last upkeep" (CR 702.30a)
            self.events.append({"kind": "step", "step": "upkeep", "player": ap})
        elif step == "draw":
            if self.is_first_turn_of_game and self.skip_first_draw and self.turn == 1:
                self.log.add("{player} skips the first draw", "CR 103.8a", "R2", player=self.players[ap])
            else:
                yield from self.draw(ap, 1, rule="CR 504.1")
            self.events.append({"kind": "step", "step": "draw_step", "player": ap})
        elif step == "beginning_of_combat":
            self.combat_happened = True
            # triggers branch: "at the beginning of combat on your turn" (CR 603.2b, 507.1)
            self.events.append({"kind": "step", "step": "beginning_of_combat", "player": ap})
        elif step == "precombat_main":
            # triggers branch: "at the beginning of your precombat main phase" (CR 603.2b, 505.1)
            self.events.append({"kind": "step", "step": "precombat_main", "player": ap})
        elif step == "declare_attackers":
            yield from self.declare_attackers()
        elif step == "declare_blockers":
            yield from self.declare_blockers()
        elif step == "first_strike_damage":
            self.first_strike_step = True
            yield from self.combat_damage(first_strike=True)
        elif step == "combat_damage":
            yield from self.combat_damage(first_strike=False)
        elif step == "end_of_combat":
            # "at end of combat" delayed triggers (CR 511.2, 603.7; combat/restrictions.py)
            self.events.append({"kind": "cb2_end_of_combat", "player": ap})
        elif step == "postcombat_main":
            self._end_combat()
        elif step == "end":
            self.events.append({"kind": "step", "step": "end_step", "player": ap})
        elif step == "cleanup":
            yield from self._cleanup()

    def _cleanup(self):
        ap = self.active
        hand = self.hand(ap)
        excess = len(hand) - MAX_HAND
        if excess > 0 and self.no_max_hand_size(ap):   # zones4: CR 402.2
            self.log.add("{player} has no maximum hand size", "CR 402.2", "CR 514.1", player=self.players[ap])
            excess = 0
        if excess > 0:
            yield from self.discard_chosen(ap, excess, rule="CR 514.1")
        for o in self.permanents():
            o.damage = 0
            o.deathtouch_damage = False
            o.regen_shields = 0
        self.end_control_effects()   # CR 514.2, 613.1b: control goes back first
        self.continuous = [e for e in self.continuous if e.get("duration") != "end_of_turn"]
        self.touch()
        self.log.add("damage wears off and \"until end of turn\" effects end", "CR 514.2")

    def _cleanup_priority(self):
        acted = yield from self.run_sba_and_triggers()
        if not acted and not self.stack:
            return False
        yield from self.priority_round(already_checked=True)
        return True
