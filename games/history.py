"""A player's finished games (for the chart) and totals: played, won, win rate, best score, winning streaks."""

from dataclasses import dataclass
from datetime import datetime

import engine

from .models import GameQuerySet


@dataclass(frozen=True)
class FinishedGame:
    finished: datetime
    score: int
    won: bool


def finished_games(games: GameQuerySet) -> list[FinishedGame]:
    """The finished ones among ``games``, in the order they finished."""
    rows = games.exclude(finished=None).order_by("finished", "id").values_list("finished", "score", "status")
    return [
        FinishedGame(finished, score, status == engine.Status.WON)
        for finished, score, status in rows
        if finished is not None  # as the query already says: for the type checker
    ]


@dataclass(frozen=True)
class Totals:
    played: int
    won: int
    best_score: int | None  # over finished games
    current_streak: int  # wins in a row among the most recently finished games
    longest_streak: int

    @property
    def win_rate(self) -> float | None:
        """Won over played (a game left unfinished counts as not won); None before any game."""
        return self.won / self.played if self.played else None


def totals(games: GameQuerySet, finished: list[FinishedGame] | None = None) -> Totals:
    """``finished`` saves the query when the caller already holds ``finished_games(games)``."""
    if finished is None:
        finished = finished_games(games)
    current = longest = 0
    for game in finished:
        current = current + 1 if game.won else 0
        longest = max(longest, current)
    return Totals(
        played=games.count(),
        won=sum(1 for game in finished if game.won),
        best_score=max((game.score for game in finished), default=None),
        current_streak=current,
        longest_streak=longest,
    )
