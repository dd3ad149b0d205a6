"""The command line: `judgetower scenario run`, `judgetower demo`, `judgetower sim`, `judgetower replay`,
`judgetower play`, `judgetower cards ...` and `judgetower tower ...` (judgetower.cli_cards)."""

from __future__ import annotations

import argparse
import random
import sys


def _demo(args) -> int:
    from judgetower.agents.random_agent import RandomAgent, play_out
    from judgetower.cards.pool import starter_pool
    from judgetower.rules.deck import new_game, random_deck
    try:
        _check_seats(args.players)
        _check_seed(args.seed)
    except _UsageError as e:
        return _fail("demo", str(e))
    pool = starter_pool()
    rng = random.Random(args.seed)
    names = [chr(ord("A") + i) for i in range(args.players)]
    decks = {n: random_deck(pool, rng) for n in names}
    g = new_game(pool, decks, seed=args.seed)
    agents = [RandomAgent(args.seed * 31 + i, pass_bias=0.5) for i in range(args.players)]
    n = play_out(g, agents)
    lang = getattr(args, "lang", "en")
    for e in g.log.for_player(None):
        print(e.render(lang))
    from judgetower.ui.summary import end_text
    from judgetower.ui.text import tr
    winners = ", ".join(g.players[w].name for w in g.winners) or tr("none (draw)", lang)
    print("\n" + tr("Game over after {turns} turns and {decisions} decisions. Winner(s): {winners}. Reason: {reason}",
                    lang, turns=g.turn, decisions=n, winners=winners, reason=end_text(g, lang)))
    return 0


# ---------------------------------------------------------------------------- sim / replay / play
# Judge Tower games between autopilots (`sim`), records (`replay`, judgetower.record) and a person
# against autopilots at the terminal (`play`, judgetower.ui.terminal). Bad input exits with 2 and a
# message naming the input and the rule (CR 103.1 player count, R1 judge level).

DEFAULT_MAX_DECISIONS = 200000
DATA_HELP = ("MTGJSON AtomicCards file (.json, .json.gz, .json.xz) whose cards the tower names; default: "
             "the one 'judgetower cards download' fetched, else the embedded starter tower")


class _UsageError(Exception):
    """A bad argument or input file: printed as `judgetower CMD: message`, exit 2."""


def _fail(cmd: str, msg: str) -> int:
    print(f"judgetower {cmd}: {msg}", file=sys.stderr)
    return 2


#: the largest table a command sets up (the rules set no maximum, CR 103.1; memory and time do)
MAX_PLAYERS = 16
#: seeds are 0 to 2**63 - 1, so that every record a command writes can be read back (records
#: refuse numbers of more than 64 digits)
MAX_SEED = 2 ** 63 - 1


def _check_seats(n: int, what: str = "") -> None:
    if n < 2:
        raise _UsageError(f"a game needs at least 2 players, got {n}{what} (CR 103.1)")
    if n > MAX_PLAYERS:
        raise _UsageError(f"at most {MAX_PLAYERS} players at a table, got {n}{what}")


def _check_seed(seed: int | None, games: int = 1, flag: str = "--seed") -> None:
    if seed is not None and not (0 <= seed and seed + games - 1 <= MAX_SEED):
        raise _UsageError(f"{flag} {_num(seed)} is not an integer from 0 to {MAX_SEED}"
                          + (f" (with --games {games}, the last game's seed must be too)" if games > 1 else ""))


def _num(n: int) -> str:
    s = str(n) if abs(n) < 10 ** 30 else f"{str(n)[:12]}... ({len(str(abs(n)))} digits)"
    return s


def _check_probability(flag: str, v: float) -> None:
    if not 0.0 <= v <= 1.0:   # NaN fails this too
        raise _UsageError(f"{flag} {v} is not a probability from 0 to 1")


