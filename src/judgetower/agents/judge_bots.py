"""Bots for judge mode (JT-S2-S4, JT-G11, R15-R17): autopilots that sometimes err, and a table of
bots that call the errors they see, dispute and vote.

* ``ErringAutopilot(seed, error_rate)``: at each decision where a choice breaking a Judge Tower
  obligation exists, with probability ``error_rate`` it takes one of those (at random); otherwise
  it plays like the autopilot among the compliant choices only.
* ``JudgeTable``: after every decision, each other player still in the game calls each newly
  made violation whose evidence is public (``Violation.public``, R16) with probability
  ``call_rate``. A bot never calls what it could not have seen: a pass while holding a castable
  card is hidden information and is not called. The accused disputes an upheld call with
  probability ``dispute_rate``; then each player still in the game votes: the accused to reject,
  the others as the engine ruled (R15). All of it goes through the judge's public API, so the
  record (judgetower.record) replays it.

The bots' randomness is their own (seeded), never the game's: a game stays its seed plus its
decisions and judge actions.
"""

from __future__ import annotations

import random
from dataclasses import replace

from judgetower.agents.autopilot import Autopilot
from judgetower.judge import attach, judge_of
from judgetower.judge.violations import compliant_options, referee_refusal


class ErringAutopilot(Autopilot):
    """An autopilot that breaks a Judge Tower obligation with probability ``error_rate`` where it
    can (judge mode offers every choice Magic allows)."""

    def __init__(self, seed: int = 0, error_rate: float = 0.0) -> None:
        super().__init__(seed)
        if not 0.0 <= error_rate <= 1.0:
            raise ValueError(f"error rate {error_rate!r} is not a probability from 0 to 1")
        self.error_rate = error_rate
        self.errors = 0

    def choose_decision(self, game, d):
        if getattr(game.rules, "mode", None) != "judge" or len(d.options) == 1:
            return super().choose_decision(game, d)
        ok = compliant_options(game, d)
        if self.error_rate and self.rng.random() < self.error_rate:
            bad = [o for o in d.options if o not in ok]
            if bad:
                self.errors += 1
                return self.rng.choice(bad)
        if len(ok) == len(d.options):
            return super().choose_decision(game, d)
        return super().choose_decision(game, replace(d, options=ok))


class JudgeTable:
    """Calls, disputes and votes by bots in a judge-mode game (see the module text)."""

    def __init__(self, game, seed: int = 0, call_rate: float = 0.5, dispute_rate: float = 0.1,
                 human: int | None = None, ask_dispute=None, ask_vote=None) -> None:
        for what, v in (("call rate", call_rate), ("dispute rate", dispute_rate)):
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"{what} {v!r} is not a probability from 0 to 1")
        self.game = game
        self.judge = attach(game) if getattr(game, "judge", None) is None else judge_of(game)
        self.rng = random.Random(seed)
        self.call_rate = call_rate
        self.dispute_rate = dispute_rate
        self.seen = 0
        # a person at seat ``human`` (judgetower play --mode judge) never calls through the table;
        # when accused, ``ask_dispute(rec)`` says whether they dispute, and ``ask_vote(rec)``
        # gives their vote (True: uphold)
        self.human = human
        self.ask_dispute = ask_dispute
        self.ask_vote = ask_vote

    def after_decision(self) -> None:
        """Look at the violations made since last time; call the public ones."""
        g, j = self.game, self.judge
        new = j.violations[self.seen:]
        self.seen = len(j.violations)
        for v in new:
            if not v.public or g.game_over:
                continue
            for seat in g.alive_players():
                if seat == v.player or seat == self.human or self.rng.random() >= self.call_rate:
                    continue
                rec = j.call(seat, v.player, v.rule, v.event)
                self.answer(rec)

    def answer(self, rec) -> None:
        """The accused may dispute at once (JT-G11, R15); then everyone still in the game votes."""
        g, j = self.game, self.judge
        if g.players[rec.accused].lost:
            return
        if rec.accused == self.human:
            if self.ask_dispute is None or not self.ask_dispute(rec):
                return
        elif self.rng.random() >= self.dispute_rate:
            return
        j.dispute(rec.accused)
        for seat in g.alive_players():
            if j.disputes.open is not rec:
                break            # everyone has voted: settled
            if seat == self.human and self.ask_vote is not None:
                j.vote(seat, bool(self.ask_vote(rec)))
            else:
                j.vote(seat, False if seat == rec.accused else rec.engine_ruling)


def run_judge_game(game, bots, table: JudgeTable, max_decisions: int, after=None) -> bool:
    """Let erring bots play and the table call until the game ends or holds ``max_decisions``
    decisions (``after()`` called after each decision and the table's calls). Returns True when the
    cap stopped it (unfinished, not won)."""
    while not game.game_over and len(game.decisions) < max_decisions:
        d = game.pending()
        if d is None:
            break
        game.decide(d.player, bots[d.player].choose(game, d.player))
        table.after_decision()
        if after is not None:
            after()
    return not game.game_over


__all__ = ["ErringAutopilot", "JudgeTable", "run_judge_game", "referee_refusal"]
