"""The web table (issue 14): ``judgetower serve`` starts an ASGI app (Starlette, uvicorn) with a
lobby, table pages, WebSockets per seat, and a store (SQLAlchemy Core: SQLite by default,
PostgreSQL with ``--db postgresql://...``) from which every table resumes after a restart.

``add_parser(sub)`` registers the ``serve`` subcommand; ``run(args)`` runs it.
"""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    sv = sub.add_parser("serve", help="the web table: a lobby, tables people join from their browsers, bots, judge mode")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    sv.add_argument("--db", default=None,
                    help="store URL: sqlite:///PATH or postgresql://USER@HOST/DB (default: SQLite in the "
                         "user data dir, or $JUDGETOWER_DB)")
    sv.add_argument("--data", default=None,
                    help="MTGJSON AtomicCards file for uploaded and random towers (default: the downloaded "
                         "file, else the starter tower's cards)")
    sv.add_argument("--bot-delay", type=float, default=None, metavar="S",
                    help="seconds a bot waits before acting, for tables whose form leaves it empty (default 0.8)")


def run(args) -> int:
    try:
        import uvicorn
    except ImportError:
        print("judgetower serve: the web table needs its dependencies: python3 -m pip install -e .", file=sys.stderr)
        return 2
    from judgetower.server.app import create_app
    from judgetower.server.setup import default_data
    from judgetower.server.store import Store, StoreError
    if not 0 <= args.port <= 65535:
        print(f"judgetower serve: --port {args.port} is not a port (0-65535)", file=sys.stderr)
        return 2
    if args.bot_delay is not None and not 0 <= args.bot_delay <= 10:
        print(f"judgetower serve: --bot-delay {args.bot_delay} is not from 0 to 10 seconds", file=sys.stderr)
        return 2
    try:
        store = Store(args.db)
    except StoreError as e:
        print(f"judgetower serve: {e}", file=sys.stderr)
        return 2
    data = args.data or default_data()
    app = create_app(store=store, data=data, bot_delay=args.bot_delay)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio",
                            ws_max_size=1 << 20)
    server = uvicorn.Server(config)

    import asyncio

    async def main():
        task = asyncio.create_task(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            port = args.port
            for s in server.servers:
                for sock in s.sockets:
                    port = sock.getsockname()[1]
            host = args.host if ":" not in args.host else f"[{args.host}]"
            print(f"judgetower serve: lobby at http://{host}:{port}/  (store: {store.safe_url()})", flush=True)
        await task

    asyncio.run(main())
    return 0


__all__ = ["add_parser", "run"]
