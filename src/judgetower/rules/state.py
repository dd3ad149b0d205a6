"""Game objects and players (CR 109, 102).

A ``GameObject`` is one card, token or copy in one zone. When it changes zones it becomes a new
object with a new id (CR 400.7); nothing of the old one carries over except what a rule says.
A ``StackAbility`` is an activated or triggered ability on the stack (CR 113.7a).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgetower.cards.card import CardDef
from judgetower.oracle.ir import CompiledCard, TokenSpec


@dataclass(frozen=True, order=True)
class PID:
    """A player as a choice or target (CR 115.1): the player's seat index in turn order."""

    index: int

    def __repr__(self) -> str:
        return f"PID({self.index})"


@dataclass
class GameObject:
    id: int
    card: CardDef | None
    compiled: CompiledCard
    owner: int
    controller: int
    zone: str
    token: TokenSpec | None = None
    tapped: bool = False
    sick: bool = False
    damage: int = 0
    deathtouch_damage: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None
    face_down: bool = False
    timestamp: int = 0
    kicked: int = 0
    x: int = 0
    regen_shields: int = 0
    skip_next_untap: bool = False   # CR 502.3: "doesn't untap during its controller's next untap step"
    granted: frozenset[str] = frozenset()   # keywords it entered with (Kavu Titan, CR 614.1c)
    linked: dict[int, list[int]] = field(default_factory=dict)   # ability index -> exiled ids (CR 607)
    activated_this_turn: set[int] = field(default_factory=set)   # JT-P1, CR 606.3
    # casting info while on the stack (CR 601.2)
    targets: list[list[Any]] = field(default_factory=list)
    alternative: bool = False
    buyback: bool = False
    cast_from: str = ""
    modes: tuple[int, ...] = ()    # a modal spell's chosen modes, printed order (CR 601.2b, 700.2)
    # CR 601.2d: target group index -> the amount each of its targets gets, in target order
    divisions: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # combat (CR 506.4)
    attacking: Any = None          # PID or planeswalker id while attacking
    blocking: list[int] = field(default_factory=list)
    blocked_by: list[int] = field(default_factory=list)
    was_blocked: bool = False
    dealt_first_strike: bool = False
    moved_to: int | None = None
    zone_left: str = ""
    last_chars: Any = None
    uid: int = 0                    # the physical card across zone changes (for loop detection, R8)
    # who may look at it while it is face down (CR 406.3a)
    may_look: frozenset[int] = frozenset()
    # kwstatic: a copy of a spell (storm, CR 707.10): it ceases to exist when it leaves the stack
    is_spell_copy: bool = False
    # kwcosts: cast with its flashback cost: exiled whenever it would leave the stack (CR 702.34a)
    flashback: bool = False
    # kwcosts: how many upkeeps its controller had begun when it came under their control
    # (echo, CR 702.30a); -1: before the game or scenario position began
    control_mark: int = -1
    # kwcosts: returned by unearth: exiled instead if it would leave the battlefield (CR 702.84a)
    unearthed: bool = False
    # kwcosts: cast for its evoke cost (CR 702.74a)
    evoked: bool = False
    # kwcosts: exiled by madness (may be cast for its madness cost, CR 702.35a); on the stack:
    # cast that way
    madness: bool = False
    # kw2: monstrous (CR 701.37b), renowned (CR 702.112b)
    kw2_monstrous: bool = False
    kw2_renowned: bool = False
    # kw2: a face-down morph spell or permanent (CR 702.37, 708); its own compiled text while
    # ``compiled`` is the face-down one
    kw2_morph: bool = False
    real_compiled: Any = None
    # kw2: entwine paid (CR 702.42a); times the replicate cost was paid (CR 702.56a)
    keyword_entwined: bool = False
    replicated: int = 0
    # kw2: ninjutsu: whom the returned creature was attacking (CR 702.49c)
    ninja_defender: Any = None
    # faces: while a face of a multi-faced card is on the stack, the card's own (card, compiled),
    # given back when it leaves the stack (CR 709.3b, 709.4, 715.3b, 715.4)
    home: Any = None
    # faces: on the stack as an Adventure (CR 715.3b)
    adventure: bool = False
    # faces: exiled by its resolving Adventure: the player who may cast it from exile (CR 715.3d)
    adventure_player: int | None = None
    # faces: cast from a graveyard with aftermath: exiled whenever it would leave the stack
    # (CR 702.127a)
    aftermath: bool = False
    # faces2: the face up of a transforming double-faced or flip card permanent (0: front, 1: back
    # or flipped, CR 712.8d-e, 710.2); the next object id when it last transformed (CR 701.27f)
    face_index: int = 0
    turned_at: int = -1
    # faces2: on the stack, cast with disturb: its disturb cost (CR 702.146a)
    face_disturb: str | None = None

    @property
    def name(self) -> str:
        if self.face_down:
            return "a face-down card"
        if self.token is not None:
            return self.token.name
        if getattr(self, "copied_values", None) is not None:   # copies2: a copy of a token (CR 707.2)
            return self.copied_values.name
        return self.card.name if self.card else "?"

    @property
    def is_token(self) -> bool:
        return self.token is not None

    def __repr__(self) -> str:
        return f"<{self.name}#{self.id} {self.zone}>"


