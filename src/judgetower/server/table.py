"""One table of the web server: a game, its seats (people and bots), its judge-mode calls, the
sockets watching it, and its store.

Everything that touches the engine runs in a worker thread under ``Table.lock`` (the engine is
not thread-safe); the event loop only moves frames. Each socket gets its own frame: its seat's
``game.view(seat)`` (spectators: ``view(None)``), the log lines that view holds, its own pending
decision's options (never another seat's) and the public judge state. Hidden violations
(``judge.violations``) never leave this module.
"""

from __future__ import annotations

import asyncio
import io
import random
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any

from judgetower import record as records
from judgetower.rules.decisions import Activate, Attack, Block, Cast, Pass, PlayLand, Split
from judgetower.rules.errors import IllegalAction
from judgetower.rules import PID   # the rules package API (its module moves)

PERSON, AUTOPILOT, ERRING = "person", "autopilot", "erring"
SEAT_KINDS = (PERSON, AUTOPILOT, ERRING)
SPECTATOR = -1


class TableError(ValueError):
    """A table config that cannot be used: the message says which field and why."""


class Refused(Exception):
    """A socket message the table refuses: ``code`` for the page's translation, ``message`` in
    English (engine messages are English), ``rule`` when a rule forbids it."""

    def __init__(self, code: str, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


def new_token() -> str:
    """A link's secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


# ---------------------------------------------------------------------------- sockets
@dataclass(eq=False)
class Conn:
    """One socket at the table: its seat (SPECTATOR for the spectator link), its language, what
    it has been sent (log lines, card frames) and its outgoing queue (frames in order)."""

    seat: int
    lang: str = "en"
    queue: asyncio.Queue | None = None
    loop: asyncio.AbstractEventLoop | None = None
    log_sent: int = 0      # visible log lines sent
    log_idx: int = 0       # log events looked at (visible or not)
    cards_sent: frozenset = frozenset()   # the card frames sent (immutable: sockets may share it)
    spectator_name: str | None = None
    frames: int = 0

    def push(self, frame: dict | str) -> None:
        """Queue a frame (a dict, or its JSON text) from any thread (call_soon_threadsafe keeps
        the order)."""
        if self.loop is None or self.queue is None:
            return
        self.loop.call_soon_threadsafe(self.queue.put_nowait, frame)


def _deliver(items: list[tuple[Conn, str]]) -> None:
    """On the event loop: queue each socket's frame (one wake-up of the loop per broadcast)."""
    for c, text in items:
        if c.queue is not None and c.loop is not None:
            c.queue.put_nowait(text)


try:   # orjson, when installed, encodes a frame several times faster than the json module
    import orjson as _orjson
except ImportError:   # pragma: no cover - depends on the machine
    _orjson = None

import json as _json


def encode(frame: dict) -> str:
    """A frame's JSON text (UTF-8 characters kept, no spaces), made once per distinct frame."""
    if _orjson is not None:
        try:
            return _orjson.dumps(frame, default=str, option=_orjson.OPT_NON_STR_KEYS).decode("utf-8")
        except TypeError:   # e.g. an integer too large for orjson: the json module takes it
            pass
    return _json.dumps(frame, ensure_ascii=False, separators=(",", ":"), default=str)


# ---------------------------------------------------------------------------- the table
class Table:
    def __init__(self, table_id: str, config: dict, game, pool, store, *, status: str = "open") -> None:
        self.id = table_id
        self.config = config
        self.game = game
        self.pool = pool
        self.store = store
        self.status = status
        self.lock = threading.RLock()
        self.conns: set[Conn] = set()
        self.seats = config["seats"]
        self.mode = config["mode"]
        self.judge_mode = self.mode == "judge"
        self.bot_delay = float(config.get("bot_delay", 0.8))
        self.judge_wait = float(config.get("judge_wait", 120.0))
        self.max_decisions = int(config.get("max_decisions", 100_000))
        self.bots: dict[int, Any] = {}
        for i, s in enumerate(self.seats):
            if s["kind"] == AUTOPILOT:
                from judgetower.agents.autopilot import Autopilot
                self.bots[i] = Autopilot(0)
            elif s["kind"] == ERRING:
                from judgetower.agents.judge_bots import ErringAutopilot
                self.bots[i] = ErringAutopilot(0, float(s.get("error_rate", 0.05)))
        self.autopass = {i: True for i, s in enumerate(self.seats) if s["kind"] == PERSON}
        self.saved_d = len(game.decisions)
        self.saved_j = len(self._actions())
        self.seq = 0
        self.seen_violations = len(self.judge.violations) if self.judge_mode else 0
        self.declined: set[int] = set()        # calls whose person accused chose not to dispute
        self.await_since: float | None = None
        self.capped = False
        self.wake: asyncio.Event | None = None
        self.task: asyncio.Task | None = None
        self._uis: dict[tuple[int, str], Any] = {}   # (seat, language) -> labeller
        self._house: dict[str, list[dict]] = {}    # the house rules in force, by language
        self.last_change = time.time()

    # ------------------------------------------------------------------ helpers
    @property
    def judge(self):
        return getattr(self.game, "judge", None)

    def _actions(self) -> list:
        j = getattr(self.game, "judge", None)
        return j.actions if j is not None else []

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat]["kind"] == PERSON

    def _rng(self, *parts) -> random.Random:
        """The bots' randomness: fixed by the table's seed and where the game is, so a resumed
        table plays on exactly as it would have."""
        return random.Random("/".join(str(p) for p in (self.config["seed"], len(self.game.decisions),
                                                        len(self._actions()), *parts)))

    def _ui(self, seat: int, lang: str = "en"):
        """The seat's labeller in the page's language (issue 14: option labels and the prompt in
        French on the French page), one per seat and language."""
        ui = self._uis.get((seat, lang))
        if ui is None:
            from judgetower.ui.terminal import TerminalUI
            ui = self._uis[(seat, lang)] = TerminalUI(self.game, seat, out=io.StringIO(), use_rich=False,
                                                      lang=lang if lang in ("en", "fr") else "en")
        return ui

    # ------------------------------------------------------------------ persistence
    def persist(self) -> None:
        """Write the decisions and judge actions not yet stored, in the order they happened."""
        g = self.game
        acts = self._actions()
        rows: list[tuple[str, Any]] = []
        j = self.saved_j
        for i in range(self.saved_d, len(g.decisions)):
            while j < len(acts) and acts[j]["at"] <= i:
                rows.append(("j", acts[j]))
                j += 1
            p, c = g.decisions[i]
            rows.append(("d", {"p": p, "c": records.encode_choice(c)}))
        while j < len(acts):
            rows.append(("j", acts[j]))
            j += 1
        over = g.game_over or self.capped
        status = "over" if over and self.status != "over" else None
        if rows or status:
            self.store.append(self.id, self.seq, rows, status=status)
            self.seq += len(rows)
            self.saved_d, self.saved_j = len(g.decisions), len(acts)
            if status:
                self.status = status
            self.last_change = time.time()

    # ------------------------------------------------------------------ the flow
    def over(self) -> bool:
        return self.game.game_over or self.capped

    def awaiting_people(self) -> list[int]:
        """Judge mode: the people the table waits for before the bots act again: the person
        accused by a call just upheld (dispute or accept), or the people still to vote (R15)."""
        j = self.judge
        if not self.judge_mode or j is None or self.over():
            return []
        rec = j.disputes.open
        if rec is None:
            return []
        g = self.game
        if rec.state == "standing":
            if (rec.upheld and self.is_person(rec.accused) and rec.number not in self.declined
                    and not g.players[rec.accused].lost):
                return [rec.accused]
            return []
        if rec.state == "disputed":
            return [q for q in g.alive_players() if self.is_person(q) and q not in rec.votes]
        return []

    def waiting_expired(self) -> bool:
        if self.await_since is None:
            return False
        return time.time() - self.await_since > self.judge_wait

    def _check_cap(self) -> None:
        if not self.game.game_over and len(self.game.decisions) >= self.max_decisions and not self.capped:
            self.capped = True

    def step_bots(self, budget_s: float) -> str:
        """Bots decide (and autopass people) until a person must act, the judge waits for people,
        or the budget is spent. Returns "more" (a bot is still to act), "person", "judge", "over".
        Called in a worker thread under the lock."""
        with self.lock:
            g = self.game
            t0 = time.perf_counter()
            while True:
                if self.over():
                    return "over"
                waiting = self.awaiting_people()
                if waiting and not self.waiting_expired():
                    if self.await_since is None:
                        self.await_since = time.time()
                    return "judge"
                d = g.pending()
                if d is None:
                    return "over"
                bot_acted = d.player in self.bots
                if bot_acted:
                    bot = self.bots[d.player]
                    bot.rng = self._rng("bot", d.player)
                    choice = bot.choose(g, d.player)
                elif self.autopass.get(d.player) and d.kind == "priority" and d.options == [Pass()]:
                    choice = Pass()
                else:
                    return "person"
                g.decide(d.player, choice)
                self._after_change()
                # a bot waits its delay before its next decision; an automatic pass does not
                if (bot_acted and self.bot_delay > 0) or time.perf_counter() - t0 > budget_s:
                    return "more"

    def _after_change(self) -> None:
        """After a decision or a judge action: the bots' calls, the waiting clock, the cap."""
        if self.judge_mode and not self.game.game_over:
            self._bot_calls()
        self.await_since = time.time() if self.awaiting_people() else None
        self._check_cap()

    def _bot_calls(self) -> None:
        """Each bot still in the game calls each new public violation with its call rate
        (JT-S2; never what it could not have seen, R16), as ``JudgeTable`` does."""
        g, j = self.game, self.judge
        new = j.violations[self.seen_violations:]
        self.seen_violations = len(j.violations)
        for v in new:
            if not v.public or g.game_over:
                continue
            for seat in g.alive_players():
                if seat == v.player or seat not in self.bots:
                    continue
                rate = float(self.seats[seat].get("call_rate", 0.5))
                if self._rng("call", seat, v.event).random() >= rate:
                    continue
                rec = j.call(seat, v.player, v.rule, v.event)
                self._answer(rec)

    def _answer(self, rec) -> None:
        """A bot accused of an upheld call disputes with its dispute rate; the bots vote at once
        (the accused to reject, the others as the engine ruled, R15); people vote in the page."""
        g, j = self.game, self.judge
        if rec.accused in self.bots and rec.upheld and not g.players[rec.accused].lost:
            rate = float(self.seats[rec.accused].get("dispute_rate", 0.1))
            if self._rng("dispute", rec.number).random() < rate:
                j.dispute(rec.accused)
                self._bots_vote(rec)

    def _bots_vote(self, rec) -> None:
        g, j = self.game, self.judge
        for seat in g.alive_players():
            if j.disputes.open is not rec:
                break
            if seat in self.bots and seat not in rec.votes:
                j.vote(seat, False if seat == rec.accused else rec.engine_ruling)

    # ------------------------------------------------------------------ people's messages
    def handle(self, conn: Conn, msg: dict) -> None:
        """Apply one message of a socket (under the lock). Raises Refused for anything the table
        will not do; then nothing changed."""
        if not isinstance(msg, dict):
            raise Refused("malformed", "a message is a JSON object with a \"type\"")
        kind = msg.get("type")
        if kind == "decide":
            return self._decide(conn, msg)
        if kind in ("call", "dispute", "accept", "vote"):
            if not self.judge_mode:
                raise Refused("not_judge_mode", "calls, disputes and votes belong to judge mode (JT-S2); "
                                                "this table is in referee mode", "JT-S2")
            if self.over():
                raise Refused("game_over", "the game is over: no more calls or votes")
            return getattr(self, "_" + kind)(conn, msg)
        if kind == "autopass":
            if conn.seat == SPECTATOR:
                raise Refused("spectator", "a spectator has no seat to pass for (R16)", "R16")
            on = msg.get("on")
            if not isinstance(on, bool):
                raise Refused("malformed", "autopass takes \"on\": true or false")
            self.autopass[conn.seat] = on
            return None
        raise Refused("malformed", f"unknown message type {str(kind)[:40]!r} "
                                   "(decide, call, dispute, accept, vote, autopass, lang)")

    def _decide(self, conn: Conn, msg: dict) -> None:
        g = self.game
        if conn.seat == SPECTATOR:
            raise Refused("spectator_decides", "a spectator watches and may call shame, but never decides (R16)",
                          "R16")
        if self.over():
            raise Refused("game_over", "the game is over: no decision is pending")
        key, i = msg.get("key"), msg.get("i")
        if not isinstance(key, str) or not isinstance(i, int) or isinstance(i, bool):
            raise Refused("malformed", "a decision is {\"type\": \"decide\", \"key\": <the decision's key>, "
                                       "\"i\": <option number>}")
        d = g.pending()
        if d is None or d.player != conn.seat:
            who = g.players[d.player].name if d is not None else "nobody"
            raise Refused("not_your_decision", f"this is not your decision: the game waits for {who}", "CR 117.1")
        if key != self.decision_key():
            raise Refused("stale", "that decision is no longer pending (the game moved on): "
                                   "choose again from the current options")
        if not 0 <= i < len(d.options):
            raise Refused("bad_option", f"there is no option {i} (options 0-{len(d.options) - 1})")
        try:
            g.decide(conn.seat, d.options[i])
        except IllegalAction as e:
            raise Refused("illegal", e.said(conn.lang, self.game.log.names_fr), getattr(e, "rule", "")) from None
        self._after_change()

    def decision_key(self) -> str:
        g = self.game
        return f"{len(g.decisions)}.{len(g.interrupts)}"

    def _person_name(self, conn: Conn, msg: dict) -> str | int:
        """Who acts: the seat, or the spectator's name (registered on first call, JT-G12)."""
        if conn.seat != SPECTATOR:
            return conn.seat
        j, g = self.judge, self.game
        name = msg.get("name", conn.spectator_name)
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise Refused("bad_name", "a spectator calls under a name (1-40 characters)")
        name = name.strip()
        if name in (p.name for p in g.players):
            raise Refused("bad_name", f"{name!r} is a player's name: choose another spectator name", "R16")
        if name not in j.spectators:
            j.add_spectator(name)
        conn.spectator_name = name
        return name

    def _call(self, conn: Conn, msg: dict) -> None:
        g, j = self.game, self.judge
        accused, rule, event = msg.get("accused"), msg.get("rule"), msg.get("event")
        if not isinstance(accused, str) or accused not in [p.name for p in g.players]:
            raise Refused("bad_call", f"the accused must be one of the players: {[p.name for p in g.players]}", "JT-S2")
        if not isinstance(rule, str) or not rule.strip() or len(rule) > 20:
            raise Refused("bad_call", "a call names the rule broken (e.g. JT-C5)", "JT-S2")
        if event is not None and (isinstance(event, bool) or not isinstance(event, int)):
            raise Refused("bad_call", "a call names a log line by its number, or none", "JT-S2")
        if conn.seat != SPECTATOR and g.players[conn.seat].name == accused:
            raise Refused("bad_call", "you cannot call yourself", "JT-S2")
        by = self._person_name(conn, msg)
        try:
            rec = j.call(by, accused, rule.strip().upper(), event)
        except IllegalAction as e:
            raise Refused("illegal", e.said(conn.lang, self.game.log.names_fr), getattr(e, "rule", "")) from None
        self._answer(rec)
        self._after_change()

    def _open_call(self, number) -> Any:
        j = self.judge
        rec = j.disputes.open
        if rec is None or (number is not None and number != rec.number):
            raise Refused("stale", "that call is no longer open (something else happened since; R15)", "R15")
        return rec

    def _dispute(self, conn: Conn, msg: dict) -> None:
        if conn.seat == SPECTATOR:
            raise Refused("spectator", "spectators do not dispute (R16)", "R16")
        rec = self._open_call(msg.get("call"))
        try:
            self.judge.dispute(conn.seat)
        except IllegalAction as e:
            raise Refused("illegal", e.said(conn.lang, self.game.log.names_fr), getattr(e, "rule", "")) from None
        self._bots_vote(rec)
        self._after_change()

    def _accept(self, conn: Conn, msg: dict) -> None:
        if conn.seat == SPECTATOR:
            raise Refused("spectator", "spectators are never accused (R16)", "R16")
        rec = self._open_call(msg.get("call"))
        if rec.accused != conn.seat:
            raise Refused("illegal", "only the accused accepts or disputes a call", "R15")
        self.declined.add(rec.number)
        self._after_change()

    def _vote(self, conn: Conn, msg: dict) -> None:
        if conn.seat == SPECTATOR:
            raise Refused("spectator", "spectators do not vote (R16)", "R16")
        uphold = msg.get("uphold")
        if not isinstance(uphold, bool):
            raise Refused("malformed", "a vote is {\"type\": \"vote\", \"uphold\": true or false}")
        self._open_call(msg.get("call"))
        try:
            self.judge.vote(conn.seat, uphold)
        except IllegalAction as e:
            raise Refused("illegal", e.said(conn.lang, self.game.log.names_fr), getattr(e, "rule", "")) from None
        self._after_change()

    # ------------------------------------------------------------------ frames
    def frame(self, conn: Conn, *, full: bool = False) -> dict:
        """What one socket is sent: built from its seat's own view only (under the lock)."""
        g = self.game
        seat = None if conn.seat == SPECTATOR else conn.seat
        v = g.view(seat, log=False, lang=conn.lang)
        _keywords_said(v, conn.lang)
        if full:
            conn.log_sent = conn.log_idx = 0
        # the log lines this seat may read (LogEvent.visible), only the new ones
        evs = g.log.events
        new = [e for e in evs[conn.log_idx:] if e.visible(seat)]
        conn.log_idx = len(evs)
        log = {"from": conn.log_sent, "lines": [
            {"n": e.number, "text": (e.text_fr if conn.lang == "fr" and e.text_fr else e.text), "rules": list(e.rules)}
            for e in new]}
        conn.log_sent += len(new)
        frame: dict[str, Any] = {
            "type": "state", "table": self.id, "n": len(g.decisions), "a": len(self._actions()),
            "key": self.decision_key(),
            "seat": seat, "you": g.players[seat].name if seat is not None else conn.spectator_name,
            "mode": self.mode, "lang": conn.lang, "view": v, "log": log,
            "step": _step_said(g.step, conn.lang),
            "seats": [{"name": p.name, "kind": s["kind"], "judge_level": p.judge_level,
                       "first_game": bool(p.first_game), "autopass": self.autopass.get(i)}
                      for i, (p, s) in enumerate(zip(g.players, self.seats))],
            "decision": self._decision(seat, conn.lang), "over": self.over(),
            "house": self.house_rules(conn.lang),
        }
        rounds = self.rounds_state()
        if rounds is not None:
            frame["rounds"] = rounds
        if self.judge_mode:
            frame["judge"] = self._judge_public(seat)
        if self.over():
            frame["summary"] = self.summary(conn.lang)
        if full:
            conn.cards_sent = frozenset()
        names = view_names(v)
        if frame["decision"]:
            for o in frame["decision"]["options"]:
                names.update(o.get("names", ()))
        cards = {}
        for n in names - conn.cards_sent:
            info = card_info(self.pool, n)
            if info is not None:
                cards[n] = info
        if cards:   # a new frozenset, never changed in place: sockets sharing frames share it (broadcast)
            conn.cards_sent = conn.cards_sent.union(cards)
        frame["cards"] = cards
        conn.frames += 1
        return frame

    def _decision(self, seat: int | None, lang: str = "en") -> dict | None:
        """The seat's own pending decision: options with labels and the objects they name (for
        clicking cards), and in referee mode the Judge Tower rules that force it; the prompt,
        labels and explanations in the page's language ``lang`` (`judgetower.ui.text`)."""
        g = self.game
        d = g.pending()
        if d is None or seat is None or d.player != seat or self.over():
            return None
        ui = self._ui(seat, lang)
        opts = []
        for i, o in enumerate(d.options):
            ids, player = _refs(g, d, o)
            names = []
            for oid in ids:
                ob = g.objects.get(oid)
                if ob is not None and getattr(ob, "card", None) is not None and not (
                        getattr(ob, "face_down", False) and seat not in getattr(ob, "may_look", ())):
                    names.append(ob.card.name)
            opts.append({"i": i, "label": ui.label(d, o), "ids": ids, "player": player, "names": names,
                         "pass": isinstance(o, Pass),
                         "t": type(o).__name__})
        forced = []
        if not self.judge_mode:
            try:
                forced = [{"rule": r, "text": t} for r, t in ui.forced_notes(d)]
            except Exception:   # an explanation never breaks the table
                forced = []
        return {"kind": d.kind, "prompt": ui.prompt_text(d), "rule": d.rule, "options": opts, "forced": forced,
                "key": self.decision_key()}

    def house_rules(self, lang: str = "en") -> list[dict]:
        """The table's house rules in force: ID, spec (``H-STRIKES=5``) and text, in the page's
        language (`judgetower.server.rules_text.house_rule`)."""
        found = self._house.get(lang)
        if found is None:
            from judgetower.server.rules_text import house_rule
            specs = getattr(self.game.rules, "house_specs", None)
            found = self._house[lang] = [house_rule(spec, lang) or {"id": spec, "spec": spec, "text": ""}
                                         for spec in (specs() if specs else [])]
        return found

    def rounds_state(self) -> dict | None:
        """H-ROUNDS: the round being played and each player's points (public)."""
        r = self.game.rules
        if not getattr(r, "points", None):
            return None
        return {"round": r.round, "points": {p.name: r.points[p.index] for p in self.game.players}}

    def shame_limit(self) -> dict:
        """When shame ends a player's game: JT-E1 (more than twice the players who started), or
        the house rule that replaces or tightens it (H-STRIKES, H-FIRST-MISTAKE-OUT)."""
        r, g = self.game.rules, self.game
        has = getattr(r, "has", lambda _rid: None)
        strikes = has("H-STRIKES")
        if has("H-FIRST-MISTAKE-OUT"):
            return {"rule": "H-FIRST-MISTAKE-OUT", "n": None}
        if strikes is not None:
            return {"rule": "H-STRIKES", "n": strikes.n}
        return {"rule": "JT-E1", "n": 2 * len(g.players)}

    def _judge_public(self, seat: int | None) -> dict:
        g, j = self.game, self.judge
        calls = []
        for c in j.calls:
            calls.append({"number": c.number, "by": c.by, "accused": g.players[c.accused].name, "rule": c.rule,
                          "event": c.event, "state": c.state, "upheld": c.upheld, "added": c.added,
                          "engine_ruling": c.engine_ruling,
                          "votes": {g.players[q].name: u for q, u in c.votes.items()}})
        rec = j.disputes.open
        open_ = None
        if rec is not None:
            alive = seat is not None and not g.players[seat].lost
            open_ = {"number": rec.number, "state": rec.state, "accused": g.players[rec.accused].name,
                     "rule": rec.rule, "upheld": rec.upheld,
                     "can_dispute": bool(alive and seat == rec.accused and rec.state == "standing" and rec.upheld
                                         and rec.number not in self.declined),
                     "can_vote": bool(alive and rec.state == "disputed" and seat not in rec.votes)}
        return {"calls": calls, "open": open_, "spectators": list(j.spectators),
                "waiting_for": [g.players[q].name for q in self.awaiting_people()],
                "shame_limit": 2 * len(g.players), "limit": self.shame_limit()}

    def summary(self, lang: str = "en") -> dict:
        """The end-of-game summary in the page's language (the end reason and the lines; issue 14)."""
        from judgetower.ui.summary import end_text, summary_dict, summary_lines
        g = self.game
        s = summary_dict(g)
        s["lines"] = summary_lines(g, lang)
        if lang != "en" and s.get("end_reason"):
            s["end_reason"] = end_text(g, lang)
        s["capped"] = self.capped
        s["house"] = [h["spec"] for h in self.house_rules()]
        rounds = self.rounds_state()
        if rounds is not None:
            s["rounds"] = rounds
        if self.judge is not None:
            s["call_list"] = [{"number": c.number, "by": c.by, "accused": g.players[c.accused].name,
                               "rule": c.rule, "upheld": c.upheld, "added": c.added, "disputed": bool(c.votes)}
                              for c in self.judge.calls]
        return s

    def broadcast(self) -> None:
        """Queue a frame for every socket (under the lock, so frames keep the game's order).

        Each distinct frame is built and JSON-encoded once: sockets of the same seat, language
        and spectator name that have been sent the same log lines and card frames get the same
        text (two tabs of one seat, the spectators); a frame is only ever built from its own
        seat's view (`frame`), so sharing never crosses seats. All the frames of a broadcast go
        to the event loop in one call."""
        items: list[tuple[Conn, str]] = []
        made: dict[tuple, tuple[str, Conn]] = {}
        loop = None
        for c in list(self.conns):
            if c.loop is None:
                continue
            key = (c.seat, c.lang, c.spectator_name, c.log_idx, c.log_sent, c.cards_sent)
            try:
                got = made.get(key)
                if got is None:
                    text = encode(self.frame(c))
                    made[key] = (text, c)
                else:
                    text, first = got
                    # the same frame: this socket's record of what it was sent moves on alike
                    c.log_idx, c.log_sent, c.cards_sent = first.log_idx, first.log_sent, first.cards_sent
                    c.frames += 1
            except Exception:   # one broken socket never stops the table
                self.conns.discard(c)
                continue
            items.append((c, text))
            loop = c.loop
        if items and loop is not None:
            try:
                loop.call_soon_threadsafe(_deliver, items)
            except RuntimeError:   # the loop is closed (the server stops)
                pass

    def record_text(self) -> str:
        return records.dumps(self.game)

    def lobby_info(self) -> dict:
        g = self.game
        return {"id": self.id, "title": self.config.get("title") or "", "mode": self.mode,
                "seats": [{"name": p.name, "kind": s["kind"], "judge_level": p.judge_level}
                          for p, s in zip(g.players, self.seats)],
                "turn": g.turn, "decisions": len(g.decisions), "over": self.over(),
                "people_here": len({c.seat for c in self.conns if c.seat != SPECTATOR}),
                "spectators_here": sum(1 for c in self.conns if c.seat == SPECTATOR),
                "tower": self.config.get("tower_desc", ""), "lang": self.config.get("lang", "en"),
                "house": list(self.config.get("house") or [])}