def _check_path(flag: str, path: str | None, *, write: bool = False) -> None:
    """A path argument: no NUL byte; one to write is not a directory and its folder exists."""
    import os
    if path is None:
        return
    if "\x00" in path:
        raise _UsageError(f"{flag} {path!r}: a path cannot hold a NUL character")
    if not path:
        raise _UsageError(f"{flag}: an empty path")
    if write:
        if os.path.isdir(path):
            raise _UsageError(f"{flag} {path}: is a directory; give a file name")
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise _UsageError(f"{flag} {path}: no such folder {folder}")


def _check_level(level: int) -> None:
    from judgetower.variants.judge_tower import MAX_LEVEL, MIN_LEVEL
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise _UsageError(f"judge level {level} is not an integer from {MIN_LEVEL} to {MAX_LEVEL} "
                          f"(R1: 0 for non-judges, 1-5 for judges; JT-G1: it is the opening hand size)")


def _notice(msg: str) -> None:
    from judgetower.cli_cards import _notice as notice   # the no-data notice: once per user
    notice(msg)


def _full_pool(data: str | None):
    """The pool a game command works on (`open_pool`): ``--data PATH``, else the file
    `judgetower cards download` fetched, else the embedded starter tower (with a notice)."""
    from judgetower.cards.card import CardError
    from judgetower.oracle.compiled_pool import open_pool
    try:
        return open_pool(data, notice=_notice)
    except CardError as e:
        raise _UsageError(str(e)) from None


def _game_tower(args, lang: str = "en") -> tuple[list[str], str, object]:
    """The tower of a `sim`/`play` game and the `CardPool` holding its cards: ``--tower FILE``
    names cards of the pool (`_full_pool`), read like `judgetower tower check` (unknown and
    unplayable cards refused, each named); without it, the starter tower's cards, taken from that
    pool (a card the engine cannot play there is refused the same way)."""
    from judgetower.cards.card import CardError
    from judgetower.cards.pool import CardPool, starter_pool
    from judgetower.cards.tower import read_tower as _read
    if args.tower:
        # a tower file (any format of judgetower.cards.tower_formats): with a data file, only the
        # tower's own cards are compiled (tower_formats.LazyPool), never the whole file
        from judgetower.cli_cards import _tower_pool
        try:
            full = _tower_pool(args)
        except CardError as e:
            raise _UsageError(str(e)) from None
    else:
        full = _full_pool(getattr(args, "data", None))
    try:
        from judgetower.ui.text import tr
        if args.tower:
            names = _read(args.tower, full)
            desc = tr("{tower} ({n} cards)", lang, tower=args.tower, n=len(names))
        else:
            names = full.resolve_many(starter_pool().names())
            refused = [f"{n}: " + "; ".join(full.status(n).why()) for n in names if not full.playable(n)]
            if refused:
                raise CardError(f"starter tower cards the engine cannot play in {full.source}: "
                                + " | ".join(refused))
            desc = tr("the starter tower ({n} cards)", lang, n=len(names))
        cards = CardPool(full.card(n).front for n in dict.fromkeys(names))
    except CardError as e:
        raise _UsageError(str(e)) from None
    if full.source != _starter_source():
        desc += tr(", cards from {source}", lang, source=full.source)
    return names, desc, cards


def _starter_source() -> str:
    from judgetower.oracle.compiled_pool import STARTER_SOURCE
    return STARTER_SOURCE


def read_tower(path: str) -> list[str]:
    """A tower file (`judgetower.cards.tower.read_tower`: one card a line, `N Name` or `Nx Name`
    for copies, `#` comments) resolved in the starter pool: canonical names, copies repeated.
    Unknown names are reported all at once with close matches."""
    from judgetower.cards.card import CardError
    from judgetower.cards.pool import starter_pool
    from judgetower.cards.tower import read_tower as _read
    from judgetower.oracle.compiled_pool import pool_from_cards
    try:
        return _read(path, pool_from_cards(starter_pool()))
    except CardError as e:
        raise _UsageError(str(e)) from None


