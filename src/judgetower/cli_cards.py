"""The ``judgetower cards ...`` and ``judgetower tower ...`` commands (wired in `judgetower.cli`).

    judgetower cards download [--dest DIR] [--url URL]
    judgetower cards show NAME [--lang fr] [--data PATH]
    judgetower cards search TEXT [--lang fr] [--data PATH] [--limit N]
    judgetower cards coverage [--data PATH] [--json] [--top N]
    judgetower tower build --size 250 --seed S [--data PATH] [--filter EXPR] [--allow-unsupported] -o FILE
    judgetower tower check FILE [--format F] [--data PATH] [--allow-unsupported]
    judgetower tower import FILE [--format auto|cubecobra-csv|text|arena|mtgo] [--out TOWER] [--data PATH]
    judgetower tower export TOWER [--format cubecobra-csv|text] [--out FILE] [--data PATH]

``tower check``, ``import`` and ``export`` read any tower format (`judgetower.cards.tower_formats`).
Every command but ``cards coverage`` works on a lazy pool (`compiled_pool.LazyCompiledPool`): with
a data file it checks (compiles) only the cards it touches (a tower's own cards, the candidates
``tower build`` draws, the card shown), never the whole file; ``cards coverage`` compiles every
card, with a progress bar and an ETA (`compiled_pool.RichProgress`).

Every command takes ``--data PATH`` (an AtomicCards ``.json``/``.json.gz``/
``.json.xz``), else uses the file ``cards download`` fetched, else falls back to the embedded
starter tower with a notice. Bad input (unknown card, malformed file, failed download) prints
``judgetower CMD: message`` on stderr and exits with 2.
"""

from __future__ import annotations

import json
import os
import sys
import time

from judgetower.cards.card import CardError


#: the start of `open_pool`'s notice that no card data file was given or downloaded
NO_DATA_NOTICE = "no card data file"
#: the file (in `data_dir`) whose presence says the no-data notice was shown once already
NO_DATA_MARKER = ".no-card-data-notice-shown"


def _first_no_data_notice() -> bool:
    """True the first time the no-data notice is due for this user (the card data dir holds no
    marker yet; the marker is written now). A data dir that cannot be written keeps the notice."""
    from judgetower.oracle.compiled_pool import data_dir
    try:
        base = data_dir()
        marker = base / NO_DATA_MARKER
        if marker.exists():
            return False
        base.mkdir(parents=True, exist_ok=True)
        marker.write_text("judgetower showed the 'no card data file' notice here once; "
                          "delete this file to see it again\n", encoding="utf-8")
    except OSError:
        pass
    return True


def _notice(msg: str) -> None:
    """A notice on stderr. The one saying that no card data file was given or downloaded (the
    starter tower is used) is shown once per user, not on every command: the game headers still
    say "the starter tower"."""
    if msg.startswith(NO_DATA_NOTICE):
        if not _first_no_data_notice():
            return
        msg += " (this notice is shown once)"
    print(f"judgetower: {msg}", file=sys.stderr, flush=True)


class _Progress:
    """A progress display on stderr: one rewritten line on a terminal, a few lines otherwise."""

    def __init__(self, what: str, unit: str = "") -> None:
        self.what = what
        self.unit = unit
        self.tty = sys.stderr.isatty()
        self.last = 0.0
        self.start = time.monotonic()

    def __call__(self, done: int, total: int | None) -> None:
        now = time.monotonic()
        final = total is not None and done >= total
        if not final and now - self.last < (0.2 if self.tty else 10):
            return
        self.last = now
        if self.unit == "MB":
            text = f"{done / 1e6:.1f} MB" + (f" of {total / 1e6:.1f} MB ({100 * done // total}%)" if total else "")
        else:
            text = f"{done}/{total}" + (f" ({100 * done // total}%)" if total else "")
        line = f"{self.what}: {text}, {now - self.start:.0f} s"
        if self.tty:
            print("\r" + line, end="\n" if final else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)


