"""Decisions: every choice the game needs is an explicit prompt (DESIGN.md principle 1).

``Game.pending()`` returns one ``Decision``: who decides, what kind, the legal options (in the
engine's documented order: the first is the default choice), and the rule behind it.
``Game.decide(player, choice)`` takes one of ``options``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


# --- priority actions (CR 117.1) -------------------------------------------------------------

@dataclass(frozen=True)
class Pass:
    """Pass priority (CR 117.3d)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class PlayLand:
    """Play a land: a special action (CR 305.1, 116.2a)."""

    obj: int
    # faces: the land face played (index in `CardDef.faces`) of a modal double-faced card
    # (CR 712.12); None: the card itself
    face: int | None = None

    def __str__(self) -> str:
        return f"play land #{self.obj}" + (f" (face {self.face + 1})" if self.face is not None else "")


@dataclass(frozen=True)
class Cast:
    """Cast a spell (CR 601). ``alternative``: pay its alternative cost (CR 118.9)."""

    obj: int
    alternative: bool = False
    # faces: the face cast (index in `CardDef.faces`): a split card's half (CR 709.3) or an
    # adventurer card's Adventure (CR 715.3); None: the card itself
    face: int | None = None
    # faces: cast both halves of a split card with fuse (CR 702.102a)
    fuse: bool = False

    def __str__(self) -> str:
        return (f"cast #{self.obj}" + (f" (face {self.face + 1})" if self.face is not None else "")
                + (" (fused)" if self.fuse else "")
                + (" (alternative cost)" if self.alternative else ""))


@dataclass(frozen=True)
class Activate:
    """Activate the ``index``-th activated ability (0-based, printed order) of object ``obj``."""

    obj: int
    index: int

    def __str__(self) -> str:
        return f"activate #{self.obj} ability {self.index + 1}"


# --- answers to other prompts ------------------------------------------------------------------

