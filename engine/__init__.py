"""TriPeaks rules as a pure library: deals, moves, scoring, replay.

No Django here: the web app, the solver and outside checks all build on this API.
"""

from .codes import GameCode, InvalidGameCode
from .game import Game, IllegalMove
from .log import MAX_LOG_ACTIONS, InvalidLog
from .rules import Rule

__all__ = ["MAX_LOG_ACTIONS", "Game", "GameCode", "IllegalMove", "InvalidGameCode", "InvalidLog", "Rule"]