def _pool(args, whole: bool = False):
    """The pool a card command works on (`open_pool`): lazy (only the cards the command asks
    about are compiled) unless ``whole`` (``cards coverage``: every card, with a progress bar and
    an ETA, `RichProgress`)."""
    from judgetower.oracle.compiled_pool import RichProgress, open_pool
    if not whole:
        return open_pool(getattr(args, "data", None), notice=_notice)
    with RichProgress("compiling Oracle text") as progress:
        return open_pool(getattr(args, "data", None), notice=_notice, progress=progress, whole=True)


def _fail(cmd: str, msg: str) -> int:
    print(f"judgetower {cmd}: {msg}", file=sys.stderr)
    return 2


# ------------------------------------------------------------------------------------ cards

def _download(args) -> int:
    from judgetower.oracle.compiled_pool import data_dir
    from judgetower.cards.download import download, download_url
    url = args.url or download_url()
    dest = args.dest or str(data_dir())
    print(f"Downloading {url} ...", file=sys.stderr)
    try:
        path, n = download(dest, url, progress=_Progress("downloaded", "MB"))
    except CardError as exc:
        return _fail("cards download", str(exc))
    print(f"Saved {n} cards to {path}")
    from judgetower.oracle.compiled_pool import default_data_file
    if os.path.abspath(path) != os.path.abspath(default_data_file()):
        print(f"(not the default location {default_data_file()}: pass --data {path} to use it)")
    else:
        print("Commands use it from now on unless given --data PATH.")
    return 0


def _show(args) -> int:
    from judgetower.oracle.render import card_lines
    try:
        pool = _pool(args)
        lines = card_lines(pool, args.name, args.lang)
    except CardError as exc:
        return _fail("cards show", str(exc))
    print("\n".join(lines))
    return 0


def _search(args) -> int:
    try:
        pool = _pool(args)
    except CardError as exc:
        return _fail("cards search", str(exc))
    if not args.text.strip():
        return _fail("cards search", "give some text to search for")
    found = pool.search(args.text, args.lang)
    shown = found if args.limit <= 0 else found[:args.limit]
    for name in shown:
        info = pool.info(name)
        fr = f" [{info.names_fr[0]}]" if info.names_fr else ""
        mark = "ok " if info.status.playable else "-- "
        print(f"{mark}{name}{fr}")
    more = f" (showing {len(shown)}; --limit 0 for all)" if len(shown) < len(found) else ""
    print(f"{len(found)} card{' matches' if len(found) == 1 else 's match'} {args.text!r}{more}; "
          "'ok' = the engine can play it", file=sys.stderr)
    return 0


def _coverage(args) -> int:
    from judgetower.oracle.coverage import coverage, coverage_lines
    try:
        pool = _pool(args, whole=True)
    except CardError as exc:
        return _fail("cards coverage", str(exc))
    report = coverage(pool, top=args.top)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        print("\n".join(coverage_lines(report)))
    return 0


# ------------------------------------------------------------------------------------ tower

def _build(args) -> int:
    from judgetower.cards.tower import build_tower, tower_text
    try:
        pool = _pool(args)
        tower = build_tower(pool, args.size, args.seed, filter_expr=args.filter,
                            allow_unsupported=args.allow_unsupported)
    except CardError as exc:
        return _fail("tower build", str(exc))
    header = [
        f"Judge Tower: {len(tower)} cards ({len(tower.cards)} distinct cards + "
        f"{sum(n for _, n in tower.basics)} basic lands), seed {args.seed}",
        f"from {pool.source} ({tower.checked} candidate cards drawn and checked)",
        f"filter: {args.filter}" if args.filter else "filter: none",
        "unsupported cards allowed" if args.allow_unsupported else "playable cards only",
        f"judgetower tower build --size {args.size} --seed {args.seed}"
        + (f" --filter {args.filter!r}" if args.filter else "")
        + (" --allow-unsupported" if args.allow_unsupported else ""),
    ]
    text = tower_text(tower, header)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        return _fail("tower build", f"cannot write {args.output}: {exc.strerror or exc}")
    print(f"Wrote a {len(tower)}-card tower to {args.output} (seed {args.seed}, "
          f"{tower.checked} candidate cards drawn and checked)")
    return 0


