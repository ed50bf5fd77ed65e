"""Middleware: each request's player and their settings, read when first used; dates and times in the player's
time zone. What a view could not do is answered by games/web/failures.py."""

import contextlib
import urllib.parse
import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from games.web.players import attach_player
from games.web.preferences import attach_preferences


class PlayerMiddleware:
    """Each request's player and their settings, read once and only if used: ``request.player`` and
    ``request.preferences`` (games/web/http.py types them)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        attach_player(request)
        attach_preferences(request)
        return self.get_response(request)


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
