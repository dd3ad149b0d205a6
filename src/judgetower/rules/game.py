"""The game: state, zones, objects, events, and the decision API (DESIGN.md principle 1).

``Game`` holds one playthrough. The flow of the game is a generator (``_main``) that yields a
``Decision`` whenever a player must choose; ``decide`` validates a choice and resumes it. Rule
logic lives in packages named for their concept (../shared/design/layout.md §4.1): ``turn/``
(CR 500-514, 117), ``stack/`` (CR 601-608, 106, 707.10), ``zones/`` (CR 400-406),
``characteristics/`` (CR 613, 611), ``effects/`` (CR 608.2c, 701; handlers registered by IR type in
``registry.py``), ``triggers/`` (CR 603), ``combat/`` (CR 506-511), ``replacement/`` (CR 614, 615),
``mechanics/`` (one module per keyword family, CR 702), ``sba.py`` (CR 704), ``view.py``
(per-player information); the variant protocol is ``hooks.py``. Each still contributes a mixin to
``Game``; turning them into functions over a declared state is the next step of the layout.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any, Iterable

from judgetower.cards.card import CardDef
from judgetower import oracle
from judgetower.oracle.ir import CompiledCard, StaticAbility, TokenSpec
from judgetower.rules.stack.casting import CastingMixin
from judgetower.rules.combat.declarations import CombatDeclarationsMixin
from judgetower.rules.decisions import Decision, check_seat, offered_option, show_value
from judgetower.rules.effects.interpreter import EffectsMixin
from judgetower.rules.errors import GameOverError, IllegalAction
from judgetower.rules.characteristics.layers import compute_all
from judgetower.rules.legality import LegalityMixin
from judgetower.rules.log import GameLog, Message, Term, msg, render, said
from judgetower.rules.state import LIFE_CHANGES, PID, GameObject, Player, StackAbility
from judgetower.rules.turn.priority import PriorityMixin
from judgetower.rules.stack.resolution import ResolutionMixin
from judgetower.rules.sba import SBAMixin
from judgetower.rules.triggers.abilities import TriggersMixin
from judgetower.rules.turn.steps import STEPS, StepsMixin
from judgetower.rules.mechanics.activated import ActivatedKeywordsMixin
from judgetower.rules.mechanics.exile_casting import ExileCastingMixin   # exilecast
from judgetower.rules.mechanics.faces import FacesMixin   # faces2
from judgetower.rules.stack.copies import CopiesMixin   # copies2
from judgetower.rules.turn.untap import UntapMixin   # turnflow
from judgetower.rules.zones.library import LibraryMixin   # library2
from judgetower.rules.zones.hand_graveyard import HandGraveyardMixin   # zones4
from judgetower.rules.mechanics.counters import CounterMechanicsMixin   # counters2
from judgetower.rules.effects.tokens import TokenEffectsMixin   # tokcount
from judgetower.rules.mechanics.attachments import AttachmentsMixin  # auras2
from judgetower.rules.mechanics.alternative_costs import AlternativeCostsMixin  # kwcast
from judgetower.rules.replacement.instead import ReplacementMixin  # replace: CR 614, 615, 119, 120
from judgetower.rules.stack.activation import ActivationMixin  # actcost
from judgetower.rules.triggers.state_triggers import StateTriggersMixin  # trigstate
from judgetower.rules.characteristics.until_end_of_turn import UntilEndOfTurnMixin   # chars
from judgetower.rules.triggers.targeted import TargetedMixin
from judgetower.rules.mechanics.returns import ReturnsMixin
from judgetower.rules.effects.counters import CountersMixin
from judgetower.rules.combat.restrictions import CombatRestrictionsMixin  # combat2
from judgetower.rules.view import ViewMixin
from judgetower.rules.hooks import StandardRules

PER_PLAYER_ZONES = ("library", "hand", "graveyard")

#: the start of a zone change's log line, by the zone left (CR 400.7)
_MOVES_FROM = {
    "library": msg("moves from library"), "hand": msg("moves from hand"), "graveyard": msg("moves from graveyard"),
    "battlefield": msg("moves from battlefield"), "stack": msg("moves from stack"), "exile": msg("moves from exile"),
}

SHARED_ZONES = ("battlefield", "stack", "exile")


class Game(StepsMixin, PriorityMixin, CastingMixin, ResolutionMixin, EffectsMixin, CombatDeclarationsMixin, SBAMixin,
           TriggersMixin, ViewMixin, LegalityMixin, ActivatedKeywordsMixin, ExileCastingMixin, FacesMixin, CopiesMixin,
           UntapMixin, LibraryMixin, CounterMechanicsMixin, AttachmentsMixin, TokenEffectsMixin, AlternativeCostsMixin,
           HandGraveyardMixin, ReplacementMixin, ActivationMixin, StateTriggersMixin, UntilEndOfTurnMixin, TargetedMixin, ReturnsMixin,
           CountersMixin,
           CombatRestrictionsMixin):
    """One game of Magic (or a variant), from set-up to its end."""

    def __init__(self, player_names: Iterable[str], *, seed: int = 0, rules: StandardRules | None = None,
                 starting_life: Any = None) -> None:
        names = list(player_names)
        if len(names) < 2:
            raise IllegalAction(f"a game needs at least 2 players, got {len(names)}", "CR 103.1")
        if len(set(names)) != len(names):
            raise IllegalAction(f"player names must differ: {names}", "CR 102.1")
        self.rules = rules or StandardRules()
        life = self.rules.starting_life if starting_life is None else starting_life
        self.players = [Player(i, n, life=life) for i, n in enumerate(names)]
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = GameLog()
        self.objects: dict[int, Any] = {}
        self.zones: dict[tuple[str, int | None], list[int]] = {}
        self.battlefield: list[int] = []
        self.stack: list[int] = []
        self.exile: list[int] = []
        self._next_id = 1
        self._timestamp = 0
        self.turn = 0
        self.active = 0
        self.step = "untap"
        self.priority_player: int | None = None
        self.continuous: list[dict] = []       # resolved continuous effects (CR 611.2)
        self.held_by_looker: dict[int, int] = {}   # JT-G6, R6: card id -> the player who revealed it
        self.delayed: list[dict] = []          # delayed triggers (CR 603.7)
        self.pending_triggers: list[dict] = []  # triggered, not yet on the stack (CR 603.3)
        self.events: list[dict] = []           # events since triggers were last checked
        self.extra_turns: list[int] = []       # CR 500.7
        self.game_over = False
        self.winners: list[int] = []
        self.end_reason = ""
        self.first_strike_step = False
        self._version = 0
        self._chars_cache: tuple[int, dict] | None = None
        self._pending: Decision | None = None
        self.posed_priority: tuple | None = None   # (player, options, state_mark()): issue 17, judge.violations
        self._gen = None
        self.decisions: list[tuple[int, Any]] = []
        self.is_first_turn_of_game = True
        self.skip_first_draw = len(names) == 2   # CR 103.8a (R2)
        self.acting_player = 0                  # who carries out the current instruction (R5)
        self.touched_uids: list[int] = []      # cards moved or used as sources, in order (R8)
        self.free_priority_decisions = 0        # priority decisions that offered more than "pass"
        # decisions put before the flow's own by something outside it (the judge's remedy for a
        # missed trigger, R13): (decision, what to do with the choice), first first
        self.interrupts: list[tuple[Decision, Any]] = []

    # ------------------------------------------------------------------ ids, versions
    def new_id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    def new_timestamp(self) -> int:
        self._timestamp += 1
        return self._timestamp

    def touch(self) -> None:
        """Something changed that may change characteristics: drop the layer cache."""
        self._version += 1

    def chars(self, obj):
        cache = self._chars_cache
        # conds: "as long as" conditions read life totals and whose turn it is, which do not
        # touch() the cache (CR 611.3a: re-checked continuously)
        # (issue 17: the life totals are represented by LIFE_CHANGES, which moves whenever one
        # changes, instead of a tuple of them built at each call)
        key = (self._version, self.active, LIFE_CHANGES[0])
        if cache is None or cache[0] != key:
            cache = (key, compute_all(self))
            self._chars_cache = cache
        ch = cache[1].get(obj.id)
        if ch is None:
            from judgetower.rules.characteristics.layers import base_chars
            return base_chars(obj)
        return ch

    # ------------------------------------------------------------------ players
    def player_by_name(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise IllegalAction(f"no player named {name!r}", "CR 102.1")

    def alive_players(self) -> list[int]:
        return [p.index for p in self.players if not p.lost]

    def apnap(self, start: int | None = None) -> list[int]:
        """Players still in the game in APNAP order (CR 101.4)."""
        start = self.active if start is None else start
        n = len(self.players)
        return [(start + k) % n for k in range(n) if not self.players[(start + k) % n].lost]

    def are_opponents(self, a: int, b: int) -> bool:
        return a != b  # free-for-all (CR 102.2)

    def opponents(self, p: int) -> list[int]:
        return [q for q in self.apnap(p) if q != p]

    def next_player(self, p: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            q = (p + k) % n
            if not self.players[q].lost:
                return q
        return p

    # ------------------------------------------------------------------ zones
    def zone_list(self, zone: str, player: int | None = None) -> list[int]:
        if zone == "battlefield":
            return self.battlefield
        if zone == "stack":
            return self.stack
        if zone == "exile":
            return self.exile
        key = (zone, self.rules.zone_owner(self, zone, player))
        lst = self.zones.get(key)
        if lst is None:
            lst = self.zones[key] = []
        return lst

    def library(self, p: int) -> list[int]:
        """Top of the library is the END of the list (fast draws)."""
        return self.zone_list("library", p)

    def hand(self, p: int) -> list[int]:
        return self.zone_list("hand", p)

    def graveyard(self, p: int) -> list[int]:
        return self.zone_list("graveyard", p)

    def obj(self, oid: int):
        return self.objects[oid]

    def permanents(self, controller: int | None = None) -> list[GameObject]:
        objs = [self.objects[i] for i in self.battlefield]
        if controller is not None:
            objs = [o for o in objs if o.controller == controller]
        return objs

    def static_effects(self, cls, controller: int | None = None):
        """(permanent, effect) for each static ability whose effect is of class ``cls`` of the
        face-up permanents on the battlefield (CR 604.2; a face-down one has none, CR 708.2), in
        battlefield order; ``controller``: only that player's permanents."""
        for i in self.battlefield:
            o = self.objects[i]
            comp = o.compiled
            if o.face_down or comp is None or (controller is not None and o.controller != controller):
                continue
            for ab in comp.abilities:
                if isinstance(ab, StaticAbility) and isinstance(ab.effect, cls):
                    yield o, ab.effect

    def all_zone_lists(self) -> list[tuple[str, list[int]]]:
        out = [("battlefield", self.battlefield), ("stack", self.stack), ("exile", self.exile)]
        for (z, p), lst in self.zones.items():
            out.append((f"{z}:{p}", lst))
        return out

    # ------------------------------------------------------------------ object creation
    def make_card(self, card: CardDef, owner: int, zone: str, *, compiled: CompiledCard | None = None,
                  position: str = "top") -> GameObject:
        """Put a new card object into a zone (set-up, scenario state)."""
        comp = compiled or oracle.compile_card(card)
        if card.name_fr:
            self.log.names_fr[card.name] = card.name_fr
        o = GameObject(self.new_id(), card, comp, owner, owner, zone, timestamp=self.new_timestamp())
        o.uid = o.id
        self.objects[o.id] = o
        self._insert(o, zone, owner, position)
        if zone == "battlefield":
            self._on_enter_battlefield(o)
        self.touch()
        return o

    def make_token(self, spec: TokenSpec, controller: int, tapped: bool = False) -> GameObject:
        """CR 111.2: a token is owned by the player who created it. Its abilities are those of
        its text (CR 111.3; tokens helper: predefined tokens CR 111.10, quoted abilities,
        copies CR 707.2); ``tapped``: "create a tapped ... token" (it enters tapped, CR 110.5b)."""
        comp = CompiledCard(spec.name, tuple(spec.abilities))
        o = GameObject(self.new_id(), None, comp, controller, controller, "battlefield", token=spec,
                       timestamp=self.new_timestamp(), sick=True, tapped=tapped)
        o.uid = o.id
        self.touched_uids.append(o.uid)   # R8: an object an event of a loop created is involved in it
        o.control_mark = self.players[controller].upkeeps_begun   # kwcosts: echo (CR 702.30a)
        self.objects[o.id] = o
        self.battlefield.append(o.id)
        self._on_enter_battlefield(o)
        self.enter_tapped(o)   # trigstate: "[permanents] enter the battlefield tapped" (CR 614.1c, 111.1)
        self.touch()
        self.events.append({"kind": "zone", "new": o, "old": None, "from": None, "to": "battlefield"})
        return o

    def _insert(self, o, zone: str, owner: int | None, position: str | int = "top") -> None:
        lst = self.zone_list(zone, owner)
        if position == "top":
            lst.append(o.id)
        elif position == "bottom":
            lst.insert(0, o.id)
        elif position == "shuffle":
            lst.append(o.id)  # the caller shuffles (CR 701.24)
        else:
            lst.insert(len(lst) - int(position), o.id)

    def _on_enter_battlefield(self, o: GameObject) -> None:
        if o.card is not None and "Planeswalker" in o.card.types and "loyalty" not in o.counters:
            try:
                n = int(o.card.loyalty)   # CR 306.5b: it enters with its printed loyalty
            except (TypeError, ValueError):
                n = 0
            if n > 0:
                self.put_counters(o, "loyalty", n)
            else:
                o.counters["loyalty"] = 0

    def relocate_card(self, o, zone: str, owner: int | None = None) -> GameObject:
        """Put an already-removed card into ``zone`` as a new object (CR 400.7) with no
        replacement effects or triggers (the JT-E2 refill is the rule's own action, R19)."""
        card, compiled = getattr(o, "home", None) or (o.card, o.compiled)   # faces: CR 709.4, 715.4
        new = GameObject(self.new_id(), card, compiled, o.owner if owner is None else owner,
                         o.owner if owner is None else owner, zone, token=o.token, timestamp=self.new_timestamp())
        new.uid = o.uid
        self.objects[new.id] = new
        o.moved_to = new.id
        self._insert(new, zone, new.owner, "top")
        self.touch()
        return new

    def referenced_exile(self) -> set[int]:
        """Exiled cards an object or effect can still find (R20, CR 406.5-406.6, 607, 610.3):
        every card of a referenced pile of ``exile_piles``."""
        return {i for pile in self.exile_piles() if pile["referenced"] for i in pile["cards"]}

    def _exile_references(self) -> list[tuple[Any, Any, str, list[int]]]:
        """What can still find exiled cards (R20), as (holder, link key, kind, ids) in a fixed
        order: links of permanents (CR 607.2a, 406.6; "until" links, CR 610.3), links of objects
        that left but whose abilities are still pending or on the stack (CR 603.10, 607), then
        delayed triggers (CR 603.7c: Flickerwisp's "that card")."""
        out: list = []
        holders: list = [self.objects[i] for i in self.battlefield]
        delayed: list = [(d["source"], d["chosen"]) for d in self.delayed]
        for i in self.stack:
            ctx = getattr(self.objects[i], "context", None) or {}
            if ctx.get("source_lki") is not None:
                holders.append(ctx["source_lki"])
            if ctx.get("chosen"):
                delayed.append((ctx.get("source_lki"), ctx["chosen"]))
        for t in self.pending_triggers:
            holders.append(t["source"])
            if (t.get("context") or {}).get("chosen"):
                delayed.append((t["source"], t["context"]["chosen"]))
        seen: set[int] = set()
        for h in holders:
            if h is None or h.id in seen or not getattr(h, "linked", None):
                continue
            seen.add(h.id)
            for key, ids in h.linked.items():
                out.append((h, key, "until" if key == "until" else "linked", list(ids)))
        for src, chosen in delayed:
            out.append((src, "next_end_step", "delayed", [o.id for objs in chosen.values() for o in objs]))
        # faces: a card exiled by its own Adventure can still be cast by that player (CR 715.3d):
        # it stays referenced (R20)
        for i in self.exile:
            o = self.objects[i]
            if getattr(o, "adventure_player", None) is not None:
                out.append((o, "adventure", "adventure", [o.id]))
        out.extend(self.exile_cast_references())   # exilecast: suspend, foretell, rebound (R20)
        return out

    def exile_piles(self) -> list[dict]:
        """The exile zone in piles (CR 406.4, 406.5, R20), derived from the links each time.

        One pile per exiling object and link (``key``: the exiling card's uid and the link key:
        its ability index, "until", or "next_end_step" for a delayed trigger), one pile per
        unreferenced face-down card (CR 406.4: face-down cards are kept apart by when and how
        they were exiled), and one "unreferenced" pile for the rest (always last, maybe empty).
        Each pile lists its object ids in zone order; piles are ordered by their first card.
        A card found by two references belongs to the first (see ``_exile_references``)."""
        order = {oid: n for n, oid in enumerate(self.exile)}
        claimed: set[int] = set()
        piles: list[dict] = []
        used_keys: set = set()
        for holder, link, kind, ids in self._exile_references():
            cards = sorted({i for i in ids if i in order and i not in claimed}, key=order.__getitem__)
            if not cards:
                continue
            claimed.update(cards)
            name = holder.name if holder is not None else "a delayed triggered ability"
            ctl = self.players[holder.controller].name if holder is not None else "?"
            if kind == "until":
                label = f"until {name} leaves the battlefield"
            elif kind == "adventure":   # faces: CR 715.3d
                label = f"on an adventure: {self.players[holder.adventure_player].name} may cast it"
            elif kind.startswith("exilecast"):   # exilecast: R20 (a foretold card stays hidden)
                label = self.pile_label(holder, kind)
            elif kind == "delayed":
                label = f"exiled with {name} ({ctl}): returns at the beginning of the next end step"
            else:
                label = f"exiled with {name} ({ctl})"
            key: tuple = (getattr(holder, "uid", 0), link)
            n = 1
            while key in used_keys:   # an older object of the same card still holding a link
                n += 1
                key = (getattr(holder, "uid", 0), link, n)
            used_keys.add(key)
            piles.append({"key": key, "label": label, "kind": kind, "referenced": True,
                          "source": getattr(holder, "id", None), "cards": cards})
        rest = [i for i in self.exile if i not in claimed]
        for i in rest:
            o = self.objects[i]
            if o.face_down:
                piles.append({"key": ("face-down", i), "label": "face down, no longer referenced",
                              "kind": "face_down", "referenced": False, "source": None, "cards": [i]})
        piles.sort(key=lambda pile: order[pile["cards"][0]])
        piles.append({"key": ("unreferenced",), "label": "unreferenced", "kind": "unreferenced",
                      "referenced": False, "source": None,
                      "cards": [i for i in rest if not self.objects[i].face_down]})
        return piles

    def zone_of(self, o) -> list[int]:
        owner = o.owner if o.zone in PER_PLAYER_ZONES else None
        return self.zone_list(o.zone, owner)

    def move(self, o, to_zone: str, *, owner: int | None = None, position: str | int = "top",
             controller: int | None = None, tapped: bool = False, face_down: bool = False,
             cause: str = "", rule: str = "", log: bool = True) -> GameObject | None:
        """Move an object to another zone: it becomes a new object (CR 400.7).

        Replacement effects of the variant apply first (CR 614; JT-G8). Returns the new object,
        or None when a token or an ability ceases to exist.
        """
        from_zone = o.zone
        cause_said, cause = said(cause), render(cause)   # the English text serves the rules below
        if getattr(o, "is_spell_copy", False):
            # kwstatic: a copy of a spell that leaves the stack ceases to exist (CR 707.10a, 704.5e)
            if o.id in self.zone_of(o):
                self.zone_of(o).remove(o.id)
            o.zone = "gone:" + from_zone
            self.touch()
            self.log.add("the copy of {card} ceases to exist", "CR 707.10a", "CR 704.5e", card=o)
            return None
        to_zone, position = self.face_replace_move(o, to_zone, position)   # faces2: CR 614.1a
        to_zone, position = self.cast_replace_move(o, from_zone, to_zone, position)   # kwcast: CR 702.133a
        to_zone, position, shuffle_after = self.zone_replace_move(o, to_zone, position)   # zones4: CR 614.1a
        to_zone, position = self.replacement_replace_move(o, from_zone, to_zone, position)   # replace: CR 614.1a
        if from_zone == "stack" and getattr(o, "flashback", False) and to_zone != "exile":
            # kwcosts: CR 702.34a: a spell cast with flashback is exiled instead of going anywhere
            # else when it leaves the stack (resolving, countered, ...)
            self.log.add("{card} was cast with flashback: it is exiled instead", "CR 702.34a", card=o)
            to_zone, position = "exile", "top"
        if from_zone == "stack" and getattr(o, "aftermath", False) and to_zone != "exile":
            # faces: CR 702.127a: an aftermath spell cast from a graveyard is exiled instead of
            # going anywhere else when it leaves the stack
            self.log.add("{card} was cast with aftermath: it is exiled instead", "CR 702.127a", card=o)
            to_zone, position = "exile", "top"
        if from_zone == "battlefield" and getattr(o, "unearthed", False) and to_zone != "exile":
            # kwcosts: CR 702.84a: a permanent returned by unearth is exiled instead of leaving
            # the battlefield any other way
            self.log.add("{card} was unearthed: it is exiled instead", "CR 702.84a", card=o)
            to_zone, position = "exile", "top"
        madness = (from_zone == "hand" and to_zone == "graveyard" and cause.startswith("discard")
                   and any(getattr(ab, "name", None) == "madness" for ab in o.compiled.abilities))
        if madness:
            # kwcosts: CR 702.35a: a card with madness that would be discarded is discarded into
            # exile instead of the graveyard
            self.log.add("{card} has madness: it is discarded into exile", "CR 702.35a", card=o)
            to_zone, position = "exile", "top"
        # exilecast: rebound (CR 702.88a) replaces going to the graveyard as it resolves
        to_zone, position, ec_rebound = self.exile_cast_replace_move(o, from_zone, to_zone, position, cause)
        to_zone, position = self.rules.replace_move(self, o, to_zone, position)
        src_list = self.zone_of(o)
        if o.id in src_list:
            src_list.remove(o.id)
        if isinstance(o, StackAbility):
            return None
        old_chars = self.chars(o) if from_zone == "battlefield" else None
        if from_zone in ("library", "graveyard") and self.zone_shared(from_zone, o.owner):
            owner = self.rules.owner_leaving(self, o, from_zone, owner)  # JT-G5, R5
        new_owner = o.owner if owner is None else owner
        adventure_exile = False
        if from_zone == "stack" and getattr(o, "adventure", False) and to_zone == "graveyard" \
                and cause == "resolved":
            # faces: CR 715.3d: a resolving Adventure spell is exiled instead of going to the
            # graveyard; its controller may cast the creature from exile
            self.log.add("{card} was cast as an Adventure: it is exiled instead", "CR 715.3d", card=o)
            to_zone, position, adventure_exile = "exile", "top", True
        card, compiled = getattr(o, "home", None) or (o.card, o.compiled)   # faces: CR 709.4, 715.4
        keep_face = (getattr(o, "home", None) is not None and o.home[0].layout == "modal_dfc"
                     and to_zone == "battlefield" and from_zone in ("stack", "hand"))
        if keep_face:
            # faces: a modal double-faced spell becomes a permanent with the same face up
            # (CR 712.13); a land face played enters with that face up (CR 712.12)
            card, compiled = o.card, o.compiled
        new = GameObject(self.new_id(), card, compiled, new_owner, new_owner, to_zone, token=o.token,
                         timestamp=self.new_timestamp())
        if keep_face:
            new.home = o.home
        if adventure_exile:
            new.adventure_player = o.controller
        if to_zone == "stack":
            new.controller = o.controller if controller is None else controller
        if to_zone == "battlefield":
            new.controller = new_owner if controller is None else controller
            new.tapped = tapped
            new.sick = True
            new.kicked, new.x = o.kicked, o.x
            # tokcount: the colors of mana spent to cast it (sunburst, CR 702.44b: from the stack only)
            new.colors_spent = getattr(o, "colors_spent", None) if from_zone == "stack" else None
            new.control_mark = self.players[new.controller].upkeeps_begun   # kwcosts: echo (CR 702.30a)
            # kwcosts: evoke (CR 702.74a): its evoke cost was paid (the alternative cost of a
            # card with evoke)
            new.evoked = from_zone == "stack" and bool(getattr(o, "alternative", False)) and any(
                getattr(ab, "name", None) == "evoke" for ab in o.compiled.abilities)
        if face_down:
            new.face_down = True
        self.carry_face_down(o, new, from_zone, to_zone)   # kw2: morph (CR 708.4, 708.9)
        self.dash_enters(o, new, from_zone, to_zone)       # kw2: dash (CR 702.109a, 608.3g)
        self.blitz_enters(o, new, from_zone, to_zone)   # kwcast: blitz (CR 702.152a)
        self.after_move(o, new, from_zone, to_zone, ec_rebound)   # exilecast: CR 702.88a, 702.62a
        self.face_enters(o, new, from_zone, to_zone)         # faces2: enters transformed (CR 712.14a)
        self.copies_carry(o, new, from_zone, to_zone)         # copies2: prototype (CR 718.3b)
        self.attachments_carry(o, new, from_zone, to_zone)          # auras2: bestow (CR 702.103b)
        new.uid = o.uid
        self.touched_uids.append(o.uid)
        self.objects[new.id] = new
        o.moved_to = new.id
        o.zone_left = from_zone
        o.zone = "gone:" + from_zone
        self._insert(new, to_zone, new_owner, position)
        if shuffle_after and to_zone == "library":
            self.shuffle_library(new_owner)   # zones4: "... and shuffle it into its owner's library instead" (CR 701.24a)
        if from_zone == "battlefield":
            o.last_chars = old_chars
            # conds: "if a permanent you controlled left the battlefield this turn" (revolt)
            self.players[o.controller].conds_left_battlefield_turn = True
            if to_zone == "graveyard" and "Creature" in old_chars.types:
                self.note_death()   # actcost: "a creature died this turn" (CR 700.4)
            # auras2: what was attached to it as it left, for triggers that look back (CR 603.10a)
            o.attached_lki = tuple(x.id for x in self.permanents() if x.attached_to == o.id)
            for other in self.permanents():
                if other.attached_to == o.id:
                    other.attached_to = None if "Equipment" in (other.card.subtypes if other.card else ()) else other.attached_to
            self._remove_from_combat(o)
        if to_zone == "battlefield":
            self._on_enter_battlefield(new)
            self.apply_enter_replacements(new)
        self.touch()
        self.events.append({"kind": "zone", "old": o, "new": new, "from": from_zone, "to": to_zone,
                            "cause": cause, "old_chars": old_chars})
        if madness and to_zone == "exile":
            # kwcosts: CR 702.35a: "When this card is exiled this way, its owner may cast it by
            # paying [cost] rather than paying its mana cost. If that player doesn't, they put
            # this card into their graveyard."
            from judgetower.rules.triggers.abilities import madness_trigger
            new.madness = True
            idx, ab = madness_trigger(new)
            self.pending_triggers.append({"source": new, "index": idx, "ability": ab, "controller": new.owner,
                                          "context": {}})
        if log:
            a_card = msg("a card")
            what = o if not (to_zone in ("library",) or face_down) else (a_card if from_zone in ("library", "hand") else o)
            who = self.players[new_owner]
            pos = Term(position) if isinstance(position, str) else position
            shared = to_zone in ("graveyard", "library") and self.zone_shared(to_zone, new_owner)
            place = {"battlefield": msg("onto the battlefield"),
                     "graveyard": msg("into the shared graveyard") if shared   # JT-G5
                     else msg("into {player}'s graveyard", player=who),
                     "hand": msg("into {player}'s hand", player=who),
                     "library": msg("into the shared library ({position})", position=pos) if shared
                     else msg("into {player}'s library ({position})", player=who, position=pos),
                     "exile": msg("into exile face down") if face_down else msg("into exile"),
                     "stack": msg("onto the stack")}.get(to_zone) or Term(to_zone)
            if from_zone in ("library",) and to_zone == "hand" and not self.rules.hand_public(self, new_owner):
                what = a_card
            moves = _MOVES_FROM.get(from_zone) or msg("moves from {zone}", zone=Term(from_zone))
            shared_rule = "JT-G5" if shared else ""
            if cause:
                self.log.add("{card} {moves} {place} ({cause})", rule or "CR 400.7", shared_rule, card=what, moves=moves,
                             place=place, cause=cause_said)
            else:
                self.log.add("{card} {moves} {place}", rule or "CR 400.7", shared_rule, card=what, moves=moves, place=place)
        return new

    # ------------------------------------------------------------------ life
    def gain_life(self, p: int, amount: int, source=None, rule: str = "CR 119.3") -> None:
        if amount <= 0 or self.players[p].lost:
            return
        amount = self.gain_amount(p, amount)   # replace: CR 614.1a
        pl = self.players[p]
        pl.life = pl.life + amount
        pl.life_gained_turn += amount
        pl.life_change += amount
        # JT-G10, R14: with an infinite total, the change is announced with its amount and net change
        self.log.add("{player} gains {n} life (life: {life})", rule, *(("JT-G10", "R14") if pl.life == math.inf else ()),
                     player=pl, n=amount, life=self.life_str(p))
        self.events.append({"kind": "life_gain", "player": p, "amount": amount})

    def lose_life(self, p: int, amount: int, source=None, rule: str = "CR 119.3") -> None:
        if amount <= 0 or self.players[p].lost:
            return
        pl = self.players[p]
        pl.life = pl.life - amount
        pl.life_lost_turn += amount
        pl.life_change -= amount
        # JT-G10, R14: with an infinite total, the change is announced with its amount and net change
        self.log.add("{player} loses {n} life (life: {life})", rule, *(("JT-G10", "R14") if pl.life == math.inf else ()),
                     player=pl, n=amount, life=self.life_str(p))
        self.events.append({"kind": "life_loss", "player": p, "amount": amount})

    def life_str(self, p: int) -> str:
        pl = self.players[p]
        if pl.life == math.inf:
            ch = pl.life_change
            return "∞" + (f" ({'+' if ch > 0 else '−'}{abs(ch)})" if ch else "")
        return str(pl.life)

    # ------------------------------------------------------------------ game end
    def lose(self, p: int, reason: str, rule: str, *, end: bool = True) -> None:
        """A player loses and leaves the game (CR 104.3, 800.4a). ``end=False``: the caller
        makes several players lose at once and checks the end itself (CR 104.4a)."""
        pl = self.players[p]
        if pl.lost:
            return
        pl.lost = True
        self.log.add("{player} loses the game: {reason}", rule, player=pl, reason=said(reason))
        still_controlled = []
        for oid in list(self.battlefield) + list(self.stack) + list(self.exile):
            o = self.objects[oid]
            # CR 800.4a: objects the player owns leave the game; a StackAbility has no owner and
            # ceases to exist if its controller leaves
            owner = getattr(o, "owner", None)
            if owner == p or (owner is None and getattr(o, "controller", None) == p):
                lst = self.zone_of(o)
                if oid in lst:
                    lst.remove(oid)
                o.zone = "gone:left game"
            elif getattr(o, "controller", None) == p and o.zone in ("battlefield", "stack"):
                still_controlled.append(o)
        # CR 800.4a: then objects still controlled by that player (owned by others) are exiled
        for o in still_controlled:
            self.move(o, "exile", cause=msg("{player} left the game", player=pl), rule="CR 800.4a")
        self.touch()
        alive = self.alive_players()
        if end and len(alive) <= 1:
            self.end_game(alive, reason if alive else "all players lost", rule)

    def end_game(self, winners: list[int], reason, rule: str) -> None:
        """The game ends (CR 104): ``reason`` is English text or a `Message` (its French in the log)."""
        if self.game_over:
            return
        why, reason = said(reason), render(reason)
        ended = self.rules.before_game_end(self, list(winners), reason, rule)
        if ended is None or self.game_over:
            return
        winners, ended_reason, rule = ended
        if ended_reason != reason:
            why, reason = said(ended_reason), render(ended_reason)
        self.game_over = True
        self.winners = list(winners)
        self.end_reason = reason
        for w in winners:
            self.players[w].won = True
        names = [self.players[w] for w in winners] or msg("nobody (a draw)")
        self.log.add("The game ends; winner: {winners} ({reason})", rule, winners=names, reason=why)

    # ------------------------------------------------------------------ decision API
    def start(self, at_step: str | None = None, *, pregame: bool = False) -> None:
        """Begin play. ``pregame``: run the start-of-game procedure (CR 103) and turn 1.
        ``at_step``: begin in that step of the current turn (scenario positions), with
        summoning sickness, land plays etc. as set up."""
        if self._gen is not None:
            raise IllegalAction("the game has already started", "CR 103")
        if at_step is not None and at_step not in STEPS:
            raise IllegalAction(f"unknown step {at_step!r}", "CR 500.1")
        self._gen = self._main(at_step, pregame)
        self._advance(None)

    def pending(self) -> Decision | None:
        """The one decision the game waits for, or None when it is over."""
        if self.game_over:
            return None
        return self.interrupts[0][0] if self.interrupts else self._pending

    def recheck_priority(self) -> None:
        """Something outside the flow changed the game (R13's remedy): a pending priority decision
        is posed again after state-based actions and triggers (CR 117.5); other decisions stay."""
        from judgetower.rules.decisions import RECHECK
        if not self.game_over and self._pending is not None and self._pending.kind == "priority":
            self._advance(RECHECK)

    def interrupt(self, d: Decision, apply) -> None:
        """Pose ``d`` before the flow's pending decision; ``apply(choice)`` carries it out."""
        self.interrupts.append((d, apply))

    def legal_choices(self, player: int) -> list[Any]:
        check_seat(self, player)   # an int seat in range, else IllegalAction (principle 7)
        d = self.pending()
        if d is None or d.player != player:
            return []
        return list(d.options)

    def decide(self, player: int | str, choice: Any) -> None:
        """Apply ``player``'s ``choice`` to the pending decision; IllegalAction leaves the game
        untouched (principle 1)."""
        if isinstance(player, str):
            player = self.player_by_name(player).index
        player = check_seat(self, player)   # not a bool, not -1 read as the last seat
        if self.game_over:
            raise GameOverError(f"the game is over; {self.players[player].name}'s decision {show_value(choice)} is refused")
        d = self.pending()
        if d is None:
            raise IllegalAction("no decision is pending", "CR 117")
        if player != d.player:
            raise IllegalAction(f"{self.players[player].name} cannot decide now: the game waits for "
                                f"{self.players[d.player].name} ({d.prompt})", d.rule or "CR 117.1")
        choice = offered_option(self, d, choice)   # exactly an offered object, no look-alike
        if self.interrupts:
            _, apply = self.interrupts.pop(0)
            self.decisions.append((player, choice))
            apply(choice)
            return
        # judge mode (judgetower.judge): a choice referee mode would refuse is noted, hidden (JT-S2)
        noted = getattr(self.rules, "on_decision", lambda *a: None)(self, d, choice)
        self.decisions.append((player, choice))
        try:
            self._advance(choice)
        finally:
            if noted is not None:
                noted()

    def _advance(self, choice: Any) -> None:
        try:
            d = self._gen.send(choice)
            while True:
                if len(d.options) == 1 and d.context.get("auto", True):
                    d = self._gen.send(d.options[0])
                    continue
                break
            self._pending = d
        except StopIteration:
            self._pending = None
            if not self.game_over:
                self.end_game([], "no more turns", "CR 104")

    def ask(self, player: int, kind: str, options: list, prompt: Message, rule: str = "", **context):
        """Generator helper: yield a decision, return the choice (one option: taken at once).
        ``prompt``: a message (``msg(template, **params)``), so that it reads in French too."""
        if not options:
            raise RuntimeError(f"engine asked {kind!r} with no options: {prompt}")
        if len(options) == 1 and context.get("auto", True):
            return options[0]
        choice = yield Decision(player, kind, options, prompt, rule, context)
        return choice

    def ask_any_number(self, player: int, candidates: list, prompt, rule: str, **context):
        """Generator helper for "any number of" cards or objects (devour, amplify): chosen one at a
        time, each choice a decision; ``Done`` is offered first to stop, except in Judge Tower
        referee mode where "any number" is as many as possible (JT-C3, R9: ``rules.max_targets``).
        ``prompt(k)``: the prompt (a message) once k are chosen. Returns the chosen ids, in order."""
        from judgetower.rules.decisions import Done
        chosen: list = []
        while True:
            opts = [c for c in candidates if c not in chosen]
            if not opts:
                return chosen
            if not self.rules.max_targets:
                opts = [Done()] + opts
            c = yield from self.ask(player, "cards", opts, prompt(len(chosen)), rule, **context)
            if isinstance(c, Done):
                return chosen
            chosen.append(c)

    # ------------------------------------------------------------------ copies
    def snapshot(self) -> dict:
        """A comparable summary of the state (for replay checks), not a copy of the flow."""
        def z(lst):
            return [self.objects[i].name for i in lst]
        return {
            "turn": self.turn, "active": self.active, "step": self.step,
            "players": [(p.name, str(p.life), p.poison, p.lost, p.shame) for p in self.players],
            "zones": {k: z(v) for k, v in self.all_zone_lists()},
            "permanents": [(o.name, o.controller, o.tapped, o.damage, sorted(o.counters.items()))
                           for o in self.permanents()],
            "over": self.game_over, "winners": list(self.winners), "log": len(self.log),
        }

    def clone_state(self):
        return copy.deepcopy(self.snapshot())

    def zone_shared(self, zone: str, p: int) -> bool:
        """Judge Tower: one library and one graveyard for every player (JT-G5)."""
        return self.rules.zone_owner(self, zone, p) is None

    def library_said(self, p: int):
        """``p``'s library in a log line: "their library", or "the shared library" where the
        variant shares it (JT-G5)."""
        if self.zone_shared("library", p):
            return msg("the shared library")
        return msg("their library")

    def library_named(self, p: int):
        """``p``'s library named with its owner: "P1's library", or "the shared library" (JT-G5)."""
        if self.zone_shared("library", p):
            return msg("the shared library")
        return msg("{player}'s library", player=self.players[p])

    def graveyard_said(self, p: int):
        """``p``'s graveyard in a log line: "their graveyard", or "the shared graveyard" (JT-G5)."""
        if self.zone_shared("graveyard", p):
            return msg("the shared graveyard")
        return msg("their graveyard")

    def target_said(self, t):
        """A target (a player's PID or an object id) as a log parameter: the player or the object."""
        if isinstance(t, PID):
            return self.players[t.index]
        o = self.objects.get(t)
        return o if o is not None else str(t)

    def target_name(self, t) -> str:
        """A target's name in English (views, prompts)."""
        return render(self.target_said(t))
