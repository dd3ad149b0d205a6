"""The smoke check of one card (issue 5): put it into sandbox Judge Tower games and exercise
each of its abilities at least once under referee rules.

``smoke_card(pool, name, seed)`` plays a few short two-player Judge Tower games (referee mode:
forced play JT-P1/P2, forced choices JT-C1-C5), each from a sandbox position set up like a
scenario file's ``state`` (`judgetower.scenario.runner` does the same for scenario files): a small
board of simple starter-tower cards on each side, a few cards in the shared graveyard, and a
shared library of starter lands and creatures. The games are driven only through the public
decision API (``pending``/``decide``); the card's own actions are preferred among the legal
options and every other choice is the `Autopilot`'s (which picks only compliant options).

The games, for a card C (after the first two, only while something is still unexercised):

* **hand**: C in the active player A's hand in their precombat main phase; it is cast (or
  played, a land) and resolves, its enters triggers included. A modal spell is cast once per
  mode, that mode chosen first (a filler spell is cast first when the mode targets a spell). A
  card that targets a spell gets spells in hand to cast and target.
* **battlefield**: C on the battlefield, not summoning sick; forced play (JT-P1) activates each of
  its activated abilities once a turn, latest printed first (JT-P2); the game runs to the third
  turn's main phase: combat (JT-C5: attacks and blocks are forced), end step, upkeep, draw.
  An activated ability no game reached (one a later sacrifice-as-a-cost ability pre-empts,
  JT-P2) gets a game in which the later abilities were already activated this turn (JT-P1).
* for triggers: C on the battlefield with its abilities already used this turn (so forced play
  does not sacrifice or tap it first), from A's main phase and from B's end step (A's upkeep
  next); B's turn (B attacks into A's untapped creatures); C cast and left summoning sick for
  three turns; B without creatures (C, or the creature it equips or enchants, attacks
  unblocked); Wrath of God, then a removal spell aimed at C (dies, leaves, put into a
  graveyard). The card blocks or is blocked when it can. A card that watches spells being cast gets spells of that kind in the hand of the
  player it watches; one that watches discards gets a Mind Rot and cards in both hands; one whose
  costs discard cards or pay energy gets cards and energy for them.
* activated abilities used from hand (cycling): C in hand, that ability preferred.
* **graveyard**: C in the shared graveyard and a Regrowth in hand aimed at it; C returns to hand.
  C's own actions there (flashback) are preferred like anywhere else.

Whatever a filter of C asks for that the sandbox lacks ("target Merfolk you control", "a Spirit
card in your graveyard", "counter target blue instant spell") is supplied by a vanilla made-up
stand-in card with that type, subtype, supertype and colour (`_stand_in`), never by card data.

An ability is *exercised* when it resolved (spell abilities, each mode, activated and triggered
abilities), when C was cast that way (kicker, multikicker, buyback, alternative cost, cost
increase, flashback; a spell's keywords), or when C was on the battlefield with its
characteristics computed (static abilities and keywords; "enchant" once attached; an instant's
or sorcery's static abilities and additional costs when it is cast). An exception
anywhere is a failure, with its traceback; what stays unexercised is reported with the reason
(no legal target, CR 603.3d; targets gone, CR 608.2b; event never happened).
"""

from __future__ import annotations

import dataclasses
import time
import traceback
from dataclasses import dataclass, field, replace

from judgetower.agents.autopilot import Autopilot
from judgetower.cards.card import CardDef, CardError
from judgetower.oracle import compile_card, ir
from judgetower.rules.decisions import Activate, Block, Cast, PlayLand
from judgetower.rules.filters import matches
from judgetower.rules.game import Game
from judgetower.rules.objects import StackAbility
from judgetower.variants.judge_tower import JudgeTowerRules

#: The shared library: starter lands and vanilla creatures (JT-G5), shuffled.
FILLER_LIBRARY = ("Forest",) * 16 + ("Grizzly Bears",) * 8 + ("Plains",) * 6
#: The sandbox board: creatures of each colour and of common creature types (Goblin, Zombie, Elf,
#: Knight, Soldier, Wall, Golem, Bird, Elemental, Kavu, Giant, Rat, Vampire, a legendary one), a
#: basic land of each type, artifact creatures, an Equipment, an enchantment, an Aura and a
#: planeswalker.
#: The active player's Bottle Gnomes is sacrificed by forced play (JT-P1): a creature dies and
#: its controller gains life; Zulaport Cutthroat turns each death of its controller's creatures
#: into a life loss for the opponent and a life gain for that player. Wall of Stone (0/8) survives
#: combat, so an Aura put on the toughest creature stays attached.
OUR_BOARD = ("Grizzly Bears", "Savannah Lions", "Llanowar Elves", "White Knight", "Zulaport Cutthroat",
             "Gravedigger", "Raging Goblin", "Man-o'-War", "Flickerwisp", "Birds of Paradise", "Solemn Simulacrum",
             "Bottle Gnomes", "Ornithopter", "Plains", "Island", "Swamp", "Mountain", "Forest", "Glorious Anthem",
             "Bonesplitter")
THEIR_BOARD = ("Grizzly Bears", "Wall of Stone", "Elite Vanguard", "Vampire Nighthawk", "Isamaru, Hound of Konda",
               "Typhoid Rats", "Kavu Titan", "Hill Giant", "Zulaport Cutthroat", "Ornithopter", "Island", "Forest",
               "Glorious Anthem", "Holy Strength", "Jace Beleren")