def _house(args) -> list[str]:
    """``--house NAME[=VALUE]`` options (judgetower.variants.house), checked: canonical specs."""
    from judgetower.rules.errors import IllegalAction
    from judgetower.variants.house import house_specs, parse_house
    try:
        return house_specs(parse_house(list(getattr(args, "house", None) or [])))
    except IllegalAction as e:
        raise _UsageError(f"--house: {e}") from None


def _house_summary(game) -> dict:
    rules = game.rules
    out = {}
    if getattr(rules, "points", None):
        out["points"] = {p.name: rules.points[p.index] for p in game.players}
        out["rounds"] = rules.round
    return out


def _house_lines(game) -> list[str]:
    specs = getattr(game.rules, "house_specs", None)
    if specs is None:
        return []
    lines = [f"House rules: {', '.join(specs())}"]
    s = _house_summary(game)
    if s:
        lines.append(f"Rounds: {s['rounds']}; points: " + ", ".join(f"{k} {v}" for k, v in s["points"].items())
                     + " (H-ROUNDS)")
    return lines


def _run_bots(game, agents, max_decisions: int, after=None) -> bool:
    """Let the agents decide until the game ends or holds ``max_decisions`` decisions (``after()``
    called after each). Returns True when the cap stopped it (the game is unfinished, not won)."""
    while not game.game_over and len(game.decisions) < max_decisions:
        d = game.pending()
        if d is None:
            break
        game.decide(d.player, agents[d.player].choose(game, d.player))
        if after is not None:
            after()
    return not game.game_over


def _numbered(path: str, seed: int) -> str:
    import os
    root, ext = os.path.splitext(path)
    return f"{root}-{seed}{ext}"


def _sim(args) -> int:
    import json
    from judgetower import record as records
    from judgetower.agents.autopilot import Autopilot
    from judgetower.ui.summary import summary_dict, summary_lines
    from judgetower.variants.judge_tower import new_judge_tower_game
    try:
        _check_seats(args.players)
        _check_level(args.judge_level)
        if args.games < 1:
            raise _UsageError(f"--games must be at least 1, got {_num(args.games)}")
        _check_seed(args.seed, args.games)
        if args.max_decisions < 1:
            raise _UsageError(f"--max-decisions must be at least 1, got {_num(args.max_decisions)}")
        for flag, v in (("--bot-errors", args.bot_errors), ("--bot-calls", args.bot_calls),
                        ("--bot-disputes", args.bot_disputes)):
            _check_probability(flag, v)
        _check_path("--record", args.record, write=True)
        _check_path("--tower", args.tower)
        _check_path("--data", args.data)
        if args.mode == "referee" and args.bot_errors:
            raise _UsageError("--bot-errors needs --mode judge: referee mode enforces every rule, "
                              "nobody can err (JT-S2)")
        if args.mode == "referee" and args.manual_triggers:
            raise _UsageError("--manual-triggers needs --mode judge (R13: a judge-mode option)")
        house = _house(args)
        tower, tower_desc, pool = _game_tower(args)
    except _UsageError as e:
        return _fail("sim", str(e))
    specs = [{"name": f"P{i + 1}", "judge_level": args.judge_level, "first_game": False} for i in range(args.players)]
    wins = {s["name"]: 0 for s in specs}
    draws = unfinished = 0
    for k in range(args.games):
        seed = args.seed + k
        game = new_judge_tower_game(pool, tower, specs, seed=seed, mode=args.mode,
                                    manual_triggers=args.manual_triggers, house=house)
        how = (f"judge mode, bots err {args.bot_errors:g} and call {args.bot_calls:g}" if args.mode == "judge"
               else "referee") + (f"; house rules {', '.join(house)}" if house else "")
        shown = 0

        def stream() -> None:
            """Print the public log lines written since the last call: the game is followed as it
            is played, not printed once it is over."""
            nonlocal shown
            events = game.log.events
            for e in events[shown:]:
                if e.visible(None):
                    print(e.render(args.lang))
            shown = len(events)

        live = not args.json and not args.no_log
        if not args.json:
            print(f"=== Game {k + 1} of {args.games}: Judge Tower ({how}), {args.players} autopilots, "
                  f"seed {seed}, {tower_desc} ===", flush=True)
            if live:
                stream()
        after = stream if live else None
        if args.mode == "judge":
            from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable, run_judge_game
            agents = [ErringAutopilot(seed * 31 + i, args.bot_errors) for i in range(args.players)]
            table = JudgeTable(game, seed=seed, call_rate=args.bot_calls, dispute_rate=args.bot_disputes)
            capped = run_judge_game(game, agents, table, args.max_decisions, after=after)
        else:
            agents = [Autopilot(seed * 31 + i) for i in range(args.players)]
            capped = _run_bots(game, agents, args.max_decisions, after=after)
        if capped:
            unfinished += 1
        elif game.winners:
            for w in game.winners:
                wins[game.players[w].name] += 1
        else:
            draws += 1
        saved = None
        if args.record:
            saved = args.record if args.games == 1 else _numbered(args.record, seed)
            try:
                records.save(game, saved)
            except (OSError, records.RecordError) as e:
                return _fail("sim", f"cannot save the record to {saved}: {e}")
        if args.json:
            out = {"game": k + 1, "seed": seed, **summary_dict(game), "stopped_by_decision_cap": capped,
                   **({"house": house, **_house_summary(game)} if house else {}),
                   "max_decisions": args.max_decisions, "tower": tower_desc, "record": saved,
                   "log": [] if args.no_log else [e.render(args.lang) for e in game.log.for_player(None)]}
            print(json.dumps(out, ensure_ascii=False))
            continue
        if live:
            stream()
        print(f"--- Summary of game {k + 1} (seed {seed}) ---")
        if capped:
            print(f"Stopped: the decision cap (--max-decisions {args.max_decisions}) was reached: "
                  "unfinished (decision cap), not a win")
        for line in summary_lines(game):
            print(line)
        for line in _house_lines(game):
            print(line)
        if saved:
            print(f"Record saved to {saved}")
        print()
    if not args.json and args.games > 1:
        print(f"=== Tally over {args.games} games (seeds {args.seed}-{args.seed + args.games - 1}) ===")
        for name, n in wins.items():
            print(f"  {name}: {n} win{'' if n == 1 else 's'}")
        print(f"  draws: {draws}")
        print(f"  unfinished (decision cap): {unfinished}")
    return 0


