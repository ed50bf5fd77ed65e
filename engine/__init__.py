"""TriPeaks rules as a pure library: deals, moves, scoring, replay, solver and hints; levels and streak scoring.

No Django here: the web app, the solver and outside checks all build on this API, and only on it
(tests/engine/test_purity.py checks that the web app imports nothing else).
"""

from .analysis import Analysis, Hint, HintReason, analyse, analysis_of_loss, hint, solve, winnable_code
from .casual import CASUAL_GAMES, casual_line, casual_share
from .codes import CodeError, GameCode, InvalidGameCode
from .game import START_SCORE, Action, Game, IllegalMove, LastAction, Status
from .guide import GUIDED_CODE, GUIDED_LINE, Cue, GuideStep, guide_step
from .layout import COVERERS, PEAK_CARDS, ROWS, STOCK_SIZE
from .levels import Level, daily_code, deal_level, shuffled_level_code
from .log import MAX_LOG_ACTIONS, InvalidLog, Refusal, log_until, standing_versions, version_of
from .par import Loss, Par, Scoring, losses, par, reachable
from .progress import FREE_KIND, KINDS, LEVEL_KINDS, MEDALS, RECORDS, Feats, GameEnd, Medal, Progress, feats_of
from .rules import Rule
from .streak import STREAK_RULES, ScoringTerms, StreakRules, StreakScore, Terms, streak_score

__all__ = (
    "CASUAL_GAMES",
    "COVERERS",
    "FREE_KIND",
    "GUIDED_CODE",
    "GUIDED_LINE",
    "KINDS",
    "LEVEL_KINDS",
    "MAX_LOG_ACTIONS",
    "MEDALS",
    "PEAK_CARDS",
    "RECORDS",
    "ROWS",
    "START_SCORE",
    "STOCK_SIZE",
    "STREAK_RULES",
    "Action",
    "Analysis",
    "CodeError",
    "Cue",
    "Feats",
    "Game",
    "GameCode",
    "GameEnd",
    "GuideStep",
    "Hint",
    "HintReason",
    "IllegalMove",
    "InvalidGameCode",
    "InvalidLog",
    "LastAction",
    "Level",
    "Loss",
    "Medal",
    "Par",
    "Progress",
    "Refusal",
    "Rule",
    "Scoring",
    "ScoringTerms",
    "Status",
    "StreakRules",
    "StreakScore",
    "Terms",
    "analyse",
    "analysis_of_loss",
    "casual_line",
    "casual_share",
    "daily_code",
    "deal_level",
    "feats_of",
    "guide_step",
    "hint",
    "log_until",
    "losses",
    "par",
    "reachable",
    "shuffled_level_code",
    "solve",
    "standing_versions",
    "streak_score",
    "version_of",
    "winnable_code",
)
