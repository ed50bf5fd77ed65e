"""The server's day: the daily deal changes at midnight UTC (TIME_ZONE is UTC). Callers use ``clock.today()``
so that tests can move the day."""

from datetime import date

from django.utils import timezone


def today() -> date:
    return timezone.now().date()
