"""Running scenario files (SCENARIOS.md): set up the position, play the actions, check."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from judgetower.cards.card import CardError
from judgetower.cards.pool import card_from_mapping, starter_pool
from judgetower.rules.decisions import Activate, Attack, Block, Cast, Decision, Done, Pass, PlayLand, Split
from judgetower.rules.errors import IllegalAction
from judgetower.rules.game import Game
from judgetower.rules.log import Term, msg
from judgetower.rules.state import PID, StackAbility
from judgetower.rules.turn.steps import STEPS
from judgetower.scenario.errors import Bad
from judgetower.scenario.model import PLAYER_EXPECT_ZONES, Scenario, ScenarioFileError

MAX_STEPS = 5000

#: The layouts a made-up card may have (MTGJSON names, SCENARIOS.md v1.1) -> the `CardDef.layout`
#: the engine plays it as; any other MTGJSON layout is named in the bad-file message.
MADE_UP_LAYOUTS = {"split": "split", "aftermath": "split", "adventure": "adventure", "modal_dfc": "modal_dfc",
                   "transform": "transform", "flip": "flip"}
MTGJSON_LAYOUTS = set(MADE_UP_LAYOUTS) | {"meld", "reversible_card", "double_faced_token", "art_series"}


class CardData:
    """A real-card data file (an MTGJSON AtomicCards file, `--data`), read once per process and
    indexed by card name and face name. Only the cards a scenario names are compiled (and the
    compiler caches them by name and text): nothing here compiles the whole file."""

    _cache: dict[str, "CardData"] = {}

    def __init__(self, path: str) -> None:
        from judgetower.cards.mtgjson import load_atomic
        self.path = path
        data = load_atomic(path)
        self.by_name: dict[str, Any] = {}
        self.folded: dict[str, str] = {}
        for card in data.cards:
            for n in (card.name, *card.face_names):
                self.by_name.setdefault(n, card)
                self.folded.setdefault(_fold(n), n)
        self._status: dict[str, Any] = {}

    @classmethod
    def load(cls, path: str) -> "CardData":
        """The data file at ``path``, parsed once per process (a `CardError` if unreadable)."""
        import os
        key = os.path.realpath(path)
        if key not in cls._cache:
            cls._cache[key] = cls(path)
        return cls._cache[key]

    def get(self, name: str):
        """The `AtomicCard` with that card or face name (exact, else ignoring case), or None."""
        if not isinstance(name, str):
            return None
        card = self.by_name.get(name)
        if card is None and _fold(name) in self.folded:
            card = self.by_name[self.folded[_fold(name)]]
        return card

    def status(self, card):
        """Whether the engine can play ``card`` (compiled once per process)."""
        if card.name not in self._status:
            self._status[card.name] = atomic_status(card)
        return self._status[card.name]


def _fold(name: str) -> str:
    return name.replace("\u2019", "'").casefold().strip()


def atomic_status(card):
    """`compiled_pool.CardStatus` of an `AtomicCard`: layout, facts and every face's sentences."""
    from judgetower.oracle import compile_card
    from judgetower.oracle.compiled_pool import status_of
    return status_of(card, [compile_card(f) for f in card.faces])


def default_data_path() -> str | None:
    """The file `judgetower cards download` fetched, when there is one (SCENARIOS.md v1.1)."""
    try:
        from judgetower.oracle.compiled_pool import default_data_file
        path = default_data_file()
    except Exception:   # no platformdirs, an unusable data dir: no default file
        return None
    return str(path) if path.exists() else None


STOP_KIND = "scenario_stop"
#: Decision kinds under which the engine asks how an amount is divided (CR 601.2d): "divide",
#: answered with a `Divide` (the amounts in target order).
DIVIDE_KINDS = ("divide",)


class _Pending:
    def __repr__(self) -> str:
        return "<chosen by a player>"


_PENDING = _Pending()


@dataclass
class Result:
    scenario: Scenario
    failures: list[str] = field(default_factory=list)
    bad: str = ""

    @property
    def passed(self) -> bool:
        return not self.failures and not self.bad



def make_variant(sc: Scenario):
    if sc.variant == "standard":
        return None
    try:
        from judgetower.variants.judge_tower import JudgeTowerRules
    except ImportError:
        raise Bad("variant", "the judge-tower variant is not available in this version") from None
    options = sc.data.get("options") or {}
    if options.get("house"):   # our extension: house rules (judgetower.variants.house)
        from judgetower.variants.judge_tower import make_rules
        return make_rules(sc.mode, bool(options.get("manual_triggers")), options["house"])
    return JudgeTowerRules(mode=sc.mode, manual_triggers=bool(options.get("manual_triggers")))


