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
  graveyard). The card blocks or is blocked when it can (a block its trigger or target watches
  first: "blocks a creature with flying"). A card that watches spells being cast gets spells of
  that kind in the hand of the player it watches; one that watches discards gets a Mind Rot, a
  discard outlet and cards in both hands; one that watches a second draw gets a Divination; one
  whose costs discard cards, pay energy or remove counters gets cards, energy and counters.
* activated abilities used from hand (cycling, channel): C in hand, that ability preferred (in
  the other hand games C is cast, not cycled away).
* then, for what is still unexercised (`_Check.more_games`):
  - combat-time abilities: C arriving in hand as A's attackers are unblocked (ninjutsu,
    bloodrush); on B's turn, on A's turn and pacified (it can't attack, so it is untapped while A's
    creatures attack) with every other ability of C used this turn (JT-P1), so a mana ability
    does not tap it first;
  - C arriving in A's hand at a moment forced play can't be steered to (it casts C at the first
    chance, JT-P1): after A's combat (raid), as A's attackers are unblocked, as B attacks ("cast
    only during the declare attackers step", flash "target attacking creature"), with B's or A's
    spell on the stack ("counter target spell", "copy target instant or sorcery spell you
    control", "only if you've cast another spell this turn");
  - a bare board: C alone on A's side, B without creatures (it attacks alone, CR 506.5; "when you
    control no Islands"), with and without stand-ins;
  - spells aimed at C or at what it is attached to, by A and by B ("whenever ~ becomes the
    target", heroic, "if ~ is enchanted / equipped"; C, an Equipment, starts attached);
  - seven cards in A's hand; C face down (morph) while B casts a spell; each activated ability
    alone (a man-land animated and attacking); C entering tapped (B's made-up Warden), so that its
    own {T} ability can't answer its enters trigger; C suspended with one time counter left; C,
    with no mana cost and no suspend (CR 118.6), on top of the library as A casts a spell with
    cascade;
  - an ability Judge Tower makes impossible ("if you have 5 or less life": life totals are
    infinite, JT-G3, R3) is exercised in an ordinary-Magic game with A at that life total and
    reported apart (`SmokeResult.standard_only`).
* **graveyard**: C in the shared graveyard and a Regrowth in hand aimed at it; C returns to hand.
  C's own actions there (flashback; retrace, with a land card in hand) are preferred like anywhere
  else.

Whatever a filter of C asks for that the sandbox lacks ("target Merfolk you control", "a Spirit
card in your graveyard", "counter target blue instant spell", "if you control two or more
Gates", "tap five untapped Soldiers you control", "sacrifice a Saproling") is supplied by vanilla
made-up stand-in cards or tokens with those types, subtypes, supertypes, colours, keywords, power,
mana value and counters, as many as it needs (`judgetower.agents.smoke_standins`), never by card
data. Other made-up cards of the sandbox: a discard outlet, an uncastable card to fill a hand, a
big creature (evolve), a "destroy target permanent" removal, the enters-tapped Warden, a party.

An ability is *exercised* when it resolved (spell abilities, each mode, activated and triggered
abilities), when C was cast that way (kicker, multikicker, buyback, alternative cost, cost
increase, flashback; a spell's keywords), or when C was on the battlefield with its
characteristics computed (static abilities and keywords; "enchant" once attached; an instant's
or sorcery's static abilities and additional costs when it is cast). An exception
anywhere is a failure, with its traceback; what stays unexercised is reported with the reason
(no legal target, CR 603.3d; targets gone, CR 608.2b; event never happened).
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field, replace

from judgetower.agents.smoke_sandbox import (AIMED, BIG_CREATURE, CASCADER, DISCARD_OUTLET, PARTY, WARDEN, ENTERING, PLAYERS, REGROWTH, SPELL_FILLERS,
                                             SWEEPER, UNCASTABLE, _removal_for, _Sandbox, _starter_matching,
                                             _until_turn_3)
from judgetower.agents.smoke_standins import _all_specs, _filters, _stand_in
from judgetower.cards.card import CardError
from judgetower.oracle import compile_card, ir
from judgetower.rules.characteristics.filters import matches
from judgetower.rules.game import Game
from judgetower.rules.state import StackAbility

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
        elif isinstance(ab, ir.CastOnlyRestriction):
            # "cast this spell only during ...": checked as it is cast (CR 601.3): exercised by casting it
            out.append(Ability("cast restriction", i, "cast only when allowed"))
        elif isinstance(ab, ir.ManaTrigger):
            # a triggered mana ability (CR 605.1b): exercised when a land it watches is tapped for mana
            out.append(Ability("triggered", i, f"tapped for mana: adds {ab.mana}"))
        elif isinstance(ab, ir.AlternativeCost):
            out.append(Ability("alternative cost", i, "rather than its mana cost"))
        elif isinstance(ab, ir.AdditionalCost):
            # paid as the spell is cast (CR 601.2b, 601.2h): exercised by casting it
            out.append(Ability("additional cost", i, "paid as it is cast"))
        elif isinstance(ab, ir.ExertAbility):
            # exerted as it attacks, its linked reflexive trigger resolves (CR 701.43d, 603.12)
            out.append(Ability("triggered", i, f"exert: {_short(ab.effects)}"))
        elif isinstance(ab, ir.CostIncrease):
            out.append(Ability("cost increase", i, f"{ab.mana} per extra target"))
        elif isinstance(ab, (ir.SelfCostReduction, ir.SelfCostReductionIf)):
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
    #: exercised only in an ordinary-Magic game: Judge Tower makes them impossible ("if you have 5
    #: or less life" with infinite life, JT-G3, R3)
    standard_only: set[str] = field(default_factory=set)
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
        "cast restriction": "never cast",
    }.get(a.kind, "never on the battlefield")


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
            self.mark("cast restriction")  # CR 601.3: it was cast when its restriction allowed
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
    def play(self, label: str, setup, done, seed_offset: int, standard: bool = False, **start) -> None:
        self.result.games += 1
        try:
            sb = _Sandbox(self, label, self.seed * 7919 + seed_offset, standard=standard)
            setup(sb)
            sb.stand_ins()
            sb.start(**start)
            self.result.decisions += sb.run(done)
        except Exception:
            self.result.errors.append(f"{label}: {traceback.format_exc()}")

    # ------------------------------------------------------------------------ positions
    def _prepare(self) -> None:
        """What the card's abilities ask of the sandbox, read once from its IR."""
        c = self.compiled
        abilities = c.abilities
        triggers = [ab.trigger for ab in abilities if isinstance(ab, ir.TriggeredAbility)]
        self.targets_spell = any(s.kind == "spell" for s in _all_specs(c))
        self.spell_filters = [spec.filter for spec in _all_specs(c) if spec.kind == "spell"]
        # an alternative cost "exile a blue card from your hand" (CR 118.9): such a card in hand
        self.exile_from_hand = [ab.cost.exile_from_hand for ab in abilities
                                if isinstance(ab, ir.AlternativeCost) and ab.cost.exile_from_hand is not None]
        self.modes = sorted({a.mode for a in self.result.abilities if a.kind == "mode"})
        # "whenever another creature enters": creatures to cast; a made-up one for a filter
        self.entering = [t.subject for t in triggers if t.event == "enters" and isinstance(t.subject, ir.Filter)]
        # "whenever you cast a [filter] spell" / "whenever an opponent casts ...": spells for
        # that player to cast (CR 601.2i), a made-up one matching the filter when it has one
        self.casting = [t for t in triggers if t.event == "cast"]
        # "whenever you discard a card" (CR 701.9): a discard spell, a discard outlet, cards
        self.watches_discard = any(t.event == "discard" for t in triggers)
        # "whenever you draw your second card each turn" (CR 121.2): a draw spell
        self.watches_second_draw = any(t.event == "tc_second_draw" for t in triggers)
        # "whenever ~ blocks a creature with flying", "becomes blocked by a white creature"
        self.block_filters = [t.by for t in triggers
                              if t.event in ("blocks_creature", "blocked_by") and isinstance(t.by, ir.Filter)]
        # "target creature with flying blocked by ~": blocks that make such a target
        self.block_filters += [replace(sp.filter, combat=(), combat_self=()) for sp in _all_specs(c)
                               if sp.kind == "object" and (sp.filter.combat or sp.filter.combat_self)]
        self.blocked_by = [t.by for t in triggers if t.event == "blocked_by" and isinstance(t.by, ir.Filter)]
        self.full_party = any(isinstance(getattr(ab, "condition", None), ir.FullPartyCondition) for ab in abilities)
        self.keywords = {ab.name for ab in abilities if isinstance(ab, ir.Keyword)}
        self.watches_opponent_entering = any(t.event == "enters" and t.whose == "opponent" for t in triggers)

    def fillers(self, sb: _Sandbox, owner: int = 0, always: bool = False) -> None:
        """"Counter target spell": spells to cast, to target (a made-up one for "counter target
        blue instant spell"), in the hand of ``owner``."""
        if self.targets_spell or always:
            for name in SPELL_FILLERS:
                sb.starter(name, owner, "hand")
            for f in self.spell_filters:
                sb.stand_in_card(replace(f, zone="hand", controller=None), owner)

    def hand_setup(self, mode, ours: bool = True, their_creatures: bool = True):
        def setup(sb: _Sandbox):
            sb.board(their_creatures, ours)
            sb.place_card("hand")
            sb.want_mode = mode
            sb.no_hand_abilities = True
            self.fillers(sb)
            for f in self.exile_from_hand:
                extra = _starter_matching(sb, f)
                if extra:
                    sb.starter(extra, 0, "hand")
        return setup

    def bf_setup(self, sb: _Sandbox, used: bool = False, their_creatures: bool = True, ours: bool = True) -> None:
        sb.board(their_creatures, ours)
        sb.place_card("battlefield", used=used)
        self.fillers(sb)
        if self.watches_discard:
            sb.starter("Mind Rot", 0, "hand")
            sb.made_up(DISCARD_OUTLET, 0, "battlefield")   # A discards each turn (JT-P1)
            for owner in (0, 1):
                for name in ("Divination", "Shock"):
                    sb.starter(name, owner, "hand")
        if self.watches_second_draw:
            sb.starter("Divination", 0, "hand")
        for t in self.casting:
            owner = 1 if t.whose == "opponent" else 0
            f = t.subject if isinstance(t.subject, ir.Filter) else None
            if f is not None and (f.types or f.subtypes or f.colors or f.supertypes or f.multicolored
                                  or f.colorless or f.compare or f.with_keywords):
                sb.stand_in_card(replace(f, zone="hand", controller=None, other=False), owner)
            else:   # a sorcery among them: cast on its controller's own turn, after combat's events
                for name in SPELL_FILLERS[:3]:
                    sb.starter(name, owner, "hand")
        if self.entering:
            for name in ENTERING:
                sb.starter(name, 0, "hand")
            for f in self.entering:   # "whenever another Beast enters": a made-up one
                sb.stand_in_card(replace(f, zone="hand", controller=None, other=False),
                                 1 if f.controller == "opponent" else 0)
        if self.watches_opponent_entering:   # "... enters under an opponent's control": B casts creatures
            for name in ENTERING[:2]:
                sb.starter(name, 1, "hand")
        if "evolve" in self.keywords:   # CR 702.100a: a greater creature enters under A's control
            sb.made_up(BIG_CREATURE, 0, "hand")
        for f in self.blocked_by:   # "becomes blocked by a white creature": B has one that can block it
            card = _stand_in(replace(f, controller=None, with_keywords=tuple(f.with_keywords) + ("reach",)))
            if card is not None:
                sb.made_up(card, 1, "battlefield")
        if self.full_party:   # "if you have a full party" (CR 700.8)
            for card in PARTY:
                sb.made_up(card, 0, "battlefield")

    @staticmethod
    def cast_done(sb: _Sandbox) -> bool:
        return (sb.resolved and sb.at_rest()) or sb.g.turn > 1

    def later_used(self, sb: _Sandbox, a: Ability, all_others: bool = False) -> None:
        """JT-P2: of one object's abilities only the latest printed can be activated; those after
        ``a`` (``all_others``: every other one, so that a mana ability does not tap it first) count
        as activated this turn already (JT-P1), so ``a`` is the one to use."""
        sb.card_obj.activated_this_turn = {b.act for b in self.act_index.values()
                                           if b.act > a.act or (all_others and b.act != a.act)}
        sb.want_act = a.act

    def exercised_or(self, a: Ability, over):
        return lambda sb: (a.key in self.result.exercised and sb.at_rest()) or over(sb)

    # ------------------------------------------------------------------------ the games
    def run_all(self) -> None:
        self._prepare()
        modes = self.modes
        # 1. hand: cast or play it (a modal spell once per mode, that mode first)
        for i, mode in enumerate(modes or [None]):
            if mode is not None and any(a.key in self.result.exercised for a in self.result.abilities
                                        if a.kind == "mode" and a.mode == mode):
                continue
            self.play("hand" + (f" (mode {mode + 1})" if mode is not None else ""), self.hand_setup(mode),
                      self.cast_done, i)
        if self.permanent:
            self.battlefield_games()
        # activated abilities still not used: from hand (cycling, channel)
        for a in self.missing("activated"):
            def hand_act(sb: _Sandbox, a=a):
                self.hand_setup(modes[0] if modes else None)(sb)
                sb.no_hand_abilities = False
                self.later_used(sb, a)
            self.play(f"hand (ability {a.index + 1})", hand_act,
                      self.exercised_or(a, lambda sb: sb.g.turn > 1), 230 + a.index)
        if self.result.unexercised or not self.result.played:
            self.more_games()
        self.result.zones["hand"] = self.result.played
        self.graveyard_game()

    def battlefield_games(self) -> None:
        """2. battlefield: forced play activates its abilities; three turns of triggers."""
        bf_setup = self.bf_setup
        self.play("battlefield", bf_setup, _until_turn_3, 100)
        for a in self.missing("activated"):
            def one_setup(sb: _Sandbox, a=a):
                bf_setup(sb)
                self.later_used(sb, a)
            self.play(f"battlefield (ability {a.index + 1})", one_setup,
                      self.exercised_or(a, lambda sb: sb.g.turn > 2), 200 + a.index)
        # 3. triggers still waiting: positions where forced play does not first make A use
        # (sacrifice, tap) the card: its abilities used this turn, from A's main phase and
        # from B's end step (A's upkeep, draw step and precombat main phase next); cast from hand
        # (summoning sick, so untapped at the end step); then removal (dies, leaves, put into a
        # graveyard)
        if self.missing("triggered") and self.act_index:
            self.play("battlefield, abilities used this turn", lambda sb: bf_setup(sb, used=True),
                      _until_turn_3, 250)
        if self.missing("triggered"):
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
            def b_empty(sb: _Sandbox):
                bf_setup(sb, their_creatures=False)
                for name in ENTERING[:2]:   # B casts creatures on its turn: targets for A's next turn
                    sb.starter(name, 1, "hand")
            self.play("battlefield, B without creatures", b_empty, _until_turn_3, 268)
        if self.missing("triggered"):
            self.play("hand, then three turns", self.hand_setup(self.modes[0] if self.modes else None),
                      _until_turn_3, 270)
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

    def more_games(self) -> None:
        """Positions for what the first games left unexercised, each only while something is."""
        def over(turn: int, step: str = "precombat_main"):
            return lambda sb: sb.g.turn > turn or (sb.g.turn == turn and sb.g.step == step)

        def still() -> bool:
            return bool(self.result.unexercised) or not self.result.played

        # activated abilities that need combat: from hand as A's unblocked attackers are declared
        # (ninjutsu, CR 702.49a; bloodrush "target attacking creature"), on the battlefield on B's
        # turn with the later ones used (JT-P2: "target attacking or blocking creature")
        for a in self.missing("activated"):
            def combat_hand(sb: _Sandbox, a=a):
                sb.board(their_creatures=False)
                sb.arrive = lambda sb: sb.g.active == 0 and sb.g.step == "declare_blockers"
                sb.on_arrive = lambda sb, a=a: self.later_used(sb, a)
            self.play(f"hand in A's declare blockers step (ability {a.index + 1})", combat_hand,
                      self.exercised_or(a, over(2)), 500 + a.index)
            if a.key in self.result.exercised or not self.permanent:
                continue

            def b_turn(sb: _Sandbox, a=a):
                self.bf_setup(sb)
                self.later_used(sb, a, all_others=True)
            self.play(f"battlefield on B's turn (ability {a.index + 1})", b_turn,
                      self.exercised_or(a, over(3)), 520 + a.index, turn=2, active=1, step="precombat_main")
            if a.key in self.result.exercised:
                continue

            def others_used(sb: _Sandbox, a=a, pacified: bool = False):
                self.bf_setup(sb)
                self.later_used(sb, a, all_others=True)
                if pacified:   # it can't attack, so it is untapped while A's creatures attack
                    aura = sb.starter("Pacifism", 1, "battlefield")
                    aura.attached_to = sb.card_obj.id
            self.play(f"battlefield, the other abilities used (ability {a.index + 1})", others_used,
                      self.exercised_or(a, over(2)), 530 + a.index)
            if a.key not in self.result.exercised and self.creature:
                self.play(f"battlefield, pacified (ability {a.index + 1})",
                          lambda sb, a=a: others_used(sb, a, pacified=True), self.exercised_or(a, over(2)),
                          535 + a.index)
        # the card arrives in A's hand at a moment a game can't be steered to by forced play
        # (JT-P1 casts it at the first chance): after A's combat (raid, CR 508.1 "you attacked this
        # turn"), as B's attackers are declared ("cast only during the declare attackers step",
        # flash "target attacking creature"), with B's or A's spell on the stack ("counter target
        # spell", "copy target instant or sorcery spell you control", "only if you've cast another
        # spell this turn")
        filters = self.spell_filters
        arrivals = (
            ("after A's combat", lambda sb: sb.g.active == 0 and sb.g.step == "postcombat_main", {}, None),
            ("as A's attackers are unblocked", lambda sb: sb.g.active == 0 and sb.g.step == "declare_blockers", {},
             None),
            ("as B attacks", lambda sb: sb.g.active == 1 and sb.g.step in ("declare_attackers", "declare_blockers")
             and any(o.attacking is not None for o in sb.g.permanents(1)),
             {"turn": 2, "active": 1, "step": "beginning_of_combat"}, None),
            ("with B's spell on the stack", lambda sb: _top_spell_of(sb.g, 1, filters),
             {"turn": 2, "active": 1, "step": "precombat_main"}, 1),
            ("with A's spell on the stack", lambda sb: _top_spell_of(sb.g, 0, filters), {}, 0),
        )
        for k, (label, when, start, spells_for) in enumerate(arrivals):
            for mode in self.modes or [None]:
                if not still():
                    return
                if mode is not None and not self.missing_mode(mode) and self.result.played:
                    continue

                def arrive_setup(sb: _Sandbox, when=when, mode=mode, spells_for=spells_for):
                    sb.board()
                    sb.arrive = when
                    sb.want_mode = mode
                    sb.no_hand_abilities = True
                    if spells_for is not None:
                        self.fillers(sb, spells_for, always=True)
                turn = start.get("turn", 1)
                self.play(f"hand, arrives {label}" + (f" (mode {mode + 1})" if mode is not None else ""),
                          arrive_setup, lambda sb, turn=turn: (sb.resolved and sb.at_rest() and not self.missing(
                              "triggered")) or over(turn + 1)(sb), 540 + 10 * k + (mode or 0), **start)
        if self.permanent and (self.missing("triggered") or self.missing("activated") or self.missing("static")):
            # the card alone on A's side and B without creatures: it attacks alone (CR 506.5), A
            # controls no Islands, no artifacts, no tapped lands ("when you control no ...")
            self.play("bare board", lambda sb: self.bf_setup(sb, used=True, their_creatures=False, ours=False),
                      over(3), 600)
            if self.missing("triggered"):
                self.play("bare board, from hand", self.hand_setup(None, ours=False, their_creatures=False),
                          over(3), 610)
            if self.missing("triggered") or self.missing("activated"):
                def alone(sb: _Sandbox):
                    self.bf_setup(sb, used=True, their_creatures=False, ours=False)
                    sb.bare = True
                self.play("bare board, no stand-ins", alone, over(3), 615)
        if self.permanent and self.missing("triggered"):
            # spells and abilities aimed at it (or at the permanent it is attached to): "whenever ~
            # becomes the target", heroic, "if ~ is equipped"; then B's, on B's turn
            def aimed(sb: _Sandbox, who: int):
                # A's own spells: B without creatures, so that the card survives its attack
                sb.aura_host = "power"
                sb.attach_equipment = True
                sb.aim = (who,)
                self.bf_setup(sb, used=True, their_creatures=who == 1)
                for name in AIMED[who]:
                    sb.starter(name, who, "hand")
            self.play("aimed at by A", lambda sb: aimed(sb, 0), over(2), 620)
            if self.missing("triggered"):
                self.play("aimed at by B", lambda sb: aimed(sb, 1), over(3), 630, turn=2, active=1,
                          step="precombat_main")
        if self.permanent and (self.missing("triggered") or self.missing("activated")):
            # A holds seven cards ("if you have seven or more cards in hand", "activate only if you
            # have exactly seven cards in hand"), from B's end step
            def full_hand(sb: _Sandbox):
                sb.aura_host = "power"
                self.bf_setup(sb, used=True)
                hand = sb.g.zone_list("hand", 0)
                for _ in range(max(0, 7 - len(hand))):
                    sb.made_up(UNCASTABLE, 0, "hand")
            self.play("seven cards in hand", full_hand, over(3, "postcombat_main"), 640, turn=2, active=1, step="end")
        if self.permanent and self.missing("triggered"):
            # one activated ability each, the others used this turn (JT-P1): a man-land animated
            # and attacking ("whenever ~ deals combat damage"), B without creatures and with them
            for a in [b for b in self.result.abilities if b.kind == "activated"]:
                for their in (False, True):
                    if not self.missing("triggered"):
                        break

                    def only(sb: _Sandbox, a=a, their=their):
                        self.bf_setup(sb, their_creatures=their)
                        self.later_used(sb, a, all_others=True)
                    self.play(f"battlefield, only ability {a.index + 1}" + ("" if their else ", B without creatures"),
                              only, over(2), 670 + 2 * a.index + their)
        if self.permanent and self.missing("triggered") and self.act_index:
            # B's Warden: the card enters tapped, so its own {T} ability can't answer its enters
            # trigger (JT-P1 would use it first)
            def warden(sb: _Sandbox):
                self.hand_setup(None)(sb)
                sb.made_up(WARDEN, 1, "battlefield")
            self.play("hand, entering tapped", warden, over(2), 690)
        low_life = [a for a in self.missing("triggered") if _life_at_most(self.compiled.abilities[a.index])]
        if self.permanent and low_life:
            # "if you have 5 or less life": never true under Judge Tower (JT-G3, R3: life totals
            # are infinite); the ability is exercised in ordinary Magic with A at that life total
            n = min(_life_at_most(self.compiled.abilities[a.index]) for a in low_life)

            def low(sb: _Sandbox):
                # the card alone (no life gain or loss from the sandbox board), A at N life
                self.bf_setup(sb, used=True, their_creatures=False, ours=False)
                sb.g.players[0].life = n
            before = set(self.result.exercised)
            self.play("standard rules, A at low life", low, over(3, "postcombat_main"), 660, standard=True,
                      turn=2, active=1, step="end")
            self.result.standard_only |= {a.key for a in low_life} & (self.result.exercised - before)
        if self.permanent and self.keywords & {"morph", "megamorph"} and self.missing("triggered"):
            # face down (CR 702.37c, 708.4), B's spell on the stack as A turns it face up (a special
            # action forced play takes at A's first priority, JT-P1): "when ~ is turned face up,
            # counter target spell"
            def face_down(sb: _Sandbox):
                sb.board()
                sb.make_face_down(sb.place_card("battlefield"))
                self.fillers(sb, 1, always=True)
            self.play("face down, B casting a spell", face_down, over(3), 655, turn=2, active=1,
                      step="precombat_main")
        if not self.result.played and not self.card.mana_cost and "Land" not in self.card.types:
            # no mana cost (CR 118.6): cast from the library's top by cascade, without paying it
            def cascaded(sb: _Sandbox):
                sb.board()
                sb.place_card("library")
                sb.add_tool(CASCADER)
            self.play("cascaded into", cascaded, lambda sb: (sb.resolved and sb.at_rest()) or over(2)(sb), 645)
        if "suspend" in self.keywords and not self.result.played:
            # suspended with one time counter left, A's upkeep next (CR 702.62a)
            def suspended(sb: _Sandbox):
                sb.board()
                o = sb.place_card("exile")
                o.counters["time"] = 1
                o.exile_cast_suspended = True
            self.play("suspended", suspended, lambda sb: (sb.resolved and sb.at_rest()) or over(3, "postcombat_main")(sb),
                      650, turn=2, active=1, step="end")

    def missing_mode(self, mode: int) -> bool:
        return any(a.kind == "mode" and a.mode == mode for a in self.result.unexercised)

    def graveyard_game(self) -> None:
        """4. graveyard: it is targeted there and returns to hand (and its own actions there, if
        any: flashback, retrace with a land card in hand to discard, CR 702.81a)."""
        def gy_setup(sb: _Sandbox):
            sb.board()
            sb.place_card("graveyard")
            sb.add_tool(REGROWTH)
            if "retrace" in self.keywords:
                sb.starter("Forest", 0, "hand")

        def gy_done(sb: _Sandbox) -> bool:
            cur = sb.card_now()
            back = cur is not None and cur.zone == "hand"
            if back:
                self.result.zones["graveyard"] = True
            return (back and sb.at_rest()) or sb.g.turn > 1

        self.result.zones.setdefault("graveyard", False)
        self.play("graveyard", gy_setup, gy_done, 400)


def _life_at_most(ab) -> int | None:
    """N of a triggered ability's "if you have N or less life" (CR 603.4), else None."""
    c = getattr(ab, "condition", None)
    if isinstance(c, ir.LifeCondition) and not c.at_least:
        return c.n
    return None


def _top_spell_of(g, p: int, filters=()) -> bool:
    """The top of the stack is a spell (not an ability) player ``p`` controls (one of ``filters``
    matches, if any: "counter target artifact or creature spell")."""
    if not g.stack:
        return False
    top = g.objects[g.stack[-1]]
    if isinstance(top, StackAbility) or top.controller != p:
        return False
    return not filters or any(matches(g, top, f, None) for f in filters)


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
