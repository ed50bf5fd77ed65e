"""Middleware: a game whose stored log no longer replays gets an error page that names it (logged in
actions.py), and today's daily game (or a challenge's before it is over) asked for by another player a page saying
when it opens; times are
written in the player's time zone."""

import contextlib
import urllib.parse
import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from games.actions import BrokenGame, DealSecret, NotStarted
from games.store import clock


class GameNotShownMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, BrokenGame):
            return render(request, "games/broken.html", {"record": exception.record}, status=500)
        if isinstance(exception, NotStarted):  # the room's page counts down to the start
            return redirect("room", public_id=exception.record.seat.room.public_id)
        if isinstance(exception, DealSecret):
            record = exception.record
            if record.in_room:
                return render(request, "games/secret.html", {"room": record.seat.room}, status=403)
            day = record.daily_date
            assert day is not None  # only a daily game's or a challenge's deal is secret
            return render(request, "games/secret.html", {"day": day, "opens": clock.end_of(day)}, status=403)
        return None


TIME_ZONE_COOKIE = "tz"  # set by static/js/timezone.js: an IANA name, URL-encoded ("America%2FLos_Angeles")


class PlayerTimeZoneMiddleware:
    """Dates and times in the player's time zone, when their browser told it; UTC otherwise."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        name = urllib.parse.unquote(request.COOKIES.get(TIME_ZONE_COOKIE, ""))  # the script encodes its "/"
        with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError):  # a name unknown here: UTC
            if name:
                timezone.activate(zoneinfo.ZoneInfo(name))
        return self.get_response(request)
