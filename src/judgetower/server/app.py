"""The web table: a Starlette ASGI app (lobby, table pages, WebSockets, records, replays).

A link's token is the only credential: ``/t/<token>`` is a seat's (or the spectator's) page and
``/ws/<token>`` its socket. Each socket is sent its own seat's frames only (``Table.frame``).
Engine work runs in worker threads, one table at a time under its lock; the event loop only
moves messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import threading
import time
from collections import OrderedDict
from html import escape
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from judgetower.server import setup
from judgetower.server.store import Store
from judgetower.server.table import SPECTATOR, Conn, Refused, Table, TableError, encode, new_token

TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
MAX_MESSAGE = 8_000


def _static_dir() -> str:
    return str(resources.files("judgetower.server").joinpath("static"))


def _page(name: str) -> str:
    return resources.files("judgetower.server").joinpath("static", name).read_text(encoding="utf-8")


def error_page(status: int, title: str, message: str, title_fr: str, message_fr: str) -> HTMLResponse:
    body = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<link rel="stylesheet" href="/static/style.css"></head><body class="error-page">
<main class="error-box" id="error"><h1>{escape(title)}</h1><p>{escape(message)}</p>
<p lang="fr" class="fr"><b>{escape(title_fr)}</b> — {escape(message_fr)}</p>
<p><a href="/">Lobby / Salon</a></p></main></body></html>"""
    return HTMLResponse(body, status_code=status)


class PeopleFirst:
    """People before bots: while a person's message is being applied (and its frames sent), the
    bots' steps of every table wait, up to ``limit`` seconds. The engine work of all tables shares
    one interpreter lock, so without this a person's decision competes with the bots' steps of
    the other tables for it, and its latency grows with the number of tables; bots wait at most
    ``limit`` (their own delay between decisions is far longer)."""

    def __init__(self, limit: float = 0.05) -> None:
        self.limit = limit
        self.busy = 0
        self.cv = threading.Condition()

    def enter(self) -> None:
        with self.cv:
            self.busy += 1

    def leave(self) -> None:
        with self.cv:
            self.busy -= 1
            if self.busy <= 0:
                self.busy = 0
                self.cv.notify_all()

    def wait(self) -> None:
        if self.busy and self.limit > 0:
            with self.cv:
                self.cv.wait_for(lambda: self.busy <= 0, timeout=self.limit)