@dataclass(frozen=True)
class Done:
    """Stop adding to a declaration or a target list."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Attack:
    """Declare ``creature`` as an attacker of ``defender`` (a PID or planeswalker id), CR 508.1."""

    creature: int
    defender: Any


@dataclass(frozen=True)
class Block:
    """Declare ``blocker`` as blocking ``attacker`` (CR 509.1a)."""

    blocker: int
    attacker: int


@dataclass(frozen=True)
class Reset:
    """Start a declaration again (CR 509.1c: an illegal declaration is redone)."""


@dataclass(frozen=True)
class Split:
    """Scry-like split of looked-at cards (CR 701.22): ids in the order they end, top first."""

    top: tuple[int, ...] = ()
    bottom: tuple[int, ...] = ()
    graveyard: tuple[int, ...] = ()


@dataclass(frozen=True)
class Divide:
    """How an amount "divided as you choose" is split among the chosen targets (CR 601.2d): one
    amount per target, in the order the targets were chosen, each at least 1."""

    amounts: tuple[int, ...] = ()

    def __str__(self) -> str:
        return "divide " + "/".join(str(n) for n in self.amounts)


def division_count(amount: int, k: int) -> int:
    """How many splits of ``amount`` among ``k`` targets give each at least 1: C(amount-1, k-1)."""
    from math import comb
    return comb(amount - 1, k - 1) if 1 <= k <= amount else 0


def divisions(amount: int, k: int) -> list[Divide]:
    """Every split of ``amount`` among ``k`` targets, each at least 1 (CR 601.2d), the most even
    first (then the first targets getting more). The caller bounds `division_count` first."""
    out: list[tuple[int, ...]] = []

    def build(left: int, slots: int, prefix: tuple[int, ...]) -> None:
        if slots == 1:
            out.append(prefix + (left,))
            return
        for n in range(left - slots + 1, 0, -1):
            build(left - n, slots - 1, prefix + (n,))

    if k >= 1 and amount >= k:
        build(amount, k, ())
    out.sort(key=lambda t: max(t) - min(t))   # stable: within a spread, the first targets get more
    return [Divide(t) for t in out]


#: Kinds of decision.
KINDS = (
    "priority",        # options: Pass / PlayLand / Cast / Activate
    "target",          # options: object ids / PIDs, and Done when more are optional
    "x",               # options: ints
    "kicker",          # options: ints (times kicked) — 0/1 for kicker, 0..n for multikicker
    "buyback",         # options: True/False
    "may",             # options: True/False
    "attackers",       # options: Attack / Done
    "blockers",        # options: Block / Done / Reset
    "cards",           # options: object ids (discard, sacrifice, exile from graveyard …) / Done
    "split",           # options: Split
    "order",           # options: object ids (which goes first)
    "color",           # options: "W","U","B","R","G"
    "trigger_order",   # options: indexes of pending triggers
    "pay",             # options: True/False (pay a cost "unless")
    "legend",          # options: object ids (which legend to keep, CR 704.5j)
    "phyrexian",       # options: True (pay life) / False (pay mana)
    "mulligan",        # options: False (keep) / True (take a mulligan), CR 103.5
    "damage",          # options: a blocker's id, or "defender" (CR 510.1c, 702.19b), one point each
    "mode",            # options: indexes of a modal spell's modes (printed order), Done (CR 601.2b, 700.2)
    "creature_type",   # conds: options: creature types ("Elf"), CR 614.12 "choose a creature type"
    "proliferate",     # misc: options: True/False (proliferate this permanent or player?), CR 701.34a
    "divide",          # options: Divide (an amount split among the chosen targets), CR 601.2d
)


@dataclass
class Decision:
    player: int
    kind: str
    options: list[Any]
    # what the player is asked: a message (`judgetower.rules.log.msg`: its English template and
    # typed parameters, so that it reads in French too, DESIGN.md principle 5), or plain text;
    # ``str(prompt)`` is the English
    prompt: Any
    rule: str = ""
    context: dict[str, Any] = field(default_factory=dict)

    def prompt_text(self, lang: str = "en", names_fr: dict[str, str] | None = None) -> str:
        """The prompt in ``lang`` ("en" or "fr"; French card names from ``names_fr``, the game
        log's ``names_fr``)."""
        from judgetower.rules.log import render
        return render(self.prompt, lang, names_fr)

    def __repr__(self) -> str:
        return (f"Decision(player={self.player}, kind={self.kind!r}, options={len(self.options)}, "
                f"prompt={str(self.prompt)!r})")


class _Recheck:
    """Sent into a pending priority decision by the engine itself (never a player's choice, never
    recorded): something outside the flow changed the game (a missed trigger put back by a
    judge's remedy, R13), so the holder's priority is posed again after state-based actions and
    triggers are checked (CR 117.5)."""

    def __repr__(self) -> str:
        return "RECHECK"


RECHECK = _Recheck()


# --- entry validation of the decision API (DESIGN.md principles 1 and 7) -----------------------

def _same(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are the same value of the same type, all the way down: ``1.0`` is not
    ``1``, ``True`` is not ``1``, ``PID(1.0)`` is not ``PID(1)``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    fields = getattr(type(a), "__dataclass_fields__", None)
    if fields is not None:
        return all(_same(getattr(a, f), getattr(b, f)) for f in fields)
    try:
        return bool(a == b)
    except Exception:   # an argument whose == raises is no option
        return False


def _plain(v: Any, depth: int = 0) -> bool:
    """A value made only of the engine's choice types (no float, no foreign class), shallow
    enough to inspect: only such a choice is shown to the rules' ``why_illegal``."""
    if depth > 4:
        return False
    if v is None or type(v) in (int, bool, str):
        return True
    if type(v) is tuple:
        return len(v) <= 1000 and all(_plain(x, depth + 1) for x in v)
    fields = getattr(type(v), "__dataclass_fields__", None)
    if fields is None or type(v).__module__ not in (__name__, "judgetower.rules.state"):
        return False
    return all(_plain(getattr(v, f), depth + 1) for f in fields)


def show_value(v: Any) -> str:
    """``v`` in an error message: its repr, at most 80 characters, never raising."""
    try:
        s = repr(v)
    except Exception:
        s = f"<{type(v).__name__}>"
    return (s if len(s) <= 80 else s[:77] + "...") + f" ({type(v).__name__})"


def check_seat(game, seat: Any, what: str = "seat") -> int:
    """``seat`` as a seat index of ``game`` (an ``int`` in range, never a bool; -1 is not the
    last seat), else ``IllegalAction`` (CR 102.1) naming it."""
    from judgetower.rules.errors import IllegalAction
    n = len(game.players)
    if type(seat) is not int or not 0 <= seat < n:
        raise IllegalAction(f"no player {show_value(seat)} in this game: a {what} is an int from 0 to {n - 1}",
                            "CR 102.1")
    return seat


def offered_option(game, d: "Decision", choice: Any) -> Any:
    """The option of ``d`` that ``choice`` is exactly (same type and value, recursively: no
    look-alikes), else ``IllegalAction`` naming the choice and the rule it breaks. Never changes
    the game."""
    from judgetower.rules.errors import IllegalAction
    for o in d.options:
        if _same(o, choice):
            return o
    rule = why = ""
    if _plain(choice):
        try:
            rule = game.why_illegal(d, choice)
        except Exception:   # a rules hook that cannot read this choice: the decision's own rule
            rule = ""
    else:
        types = ", ".join(sorted({type(o).__name__ for o in d.options}))
        why = f": options are exactly the objects offered ({types}), same type and value"
    raise IllegalAction(f"{show_value(choice)} is not a legal choice for {d.prompt}{why}",
                        rule or d.context.get("illegal_rule") or d.rule or "CR 117")
