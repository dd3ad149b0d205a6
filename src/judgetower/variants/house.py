"""House rules: the rules groups play Judge Tower with, as named, cited options on top of the
seed's rules (`judge_tower.JudgeTowerRules`). Each is a small class citing its own rule ID:

=======================  ===========================================================================
``H-OPEN-HANDS``         every hand is public: every view and every log line shows the cards in
                         hand (and in judge mode a pass while holding a castable card is public
                         evidence: bots may call it).
``H-STRIKES=N``          strikes: a player loses when their shame reaches N (default 3), instead
                         of JT-E1's limit of twice the number of players who started.
``H-ONE-NAME-PER-TURN``  each player casts at most one spell of a given name each turn (a split or
                         adventurer card's name is the face cast).
``H-FIRST-MISTAKE-OUT``  a correct call eliminates the accused: a player whose shame rises above
                         where it started (0, or -1 in a first game, JT-S1) loses the game.
``H-ROUNDS``             rounds: when a player wins a round they score a point; every permanent,
                         spell, hand and graveyard card is exiled, everyone still in the game and
                         everyone who lost the round comes back with shame back at its start, new
                         hands are dealt from the tower, and play goes on; when the tower cannot
                         supply the cards (JT-E2), the most points win (ties: the fewest shame).
=======================  ===========================================================================

Options are written ``NAME`` or ``NAME=VALUE``: the rule ID (``H-STRIKES=3``, case-insensitive,
``H-`` optional, ``H-STRIKES-N=3`` accepted) or its short name (``strikes=3``, ``open-hands``).
`parse_house(["strikes=3", "open-hands"])` gives the rule objects; `house_specs` their canonical
strings, which records and scenario files carry (``options: {house: [H-STRIKES=3]}``).

`HouseRules` is `JudgeTowerRules` plus the house rules chosen: every hook asks each house rule,
then the seed's rule. Referee mode refuses what a house rule forbids (citing the H- rule);
judge mode offers it and notes it as a violation (`house_refusal`, read by
`judgetower.judge.violations.referee_refusal`) that a call turns into shame.

Two rules use engine hooks of the variant protocol (`judgetower.rules.hooks.StandardRules`):
``H-OPEN-HANDS`` answers ``hand_public`` (read by ``game.view`` and the draw log lines),
``H-ROUNDS`` answers ``before_game_end`` (asked by ``Game.end_game`` before the game ends).
"""

from __future__ import annotations

from judgetower.rules.decisions import Cast
from judgetower.rules.errors import IllegalAction
from judgetower.rules.log import Phrase, msg, said
from judgetower.variants.judge_tower import JudgeTowerRules

class HouseRule:
    """One house rule. Hooks return None/[]/opts unchanged when they have nothing to say."""

    id = ""
    short = ""
    summary = ""
    summary_fr = ""    # the summary in French (the log and the web table's citations)
    takes_value = False

    def __init__(self, value: str | None = None) -> None:
        if value is not None and not self.takes_value:
            raise IllegalAction(f"house rule {self.id} takes no value (got {value!r})", self.id)

    def spec(self) -> str:
        return self.id

    def describe(self) -> str:
        return self.summary

    def describe_fr(self) -> str:
        return self.summary_fr

    # hooks (called by HouseRules)
    def setup(self, rules, game) -> None:
        pass

    def replaces_jt_e1(self) -> bool:
        return False

    def extra_sba(self, rules, game) -> list:
        return []

    def filter_priority(self, rules, game, p, opts):
        return opts

    def refusal(self, rules, game, d, choice) -> str | None:
        return None

    def public(self, rules, game, d, choice, rule) -> bool | None:
        return None

    def observe(self, rules, game, d, choice) -> None:
        pass

    def hand_public(self, rules, game, p) -> bool:
        return False


class OpenHands(HouseRule):
    id, short = "H-OPEN-HANDS", "open-hands"
    summary = "every hand is public, in every view and the log"
    summary_fr = "toutes les mains sont publiques, dans chaque vue et dans le journal"

    def hand_public(self, rules, game, p) -> bool:
        return True

    def public(self, rules, game, d, choice, rule) -> bool | None:
        # hands are open: what a player held is public evidence (a pass while able to cast,
        # JT-P1; an alternative cost not used, JT-C1)
        return True if d.kind == "priority" else None