class Server:
    """The tables in memory, loaded from the store on demand, and their bot loops."""

    def __init__(self, store: Store, *, data: str | None = None, bot_delay: float | None = None) -> None:
        self.store = store
        self.data = data
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.replays: OrderedDict[str, dict] = OrderedDict()
        self.started = time.time()
        # people's messages get their own worker threads, so that a person's decision never waits
        # in the queue behind the bots' steps of other tables (the engine work itself is serialised
        # per table by its lock)
        from concurrent.futures import ThreadPoolExecutor
        self.people_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="jt-people")
        self.bots_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="jt-bots")
        # and a person's message goes before the bots' next steps (they share one interpreter lock)
        self.people_first = PeopleFirst(0.05)

    # ------------------------------------------------------------------ tables
    async def create(self, form: Any) -> dict:
        def work():
            cfg = setup.make_config(form, data=self.data)
            if self.bot_delay is not None and (not isinstance(form, dict) or form.get("bot_delay") in (None, "")):
                cfg["bot_delay"] = self.bot_delay
            pool = setup.game_pool(cfg)
            game = setup.new_game(cfg, pool)
            tid = secrets.token_hex(8)
            tokens = [(new_token(), i) for i, s in enumerate(cfg["seats"]) if s["kind"] == "person"]
            spect = new_token()
            self.store.create_table(tid, cfg, tokens + [(spect, SPECTATOR)])
            t = Table(tid, cfg, game, pool, self.store)
            return t, tokens, spect
        t, tokens, spect = await asyncio.to_thread(work)
        self.tables[t.id] = t
        self.start_loop(t)
        return {"id": t.id,
                "seats": [{"seat": i, "name": t.seats[i]["name"], "link": f"/t/{tok}"} for tok, i in tokens],
                "spectator": f"/t/{spect}"}

    async def get(self, tid: str) -> Table | None:
        t = self.tables.get(tid)
        if t is not None:
            return t
        lock = self._loading.setdefault(tid, asyncio.Lock())
        async with lock:
            t = self.tables.get(tid)
            if t is not None:
                return t
            t = await asyncio.to_thread(self._load, tid)
            if t is not None:
                self.tables[tid] = t
                self.start_loop(t)
            return t

    def _load(self, tid: str) -> Table | None:
        row = self.store.load_table(tid)
        if row is None:
            return None
        cfg, status, events = row
        pool = setup.game_pool(cfg)
        game = setup.resume_game(cfg, events, pool)
        t = Table(tid, cfg, game, pool, self.store, status=status)
        t.seq = len(events)
        if len(game.decisions) >= t.max_decisions and not game.game_over:
            t.capped = True
        return t

    async def resume_all(self) -> None:
        """At start: every open table is replayed from the store and its bots go on."""
        for tid, _created, _cfg, _status in await asyncio.to_thread(self.store.list_tables, "open"):
            try:
                await self.get(tid)
            except Exception as e:   # one broken table never stops the others
                print(f"judgetower serve: table {tid} cannot be resumed: {e}", flush=True)

    async def table_of(self, token: str) -> tuple[Table, int] | None:
        if not isinstance(token, str) or not TOKEN_RE.match(token):
            return None
        found = await asyncio.to_thread(self.store.seat_of, token)
        if found is None:
            return None
        t = await self.get(found[0])
        return (t, found[1]) if t is not None else None

    # ------------------------------------------------------------------ bots
    def start_loop(self, t: Table) -> None:
        if t.task is None:
            t.wake = asyncio.Event()
            t.task = asyncio.get_running_loop().create_task(self._bot_loop(t))

    async def _bot_loop(self, t: Table) -> None:
        while True:
            try:
                status = await asyncio.get_running_loop().run_in_executor(self.bots_pool, self._gated_step, t)
            except Exception as e:   # a bug in one table is reported, never spreads
                print(f"judgetower serve: table {t.id} stopped: {type(e).__name__}: {e}", flush=True)
                return
            if status == "over":
                return
            if status == "more":
                if t.bot_delay > 0:
                    try:
                        await asyncio.wait_for(t.wake.wait(), t.bot_delay)
                    except asyncio.TimeoutError:
                        pass
                    t.wake.clear()
                else:
                    await asyncio.sleep(0)
                continue
            timeout = None
            if status == "judge" and t.await_since is not None:
                timeout = max(0.05, t.judge_wait - (time.time() - t.await_since) + 0.05)
            try:
                await asyncio.wait_for(t.wake.wait(), timeout)
            except asyncio.TimeoutError:
                pass
            t.wake.clear()

    def _gated_step(self, t: Table) -> str:
        self.people_first.wait()
        return self._step(t)

    @staticmethod
    def _step(t: Table) -> str:
        with t.lock:
            before = (len(t.game.decisions), len(t._actions()))
            status = t.step_bots(0.03)
            if (len(t.game.decisions), len(t._actions())) != before or status == "over":
                t.persist()
                t.broadcast()
            return status

    # ------------------------------------------------------------------ people
    async def message(self, t: Table, conn: Conn, msg: Any) -> None:
        def work():
            with t.lock:
                before = (len(t.game.decisions), len(t._actions()))
                try:
                    t.handle(conn, msg)
                except Refused as e:
                    conn.push({"type": "error", "code": e.code, "message": e.message, "rule": e.rule})
                    return
                t.persist()
                if (len(t.game.decisions), len(t._actions())) != before:
                    t.broadcast()
                else:
                    conn.push(encode(t.frame(conn)))
        loop = asyncio.get_running_loop()
        self.people_first.enter()
        try:
            await loop.run_in_executor(self.people_pool, work)
        finally:
            # the gate opens once the frames queued by ``work`` had their turn on the loop
            loop.call_soon(self.people_first.leave)
        if t.wake is not None:
            t.wake.set()

    async def socket(self, ws: WebSocket, token: str) -> None:
        await ws.accept()
        found = await self.table_of(token)
        if found is None:
            await ws.send_text(json.dumps({"type": "error", "code": "bad_token", "fatal": True,
                                           "message": "unknown link: no seat or table has this token"}))
            await ws.close(code=4404)
            return
        t, seat = found
        lang = ws.query_params.get("lang", t.config.get("lang", "en"))
        conn = Conn(seat=seat, lang=lang if lang in ("en", "fr") else "en", queue=asyncio.Queue(),
                    loop=asyncio.get_running_loop())

        def join():
            with t.lock:
                t.conns.add(conn)
                conn.push(encode(t.frame(conn, full=True)))
        await asyncio.to_thread(join)
        writer = asyncio.create_task(self._writer(ws, conn))
        try:
            while True:
                raw = await ws.receive_text()
                if len(raw) > MAX_MESSAGE:
                    conn.push({"type": "error", "code": "malformed", "message": f"message longer than {MAX_MESSAGE} characters"})
                    continue
                try:
                    msg = json.loads(raw)
                except ValueError:
                    conn.push({"type": "error", "code": "malformed", "message": "not JSON: a message is a JSON object"})
                    continue
                if isinstance(msg, dict) and msg.get("type") == "lang":
                    if msg.get("lang") not in ("en", "fr"):
                        conn.push({"type": "error", "code": "malformed", "message": "lang is en or fr"})
                        continue
                    conn.lang = msg["lang"]

                    def refresh():
                        with t.lock:
                            conn.push(encode(t.frame(conn, full=True)))
                    await asyncio.to_thread(refresh)
                    continue
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    conn.push({"type": "pong", "t": msg.get("t")})
                    continue
                await self.message(t, conn, msg)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            with t.lock:
                t.conns.discard(conn)
            conn.loop = None
            writer.cancel()

    @staticmethod
    async def _writer(ws: WebSocket, conn: Conn) -> None:
        try:
            while True:
                frame = await conn.queue.get()
                # state frames come encoded by the table's worker thread (once per distinct frame)
                await ws.send_text(frame if isinstance(frame, str) else encode(frame))
        except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
            pass
        except Exception:
            pass

    # ------------------------------------------------------------------ replays
    def replay_step(self, rid: str, k: int, lang: str) -> dict:
        from judgetower.rules.errors import IllegalAction
        r = self.replays[rid]
        self.replays.move_to_end(rid)
        rec = r["record"]
        k = max(0, min(k, len(rec.decisions)))
        with r["lock"]:
            game = r.get("game")
            if game is None or r["at"] > k:
                game = rec.new_game(r["pool"])
                r["game"], r["at"], r["next_action"] = game, 0, 0
            acts = rec.judge
            while True:
                while r["next_action"] < len(acts) and acts[r["next_action"]]["at"] <= r["at"]:
                    a = acts[r["next_action"]]
                    r["next_action"] += 1
                    try:
                        game.judge.apply_action({x: v for x, v in a.items() if x != "at"})
                    except IllegalAction as e:
                        raise TableError(f"judge action {r['next_action'] - 1} does not replay: {e}") from None
                if r["at"] >= k:
                    break
                p, c = rec.decisions[r["at"]]
                try:
                    game.decide(p, c)
                except IllegalAction as e:
                    raise TableError(f"decision {r['at']} does not replay: {e}") from None
                r["at"] += 1
            v = game.view(None)
            v.pop("log", None)
            lines = [{"n": e.number, "text": e.text_fr if lang == "fr" and e.text_fr else e.text,
                      "rules": list(e.rules)} for e in game.log.for_player(None)]
            names: set = set()
            from judgetower.server.table import _names, card_info
            _names(v, names)
            cards = {n: card_info(r["pool"], n) for n in names if card_info(r["pool"], n)}
            return {"step": k, "steps": len(rec.decisions), "view": v, "log": lines[-300:], "cards": cards,
                    "house": list(rec.options.get("house") or []),
                    "over": game.game_over, "winners": v.get("winners"), "end_reason": game.end_reason}


