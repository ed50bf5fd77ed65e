"""A player's totals over their games: played, won, win rate, best score, winning streaks."""

from dataclasses import dataclass

from .models import GameQuerySet, Status


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


def totals(games: GameQuerySet) -> Totals:
    finished = list(games.exclude(finished=None).order_by("finished", "id").values_list("status", "score"))
    current = longest = 0
    for status, _score in finished:
        current = current + 1 if status == Status.WON else 0
        longest = max(longest, current)
    return Totals(
        played=games.count(),
        won=sum(1 for status, _score in finished if status == Status.WON),
        best_score=max((score for _status, score in finished), default=None),
        current_streak=current,
        longest_streak=longest,
    )
