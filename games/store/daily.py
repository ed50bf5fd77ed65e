"""The daily deal: one deal a (UTC) day, the same for everyone, secret until the day is over; the
player's daily streak, and the day's leaderboard of registered players."""

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from django.conf import settings
from django.db.models import BooleanField, DurationField, Exists, ExpressionWrapper, F, Min, OuterRef, Q
from django.db.models.functions import Coalesce, Now
from django.utils.translation import gettext

import engine
from games.base import clock
from games.models import GameQuerySet, GameRecord
from games.store.moderation import blocked_accounts
from games.store.player_data import DELETED_PLAYER
from games.store.visibility import names_shown

DAILY = engine.Level.DAILY.value
LEADERBOARD_SIZE = 50


def human_pace() -> int:
    """The most moves a second a person plays: a daily game finished faster ranks after the others, flagged
    (``GameRecord.too_fast``; docs/levels.md "A person's pace")."""
    return settings.HUMAN_MOVES_PER_SECOND


@lru_cache(maxsize=8)
def daily_code(day: date) -> engine.GameCode:
    """The day's deal, from the day and the server's secret: the same on every process, not computable by players."""
    return engine.daily_code(day, settings.DAILY_SECRET)


def first_day() -> date:
    """The first day the site dealt a daily (the calendar's first day): today on a site that has dealt none."""
    first: date | None = GameRecord.objects.filter(level=DAILY).aggregate(first=Min("daily_date"))["first"]
    return first or clock.today()


def in_calendar(day: date) -> bool:
    """Whether ``day`` had a daily deal: from the first day to today."""
    return first_day() <= day <= clock.today()


def played_on(records: GameQuerySet, day: date) -> GameRecord | None:
    """The player's first daily game of ``day`` (an account's ranked one, where it has one)."""
    return records.filter(level=DAILY, daily_date=day).order_by("-ranked", "created", "id").first()


def daily_streak(records: GameQuerySet, day: date) -> int:
    """Days in a row whose daily the player won on its day, up to ``day`` (or up to the day before, while ``day``'s
    daily is not won yet): an archive game won later fills no gap."""
    won = set(won_on_the_day(records).values_list("daily_date", flat=True))
    last = day if day in won else day - timedelta(days=1)
    streak = 0
    while last - timedelta(days=streak) in won:
        streak += 1
    return streak


def won_on_the_day(records: GameQuerySet) -> GameQuerySet:
    """The daily games among ``records`` won on their own day (not a past day's, played from the calendar)."""
    return records.filter(level=DAILY, status=engine.Status.WON, archive=False)


@dataclass(frozen=True)
class Entry:
    rank: int
    name: str
    score: int
    seconds: float
    record: GameRecord
    practised: bool  # its account had practised the deal first (``practised_first``)


# The leaderboard's order: finished games first; those played at a person's pace before those too fast; those
# played at first sight of the deal before those its account practised first; those played unaided before those
# taught (Teach me); then the best score, then the fastest; the first started breaks a tie. A ranked game not
# finished ranks after the finished ones.
ORDER = ("unfinished", "too_fast", "practised", "taught", "-score", "time", "id")


def practised_first() -> Exists:
    """Whether a ranked game's account had another game of its deal started before the ranked one ended (or before
    now, while it is played): practice, or a game played signed out and joined to the account at sign-up or log-in
    (``actions.hand_over``). Its player had seen the deal before; a practice game started once the ranked one had
    ended changes nothing. Derived from the games stored, so a game joined later marks it too."""
    earlier = GameRecord.objects.filter(
        user_id=OuterRef("user_id"),
        level=DAILY,
        archive=False,  # played after the day, it comes after the ranked game's chance, however unfinished
        daily_date=OuterRef("daily_date"),
        created__lt=Coalesce(OuterRef("finished"), Now()),
    ).exclude(pk=OuterRef("pk"))
    return Exists(earlier)


