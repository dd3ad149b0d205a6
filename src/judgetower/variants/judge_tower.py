"""Judge Tower (rules/judge-tower.en.md, rulings R1-R20) as hooks on the engine.

Referee mode: every obligation is enforced, so ``legal_choices`` offers only compliant options
and anything else raises ``IllegalAction`` citing the JT rule. Each hook cites its JT rule and
the engine ruling (R) that settles it.
"""

from __future__ import annotations

import math

from judgetower.rules.decisions import Cast, Done, Pass
from judgetower.rules.errors import IllegalAction
from judgetower.rules.hooks import StandardRules
from judgetower.rules.log import Term, msg
from judgetower.rules.loops import GrowingLoopDetector
from judgetower.rules.stack.casting import payment_label
from judgetower.rules.stack.mana import ManaCost

MIN_LEVEL, MAX_LEVEL = 0, 5


class JudgeTowerRules(StandardRules):
    name = "judge-tower"
    starting_life = math.inf          # JT-G3, R3
    free_mana = True                  # JT-G4, R4
    mulligans = False                 # JT-G2: players cannot choose to mulligan

    @property
    def max_targets(self) -> bool:    # JT-C3, R9 (judge mode: offered, noted if broken)
        return self.mode == "referee"

    def __init__(self, mode: str = "referee", manual_triggers: bool = False) -> None:
        if mode not in ("referee", "judge"):
            raise IllegalAction(f"unknown Judge Tower mode {mode!r}", "JT-G11")
        if manual_triggers and mode != "judge":
            raise IllegalAction("manual triggers are a judge-mode option: referee mode puts every trigger "
                                "on the stack itself", "R13")
        self.mode = mode
        #: R13 (judge-mode option, JT-G9): each trigger waits for its controller to acknowledge it
        self.manual_triggers = bool(manual_triggers)
        self.starting_players = 0
        self._loops = MandatoryLoopExile()

    # ------------------------------------------------------------------ set-up (JT-G1, G2, S1)
    def setup_players(self, game, specs: list[dict]) -> None:
        """Judge levels 0-5 (R1) and first-game shame -1 (JT-S1)."""
        for p, spec in zip(game.players, specs):
            level = spec.get("judge_level", 1)
            if not isinstance(level, int) or isinstance(level, bool) or not MIN_LEVEL <= level <= MAX_LEVEL:
                raise IllegalAction(f"{p.name}: judge level {level!r} is not an integer from 0 to 5", "R1")
            p.judge_level = level
            p.first_game = bool(spec.get("first_game", False))
            p.shame = -1 if p.first_game else 0
            p.life = math.inf
            ex = spec.get("explained")
            if ex is not None and (not isinstance(ex, (list, tuple)) or not all(isinstance(r, str) for r in ex)):
                raise IllegalAction(f"{p.name}: explained must be a list of rule IDs, got {ex!r}", "R17")
            p.explained = None if ex is None else [str(r).strip() for r in ex]   # R17: None = all
        self.starting_players = len(game.players)
        game.log.add("Judge Tower: infinite life, shared library and graveyard, forced play", "JT-G3", "JT-G5", "JT-P1")

    def opening_hand_size(self, game, p: int) -> int:
        return game.players[p].judge_level  # JT-G1, R1

    # ------------------------------------------------------------------ zones (JT-G5)
    def zone_owner(self, game, zone, player):
        return None if zone in ("library", "graveyard") else player

    def owner_leaving(self, game, o, from_zone, default):
        """R5: the player the instruction names, else the acting player."""
        return default if default is not None else game.acting_player

    def replace_move(self, game, obj, to_zone, position):
        """JT-G8, R7: a card put on the bottom of the library or shuffled into it is exiled instead."""
        if to_zone == "library" and position in ("bottom", "shuffle"):
            if position == "bottom":
                game.log.add("{card} would go on the bottom of the shared library: it is exiled instead", "JT-G8", "R7",
                             card=obj)
            else:
                game.log.add("{card} would go into the shared library: it is exiled instead", "JT-G8", "R7", card=obj)
            return "exile", "top"
        return to_zone, position

    def replace_search(self, game, p, e, ctx) -> bool:
        game.log.add("{player} would search the shared library: it is not searched, nothing is found", "JT-G8", "R7",
                     player=game.players[p])
        return True

    def replace_shuffle(self, game, p) -> bool:
        game.log.add("the shared library is not shuffled", "JT-G8", "R7")
        return True

    # ------------------------------------------------------------------ mana and life (JT-G3, G4, G10)
    def pay_free(self, game, p, cost: ManaCost, what) -> bool:
        """``what``: what is paid for (`judgetower.rules.stack.casting.payment_label`)."""
        game.log.add("{player} pays {mana} for {what} (the mana portion is always paid)", "JT-G4", "JT-G10", "R4",
                     "R14", player=game.players[p], mana=str(cost), what=payment_label(what))
        game.players[p].mana_paid.append((str(what), str(cost)))   # R14: kept in the player's status
        return True

    def mana_ability_useful(self, game, p, o, ab) -> bool:
        return True  # R4: mana abilities are activated abilities; JT-P1 applies to them

    # ------------------------------------------------------------------ forced play (JT-P1, P2; R11, R12)
    def can_activate_more(self, game, p, o, idx, ab) -> bool:
        if self.mode == "judge":
            return True  # judge mode: a second activation is offered, and noted (JT-P1)
        return idx not in o.activated_this_turn  # JT-P1, R11: once per turn per ability

    def priority_options(self, game, p, opts):
        if self.mode == "judge":
            return opts  # judge mode: every choice Magic allows (violations are noted, JT-S2)
        actions = [a for a in opts if not isinstance(a, Pass)]
        # JT-C1/R9: an alternative cost "you may ... rather than pay" is used when able
        alt = {a.obj for a in actions if isinstance(a, Cast) and a.alternative}
        # (faces: casting another face of the card, CR 709.3/715.3/712.11b, is another spell)
        actions = [a for a in actions if not (isinstance(a, Cast) and not a.alternative and a.obj in alt
                                              and getattr(a, "face", None) is None)]
        # JT-P2/R12: of one object's activatable abilities, only the lowest printed one
        lowest: dict[int, int] = {}
        for a in actions:
            if hasattr(a, "index") and not isinstance(a, Cast):
                lowest[a.obj] = max(lowest.get(a.obj, -1), a.index)
        actions = [a for a in actions if not hasattr(a, "index") or a.index == lowest.get(a.obj)]
        if actions:
            return actions            # JT-P1, R11: no pass while an action remains
        return [Pass()]

    def why_illegal(self, game, d, choice):
        if d.kind == "priority":
            full = [Pass()] + game.legal_actions(d.player)
            if isinstance(choice, Pass) and len(full) > 1:
                return "JT-P1"
            if choice in full and choice not in d.options:
                if isinstance(choice, Cast):
                    return "JT-C1"
                return "JT-P2"
            if hasattr(choice, "index") and not isinstance(choice, Cast):
                o = game.objects.get(choice.obj)
                if o is not None and choice.index in getattr(o, "activated_this_turn", ()):
                    return "JT-P1"
        if d.kind == "attackers" and isinstance(choice, Done):
            if self.mode == "judge":
                return None  # kwstatic: judge mode enforces no JT-C5; a refusal is Magic's (CR 508.1d)
            return "JT-C5"
        if d.kind == "blockers" and isinstance(choice, Done):
            return "JT-C5"
        if d.kind in ("target", "mode") and isinstance(choice, Done):
            return "JT-C3"   # R9: as many targets / modes ("one or both", "one or more") as possible
        if d.kind in ("x",):
            return "JT-C2"
        if d.kind == "kicker":
            return "JT-C2" if d.context.get("multi") else "JT-C3"
        if d.kind in ("buyback",):
            return "JT-C3"
        if d.kind == "cards" and d.context.get("crew") and isinstance(choice, Done):
            return "JT-C3"   # kw2: crew taps "any number of" creatures: as many as possible (R9)
        if d.kind == "cards" and d.context.get("tc_devour") and isinstance(choice, Done):
            return "JT-C3"   # tokcount: devour sacrifices "any number of" creatures: as many as possible (R9)
        if d.kind in ("may", "pay"):
            return "JT-C1"
        if d.kind == "proliferate":
            return "JT-C3"   # misc: "any number" of permanents/players: as many as possible (R9)
        return None

    def acknowledge_trigger(self, game, t: dict):
        """JT-G9, R13: with manual triggers, the controller acknowledges each trigger; one not
        acknowledged is missed (a violation, noted in judge mode, whoever owns the card)."""
        if not self.manual_triggers or t.get("acknowledged"):
            return True
        ok = yield from game.ask(t["controller"], "trigger", [True, False],
                                 msg("{player}: acknowledge the trigger of {source} (yes: it goes on the stack; "
                                     "no: it is missed)", player=game.players[t["controller"]], source=t["source"]),
                                 "R13", trigger=t)
        return ok

    def detect_loop(self, game, holder) -> bool:
        """JT-P3, R8: mandatory loops are found and their objects exiled."""
        return self._loops.check(game, holder)

    # ------------------------------------------------------------------ forced choices (JT-C1-C5, R9)
    def forced_bool_options(self, game, opts, what):
        if self.mode == "judge":
            return opts
        return [True] if True in opts else opts     # "may", "unless", buyback: taken when able

    def forced_x_options(self, game, opts):
        if self.mode == "judge":
            return opts
        return [5]                                   # JT-C2: X is 5

    def forced_count_options(self, game, opts, what):
        if self.mode == "judge":
            return opts
        if what == "multikicker":
            return [5]                               # JT-C2: multikicker paid five times
        return [max(opts)]                           # JT-C3: kicker paid when able

    def attack_done_ok(self, game, ap, declared) -> bool:
        """JT-C5, R9: every creature that can attack attacks."""
        if self.mode == "judge":
            return True
        # combat2: a creature that "can't attack alone" with no other possible attacker is not
        # able to attack (CR 508.1c, R9: requirements are obeyed as far as restrictions allow)
        return not any(game.can_attack(o) and game.can_attack_at_all(o, ap)
                       for o in game.permanents(ap) if o.id not in declared)

    def block_done_ok(self, game, d, blocks) -> bool:
        """JT-C5, R9: every creature that can block blocks."""
        if self.mode == "judge":
            return True
        for b in game.permanents(d):
            if b.id in blocks:
                continue
            for a in game._attackers():
                if (game.attacked_player(a) == d and game.can_block_pair(b, a, blocks)
                        and game.block_can_complete(d, b, a, blocks)
                        and game.can_block_at_all(b, d, blocks)):   # combat2: CR 509.1b, R9
                    return False
        return True

    # ------------------------------------------------------------------ end of the game (JT-E1, E2)
    def extra_sba(self, game):
        """JT-E1, R18: shame greater than twice the number of players who started loses."""
        limit = 2 * (self.starting_players or len(game.players))
        return [(msg("shame {shame} > {limit}", shame=p.shame, limit=limit), "JT-E1", p.index) for p in game.players
                if not p.lost and p.shame > limit]

    def ensure_library(self, game, p, n, action):
        """JT-E2, R19: refill a short library from unreferenced exile, then the graveyard; retry;
        else the game ends and the fewest shame win."""
        lib = game.library(p)
        if len(lib) >= n or game.game_over:
            return True
        game.log.add("the shared library holds {n} card(s); {action} needs {need}", "JT-E2", "R19", n=len(lib),
                     action=Term(action), need=n)
        referenced = game.referenced_exile()
        free = [i for i in game.exile if i not in referenced]
        if free:
            for i in free:
                game.exile.remove(i)
                o = game.objects[i]
                o.zone = "gone:refill"
                new = game.relocate_card(o, "library")
                new.face_down = False
            game.rng.shuffle(lib)
            game.log.add("{n} unreferenced exiled card(s) are shuffled into the library", "JT-E2", "R19", "R20",
                         n=len(free))
        if len(lib) < n:
            gy = game.graveyard(p)
            if gy:
                k = len(gy)
                for i in list(gy):
                    gy.remove(i)
                    o = game.objects[i]
                    o.zone = "gone:refill"
                    game.relocate_card(o, "library")
                game.rng.shuffle(lib)
                game.log.add("{n} graveyard card(s) are shuffled into the library", "JT-E2", "R19", n=k)
        if len(lib) >= n:
            return True
        alive = game.alive_players()
        low = min(game.players[q].shame for q in alive)
        winners = [q for q in alive if game.players[q].shame == low]
        game.end_game(winners, msg("the library cannot supply the cards (fewest shame wins)"), "JT-E2")
        return False
        yield

    # ------------------------------------------------------------------ judge mode (JT-S2, R17)
    #: Judge mode: an observer (set by `judgetower.judge.attach`) that sees each choice before it
    #: is applied and notes it, hidden, if referee mode would have refused it; it returns a
    #: callback for after the action, or None. The variant itself never imports the judge layer.
    decision_observer = None

    def on_decision(self, game, d, choice):
        if self.mode != "judge" or self.decision_observer is None:
            return None
        return self.decision_observer(game, d, choice)


