"""The answers that swap a game page's regions out of band (htmx): after an action or a hint, for a live
page that is behind, and the watchers' frames (live/events.py).

The regions are partials of templates/games/game.html, drawn by games/drawing/regions/drawn.py with a plain
context, without the template engine's context processors: those fill the page around the regions (the user,
the languages, the CSP nonce, a first visit) and on the hot path of a move cost more than the regions' own
drawing (bench/move_parts.py; docs/benchmarks.md, "A move at half its cost"). The regions read two of the
processors' values, given here as they give them: the CSRF token of the owner's forms (made only if a form is
drawn) and the messages that the notice shows.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.functional import SimpleLazyObject

from games.drawing.regions.drawn import EVERY_REGION, LIVE_REGIONS, MOVED_REGIONS, draw


def regions(request: HttpRequest, context: Mapping[str, Any], status: int = 200) -> HttpResponse:
    """Every region, for ``request``: the answer to an action or a hint."""
    return HttpResponse(draw(_with_request(request, context), EVERY_REGION), status=status)


def moved(request: HttpRequest, context: Mapping[str, Any]) -> HttpResponse:
    """What an applied action changed, for the page that showed the board before it (an action's answer)."""
    return HttpResponse(draw(_with_request(request, context), MOVED_REGIONS))


def live_regions(request: HttpRequest, context: Mapping[str, Any]) -> HttpResponse:
    """Every region but the notice, for ``request``: a live page that is behind catches up."""
    return HttpResponse(draw(_with_request(request, context), LIVE_REGIONS))


def notice(request: HttpRequest, said: str) -> HttpResponse:
    """The notice alone: an action refused, which changes nothing else."""
    return HttpResponse(draw(_with_request(request, {"notice": said, "oob": True}), ("notice",)))


def _with_request(request: HttpRequest, context: Mapping[str, Any]) -> dict[str, Any]:
    return {
        **context,
        "csrf_token": SimpleLazyObject(lambda: get_token(request)),
        "messages": get_messages(request),
    }
