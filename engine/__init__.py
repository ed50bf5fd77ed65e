"""TriPeaks rules as a pure library: deals, moves, scoring, replay, solver and hints.

No Django here: the web app, the solver and outside checks all build on this API.
"""

from .codes import GameCode, InvalidGameCode
from .game import Game, IllegalMove
from .log import MAX_LOG_ACTIONS, InvalidLog
from .rules import Rule
from .teach import Analysis, Hint, analyse, hint, solve, winnable_code

__all__ = [
    "MAX_LOG_ACTIONS",
    "Analysis",
    "Game",
    "GameCode",
    "Hint",
    "IllegalMove",
    "InvalidGameCode",
    "InvalidLog",
    "Rule",
    "analyse",
    "hint",
    "solve",
    "winnable_code",
]
