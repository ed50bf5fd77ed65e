"""The daily deal: one deal a (UTC) day, the same for everyone, secret until the day is over; the
player's daily streak, and the day's leaderboard of registered players."""

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from django.conf import settings

import engine

from .models import GameQuerySet, GameRecord

DAILY = engine.Level.DAILY.value
LEADERBOARD_SIZE = 50


@lru_cache(maxsize=8)
def daily_code(day: date) -> engine.GameCode:
    """The day's deal, from the day and the server's secret: the same on every process, not computable by players."""
    return engine.daily_code(day, settings.DAILY_SECRET)


def played_on(records: GameQuerySet, day: date) -> GameRecord | None:
    """The player's first daily game of ``day`` (an account's ranked one, where it has one)."""
    return records.filter(level=DAILY, daily_date=day).order_by("-ranked", "created", "id").first()


def daily_streak(records: GameQuerySet, day: date) -> int:
    """Days in a row whose daily the player won, up to ``day`` (or up to the day before, while ``day``'s
    daily is not won yet)."""
    won = set(records.filter(level=DAILY, status=engine.Status.WON).values_list("daily_date", flat=True))
    last = day if day in won else day - timedelta(days=1)
    streak = 0
    while last - timedelta(days=streak) in won:
        streak += 1
    return streak


@dataclass(frozen=True)
class Entry:
    rank: int
    name: str
    score: int
    seconds: float
    record: GameRecord


def _order(record: GameRecord) -> tuple[bool, bool, bool, int, float]:
    # Finished games first, those played at a person's pace before those too fast, those played unaided before
    # those taught (Teach me), then the best score, then the fastest; a ranked game not finished ranks after.
    return (record.finished is None, record.too_fast, record.hints > 0, -record.score, record.seconds())


def leaderboard(day: date) -> list[Entry]:
    """Each account's ranked daily game of ``day``: the first it started that day signed in, whatever became
    of it (one taken back from its end stays, below the finished ones). The day is the deal's, whatever
    the viewer's time zone."""
    ranked = GameRecord.objects.filter(level=DAILY, daily_date=day, ranked=True).select_related("user")
    return [
        Entry(rank, record.user.get_username() if record.user else "", record.score, record.seconds(), record)
        for rank, record in enumerate(sorted(ranked, key=_order), start=1)
    ]


def place_of(record: GameRecord, entries: list[Entry]) -> int:
    """Where ``record`` would stand among the ranked ``entries`` (1 for the top)."""
    return 1 + sum(1 for entry in entries if _order(entry.record) < _order(record))


@dataclass(frozen=True)
class Standing:
    place: int  # 1 for the top
    ranked_games: int  # on the day's leaderboard
    ranked: bool  # the game is its account's ranked one; else (practice) where it would have stood


def standing(record: GameRecord) -> Standing | None:
    """Where a daily game stands on its day's leaderboard (None for another game)."""
    if record.level != DAILY or record.daily_date is None:
        return None
    entries = leaderboard(record.daily_date)
    mine = next((entry.rank for entry in entries if entry.record.pk == record.pk), None)
    if mine is not None:
        return Standing(mine, len(entries), ranked=True)
    others = [entry for entry in entries if record.user_id is None or entry.record.user_id != record.user_id]
    return Standing(place_of(record, others), len(entries), ranked=False)  # among the others: not beside itself