#: Creatures cast from hand in the battlefield games of a card that watches creatures enter.
ENTERING = ("Grizzly Bears", "Llanowar Elves", "Raging Goblin", "Ornithopter", "Gravedigger")
#: The shared graveyard (JT-G5): cards of each common type (a Zombie, an Aura, a planeswalker).
GRAVEYARD = ("Grizzly Bears", "Ornithopter", "Lightning Bolt", "Divination", "Glorious Anthem", "Forest",
             "Gravedigger", "Holy Strength", "Jace Beleren")
#: Spells to target, for a card that targets a spell ("counter target creature spell").
SPELL_FILLERS = ("Grizzly Bears", "Shock", "Divination", "Glorious Anthem", "Ornithopter", "Sign in Blood")
#: Removal in the "leaves" games: Wrath of God (every creature dies at once, the card too if it is
#: one), then the first of these spells that can target the card (a creature's "when this dies,
#: target creature ..." needs others to survive).
SWEEPER = "Wrath of God"
REMOVAL = ("Murder", "Naturalize", "Lightning Bolt", "Boomerang")
#: Brings the card back from the graveyard in the "graveyard" game.
REGROWTH = "Regrowth"

MAX_DECISIONS = 1000      # per game; reaching it is noted, not a failure
PLAYERS = ("A", "B")


# ------------------------------------------------------------------------------------ abilities

@dataclass(frozen=True)
class Ability:
    """One thing of the card to exercise. ``index``: its printed position among the compiled
    abilities; ``act``: its position among the activated abilities (`Activate.index`);
    ``mode``: the mode of a modal spell."""

    kind: str
    index: int
    text: str
    act: int = -1
    mode: int = -1

    @property
    def key(self) -> str:
        return f"{self.index}:{self.mode}" if self.mode >= 0 else str(self.index)

    @property
    def label(self) -> str:
        return f"ability {self.index + 1} ({self.kind}: {self.text})"


CAST_OPTIONS = ("kicker", "multikicker", "buyback")
TRIGGER_KEYWORDS = ("persist", "hideaway")


#: Keywords that stand for an activated ability (CR 702: equip, cycling, ...): the engine lists
#: them among the object's activated abilities, after or between the printed ones, in order.
ACTIVATED_KEYWORDS = ("equip", "cycling", "typecycling", "fortify", "reconfigure", "ninjutsu", "unearth", "transmute",
                      "outlast", "level up", "scavenge", "embalm", "eternalize", "channel", "forecast")
#: Keywords whose use is casting the card from a graveyard (CR 702.34 flashback, ...).
GRAVEYARD_CAST_KEYWORDS = ("flashback", "jump-start", "retrace", "escape", "disturb", "aftermath")


def card_abilities(compiled, activated: list | None = None) -> list[Ability]:
    """The abilities of a compiled card to exercise, in printed order. ``activated``: the
    engine's list of the card's activated abilities (`Game.activated_abilities`), to number
    them as `Activate.index` does (keyword abilities such as equip included)."""
    out: list[Ability] = []
    act = 0
    printed = [ab for ab in compiled.abilities if isinstance(ab, ir.ActivatedAbility)]
    synthesized = [k for k, ab in enumerate(activated or ()) if not any(ab is p for p in printed)]
    for i, ab in enumerate(compiled.abilities):
        name = type(ab).__name__
        if isinstance(ab, ir.SpellAbility):
            out.append(Ability("spell", i, _short(ab.effects)))
        elif isinstance(ab, ir.Modal):
            for m, mode in enumerate(ab.modes):
                text = ab.texts[m] if m < len(ab.texts) else _short(mode.effects)
                out.append(Ability("mode", i, text, mode=m))
        elif isinstance(ab, ir.ActivatedAbility):
            if activated is not None:
                act = next((k for k, x in enumerate(activated) if x is ab), act)
            out.append(Ability("activated", i, _short(ab.effects), act=act))
            act += 1
        elif isinstance(ab, ir.Keyword):
            if ab.name in ACTIVATED_KEYWORDS and (activated is None or synthesized):
                if activated is not None:
                    act = synthesized.pop(0)
                out.append(Ability("activated", i, f"{ab.name} {ab.arg or ''}".strip(), act=act))
                act += 1
            elif ab.name in GRAVEYARD_CAST_KEYWORDS:
                out.append(Ability("graveyard cast", i, ab.name))
            elif ab.name in TRIGGER_KEYWORDS:
                out.append(Ability("triggered", i, ab.name))
            elif ab.name in CAST_OPTIONS:
                out.append(Ability("cast option", i, ab.name))
            else:
                out.append(Ability("keyword", i, ab.name))
        elif isinstance(ab, ir.TriggeredAbility):
            out.append(Ability("triggered", i, f"{ab.trigger.event}: {_short(ab.effects)}"))
        elif isinstance(ab, ir.StaticAbility):
            out.append(Ability("static", i, type(ab.effect).__name__))
        elif isinstance(ab, ir.AlternativeCost):
            out.append(Ability("alternative cost", i, "rather than its mana cost"))
        elif isinstance(ab, ir.AdditionalCost):
            # paid as the spell is cast (CR 601.2b, 601.2h): exercised by casting it
            out.append(Ability("additional cost", i, "paid as it is cast"))
        elif isinstance(ab, ir.Kw2ExertAbility):
            # exerted as it attacks, its linked reflexive trigger resolves (CR 701.43d, 603.12)
            out.append(Ability("triggered", i, f"exert: {_short(ab.effects)}"))
        elif isinstance(ab, ir.CostIncrease):
            out.append(Ability("cost increase", i, f"{ab.mana} per extra target"))
        elif isinstance(ab, (ir.SelfCostReduction, ir.TfSelfCostReductionIf)):
            # turnflow: a spell's own cost reduction works as it is cast (CR 601.2f), like a cost increase
            out.append(Ability("cost increase", i, f"{ab.generic} less"))
        else:
            out.append(Ability(name, i, name))
    return out


