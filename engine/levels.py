"""Levels (Easy, Medium, Hard, Daily), their bands of difficulty, and the deals of each.

A deal's difficulty is its casual share: how many of 50 games of the casual player (engine/casual.py)
clear it. docs/levels.md gives the distribution over winnable deals and why the bands sit where they do.
"""

import datetime
import functools
import hashlib
import hmac
import itertools
import random
from collections.abc import Iterator
from enum import StrEnum
from types import MappingProxyType

from .casual import CASUAL_GAMES, casual_in_band
from .codes import CODE_SPACE, GameCode
from .deal import SHUFFLES, deal_cards
from .layout import FIRST_WASTE
from .rules import Rule
from .solver import solve_position, winnable_quickly


class Level(StrEnum):
    """A mode of play: the rule, the kind of deal, the time limit and the score multiplier."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    DAILY = "daily"  # one deal a day, the same for everyone (``daily_code``)

    @property
    def rule(self) -> Rule:
        """Rule.CLASSIC on Hard (king and ace not adjacent), Rule.EASY on the others."""
        return Rule.CLASSIC if self is Level.HARD else Rule.EASY

    @property
    def time_limit(self) -> int:
        """Seconds within which a win earns the time bonus."""
        return _TIME_LIMITS[self]

    @property
    def multiplier(self) -> int:
        """What the streak score's total is multiplied by."""
        return _MULTIPLIERS[self]

    @property
    def band(self) -> tuple[float, float]:
        """The casual shares (lowest, highest, both included) of this level's deals."""
        return _BANDS[self]

    def accepts(self, share: float) -> bool:
        """Whether a winnable deal of casual share ``share`` under ``self.rule`` is one of this level's."""
        low, high = self.band
        return low <= share <= high


_TIME_LIMITS = MappingProxyType({Level.EASY: 240, Level.MEDIUM: 360, Level.HARD: 480, Level.DAILY: 360})
_MULTIPLIERS = MappingProxyType({Level.EASY: 1, Level.MEDIUM: 2, Level.HARD: 3, Level.DAILY: 2})

# The bands, in casual shares (docs/levels.md has the distribution they were chosen from). Of the
# winnable deals under the level's rule: Easy the gentlest 37%, cleared 7 times in 10 or more; Medium
# the 21% cleared 1 to 4 times in 10; Hard the 52% of Classic deals cleared at most 1 time in 10;
# Daily any Easy-rule deal of Medium difficulty or harder (42%).
EASY_MIN_SHARE = 0.7
MEDIUM_MIN_SHARE = 0.1
MEDIUM_MAX_SHARE = 0.4
HARD_MAX_SHARE = 0.1
_BANDS = MappingProxyType(
    {
        Level.EASY: (EASY_MIN_SHARE, 1.0),
        Level.MEDIUM: (MEDIUM_MIN_SHARE, MEDIUM_MAX_SHARE),
        Level.HARD: (0.0, HARD_MAX_SHARE),
        Level.DAILY: (0.0, MEDIUM_MAX_SHARE),
    }
)


@functools.cache
def _wins_range(level: Level, games: int) -> tuple[int, int]:
    """The fewest and most casual wins out of ``games`` that ``level`` accepts (as ``accepts`` reads them)."""
    accepted = [wins for wins in range(games + 1) if level.accepts(wins / games)]
    return accepted[0], accepted[-1]


def _accepts(cards: tuple[int, ...], level: Level, exact: bool) -> bool:
    """In the band, and winnable: a casual win proves it; else the solver (with ``exact``, the table
    when the quick stages do not settle it; without, such a deal is passed over)."""
    won = casual_in_band(cards, level.rule, *_wins_range(level, CASUAL_GAMES))
    if won is None:
        return False
    if won:
        return True
    waste = cards[FIRST_WASTE] % 13
    if exact:
        return solve_position(cards, level.rule, 0, 0, waste).winnable
    return bool(winnable_quickly(cards, level.rule, 0, 0, waste))


def deal_level(level: Level, rng: random.Random | None = None, *, exact: bool = False) -> GameCode:
    """A random code under ``level.rule`` whose deal is winnable and in ``level``'s band.

    Winnability is proved by a casual win, or else by the solver's quick stages; a deal they do not
    settle is passed over, as ``winnable_code`` does, so that dealing stays fast (docs/levels.md).
    With ``exact``, the solver's table settles such a deal instead: every winnable deal of the band can
    then come, at the cost of a table (several milliseconds) on many Hard deals.
    ``rng`` draws the codes (by default the system's secure source).
    """
    draw = rng.randrange if rng is not None else random.SystemRandom().randrange
    while True:
        number = draw(CODE_SPACE)
        if _accepts(deal_cards(number), level, exact):
            return GameCode(number, level.rule)


def shuffled_level_code(level: Level) -> GameCode:
    """A fresh deal of ``level`` drawn as ``daily_code`` draws the day's: a TP2 code over all 52! orders, so that
    the cards face up at the start do not name it, winnable (the exact solver decides) and in the level's band.
    A challenge's deal: nobody can look it up before it is shown (docs/challenges.md)."""
    while True:
        code = GameCode.shuffled(level.rule)
        if _accepts(code.cards, level, exact=True):
            return code


def daily_code(day: datetime.date, secret: str) -> GameCode:
    """The daily deal of ``day``: the first candidate shuffle that is winnable and of Medium difficulty or
    harder under Rule.EASY (``Level.DAILY``'s band), winnability decided by the exact solver; a TP2 code.

    The candidates are drawn over all 52! orders of the deck, not over the deal numbers of TP1 codes:
    2³³ numbers are too few to hide among, as the eleven cards face up at the start carry 61 bits,
    so they would name the number. Candidate ``n`` (0, 1, …) is HMAC-SHA256(key = ``secret`` in UTF-8,
    message = the ISO date, "/" and ``n``, e.g. ``2025-01-31/0``) read as a big-endian number, taken
    modulo 52! (a digest at or above the largest multiple of 52! below 2²⁵⁶ is passed over, so that
    every order is as likely). Without the secret the day's deal cannot be computed (docs/levels.md).
    """
    if not secret:
        raise ValueError("the daily deal needs a secret")
    candidates = (GameCode(i, Level.DAILY.rule, shuffle=True) for i in _shuffle_indices(secret, day.isoformat()))
    return next(code for code in candidates if _accepts(code.cards, Level.DAILY, exact=True))


_UNBIASED_LIMIT = (1 << 256) - (1 << 256) % SHUFFLES


def _shuffle_indices(secret: str, label: str) -> Iterator[int]:
    """Uniform shuffle indices, as many as asked, from ``secret`` and ``label`` (``daily_code``)."""
    for n in itertools.count():
        digest = hmac.new(secret.encode(), f"{label}/{n}".encode(), hashlib.sha256).digest()
        word = int.from_bytes(digest, "big")
        if word < _UNBIASED_LIMIT:
            yield word % SHUFFLES