def _replay(args) -> int:
    import json
    from judgetower import record as records
    from judgetower.ui.summary import summary_dict, summary_lines
    try:
        _check_path("record", args.record)
        _check_path("--data", args.data)
        rec = records.load(args.record)
        pool = _record_pool(rec, args.data) if args.data else None
        game = records.replay(rec, pool)
    except _UsageError as e:
        return _fail("replay", str(e))
    except records.RecordError as e:
        hint = "" if args.data else " (a game of cards from a data file replays with --data PATH)"
        return _fail("replay", str(e) + (hint if "unknown card" in str(e) else ""))
    if args.json:
        out = {"record": args.record, "verified": rec.digests is not None, **summary_dict(game),
               "log": [e.render() for e in game.log.for_player(None)]}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    what = "Judge Tower" + (f" ({rec.mode})" if rec.mode else "") if rec.variant == "judge-tower" else "ordinary Magic"
    print(f"=== Replay of {args.record}: {what}, {len(rec.players)} players, seed {rec.seed}, "
          f"{len(rec.decisions)} decisions (recorded by judgetower {rec.engine}; "
          + ("its digests verified" if rec.digests is not None else
             "no digests: written before records had them, replayed unverified") + ") ===")
    for e in game.log.for_player(None):
        print(e.render())
    print("--- Summary ---")
    for line in summary_lines(game):
        print(line)
    return 0