def _engine_activated(card, compiled) -> list:
    """The engine's activated abilities of the card (`Game.activated_abilities`)."""
    g = Game(list(PLAYERS))
    return list(g.activated_abilities(g.make_card(card, 0, "hand", compiled=compiled)))


def _short(effects) -> str:
    return ", ".join(type(e).__name__ for e in effects) or "no effect"


# ------------------------------------------------------------------------------------- result

@dataclass
class SmokeResult:
    """What the smoke check of one card found. ``passed``: no exception and every ability
    exercised (and the card cast or played)."""

    name: str
    abilities: list[Ability] = field(default_factory=list)
    exercised: set[str] = field(default_factory=set)    # Ability.key
    played: bool = False                                 # cast and resolved, or played (a land)
    zones: dict[str, bool] = field(default_factory=dict)  # hand / battlefield / graveyard checks
    errors: list[str] = field(default_factory=list)       # "game: traceback"
    no_target: set[int] = field(default_factory=set)      # triggered, no legal target (CR 603.3d)
    fizzled: set[str] = field(default_factory=set)        # on the stack, its targets gone (CR 608.2b)
    notes: list[str] = field(default_factory=list)
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def unexercised(self) -> list[Ability]:
        return [a for a in self.abilities if a.key not in self.exercised]

    @property
    def exercised_count(self) -> int:
        return sum(1 for a in self.abilities if a.key in self.exercised)

    @property
    def passed(self) -> bool:
        return not self.errors and self.played and not self.unexercised

    def first_error(self) -> str:
        """The first exception, one line: its type and message, and the game it happened in."""
        if not self.errors:
            return ""
        game, tb = self.errors[0].split(": ", 1)
        lines = [ln for ln in tb.strip().splitlines() if ln.strip()]
        return f"{lines[-1] if lines else tb} (in the {game} game)"

    def problems(self) -> list[str]:
        """Why the card did not pass, one line each."""
        out = []
        if self.errors:
            out.append(self.first_error())
        if not self.played:
            out.append("never cast or played in the sandbox (no legal target or payable cost?)")
        for a in self.unexercised:
            why = _why_not(a)
            if a.key in self.fizzled:
                why = "it went on the stack, but its targets were gone when it resolved (CR 608.2b)"
            elif a.kind == "triggered" and a.index in self.no_target:
                why = "it triggered with no legal target in the sandbox (CR 603.3d)"
            out.append(f"{a.label} not exercised: {why}")
        return out


def _why_not(a: Ability) -> str:
    return {
        "spell": "the spell never resolved with it",
        "mode": "never chosen (CR 700.2a: no legal target in the sandbox?)",
        "activated": "never activated and resolved (no legal target or payable cost in the sandbox?)",
        "triggered": "its trigger event never happened in the sandbox",
        "cast option": "never paid when cast",
        "alternative cost": "never payable in the sandbox",
        "additional cost": "never cast with it paid",
        "graveyard cast": "never cast from the graveyard",
    }.get(a.kind, "never on the battlefield")


# ---------------------------------------------------------------------------------- the games

class _SandboxGame(Game):
    """A `Game` that notes what the checked card (``smoke_uid``) did, through the engine's
    hooks (``after_cast``, ``after_special_action``) and its resolutions."""

    smoke_uid = -1
    smoke_tool_uid = -1
    smoke_events: list

    def after_cast(self, p, spell) -> None:
        super().after_cast(p, spell)
        if spell.uid == self.smoke_uid:
            self.smoke_events.append(("cast", spell.alternative, spell.kicked, spell.buyback,
                                      getattr(spell, "cast_from", "") == "graveyard" or bool(getattr(spell, "flashback", False))))

    def after_special_action(self, p, o) -> None:
        super().after_special_action(p, o)
        if o.uid == self.smoke_uid:
            self.smoke_events.append(("played", o.uid))

    def _resolve_spell(self, spell):
        if spell.uid in (self.smoke_uid, self.smoke_tool_uid):
            ok = self._targets_check(spell, self.spell_targets(spell))[0]
            if ok:
                self.smoke_events.append(("resolved", spell.uid, tuple(spell.modes)))
        yield from super()._resolve_spell(spell)

    def _put_trigger(self, t):
        src = t["source"]
        specs = getattr(t["ability"], "targets", ())
        if getattr(src, "uid", None) == self.smoke_uid and specs and not self.has_targets(t["controller"], src, specs):
            self.smoke_events.append(("no target", t["index"]))   # CR 603.3d: removed from the stack
        yield from super()._put_trigger(t)

    def _resolve_ability(self, item):
        src = item.context.get("source_lki") or self.objects.get(item.source_id)
        if getattr(src, "uid", None) == self.smoke_uid and item.ability_index >= 0:
            if not self._targets_check(item, getattr(item.ability, "targets", ()))[0]:
                self.smoke_events.append(("fizzled", item.kind, item.ability_index))   # CR 608.2b
        yield from super()._resolve_ability(item)

    def resolve_ability_effects(self, item):
        src = item.context.get("source_lki") or self.objects.get(item.source_id)
        if getattr(src, "uid", None) == self.smoke_uid and item.ability_index >= 0:
            self.smoke_events.append((item.kind, item.ability_index))
        yield from super().resolve_ability_effects(item)