class Strikes(HouseRule):
    id, short = "H-STRIKES", "strikes"
    takes_value = True
    DEFAULT = 3

    def __init__(self, value: str | None = None) -> None:
        super().__init__(value)
        if value is None:
            self.n = self.DEFAULT
        else:
            try:
                self.n = int(str(value).strip())
            except ValueError:
                raise IllegalAction(f"H-STRIKES={value!r}: the number of strikes is a whole number", self.id) from None
            if not 1 <= self.n <= 99:
                raise IllegalAction(f"H-STRIKES={self.n}: the number of strikes is from 1 to 99", self.id)

    def spec(self) -> str:
        return f"{self.id}={self.n}"

    @property
    def summary(self) -> str:  # type: ignore[override]
        return f"a player loses at {self.n} shame (instead of more than twice the number of players who started)"

    @property
    def summary_fr(self) -> str:  # type: ignore[override]
        return (f"une personne perd quand sa honte atteint {self.n} (au lieu de plus du double du nombre de "
                "personnes au départ)")

    def replaces_jt_e1(self) -> bool:
        return True

    def extra_sba(self, rules, game) -> list:
        return [(msg("shame {shame} reaches {n} strikes", shame=p.shame, n=self.n), self.id, p.index)
                for p in game.players if not p.lost and p.shame >= self.n]


class OneNamePerTurn(HouseRule):
    id, short = "H-ONE-NAME-PER-TURN", "one-name-per-turn"
    summary = "each player casts at most one spell of a given name each turn"
    summary_fr = "chaque personne lance au plus un sort d'un même nom par tour"

    def __init__(self, value: str | None = None) -> None:
        super().__init__(value)
        self.cast: dict[int, tuple[int, set[str]]] = {}    # player -> (turn, names cast)

    @staticmethod
    def spell_name(game, choice) -> str | None:
        o = game.objects.get(choice.obj)
        if o is None:
            return None
        face = getattr(choice, "face", None)
        card = getattr(o, "card", None)
        if face is not None and card is not None and getattr(card, "faces", None):
            return card.faces[face].name
        return card.name if card is not None else o.name

    def names_cast(self, game, p: int) -> set[str]:
        turn, names = self.cast.get(p, (None, set()))
        return names if turn == game.turn else set()

    def _repeat(self, game, p, choice) -> bool:
        return isinstance(choice, Cast) and self.spell_name(game, choice) in self.names_cast(game, p)

    def filter_priority(self, rules, game, p, opts):
        return [a for a in opts if not self._repeat(game, p, a)]

    def refusal(self, rules, game, d, choice) -> str | None:
        if d.kind == "priority" and self._repeat(game, d.player, choice):
            return self.id
        return None

    def public(self, rules, game, d, choice, rule) -> bool | None:
        return True if rule == self.id else None     # both spells were cast for all to see

    def observe(self, rules, game, d, choice) -> None:
        if d.kind == "priority" and isinstance(choice, Cast):
            name = self.spell_name(game, choice)
            if name is not None:
                names = self.names_cast(game, d.player)
                if not names:
                    self.cast[d.player] = (game.turn, names)
                names.add(name)


class FirstMistakeOut(HouseRule):
    id, short = "H-FIRST-MISTAKE-OUT", "first-mistake-out"
    summary = "a correct call eliminates the accused"
    summary_fr = "un signalement juste élimine l'accusé·e"

    def replaces_jt_e1(self) -> bool:
        return False

    def extra_sba(self, rules, game) -> list:
        out = []
        judge = getattr(game, "judge", None)
        for p in game.players:
            start = -1 if p.first_game else 0          # JT-S1
            if p.lost or p.shame <= start:
                continue
            calls = [c for c in (judge.upheld_calls() if judge is not None else []) if c.accused == p.index]
            why = (msg("call {n} ({rule}) is upheld: first mistake out", n=calls[-1].number, rule=calls[-1].rule)
                   if calls else msg("shame {shame} is above its start ({start}): first mistake out", shame=p.shame,
                                     start=start))
            out.append((why, self.id, p.index))
        return out


class Rounds(HouseRule):
    id, short = "H-ROUNDS", "rounds"
    summary = ("a round's winner scores a point; everything is exiled, new hands are dealt and play goes on; "
               "the most points win when the tower runs out")
    summary_fr = ("la personne qui gagne une manche marque un point ; tout est exilé, de nouvelles mains sont "
                  "distribuées et la partie continue ; quand la tour est épuisée, le plus de points gagne")

    def setup(self, rules, game) -> None:
        rules.points = [0] * len(game.players)
        rules.round = 1

    def describe(self) -> str:
        return self.summary


HOUSE_RULES: dict[str, type[HouseRule]] = {
    cls.id: cls for cls in (OpenHands, Strikes, OneNamePerTurn, FirstMistakeOut, Rounds)}
_ALIASES = {cls.short: rid for rid, cls in HOUSE_RULES.items()}
_ALIASES.update({"strikes-n": "H-STRIKES", "h-strikes-n": "H-STRIKES"})


def house_help() -> str:
    return "; ".join(f"{cls.id}{'=N' if cls.takes_value else ''} ({cls.short}): "
                     f"{cls(None).describe()}" for cls in HOUSE_RULES.values())


