"""Checks and report lines shared by the simulation benchmarks (judge_sim.py, house_sims.py,
tower_sims.py).

* ``run_checked``: plays a game to its end (or a decision cap) and checks before every decision
  that cards are conserved (CR 400.1, 400.7: every card of the tower in exactly one zone, or gone
  with a player who left the game, CR 800.4a, or set apart by a house rule: ``apart``);
* ``judge_sim_args``, ``judge_sim_game`` and ``JudgeSims``: the judge-mode sims of judge_sim.py and
  house_sims.py (game k: 2 + k % 5 players, judge levels 1-5, erring and calling bots on the
  starter tower), their tallies (end reasons, calls, decisions, CPU) and their summary;
* ``replay_failure``: saves the game's record and replays it (``judgetower.record``); the final
  state must be the same;
* ``shame_failure``: the shame table equals the starting shame plus the upheld calls (JT-S1,
  JT-S2, JT-S4, R17);
* ``print_outcome``: how the games ended, throughput, failures.
"""

from __future__ import annotations

import os
import resource
import statistics
import time
import traceback
from collections import Counter
from pathlib import Path

from judgetower import record
from judgetower.rules.state import GameObject


def _is_card(o) -> bool:
    """A card (CR 108.1): not a token (CR 111) and not a copy of a spell, which is no card either
    (CR 707.10; storm, replicate, "copy target spell")."""
    return (isinstance(o, GameObject) and o.token is None and o.card is not None
            and not o.is_spell_copy)


def cards_left(game) -> int:
    """Cards that left the game with a player who lost (CR 800.4a)."""
    return sum(1 for o in game.objects.values() if str(o.zone) == "gone:left game" and _is_card(o))


def cards_conserved(game, n_cards: int, left: int | None = None) -> bool:
    """No object in two zones; cards in zones plus cards that left the game with a player who
    lost number the tower's cards. ``left``: that last number when the caller knows it."""
    ids = [i for _, lst in game.all_zone_lists() for i in lst]
    cards = sum(1 for i in ids if _is_card(game.objects[i]))
    if left is None:
        left = cards_left(game)
    return len(ids) == len(set(ids)) and cards + left == n_cards


def run_checked(game, bots, cap: int, n_cards: int, after=None, apart=None) -> tuple[bool, int | None]:
    """Let ``bots`` play until the game ends or holds ``cap`` decisions, calling ``after()`` after
    each decision (a judge-mode table's calls). ``apart(game)``: the cards a house rule set apart
    from the game (H-ROUNDS), counted as accounted for. Returns (capped, index of the first
    decision before which cards were not conserved, or None)."""
    key, left, broken = None, 0, None
    while not game.game_over and len(game.decisions) < cap:
        d = game.pending()
        if d is None:
            break
        # the cards gone with players change only when one leaves (or, with H-ROUNDS, when a
        # round ends: everyone is back in and the round's cards are set apart)
        now = (sum(1 for p in game.players if p.lost), getattr(game.rules, "round", None))
        if now != key:
            key, left = now, cards_left(game) + (apart(game) if apart is not None else 0)
        if broken is None and not cards_conserved(game, n_cards, left):
            broken = len(game.decisions)
        game.decide(d.player, bots[d.player].choose(game, d.player))
        if after is not None:
            after()
    return not game.game_over, broken


def replay_failure(game, pool=None) -> str | None:
    """Why the game's record does not replay to the same final state (None: it does)."""
    try:
        again = record.replay(record.loads(record.dumps(game)), pool=pool)
    except record.RecordError as e:
        return f"replay failed: {e}"
    return None if again.snapshot() == game.snapshot() else "the replayed final state differs"


def shame_failure(game, table) -> str | None:
    start = sum(-1 if p.first_game else 0 for p in game.players)
    upheld = len(table.judge.upheld_calls())
    if sum(p.shame for p in game.players) != start + upheld:
        return f"shame table {[p.shame for p in game.players]} != start {start} + {upheld} upheld calls"
    return None


def game_failures(game, table, broken: int | None, n_cards: int, apart=None) -> list[str]:
    """What the checks of an ended game found: the shame table (judge mode, ``table`` given),
    cards conserved before every decision (``broken``: the first one where they were not, from
    `run_checked`) and at the end (``apart(game)``: cards a house rule set apart, as in
    `run_checked`)."""
    left = cards_left(game) + (apart(game) if apart is not None else 0)
    found = (shame_failure(game, table) if table is not None else None,
             None if broken is None else f"cards not conserved before decision {broken}",
             None if cards_conserved(game, n_cards, left) else "cards not conserved at the end")
    return [why for why in found if why]


def end_label(game) -> str:
    return game.end_reason.split(" ")[0] if game.end_reason.startswith("shame") else game.end_reason