@dataclass
class StackAbility:
    """An ability on the stack. ``kind``: "activated" | "triggered"."""

    id: int
    kind: str
    source_id: int
    source_name: str
    controller: int
    ability: Any
    ability_index: int
    targets: list[list[Any]] = field(default_factory=list)
    x: int = 0
    context: dict[str, Any] = field(default_factory=dict)
    #: CR 601.2d: target group index -> the amount each of its targets gets, in target order
    divisions: dict[int, tuple[int, ...]] = field(default_factory=dict)
    zone: str = "stack"

    @property
    def name(self) -> str:
        return f"ability of {self.source_name}"

    def __repr__(self) -> str:
        return f"<{self.kind} ability of {self.source_name}#{self.id}>"


@dataclass
class Player:
    index: int
    name: str
    life: Any = 20                  # int, or math.inf in Judge Tower (JT-G3)
    poison: int = 0
    lost: bool = False
    won: bool = False
    land_plays: int = 0             # lands played this turn (CR 305.2)
    mana_pool: dict[str, int] = field(default_factory=dict)
    life_gained_turn: int = 0
    life_lost_turn: int = 0
    life_change: int = 0            # net announced change (JT-G10, R14)
    mana_paid: list = field(default_factory=list)   # every mana payment announced: (what, cost) (R14)
    drew_from_empty: bool = False   # CR 704.5b
    judge_level: int = 0
    first_game: bool = False
    shame: int = 0
    attacked_count_turn: int = 0    # creatures this player attacked with this turn
    # conds: "a permanent you controlled left the battlefield this turn" (revolt, an ability word, CR 207.2c)
    conds_left_battlefield_turn: bool = False
    upkeeps_begun: int = 0          # kwcosts: upkeep steps of theirs begun so far (echo, CR 702.30a)
    damaged_turn: int = -1      # kw2: the last turn this player was dealt damage (bloodthirst, CR 702.54a)
    c2_energy: int = 0              # counters2: energy counters, a player's counters (CR 122.1, 107.14)

    @property
    def alive(self) -> bool:
        return not self.lost


#: issue 17: a count of life-total changes, every player of every game (``Game.chars`` reads it in
#: its cache key instead of building the tuple of life totals at each call: "as long as"
#: conditions read life totals, which do not ``touch()`` the layer cache, CR 611.3a). It moves
#: whenever a life total takes another value (a total set to the value it had changes nothing).
LIFE_CHANGES = [0]


def _get_life(self):
    return self._life


def _set_life(self, value) -> None:
    d = self.__dict__
    if "_life" not in d or d["_life"] != value:
        LIFE_CHANGES[0] += 1
    d["_life"] = value


# the dataclass field ``life`` (its __init__ default, eq, repr) read and written through this
# property, so that every change of a life total is counted
Player.life = property(_get_life, _set_life)