def _keywords_said(v: dict, lang: str) -> None:
    """Each permanent's keywords as printed in the page's language ("protection from black",
    "protection contre le noir", "vol"), not the engine's stored form ("protection:B")."""
    from judgetower.ui.terminal import keyword_text
    for o in v.get("battlefield") or ():
        if o.get("keywords"):
            o["keywords"] = [keyword_text(k, lang) for k in o["keywords"]]

def _step_said(step: str, lang: str) -> str:
    """The step's name in the page's language (the log's glossary: "nettoyage", CR 500.1)."""
    from judgetower.rules.log import Term, render
    return render(Term(str(step).replace("_", " ")), lang)


def view_names(v: dict) -> set:
    """The card names of a view's objects (for the card frames sent with it)."""
    names = set()
    for zone in (v["battlefield"], v["stack"], v["exile"]):
        names.update(o["name"] for o in zone)
    for p in v["players"]:
        names.update(o["name"] for o in p["graveyard"])
        names.update(o["name"] for o in p.get("hand", ()))
        if "library_top" in p:
            names.add(p["library_top"]["name"])
    return names


def _names(obj, out: set) -> None:
    """Every card name a view holds (for the card frames sent with it)."""
    if isinstance(obj, dict):
        n = obj.get("name")
        if isinstance(n, str) and "id" in obj:
            out.add(n)
        for v in obj.values():
            if isinstance(v, (dict, list)):
                _names(v, out)
    elif isinstance(obj, list):
        for v in obj:
            if isinstance(v, (dict, list)):
                _names(v, out)