class Runner:
    def __init__(self, sc: Scenario, data: str | None = None) -> None:
        self.sc = sc
        self.d = sc.data
        self.game: Game | None = None
        self.names: list[str] = []
        self.data_path = data
        self.data: CardData | None = None
        self.notes: list[str] = []       # failed checks found while playing (e.g. `divide`)
        self._target_log: list | None = None
        self._stop_at: tuple | None = None

    # ------------------------------------------------------------------ set-up
    def build(self) -> Game:
        d = self.d
        if self.data_path:
            from judgetower.cards.card import CardError as _CE
            try:
                self.data = CardData.load(self.data_path)
            except _CE as e:
                raise Bad("--data", str(e)) from None
        elif d.get("data") == "required":
            raise Bad("data", "this file plays real cards: give a card data file with --data FILE "
                              "(an MTGJSON AtomicCards file), or run `judgetower cards download`")
        pool = starter_pool()
        extra = []
        for i, m in enumerate(d.get("cards", []) or []):
            if not isinstance(m, dict):
                raise Bad(f"cards[{i}]", "each made-up card is a mapping")
            card = self._made_up_card(m, f"cards[{i}]")
            names = {card.name, *(f.name for f in card.faces)}
            for n in sorted(names):
                if n in pool or any(n in {f.name for f in c.faces} for c in extra + [c for c in pool if c.faces]):
                    raise Bad(f"cards[{i}].name", f"{n!r} clashes with a card of the starter tower"
                              if n in pool else f"{n!r} clashes with another card")
                if self.data is not None and self.data.get(n) is not None:
                    raise Bad(f"cards[{i}].name", f"{n!r} clashes with a real card of the data file "
                                                   f"{self.data.path} ({self.data.get(n).name!r})")
            if any(card.name == c.name for c in extra):
                raise Bad(f"cards[{i}].name", f"{card.name!r} is made up twice")
            extra.append(card)
        if extra:
            pool = pool.with_cards(extra)
        self.pool = pool
        self.made_up = {c.name for c in extra}
        self._check_known_cards()
        g = self._new_game()
        self.game = g
        self._install_hooks(g)
        rules = g.rules
        players = d["players"]
        if getattr(rules, "mode", None) == "judge":
            from judgetower.judge import attach
            from judgetower.scenario.judge_keys import setup_spectators
            attach(g)
            setup_spectators(g, self)   # judge mode: top-level `spectators` (JT-G12, R16)
        start = d.get("start", {"turn": 1, "active": self.names[0], "step": "precombat_main"})
        state = d.get("state", {}) or {}
        if start == "game":
            self._place(state, pregame=True)
            g.start(pregame=True)
        else:
            g.turn = int(start.get("turn", 1))
            g.active = self.names.index(start.get("active", self.names[0]))
            step = start.get("step", "precombat_main")
            if step not in STEPS:
                raise Bad("start.step", f"unknown step {step!r}")
            g.is_first_turn_of_game = g.turn == 1
            self._place(state, pregame=False)
            g.start(at_step=step)
        return g

    def _new_game(self) -> Game:
        players = self.d["players"]
        self.names = [p if isinstance(p, str) else str(p["name"]) for p in players]
        rules = make_variant(self.sc)
        g = Game(self.names, seed=self.sc.seed, rules=rules)
        if rules is not None and hasattr(rules, "setup_players"):
            rules.setup_players(g, [p if isinstance(p, dict) else {"name": p} for p in players])
        return g

    def _made_up_card(self, m: dict, key: str):
        """A made-up card (`cards:`): one face's keys, or (v1.1) {name, layout, faces: [...]}."""
        if "faces" not in m and "layout" not in m:
            try:
                return card_from_mapping(m, key)
            except CardError as e:
                raise Bad(key, str(e)) from None
        from judgetower.cards.mtgjson import AtomicCard
        extra = sorted(str(k) for k in m if k not in ("name", "layout", "faces", "name_fr"))
        if extra:
            raise Bad(f"{key}.{extra[0]}", "unknown key of a card with several faces (name, layout, faces)")
        layout = m.get("layout")
        if layout not in MADE_UP_LAYOUTS:
            what = "a layout the engine does not play yet" if layout in MTGJSON_LAYOUTS else "not a layout"
            raise Bad(f"{key}.layout", f"{layout!r}: {what} (layouts: {', '.join(sorted(MADE_UP_LAYOUTS))})")
        faces = m.get("faces")
        if not isinstance(faces, list) or len(faces) != 2:
            raise Bad(f"{key}.faces", "a list of 2 faces, each with the keys of a made-up card")
        defs = []
        for j, f in enumerate(faces):
            if not isinstance(f, dict):
                raise Bad(f"{key}.faces[{j}]", "each face is a mapping with the keys of a made-up card")
            try:
                defs.append(card_from_mapping(f, f"{key}.faces[{j}]"))
            except CardError as e:
                raise Bad(f"{key}.faces[{j}]", str(e)) from None
        joined = " // ".join(f.name for f in defs)
        name = m.get("name")
        if not isinstance(name, str) or name != joined:
            raise Bad(f"{key}.name", f"a card with several faces is named by its faces: {joined!r}, got {name!r}")
        card = AtomicCard(name=name, layout=layout, faces=tuple(defs), face_names=tuple(f.name for f in defs))
        whole = card.game_card
        if whole is None:
            try:
                from judgetower.cards.card import whole_card
                whole_card(MADE_UP_LAYOUTS[layout], tuple(defs))
            except CardError as e:
                raise Bad(f"{key}.faces", str(e)) from None
            raise Bad(f"{key}.faces", f"not a valid {layout} card")
        return whole

    def _check_known_cards(self) -> None:
        """Every card the file names is known (starter tower, made-up cards, the data file's real
        cards: SCENARIOS.md v1.1) and playable; the data file's cards named are added to the pool
        (only those: the rest of the file is never compiled)."""
        names: dict[str, str] = {}

        def add(entry, key):
            if isinstance(entry, dict):
                entry = entry.get("card")
            if isinstance(entry, str):
                names.setdefault(entry, key)

        for who, zones in (self.d.get("state") or {}).items():
            for z, v in (zones or {}).items():
                if isinstance(v, list):
                    for i, e in enumerate(v):
                        add(e, f"state.{who}.{z}[{i}]")
        refs = self._named_refs()
        face_names = {f.name: c.name for c in self.pool for f in c.faces}
        real: dict[str, Any] = {}      # card name -> AtomicCard, from the data file
        real_keys: dict[str, str] = {}  # card name -> the key naming it first
        unknown: list[tuple[str, str]] = []
        for n, key in list(names.items()) + [(n, k) for n, k in refs.items() if n not in names]:
            if n in self.pool or n in face_names:
                continue
            card = self.data.get(n) if self.data is not None else None
            if card is None:
                unknown.append((n, key))
                continue
            real.setdefault(card.name, card)
            real_keys.setdefault(card.name, key)
        if unknown:
            msgs = []
            for n, _k in unknown:
                try:
                    self.pool.get(n)
                except CardError as e:
                    msgs.append(str(e))
            hint = "" if self.data is not None else " (real cards need a card data file: --data FILE)"
            raise Bad(unknown[0][1], "unknown card(s): " + "; ".join(msgs) + hint)
        # a card whose rules text is not fully understood is refused, never played wrongly
        # (DESIGN.md principle 4): name it and the text the compiler did not understand
        from judgetower.oracle import compile_card
        refused = []
        for name, card in real.items():
            st = self.data.status(card)
            if not st.playable or card.game_card is None:
                refused.append(f"{name!r} ({'; '.join(st.why()) or 'layout ' + card.layout})")
        if refused:
            raise Bad("state" if len(refused) > 1 else real_keys[next(n for n in real if repr(n) in refused[0])],
                      "card(s) the engine cannot play yet: " + ", ".join(refused))
        if real:
            self.pool = self.pool.with_cards([c.game_card for c in real.values()
                                              if c.game_card.name not in self.pool])
            face_names = {f.name: c.name for c in self.pool for f in c.faces}
        for n in names:
            if n in face_names and n not in self.pool:
                continue
            card = self.pool.get(n)
            if card.faces:
                from judgetower.cards.mtgjson import AtomicCard
                layout = card.layout
                st = atomic_status(AtomicCard(name=card.name, layout=layout, faces=card.faces,
                                              face_names=tuple(f.name for f in card.faces)))
                bad = list(st.unsupported)
            else:
                bad = list(compile_card(card).unsupported)
            if bad:
                refused.append(f"{n!r} ({'; '.join(repr(u) for u in bad)})")
        if refused:
            raise Bad("state", "card(s) the engine cannot play yet, text not understood: " + ", ".join(refused))

    def _named_refs(self) -> dict[str, str]:
        """Card names referenced by `actions` and `expect` -> the key naming the first use.
        References drop `@PLAYER`/`#N`; tokens ("Spirit Token", CR 111.4) are not cards."""
        out: dict[str, str] = {}
        names = [p if isinstance(p, str) else str(p.get("name")) for p in self.d.get("players") or []
                 if isinstance(p, (str, dict))]

        def ref(value, key):
            if isinstance(value, str):
                base = _parse_ref(value)[0]
                if base and not base.endswith(" Token") and base not in names:
                    out.setdefault(base, key)

        for i, a in enumerate(self.d.get("actions") or []):
            if isinstance(a, dict):
                ref(a.get("cast"), f"actions[{i}].cast")
                ref(a.get("play_land"), f"actions[{i}].play_land")
                act = a.get("activate")
                ref(act.get("card") if isinstance(act, dict) else act, f"actions[{i}].activate")
        expect = self.d.get("expect") or {}
        for k, v in expect.items():
            if k in ("stack", "exile") and isinstance(v, list):
                for e in v:
                    ref(e, f"expect.{k}")
            elif k == "exile_has" and isinstance(v, dict):
                for e in v:
                    ref(e, f"expect.{k}")
            elif k == "permanents" and isinstance(v, list):
                for j, spec in enumerate(v):
                    if isinstance(spec, dict):
                        ref(spec.get("card"), f"expect.permanents[{j}].card")
            elif (k in names or k == "shared") and isinstance(v, dict):
                for zk, val in v.items():
                    if isinstance(val, list):
                        for e in val:
                            ref(e, f"expect.{k}.{zk}")
                    elif str(zk).endswith("_has") and isinstance(val, dict):
                        for e in val:
                            ref(e, f"expect.{k}.{zk}")
        return out

    def _card(self, name: str, key: str):
        try:
            return self.pool.get(name)
        except CardError as e:
            raise Bad(key, str(e)) from None

    def _place(self, state: dict, pregame: bool) -> None:
        g = self.game
        for who, zones in state.items():
            if who == "shared":
                for z in ("library", "graveyard", "exile"):
                    entries = (zones or {}).get(z, []) or []
                    if z == "library":
                        entries = list(reversed(entries))
                    for i, e in enumerate(entries):
                        owner = 0
                        if isinstance(e, dict):
                            owner = self.names.index(e["owner"]) if e.get("owner") in self.names else 0
                            e = e["card"]
                        g.make_card(self._card(e, f"state.shared.{z}[{i}]"), owner, z)
                continue
            p = self.names.index(who)
            for z in ("life", "shame", "poison"):
                if z in zones:
                    val = zones[z]
                    if z == "life":
                        g.players[p].life = math.inf if val in ("inf", math.inf) else int(val)
                    elif z == "shame":
                        g.players[p].shame = int(val)
                    else:
                        g.players[p].poison = int(val)
            if pregame and "hand" in zones:
                raise Bad(f"state.{who}.hand", "with `start: game` the hands are drawn, not set")
            for z in ("library", "hand", "graveyard", "exile"):
                entries = zones.get(z, []) or []
                if z == "library":
                    entries = list(reversed(entries))
                for i, e in enumerate(entries):
                    owner = p
                    if isinstance(e, dict):
                        if e.get("owner") is not None:
                            if e["owner"] not in self.names:
                                raise Bad(f"state.{who}.{z}[{i}].owner", f"{e['owner']!r} is not a player")
                            owner = self.names.index(e["owner"])
                        e = e.get("card")
                    g.make_card(self._card(e, f"state.{who}.{z}[{i}]"), owner, z)
            listed: list[tuple[Any, Any]] = []
            for i, e in enumerate(zones.get("battlefield", []) or []):
                spec = e if isinstance(e, dict) else {"card": e}
                key = f"state.{who}.battlefield[{i}]"
                extra = set(spec) - {"card", "tapped", "sick", "damage", "counters", "attached_to", "owner", "face"}
                if extra:
                    raise Bad(f"{key}.{sorted(extra)[0]}", "unknown key")
                owner = p
                if spec.get("owner") is not None:
                    if spec["owner"] not in self.names:
                        raise Bad(f"{key}.owner", f"{spec['owner']!r} is not a player")
                    owner = self.names.index(spec["owner"])
                card_name, face = spec.get("card"), spec.get("face", "front")
                back_of = {f.name: c for c in self.pool for f in c.faces[1:]}
                if card_name not in self.pool and card_name in back_of:
                    card_name, face = back_of[card_name].name, "back"   # named by its back face
                o = g.make_card(self._card(card_name, key), owner, "battlefield")
                if face == "back":
                    self._turn_back_face_up(o, f"{key}.face")
                o.controller = p
                o.tapped = bool(spec.get("tapped", False))
                o.sick = bool(spec.get("sick", False))
                o.damage = int(spec.get("damage", 0))
                for k, v in (spec.get("counters") or {}).items():
                    o.counters[str(k)] = int(v)
                listed.append((spec, o))
            for i, (spec, o) in enumerate(listed):
                if spec.get("attached_to"):
                    ref = spec["attached_to"]
                    hosts = [x for s, x in listed if x.name == ref or f"{x.name}@{who}" == ref]
                    if not hosts:
                        hosts = [g.objects[x] for x in g.battlefield if _ref_matches(g, g.objects[x], ref, self.names)]
                    if len(hosts) != 1:
                        raise Bad(f"state.{who}.battlefield[{i}].attached_to", f"{ref!r} names {len(hosts)} listed permanents")
                    o.attached_to = hosts[0].id
            g.touch()

    def _turn_back_face_up(self, o, key: str) -> None:
        """`{card: NAME, face: back}` (SCENARIOS.md v1.1): the permanent has its back face up: a
        transformed double-faced card (CR 712.8e), a flipped flip card (CR 710.2), a modal
        double-faced card put onto the battlefield with its back face up (CR 712.8f)."""
        g = self.game
        card = o.card
        if card is None or not card.faces or card.layout not in ("transform", "flip", "modal_dfc"):
            raise Bad(key, f"{o.name} has no back face to put up (a transform, flip or modal_dfc card has one)")
        if card.layout == "modal_dfc":
            from judgetower import oracle
            o.home = (card, o.compiled)
            o.card = card.faces[1]
            o.compiled = oracle.compile_card(o.card)
            o.face_index = 1
        else:
            g._faces2_turn(o, 1)   # the same object, its back face up (CR 712.18)
        g.touch()

    def _face_in(self, ref: str, ids: list, key: str):
        """(object id, face index) of the card among ``ids`` with a face named ``ref``; (None, None)."""
        g = self.game
        base, _nth, _who = _parse_ref(str(ref))
        hits = []
        for i in ids:
            card = g.objects[i].card
            for j, f in enumerate(getattr(card, "faces", ()) or ()):
                if f.name == base:
                    hits.append((i, j))
        if not hits:
            return None, None
        if len({g.objects[i].card.name for i, _ in hits}) > 1:
            raise Bad(key, f"{ref!r} is a face of {len(hits)} different cards: name the card")
        return hits[0]

    # ------------------------------------------------------------------ hooks
    def _install_hooks(self, g: Game) -> None:
        """Two observation points the runner needs and the engine's flow does not offer, set on
        this game object only (the engine's code is unchanged):

        * every target choice (`Game.ask` of kind "target"), made by a player or automatically
          because it had one legal option, is logged in order, so that `targets:` can be matched
          one by one to the target decisions (SCENARIOS.md v1.1 "Targets in order");
        * `{to: STEP}` for a step in which no player gets a decision (untap, CR 502.4; a cleanup
          step without priority, CR 514.3) stops once that step's turn-based actions are done:
          the step's turn-based actions are followed by a runner-only pause (v1.1 "Steps without
          decisions")."""
        orig_ask = g.ask
        runner = self

        def ask(player, kind, options, prompt, rule="", **context):
            if kind == "target" and runner._target_log is not None:
                auto = len(options) == 1 and context.get("auto", True)
                runner._target_log.append(options[0] if auto else _PENDING)
            return (yield from orig_ask(player, kind, options, prompt, rule, **context))

        orig_tba = g._turn_based_actions

        def turn_based_actions(step):
            yield from orig_tba(step)
            stop = runner._stop_at
            if stop is not None and stop[0] == step and (stop[1] is None or stop[1] == g.turn) and not g.game_over:
                runner._stop_at = None
                yield Decision(g.active, STOP_KIND, [Pass()],
                               msg("scenario stop: the {step} step has begun", step=Term(step.replace('_', ' '))),
                               "", {"auto": False})

        g.ask = ask
        g._turn_based_actions = turn_based_actions

    def release_stop(self) -> None:
        """Leave a runner-only pause (a `{to: STEP}` in a step without decisions)."""
        g = self.game
        d = g.pending()
        if d is not None and d.kind == STOP_KIND:
            g._advance(d.options[0])

    # ------------------------------------------------------------------ references
    def resolve_ref(self, ref: Any, candidates: list, key: str, zone_hint: str | None = None):
        """A card or player reference against a list of candidate ids / PIDs."""
        g = self.game
        if not isinstance(ref, str):
            ref = str(ref)
        if ref in self.names:
            pid = PID(self.names.index(ref))
            return pid
        base, nth, who = _parse_ref(ref)
        matches = []
        for c in candidates:
            if isinstance(c, PID) or isinstance(c, (Done,)):
                continue
            o = g.objects[c]
            # kw2: a face-down morph is named by its card in a scenario file (the file sees all)
            real = o.card.name if getattr(o, "kw2_morph", False) and getattr(o, "card", None) else None
            if getattr(o, "exile_cast_foretold", None) is not None and getattr(o, "card", None):
                real = o.card.name   # exilecast: a foretold card is named by its card too (CR 702.143a)
            if o.name != base and getattr(o, "source_name", None) != base and real != base:
                continue
            if who is not None:
                wi = self.names.index(who) if who in self.names else -1
                owner_like = o.controller if o.zone in ("battlefield", "stack") else o.owner
                if owner_like != wi:
                    continue
            matches.append(c)
        if nth is not None:
            if nth - 1 < len(matches):
                return matches[nth - 1]
            raise Bad(key, f"{ref!r}: there is no #{nth}")
        if not matches:
            return None
        if len(matches) > 1:
            objs = [g.objects[m] for m in matches]
            if all(o.zone == "hand" for o in objs):
                return matches[0]
            if len({o.name for o in objs}) == 1 and len({(o.zone, o.controller) for o in objs}) == 1 and all(
                    o.zone == "hand" or o.zone == "library" for o in objs):
                return matches[0]
            raise Bad(key, f"{ref!r} is ambiguous ({len(matches)} such objects): use Name@Player or Name#N")
        return matches[0]

    def find_anywhere(self, ref: str, key: str):
        g = self.game
        every = list(g.battlefield) + list(g.stack) + list(g.exile)
        for lst in g.zones.values():
            every += lst
        r = self.resolve_ref(ref, every, key)
        if r is None:
            raise Bad(key, f"{ref!r} names no object in the game")
        return r

    # ------------------------------------------------------------------ driving
    def pending(self):
        return self.game.pending()

    def decide(self, player: int, choice) -> None:
        self.game.decide(player, choice)

    def settle(self, next_action) -> None:
        """Make default choices for non-priority decisions, unless the next action is a
        `choose` by the deciding player."""
        g = self.game
        for _ in range(MAX_STEPS):
            d = g.pending()
            if d is None or d.kind == "priority":
                return
            if _is_choose_for(next_action, self.names, d.player):
                return
            self.decide(d.player, self.default_choice(d))
        raise Bad("actions", "the game did not come back to priority")

    def default_choice(self, d):
        """SCENARIOS.md: the first legal option; in Judge Tower the autopilot's compliant choice
        (in judge mode, among the options referee mode would accept)."""
        g = self.game
        if getattr(g.rules, "name", "standard") != "judge-tower":
            return d.options[0]
        from dataclasses import replace

        from judgetower.agents.autopilot import Autopilot
        if getattr(g.rules, "mode", None) == "judge" and d.kind != "priority":
            from judgetower.judge.violations import referee_refusal
            ok = [o for o in d.options if referee_refusal(g, d, o) is None]
            if ok and len(ok) < len(d.options):
                d = replace(d, options=ok)
        return Autopilot().choose_decision(g, d)

    def pass_until(self, cond, key: str, forbid_progress: bool = False, next_action=None) -> None:
        g = self.game
        start_stack = list(g.stack)
        start_step = (g.turn, g.step)
        for _ in range(MAX_STEPS):
            if g.game_over:
                raise Bad(key, "the game ended before this action could be taken")
            d = g.pending()
            if cond(d):
                return
            if d.kind != "priority":
                self.decide(d.player, self.default_choice(d))
                continue
            if forbid_progress:
                # would this pass resolve something or end the step?
                alive = len(g.alive_players())
                if self._passes_in_row + 1 >= alive:
                    raise Bad(key, "reaching this player's priority would resolve the stack or end the step")
            self._pass(d.player, key)
            if forbid_progress and (list(g.stack) != start_stack or (g.turn, g.step) != start_step):
                raise Bad(key, "reaching this player's priority would resolve the stack or end the step")
        raise Bad(key, "the game never reached the required point")

    _passes_in_row = 0

    def _pass(self, player: int, key: str) -> None:
        g = self.game
        self.check_can_pass(player, key)
        before = (list(g.stack), g.turn, g.step)
        self.decide(player, Pass())
        after = (list(g.stack), g.turn, g.step)
        self._passes_in_row = self._passes_in_row + 1 if before == after else 0

    def check_can_pass(self, player: int, key: str) -> None:
        g = self.game
        if Pass() not in g.legal_choices(player):
            rule = g.why_illegal(g.pending(), Pass())
            raise Bad(key, f"the runner would have to pass for {self.names[player]}, who may not pass ({rule}); spell out that player's actions")

    def ensure_priority(self, player: int, key: str) -> None:
        self._passes_in_row = 0
        self.pass_until(lambda d: d is not None and d.kind == "priority" and d.player == player, key, forbid_progress=True)

    def run_action(self, i: int, a, next_action) -> None:
        g = self.game
        self._next_action = next_action
        key = f"actions[{i}]"
        self.release_stop()
        if a == "pass" or (isinstance(a, dict) and a.get("pass")):
            d = g.pending()
            if d is None or d.kind != "priority":
                raise Bad(key, "no player holds priority")
            if isinstance(a, dict) and a.get("player"):
                p = self.names.index(a["player"])
                if d.player != p:
                    raise Bad(key, f"{a['player']} does not hold priority ({self.names[d.player]} does)")
            self.decide(d.player, Pass())
            self.settle(next_action)
            return
        if a == "resolve":
            if not g.stack:
                raise Bad(key, "resolve: the stack is empty")
            top = g.stack[-1]
            for _ in range(MAX_STEPS):
                if g.game_over:
                    return
                d = g.pending()
                if top not in g.stack and d is not None and d.kind == "priority":
                    return
                if d.kind != "priority":
                    if top not in g.stack and _is_choose_for(next_action, self.names, d.player):
                        return
                    if _is_choose_for(next_action, self.names, d.player):
                        return
                    self.decide(d.player, self.default_choice(d))
                    continue
                self.check_can_pass(d.player, key)
                self.decide(d.player, Pass())
            raise Bad(key, "resolve did not finish")
        if not isinstance(a, dict):
            raise Bad(key, f"unknown action {a!r}")
        if "to" in a:
            step = a["to"]
            if step not in STEPS:
                raise Bad(f"{key}.to", f"unknown step {step!r}")
            turn = a.get("turn")
            # v1.1: a step in which no decision may be pending (untap, CR 502.4; cleanup, CR
            # 514.3) is stopped at once its turn-based actions are done
            no_decision = step in ("untap", "cleanup")
            if no_decision:
                self._stop_at = (step, None if turn is None else int(turn))

            def reached(d):
                if d is not None and d.kind == STOP_KIND:
                    return True
                if g.step != step or (turn is not None and g.turn != int(turn)):
                    return False
                return d is not None
            try:
                for _ in range(MAX_STEPS):
                    if g.game_over:
                        return
                    d = g.pending()
                    if reached(d):
                        return
                    if d.kind != "priority":
                        self.decide(d.player, self.default_choice(d))
                        continue
                    self.check_can_pass(d.player, key)
                    self.decide(d.player, Pass())
            finally:
                self._stop_at = None
            raise Bad(key, f"never reached step {step}")
        p = self.names.index(a["player"]) if "player" in a else None
        if "choose" in a:
            d = g.pending()
            if d is None:
                raise Bad(key, "nothing to choose: the game is over")
            if p is not None and d.player != p:
                raise Bad(key, f"{a['player']} has no decision pending ({self.names[d.player]} does: {d.prompt})")
            if d.kind == "priority":
                # a choice is answered when its decision is pending, e.g. a trigger's choice only
                # once the trigger resolves (SCENARIOS.md): not a crash, a bad file
                raise Bad(key, f"nothing to choose: {self.names[d.player]} holds priority ({d.prompt}); `resolve` first?")
            self.answer(d, a["choose"], key)
            self.settle(next_action)
            return
        if any(k in a for k in ("call", "dispute", "vote")):
            # judge mode (SCENARIOS.md): the person is named by `by`, not `player`
            from judgetower.scenario.judge_keys import scenario_action
            scenario_action(g, self, a, key)
            return
        if p is None:
            raise Bad(key, "this action needs `player`")
        if "cast" in a:
            self.ensure_priority(p, key)
            ref = self.resolve_ref(a["cast"], list(g.hand(p)), f"{key}.cast")
            if ref is None:
                # kwcosts: a card not in the hand is cast from the graveyard (flashback, CR 702.34a)
                ref = self.resolve_ref(a["cast"], [i for i in g.graveyard(p) if g.can_flashback(g.objects[i])],
                                       f"{key}.cast")
            if ref is None:
                # exilecast: a card its owner may cast from exile (foretold, CR 702.143a; an
                # effect's permission, CR 601.2a)
                ref = self.resolve_ref(a["cast"], [i for i in g.exile if (getattr(g.objects[i], "exile_cast_foretold", None) or (None,))[0] == p
                                        or (getattr(g.objects[i], "exile_cast_may_play", None) or (None,))[0] == p
                                        # faces: a card exiled by its resolving Adventure (CR 715.3d)
                                        or getattr(g.objects[i], "adventure_player", None) == p],
                                       f"{key}.cast")
            face = None
            if ref is None:
                # v1.1 faces: a face of a multi-faced card, named by the face's name: a split
                # card's half (CR 709.3), an Adventure (CR 715.3), a modal DFC's back (CR 712.11b)
                ref, face = self._face_in(a["cast"], list(g.hand(p)) + list(g.graveyard(p)), f"{key}.cast")
            if ref is None:
                raise Bad(f"{key}.cast", f"{a['cast']!r} is not in {a['player']}'s hand")
            self._begin_targets(a.get("targets"))
            self.decide(p, Cast(ref, alternative=bool(a.get("alternative", False)), face=face))
            self.feed_cast_choices(p, a, key)
            self._check_given_options(p, a, key)
            self.settle(next_action)
            return
        if "activate" in a:
            act = a["activate"]
            if not isinstance(act, dict) or "card" not in act:
                raise Bad(f"{key}.activate", "use {card: NAME, ability: K}")
            self.ensure_priority(p, key)
            perms = [o.id for o in g.permanents(p)]
            ref = self.resolve_ref(act["card"], perms, f"{key}.activate.card")
            if ref is None:
                # kwcosts: a card in the hand or graveyard with an ability that functions there
                # (cycling, CR 702.29a; unearth, CR 702.84a)
                ref = self.resolve_ref(act["card"], [i for z in ("hand", "graveyard") for i in g.zone_list(z, p) if any(
                    ab.zone == z for ab in g.activated_abilities(g.objects[i]))], f"{key}.activate.card")
            if ref is None:
                # actcost: another player's permanent whose ability any player may activate (CR 602.2)
                ref = self.resolve_ref(act["card"], [o.id for o in g.permanents() if o.controller != p and any(
                    getattr(ab, "actcost_any_player", False) for ab in g.activated_abilities(o))], f"{key}.activate.card")
            if ref is None:
                raise Bad(f"{key}.activate.card", f"{act['card']!r} is not a permanent {a['player']} controls")
            k = int(act.get("ability", 1))
            if k < 1 or k > len(g.activated_abilities(g.objects[ref])):
                raise Bad(f"{key}.activate.ability", f"{act['card']} has no activated ability {k}")
            targets = a.get("targets", act.get("targets"))
            self._begin_targets(targets)
            self.decide(p, Activate(ref, k - 1))
            self.feed_cast_choices(p, {**a, "targets": targets, "divide": a.get("divide", act.get("divide"))}, key)
            self.settle(next_action)
            return
        if "play_land" in a:
            self.ensure_priority(p, key)
            ref = self.resolve_ref(a["play_land"], list(g.hand(p)), f"{key}.play_land")
            if ref is None:   # exilecast: a land an effect lets the player play from exile (CR 305.1)
                ref = self.resolve_ref(a["play_land"], [i for i in g.exile if g.may_play_land(p, g.objects[i])],
                                       f"{key}.play_land")
            face = None
            if ref is None:   # v1.1 faces: a modal double-faced card's land face (CR 712.12)
                ref, face = self._face_in(a["play_land"], list(g.hand(p)), f"{key}.play_land")
            if ref is None:
                raise Bad(f"{key}.play_land", f"{a['play_land']!r} is not in {a['player']}'s hand")
            self.decide(p, PlayLand(ref, face=face) if face is not None else PlayLand(ref))
            self.settle(next_action)
            return
        if "attack" in a:
            turn0 = g.turn
            decl = STEPS.index("declare_attackers")

            def attackers_pending(d):
                if d is not None and d.kind == "attackers" and d.player == p:
                    return True
                # the declaration was skipped: no creature could attack (CR 508.8); stop there
                return g.turn == turn0 and STEPS.index(g.step) >= decl and g.active == p
            self.pass_until(attackers_pending, key)
            at = a.get("at")
            for name in a["attack"] or []:
                d = g.pending()
                ref = self.resolve_ref(name, [o.id for o in g.permanents(p)], f"{key}.attack")
                if ref is None:
                    raise Bad(f"{key}.attack", f"{name!r} is not a permanent {a['player']} controls")
                if at is None:
                    opts = [o for o in d.options if isinstance(o, Attack) and o.creature == ref]
                    defender = opts[0].defender if opts else PID(g.next_player(p))
                elif at in self.names:
                    defender = PID(self.names.index(at))
                else:
                    defender = self.resolve_ref(at, list(g.battlefield), f"{key}.at")
                if (d is None or d.kind != "attackers" or d.player != p) and g.objects[ref].attacking is not None \
                        and (at is None or g.objects[ref].attacking == defender):
                    continue  # declared by the engine: its only legal choice (e.g. JT-C5 in referee mode)
                if d is None or d.kind != "attackers" or d.player != p:
                    # the declaration ended on its own (no other creature could attack): this one
                    # can't attack; cite why (CR 508.1a, 302.6, 702.3b...)
                    raise IllegalAction(f"{name} can't attack", g.why_illegal(
                        Decision(p, "attackers", [], msg("declare attackers"), "CR 508.1a"), Attack(ref, defender)))
                self.decide(p, Attack(ref, defender))
            d = g.pending()
            if d is not None and d.kind == "attackers" and d.player == p:
                self.decide(p, Done())
            self._check_declared(p, "attackers", a["attack"] or [], key)
            self.settle(next_action)
            return
        if "block" in a:
            turn0 = g.turn

            def blockers_pending(d):
                return d is not None and d.kind == "blockers" and d.player == p

            def past_blockers(d):
                return d is not None and (g.turn != turn0 or STEPS.index(g.step) > STEPS.index("declare_blockers"))
            self.pass_until(lambda d: blockers_pending(d) or past_blockers(d), key)
            if not blockers_pending(g.pending()) and any(o.blocking for o in g.permanents(p)):
                # the engine declared the blocks itself, its only legal choice (e.g. JT-C5 in
                # referee mode): check them against the file's declaration
                self._check_declared(p, "blockers", a["block"] or {}, key)
                self.settle(next_action)
                return
            if not blockers_pending(g.pending()):
                # the declaration was skipped: no block was legal for this player (CR 509.1a);
                # cite why the named block is illegal (CR 702.9b, 702.14c, 702.16f...)
                for bname, aname in (a["block"] or {}).items():
                    b = self.resolve_ref(bname, [o.id for o in g.permanents(p)], f"{key}.block")
                    att = self.resolve_ref(aname, [o.id for o in g._attackers()], f"{key}.block")
                    if b is None or att is None:
                        raise Bad(f"{key}.block", f"{bname!r} can't block {aname!r}: no such blocker or attacker")
                    raise IllegalAction(f"{bname} can't block {aname}", g.why_illegal(
                        Decision(p, "blockers", [], msg("declare blockers"), "CR 509.1a"), Block(b, att)))
                raise Bad(f"{key}.block", "no blockers declaration was pending")
            for bname, aname in (a["block"] or {}).items():
                b = self.resolve_ref(bname, [o.id for o in g.permanents(p)], f"{key}.block")
                if b is None:
                    raise Bad(f"{key}.block", f"{bname!r} is not a creature {a['player']} controls")
                att = self.resolve_ref(aname, [o.id for o in g._attackers()], f"{key}.block")
                if att is None:
                    raise Bad(f"{key}.block", f"{aname!r} is not an attacking creature")
                if not blockers_pending(g.pending()) and att in g.objects[b].blocking:
                    continue  # declared by the engine: its only legal choice
                self.decide(p, Block(b, att))
            d = g.pending()
            if d is not None and d.kind == "blockers" and d.player == p:
                self.decide(p, Done())
            self._check_declared(p, "blockers", a["block"] or {}, key)
            self.settle(next_action)
            return
        raise Bad(key, f"unknown action {a!r}")

    def _check_declared(self, p: int, kind: str, named, key: str) -> None:
        """The file's attack/block declaration is the whole declaration: a creature the engine
        added because it was the only legal choice left (JT-C5 in referee mode) means the file
        named an illegal declaration (cite why stopping short was illegal), or, if the file
        named a block the engine did not make, that block was illegal."""
        g = self.game
        if kind == "attackers":
            want = {self.resolve_ref(n, [o.id for o in g.permanents(p)], f"{key}.attack") for n in named}
            extra = [o for o in g.permanents(p) if o.attacking is not None and o.id not in want]
        else:
            want = {}
            for bname, aname in named.items():
                b = self.resolve_ref(bname, [o.id for o in g.permanents(p)], f"{key}.block")
                att = self.resolve_ref(aname, list(g.battlefield), f"{key}.block")
                want[b] = att
                if b is not None and att not in g.objects[b].blocking:
                    raise IllegalAction(f"{bname} can't block {aname}", g.why_illegal(
                        Decision(p, "blockers", [], msg("declare blockers"), "CR 509.1a"), Block(b, att)))
            extra = [o for o in g.permanents(p) if o.blocking and o.id not in want]
        if extra:
            names = ", ".join(o.name for o in extra)
            raise IllegalAction(f"the declaration named stops short: {names} must also be declared ({kind})",
                                g.why_illegal(Decision(p, kind, [], msg("declare attackers") if kind == "attackers"
                                                       else msg("declare blockers"),
                                                       "CR 508.1" if kind == "attackers" else "CR 509.1"), Done()))

    def _begin_targets(self, targets) -> None:
        """Start logging the target choices of the spell or ability being announced."""
        self._target_log = []
        self._tgt_listed = list(targets or [])
        self._tgt_ptr = 0      # the next listed target to match
        self._tgt_seen = 0     # log entries matched so far

    def _sync_targets(self, key: str, pending: bool) -> None:
        """SCENARIOS.md v1.1, targets in order: each target decision, in order, takes the next
        listed target; one the engine made alone (one legal choice) must be the one listed.
        ``pending``: the last logged decision is the one now pending (answered by the caller)."""
        log = self._target_log or []
        upto = len(log) - 1 if pending else len(log)
        while self._tgt_seen < upto:
            chosen = log[self._tgt_seen]
            self._tgt_seen += 1
            if chosen is _PENDING or self._tgt_ptr >= len(self._tgt_listed):
                continue
            ref = self._tgt_listed[self._tgt_ptr]
            r = self.resolve_ref(ref, [chosen], f"{key}.targets")
            if r is None:
                r = self.find_anywhere(ref, f"{key}.targets")
            if r != chosen:
                g = self.game
                from judgetower.rules.decisions import Decision
                who = g.pending().player if g.pending() is not None else 0
                why = g._why_target(Decision(who, "target", [], msg("choose targets")), r)
                what = self.names[chosen.index] if isinstance(chosen, PID) else g.objects[chosen].name
                raise IllegalAction(f"target {self._tgt_ptr + 1} listed is {ref!r}, but the only legal choice "
                                    f"for that target is {what}", why)
            self._tgt_ptr += 1

    def feed_cast_choices(self, p: int, a: dict, key: str) -> None:
        """Answer the casting/activation prompts from the action's options (SCENARIOS.md)."""
        g = self.game
        if self._target_log is None:
            self._begin_targets(a.get("targets"))
        try:
            self._feed_cast_choices(p, a, key)
            d = g.pending()
            if d is None or d.player != p or d.kind == "priority":   # the cast or activation is complete
                self._sync_targets(key, pending=False)
                self._check_given_targets(self._tgt_listed[self._tgt_ptr:], key)
                if a.get("divide") is not None:
                    self._check_division(a["divide"], key)
        finally:
            self._target_log = None

    def _check_given_options(self, p: int, a: dict, key: str) -> None:
        """An `x`, `kicked` or `buyback` the file names must be the value used: when the engine
        decided it alone (one legal value, e.g. X = 5 or buyback paid in Judge Tower referee mode,
        JT-C2/C3), a different value is an illegal choice, not something to ignore."""
        g = self.game
        d = g.pending()
        if d is not None and d.player == p and d.kind != "priority":
            return  # the cast is still being announced
        spells = [g.objects[i] for i in g.stack if not isinstance(g.objects[i], StackAbility)
                  and _name(g.objects[i]) == _parse_ref(str(a["cast"]))[0]]
        if not spells:
            return
        spell = spells[-1]
        checks = []
        if "x" in a and a["x"] is not None:
            checks.append(("x", int(a["x"]), int(getattr(spell, "x", 0) or 0), {}))
        if "kicked" in a and a["kicked"] is not None:
            k = a["kicked"]
            want = int(k) if not isinstance(k, bool) else (1 if k else 0)
            multi = bool(g.keyword_arg(spell, "multikicker"))
            checks.append(("kicker", want, int(getattr(spell, "kicked", 0) or 0), {"multi": multi}))
        if "buyback" in a and a["buyback"] is not None:
            checks.append(("buyback", bool(a["buyback"]), bool(getattr(spell, "buyback", False)), {}))
        modal = g.modal(spell) if getattr(spell, "compiled", None) is not None else None
        if a.get("modes") is not None and modal is None:
            raise Bad(f"{key}.modes", f"{spell.name} is not a modal spell (CR 700.2)")
        if a.get("modes") is not None and modal is not None:
            # a mode the engine chose alone (the only legal one) must be the one named: a mode
            # without legal targets can't be chosen (CR 700.2a)
            named = a["modes"] if isinstance(a["modes"], list) else [a["modes"]]
            idx = []
            for v in named:
                i = self.mode_index(modal.texts, v, f"{key}.modes")
                idx.append(i)
                if i not in spell.modes:
                    d = Decision(p, "mode", list(spell.modes), msg("choose a mode for {spell}", spell=spell), "CR 601.2b",
                                 {"illegal_rule": "CR 700.2a"})
                    raise IllegalAction(f"mode {v!r} is not a legal choice for {spell.name}", g.why_illegal(d, i))
            extra = [i for i in spell.modes if i not in idx]
            if extra:
                # the file's mode list is complete, but the engine had to add modes (the only legal
                # choice: "choose two", or JT-C3/R9's "as many as possible" in referee mode)
                d = Decision(p, "mode", extra, msg("choose a mode for {spell}", spell=spell), "CR 601.2b",
                             {"illegal_rule": "CR 700.2"})
                raise IllegalAction(f"{len(named)} mode(s) named, but {spell.name} also needs "
                                    + ", ".join(repr(modal.texts[i]) for i in extra), g.why_illegal(d, Done()))
        for kind, want, got, ctx in checks:
            if want != got:
                rule = g.why_illegal(Decision(p, kind, [got], msg("{kind} for {spell}", kind=kind, spell=spell), "CR 601.2b",
                                              ctx), want)
                raise IllegalAction(f"{kind} {want!r} is not a legal choice for {spell.name} (the only legal "
                                    f"value here is {got!r})", rule)

    def _check_given_targets(self, leftover: list, key: str) -> None:
        """A target the file names must be one the engine chose: when the only legal choice was
        made automatically (a decision with one option is never pending), a named target that
        differs from it is an illegal target (CR 115.1, 601.2c), not something to ignore."""
        g = self.game
        if not leftover or not g.stack:
            return
        d = g.pending()
        if d is not None and d.kind != "priority":
            return  # the cast is still being announced (e.g. a Phyrexian-mana choice comes first)
        top = g.objects.get(g.stack[-1])
        # triggers branch: abilities that triggered on the cast (CR 601.2i) are above the spell
        for oid in reversed(g.stack):
            o = g.objects.get(oid)
            if not (isinstance(o, StackAbility) and o.kind == "triggered"):
                top = o
                break
        chosen = [t for ts in (getattr(top, "targets", None) or []) for t in ts]
        for ref in leftover:
            r = self.resolve_ref(ref, chosen, f"{key}.targets")
            if r is not None and r in chosen:
                continue
            r = self.find_anywhere(ref, f"{key}.targets")
            if r not in chosen:
                from judgetower.rules.decisions import Decision
                full = self._divided_full(top)
                if full is not None:   # CR 601.2d: each target of a divided amount gets at least 1
                    raise IllegalAction(f"{ref!r} can't be a target of {top.name}: its {full} divided as its caster "
                                        f"chooses allows at most {full} targets, each getting at least 1", "CR 601.2d")
                why = g._why_target(Decision(top.controller, "target", [], msg("choose targets")), r)
                raise IllegalAction(f"{ref!r} is not a legal target for {top.name}", why)

    def _division(self, d, mapping: dict, key: str):
        """`divide: {TARGET_REF: N}` -> the engine's `Divide` answer to ``d``: each amount in the
        order the targets were chosen (the decision's ``targets``), each a chosen target (CR 601.2d)."""
        from judgetower.rules.decisions import Divide
        chosen = list(d.context.get("targets") or [])
        out = {}
        for ref, n in mapping.items():
            r = self.resolve_ref(ref, chosen, f"{key}.{ref}")
            if r is None:
                raise Bad(f"{key}.{ref}", f"{ref!r} is not one of the targets chosen ({len(chosen)} chosen)")
            if isinstance(n, bool) or not isinstance(n, int):
                raise Bad(f"{key}.{ref}", f"an amount is a whole number, not {n!r} (CR 601.2d)")
            out[r] = n
        missing = [t for t in chosen if t not in out]
        if missing:
            raise Bad(key, f"the division names {len(out)} of the {len(chosen)} targets chosen; each target gets at "
                           "least 1 (CR 601.2d)")
        self._divided = True
        return Divide(tuple(out[t] for t in chosen))

    def _divided_full(self, top) -> int | None:
        """The amount of ``top``'s "divided as you choose" target group whose targets already
        number that amount (so no more can be chosen, CR 601.2d), or None."""
        g = self.game
        ab = getattr(top, "ability", None)
        specs = getattr(ab, "targets", ()) if ab is not None else g.spell_targets(top)
        for i, spec in enumerate(specs or ()):
            if getattr(spec, "divided", False) and not spec.evenly and i < len(top.targets):
                amount = g.divided_amount(top, i, top.controller)
                if amount is not None and len(top.targets[i]) >= amount:
                    return amount
        return None

    def _check_division(self, mapping: dict, key: str) -> None:
        """After the announcement: every `divide` key is a target of the spell or ability, each
        gets at least 1 (CR 601.2d); and the division was made: a file that names a division the
        engine did not ask for (a spell that divides nothing, or "divided evenly") gets a failed
        check saying so, never a silent pass."""
        g = self.game
        top = None
        for oid in reversed(g.stack):
            o = g.objects.get(oid)
            if not (isinstance(o, StackAbility) and o.kind == "triggered"):
                top = o
                break
        chosen = [t for ts in (getattr(top, "targets", None) or []) for t in ts]
        for ref in mapping:
            r = self.resolve_ref(ref, chosen, f"{key}.divide.{ref}")
            if r is None or r not in chosen:
                raise Bad(f"{key}.divide.{ref}", f"{ref!r} is not a target of {getattr(top, 'name', 'the spell')}")
        if len(mapping) != len(chosen):
            raise Bad(f"{key}.divide", f"the division names {len(mapping)} target(s), the spell has {len(chosen)} "
                                       "(each target gets at least 1, CR 601.2d)")
        announced = [n for i, ns in sorted((getattr(top, "divisions", None) or {}).items()) for n in ns]
        if not getattr(self, "_divided", False) and announced and len(announced) == len(chosen):
            # the engine took the only division there was (1 each); it must be the file's
            wanted = {self.resolve_ref(ref, chosen, f"{key}.divide.{ref}"): n for ref, n in mapping.items()}
            if wanted == dict(zip(chosen, announced)):
                self._divided = True
        if not getattr(self, "_divided", False):
            self.notes.append(f"{key}.divide: the engine asked for no division of {getattr(top, 'name', 'the spell')}'s "
                              f"amount among its targets (CR 601.2d): the division {dict(mapping)!r} could not be made")
        self._divided = False

    def mode_index(self, texts, value, key: str) -> int:
        """A mode named by its printed text (exact, else a case-insensitive prefix; CR 700.2)."""
        want = str(value).strip().lower()
        hits = [i for i, t in enumerate(texts) if t.lower() == want]
        if not hits and want:
            hits = [i for i, t in enumerate(texts) if t.lower().startswith(want)]
        if len(hits) != 1:
            raise Bad(key, f"{value!r} names {'no' if not hits else 'more than one'} mode of the spell "
                           f"(modes: {list(texts)!r})")
        return hits[0]

    def _feed_cast_choices(self, p: int, a: dict, key: str) -> None:
        g = self.game
        tgt_given = "targets" in a and a.get("targets") is not None
        modes = a.get("modes")
        if modes is not None and not isinstance(modes, list):
            modes = [modes]
        modes = list(modes) if modes is not None else None
        for _ in range(200):
            d = g.pending()
            if d is None or d.player != p or d.kind == "priority":
                return
            if d.kind == "mode" and modes is not None:
                if modes:
                    self.decide(p, self.mode_index(d.context.get("texts") or (), modes.pop(0), f"{key}.modes"))
                    continue
                if Done() in d.options:
                    self.decide(p, Done())
                    continue
                # the file's mode list is complete, but more modes are required (CR 700.2; in
                # Judge Tower referee mode, "one or both"/"one or more" take all: JT-C3, R9)
                raise IllegalAction(f"{len(a.get('modes') or [])} mode(s) named, but {d.prompt} is required",
                                    g.why_illegal(d, Done()))
            if d.kind == "target":
                self._sync_targets(key, pending=True)
                if self._target_log:
                    self._tgt_seen = len(self._target_log)   # this decision: answered here
                if self._tgt_ptr < len(self._tgt_listed):
                    ref = self._tgt_listed[self._tgt_ptr]
                    self._tgt_ptr += 1
                    r = self.resolve_ref(ref, [o for o in d.options if not isinstance(o, Done)], f"{key}.targets")
                    if r is None:
                        r = self.find_anywhere(ref, f"{key}.targets")
                    self.decide(p, r)
                    continue
                if tgt_given and Done() in d.options:
                    self.decide(p, Done())
                    continue
                if tgt_given:
                    # the file's target list is complete, but more targets are required (CR 601.2c;
                    # in Judge Tower referee mode, as many as possible: JT-C3, R9): an illegal
                    # announcement, not something for the default choice to fill in
                    raise IllegalAction(f"{len(a.get('targets') or [])} target(s) named, but {d.prompt} is required",
                                        g.why_illegal(d, Done()))
                return
            if d.kind == "kicker" and "kicked" in a:
                k = a["kicked"]
                self.decide(p, int(k) if not isinstance(k, bool) else (1 if k else 0))
                continue
            if d.kind == "buyback" and "buyback" in a:
                self.decide(p, bool(a["buyback"]))
                continue
            if d.kind == "x" and "x" in a:
                self.decide(p, int(a["x"]))
                continue
            if d.kind in DIVIDE_KINDS and a.get("divide") is not None:
                self.decide(p, self._division(d, a["divide"], f"{key}.divide"))
                continue
            if self._tgt_ptr < len(self._tgt_listed) and not _is_choose_for(getattr(self, "_next_action", None), self.names, p):
                # another announcement (e.g. Phyrexian mana, CR 107.4f) comes before the targets:
                # make its default choice so the named targets are still used, not defaulted
                self.decide(p, self.default_choice(d))
                continue
            return

    def answer(self, d, value, key: str) -> None:
        g = self.game
        kind = d.kind
        if kind in DIVIDE_KINDS:
            if not isinstance(value, dict):
                raise Bad(key, "a division is {TARGET: N, ...} (CR 601.2d)")
            self.decide(d.player, self._division(d, value, key))
            return
        if kind == "split":
            if not isinstance(value, dict):
                raise Bad(key, "a split is {top: [...], bottom: [...], graveyard: [...]}")
            looked = list(d.options[0].top) + list(d.options[0].bottom) + list(d.options[0].graveyard)
            used: list[int] = []

            def refs(lst):
                out = []
                for r in lst or []:
                    x = self.resolve_ref(r, [c for c in looked if c not in used], key)
                    if x is None:
                        raise Bad(key, f"{r!r} is not among the cards looked at")
                    used.append(x)
                    out.append(x)
                return out
            top = refs(value.get("top"))
            bottom = refs(value.get("bottom"))
            gy = refs(value.get("graveyard"))
            rest = [c for c in looked if c not in used]
            if "top" not in value:
                top = rest
            choice = Split(tuple(top), tuple(bottom), tuple(gy))
            self.decide(d.player, choice)
            return
        if isinstance(value, bool):
            if value not in d.options:
                raise IllegalAction(f"{value!r} is not a legal answer to {d.prompt}", d.rule)
            self.decide(d.player, value)
            return
        if isinstance(value, int):
            self.decide(d.player, value)
            return
        if isinstance(value, list):
            for v in value:
                dd = g.pending()
                self.answer(dd, v, key)
            dd = g.pending()
            if dd is not None and dd.kind == kind and Done() in dd.options:
                self.decide(dd.player, Done())
            return
        if isinstance(value, str):
            if value in ("done", "Done"):
                self.decide(d.player, Done())
                return
            if kind == "mode":
                self.decide(d.player, self.mode_index(d.context.get("texts") or (), value, key))
                return
            if kind == "creature_type" and value in d.options:   # conds: CR 614.12
                self.decide(d.player, value)
                return
            if kind == "color" and value in "WUBRG":
                self.decide(d.player, value)
                return
            if kind == "color" and value.upper() in d.options:   # "Add {R} or {G}", "WU" (manaab)
                self.decide(d.player, value.upper())
                return
            if kind == "damage" and (value in self.names or value == "defender"):
                self.decide(d.player, "defender")  # the attacked player or planeswalker (CR 702.19b)
                return
            # object ids are ints: keep them for decisions about objects (a `Name#N` reference
            # picks among the options), not for numeric choices such as trigger order
            objs = [o for o in d.options if not isinstance(o, (Done, bool, str))
                    and (not isinstance(o, int) or d.kind in ("cards", "legend", "target", "damage"))]
            r = self.resolve_ref(value, objs, key)
            if r is None:
                r = self.find_anywhere(value, key)
            self.decide(d.player, r)
            return
        raise Bad(key, f"cannot use {value!r} as a choice")

    # ------------------------------------------------------------------ checks
    def check(self, expect: dict) -> list[str]:
        g = self.game
        f: list[str] = []

        def cmp(label, exp, act):
            if exp != act:
                f.append(f"{label}: expected {exp!r}, got {act!r}")

        for k, v in expect.items():
            if k == "error":
                continue
            if k == "life":
                for who, val in v.items():
                    p = self._player(who, f"expect.life.{who}")
                    act = g.players[p].life
                    exp = math.inf if val in ("inf", "∞", math.inf) else val
                    cmp(f"life of {who}", "inf" if exp == math.inf else exp, "inf" if act == math.inf else act)
            elif k == "life_change":
                for who, val in v.items():
                    p = self._player(who, f"expect.life_change.{who}")
                    cmp(f"life change of {who}", int(val), g.players[p].life_change)
            elif k == "shame":
                for who, val in v.items():
                    p = self._player(who, f"expect.shame.{who}")
                    cmp(f"shame of {who}", int(val), g.players[p].shame)
            elif k == "game_over":
                cmp("game_over", bool(v), g.game_over)
            elif k == "winners":
                cmp("winners", sorted(v), sorted(self.names[w] for w in g.winners))
            elif k == "log_contains":
                for needle in v:
                    if not g.log.contains(str(needle)):
                        f.append(f"log_contains: {needle!r} does not appear in the game log")
            elif k == "log_lacks":
                for needle in v:
                    if g.log.contains(str(needle)):
                        f.append(f"log_lacks: {needle!r} appears in the game log")
            elif k == "stack":
                cmp("stack", Counter(v), Counter(_stack_name(g.objects[i]) for i in g.stack))
            elif k == "exile":
                cmp("exile", Counter(v), Counter(g.objects[i].card.name if g.objects[i].card else g.objects[i].name for i in g.exile))
            elif k in ("exile_count", "exile_has"):
                self._count_check(f, "exile", k, list(g.exile), v)
            elif k == "turn":
                cmp("turn", int(v), g.turn)
            elif k == "active":
                cmp("active", v, self.names[g.active])
            elif k == "step":
                cmp("step", v, g.step)
            elif k == "permanents":
                for j, spec in enumerate(v):
                    ref = spec.get("card")
                    oid = self.resolve_ref(ref, list(g.battlefield), f"expect.permanents[{j}]")
                    if oid is None:
                        f.append(f"permanents[{j}]: {ref!r} is not on the battlefield")
                        continue
                    o = g.objects[oid]
                    ch = g.chars(o)
                    for prop, val in spec.items():
                        if prop == "card":
                            continue
                        if prop == "power":
                            cmp(f"{ref} power", val, ch.power)
                        elif prop == "toughness":
                            cmp(f"{ref} toughness", val, ch.toughness)
                        elif prop == "tapped":
                            cmp(f"{ref} tapped", bool(val), o.tapped)
                        elif prop == "damage":
                            cmp(f"{ref} damage", int(val), o.damage)
                        elif prop == "counters":
                            cmp(f"{ref} counters", {str(a): int(b) for a, b in (val or {}).items() if int(b)},
                                {a: b for a, b in o.counters.items() if b})
                        elif prop == "sick":
                            cmp(f"{ref} sick", bool(val), o.sick)
                        elif prop == "attached_to":
                            host = g.objects.get(o.attached_to) if o.attached_to else None
                            cmp(f"{ref} attached_to", val, host.name if host else None)
                        elif prop == "controller":
                            cmp(f"{ref} controller", val, self.names[o.controller])
                        elif prop == "keywords":
                            from judgetower.rules.characteristics.layers import keyword_key
                            for kw in val:
                                # "mountainwalk" is stored as "landwalk:Mountain"
                                if kw not in ch.keywords and keyword_key(str(kw).lower()) not in ch.keywords:
                                    f.append(f"{ref} keywords: expected {kw!r} among {sorted(ch.keywords)}")
                        else:
                            raise Bad(f"expect.permanents[{j}].{prop}", "unknown property")
            elif k == "shared":
                for z, val in (v or {}).items():
                    base = z.rsplit("_", 1)[0] if z.endswith(("_count", "_has")) else z
                    if base not in ("library", "graveyard", "exile"):
                        raise Bad(f"expect.shared.{z}", "unknown shared zone expectation")
                    ids = list(g.zone_list(base, 0)) if base != "exile" else list(g.exile)
                    if z == base:
                        self._cmp_zone(f, f"shared {z}", z, ids, val)
                    else:
                        self._count_check(f, "shared", z, ids, val)
            elif k in self.names:
                p = self.names.index(k)
                for zk, val in (v or {}).items():
                    self._player_zone_check(f, k, p, zk, val)
        return f

    def _player(self, who, key) -> int:
        if who not in self.names:
            raise Bad(key, f"{who!r} is not a player")
        return self.names.index(who)

    def _zone_ids(self, p: int, z: str) -> list[int]:
        g = self.game
        if z == "battlefield":
            return [o.id for o in g.permanents(p)]
        if z == "exile":
            return [i for i in g.exile if g.objects[i].owner == p]
        return list(g.zone_list(z, p))

    def _player_zone_check(self, f, who, p, zk, val) -> None:
        g = self.game
        if zk == "life":
            exp = math.inf if val in ("inf", math.inf) else val
            if g.players[p].life != exp:
                f.append(f"life of {who}: expected {val!r}, got {g.players[p].life!r}")
            return
        for z in PLAYER_EXPECT_ZONES:
            if zk == z:
                self._cmp_zone(f, f"{who} {z}", z, self._zone_ids(p, z), val)
                return
            if zk in (f"{z}_count", f"{z}_has"):
                self._count_check(f, who, zk, self._zone_ids(p, z), val)
                return
        raise Bad(f"expect.{who}.{zk}", "unknown zone expectation")

    def _count_check(self, f, who: str, zk: str, ids, val) -> None:
        """`X_count: N` (how many objects) and `X_has: {NAME: N}` (how many of that name)."""
        g = self.game
        if zk.endswith("_count"):
            if len(ids) != int(val):
                f.append(f"{who} {zk}: expected {val}, got {len(ids)}")
            return
        names = Counter(_name(g.objects[i]) for i in ids)
        for card, n in (val or {}).items():
            base = _parse_ref(str(card))[0]
            if names.get(base, 0) != int(n):
                f.append(f"{who} {zk} {card}: expected {n}, got {names.get(base, 0)}")

    def _cmp_zone(self, f, label, z, ids, val) -> None:
        g = self.game
        actual = [_name(g.objects[i]) for i in ids]
        if z == "library":
            actual = list(reversed(actual))
            if list(val) != actual:
                f.append(f"{label}: expected {list(val)!r} (top first), got {actual!r}")
        elif Counter(val) != Counter(actual):
            f.append(f"{label}: expected {sorted(val)!r}, got {sorted(actual)!r}")