def _record_pool(rec, data: str):
    """The cards a record names (its tower or decks), from the ``--data`` pool, as a `CardPool`."""
    from judgetower.cards.card import CardError
    from judgetower.cards.pool import CardPool
    from judgetower.cli_cards import _tower_pool
    try:
        full = _tower_pool(argparse.Namespace(data=data))   # only the record's cards are compiled
    except CardError as e:
        raise _UsageError(str(e)) from None
    named = list(rec.tower or []) + [n for deck in (rec.decks or {}).values() for n in deck]
    try:
        return CardPool(full.card(n).front for n in dict.fromkeys(full.resolve_many(named)))
    except CardError as e:
        raise _UsageError(f"the record's cards: {e}") from None


def _play(args) -> int:
    import random as _random
    from judgetower.agents.autopilot import Autopilot
    from judgetower.ui.terminal import play_game
    from judgetower.variants.judge_tower import new_judge_tower_game
    try:
        _check_seats(args.bots + 1, f" (you and {args.bots} bot{'' if args.bots == 1 else 's'})")
        _check_level(args.judge_level)
        name = (args.name or "").strip()
        bots = [f"Bot {i + 1}" for i in range(args.bots)]
        if not name:
            raise _UsageError("--name must not be empty")
        if name in bots:
            raise _UsageError(f"--name {name!r} is a bot's name; player names must differ (CR 102.1)")
        if len(name) > 64 or not name.isprintable():
            raise _UsageError("--name must be at most 64 printable characters")
        _check_seed(args.seed)
        _check_probability("--bot-errors", args.bot_errors)
        _check_probability("--bot-calls", args.bot_calls)
        if args.manual_triggers and args.mode != "judge":
            raise _UsageError("--manual-triggers needs --mode judge (R13: a judge-mode option)")
        _check_path("--record", args.record, write=True)
        _check_path("--tower", args.tower)
        _check_path("--data", args.data)
        house = _house(args)
        tower, tower_desc, pool = _game_tower(args, args.lang)
    except _UsageError as e:
        return _fail("play", str(e))
    from judgetower.ui.text import tr
    lang = args.lang
    seed = args.seed if args.seed is not None else _random.SystemRandom().randrange(2 ** 31)
    specs = ([{"name": name, "judge_level": args.judge_level, "first_game": args.first_game}]
             + [{"name": b, "judge_level": args.judge_level, "first_game": False} for b in bots])
    if not 0.0 <= args.bot_errors <= 1.0 or not 0.0 <= args.bot_calls <= 1.0:
        return _fail("play", "--bot-errors and --bot-calls are probabilities from 0 to 1")
    print(tr("Judge Tower ({mode} mode): you are {name}, against {bots}; {tower}; seed {seed} "
             "(judgetower play --seed {seed} replays the deal)", lang, mode=tr(args.mode, lang), name=name,
             bots=", ".join(bots), tower=tower_desc, seed=seed))
    if args.manual_triggers and args.mode != "judge":
        return _fail("play", "--manual-triggers needs --mode judge (R13: a judge-mode option)")
    if house:
        print(tr("House rules: {specs}", lang, specs=", ".join(house)))
    game = new_judge_tower_game(pool, tower, specs, seed=seed, mode=args.mode,
                                manual_triggers=args.manual_triggers, house=house)
    table = None
    if args.mode == "judge":
        from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
        print(tr("Judge mode: every choice Magic allows is offered; one that breaks a Judge Tower rule is noted, "
                 "hidden, until someone calls it (JT-S2). Type 'call PLAYER RULE [EVENT]' at any prompt.", lang))
        agents = {i + 1: ErringAutopilot(seed * 31 + i + 1, args.bot_errors) for i in range(args.bots)}
        table = JudgeTable(game, seed=seed, call_rate=args.bot_calls, dispute_rate=0.1)
    else:
        agents = {i + 1: Autopilot(seed * 31 + i + 1) for i in range(args.bots)}
    return play_game(game, 0, agents, record_path=args.record, auto_pass=not args.ask_always,
                     table=table, lang=lang)