def make_rules(mode: str = "referee", manual_triggers: bool = False, house=()) -> JudgeTowerRules:
    """The seed's rules, or with house rules (``house``: ``NAME[=VALUE]`` strings or
    `judgetower.variants.house.HouseRule`s) `judgetower.variants.house.HouseRules`."""
    if house:
        from judgetower.variants.house import HouseRules, parse_house
        return HouseRules(mode, manual_triggers, parse_house(list(house)))
    return JudgeTowerRules(mode, manual_triggers)


def new_judge_tower_game(pool, tower: list[str], players: list[dict], seed: int = 0, mode: str = "referee",
                         manual_triggers: bool = False, house=()):
    """A Judge Tower game from a tower (a card list): the shared library in random order,
    opening hands drawn per JT-G1/R1, turn 1 started (R2). ``manual_triggers``: the judge-mode
    option of R13; ``house``: house rules (`judgetower.variants.house`, e.g. ``["H-STRIKES=3"]``)."""
    from judgetower.rules.game import Game
    if len(players) < 2:
        raise IllegalAction(f"a game needs at least 2 players, got {len(players)}", "CR 103.1")
    rules = make_rules(mode, manual_triggers, house)
    g = Game([str(p["name"]) for p in players], seed=seed, rules=rules)
    rules.setup_players(g, players)
    cards = pool.get_many(tower)
    from judgetower.rules.deck import refuse_unplayable
    refuse_unplayable(cards)
    precompiled = getattr(pool, "precompiled", None)   # a FullPool's cached IR (compiled_pool)
    for c in cards:
        g.make_card(c, 0, "library", compiled=precompiled(c) if precompiled is not None else None)
    g.rng.shuffle(g.library(0))
    g.start(pregame=True)
    return g


class MandatoryLoopExile(GrowingLoopDetector):
    """JT-P3, R8: a state that repeats in one turn while every decision since was forced is a
    mandatory loop; the objects involved are exiled (unreferenced pile) and play continues."""

    def on_loop(self, game, since: int, growing: bool = False) -> bool:
        involved = set(u for u in game.touched_uids[since:] if u >= 0)
        exiled = []
        for name, lst in game.all_zone_lists():
            if name in ("stack", "exile"):
                continue  # R8: spells and abilities already on the stack stay there
            for i in list(lst):
                o = game.objects[i]
                if getattr(o, "uid", None) in involved:
                    exiled.append(o)
        if not exiled:
            return False
        if growing:
            game.log.add("a mandatory infinite loop is detected (the game state repeats {n} times in a row but for "
                         "amounts — counters, objects on the stack — growing the same each time): its objects are exiled",
                         "JT-P3", "R8", "R3", n=self.REPEATS)
        else:
            game.log.add("a mandatory infinite loop is detected (the game state repeats): its objects are exiled",
                         "JT-P3", "R8")
        for o in exiled:
            game.move(o, "exile", cause="mandatory loop", rule="JT-P3")
        return True