def _name(o) -> str:
    if getattr(o, "card", None) is not None:
        return o.card.name
    return o.name


def _stack_name(o) -> str:
    if isinstance(o, StackAbility):
        return o.source_name
    return _name(o)


def _parse_ref(ref: str):
    who = None
    nth = None
    base = ref
    if "#" in base:
        base, _, n = base.rpartition("#")
        try:
            nth = int(n)
        except ValueError:
            base, nth = ref, None
    if "@" in base:
        base, _, who = base.rpartition("@")
    return base, nth, who


def _ref_matches(g, o, ref, names) -> bool:
    base, _nth, who = _parse_ref(ref)
    if o.name != base:
        return False
    return who is None or (who in names and o.controller == names.index(who))


def _is_choose_for(action, names, player: int) -> bool:
    if not isinstance(action, dict) or "choose" not in action:
        return False
    return "player" not in action or names.index(action["player"]) == player


def play_scenario(d: dict, upto: int | None = None) -> Game:
    """Build the scenario mapping ``d`` (its `name` may be left out) and run its actions, the
    first ``upto`` of them when given; returns the game, for tests and tools that inspect it."""
    from judgetower.scenario.model import validate
    sc = validate({"name": "inline scenario", **d}, "<inline>", 0, "<inline>")
    r = Runner(sc)
    g = r.build()
    acts = list(d.get("actions", []) or [])
    for i, a in enumerate(acts[:upto]):
        r.run_action(i, a, acts[i + 1] if i + 1 < len(acts) else None)
    return g


