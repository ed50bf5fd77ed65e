"""One log line per HTTP request, written when its answer is ready: the method, the view's name, the status,
the time taken, and the game's public id, e.g. ``POST tap 200 4.2 ms game=Xk3…``; and the request counted in
the metrics by the same method, view and status (games/base/metrics.py).

The view's name stands for the path, which may hold a secret (a password-reset link's token); nothing is
taken from the query, the cookies or the headers, so no session id or CSRF token is written. Server errors
are logged once more, by Django (``django.request``), with their traceback (LOGGING in settings.py); a
client's bad request (``django.security``) is a warning line without one (``ClientFaults``).
"""

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from games.base import metrics
from games.store.public_ids import PUBLIC_ID  # what a game's id looks like; anything else is not written

logger = logging.getLogger("tripeaks_site.requests")

METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}


class RequestLog:
    """The outermost middleware: its time covers all the others, and its status is the one sent."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        response = self.get_response(request)
        seconds = time.perf_counter() - started
        method, view = request.method if request.method in METHODS else "OTHER", view_name(request)
        metrics.count_request(view, method, response.status_code, seconds)
        if logger.isEnabledFor(logging.INFO):
            logger.info(
                "%s %s %d %.1f ms game=%s", method, view, response.status_code, seconds * 1000, game_id(request)
            )
        return response


def view_name(request: HttpRequest) -> str:
    match = request.resolver_match
    if match is not None:
        return match.view_name
    return "static" if request.path.startswith(str(settings.STATIC_URL)) else "-"


def game_id(request: HttpRequest) -> str:
    match = request.resolver_match
    public_id = match.kwargs.get("public_id", "") if match is not None else ""
    return public_id if PUBLIC_ID.fullmatch(public_id) else "-"


class ClientFaults(logging.Filter):
    """Django logs a client's bad request (a foreign Host, a body too big or with too many fields) on a
    ``django.security.*`` logger as an error with its traceback, although it is answered 400 and nothing in
    the server failed. Written as one warning line: a scanner's requests do not flood the log with tracebacks,
    and an error with a traceback is always the server's."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("django.security.") and record.levelno > logging.WARNING:
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        return True