class _Sandbox:
    """One smoke-check game and its driver."""

    def __init__(self, check: "_Check", label: str, seed: int) -> None:
        self.check = check
        self.label = label
        self.autopilot = Autopilot(seed)
        rules = JudgeTowerRules("referee")
        g = _SandboxGame(list(PLAYERS), seed=seed, rules=rules)
        g.smoke_events = []
        self.g = g
        rules.setup_players(g, [{"name": n, "judge_level": 0} for n in PLAYERS])
        for name in FILLER_LIBRARY:      # the shared library (JT-G5) in random order
            self.starter(name, 0, "library")
        g.rng.shuffle(g.library(0))
        self.card_obj = None
        self.tool = None
        self.want_act: int | None = None
        self.want_mode: int | None = None
        self.resolved = False        # the card resolved (or was played) in this game
        self.tool_resolved = False

    # -------------------------------------------------------------------- the position
    def starter(self, name: str, owner: int, zone: str):
        card = self.check.starter.get(name)
        return self.g.make_card(card, owner, zone, compiled=compile_card(card))

    def board(self, their_creatures: bool = True) -> None:
        """Both sandbox boards and the shared graveyard; ``their_creatures`` false: B's board
        without its creatures (an attacker of A's goes unblocked)."""
        g = self.g
        for owner, names in ((0, OUR_BOARD), (1, THEIR_BOARD)):
            for name in names:
                if not their_creatures and owner == 1 and "Creature" in self.check.starter.get(name).types:
                    continue
                o = self.starter(name, owner, "battlefield")
                o.sick = False
                self._attach_aura(o)
        for name in GRAVEYARD:
            self.starter(name, 0, "graveyard")
        g.touch()

    def place_card(self, zone: str, used: bool = False):
        """The checked card, for player A. ``used``: on the battlefield, each of its activated
        abilities was already activated this turn (JT-P1: once per turn), so forced play does
        not make A activate them (a sacrifice) before the triggers to check."""
        g = self.g
        o = g.make_card(self.check.card, 0, zone, compiled=self.check.compiled)
        self.card_obj = o
        g.smoke_uid = o.uid
        if zone == "battlefield":
            o.sick = False
            self._attach_aura(o)
            loyalty = [-ab.cost.loyalty for ab in g.activated_abilities(o)
                       if ab.cost.loyalty is not None and ab.cost.loyalty < 0]
            if loyalty:   # a sandbox planeswalker with enough loyalty for each of its abilities
                o.counters["loyalty"] = max(o.counters.get("loyalty", 0), max(loyalty) + 1)
            if used:
                o.activated_this_turn = set(range(len(g.activated_abilities(o))))
        g.touch()
        return o

    def _attach_aura(self, o) -> None:
        g = self.g
        if o.card is None or "Aura" not in o.card.subtypes:
            return
        enchant = g.keyword_arg(o, "enchant")
        if enchant is None:
            return
        hosts = [g.objects[h] for h in g.legal_targets(ir.TargetSpec("object", enchant), o, o.controller)
                 if not hasattr(h, "index") and h != o.id]
        if hosts:
            # the toughest host, so that combat leaves the Aura attached (Wall of Stone)
            o.attached_to = max(hosts, key=lambda h: (_toughness(g, h), -h.id)).id

    def stand_ins(self) -> None:
        """Vanilla made-up cards for each filter of the card that nothing in the sandbox matches
        ("target Merfolk you control", "a Spirit card in your graveyard", "sacrifice a Food"):
        one per object needed, with the filter's type, subtype, supertypes and colour."""
        g = self.g
        src = self.card_obj
        # what the card's costs use up: cards to discard (CR 701.9) and energy (CR 107.14)
        costs = [ab.cost for ab in self.check.compiled.abilities
                 if isinstance(ab, (ir.AdditionalCost, ir.ActivatedAbility)) and ab.cost is not None]
        for _ in range(max((c.discard for c in costs), default=0)):
            self.starter("Divination", 0, "hand")
        energy = max((c.c2_energy for c in costs), default=0)
        if energy:
            g.players[0].c2_energy += 3 * energy
        for f, need in self.check.filters:
            if f.token or f.zone not in ("battlefield", "graveyard", "hand"):
                continue
            have = sum(1 for o in self._zone_objects(f.zone)
                       if not (f.other and o is src) and matches(g, o, f, src))
            for _ in range(need - have):
                card = _stand_in(f)
                if card is None:
                    break
                o = g.make_card(card, 1 if f.controller == "opponent" else 0, f.zone, compiled=compile_card(card))
                o.sick = False
                self._attach_aura(o)
        g.touch()

    def stand_in_card(self, f, owner: int = 0) -> None:
        """A made-up card matching ``f`` in the hand of player A (``owner`` 0) or B, to cast
        (`_stand_in`)."""
        card = _stand_in(f)
        if card is not None:
            self.g.make_card(card, owner, "hand", compiled=compile_card(card))

    def _zone_objects(self, zone: str):
        g = self.g
        if zone == "battlefield":
            return g.permanents()
        return [g.objects[i] for i in g.zone_list(zone, 0)]

    def add_tool(self, name: str):
        t = self.starter(name, 0, "hand")
        self.tool = t
        self.g.smoke_tool_uid = t.uid
        return t

    def start(self, turn: int = 1, active: int = 0, step: str = "precombat_main") -> None:
        g = self.g
        g.turn = turn
        g.active = active
        g.is_first_turn_of_game = turn == 1
        g.start(at_step=step)

    # -------------------------------------------------------------------- following objects
    @staticmethod
    def current(g, o):
        """The object ``o`` became (CR 400.7: a new object in each zone), or None once gone
        from the game's zones (a token that ceased to exist, a card that left the game)."""
        seen = 0
        while o is not None and o.moved_to is not None and seen < 1000:
            o = g.objects.get(o.moved_to)
            seen += 1
        if o is None or o.zone.startswith("gone"):
            return None
        return o

    def card_now(self):
        return self.current(self.g, self.card_obj) if self.card_obj is not None else None

    # -------------------------------------------------------------------- driving
    def choose(self, d):
        g = self.g
        opts = d.options
        cur = self.card_now()
        if d.kind == "priority" and d.player == 0 and len(opts) > 1:
            if cur is not None:
                mine = [a for a in opts if isinstance(a, (Cast, PlayLand, Activate)) and a.obj == cur.id]
                if self.want_act is not None:
                    wanted = [a for a in mine if isinstance(a, Activate) and a.index == self.want_act]
                    mine = wanted or mine
                if mine and self.want_mode is not None and isinstance(mine[0], Cast) and len(mine) < len(opts):
                    modal = g.modal(cur)
                    if modal is not None and self.want_mode not in g.legal_modes(0, cur, modal):
                        # the wanted mode has no legal target yet (CR 700.2a): do something else
                        # first (cast a filler spell for "counter target spell")
                        rest = [a for a in opts if a not in mine]
                        wanted = [sp.filter for sp in modal.modes[self.want_mode].targets if sp.kind == "spell"]
                        feeding = [a for a in rest if isinstance(a, Cast) and any(
                            matches(g, g.objects[a.obj], f, cur) for f in wanted)]
                        return feeding[0] if feeding else self.autopilot.choose_decision(g, replace(d, options=rest))
                if mine:
                    # JT-C1: an alternative cost offered is the one to use (the referee options
                    # already hold only it); otherwise the first of the card's actions
                    return mine[0]
            tool = self.current(g, self.tool) if self.tool is not None else None
            if tool is not None:
                for a in opts:
                    if isinstance(a, Cast) and a.obj == tool.id:
                        return a
        if d.kind == "blockers" and cur is not None:
            # the card blocks, or is blocked ("whenever ~ blocks / becomes blocked", CR 509.3)
            mine = [b for b in opts if isinstance(b, Block) and cur.id in (b.attacker, b.blocker)]
            if mine:
                return mine[0]
        if d.kind == "target" and g.stack and cur is not None and cur.id in opts:
            top = g.objects[g.stack[-1]]
            if self.tool is not None and not isinstance(top, StackAbility) and top.uid == self.tool.uid:
                return cur.id
        if d.kind == "mode" and self.want_mode is not None and self.want_mode in opts and g.stack:
            top = g.objects[g.stack[-1]]
            if getattr(top, "uid", None) == g.smoke_uid and not d.context.get("chosen"):
                return self.want_mode
        return self.autopilot.choose_decision(g, d)

    def run(self, done) -> int:
        """Decide until ``done(self)`` holds, the game ends, or the decision cap is reached."""
        g = self.g
        n = 0
        while not g.game_over:
            self.observe()
            if done(self):
                break
            d = g.pending()
            if d is None:
                break
            if n >= MAX_DECISIONS:
                self.check.result.notes.append(f"{self.label}: stopped at the decision cap ({MAX_DECISIONS})")
                break
            g.decide(d.player, self.choose(d))
            n += 1
        self.observe()
        return n

    def observe(self) -> None:
        """Note what happened to the card since the last look."""
        g = self.g
        ev, g.smoke_events = g.smoke_events, []
        for e in ev:
            if e[0] in ("resolved", "played"):
                if e[1] == g.smoke_uid:
                    self.resolved = True
                elif e[1] == g.smoke_tool_uid:
                    self.tool_resolved = True
            self.check.note(e, self)
        cur = self.card_now()
        if cur is not None and cur.zone == "battlefield":
            self.check.on_battlefield(g, cur)

    def at_rest(self) -> bool:
        """Nothing on the stack or waiting to be put there, a player holding priority."""
        g = self.g
        d = g.pending()
        return (d is not None and d.kind == "priority" and not g.stack and not g.pending_triggers)