def _tower_pool(args):
    """The pool tower commands resolve names in (`open_pool`): ``--data PATH`` (or the downloaded
    file) read without compiling it, each card checked by the Oracle compiler only when the tower
    names it (`compiled_pool.LazyCompiledPool`); else the embedded starter tower (with a notice),
    lazily too."""
    from judgetower.oracle.compiled_pool import open_pool
    return open_pool(getattr(args, "data", None), notice=_notice)


def _check(args) -> int:
    from judgetower.cards.tower import read_tower
    try:
        pool = _tower_pool(args)
        names = read_tower(args.file, pool, allow_unsupported=args.allow_unsupported, fmt=args.format)
    except CardError as exc:
        return _fail("tower check", str(exc))
    distinct = len(set(names))
    bad = [n for n in dict.fromkeys(names) if not pool.playable(n)]
    print(f"{args.file}: {len(names)} cards ({distinct} distinct), all known"
          + (f"; {len(bad)} not playable yet (allowed)" if bad else "; all playable"))
    return 0


def _write_out(cmd: str, out: str | None, text: str) -> int | None:
    if out is None or out == "-":
        sys.stdout.write(text)
        return None
    try:
        with open(out, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as exc:
        return _fail(cmd, f"cannot write {out}: {exc.strerror or exc}")
    return None


def _import(args) -> int:
    """``tower import``: a tower in any format -> our tower format (every unknown and unsupported
    card reported at once, exit 2)."""
    from judgetower.cards.tower_formats import read_tower_file, resolve_entries, resolve_name, tower_file_text
    try:
        pool = _tower_pool(args)
        tf = read_tower_file(args.file, args.format, known=lambda n: resolve_name(pool, n))
        names = resolve_entries(tf, pool, allow_unsupported=args.allow_unsupported)
    except CardError as exc:
        return _fail("tower import", str(exc))
    header = [f"Judge Tower: {len(names)} cards ({len(set(names))} distinct), imported from "
              f"{os.path.basename(args.file)} ({tf.format})",
              f"cards from {pool.source}"]
    failed = _write_out("tower import", args.out, tower_file_text(names, header))
    if failed is not None:
        return failed
    for note in tf.skipped:
        _notice(f"{args.file}: skipped (not in the tower) {note}")
    where = f"written to {args.out}" if args.out not in (None, "-") else "written to stdout"
    print(f"{args.file} ({tf.format}): {len(names)} cards ({len(set(names))} distinct), all known"
          + ("" if args.allow_unsupported else ", all playable") + f"; {where}",
          file=sys.stderr if args.out in (None, "-") else sys.stdout)
    return 0


def _export(args) -> int:
    """``tower export``: a tower (any format) -> a Cube Cobra CSV or a plain list."""
    from judgetower.cards.tower_formats import export_text, read_tower_file, resolve_entries, resolve_name
    try:
        pool = _tower_pool(args)
        tf = read_tower_file(args.tower, "auto", known=lambda n: resolve_name(pool, n))
        names = resolve_entries(tf, pool, allow_unsupported=True)   # only names matter here
        text = export_text(names, args.format, pool)
    except CardError as exc:
        return _fail("tower export", str(exc))
    failed = _write_out("tower export", args.out, text)
    if failed is not None:
        return failed
    if args.out not in (None, "-"):
        print(f"Wrote {len(names)} cards ({len(set(names))} distinct) to {args.out} ({args.format})")
    return 0


# ---------------------------------------------------------------------------------- parsers

def add_parsers(sub) -> None:
    """Add the ``cards`` and ``tower`` commands to the main parser's subparsers."""
    from judgetower.cards.tower import FILTER_HELP
    data_help = ("MTGJSON AtomicCards file (.json, .json.gz, .json.xz); default: the one "
                 "'judgetower cards download' fetched, else the embedded starter tower")
    cards = sub.add_parser("cards", help="the card pool: download MTGJSON data, show, search, coverage")
    cs = cards.add_subparsers(dest="cards_cmd", required=True)
    dl = cs.add_parser("download", help="fetch MTGJSON AtomicCards.json.xz into the user data dir")
    dl.add_argument("--dest", help="directory to save it in (default: the user data dir)")
    dl.add_argument("--url", help="where to fetch it (default: $JUDGETOWER_DOWNLOAD_URL or MTGJSON)")
    show = cs.add_parser("show", help="a card: characteristics, Oracle text, compiled abilities, support")
    show.add_argument("name", help="card name (English, face or French name; any case)")
    show.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the name and text shown")
    show.add_argument("--data", help=data_help)
    se = cs.add_parser("search", help="cards whose name (also French) or text contains TEXT")
    se.add_argument("text", help="the text to look for (any case)")
    se.add_argument("--lang", choices=("en", "fr"), default="en", help="fr: search the French text")
    se.add_argument("--data", help=data_help)
    se.add_argument("--limit", type=int, default=50, help="show at most N (0: all)")
    cov = cs.add_parser("coverage", help="how many cards the engine can play; top unsupported patterns")
    cov.add_argument("--data", help=data_help)
    cov.add_argument("--json", action="store_true", help="the report as JSON")
    cov.add_argument("--top", type=int, default=30, help="how many patterns to list")

    tower = sub.add_parser("tower", help="towers: build a random one from the card pool, check, import, export")
    ts = tower.add_subparsers(dest="tower_cmd", required=True)
    b = ts.add_parser("build", help="a random singleton tower of playable Judge Tower pool cards")
    b.add_argument("--size", type=int, default=250, help="cards in the tower, basic lands included")
    b.add_argument("--seed", type=int, required=True, help="random seed (same seed, same tower)")
    b.add_argument("--data", help=data_help)
    b.add_argument("--filter", help=FILTER_HELP)
    b.add_argument("--allow-unsupported", action="store_true",
                   help="also cards the engine cannot play yet")
    b.add_argument("-o", "--output", required=True, help="tower file to write ('-' for stdout)")
    from judgetower.cards.tower_formats import EXPORT_FORMATS, FORMATS
    fmt_help = ("tower file format: auto (guessed from the name and first lines), text (one card a line, "
                "'N Name' for copies), cubecobra-csv (Cube Cobra CSV export), arena ('1 Name (SET) 146'), "
                "mtgo (.dek XML)")
    ck = ts.add_parser("check", help="read a tower file (any format): unknown and unsupported cards")
    ck.add_argument("file", help="the tower file")
    ck.add_argument("--format", choices=("auto",) + FORMATS, default="auto", help=fmt_help)
    ck.add_argument("--data", help=data_help)
    ck.add_argument("--allow-unsupported", action="store_true", help="accept cards the engine cannot play yet")
    im = ts.add_parser("import", help="a Cube Cobra CSV, plain, Arena or MTGO list (English or French "
                                      "names) -> a tower file; every unknown and unsupported card reported")
    im.add_argument("file", help="the list to import")
    im.add_argument("--format", choices=("auto",) + FORMATS, default="auto", help=fmt_help)
    im.add_argument("--out", help="tower file to write (default: stdout)")
    im.add_argument("--data", help=data_help)
    im.add_argument("--allow-unsupported", action="store_true", help="also cards the engine cannot play yet")
    ex = ts.add_parser("export", help="a tower -> a Cube Cobra-compatible CSV or a plain list")
    ex.add_argument("tower", help="tower file (any format tower import reads)")
    ex.add_argument("--format", choices=EXPORT_FORMATS, default="cubecobra-csv",
                    help="cubecobra-csv (Cube Cobra's export columns, one row a copy) or text (a plain list)")
    ex.add_argument("--out", help="file to write (default: stdout)")
    ex.add_argument("--data", help=data_help)


def run(args) -> int | None:
    """Run a ``cards``/``tower`` command; None if ``args`` is another command."""
    if args.cmd == "cards":
        command = {"download": _download, "show": _show, "search": _search,
                   "coverage": _coverage}[args.cards_cmd]
    elif args.cmd == "tower":
        command = {"build": _build, "check": _check, "import": _import, "export": _export}[args.tower_cmd]
    else:
        return None
    try:
        return command(args)
    except BrokenPipeError:          # `judgetower cards search x | head`: the reader left
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
