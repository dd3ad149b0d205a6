"""The variant protocol: every hook the engine offers a variant (DESIGN.md: variants act through
engine hooks; python-chess's ``variant.py`` pattern). ``StandardRules`` is ordinary Magic;
`judgetower.variants` subclass it and override what their rules change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judgetower.rules.game import Game


class StandardRules:
    """The hooks a variant may change (DESIGN.md: variants act through engine hooks).
    This is ordinary Magic; ``judgetower.variants`` subclass it."""

    name = "standard"
    starting_life: Any = 20
    opening_hand = 7
    mulligans = True    # CR 103.5; Judge Tower has none (JT-G2)

    def opening_hand_size(self, game: "Game", p: int) -> int:
        return self.opening_hand  # CR 103.5

    def acknowledge_trigger(self, game: "Game", t: dict):
        """Generator hook, before a trigger goes on the stack: True to put it there. Ordinary
        Magic: always (the engine never forgets); Judge Tower judge mode with manual triggers asks
        the controller (JT-G9, R13)."""
        return True
        yield

    def zone_owner(self, game: "Game", zone: str, player: int | None) -> int | None:
        """Which list a per-player zone of ``player`` is (None: a shared zone)."""
        return player

    def replace_move(self, game: "Game", obj, to_zone: str, position: str):
        """Replacement effects on a zone change (CR 614); returns (to_zone, position)."""
        return to_zone, position

    def extra_sba(self, game: "Game") -> list:
        """Variant state-based actions (CR 704), as (description, rule, player) triples."""
        return []

    # forced choices (Judge Tower JT-C1-C3 restrict these)
    max_targets = False
    free_mana = False

    def forced_count_options(self, game, opts, what):
        return opts

    def forced_bool_options(self, game, opts, what):
        return opts

    def forced_x_options(self, game, opts):
        return opts

    def priority_options(self, game, p, opts):
        return opts

    def on_pass(self, game, p) -> None:
        pass

    def can_activate_more(self, game, p, o, idx, ab) -> bool:
        return True

    def mana_ability_useful(self, game, p, o, ab) -> bool:
        return bool(game.mana_units(o, ab))

    def attack_done_ok(self, game, ap, declared) -> bool:
        return True

    def block_done_ok(self, game, d, blocks) -> bool:
        return True

    def ensure_library(self, game, p, n, action):
        """JT-E2 wraps library access; ordinary Magic does nothing (a generator)."""
        return True
        yield

    def replace_search(self, game, p, e, ctx) -> bool:
        return False

    def replace_shuffle(self, game, p) -> bool:
        return False

    def detect_loop(self, game, holder) -> bool:
        """CR 104.4b: a loop of mandatory actions is a draw (Judge Tower: JT-P3 exiles it)."""
        det = getattr(self, "_loops", None)
        if det is None:
            from judgetower.rules.loops import LoopDetector
            det = self._loops = LoopDetector()
        return det.check(game, holder)

    def owner_leaving(self, game, o, from_zone, default):
        """Who owns a card leaving a library or graveyard (JT-G5 changes it)."""
        return default

    def hand_public(self, game: "Game", p: int) -> bool:
        """Whether player ``p``'s hand is public information (view and log). Ordinary Magic: no
        (CR 402.3); the house rule H-OPEN-HANDS says yes."""
        return False

    def before_game_end(self, game: "Game", winners: list, reason: str, rule: str):
        """Asked before the game ends: ``(winners, reason, rule)`` to end it so, or None when the
        game goes on instead (the house rule H-ROUNDS starts a new round)."""
        return winners, reason, rule