def with_keys(records: GameQuerySet) -> GameQuerySet:
    """``records`` with the keys of ``ORDER`` that are not columns ."""
    return records.alias(
        practised=practised_first(),
        unfinished=ExpressionWrapper(Q(finished__isnull=True), output_field=BooleanField()),
        taught=ExpressionWrapper(Q(hints__gt=0), output_field=BooleanField()),
        # The player's time, as GameRecord.seconds() counts it: what the network took is not theirs.
        time=ExpressionWrapper(F("finished") - F("first_action_at") - F("network_time"), output_field=DurationField()),
    )


def ranked_games(day: date) -> GameQuerySet:
    """The ranked daily games of ``day`` (the deal's day, whatever the viewer's time zone), with the
    leaderboard's keys."""
    return with_keys(GameRecord.objects.filter(level=DAILY, daily_date=day, ranked=True))


def on_the_board(day: date) -> GameQuerySet:
    """The ranked games of ``day`` that its leaderboard shows: but those of accounts a moderator blocked."""
    return ranked_games(day).exclude(user_id__in=blocked_accounts())


def leaderboard(day: date, size: int | None = None) -> list[Entry]:
    """Each account's ranked daily game of ``day``, the best first (``size`` of them, or all): the first
    daily game it started that day signed in, whatever became of it (one taken back from its end stays,
    below the finished ones)."""
    ranked = list(on_the_board(day).order_by(*ORDER).prefetch_related("user")[:size])  # joined after the sort
    shown = ranked_games(day).filter(Q(practised=True), pk__in=[record.pk for record in ranked])
    practised = set(shown.values_list("pk", flat=True))
    names = names_shown([(record.user.get_username() if record.user else "", record) for record in ranked])
    return [
        Entry(
            rank,
            name or gettext(DELETED_PLAYER),  # its account is gone
            record.score,
            record.seconds(),
            record,
            record.pk in practised,
        )
        for rank, (record, name) in enumerate(zip(ranked, names, strict=True), start=1)
    ]


def _before(record: GameRecord, practised: bool) -> Q:
    """The games that rank before ``record`` in ``ORDER``: each key decides where all the earlier ones tie."""
    keys: list[tuple[str, str, object]] = [
        ("unfinished", "lt", record.finished is None),
        ("too_fast", "lt", record.too_fast),
        ("practised", "lt", practised),
        ("taught", "lt", record.hints > 0),
        ("score", "gt", record.score),
    ]
    if record.finished is not None and record.first_action_at is not None:  # else its time is still running
        keys.append(("time", "lt", record.finished - record.first_action_at - record.network_time))
    keys.append(("id", "lt", record.pk))
    before = Q(pk__in=[])
    for name, beats, value in reversed(keys):
        before = Q(**{f"{name}__{beats}": value}) | (Q(**{name: value}) & before)
    return before


@dataclass(frozen=True)
class Standing:
    place: int  # 1 for the top
    ranked_games: int  # on the day's leaderboard
    ranked: bool  # the game is its account's ranked one; else (practice) where it would have stood
    practised: bool  # a ranked game whose account had practised the deal first (``practised_first``)


def standing(record: GameRecord) -> Standing | None:
    """Where a daily game stands on its day's leaderboard (None for another game); a practice game's place
    is among the other accounts' ranked games, not beside its own, as if played at first sight."""
    if record.level != DAILY or record.daily_date is None:
        return None
    ranked = on_the_board(record.daily_date)
    shown = record.ranked and ranked.filter(pk=record.pk).exists()  # not if a moderator keeps its account off
    practised = shown and ranked.filter(Q(practised=True), pk=record.pk).exists()
    others = ranked.exclude(user_id=record.user_id) if record.user_id and not shown else ranked
    place = 1 + others.filter(_before(record, practised)).count()
    return Standing(place, ranked.count(), ranked=shown, practised=practised)
