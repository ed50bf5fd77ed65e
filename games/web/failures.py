"""Failed requests answered so that the player sees what happened and how to go on, in their language.

A view's exceptions reach ``FailureMiddleware``. A database that is down, locked or stalled raises
``OperationalError`` or ``InterfaceError`` (a connection, lock or statement timeout among them: settings.py keeps
those to a few seconds): the answer is 503 with ``Retry-After``, a full page, or for htmx the ``#notice`` region.
One raised by another middleware (a session saved to the database, say) reaches Django's ``handler500``, which is
``server_error`` here. A game whose stored log no longer replays gets an error page that names it (logged in
actions.py); today's daily game (or a challenge's before it is over) asked for by another player, a page saying
when it opens; Teach me on practice of today's deal, a 403 that says why; a challenge's game before its race
starts, its room's page, which counts down.

A stale CSRF token (the player logged in or out in another tab, which rotates it) gets a 403 that
says so; static/js/errors.js then fetches the page's regions with the fresh token, or reloads.

Error answers carry their message in an element with ``data-error-message``, which errors.js
shows in the page's ``#notice``: these, and the 429 of a limit passed (limits.py). None of them reads
the database or the session: they are rendered without the request's context processors.
"""

import logging
import sys
from collections.abc import Callable, Mapping

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import csrf, defaults

from games.actions import BrokenGame, NotTaught, ParClosed
from games.base import clock, metrics
from games.models import GameRecord, LinkRole
from games.store.visibility import DealSecret, NotStarted, deal_secret

logger = logging.getLogger(__name__)

DATABASE_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER = 5  # seconds: what the 503 tells the browser to wait before trying again


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def outage_response(request: HttpRequest, message: str = "") -> HttpResponse:
    """503: the database (or what ``message`` names) is unavailable for a moment; nothing of the game was lost."""
    context = {
        "title": _("Unavailable for a moment"),
        "message": message or _("The table is unavailable for a moment; your game is safe."),
        "advice": _("Try again in a few seconds."),
        "way_on": "retry",
        **(_again(request) if request.method == "GET" else way_back(request)),
    }
    return failure_response(request, context, status=503, retry_after=RETRY_AFTER)


def failure_response(
    request: HttpRequest, context: Mapping[str, object], status: int, retry_after: int
) -> HttpResponse:
    """A failure to try again after ``retry_after`` seconds (503 here, 429 from limits.py): a page or, for htmx,
    the ``#notice`` region; ``context`` gives failure.html its title, message, advice and way on."""
    response = HttpResponse(render_to_string(_template(request), context), status=status)
    response["Retry-After"] = str(retry_after)
    response["Cache-Control"] = "no-store"
    return response


def _template(request: HttpRequest) -> str:
    return "failure.html#notice" if is_htmx(request) else "failure.html"


def _again(request: HttpRequest) -> dict[str, str]:
    return {"way_on_url": request.get_full_path(), "way_on_label": _("Try again")}


def way_back(request: HttpRequest) -> dict[str, str]:
    """A link to the page a form was posted from, if it is one of ours; else to the home page."""
    referer = request.headers.get("Referer", "")
    if not (referer and url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure())):
        referer = "/"
    return {"way_on_url": referer, "way_on_label": _("Back to the page")}


class FailureMiddleware:
    """What a view could not do, answered as above instead of a bare 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DATABASE_ERRORS):
            metrics.count_inc(metrics.SERVICE_ERRORS, "database")
            name = type(exception).__name__
            logger.warning("database unavailable (%s: %s): 503 for %s", name, exception, request.path)
            return outage_response(request)
        if isinstance(exception, BrokenGame):
            return render(request, "games/broken.html", {"record": exception.record}, status=500)
        if isinstance(exception, NotStarted):
            return redirect("room", public_id=exception.record.seat.room.public_id)
        if isinstance(exception, DealSecret):
            return secret_page(request, exception.record)
        if isinstance(exception, NotTaught):
            return not_taught(request, exception.record)
        if isinstance(exception, ParClosed):
            return par_closed(request, exception.record)
        return None


def not_taught(request: HttpRequest, record: GameRecord) -> HttpResponse:
    """403: Teach me on practice of today's deal, whose page offers none (a page, or for htmx the notice)."""
    context = {
        "title": _("Teach me opens after the day"),
        "message": _(
            "Teach me is not given on practice of today's daily deal until the day is over: "
            "what it teaches would carry into a ranked game."
        ),
        "way_on": "back",
        "way_on_url": reverse("game", args=[record.public_id]),
        "way_on_label": _("Back to the game"),
    }
    return HttpResponse(render_to_string(_template(request), context), status=403)


def par_closed(request: HttpRequest, record: GameRecord) -> HttpResponse:
    """403: a par line before its game is over, or while its deal is secret (the page says when it opens)."""
    if deal_secret(record):
        return secret_page(request, record)
    context = {
        "title": _("The par line opens at the end"),
        "message": _("A par line shows every card of the deal: it opens once this game is over."),
        "way_on": "back",
        "way_on_url": reverse("game", args=[record.public_id]),
        "way_on_label": _("Back to the game"),
    }
    return HttpResponse(render_to_string(_template(request), context), status=403)


def secret_page(request: HttpRequest, record: GameRecord) -> HttpResponse:
    """403: a daily deal whose day is not over, a challenge's before it is over, or a game taken from a challenge
    link before its end, shown to another player."""
    if record.in_room:
        return render(request, "games/secret.html", {"room": record.seat.room}, status=403)
    if record.link_role == LinkRole.TAKEN:
        return render(request, "games/secret.html", {"link_taken": True}, status=403)
    day = record.daily_date
    assert day is not None  # noqa: S101 (only a daily game's or a challenge's deal is secret)
    return render(request, "games/secret.html", {"day": day, "opens": clock.end_of(day)}, status=403)


class ReadBodyFirstMiddleware:
    """A POST's form is read before anything else: one that cannot be read (a multipart body without its
    boundary, a body too big or with too many fields) raises Django's own exception for a 400 here.

    Left to later, the first to read it may be the CSRF check that Django's error pages run (for a 404, or
    a 400 for a foreign Host), whose exception is then a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            request.POST  # noqa: B018 (read for its exception; kept on the request for the view)
        return self.get_response(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: an outage met outside the view (in a middleware) is a 503 too; anything else, Django's 500."""
    if isinstance(sys.exc_info()[1], DATABASE_ERRORS):
        metrics.count_inc(metrics.SERVICE_ERRORS, "database")
        return outage_response(request)
    return defaults.server_error(request)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form from before a log-in or log-out in another tab; errors.js refreshes the page's token.

    Other refusals (no CSRF cookie, a foreign Origin) keep Django's own page, which explains them."""
    if not reason.startswith("CSRF token"):  # the token is missing or does not match the cookie's
        return csrf.csrf_failure(request, reason)
    if is_htmx(request):  # errors.js brings the page up to date before it shows this
        message = _("This page was out of date (a log-in or log-out in another tab). It is up to date now: try again.")
    else:
        message = _("This form was out of date (a log-in or log-out in another tab). Reload the page and try again.")
    context = {"title": _("This page was out of date"), "message": message, "way_on": "refresh", **way_back(request)}
    return HttpResponseForbidden(render_to_string(_template(request), context))