_HOUSE_HELP = ("a house rule (repeatable): H-OPEN-HANDS, H-STRIKES=N, H-ONE-NAME-PER-TURN, "
               "H-FIRST-MISTAKE-OUT, H-ROUNDS (or open-hands, strikes=N, one-name-per-turn, "
               "first-mistake-out, rounds); see the README's house rules")


def _add_game_parsers(sub) -> None:
    sim = sub.add_parser("sim", help="autopilots play Judge Tower (referee mode): cited log and summary")
    sim.add_argument("--players", type=int, default=2, help="number of autopilots (at least 2)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game")
    sim.add_argument("--tower", help="tower file: one card a line, 'N Name' for copies, '#' comments; "
                                     "cards of the --data pool (default: the starter tower)")
    sim.add_argument("--data", help=DATA_HELP)
    sim.add_argument("--games", type=int, default=1, help="games to play, seeds SEED..SEED+GAMES-1")
    sim.add_argument("--json", action="store_true", help="one JSON object a game (summary and log lines)")
    sim.add_argument("--record", help="save the game record here (with --games: FILE-SEED.ext; "
                                      "default: not saved)")
    sim.add_argument("--max-decisions", type=int, default=DEFAULT_MAX_DECISIONS,
                     help="stop a game after this many decisions and report it unfinished")
    sim.add_argument("--judge-level", type=int, default=1, help="every player's judge level, 0-5 (R1)")
    sim.add_argument("--no-log", action="store_true", help="print the summaries only")
    sim.add_argument("--mode", choices=("referee", "judge"), default="referee",
                     help="referee: every rule enforced; judge: bots may err and call each other (JT-S2)")
    sim.add_argument("--bot-errors", type=float, default=0.0, metavar="P",
                     help="judge mode: each bot breaks a Judge Tower rule with probability P where it can")
    sim.add_argument("--bot-calls", type=float, default=0.5, metavar="Q",
                     help="judge mode: each other player calls a public violation with probability Q (JT-S2)")
    sim.add_argument("--bot-disputes", type=float, default=0.1, metavar="D",
                     help="judge mode: the accused disputes an upheld call with probability D (JT-G11, R15)")
    sim.add_argument("--manual-triggers", action="store_true",
                     help="judge mode: triggers wait for their controller's acknowledgement; a missed one is a "
                          "violation (JT-G9, R13)")
    sim.add_argument("--house", action="append", metavar="NAME[=VALUE]", help=_HOUSE_HELP)
    sim.add_argument("--lang", choices=("en", "fr"), default="en",
                     help="language of the log (fr: French where the engine has it, else English)")
    rp = sub.add_parser("replay", help="rebuild a game from its record: log and summary")
    rp.add_argument("record", help="a record file (judgetower sim/play --record)")
    rp.add_argument("--json", action="store_true", help="one JSON object (summary and log lines)")
    rp.add_argument("--data", help="MTGJSON AtomicCards file holding the record's cards (a game played "
                                   "with --data); default: the starter tower")
    pl = sub.add_parser("play", help="play Judge Tower against autopilots in the terminal (referee or judge mode)")
    pl.add_argument("--bots", type=int, default=1, help="number of autopilot opponents")
    pl.add_argument("--seed", type=int, default=None, help="seed (default: random, printed)")
    pl.add_argument("--tower", help="tower file, cards of the --data pool (default: the starter tower)")
    pl.add_argument("--data", help=DATA_HELP)
    pl.add_argument("--name", default="Player", help="your name (default: Player)")
    pl.add_argument("--ask-always", action="store_true",
                    help="ask even when passing priority is your only option (default: pass for you)")
    pl.add_argument("--judge-level", type=int, default=1, help="everyone's judge level, 0-5 (R1)")
    pl.add_argument("--first-game", action="store_true", help="your first Judge Tower game: shame starts at -1 (JT-S1)")
    pl.add_argument("--record", help="save the game record here when the game ends (on quit you are asked; "
                                     "default: none, quitting asks for a file name)")
    pl.add_argument("--mode", choices=("referee", "judge"), default="referee",
                    help="referee: every rule enforced; judge: anyone may err, and you call, dispute and vote (JT-S2)")
    pl.add_argument("--bot-errors", type=float, default=0.05, metavar="P",
                    help="judge mode: each bot breaks a Judge Tower rule with probability P where it can")
    pl.add_argument("--bot-calls", type=float, default=0.5, metavar="Q",
                    help="judge mode: each bot calls a public violation with probability Q")
    pl.add_argument("--manual-triggers", action="store_true",
                    help="judge mode: acknowledge each of your triggers yourself; a missed one is a violation (R13)")
    pl.add_argument("--house", action="append", metavar="NAME[=VALUE]", help=_HOUSE_HELP)
    pl.add_argument("--lang", choices=("en", "fr"), default="en",
                    help="language of the table: its texts, card names, the log and the summary (fr: French; "
                         "the engine's decision prompts are French where the engine has them)")


