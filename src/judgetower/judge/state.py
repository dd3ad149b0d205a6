"""The judge of a judge-mode game (JT-S1-S5, JT-G11, JT-G12; R15-R17): hidden violations,
calls, shame, spectators.

``game.judge.violations`` is the hidden list the engine keeps of choices referee mode would
have refused. It never appears in a view or a log line; only a call makes one public.
"""

from __future__ import annotations

from judgetower.rules.log import msg

from judgetower.judge.disputes import CallRecord, Disputes
from judgetower.judge.violations import Violation, cause_of, describe, is_public, referee_refusal
from judgetower.rules.decisions import Pass
from judgetower.rules.errors import IllegalAction


class Judge:
    def __init__(self, game) -> None:
        self.game = game
        self.violations: list[Violation] = []
        self.calls: list[CallRecord] = []
        self.spectators: list[str] = []
        self.counted: dict[tuple, int] = {}        # cause -> number of the call that added its shame
        self.disputes = Disputes(self)
        #: what people did outside the decisions, for the game record: each action with "at",
        #: the number of decisions taken before it (judgetower.record replays them there)
        self.actions: list[dict] = []
        self.missed: dict[tuple, dict] = {}         # cause -> the missed trigger (JT-G9, R13)
        self.remedied: set[tuple] = set()           # causes whose missed trigger was remedied

    def _act(self, **action) -> None:
        self.actions.append({"at": len(self.game.decisions), **action})

    def apply_action(self, action: dict):
        """Redo one recorded action (judgetower.record): a spectator joining, a call, a dispute,
        a vote. Bad data raises IllegalAction like the call itself would."""
        if not isinstance(action, dict):
            raise IllegalAction(f"a judge action is an object, not {action!r}", "JT-S2")
        if "spectator" in action:
            return self.add_spectator(action["spectator"])
        if "call" in action:
            c = action["call"]
            if not isinstance(c, dict) or not {"by", "accused", "rule"} <= set(c):
                raise IllegalAction(f"a call needs by, accused and rule: {c!r}", "JT-S2")
            return self.call(c["by"], c["accused"], c["rule"], c.get("event"))
        if "dispute" in action:
            return self.dispute(action["dispute"])
        if "vote" in action:
            v = action["vote"]
            if not isinstance(v, dict) or not {"by", "uphold"} <= set(v) or not isinstance(v["uphold"], bool):
                raise IllegalAction(f"a vote needs by and uphold (true/false): {v!r}", "R15")
            return self.vote(v["by"], v["uphold"])
        raise IllegalAction(f"unknown judge action {action!r} (spectator, call, dispute, vote)", "JT-S2")

    def upheld_calls(self) -> list[CallRecord]:
        """The calls that added shame (JT-S2, R17): the shame table is these plus the start."""
        return [c for c in self.calls if c.added]

    # ------------------------------------------------------------------ people (JT-G12, R16)
    def add_spectator(self, name: str) -> None:
        name = str(name)
        if name in (p.name for p in self.game.players) or name in self.spectators:
            raise IllegalAction(msg("{name} is already in this game", name=repr(name)), "R16")
        self.spectators.append(name)
        self._act(spectator=name)

    def spectator_view(self, name: str) -> dict:
        """R16: a spectator sees public information only."""
        if name not in self.spectators:
            raise IllegalAction(msg("{name} is not a spectator of this game", name=repr(name)), "R16")
        return self.game.view(None)

    def _person(self, who) -> tuple[str, int | None]:
        """(name, seat or None for a spectator)."""
        g = self.game
        if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(g.players):
            return g.players[who].name, who
        who = str(who)
        for p in g.players:
            if p.name == who:
                return p.name, p.index
        if who in self.spectators:
            return who, None
        raise IllegalAction(msg("{name} is neither a player nor a spectator of this game", name=repr(who)), "JT-G12")

    def _seat(self, who) -> int:
        name, seat = self._person(who)
        if seat is None:
            raise IllegalAction(msg("{name} is a spectator: spectators do not vote or dispute", name=name), "R16")
        return seat

    # ------------------------------------------------------------------ noting violations
    def note(self, d, choice):
        """Called before a decision is applied: note a violation if referee mode would refuse
        ``choice``. Returns a function to call once the action is done (it fixes the log event
        number to the action's own log line), or None."""
        self.disputes.close()      # something else happens: the last call can no longer be disputed
        rule = referee_refusal(self.game, d, choice)
        if rule is None:
            return None
        before = len(self.game.log)
        what = describe(self.game, d, choice)

        def done() -> None:
            # the action's own log line: the first new one that is not a mana announcement (R14)
            new = self.game.log.events[before:]
            own = [e for e in new if "R14" not in e.rules] or new
            event = own[0].number if own else before
            cause = cause_of(self.game, d, choice, rule, event)
            at = "after" if not own else "before" if isinstance(choice, Pass) else "own"
            self.violations.append(Violation(d.player, rule, event, cause, what, public, at=at))
            if d.kind == "trigger":
                self.missed[cause] = d.context["trigger"]
        public = is_public(self.game, d, choice, rule)
        return done

    # ------------------------------------------------------------------ calls (JT-S2-S4, R17)
    def explained(self, seat: int, rule: str) -> bool:
        """R17: each player has the rules explained to them (default: all of them)."""
        ex = getattr(self.game.players[seat], "explained", None)
        if ex is None or not rule.startswith("JT-"):
            return True
        return any(rule == e or (len(e) == 4 and rule.startswith(e)) for e in ex)   # "JT-P": a section

    def find(self, accused: int, rule: str, event: int | None = None) -> Violation | None:
        for v in reversed(self.violations):
            if v.player == accused and v.rule == rule and (event is None or v.event == event):
                return v
        return None

    def call(self, by, accused, rule: str, event: int | None = None) -> CallRecord:
        g = self.game
        by_name, by_seat = self._person(by)
        acc_name, acc = self._person(accused)
        if acc is None:
            raise IllegalAction(msg("{name} is a spectator: only players get shame", name=acc_name), "JT-S2")
        rule = str(rule).strip()
        if event is not None and (isinstance(event, bool) or not isinstance(event, int)):
            raise IllegalAction(msg("a call names a log event by its number, not {value}", value=repr(event)), "JT-S2")
        v = self.find(acc, rule, event)
        self._act(call={"by": by_name, "accused": acc_name, "rule": rule, "event": event})
        rec = CallRecord(len(self.calls) + 1, by_name, acc, rule, event, v)
        self.calls.append(rec)
        who = msg("{name} (a spectator)", name=by_name) if by_seat is None else by_name
        at = msg(" at event {event}", event=event) if event is not None else ""
        rules = ("JT-S2", "R17") + (("JT-G12", "R16") if by_seat is None else ())
        if v is None:
            g.log.add("call {n}: {who} calls {accused} for {rule}{at}: the engine finds no such violation; a wrong "
                      "call, no change (not a violation itself)", *rules, n=rec.number, who=who, accused=acc_name,
                      rule=rule, at=at)
        elif v.at == "own":
            g.log.add("call {n}: {who} calls {accused} for {rule} (event {event}: {what}): the engine finds the "
                      "violation", *rules, "JT-S3", n=rec.number, who=who, accused=acc_name, rule=rule,
                      event=v.event, what=v.what)
        elif v.at == "before":   # a pass writes no line: line N is what followed it
            g.log.add("call {n}: {who} calls {accused} for {rule} (just before event {event}: {what}): the engine "
                      "finds the violation", *rules, "JT-S3", n=rec.number, who=who, accused=acc_name, rule=rule,
                      event=v.event, what=v.what)
        else:   # nothing followed the pass yet: line N is the last one before it
            g.log.add("call {n}: {who} calls {accused} for {rule} (after event {event}: {what}): the engine finds "
                      "the violation", *rules, "JT-S3", n=rec.number, who=who, accused=acc_name, rule=rule,
                      event=v.event, what=v.what)
        self.disputes.opened(rec)
        self.apply(rec, rec.engine_ruling)
        return rec

    def apply(self, rec: CallRecord, upheld: bool) -> None:
        """Make the shame match the call's outcome (JT-S2-S4, R17): once per cause; a JT rule
        never explained to the accused adds nothing."""
        g = self.game
        if upheld == rec.upheld:
            return
        rec.upheld = upheld
        p = g.players[rec.accused]
        cause = rec.violation.cause if rec.violation is not None else ("call", rec.number)
        if upheld:
            if not self.explained(rec.accused, rec.rule):
                g.log.add("call {n}: {rule} was never explained to {player}: no shame", "JT-S2", "R17",
                          n=rec.number, rule=rec.rule, player=p)
                return
            if cause in self.counted:
                g.log.add("call {n}: that error was already counted (call {counted}): {player}'s shame stays {shame}",
                          "JT-S4", "R17", n=rec.number, counted=self.counted[cause], player=p, shame=p.shame)
                return
            self.counted[cause] = rec.number
            rec.added = True
            p.shame += 1
            g.log.add("call {n}: {player}'s shame goes up by 1 to {shame}", "JT-S2", "JT-S3", "R17", n=rec.number,
                      player=p, shame=p.shame)
            self._remedy(rec, cause)
        elif rec.added:
            rec.added = False
            del self.counted[cause]
            self._drop_remedy(rec)
            p.shame -= 1
            g.log.add("call {n} is rejected: {player}'s shame goes back down to {shame}", "JT-G11", "R15", "R17",
                      n=rec.number, player=p, shame=p.shame)
        else:
            g.log.add("call {n} is rejected: no change", "JT-G11", "R15", n=rec.number)

    # ------------------------------------------------------------------ missed triggers (JT-G9, R13)
    def _remedy(self, rec: CallRecord, cause: tuple) -> None:
        """R13 (IPG 2.1, JT-G9: every trigger is detrimental): the player who correctly called a
        missed trigger chooses whether it goes on the stack now. A spectator's call puts it there
        (a spectator does not play, R16). It goes on the stack the next time a player would
        receive priority (CR 603.3)."""
        t = self.missed.get(cause)
        if t is None or cause in self.remedied:
            return
        self.remedied.add(cause)
        g = self.game
        src = t["source"]
        _, seat = self._person(rec.by)

        def put(choice: bool) -> None:
            if choice:
                g.pending_triggers.append(dict(t, acknowledged=True))
                g.log.add("call {n}: {who} puts the missed trigger of {source} on the stack now", "JT-G9", "R13",
                          "CR 603.3", n=rec.number, who=rec.by, source=src)
                if not g.interrupts:
                    g.recheck_priority()
            else:
                g.log.add("call {n}: {who} leaves the missed trigger of {source} off the stack", "JT-G9", "R13",
                          n=rec.number, who=rec.by, source=src)
        if seat is None:
            put(True)
            return
        from judgetower.rules.decisions import Decision
        d = Decision(seat, "missed_trigger", [True, False],
                     msg("{who}: put the missed trigger of {source} on the stack now?", who=rec.by, source=src), "R13",
                     {"call": rec.number, "auto": False})
        rec.remedy = d
        g.interrupt(d, put)

    def _drop_remedy(self, rec: CallRecord) -> None:
        """A call rejected by a vote before its remedy was chosen: no remedy (R15)."""
        d = getattr(rec, "remedy", None)
        g = self.game
        for item in list(g.interrupts):
            if item[0] is d:
                g.interrupts.remove(item)
                if rec.violation is not None:
                    self.remedied.discard(rec.violation.cause)

    def dispute(self, by) -> CallRecord:
        seat = self._seat(by)
        rec = self.disputes.dispute(seat)
        self._act(dispute=self.game.players[seat].name)
        return rec

    def vote(self, by, uphold: bool) -> CallRecord:
        name, seat = self._person(by)
        if seat is None:
            raise IllegalAction(msg("{name} is a spectator: spectators do not vote", name=name), "R16")
        rec = self.disputes.vote(seat, uphold)
        self._act(vote={"by": name, "uphold": bool(uphold)})
        return rec