def _refs(game, d, o) -> tuple[list[int], str | None]:
    """The object ids an option names (the first is the card to click) and a player's name."""
    if isinstance(o, (PlayLand, Cast, Activate)):
        return [o.obj], None
    if isinstance(o, Attack):
        if isinstance(o.defender, PID):
            return [o.creature], game.players[o.defender.index].name
        return [o.creature, o.defender], None
    if isinstance(o, Block):
        return [o.blocker, o.attacker], None
    if isinstance(o, PID):
        return [], game.players[o.index].name
    if isinstance(o, Split):   # the looked-at cards, top first (CR 701.22)
        return [*o.top, *o.bottom, *o.graveyard], None
    if isinstance(o, int) and not isinstance(o, bool) and d.kind in (
            "target", "cards", "legend", "order", "damage") and o in game.objects:
        return [o], None
    return [], None


_CARD_CACHE: dict[tuple[int, str], dict | None] = {}


def card_info(pool, name: str) -> dict | None:
    """A card's frame (name, cost, type line, rules text, P/T, loyalty; French when known)."""
    key = (id(pool), name)
    if key in _CARD_CACHE:
        return _CARD_CACHE[key]
    info = None
    try:
        c = pool.get(name) if name in pool else None
    except Exception:
        c = None
    if c is not None:
        info = {"name": c.name, "name_fr": c.name_fr, "cost": c.mana_cost, "type": c.type_line,
                "text": c.text, "text_fr": c.text_fr, "power": c.power, "toughness": c.toughness,
                "loyalty": c.loyalty, "colors": list(c.colors or ())}
    _CARD_CACHE[key] = info
    return info
