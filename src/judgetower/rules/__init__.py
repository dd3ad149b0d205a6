"""The Magic rules engine (DESIGN.md layer `judgetower.rules`)."""

from judgetower.rules.decisions import Activate, Attack, Block, Cast, Decision, Done, Pass, PlayLand, Split
from judgetower.rules.errors import GameOverError, IllegalAction
from judgetower.rules.game import Game
from judgetower.rules.hooks import StandardRules
from judgetower.rules.state import PID

__all__ = ["Activate", "Attack", "Block", "Cast", "Decision", "Done", "Game", "GameOverError", "IllegalAction",
           "PID", "Pass", "PlayLand", "Split", "StandardRules"]
