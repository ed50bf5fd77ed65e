"""Streak scoring, the levels' alternative to the app's score: docs/rules.md §13, "Levels and streak
scoring".

Computed from the actions still standing (the log with the undone ones taken out), so that an undo
takes back a move with its points and its streak, and the same log and time always score the same.
"""

import math
from dataclasses import dataclass
from typing import Protocol

from .game import Game, Status
from .log import DRAW, UNDO, split_folded
from .rules import Rule

STREAK_STEP = 10  # the n-th card of a streak scores 10·n
PEAK_POINTS = 150  # each emptied peak but the last
LAST_PEAK_POINTS = 500  # the last peak, the one that wins (instead of 150)
STOCK_CARD_POINTS = 25  # each card still in the stock when the game is won
TIME_POINTS_PER_SECOND = 5  # each whole second left under the level's time limit when the game is won
TWO_STARS_STOCK = 3  # a win with this many stock cards left or more earns two stars
THREE_STARS_STOCK = 8  # and with this many, three


@dataclass(frozen=True, slots=True)
class StreakRules:
    """The points and stars above, as a player is told them (How to play)."""

    streak_step: int = STREAK_STEP
    peak: int = PEAK_POINTS
    last_peak: int = LAST_PEAK_POINTS
    stock_card: int = STOCK_CARD_POINTS
    second: int = TIME_POINTS_PER_SECOND
    two_stars: int = TWO_STARS_STOCK
    three_stars: int = THREE_STARS_STOCK


STREAK_RULES = StreakRules()


class ScoringTerms(Protocol):
    """What streak scoring takes from a mode of play: a ``Level``, or a challenge's ``Terms``."""

    @property
    def rule(self) -> Rule: ...
    @property
    def time_limit(self) -> int: ...
    @property
    def multiplier(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Terms:
    """Scoring terms of their own: a challenge's, whose time bonus counts within the challenge's time limit."""

    rule: Rule
    time_limit: int  # seconds within which a win earns the time bonus
    multiplier: int


@dataclass(frozen=True, slots=True)
class NextStar:
    """What a win short of three stars lacked: ``more_cards`` left in the stock would have made ``stars``."""

    stars: int
    more_cards: int


@dataclass(frozen=True, slots=True)
class StreakScore:
    """A game's streak score and the breakdown the end card shows."""

    total: int  # (streak_points + peak_points + stock_bonus + time_bonus) × multiplier
    streak: int  # the current streak's length: 0 right after a draw
    best_streak: int  # the longest streak among the standing actions
    stars: int  # 0 unless the game is won, then 1 to 3
    streak_points: int
    peak_points: int
    stock_bonus: int
    time_bonus: int
    multiplier: int
    stock_left: int  # the cards still in the stock

    @property
    def next_star(self) -> NextStar | None:
        """For a win of one or two stars, the next star and the stock it takes; None otherwise."""
        if self.stars == 1:
            return NextStar(2, TWO_STARS_STOCK - self.stock_left)
        if self.stars == 2:
            return NextStar(3, THREE_STARS_STOCK - self.stock_left)
        return None


def streak_score(game: Game, terms: ScoringTerms, seconds: float) -> StreakScore:
    """The streak score of ``game`` played on ``terms`` (a level, or a challenge's), ``seconds`` after it started
    (timed by the server). ``game`` is not changed; its rule must be the terms'."""
    if game.rule is not terms.rule:
        raise ValueError(f"{terms} is played under rule {terms.rule.name}, not {game.rule.name}")
    if not seconds >= 0:  # NaN too
        raise ValueError(f"elapsed time must be a number of seconds ≥ 0, not {seconds!r}")
    standing: list[bool] = []  # for each standing action, whether it is a tap (else a draw)
    for symbol in split_folded(game.log)[1]:  # folded pairs are all taken back: none stands
        if symbol == UNDO:
            standing.pop()
        else:
            standing.append(symbol != DRAW)
    streak = best = points = 0
    for tap in standing:
        if tap:
            streak += 1
            points += STREAK_STEP * streak
            if streak > best:
                best = streak
        else:
            streak = 0
    won = game.status is Status.WON
    cleared = sum(game.peaks_cleared())
    if won:  # the last peak emptied is the one that wins
        peak_points = PEAK_POINTS * (cleared - 1) + LAST_PEAK_POINTS
        stock = game.stock_count
        stock_bonus = STOCK_CARD_POINTS * stock
        left = terms.time_limit - seconds
        time_bonus = TIME_POINTS_PER_SECOND * math.floor(left) if left > 0 else 0
        stars = 1 + (stock >= TWO_STARS_STOCK) + (stock >= THREE_STARS_STOCK)
    else:
        peak_points = PEAK_POINTS * cleared
        stock_bonus = time_bonus = stars = 0
    multiplier = terms.multiplier
    return StreakScore(
        total=(points + peak_points + stock_bonus + time_bonus) * multiplier,
        streak=streak,
        best_streak=best,
        stars=stars,
        streak_points=points,
        peak_points=peak_points,
        stock_bonus=stock_bonus,
        time_bonus=time_bonus,
        multiplier=multiplier,
        stock_left=game.stock_count,
    )
