"""The Daily's calendar: a month of past days, each marked by what the player made of its deal, and the month's
badge, earned by winning every day of it on its own day (docs/features.md, "The Daily's calendar")."""

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

import engine
from games.base import clock
from games.models import GameQuerySet
from games.store import daily


class Mark(StrEnum):
    WON = "won"  # won on its own day
    WON_LATER = "won-later"  # won only as its archive game
    PLAYED = "played"  # played, not won
    MISSED = "missed"  # a past day not played: its archive game waits
    TODAY = "today"  # today's deal: ranked, as ever
    NONE = "none"  # before the first daily, or to come


@dataclass(frozen=True)
class Day:
    day: date
    mark: Mark
    stars: int  # the most a win on its day earned

    @property
    def in_month(self) -> bool:
        return self.mark is not Mark.NONE


@dataclass(frozen=True)
class Month:
    first: date  # its first day
    weeks: list[list[Day | None]]  # Monday first; None outside the month
    weekdays: list[date]  # a week's days, Monday first: the columns' names
    badge: bool  # every day of it, from the site's first daily, won on its own day
    earlier: date | None  # the month before, if the calendar reaches it
    later: date | None


def month_of(records: GameQuerySet, first: date) -> Month:
    """The month that starts on ``first``, for the player whose games are ``records``."""
    start, today = daily.first_day(), clock.today()
    last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
    games = records.filter(level=daily.DAILY, daily_date__range=(first, last))
    results: dict[date, list[tuple[str, bool, int]]] = {}
    for day, status, archive, stars in games.values_list("daily_date", "status", "archive", "stars"):
        if day is not None:  # as the range says: for the type checker
            results.setdefault(day, []).append((status, archive, stars))
    days = {
        day: _day(day, results.get(day, []), start, today)
        for day in (first + timedelta(days=n) for n in range(last.day))
    }
    dealt = [day for day in days.values() if start <= day.day]
    dates = calendar.Calendar().monthdatescalendar(first.year, first.month)
    return Month(
        first=first,
        weeks=[[days[day] if day.month == first.month else None for day in week] for week in dates],
        weekdays=dates[0],
        badge=last < today and bool(dealt) and all(day.mark is Mark.WON for day in dealt),
        earlier=_month_before(first) if first > start else None,
        later=last + timedelta(days=1) if last < today else None,
    )


def _day(day: date, results: list[tuple[str, bool, int]], start: date, today: date) -> Day:
    won = engine.Status.WON.value
    on_day = [stars for status, archive, stars in results if status == won and not archive]
    if day < start or day > today:
        mark = Mark.NONE
    elif on_day:
        mark = Mark.WON
    elif day == today:
        mark = Mark.TODAY
    elif any(status == won for status, _, _ in results):
        mark = Mark.WON_LATER
    else:
        mark = Mark.PLAYED if results else Mark.MISSED
    return Day(day, mark, max(on_day, default=0))


def _month_before(first: date) -> date:
    return (first - timedelta(days=1)).replace(day=1)


MONTH = re.compile(r"\d{4}-\d{2}")  # the one way a month is written in the calendar's addresses


def parse_month(text: str) -> date | None:
    """The first day of the month ``text`` names as YYYY-MM, or None if it names none the calendar shows."""
    if not MONTH.fullmatch(text):
        return None
    try:
        first = date.fromisoformat(f"{text}-01")
    except ValueError:
        return None
    last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
    return first if first <= clock.today() and daily.first_day() <= last else None
