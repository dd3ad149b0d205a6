"""Calls, disputes and votes (JT-S2-S4, JT-G11, R15, R17) as a small state machine.

A call is ruled by the engine at once and stands (``standing``) unless the accused disputes it
at once (``disputed``); then every player still in the game may vote (spectators never vote,
R16); the call is ``settled`` when every such player has voted, or as soon as anything else
happens. The outcome is always the simple majority of the votes cast so far; on a tie (no vote
included) the engine's ruling stands (R15). The shame follows the outcome as it changes.
"""

from __future__ import annotations

from judgetower.rules.log import msg

from dataclasses import dataclass, field

from judgetower.rules.errors import IllegalAction

STANDING, DISPUTED, SETTLED = "standing", "disputed", "settled"


@dataclass
class CallRecord:
    number: int
    by: str                       # a player's or a spectator's name
    accused: int                  # seat index
    rule: str
    event: int | None             # the log event the call names, if any
    violation: object = None      # the Violation found (None: a wrong call by the engine's ruling)
    state: str = STANDING
    votes: dict[int, bool] = field(default_factory=dict)   # voter seat -> uphold
    upheld: bool = False          # the outcome so far
    added: bool = False           # whether this call added the shame for its cause
    remedy: object = None         # the missed-trigger remedy decision posed to the caller (R13)

    @property
    def engine_ruling(self) -> bool:
        return self.violation is not None

    def outcome(self) -> bool:
        """R15: simple majority of the votes cast; a tie (or no vote) keeps the engine's ruling."""
        yes = sum(1 for v in self.votes.values() if v)
        no = len(self.votes) - yes
        if yes != no:
            return yes > no
        return self.engine_ruling


class Disputes:
    """The open call (at most one: a call may be disputed only at once) and its votes."""

    def __init__(self, judge) -> None:
        self.judge = judge
        self.open: CallRecord | None = None

    def opened(self, rec: CallRecord) -> None:
        self.close()
        self.open = rec

    def close(self) -> None:
        """Anything else happens: a standing call is final, a dispute is settled by the votes cast."""
        rec, self.open = self.open, None
        if rec is None or rec.state == SETTLED:
            return
        if rec.state == DISPUTED:
            self._settle(rec)
        else:
            rec.state = SETTLED

    def dispute(self, by: int) -> CallRecord:
        g = self.judge.game
        rec = self.open
        if rec is None or rec.state != STANDING:
            raise IllegalAction(msg("{player} disputes, but no call was just made (a call is disputed at once)",
                                    player=g.players[by]), "R15")
        if by != rec.accused:
            raise IllegalAction(msg("only the accused ({player}) may dispute this call", player=g.players[rec.accused]), "R15")
        rec.state = DISPUTED
        ruling = msg("a violation") if rec.engine_ruling else msg("no violation")
        g.log.add("{player} disputes call {n} ({rule}); the engine's ruling is {ruling}; the players still in the "
                  "game vote", "JT-G11", "R15", player=g.players[by], n=rec.number, rule=rec.rule, ruling=ruling)
        return rec

    def vote(self, by: int, uphold: bool) -> CallRecord:
        g = self.judge.game
        rec = self.open
        if rec is None or rec.state != DISPUTED:
            raise IllegalAction(msg("{player} votes, but no dispute is open", player=g.players[by]), "R15")
        if g.players[by].lost:
            raise IllegalAction(msg("{player} has left the game and does not vote", player=g.players[by]), "R15")
        if by in rec.votes:
            raise IllegalAction(msg("{player} has already voted on call {n}", player=g.players[by], n=rec.number), "R15")
        rec.votes[by] = bool(uphold)
        if uphold:
            g.log.add("{player} votes to uphold call {n}", "JT-G11", "R15", player=g.players[by], n=rec.number)
        else:
            g.log.add("{player} votes to reject call {n}", "JT-G11", "R15", player=g.players[by], n=rec.number)
        self.judge.apply(rec, rec.outcome())
        if all(q in rec.votes for q in g.alive_players()):
            self.close()
        return rec

    def _settle(self, rec: CallRecord) -> None:
        g = self.judge.game
        yes = sum(1 for v in rec.votes.values() if v)
        no = len(rec.votes) - yes
        result = rec.outcome()
        rec.state = SETTLED
        how = (msg("{yes} to uphold, {no} to reject: a tie, the engine's ruling stands", yes=yes, no=no) if yes == no
               else msg("{yes} to uphold, {no} to reject", yes=yes, no=no))
        if result:
            g.log.add("the dispute of call {n} is settled ({how}): the call is upheld", "JT-G11", "R15",
                      n=rec.number, how=how)
        else:
            g.log.add("the dispute of call {n} is settled ({how}): the call is rejected", "JT-G11", "R15",
                      n=rec.number, how=how)
        self.judge.apply(rec, result)