def _until_turn_3(sb: _Sandbox) -> bool:
    return sb.g.turn >= 3 and sb.g.step == "precombat_main"


class _Check:
    """The smoke check of one card: its games and what they exercised."""

    def __init__(self, name: str, card, compiled, starter, seed: int) -> None:
        self.card = card
        self.compiled = compiled
        self.starter = starter
        self.seed = seed
        self.result = SmokeResult(name, abilities=card_abilities(compiled, _engine_activated(card, compiled)))
        self.by_index: dict[int, list[Ability]] = {}
        for a in self.result.abilities:
            self.by_index.setdefault(a.index, []).append(a)
        self.act_index = {a.act: a for a in self.result.abilities if a.kind == "activated"}
        types = set(card.types)
        self.permanent = bool(types & {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
        self.creature = "Creature" in types
        self.filters = _filters(compiled)

    def mark(self, kind: str, index: int | None = None, mode: int | None = None) -> None:
        for a in self.result.abilities:
            if a.kind != kind or (index is not None and a.index != index):
                continue
            if mode is not None and a.mode != mode:
                continue
            self.result.exercised.add(a.key)

    def note(self, e, sb: _Sandbox) -> None:
        kind = e[0]
        if kind == "cast":
            _, alternative, kicked, buyback, from_graveyard = e
            if alternative:
                self.mark("alternative cost")
            self.mark("cost increase")
            self.mark("additional cost")   # CR 601.2h: a spell is cast only once its costs are paid
            if from_graveyard:
                self.mark("graveyard cast")
            if not self.permanent:   # a spell's keywords (devoid, delve, ...) work as it is cast
                self.mark("keyword")
                # an instant's or sorcery's static abilities ("can't be countered") function on
                # the stack (CR 113.6, 113.6a)
                self.mark("static")
            for a in self.result.abilities:
                if a.kind == "cast option" and ((a.text in ("kicker", "multikicker") and kicked)
                                                or (a.text == "buyback" and buyback)):
                    self.result.exercised.add(a.key)
        elif kind == "played":
            if e[1] == sb.g.smoke_uid:
                self.result.played = True
        elif kind == "resolved":
            _, uid, modes = e
            if uid != sb.g.smoke_uid:
                return
            self.result.played = True
            self.mark("spell")
            for m in modes:
                self.mark("mode", mode=m)
        elif kind == "activated":
            a = self.act_index.get(e[1])
            if a is not None:
                self.result.exercised.add(a.key)
        elif kind == "triggered":
            for a in self.by_index.get(e[1], ()):
                if a.kind == "triggered":
                    self.result.exercised.add(a.key)
        elif kind == "no target":
            self.result.no_target.add(e[1])
        elif kind == "fizzled":
            a = self.act_index.get(e[2]) if e[1] == "activated" else next(
                (b for b in self.by_index.get(e[2], ()) if b.kind == "triggered"), None)
            if a is not None:
                self.result.fizzled.add(a.key)

    def on_battlefield(self, g, o) -> None:
        g.chars(o)   # its characteristics with every continuous effect applied (CR 613)
        for a in self.result.abilities:
            if a.kind == "static" or (a.kind == "keyword" and a.text != "enchant"):
                self.result.exercised.add(a.key)
            elif a.kind == "keyword" and o.attached_to is not None:
                self.result.exercised.add(a.key)
        self.result.zones["battlefield"] = True

    def missing(self, kind: str | None = None) -> list[Ability]:
        return [a for a in self.result.unexercised if kind is None or a.kind == kind]

    # ------------------------------------------------------------------------ the games
    def play(self, label: str, setup, done, seed_offset: int, **start) -> None:
        self.result.games += 1
        try:
            sb = _Sandbox(self, label, self.seed * 7919 + seed_offset)
            setup(sb)
            sb.stand_ins()
            sb.start(**start)
            self.result.decisions += sb.run(done)
        except Exception:
            self.result.errors.append(f"{label}: {traceback.format_exc()}")

    def run_all(self) -> None:
        targets_spell = any(s.kind == "spell" for s in _all_specs(self.compiled))
        # an alternative cost "exile a blue card from your hand" (CR 118.9): such a card in hand
        exile_from_hand = [ab.cost.exile_from_hand for ab in self.compiled.abilities
                           if isinstance(ab, ir.AlternativeCost) and ab.cost.exile_from_hand is not None]
        modes = sorted({a.mode for a in self.result.abilities if a.kind == "mode"})

        spell_filters = [spec.filter for spec in _all_specs(self.compiled) if spec.kind == "spell"]

        def fillers(sb: _Sandbox) -> None:
            if targets_spell:    # "counter target spell": spells to cast, to target
                for name in SPELL_FILLERS:
                    sb.starter(name, 0, "hand")
                for f in spell_filters:   # "counter target blue instant spell": a made-up one
                    sb.stand_in_card(replace(f, zone="hand", controller=None))

        def hand_setup(mode):
            def setup(sb: _Sandbox):
                sb.board()
                sb.place_card("hand")
                sb.want_mode = mode
                fillers(sb)
                for f in exile_from_hand:
                    extra = _starter_matching(sb, f)
                    if extra:
                        sb.starter(extra, 0, "hand")
            return setup

        def cast_done(sb: _Sandbox) -> bool:
            return (sb.resolved and sb.at_rest()) or sb.g.turn > 1

        # 1. hand: cast or play it (a modal spell once per mode, that mode first)
        for i, mode in enumerate(modes or [None]):
            if mode is not None and any(a.key in self.result.exercised for a in self.result.abilities
                                        if a.kind == "mode" and a.mode == mode):
                continue
            self.play("hand" + (f" (mode {mode + 1})" if mode is not None else ""), hand_setup(mode),
                      cast_done, i)
        self.result.zones["hand"] = self.result.played
        if self.permanent:
            # 2. battlefield: forced play activates its abilities; three turns of triggers
            entering = [ab.trigger.subject for ab in self.compiled.abilities
                        if isinstance(ab, ir.TriggeredAbility) and ab.trigger.event == "enters"
                        and isinstance(ab.trigger.subject, ir.Filter)]
            watches_entering = bool(entering)
            # "whenever you cast a [filter] spell" / "whenever an opponent casts ...": spells for
            # that player to cast (CR 601.2i), a made-up one matching the filter when it has one
            casting = [ab.trigger for ab in self.compiled.abilities
                       if isinstance(ab, ir.TriggeredAbility) and ab.trigger.event == "cast"]

            # "whenever a player / an opponent discards a card": a discard spell and cards to
            # discard in both hands (CR 701.9)
            watches_discard = any(isinstance(ab, ir.TriggeredAbility) and ab.trigger.event == "discard"
                                  for ab in self.compiled.abilities)

            def bf_setup(sb: _Sandbox, used: bool = False, their_creatures: bool = True):
                sb.board(their_creatures)
                sb.place_card("battlefield", used=used)
                fillers(sb)
                if watches_discard:
                    sb.starter("Mind Rot", 0, "hand")
                    for owner in (0, 1):
                        for name in ("Divination", "Shock"):
                            sb.starter(name, owner, "hand")
                for t in casting:
                    owner = 1 if t.whose == "opponent" else 0
                    f = t.subject if isinstance(t.subject, ir.Filter) else None
                    if f is not None and (f.types or f.subtypes or f.colors or f.supertypes):
                        sb.stand_in_card(replace(f, zone="hand", controller=None, other=False), owner)
                    else:
                        for name in SPELL_FILLERS[:2]:
                            sb.starter(name, owner, "hand")
                if watches_entering:   # "whenever another creature enters": creatures to cast
                    for name in ENTERING:
                        sb.starter(name, 0, "hand")
                    for f in entering:   # "whenever another Beast enters": a made-up one
                        sb.stand_in_card(replace(f, zone="hand", controller=None, other=False))

            self.play("battlefield", bf_setup, _until_turn_3, 100)
            for a in self.missing("activated"):
                if a.key in self.result.exercised:
                    continue

                def one_setup(sb: _Sandbox, a=a):
                    bf_setup(sb)
                    later = {b.act for b in self.act_index.values() if b.act > a.act}
                    sb.card_obj.activated_this_turn = set(later)   # JT-P1: used this turn already
                    sb.want_act = a.act

                self.play(f"battlefield (ability {a.index + 1})", one_setup,
                          lambda sb, a=a: (a.key in self.result.exercised and sb.at_rest()) or sb.g.turn > 2,
                          200 + a.index)
            # 3. triggers still waiting: positions where forced play does not first make A use
            # (sacrifice, tap) the card: its abilities used this turn, from A's main phase and
            # from B's end step (A's upkeep and draw step next); cast from hand (summoning sick,
            # so untapped at the end step); then removal (dies, leaves, put into a graveyard)
            if self.missing("triggered") and self.act_index:
                self.play("battlefield, abilities used this turn", lambda sb: bf_setup(sb, used=True),
                          _until_turn_3, 250)
            if self.missing("triggered") and self.act_index:
                self.play("battlefield from B's end step", lambda sb: bf_setup(sb, used=True),
                          lambda sb: sb.g.turn >= 3 and sb.g.step == "postcombat_main", 260,
                          turn=2, active=1, step="end")
            if self.missing("triggered") or self.missing("activated"):
                # B's turn: B attacks (JT-C5) into A's untapped creatures, which block; A's
                # instant-speed abilities meet attacking creatures
                self.play("battlefield on B's turn", bf_setup,
                          lambda sb: sb.g.turn >= 3 and sb.g.step == "precombat_main", 265,
                          turn=2, active=1, step="precombat_main")
            if self.missing("triggered"):
                # B without creatures: the card (or the creature it equips or enchants) attacks
                # unblocked ("deals combat damage to a player", "attacks and isn't blocked")
                self.play("battlefield, B without creatures", lambda sb: bf_setup(sb, their_creatures=False),
                          _until_turn_3, 268)
            if self.missing("triggered"):
                self.play("hand, then three turns", hand_setup(modes[0] if modes else None), _until_turn_3, 270)
            if self.missing("triggered"):
                def kill_setup(sb: _Sandbox, tool):
                    bf_setup(sb, used=True)
                    name = tool(sb)
                    if name:
                        sb.add_tool(name)

                def kill_done(sb: _Sandbox) -> bool:
                    return (sb.tool_resolved and sb.at_rest()) or sb.g.turn > 1

                self.play("Wrath of God", lambda sb: kill_setup(sb, lambda _: SWEEPER), kill_done, 300)
                if self.missing("triggered"):
                    self.play("removal", lambda sb: kill_setup(sb, _removal_for), kill_done, 310)
        # activated abilities still not used: from hand (cycling)
        for a in self.missing("activated"):
            def hand_act(sb: _Sandbox, a=a):
                hand_setup(modes[0] if modes else None)(sb)
                sb.want_act = a.act
            self.play(f"hand (ability {a.index + 1})", hand_act,
                      lambda sb, a=a: (a.key in self.result.exercised and sb.at_rest()) or sb.g.turn > 1,
                      230 + a.index)
        # 4. graveyard: it is targeted there and returns to hand (and its own actions there, if any)
        def gy_setup(sb: _Sandbox):
            sb.board()
            sb.place_card("graveyard")
            sb.add_tool(REGROWTH)

        def gy_done(sb: _Sandbox) -> bool:
            cur = sb.card_now()
            back = cur is not None and cur.zone == "hand"
            if back:
                self.result.zones["graveyard"] = True
            return (back and sb.at_rest()) or sb.g.turn > 1

        self.result.zones.setdefault("graveyard", False)
        self.play("graveyard", gy_setup, gy_done, 400)


def _all_specs(compiled):
    for ab in compiled.abilities:
        if isinstance(ab, ir.Modal):
            for m in ab.modes:
                yield from m.targets
        else:
            yield from getattr(ab, "targets", ()) or ()


def _filters(compiled) -> list[tuple]:
    """Each filter of the card's abilities with how many objects it needs: a target spec's
    minimum count (spells to target aside: the filler spells are for them), else one."""
    out: dict = {}

    def walk(x, need=1):
        if isinstance(x, ir.TargetSpec):
            if x.kind == "object":
                out[x.filter] = max(out.get(x.filter, 0), max(1, x.count_min))
            return
        if isinstance(x, ir.Filter):
            out[x] = max(out.get(x, 0), need)
            return
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            for fl in dataclasses.fields(x):
                walk(getattr(x, fl.name))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
    walk(compiled.abilities)
    return list(out.items())


_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery"}


def _stand_in(f) -> CardDef | None:
    """A vanilla made-up card matching the filter ``f`` (None when none can: a token, an Aura)."""
    from judgetower.oracle.subtypes import (ARTIFACT_TYPES, ENCHANTMENT_TYPES, LAND_TYPES,
                                            PLANESWALKER_TYPES, SPELL_TYPES)
    sub = f.subtypes[0] if f.subtypes else None
    banned = {_CARD_TYPES.get(t) for t in f.not_types}
    wanted = [_CARD_TYPES[t] for t in f.types if t in _CARD_TYPES and _CARD_TYPES[t] not in banned]
    if sub == "Aura":
        return None
    if sub in LAND_TYPES:
        types = ["Land"]
    elif sub in ARTIFACT_TYPES:
        types = ["Artifact"]
    elif sub in ENCHANTMENT_TYPES:
        types = ["Enchantment"]
    elif sub in PLANESWALKER_TYPES:
        types = ["Planeswalker"]
    elif sub in SPELL_TYPES:
        types = [wanted[0] if wanted and wanted[0] in ("Instant", "Sorcery") else "Instant"]
    else:
        pick = wanted[0] if wanted else next(t for t in ("Creature", "Artifact", "Enchantment") if t not in banned)
        types = [pick]
        if sub is not None and pick != "Creature":
            types.append("Creature")        # a creature type: "artifact Golem" is an artifact creature
    if f.zone == "battlefield" and types[0] in ("Instant", "Sorcery"):
        return None
    color = next((c for c in f.colors if c not in f.not_colors), None)
    supers = " ".join(f.supertypes)
    type_line = " ".join(x for x in (supers, " ".join(types)) if x) + (f" — {sub}" if sub else "")
    name = "Sandbox " + " ".join(x for x in ({"W": "White", "U": "Blue", "B": "Black", "R": "Red",
                                               "G": "Green"}.get(color, ""), supers, sub or types[0]) if x)
    try:
        return CardDef(name, type_line, None if "Land" in types else ("{%s}" % color if color else "{1}"),
                       colors=(color,) if color else None,
                       power="2" if "Creature" in types else None, toughness="4" if "Creature" in types else None,
                       loyalty="3" if "Planeswalker" in types else None)
    except CardError:
        return None


def _toughness(g, o) -> int:
    ch = g.chars(o)
    return ch.toughness if "Creature" in ch.types else -1


def _starter_matching(sb: _Sandbox, f) -> str | None:
    """A starter card matching a filter of cards in hand, instants first (an instant that
    targets a spell waits in hand until a spell is cast, so the checked card goes first)."""
    from judgetower.rules.objects import GameObject
    cards = sorted(sb.check.starter, key=lambda c: ("Instant" not in c.types, c.name))
    for c in cards:
        if "Land" in c.types:
            continue
        probe = GameObject(-1, c, compile_card(c), 0, 0, "hand")
        if matches(sb.g, probe, f, None):
            return c.name
    return None


def _removal_for(sb: _Sandbox) -> str | None:
    """The first removal spell whose target the card on the battlefield can be (its caster's
    colour and protection aside)."""
    g = sb.g
    o = sb.card_obj
    for name in REMOVAL:
        comp = compile_card(sb.check.starter.get(name))
        sa = next((ab for ab in comp.abilities if isinstance(ab, ir.SpellAbility)), None)
        if sa is None or not sa.targets:
            continue
        if o.id in g.legal_targets(sa.targets[0], None, 0):
            return name
    return None


# ------------------------------------------------------------------------------------ entry

def smoke_card(pool, name: str, seed: int = 0) -> SmokeResult:
    """Smoke-check the card ``name`` of ``pool`` (a `FullPool` from `load_pool`/`open_pool`, or
    a `CardPool`): play its sandbox games (module docstring) and report what they exercised.
    A card the engine cannot play (its text not fully understood) is refused with a `CardError`."""
    from judgetower.cards.pool import starter_pool
    t0 = time.perf_counter()
    if hasattr(pool, "compiled"):           # a FullPool: the compile result is cached there
        atom = pool.card(name)
        if not pool.playable(name) or atom.front is None:
            raise CardError(f"{name!r} is not playable: " + "; ".join(pool.status(name).why()))
        try:   # its facts checked again: a cached pool may predate a check (CardDef)
            card = replace(atom.front)
        except CardError as exc:
            raise CardError(f"{name!r} is not playable: card facts: {exc}") from None
        compiled = pool.compiled(name)[0]
        game_card = getattr(atom, "game_card", None)
        if game_card is not None and game_card is not atom.front and atom.layout == "transform":
            # a card with several faces plays as the one card games hold (its faces: disturb,
            # transform, adventure, split halves), compiled as games compile it
            card, compiled = game_card, compile_card(game_card)
    else:
        card = pool.get(name)
        compiled = compile_card(card)
        if not compiled.ok:
            raise CardError(f"{name!r} is not playable: not understood: "
                            + "; ".join(repr(u) for u in compiled.unsupported))
    check = _Check(card.name, card, compiled, starter_pool(), seed)
    check.run_all()
    check.result.seconds = time.perf_counter() - t0
    return check.result
