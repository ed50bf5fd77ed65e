"""A player's finished games (for the chart) and totals: played, won, win rate, best score, winning streaks."""

from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Count, Max, Q, Sum
from django.utils.translation import gettext_lazy as _

import engine
from games.models import FREE_GAME, LEVEL_LABELS, GameQuerySet, GameRecord, LinkChallenge


@dataclass(frozen=True)
class FinishedGame:
    finished: datetime
    score: int
    won: bool
    level: bool = False  # a level game, scored by streaks, or a free game
    par_percent: int | None = None  # its score's share of its deal's par, once found (docs/solver.md "Par")


def finished_games(games: GameQuerySet) -> list[FinishedGame]:
    """The finished ones among ``games``, in the order they finished."""
    rows = games.exclude(finished=None).order_by("finished", "id")
    return [
        FinishedGame(finished, score, status == engine.Status.WON, level != FREE_GAME, par_percent)
        for finished, score, status, level, par_percent in rows.values_list(
            "finished", "score", "status", "level", "par_percent"
        )
        if finished is not None  # as the query already says: for the type checker
    ]


def win_rate(won: int, finished: int) -> float | None:
    """The one win rate of every page: games won over games finished (won or blocked); a game still
    in progress is neither. None before any game has finished."""
    return won / finished if finished else None


def percent(rate: float) -> int:
    return int(rate * 100 + 0.5)  # half up, as people round


def played(games: GameQuerySet) -> GameQuerySet:
    """The games with at least one action: a deal opened and left untouched is not a game played."""
    return games.exclude(log="")


@dataclass(frozen=True)
class Totals:
    played: int
    finished: int
    won: int
    # over finished games, apart for each scoring: a free game's 500-point rule and a level's streaks
    best_free_score: int | None
    best_level_score: int | None
    current_streak: int  # wins in a row among the most recently finished games
    longest_streak: int

    @property
    def win_rate(self) -> float | None:
        return win_rate(self.won, self.finished)

    @property
    def win_percent(self) -> int | None:
        rate = self.win_rate
        return None if rate is None else percent(rate)


def totals(games: GameQuerySet, finished: list[FinishedGame] | None = None) -> Totals:
    """``finished`` saves the query when the caller already holds ``finished_games(games)``."""
    if finished is None:
        finished = finished_games(games)
    current = longest = 0
    for game in finished:
        current = current + 1 if game.won else 0
        longest = max(longest, current)
    return Totals(
        played=played(games).count(),
        finished=len(finished),
        won=sum(1 for game in finished if game.won),
        best_free_score=max((game.score for game in finished if not game.level), default=None),
        best_level_score=max((game.score for game in finished if game.level), default=None),
        current_streak=current,
        longest_streak=longest,
    )


@dataclass(frozen=True)
class ModeStats:
    level: str  # a level's value, or FREE_GAME
    label: str
    played: int
    finished: int
    won: int
    best_score: int | None  # over finished games
    best_streak: int
    stars: int

    @property
    def win_percent(self) -> int | None:
        rate = win_rate(self.won, self.finished)
        return None if rate is None else percent(rate)


def stats_by_mode(games: GameQuerySet) -> list[ModeStats]:
    """Games, wins, best score, best streak and stars earned, per mode that the player has played."""
    labels = {FREE_GAME: str(_("Free game")), **{level.value: str(label) for level, label in LEVEL_LABELS.items()}}
    rows = {
        row["level"]: row
        for row in played(games)
        .values("level")
        .annotate(
            count=Count("id"),
            done=Count("id", filter=Q(finished__isnull=False)),
            won=Count("id", filter=Q(status=engine.Status.WON)),
            best_score=Max("score", filter=Q(finished__isnull=False)),
            top_streak=Max("best_streak"),
            earned=Sum("stars"),
        )
    }
    return [
        ModeStats(
            level, label, row["count"], row["done"], row["won"], row["best_score"], row["top_streak"], row["earned"]
        )
        for level, label in labels.items()
        if (row := rows.get(level))
    ]


DAILY_RESULTS = 30  # days listed


def daily_results(games: GameQuerySet) -> list[GameRecord]:
    """The player's daily games, one per day (the first, which is the ranked one), newest day first."""
    first_of_day: dict[date | None, GameRecord] = {}
    for record in games.filter(level=engine.Level.DAILY).order_by("-daily_date", "created", "id"):
        if record.daily_date not in first_of_day and len(first_of_day) == DAILY_RESULTS:
            break
        first_of_day.setdefault(record.daily_date, record)
    return list(first_of_day.values())


def links_made(games: GameQuerySet) -> list[LinkChallenge]:
    """The challenge links made from ``games``, newest first, each with how many took it (``taken``), how many of
    them finished (``finished``) and the best score among those who did (``best``): what the challenger is told."""
    finished = Q(entries__game__finished__isnull=False)
    return list(
        LinkChallenge.objects.filter(game__in=games)
        .select_related("game")
        .annotate(
            taken=Count("entries"),
            finished=Count("entries", filter=finished),
            best=Max("entries__game__score", filter=finished),
        )
        .order_by("-created", "-id")
    )
