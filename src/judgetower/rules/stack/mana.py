"""Mana costs and payment (CR 106, 107.4, 118, 601.2g-h).

A mana cost is parsed into a ``ManaCost`` (generic amount, coloured symbols, hybrid and
Phyrexian symbols, X). Payment is automatic "when the choice doesn't matter": the payer's
floating mana is used first, then sources are tapped, single-colour sources before flexible ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judgetower.cards.card import mana_symbols

COLORS = "WUBRG"


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: tuple[str, ...] = ()          # "W","U","B","R","G","C" (C: colourless-specific)
    hybrid: tuple[tuple[str, ...], ...] = ()  # ("W","U") ; ("2","W") for {2/W}
    phyrexian: tuple[str, ...] = ()         # colours of {U/P} symbols
    x_count: int = 0                        # number of {X} symbols

    @classmethod
    def parse(cls, cost: str | None) -> "ManaCost":
        generic, colored, hybrid, phyrexian, xs = 0, [], [], [], 0
        for sym in mana_symbols(cost):
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                xs += 1
            elif sym in COLORS or sym == "C":
                colored.append(sym)
            elif sym.endswith("/P"):
                phyrexian.append(sym[0])
            elif "/" in sym:
                hybrid.append(tuple(sym.split("/")))
            elif sym == "S":
                colored.append("C")  # snow: treated as colourless-specific (no snow sources yet)
            else:
                raise ValueError(f"unknown mana symbol {{{sym}}} (CR 107.4)")
        return cls(generic, tuple(colored), tuple(hybrid), tuple(phyrexian), xs)

    def plus_generic(self, n: int) -> "ManaCost":
        return ManaCost(self.generic + n, self.colored, self.hybrid, self.phyrexian, self.x_count)

    def with_x(self, x: int) -> "ManaCost":
        return ManaCost(self.generic + x * self.x_count, self.colored, self.hybrid, self.phyrexian, 0)

    def total(self) -> int:
        return self.generic + len(self.colored) + len(self.hybrid) + len(self.phyrexian)

    def is_free(self) -> bool:
        return self.total() == 0

    def __str__(self) -> str:
        parts = []
        if self.x_count:
            parts += ["{X}"] * self.x_count
        if self.generic:
            parts.append("{%d}" % self.generic)
        parts += ["{%s}" % "/".join(h) for h in self.hybrid]
        parts += ["{%s/P}" % p for p in self.phyrexian]
        parts += ["{%s}" % c for c in self.colored]
        return "".join(parts) or "{0}"


@dataclass
class Source:
    """A mana source usable for payment: tapping ``obj`` (an ability index) gives ``units``
    (each a colour letter, "C", or "*" for one mana of any colour)."""

    obj: int
    ability: int
    units: tuple[str, ...]


@dataclass
class Payment:
    """A payment plan: sources to tap, the pool left afterwards, life paid for Phyrexian symbols."""

    sources: list[Source] = field(default_factory=list)
    leftover: dict[str, int] = field(default_factory=dict)
    life: int = 0
    spent: list[str] = field(default_factory=list)


def plan_payment(cost: ManaCost, pool: dict[str, int], sources: list[Source],
                 phyrexian_life: bool | None = None) -> Payment | None:
    """Find a way to pay ``cost`` (X already folded in) or None (CR 601.2g-h).

    ``phyrexian_life``: True pays each Phyrexian symbol with 2 life, False with mana, None tries
    mana and falls back to life.

    A source unit of several letters ("RG", from "{T}: Add {R} or {G}") is one mana of one of
    those colours, the player's choice (CR 106.1b, 605.3b). The greedy plan is tried first; when
    it fails, the choices are fixed one combination at a time (each choice unit becomes a single
    letter), so that a payment that exists is found, and the plan names the colours chosen.
    """
    plan = _plan_greedy(cost, pool, sources, phyrexian_life)
    if plan is not None:
        return plan
    choice = [i for i, s in enumerate(sources) if any(_is_choice(u) for u in s.units)]
    if not choice or not _might_pay(cost, pool, sources):
        return None
    import itertools
    per_source = [list(itertools.product(*[list(u) if _is_choice(u) else [u] for u in sources[i].units]))
                  for i in choice]
    for n, combo in enumerate(itertools.product(*per_source)):
        if n >= _MAX_CHOICE_COMBOS:
            break
        fixed = list(sources)
        for i, units in zip(choice, combo):
            fixed[i] = Source(sources[i].obj, sources[i].ability, tuple(units))
        plan = _plan_greedy(cost, pool, fixed, phyrexian_life)
        if plan is not None:
            return plan
    return None


#: at most this many combinations of colour choices are tried (boards with ten or more dual
#: lands that the greedy plan can't use are not seen in practice)
_MAX_CHOICE_COMBOS = 4096


def _is_choice(u: str) -> bool:
    return len(u) > 1 and u != "*"


def _fits(u: str, c: str) -> bool:
    """Can unit ``u`` pay a symbol that needs exactly ``c``?"""
    return u == c or (u == "*" and c != "C") or (_is_choice(u) and c in u)


def _flex(s: Source) -> int:
    return max((5 if u == "*" else len(u) for u in s.units), default=0)


def _might_pay(cost: ManaCost, pool: dict[str, int], sources: list[Source]) -> bool:
    """A quick necessary condition: enough mana in all, and enough of each needed colour."""
    units = [c for c, n in pool.items() for _ in range(n)] + [u for s in sources for u in s.units]
    if len(units) < cost.generic + len(cost.colored) + len(cost.hybrid):
        return False
    for c in set(cost.colored):
        if sum(1 for u in units if _fits(u, c)) < cost.colored.count(c):
            return False
    return True


def _plan_greedy(cost: ManaCost, pool: dict[str, int], sources: list[Source],
                 phyrexian_life: bool | None = None) -> Payment | None:
    avail = dict(pool)
    tapped: list[Source] = []
    remaining = sorted(sources, key=lambda s: (_flex(s), len(s.units)))
    spent: list[str] = []

    def take(pred) -> bool:
        for c, n in sorted(avail.items(), key=lambda kv: kv[0] == "*" or _is_choice(kv[0])):
            if n > 0 and pred(c):
                avail[c] -= 1
                spent.append(c)
                return True
        for s in list(remaining):
            if any(pred(u) for u in s.units):
                remaining.remove(s)
                tapped.append(s)
                for u in s.units:
                    avail[u] = avail.get(u, 0) + 1
                return take(pred)
        return False

    for c in cost.colored:
        if not take(lambda u, c=c: _fits(u, c)):
            return None
    life = 0
    for c in cost.phyrexian:
        if phyrexian_life is True:
            life += 2
        elif not take(lambda u, c=c: _fits(u, c)):
            if phyrexian_life is False:
                return None
            life += 2
    for h in cost.hybrid:
        if h[0].isdigit():
            if not take(lambda u, c=h[1]: _fits(u, c)):
                for _ in range(int(h[0])):
                    if not take(lambda u: True):
                        return None
        elif not take(lambda u, h=h: any(_fits(u, x) for x in h)):
            return None
    for _ in range(cost.generic):
        if not take(lambda u: True):
            return None
    leftover = {c: n for c, n in avail.items() if n > 0}
    return Payment(tapped, leftover, life, spent)