def _pool_for_record(rec, data: str | None):
    from judgetower.cards.pool import CardPool, starter_pool
    sp = starter_pool()
    names = list(rec.tower or [])
    if all(n in sp for n in names):
        return sp
    full = setup.full_pool(data)
    return CardPool(full.card(n).front for n in dict.fromkeys(full.resolve_many(names)))


# ---------------------------------------------------------------------------- routes
def create_app(db: str | None = None, *, data: str | None = None, bot_delay: float | None = None,
               store: Store | None = None) -> Starlette:
    store = store or Store(db)
    server = Server(store, data=data, bot_delay=bot_delay)

    async def lobby(request: Request):
        return HTMLResponse(_page("lobby.html"))

    async def list_tables(request: Request):
        rows = await asyncio.to_thread(store.list_tables)
        out = []
        for tid, created, cfg, status in rows[-200:]:
            t = server.tables.get(tid)
            if t is not None:
                info = t.lobby_info()
            else:
                info = {"id": tid, "title": cfg.get("title", ""), "mode": cfg["mode"],
                        "seats": [{"name": s["name"], "kind": s["kind"], "judge_level": s["judge_level"]}
                                  for s in cfg["seats"]], "over": status == "over",
                        "tower": cfg.get("tower_desc", ""), "lang": cfg.get("lang", "en"),
                        "house": list(cfg.get("house") or [])}
            info["created"] = created
            out.append(info)
        out.reverse()
        return JSONResponse({"tables": out})

    async def create_table(request: Request):
        try:
            body = await request.body()
            if len(body) > setup.MAX_TOWER_TEXT + 20_000:
                return JSONResponse({"error": "the form is too large"}, status_code=413)
            form = json.loads(body or b"null")
        except ValueError:
            return JSONResponse({"error": "the form is not JSON"}, status_code=400)
        try:
            out = await server.create(form)
        except TableError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return JSONResponse(out, status_code=201)

    async def table_page(request: Request):
        token = request.path_params["token"]
        found = await server.table_of(token)
        if found is None:
            return error_page(404, "Unknown link", "No seat or table has this link. Ask the table's creator for yours.",
                              "Lien inconnu", "Aucune place ni table n'a ce lien. Demandez le vôtre à qui a créé la table.")
        return HTMLResponse(_page("table.html"))

    async def record_download(request: Request):
        token = request.path_params["token"]
        found = await server.table_of(token)
        if found is None:
            return error_page(404, "Unknown link", "No seat or table has this link.",
                              "Lien inconnu", "Aucune place ni table n'a ce lien.")
        t, _ = found
        if not t.over():
            # the record holds every decision: it would reveal hands and the library's order
            return PlainTextResponse("the record is given when the game is over (it reveals hidden cards)",
                                     status_code=409)

        def text():
            with t.lock:
                return t.record_text()
        body = await asyncio.to_thread(text)
        return Response(body, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="judgetower-{t.id}.json"'})

    async def rules_list(request: Request):
        from judgetower.server.rules_text import rule_list
        lang = request.query_params.get("lang", "en")
        return JSONResponse({"rules": await asyncio.to_thread(rule_list, lang)})

    async def rule_text(request: Request):
        from judgetower.server.rules_text import rule_text as _rt
        rid = request.query_params.get("id", "")[:40]
        lang = request.query_params.get("lang", "en")
        return JSONResponse({"id": rid, "text": await asyncio.to_thread(_rt, rid, lang)})

    async def house_list(request: Request):
        from judgetower.server.rules_text import house_rule_list
        lang = request.query_params.get("lang", "en")
        return JSONResponse({"house": await asyncio.to_thread(house_rule_list, lang)})

    async def replay_page(request: Request):
        return HTMLResponse(_page("replay.html"))

    async def replay_create(request: Request):
        from judgetower import record as records
        body = await request.body()
        if len(body) > 20_000_000:
            return JSONResponse({"error": "the record is too large"}, status_code=413)
        try:
            rec = records.loads(body, "uploaded record")
            if rec.variant != "judge-tower":
                raise records.RecordError("the replay viewer shows Judge Tower records")
            pool = await asyncio.to_thread(_pool_for_record, rec, data)
        except Exception as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        import threading
        rid = secrets.token_hex(8)
        server.replays[rid] = {"record": rec, "pool": pool, "lock": threading.Lock()}
        while len(server.replays) > 20:
            server.replays.popitem(last=False)
        return JSONResponse({"id": rid, "steps": len(rec.decisions),
                             "players": [p["name"] for p in rec.players]}, status_code=201)

    async def replay_step(request: Request):
        rid = request.path_params["rid"]
        if rid not in server.replays:
            return JSONResponse({"error": "unknown replay (upload the record again)"}, status_code=404)
        try:
            k = int(request.path_params["k"])
        except ValueError:
            return JSONResponse({"error": "the step is a number"}, status_code=400)
        try:
            out = await asyncio.to_thread(server.replay_step, rid, k, request.query_params.get("lang", "en"))
        except TableError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return JSONResponse(out)

    async def ws_route(ws: WebSocket):
        await server.socket(ws, ws.path_params["token"])

    async def health(request: Request):
        return JSONResponse({"ok": True, "tables": len(server.tables), "store": store.safe_url()})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        # at start: every open table is replayed from the store and its bots go on
        resume = asyncio.get_running_loop().create_task(server.resume_all())
        yield
        resume.cancel()
        for t in server.tables.values():
            if t.task is not None:
                t.task.cancel()

    routes = [
        Route("/", lobby), Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/t/{token}", table_page), Route("/t/{token}/record.json", record_download),
        Route("/api/rules", rules_list), Route("/api/rule", rule_text), Route("/api/house", house_list),
        Route("/replay", replay_page), Route("/api/replay", replay_create, methods=["POST"]),
        Route("/api/replay/{rid}/{k}", replay_step), Route("/healthz", health),
        WebSocketRoute("/ws/{token}", ws_route),
        Mount("/static", app=StaticFiles(directory=_static_dir()), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app