def run_scenario(sc: Scenario, data: str | None = None) -> Result:
    """Run one scenario; ``data``: a real-card data file (`--data`, SCENARIOS.md v1.1; when None,
    the file `judgetower cards download` fetched, if there is one)."""
    res = Result(sc)
    r = Runner(sc, data if data is not None else default_data_path())
    expect = sc.data.get("expect", {}) or {}
    want_error = expect.get("error")
    try:
        r.build()
    except Bad as e:
        res.bad = f"{sc.where}: {e.key}: {e.msg}"
        return res
    except IllegalAction as e:
        if want_error and _rule_match(want_error, e.rule):
            return res
        res.bad = f"{sc.where}: set-up: {e}"
        return res
    actions = sc.data.get("actions", []) or []
    try:
        # `start: game`: the pre-game choices (mulligans, CR 103.5) take their defaults unless
        # the first action answers them; the runner then stands at the first priority of turn 1
        r.settle(actions[0] if actions else None)
        for i, a in enumerate(actions):
            nxt = actions[i + 1] if i + 1 < len(actions) else None
            try:
                r.run_action(i, a, nxt)
            except IllegalAction as e:
                if want_error:
                    if _rule_match(want_error, e.rule):
                        return res
                    res.failures.append(f"error: expected the engine to cite {want_error}, it cited {e.rule}: {e}")
                    return res
                res.failures.append(f"actions[{i}]: the engine rejected it: {e}")
                return res
        if want_error:
            res.failures.append(f"error: expected the engine to reject an action citing {want_error}, but every action was accepted")
            return res
        res.failures += r.notes
        res.failures += r.check(expect)
    except Bad as e:
        res.bad = f"{sc.where}: {e.key}: {e.msg}"
    return res