def rule_id_of(spec) -> str:
    """The rule ID ``NAME`` or ``NAME=VALUE`` names (an ``IllegalAction`` naming the known rules
    otherwise); the value is not checked."""
    if not isinstance(spec, str) or not spec.strip():
        raise IllegalAction(f"a house rule is NAME or NAME=VALUE, not {spec!r} (known: "
                            f"{', '.join(HOUSE_RULES)})", "H-RULES")
    name = spec.strip().partition("=")[0].strip()
    key = name.upper()
    if key not in HOUSE_RULES:
        low = name.lower()
        key = _ALIASES.get(low) or _ALIASES.get(low.removeprefix("h-")) or "H-" + key.removeprefix("H-")
    if key not in HOUSE_RULES:
        raise IllegalAction(f"unknown house rule {name!r} (known: "
                            + ", ".join(f"{rid} ({c.short})" for rid, c in HOUSE_RULES.items()) + ")", "H-RULES")
    return key


def parse_one(spec) -> HouseRule:
    """A house rule from ``NAME`` or ``NAME=VALUE`` (an ``IllegalAction`` citing the rule, or
    naming the known rules, otherwise). A `HouseRule` gives a fresh one of the same spec (a rule
    keeps per-game state)."""
    if isinstance(spec, HouseRule):
        spec = spec.spec()
    cls = HOUSE_RULES[rule_id_of(spec)]
    _, eq, value = spec.strip().partition("=")
    return cls(value.strip() if eq else None)


def parse_house(specs) -> list[HouseRule]:
    """House rules from a list of ``NAME[=VALUE]`` strings; each rule once."""
    if specs is None:
        return []
    if isinstance(specs, str) or not isinstance(specs, (list, tuple)):
        raise IllegalAction(f"house rules are a list of NAME or NAME=VALUE strings, not {specs!r}", "H-RULES")
    rules = [parse_one(s) for s in specs]
    ids = [r.id for r in rules]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise IllegalAction(f"house rule {dup[0]} is given twice", dup[0])
    return rules


def house_specs(rules: list[HouseRule]) -> list[str]:
    return [r.spec() for r in rules]