def print_outcome(games: int, ends: Counter, failures: list[str], decisions: int, wall: float,
                  replay_wall: float | None) -> None:
    real = sum(v for k, v in ends.items() if "cap" not in k and k != "exception")
    print(f"ended by a real end condition: {real} of {games}")
    for reason, k in ends.most_common():
        print(f"  {k:>4}  {reason}")
    if wall:
        print(f"play: {decisions} decisions in {wall:.1f} s wall (card conservation checked before each): "
              f"{decisions / wall:,.0f} decisions/s, {games / wall:.2f} games/s")
    if replay_wall is not None:
        print(f"replay check: {replay_wall:.1f} s")
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print("  " + f)


# ---------------------------------------------------------------------------- judge-mode sims
def judge_sim_args(ap) -> None:
    """The options of the judge-mode sims (judge_sim.py, house_sims.py)."""
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--errors", type=float, default=0.05, help="bot error rate")
    ap.add_argument("--calls", type=float, default=0.5, help="bot call rate")
    ap.add_argument("--disputes", type=float, default=0.1, help="bot dispute rate")
    ap.add_argument("--cap", type=int, default=100000, help="decision cap per game")
    ap.add_argument("--no-replay", action="store_true", help="skip the record replay check")
    ap.add_argument("--progress", action="store_true", help="print a line per game as it ends")
    ap.add_argument("--keep-records", metavar="DIR", default=None,
                    help="save the record of every game stopped by the cap or failing a check to DIR "
                         "(judgetower replay reads them)")


def judge_sim_players(seed: int) -> list[dict]:
    """Game ``seed``'s players: 2 + seed % 5 of them (2-6), judge levels 1-5, some first games."""
    return [{"name": chr(65 + i), "judge_level": 1 + (seed + i) % 5, "first_game": (seed + i) % 7 == 0}
            for i in range(2 + seed % 5)]


def stall_note(g, window: int = 10_000) -> str:
    """Why a game may not be ending (for one stopped by the cap): the cards in play, and in the
    last ``window`` log events the violations (how many public: only those bots call) and the
    calls upheld."""
    j = getattr(g, "judge", None)
    last = len(g.log.events) - window
    hands = [len(g.hand(p.index)) for p in g.players]
    note = (f"library {len(g.library(0))}, graveyard {len(g.graveyard(0))}, battlefield {len(g.battlefield)}, "
            f"hands {hands}")
    if j is not None:
        vs = [v for v in j.violations if v.event >= last]
        cs = [c for c in j.calls if c.event is not None and c.event >= last]
        note += (f"; in the last {window:,} log events: {len(vs)} violations ({sum(1 for v in vs if v.public)} public), "
                 f"{sum(1 for c in cs if c.upheld)} upheld calls naming one")
    return note


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


