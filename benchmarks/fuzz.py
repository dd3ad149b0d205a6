"""Fuzz the engine as an attacker would (issue 19): random, autopilot and adversarial games.

    python3 benchmarks/fuzz.py                          # 300 games, seeds 1..300
    python3 benchmarks/fuzz.py --games 10000 --jobs 2   # the issue's long run, two processes at once
    python3 benchmarks/fuzz.py --games 50 --data ../shared/data/AtomicCards-dev-2022.json.xz

Game k (seed k) has 2 + k % 5 players (2-6) and cycles through ordinary Magic, Judge Tower referee
mode and Judge Tower judge mode; its tower (decks, in ordinary Magic) is the starter tower or a
random one (random starter cards with copies; with ``--data``, ``build_tower`` towers of that
file's playable cards); each seat is a random-legal agent or an autopilot (an erring one with
its judge table calling, in judge mode); every other game is adversarial: before about a third of
the decisions, and after the game ended, an attacker sends garbage through the public API —
wrong seats (other seats, out of range, -1, bools, names, floats, None), look-alike values (1.0
or True for 1, ``PID(1.0)``, a ``Cast`` whose id is a float), stale options from earlier
decisions, foreign objects, ``view`` and ``legal_choices`` by bad seats, decisions after the end.

Checked for every game: every bad call raised ``IllegalAction`` and left the state digest
(``judgetower.record.state_digest``) unchanged; no exception other than those; cards conserved
before every decision (``simcheck``); the views of every seat and of a spectator, at sampled
decisions, hold no id of a card in another player's hand or in a library (the library's top card
only where the view says the viewer may see it), offer the pending options only to the decider,
and do not change the state; the record (``judgetower.record``: digests computed on save)
replays with its digests verified to the same final state; in judge mode, the shame table.

``--jobs N`` splits the seeds over N processes run at once (the compile cache is shared by them).
Prints figures and the first failures with reproductions (seed, command); never fails on time;
exit 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simcheck import cards_conserved, cards_left, shame_failure  # noqa: E402

from judgetower import record  # noqa: E402
from judgetower.rules.decisions import Cast, Done, Pass  # noqa: E402
from judgetower.rules.errors import GameOverError, IllegalAction  # noqa: E402
from judgetower.rules.state import PID  # noqa: E402

MODES = ("standard", "referee", "judge")


# ------------------------------------------------------------------------------- the attacker

class _Foreign:
    """An object of no type the engine knows, equal to everything (a look-alike of any option)."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def _lookalikes(o):
    """Values equal (==) to option ``o`` but not the same type: each must be refused."""
    out = []
    if type(o) is int:
        out += [float(o), o + 0j]
        if o in (0, 1):
            out.append(bool(o))
    if type(o) is bool:
        out += [int(o), float(o)]
    if isinstance(o, PID):
        out += [PID(float(o.index)), PID(bool(o.index)) if o.index in (0, 1) else PID(str(o.index)), o.index]
    if isinstance(o, Cast):
        out += [Cast(float(o.obj), o.alternative, o.face, o.fuse)]
    if isinstance(o, str):
        out += [o.encode(), [o]]
    return out


class _NoRepr:
    """An object whose repr raises (error messages must not)."""

    def __repr__(self):
        raise RuntimeError("no repr")