class HouseRules(JudgeTowerRules):
    """Judge Tower (the seed's rules) with house rules on top; see the module text."""

    def __init__(self, mode: str = "referee", manual_triggers: bool = False, house=()) -> None:
        super().__init__(mode, manual_triggers)
        self.house = [parse_one(h) for h in house]     # fresh rule objects: each keeps per-game state
        self.points: list[int] = []      # H-ROUNDS: each player's points
        self.round = 0
        self._final = False              # H-ROUNDS: a game end now is the tower running out

    def has(self, rule_id: str) -> HouseRule | None:
        return next((h for h in self.house if h.id == rule_id), None)

    def house_specs(self) -> list[str]:
        return house_specs(self.house)

    # ------------------------------------------------------------------ set-up
    def setup_players(self, game, specs: list[dict]) -> None:
        super().setup_players(game, specs)
        for h in self.house:
            h.setup(self, game)
            game.log.add("house rule {rule}: {summary}", h.id, rule=h.spec(), summary=Phrase(h.describe(), h.describe_fr()))

    # ------------------------------------------------------------------ hooks
    def extra_sba(self, game):
        base = super().extra_sba(game)
        if any(h.replaces_jt_e1() for h in self.house):
            base = [t for t in base if t[1] != "JT-E1"]
        out = list(base)
        seen = {t[2] for t in out}
        for h in self.house:
            for t in h.extra_sba(self, game):
                if t[2] not in seen:      # one loss a player (the first rule that applies)
                    seen.add(t[2])
                    out.append(t)
        return out

    def priority_options(self, game, p, opts):
        if self.mode == "referee":
            for h in self.house:
                opts = h.filter_priority(self, game, p, opts)
        return super().priority_options(game, p, opts)

    def house_refusal(self, game, d, choice) -> str | None:
        """The house rule referee mode would cite to refuse ``choice``, or None."""
        for h in self.house:
            rule = h.refusal(self, game, d, choice)
            if rule is not None:
                return rule
        return None

    def house_public(self, game, d, choice, rule) -> bool | None:
        """Whether a house rule makes the evidence of a violation public (None: no opinion)."""
        for h in self.house:
            pub = h.public(self, game, d, choice, rule)
            if pub is not None:
                return pub
        return None

    def why_illegal(self, game, d, choice):
        return self.house_refusal(game, d, choice) or super().why_illegal(game, d, choice)

    def on_decision(self, game, d, choice):
        noted = super().on_decision(game, d, choice)    # judge mode: judged before it counts
        for h in self.house:
            h.observe(self, game, d, choice)
        return noted

    def hand_public(self, game, p) -> bool:
        """H-OPEN-HANDS: whether ``p``'s hand is public (engine hook ``hand_public``)."""
        return any(h.hand_public(self, game, p) for h in self.house)

    # ------------------------------------------------------------------ rounds (H-ROUNDS)
    def ensure_library(self, game, p, n, action):
        """JT-E2; with H-ROUNDS, a game end here is the tower running out (the most points win)."""
        if not self.has("H-ROUNDS"):
            return (yield from super().ensure_library(game, p, n, action))
        final, self._final = self._final, True
        try:
            ok = yield from super().ensure_library(game, p, n, action)
        finally:
            self._final = final
        return ok

    def before_game_end(self, game, winners: list[int], reason: str, rule: str):
        """Engine hook ``before_game_end``, asked by ``Game.end_game``: (winners, reason, rule) to
        end the game so, or None when it goes on. With H-ROUNDS, a round won by a player scores
        them a point and a new round starts (`_new_round`); when the tower runs out (JT-E2) the
        game ends and the most points win (ties: the fewest shame)."""
        if not self.has("H-ROUNDS"):
            return winners, reason, rule
        if self._final or rule == "CR 104":          # the tower ran out, or the flow itself ended
            return (self._standings(game), msg("the tower has run out: the most points win (ties: the fewest shame)"),
                    "H-ROUNDS")
        for w in winners:
            self.points[w] += 1
        who = [game.players[w] for w in winners] or msg("nobody")
        game.log.add("round {n} is won by {who} ({reason}, {rule}); points: {points}", "H-ROUNDS", rule, n=self.round,
                     who=who, reason=said(reason), rule=rule, points=self._points(game))
        self._new_round(game)
        return None

    def _standings(self, game) -> list[int]:
        best = max(self.points)
        top = [q for q, pts in enumerate(self.points) if pts == best]
        low = min(game.players[q].shame for q in top)
        game.log.add("final points: {points}", "H-ROUNDS", points=self._points(game))
        return [q for q in top if game.players[q].shame == low]

    def _points(self, game) -> list[str]:
        return [f"{pl.name} {self.points[pl.index]}" for pl in game.players]

    def _new_round(self, game) -> None:
        """Exile every permanent, spell, hand and graveyard card and set them apart from the tower
        for the rest of the game (JT-E2 does not shuffle them back: that is how the tower runs
        out); everyone back in with shame at its start (JT-S1); new hands dealt (JT-G1)."""
        self.round += 1
        lists = [game.battlefield, game.stack] + [lst for (z, _), lst in list(game.zones.items())
                                                  if z in ("hand", "graveyard")]
        apart = 0
        for lst in lists:
            for oid in list(lst):
                o = game.objects[oid]
                if oid not in lst:
                    continue                     # gone with an earlier one (an Aura, a token)
                if getattr(o, "card", None) is None or getattr(o, "token", None) is not None:
                    lst.remove(oid)              # abilities on the stack and tokens cease to exist
                    o.zone = "gone:round"
                    continue
                new = game.move(o, "exile", cause=msg("round {n} is over", n=self.round - 1), rule="H-ROUNDS",
                               log=False)
                if new is not None and new.id in game.exile:
                    game.exile.remove(new.id)
                    new.zone = "gone:round"
                    apart += 1
        game.pending_triggers.clear()
        game.delayed.clear()
        game.events.clear()
        for pl in game.players:
            pl.lost = pl.won = pl.drew_from_empty = False
            pl.shame = -1 if pl.first_game else 0
            pl.poison = 0
        game.log.add("round {n} begins: {apart} card(s) are exiled and set apart from the tower; everyone is in "
                     "again, shame back at its start (JT-S1); new hands are dealt", "H-ROUNDS", n=self.round, apart=apart)
        sizes = {p: self.opening_hand_size(game, p) for p in game.apnap()}
        need = sum(sizes.values())
        gen = self.ensure_library(game, game.active, need, "the new round's hands")
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            ok = stop.value
        if not ok or game.game_over:
            return
        for p, k in sizes.items():
            for _ in range(k):
                o = game.objects[game.library(p)[-1]]
                game.move(o, "hand", owner=p, cause="new round", rule="H-ROUNDS", log=False)
            game.log.add("{player} is dealt a new hand of {n}", "H-ROUNDS", "JT-G1", player=game.players[p], n=k)
        game.touch()


def new_house_game(pool, tower: list[str], players: list[dict], seed: int = 0, mode: str = "referee",
                   manual_triggers: bool = False, house=()):
    """`new_judge_tower_game` with house rules (``house``: `HouseRule`s or ``NAME[=VALUE]``)."""
    from judgetower.variants.judge_tower import new_judge_tower_game
    return new_judge_tower_game(pool, tower, players, seed=seed, mode=mode, manual_triggers=manual_triggers,
                                house=house)
