"""The server's day: the daily deal changes at midnight UTC (TIME_ZONE is UTC). Callers use ``clock.today()``
so that tests can move the day."""

from datetime import UTC, date, datetime, time, timedelta

from django.utils import timezone


def today() -> date:
    return timezone.now().date()


def end_of(day: date) -> datetime:
    """When ``day`` is over: its daily deal opens to all, and the next day's comes (UTC midnight)."""
    return datetime.combine(day + timedelta(days=1), time(0), UTC)