class Attacker:
    """Sends bad calls through the public API and checks each is refused with the state untouched."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.stale: list = []      # options of earlier decisions
        self.calls = 0
        self.failures: list[str] = []

    def remember(self, d) -> None:
        self.stale.extend(self.rng.sample(d.options, min(3, len(d.options))))
        del self.stale[:-200]

    def _bad_calls(self, game) -> list:
        n = len(game.players)
        d = game.pending()
        bad_seats = [n, n + 7, -1, -n, True, False, 1.0, "Zed", None, 2 ** 70, PID(0)]
        calls = []
        for s in self.rng.sample(bad_seats, 3):
            if s is not None:   # view(None) is a spectator's view
                calls.append(("view", s))
            calls.append(("legal_choices", s))
        if d is None:
            calls += [("decide", p, Pass()) for p in range(n)]
            if self.stale:
                calls.append(("decide", self.rng.randrange(n), self.rng.choice(self.stale)))
            return calls
        opts = d.options
        for s in self.rng.sample(bad_seats, 2):
            calls.append(("decide", s, opts[0]))
        others = [p for p in range(n) if p != d.player]
        calls.append(("decide", self.rng.choice(others), self.rng.choice(opts)))
        garbage = ["x", None, object(), _Foreign(), [], {}, float("nan"), 10 ** 100, -1, Done(), Pass(),
                   b"\x00", ("a",) * 3, _NoRepr(), 10 ** 5000]
        for o in self.rng.sample(opts, min(3, len(opts))):
            garbage += _lookalikes(o)
        if self.stale:
            garbage += self.rng.sample(self.stale, min(3, len(self.stale)))
        for g in self.rng.sample(garbage, min(6, len(garbage))):
            calls.append(("decide", d.player, g))
        return calls

    def attack(self, game, where: str) -> None:
        """Bad calls now; each must raise IllegalAction and leave the state digest unchanged."""
        before = record.state_digest(game)
        d = game.pending()
        for call in self._bad_calls(game):
            name, *args = call
            if name == "decide" and d is not None and any(_same_option(o, args[1]) for o in d.options) \
                    and args[0] == d.player:
                continue   # a stale option that is legal again is no bad call
            self.calls += 1
            try:
                getattr(game, name)(*args)
            except IllegalAction as e:
                if d is None and name == "decide" and not isinstance(e, GameOverError) and type(args[0]) is int \
                        and 0 <= args[0] < len(game.players):
                    self.failures.append(f"[bad call] {where}: decide{_r(args)} after the end raised {e!r}, "
                                         f"not GameOverError")
                continue
            except Exception as e:
                self.failures.append(f"[bad call] {where}: {name}{_r(args)} raised {type(e).__name__}: {e}\n"
                                     f"{traceback.format_exc(limit=-4)}")
                continue
            else:
                if name == "legal_choices" and type(args[0]) is int and 0 <= args[0] < len(game.players):
                    continue
                self.failures.append(f"[bad call] {where}: {name}{_r(args)} was accepted")
            if record.state_digest(game) != before:
                self.failures.append(f"[bad call] {where}: {name}{_r(args)} changed the state")
                return
        if record.state_digest(game) != before:
            self.failures.append(f"[bad call] {where}: bad calls changed the state")


def _same_option(a, b) -> bool:
    from judgetower.rules.decisions import _same
    return _same(a, b)


def _r(args) -> str:
    try:
        s = "(" + ", ".join(repr(a) for a in args) + ")"
    except Exception:
        s = "(...)"
    return s if len(s) < 120 else s[:117] + "...)"


# ------------------------------------------------------------------------------- hidden information

def _ids(v, out: set) -> set:
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if type(x.get("id")) is int:
                out.add(x["id"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def view_failures(game, where: str) -> list[str]:
    """The views of every seat and of a spectator show no hidden card and change nothing."""
    out = []
    before = record.state_digest(game)
    d = game.pending()
    for viewer in [None, *range(len(game.players))]:
        v = game.view(viewer)
        json.dumps(v, default=str)
        seen = _ids(v, set())
        allowed = set()
        for pv in v["players"]:
            top = pv.get("library_top")
            if isinstance(top, dict) and type(top.get("id")) is int:
                allowed.add(top["id"])
        hidden = set()
        for p in range(len(game.players)):
            lib = game.zones.get(("library", game.rules.zone_owner(game, "library", p)), [])
            hidden.update(lib)
            if p != viewer:
                hidden.update(game.zones.get(("hand", game.rules.zone_owner(game, "hand", p)), []))
        leak = (seen & hidden) - allowed
        if leak:
            names = sorted(game.objects[i].name for i in leak)
            out.append(f"[hidden information] {where}: the view of {viewer!r} shows hidden cards {names}")
        pend = v["pending"]
        if pend is not None and pend["options"] is not None and (d is None or d.player != viewer):
            out.append(f"[hidden information] {where}: the view of {viewer!r} shows another player's options")
    if record.state_digest(game) != before:
        out.append(f"[hidden information] {where}: a view changed the state")
    return out


# ------------------------------------------------------------------------------- one game

def game_config(seed: int, data_pool=None) -> dict:
    rng = random.Random(seed * 7919 + 1)
    n = 2 + seed % 5
    mode = MODES[seed % 3]
    random_tower = rng.random() < 0.5
    agents = [rng.choice(("random", "autopilot")) for _ in range(n)]
    return {"seed": seed, "players": n, "mode": mode, "random_tower": random_tower, "agents": agents,
            "adversarial": seed % 2 == 0, "data": data_pool is not None}


def _tower(cfg, starter, data_pool):
    rng = random.Random(cfg["seed"] * 104729 + 3)
    if not cfg["random_tower"]:
        return starter.names()
    if data_pool is not None:
        from judgetower.cards.tower import build_tower
        return build_tower(data_pool[0], rng.randrange(40, 200), cfg["seed"]).names()
    names = starter.names()
    return [rng.choice(names) for _ in range(rng.randrange(20, 150))]


def play_game(cfg: dict, cap: int, starter, data_pool=None, view_every: int = 25) -> dict:
    """Play one fuzz game; returns its figures and failures (with a reproduction line)."""
    from judgetower.agents.autopilot import Autopilot
    from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
    from judgetower.agents.random_agent import RandomAgent
    from judgetower.rules.deck import new_game, random_deck
    from judgetower.variants.judge_tower import new_judge_tower_game
    seed, n, mode = cfg["seed"], cfg["players"], cfg["mode"]
    where = f"seed {seed} ({n} players, {mode}, {'random' if cfg['random_tower'] else 'starter'} tower)"
    res = {"seed": seed, "decisions": 0, "bad_calls": 0, "failures": [], "end": "", "players": n, "mode": mode}
    cards_pool = data_pool[1] if (data_pool is not None and cfg["random_tower"]) else starter
    game = table = None
    try:
        tower = _tower(cfg, starter, data_pool)
        if mode == "standard":
            rng = random.Random(seed)
            decks = {chr(65 + i): (random_deck(starter, rng) if not cfg["random_tower"]
                                   else [rng.choice(tower) for _ in range(40)]) for i in range(n)}
            game = new_game(cards_pool, decks, seed=seed)
            n_cards = sum(len(v) for v in decks.values())
        else:
            specs = [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5, "first_game": (seed + i) % 7 == 0}
                     for i in range(n)]
            game = new_judge_tower_game(cards_pool, tower, specs, seed=seed, mode=mode)
            n_cards = len(tower)
            if mode == "judge":
                table = JudgeTable(game, seed=seed, call_rate=0.5, dispute_rate=0.1)
        bots = []
        for i, kind in enumerate(cfg["agents"]):
            if kind == "random":
                bots.append(RandomAgent(seed * 31 + i, pass_bias=0.5))
            elif mode == "judge":
                bots.append(ErringAutopilot(seed * 31 + i, 0.05))
            else:
                bots.append(Autopilot(seed * 31 + i))
        attacker = Attacker(seed) if cfg["adversarial"] else None
        arng = random.Random(seed * 13 + 5)
        lost, left = -1, 0
        while not game.game_over and len(game.decisions) < cap:
            d = game.pending()
            if d is None:
                break
            k = len(game.decisions)
            n_lost = sum(1 for p in game.players if p.lost)
            if n_lost != lost:
                lost, left = n_lost, cards_left(game)
            if not cards_conserved(game, n_cards, left):
                res["failures"].append(f"[conservation] {where}: cards not conserved before decision {k}")
                break
            if view_every and k % view_every == 0:
                res["failures"] += view_failures(game, f"{where}, decision {k}")
            if attacker is not None:
                if arng.random() < 0.33:
                    attacker.attack(game, f"{where}, before decision {k}")
                attacker.remember(d)
            game.decide(d.player, bots[d.player].choose(game, d.player))
            if table is not None:
                table.after_decision()
        if attacker is not None and game.game_over:
            attacker.attack(game, f"{where}, after the end")
        res["failures"] += view_failures(game, f"{where}, at the end")
        if attacker is not None:
            res["bad_calls"] = attacker.calls
            res["failures"] += attacker.failures
        res["decisions"] = len(game.decisions)
        res["end"] = "unfinished (decision cap)" if not game.game_over else (
            game.end_reason.split(" ")[0] if game.end_reason.startswith("shame") else game.end_reason)
        if not cards_conserved(game, n_cards):
            res["failures"].append(f"[conservation] {where}: cards not conserved at the end")
        if table is not None:
            why = shame_failure(game, table)
            if why:
                res["failures"].append(f"[shame] {where}: {why}")
        t = time.perf_counter()
        res["failures"] += replay_failures(game, cards_pool, where)
        res["replay_s"] = time.perf_counter() - t
    except Exception:
        at = f"decision {len(game.decisions)}" if game is not None else "set-up"
        res["failures"].append(f"[exception] {where}: exception at {at}\n{traceback.format_exc()}")
        res["exception"] = True
    for i, f in enumerate(res["failures"]):
        res["failures"][i] = f + f"\n    reproduce: python3 benchmarks/fuzz.py --first-seed {seed} --games 1 --cap {cap}" \
            + (" --data DATA" if cfg["data"] else "")
    return res


def replay_failures(game, pool, where: str) -> list[str]:
    """The record (with digests) saved, loaded and replayed, verified: the same final state."""
    text = record.dumps(game)
    rec = record.loads(text)
    if rec.digests is None:
        return [f"[replay] {where}: the record has no digests (its game does not replay from its own cards)"]
    try:
        again = record.replay(rec, pool=pool)
    except record.RecordError as e:
        return [f"[replay] {where}: replay failed: {e}"]
    out = []
    if record.state_digest(again) != record.state_digest(game) or again.snapshot() != game.snapshot():
        out.append(f"[replay] {where}: the replayed final state differs")
    return out


# ------------------------------------------------------------------------------- the run

def _load_data(path):
    if path is None:
        return None
    from judgetower.oracle.compiled_pool import load_pool
    full = load_pool(path)
    return full, full.card_pool(playable_only=True)


def run_seeds(seeds, cap: int, data: str | None, view_every: int, progress: bool = False) -> list[dict]:
    from judgetower.cards.pool import starter_pool
    starter = starter_pool()
    data_pool = _load_data(data)
    out = []
    for seed in seeds:
        t = time.perf_counter()
        res = play_game(game_config(seed, data_pool), cap, starter, data_pool, view_every)
        res["wall"] = time.perf_counter() - t
        res["maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        if progress:
            print(f"seed {seed}: {res['players']} players, {res['mode']}, {res['decisions']} decisions, "
                  f"{res['end']}, {res['bad_calls']} bad calls, {len(res['failures'])} failures, "
                  f"{res['wall']:.1f} s", flush=True)
        out.append(res)
    return out


def _worker(job):
    seeds, cap, data, view_every, progress = job
    return run_seeds(seeds, cap, data, view_every, progress)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=3000, help="decision cap per game (a capped game is "
                                                          "reported unfinished, not failed)")
    ap.add_argument("--jobs", type=int, default=1, help="processes run at once")
    ap.add_argument("--data", help="card data file: random towers of its playable cards")
    ap.add_argument("--view-every", type=int, default=25, help="check every seat's view every N decisions")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.cap < 1 or args.view_every < 0:
        ap.error("--games, --jobs and --cap must be at least 1, --view-every at least 0")
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    print(f"fuzz: {args.games} games, seeds {seeds[0]}-{seeds[-1]}, cap {args.cap} decisions, {args.jobs} "
          f"process(es); load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    if args.jobs == 1:
        results = run_seeds(seeds, args.cap, args.data, args.view_every, args.progress)
    else:
        import multiprocessing
        chunks = [seeds[i::args.jobs] for i in range(args.jobs)]
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            parts = pool.map(_worker, [(c, args.cap, args.data, args.view_every, args.progress) for c in chunks])
        results = [r for part in parts for r in part]
    wall = time.perf_counter() - wall0
    ends = Counter(r["end"] or "exception" for r in results)
    failures = [f for r in results for f in r["failures"]]
    exceptions = sum(1 for r in results if r.get("exception"))
    decisions = sum(r["decisions"] for r in results)
    bad = sum(r["bad_calls"] for r in results)
    by = Counter((r["mode"], r["players"]) for r in results)
    print(f"games: {len(results)}  ({', '.join(f'{m}: {sum(v for (mm, _), v in by.items() if mm == m)}' for m in MODES)}; "
          f"players: {', '.join(f'{p}: {sum(v for (_, pp), v in by.items() if pp == p)}' for p in range(2, 7))})")
    print(f"decisions: {decisions:,}  bad calls refused: {bad:,}  ({decisions / wall:,.0f} decisions/s wall, "
          f"{len(results) / wall:.2f} games/s)")
    for reason, k in ends.most_common():
        print(f"  {k:>5}  {reason}")
    print(f"wall {wall:.1f} s, this process cpu {time.process_time() - cpu0:.1f} s, peak memory per process "
          f"{max(r['maxrss_mb'] for r in results)} MB; load average now "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    kinds = Counter(f[1:f.index("]")] for f in failures)
    print(f"failures: {len(failures)} (games with an exception: {exceptions}; "
          f"{', '.join(f'{k}: {v}' for k, v in sorted(kinds.items())) or 'none'})")
    for f in failures[:15]:
        print("  " + f.replace("\n", "\n  "))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
