"""A random-legal agent: picks uniformly among the legal choices (OpenSpiel-style random playout)."""

from __future__ import annotations

import random

from judgetower.rules.decisions import Pass


class RandomAgent:
    """Chooses a random legal option. ``pass_bias`` makes passing likelier so that games move on."""

    def __init__(self, seed: int = 0, pass_bias: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.pass_bias = pass_bias

    def choose(self, game, player: int):
        opts = game.legal_choices(player)
        if self.pass_bias and opts and isinstance(opts[0], Pass) and self.rng.random() < self.pass_bias:
            return opts[0]
        return self.rng.choice(opts)


def play_out(game, agents, max_decisions: int = 200000) -> int:
    """Drive ``game`` with ``agents`` (one per seat) until it ends; returns decisions made."""
    n = 0
    while not game.game_over:
        d = game.pending()
        if d is None:
            break
        game.decide(d.player, agents[d.player].choose(game, d.player))
        n += 1
        if n >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return n