class _HelpFormatter(argparse.HelpFormatter):
    """`--help` states every option's default: an option whose help does not already say
    "default" gets "(default: VALUE)" ("off" for a flag, "none" when there is none)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if (not action.option_strings or action.required or action.default is argparse.SUPPRESS
                or "default" in text.lower()):
            return text
        if isinstance(action, argparse._StoreTrueAction):
            shown = "off"
        elif action.default is None or action.default == []:
            shown = "none"
        else:
            shown = "%(default)s"
        return (text + " " if text else "") + f"(default: {shown})"

    # lines are broken between words only, never inside one ("first-mistake-out", "FILE-SEED.ext")
    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap
        text = self._whitespace_matcher.sub(" ", text).strip()
        return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap
        text = self._whitespace_matcher.sub(" ", text).strip()
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent,
                             break_on_hyphens=False, break_long_words=False)


class _Parser(argparse.ArgumentParser):
    """The parser of `judgetower` and of every subcommand (`add_subparsers` makes its parsers
    of this class): `_HelpFormatter` for all."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    """The `judgetower` parser with every command (also `serve`, `cards`, `tower`)."""
    from judgetower import __version__
    ap = _Parser(prog="judgetower", description="Judge Tower and ordinary Magic rules engine")
    ap.add_argument("--version", action="version", version=f"judgetower {__version__}",
                    help="print the version and exit")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sc = sub.add_parser("scenario", help="scenario files (SCENARIOS.md)")
    scs = sc.add_subparsers(dest="sub", required=True)
    run = scs.add_parser("run", help="run scenario files or directories")
    run.add_argument("paths", nargs="+", help="scenario files (.yaml) or directories of them")
    run.add_argument("--data", metavar="FILE", default=None,
                     help="real cards: an MTGJSON AtomicCards file (default: the one `judgetower cards download` fetched)")
    demo = sub.add_parser("demo", help="two random agents play ordinary Magic with starter-tower decks")
    demo.add_argument("--seed", type=int, default=1, help="seed of the deal and of the agents")
    demo.add_argument("--players", type=int, default=2, help="number of random agents (at least 2)")
    demo.add_argument("--lang", choices=("en", "fr"), default="en",
                      help="language of the log and of the last line (fr: French where the engine has it)")
    _add_game_parsers(sub)
    from judgetower import cli_cards as card_commands  # `cards` and `tower` commands
    card_commands.add_parsers(sub)
    from judgetower import server as web   # `serve`: the web table (judgetower.server)
    web.add_parser(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    from judgetower import cli_cards as card_commands
    from judgetower import server as web
    args = build_parser().parse_args(argv)
    if args.cmd == "serve":
        return web.run(args)
    if args.cmd in ("cards", "tower"):
        return card_commands.run(args)
    if args.cmd == "sim":
        return _sim(args)
    if args.cmd == "replay":
        return _replay(args)
    if args.cmd == "play":
        return _play(args)
    if args.cmd == "scenario":
        from judgetower.scenario.runner import run_paths
        return run_paths(args.paths, sys.stdout, data=args.data)
    if args.cmd == "demo":
        return _demo(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