class JudgeSims:
    """Judge-mode games between erring, calling and disputing bots on one tower, one
    configuration (``house``: house rule specs, or none), game by game (`play`), with their tally
    and summary (`print_summary`). ``apart``: cards a house rule sets apart (see `run_checked`);
    ``label``: a game's end reason as tallied; ``shame_check``: whether the shame table must equal
    the starting shame plus the upheld calls (not with H-ROUNDS, which puts shame back each round)."""

    def __init__(self, args, pool, tower: list[str], house=(), *, apart=None, label=None,
                 shame_check: bool = True, name: str = "", detail=None) -> None:
        self.args, self.pool, self.tower, self.house = args, pool, tower, list(house)
        self.apart, self.label, self.shame_check = apart, label or end_label, shame_check
        self.name, self.detail = name, detail
        self.ends: Counter = Counter()
        self.failures: list[str] = []
        self.by_players: Counter = Counter()
        self.games = self.decisions = self.calls = self.upheld = 0
        self.wall = self.replay_wall = 0.0
        self.cpu: list[tuple[float, int, int]] = []     # (CPU s of play, seed, players) per game
        self.seeds: list[int] = []

    def play(self, seed: int) -> str:
        """Play and check game ``seed``; returns its progress line."""
        from judgetower.agents.judge_bots import ErringAutopilot, JudgeTable
        from judgetower.variants.judge_tower import new_judge_tower_game
        args, specs = self.args, judge_sim_players(seed)
        n = len(specs)
        n_fail = len(self.failures)
        g = None
        w0, c0 = time.perf_counter(), time.process_time()
        try:
            g = new_judge_tower_game(self.pool, self.tower, specs, seed=seed, mode="judge", house=self.house)
            table = JudgeTable(g, seed=seed, call_rate=args.calls, dispute_rate=args.disputes)
            bots = [ErringAutopilot(seed * 31 + i, args.errors) for i in range(n)]
            capped, broken = run_checked(g, bots, args.cap, len(self.tower), table.after_decision, self.apart)
        except KeyboardInterrupt:   # a run stopped mid-game: that game is not counted at all
            raise
        except Exception:
            self.wall += time.perf_counter() - w0
            self.games += 1
            self.seeds.append(seed)
            self.by_players[n] += 1
            self.ends["exception"] += 1
            self.failures.append(f"seed {seed} ({n} players): exception\n{traceback.format_exc()}")
            self._keep(g, seed, "exception")
            return f"seed {seed}: {n} players, exception"
        finally:
            cpu = time.process_time() - c0
        # counted once it has ended (or failed): a game stopped by ^C/SIGTERM is no game
        self.wall += time.perf_counter() - w0
        self.games += 1
        self.seeds.append(seed)
        self.by_players[n] += 1
        self.cpu.append((cpu, seed, n))
        self.decisions += len(g.decisions)
        self.calls += len(table.judge.calls)
        self.upheld += len(table.judge.upheld_calls())
        if capped:
            self.ends["unfinished (decision cap)"] += 1
            self.failures.append(f"seed {seed} ({n} players): unfinished after {len(g.decisions)} decisions "
                                 f"(decision cap {args.cap}): turn {g.turn}, shame "
                                 f"{[p.shame for p in g.players]}, {len(table.judge.calls)} calls"
                                 + self._where(g) + "; " + stall_note(g))
            self._keep(g, seed, "capped")
            return (f"seed {seed}: {n} players, UNFINISHED at the decision cap ({len(g.decisions)} decisions, "
                    f"turn {g.turn}{self.detail(g) if self.detail is not None else ''}), CPU {cpu:.1f} s")
        self.ends[self.label(g)] += 1
        self.failures += [f"seed {seed} ({n} players): {why}" for why in game_failures(
            g, table if self.shame_check else None, broken, len(self.tower), self.apart)]
        if not args.no_replay:
            t = time.perf_counter()
            why = replay_failure(g, pool=self.pool)
            if why:
                self.failures.append(f"seed {seed} ({n} players): {why}")
            self.replay_wall += time.perf_counter() - t
        mine = self.failures[n_fail:]
        if mine:
            self._keep(g, seed, "failed")
        return (f"seed {seed}: {n} players, {len(g.decisions)} decisions, turn {g.turn}, {self.label(g)}"
                + (self.detail(g) if self.detail is not None else "") + ", "
                f"{len(table.judge.upheld_calls())} upheld calls, CPU {cpu:.1f} s; checks: "
                + ("; ".join(f.split(": ", 1)[1] for f in mine) if mine else "all passed")
                + ("" if args.no_replay else " (replay included)"))

    @staticmethod
    def _where(g) -> str:
        d = g.pending()
        return f", pending: {g.players[d.player].name} {d.kind} ({str(d.prompt)[:60]})" if d is not None else ""

    def _keep(self, g, seed: int, why: str) -> None:
        if g is None or not self.args.keep_records:
            return
        d = Path(self.args.keep_records)
        d.mkdir(parents=True, exist_ok=True)
        tag = "-".join(h.replace("=", "") for h in self.house) or "seed-rules"
        path = d / f"{tag}-seed{seed}-{why}.json"
        try:
            path.write_text(record.dumps(g), encoding="utf-8")
        except Exception as e:   # a record that cannot be written is reported, never stops the run
            self.failures.append(f"seed {seed}: the record could not be kept: {e}")

    def real_ends(self) -> int:
        return sum(v for k, v in self.ends.items() if "cap" not in k and k != "exception")

    def tally_line(self) -> str:
        ends = ", ".join(f"{k} {v}" for k, v in self.ends.most_common())
        return (f"{self.name or 'games'}: {self.games} played, {self.real_ends()} ended by a real end condition "
                f"({ends or 'none yet'}); failures {len(self.failures)}")

    def cpu_line(self) -> str:
        if not self.cpu:
            return "CPU per game: no game played"
        cpus = [c for c, _, _ in self.cpu]
        worst = max(self.cpu)
        by_n = {}
        for c, _, n in self.cpu:
            by_n.setdefault(n, []).append(c)
        return (f"CPU per game (play and checks, without the replay): mean {statistics.mean(cpus):.1f} s, median "
                f"{statistics.median(cpus):.1f} s, max {worst[0]:.1f} s (seed {worst[1]}, {worst[2]} players); "
                "mean by players: " + ", ".join(f"{n}: {statistics.mean(v):.1f} s" for n, v in sorted(by_n.items())))

    def print_summary(self, title: str) -> None:
        args = self.args
        seeds = f"seeds {min(self.seeds)}-{max(self.seeds)}" if self.seeds else "no seed"
        print(f"== {title}: {self.games} judge-mode games ({seeds}), players {dict(sorted(self.by_players.items()))}, "
              f"bots err {args.errors:g}, call {args.calls:g}, dispute {args.disputes:g}, cap {args.cap}")
        print(f"calls: {self.calls}, upheld (shame added): {self.upheld}"
              + ("" if self.shame_check else "; shame check skipped (H-ROUNDS resets shame each round)"))
        print(self.cpu_line())
        print_outcome(self.games, self.ends, self.failures, self.decisions, self.wall,
                      None if args.no_replay else self.replay_wall)
        print(f"load average after: {load_average()}", flush=True)