def _rule_match(want: str, got: str) -> bool:
    want, got = str(want).strip(), str(got).strip()
    return want == got or got.startswith(want + " ") or got.startswith(want + ".") or (want in got.split(", "))


def run_paths(paths: list[str], out, data: str | None = None) -> int:
    """`judgetower scenario run [--data FILE]`: exit 0 all pass, 1 a check failed, 2 a bad file."""
    from judgetower.scenario.model import collect, load_file
    passed = failed = 0
    bad = False
    if data is not None:
        from judgetower.cards.card import CardError as _CE
        try:
            CardData.load(data)   # read once, before any scenario: an unusable file is one bad file
        except _CE as e:
            print(f"bad file: {data}: --data: {e}", file=out)
            print("0 passed, 0 failed", file=out)
            return 2
    try:
        files = collect(paths)
    except ScenarioFileError as e:
        print(f"bad file: {e}", file=out)
        print("0 passed, 0 failed", file=out)
        return 2
    for f in files:
        try:
            scs = load_file(f)
        except ScenarioFileError as e:
            print(f"bad file: {e}", file=out)
            bad = True
            continue
        for sc in scs:
            try:
                res = run_scenario(sc, data)
            except Exception as e:  # an engine bug must not hide other scenarios
                res = Result(sc, failures=[f"engine error: {type(e).__name__}: {e}"])
            if res.bad:
                print(f"bad file: {res.bad}", file=out)
                bad = True
            elif res.failures:
                failed += 1
                cite = f" [{', '.join(sc.rules)}]" if sc.rules else ""
                print(f"FAIL {sc.where}: {sc.name}{cite}", file=out)
                for msg in res.failures:
                    print(f"    {msg}", file=out)
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed", file=out)
    if bad:
        return 2
    return 1 if failed else 0
