"""The smoke check's sandbox games (`judgetower.agents.smoke`): the position (both boards, the
shared graveyard and library, the checked card where a game wants it) and the driver that plays
it through the public decision API, preferring the checked card's own actions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from judgetower.agents.autopilot import Autopilot
from judgetower.agents.smoke_standins import _power, _stand_in, _token_spec, _toughness
from judgetower.cards.card import CardDef
from judgetower.oracle import compile_card, ir
from judgetower.rules.decisions import Activate, Block, Cast, PlayLand
from judgetower.rules.characteristics.filters import matches
from judgetower.rules.game import Game
from judgetower.rules.hooks import StandardRules
from judgetower.rules.state import StackAbility
from judgetower.variants.judge_tower import JudgeTowerRules

if TYPE_CHECKING:
    from judgetower.agents.smoke import _Check

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

#: Spells in the hand of the player whose targets go to the card ("aimed at" games).
AIMED = {0: ("Holy Strength", "Giant Growth"), 1: ("Shock",)}
#: Made-up cards (never card data): a discard outlet that forced play (JT-P1) uses once a turn, for
#: "whenever you discard a card"; a card that can't be cast (no mana cost, CR 118.6) to fill a hand.
DISCARD_OUTLET = CardDef("Sandbox Discard Outlet", "Enchantment", "{1}", text="Discard a card: You gain 1 life.")
UNCASTABLE = CardDef("Sandbox Uncastable", "Sorcery", None)
#: A creature greater than most ("evolve", CR 702.100a); a removal spell for what no starter one can
#: target (a land: "when ~ is put into a graveyard from the battlefield").
BIG_CREATURE = CardDef("Sandbox Big Creature", "Creature", "{5}", power="5", toughness="5")
RAZING = CardDef("Sandbox Razing", "Instant", "{1}", text="Destroy target permanent.")
#: B's enchantment that makes A's permanents enter tapped: a card whose own {T} ability would use it
#: up in response to its enters trigger (JT-P1) can't, and the trigger resolves.
WARDEN = CardDef("Sandbox Warden", "Enchantment", "{1}", text="Permanents your opponents control enter the battlefield tapped.")
#: A spell with cascade (CR 702.85a): it casts a card with no mana cost (mana value 0, CR 202.3)
#: from the top of the library without paying its mana cost, the one way such a card without
#: suspend is cast (CR 118.6a: Evermind).
CASCADER = CardDef("Sandbox Cascader", "Instant", "{1}", text="Cascade")
#: A full party (CR 700.8): a Cleric, a Rogue, a Warrior and a Wizard.
PARTY = tuple(CardDef(f"Sandbox {t}", f"Creature — {t}", "{1}", power="1", toughness="4") for t in
              ("Cleric", "Rogue", "Warrior", "Wizard"))

MAX_DECISIONS = 1000      # per game; reaching it is noted, not a failure
PLAYERS = ("A", "B")

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

    def tapped_for_mana(self, land) -> None:
        self._smoke_mana_triggers(land)
        super().tapped_for_mana(land)

    def log_mana_triggers(self, land) -> None:
        self._smoke_mana_triggers(land)
        super().log_mana_triggers(land)

    def _smoke_mana_triggers(self, land) -> None:
        """A triggered mana ability of the card resolved (CR 605.1b, 605.4a: at once, no stack)."""
        for x, ab in self.mana_triggers(land):
            if x.uid == self.smoke_uid:
                self.smoke_events.append(("triggered", next(i for i, a in enumerate(x.compiled.abilities) if a is ab)))

    def resolve_ability_effects(self, item):
        src = item.context.get("source_lki") or self.objects.get(item.source_id)
        if getattr(src, "uid", None) == self.smoke_uid and item.ability_index >= 0:
            self.smoke_events.append((item.kind, item.ability_index))
        yield from super().resolve_ability_effects(item)


class _Sandbox:
    """One smoke-check game and its driver."""

    def __init__(self, check: "_Check", label: str, seed: int, standard: bool = False) -> None:
        self.check = check
        self.label = label
        self.autopilot = Autopilot(seed)
        # ``standard``: ordinary Magic (finite life totals), for what Judge Tower makes impossible
        rules = StandardRules() if standard else JudgeTowerRules("referee")
        g = _SandboxGame(list(PLAYERS), seed=seed, rules=rules)
        g.smoke_events = []
        self.g = g
        if not standard:
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
        #: ``arrive(sb)``: the card is not placed at setup; it comes into A's hand the first time
        #: this holds with A to act at priority (after A's combat, with a spell on the stack, ...)
        self.arrive = None
        #: players whose targets go to the card (or the permanent it is attached to) when they can
        #: ("whenever ~ becomes the target", heroic, "if ~ is equipped")
        self.aim: tuple[int, ...] = ()
        #: the card's own activated abilities from hand are not used (a spell cast rather than cycled)
        self.no_hand_abilities = False
        #: how an Aura of the sandbox picks its host: "tough" (it survives combat) or "power" (it attacks)
        self.aura_host = "tough"
        #: called once the card has arrived (``arrive``)
        self.on_arrive = None
        #: no stand-ins at all (the card alone on its side: "when you control no creatures")
        self.bare = False
        #: the card, an Equipment, starts attached to A's strongest creature ("equipped creature")
        self.attach_equipment = False

    # -------------------------------------------------------------------- the position
    def starter(self, name: str, owner: int, zone: str):
        card = self.check.starter.get(name)
        return self.g.make_card(card, owner, zone, compiled=compile_card(card))

    def board(self, their_creatures: bool = True, ours: bool = True) -> None:
        """Both sandbox boards and the shared graveyard; ``their_creatures`` false: B's board
        without its creatures (an attacker of A's goes unblocked); ``ours`` false: A's board empty
        (the card alone: "attacks alone", "when you control no Islands")."""
        g = self.g
        for owner, names in ((0, OUR_BOARD if ours else ()), (1, THEIR_BOARD)):
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
            self._counters_for_costs(o)
        g.touch()
        return o

    def _counters_for_costs(self, o) -> None:
        """The counters the card's activated abilities remove as a cost ("Remove three spore
        counters from ~", CR 602.1, 122.1) and the +1/+1 counters an "activate only if ~'s power is
        4 or greater" needs (CR 602.5b), put on it as the position is set up."""
        g = self.g
        for ab in g.activated_abilities(o):
            rc = ab.cost.remove_counters if ab.cost is not None else None
            if rc:
                kind, n = rc
                o.counters[kind] = max(o.counters.get(kind, 0), n if isinstance(n, int) else 1)
            for c in getattr(ab, "actcost_conditions", ()):
                if isinstance(c, ir.ActivationSelfCondition) and c.what == "power":
                    g.touch()
                    short = c.n - g.chars(o).power
                    if short > 0:
                        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + short

    def _attach_aura(self, o) -> None:
        g = self.g
        if o.card is not None and "Equipment" in o.card.subtypes and self.attach_equipment:
            mine = [x for x in g.permanents(o.controller) if x.id != o.id and "Creature" in g.chars(x).types]
            if mine:   # CR 301.5: attached to a creature its controller controls
                o.attached_to = max(mine, key=lambda h: (_power(g, h), -h.id)).id
            return
        if o.card is None or "Aura" not in o.card.subtypes:
            return
        enchant = g.keyword_arg(o, "enchant")
        if enchant is None:
            return
        hosts = [g.objects[h] for h in g.legal_targets(ir.TargetSpec("object", enchant), o, o.controller)
                 if not hasattr(h, "index") and h != o.id]
        if hosts:
            if self.aura_host == "power":
                # the strongest host that can attack ("whenever enchanted creature deals damage")
                o.attached_to = max(hosts, key=lambda h: (_power(g, h), -h.id)).id
            else:
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
            if self.bare:
                break
            if f.zone not in ("battlefield", "graveyard", "hand") or (f.token and f.zone != "battlefield"):
                continue
            have = sum(1 for o in self._zone_objects(f.zone)
                       if not (f.other and o is src) and matches(g, o, f, src))
            for _ in range(need - have):
                who = 1 if f.controller == "opponent" else 0
                card = _stand_in(f, power=0 if who else 2)   # B's stand-ins kill no attacker of A's
                if card is None:
                    break
                if f.token:   # "sacrifice a token", "target creature token": a token of those characteristics
                    o = g.make_token(_token_spec(card, f), who)
                else:
                    o = g.make_card(card, who, f.zone, compiled=compile_card(card))
                o.sick = False
                for kind in f.with_counters:        # "a creature with a +1/+1 counter on it"
                    o.counters[kind] = o.counters.get(kind, 0) + 1
                if f.tapped and f.zone == "battlefield":   # "target tapped creature"
                    o.tapped = True
                self._attach_aura(o)
        g.touch()

    def make_face_down(self, o) -> None:
        """The card on the battlefield as a face-down 2/2 morph (CR 702.37c, 708.4), as if it had
        been cast face down (kw2)."""
        from judgetower.rules.mechanics.activated import face_down_compiled
        o.real_compiled = o.compiled
        o.compiled = face_down_compiled(o.compiled)
        o.face_down = True
        o.kw2_morph = True
        o.may_look = frozenset({o.controller})
        self.g.touch()

    def made_up(self, card: CardDef, owner: int, zone: str):
        o = self.g.make_card(card, owner, zone, compiled=compile_card(card))
        o.sick = False
        return o

    def stand_in_card(self, f, owner: int = 0) -> None:
        """A made-up card matching ``f`` in the hand of player A (``owner`` 0) or B, to cast
        (`_stand_in`)."""
        card = _stand_in(f) if not f.token else None
        if card is not None:
            self.g.make_card(card, owner, "hand", compiled=compile_card(card))

    def _zone_objects(self, zone: str):
        g = self.g
        if zone == "battlefield":
            return g.permanents()
        return [g.objects[i] for i in g.zone_list(zone, 0)]

    def add_tool(self, name):
        """A spell of A's that the driver casts first (``name``: a starter card's, or a made-up card)."""
        t = self.made_up(name, 0, "hand") if isinstance(name, CardDef) else self.starter(name, 0, "hand")
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
            if cur is not None and cur.zone == "hand" and self.no_hand_abilities:
                # cast it, not cycle it away: its abilities from hand have their own games
                kept = [a for a in opts if not (isinstance(a, Activate) and a.obj == cur.id)]
                if kept:
                    opts = kept
                    d = replace(d, options=opts)
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
                # first a block its trigger watches ("blocks a creature with flying", "becomes
                # blocked by a white creature")
                def watched(b):
                    other = g.objects[b.attacker if b.blocker == cur.id else b.blocker]
                    return any(matches(g, other, f, cur) for f in self.check.block_filters)
                return min(mine, key=lambda b: not watched(b))
        if d.kind == "target" and d.player == 0 and g.stack and len(opts) > 1:
            # targets not already aimed at by what waits on the stack (the card's ability in
            # response to its own trigger: Odunos River Trawler)
            taken = {t for i in g.stack for spec in (getattr(g.objects[i], "targets", None) or ())
                     for t in (spec if isinstance(spec, (list, tuple)) else (spec,))}
            fresh = [x for x in opts if x not in taken]
            if fresh and len(fresh) < len(opts) and not (d.player in self.aim and cur is not None
                                                         and (cur.id in opts or cur.attached_to in opts)):
                d = replace(d, options=fresh)
                opts = fresh
        if d.kind == "target" and d.player in self.aim and cur is not None:
            for aim in (cur.id, cur.attached_to):
                if aim is not None and aim in opts:
                    return aim
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
            if (self.arrive is not None and self.card_obj is None and d.kind == "priority" and d.player == 0
                    and self.arrive(self)):
                self.place_card("hand")       # it arrives now; the priority decision is posed again
                if self.on_arrive is not None:
                    self.on_arrive(self)
                g.recheck_priority()
                continue
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


def _starter_matching(sb: _Sandbox, f) -> str | None:
    """A starter card matching a filter of cards in hand, instants first (an instant that
    targets a spell waits in hand until a spell is cast, so the checked card goes first)."""
    from judgetower.rules.state import GameObject
    cards = sorted(sb.check.starter, key=lambda c: ("Instant" not in c.types, c.name))
    for c in cards:
        if "Land" in c.types:
            continue
        probe = GameObject(-1, c, compile_card(c), 0, 0, "hand")
        if matches(sb.g, probe, f, None):
            return c.name
    return None


def _removal_for(sb: _Sandbox):
    """The first removal spell whose target the card on the battlefield can be (its caster's
    colour and protection aside): a starter card's name, or the made-up "Destroy target
    permanent." (a land) before Boomerang."""
    g = sb.g
    o = sb.card_obj
    # destroyed before bounced: "when ~ is put into a graveyard from the battlefield" (Boomerang last)
    cards = [sb.check.starter.get(name) for name in REMOVAL]
    for card in cards[:-1] + [RAZING] + cards[-1:]:
        comp = compile_card(card)
        sa = next((ab for ab in comp.abilities if isinstance(ab, ir.SpellAbility)), None)
        if sa is None or not sa.targets:
            continue
        if o.id in g.legal_targets(sa.targets[0], None, 0):
            return card.name if card is not RAZING else RAZING
    return None
