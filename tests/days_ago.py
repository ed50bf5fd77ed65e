"""The site's ASGI application on a server whose day is ``DAYS_AGO`` days before today: how a browser test plays
the Daily of a past day on its day, as its player did then (tests/browser/test_calendar.py). Every page takes the
day from ``clock.today`` (games/base/clock.py); this server's is moved back, and nothing else of it."""

import os
from datetime import date, timedelta

from games.base import clock
from tripeaks_site.asgi import application

_SHIFT = timedelta(days=int(os.environ["DAYS_AGO"]))
_real_today = clock.today


def _moved_today() -> date:
    return _real_today() - _SHIFT


clock.today = _moved_today
__all__ = ["application"]
