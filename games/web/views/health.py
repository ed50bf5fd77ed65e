"""Health checks for load balancers and process managers.

``/health/`` is the cheap liveness check: the process answers (and bench/http_load.py's floor: the
framework alone). ``/health/ready`` tells whether this process can serve games: the database answers
a query on a connection of its own, and so does Redis when REDIS_URL is set. Each check runs on a
thread of its own and gets HEALTH_TIMEOUT seconds; the answer is 503, naming what is down, when one
fails or does not answer in time. A check still waiting is not started again: the next request waits
on the same one, so a stalled database holds at most one thread here.
"""

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as NoAnswer

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_safe

logger = logging.getLogger(__name__)

_running: dict[str, Future[None]] = {}  # the check of each service, while it runs and after
_lock = threading.Lock()


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


@require_safe
@never_cache
def ready(request: HttpRequest) -> HttpResponse:
    checks = {"database": check_database}
    if settings.REDIS_URL:
        checks["redis"] = check_redis
    started = time.monotonic()
    running = {name: _start(name, check) for name, check in checks.items()}  # all at once
    lines, ok = [], True
    for name, future in running.items():
        try:
            future.result(timeout=max(settings.HEALTH_TIMEOUT - (time.monotonic() - started), 0))
            lines.append(f"{name}: ok ({(time.monotonic() - started) * 1000:.0f} ms)")
        except NoAnswer:
            ok = False
            lines.append(f"{name}: no answer within {settings.HEALTH_TIMEOUT:g} s")
            logger.warning("not ready: %s does not answer within %g s", name, settings.HEALTH_TIMEOUT)
        except Exception as error:  # what failed is named; the details, which may name hosts, go to the log
            ok = False
            lines.append(f"{name}: down ({type(error).__name__})")
            logger.warning("not ready: %s is down: %s", name, error)
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain", status=200 if ok else 503)


def check_database() -> None:
    """A connection of this thread's own, opened and closed: a query and a new connection both work."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    finally:
        connection.close()


def check_redis() -> None:
    timeout = settings.HEALTH_TIMEOUT
    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()


def _start(name: str, check: Callable[[], None]) -> "Future[None]":
    with _lock:
        future = _running.get(name)
        if future is None or future.done():
            future = _running[name] = Future()
            threading.Thread(target=_run, args=(check, future), name=f"health-{name}", daemon=True).start()
        return future


def _run(check: Callable[[], None], future: "Future[None]") -> None:
    try:
        check()
    except BaseException as error:
        future.set_exception(error)
    else:
        future.set_result(None)


def finish_checks(timeout: float) -> None:
    """Wait for the checks still running (for tests, which change what the checks reach)."""
    for future in list(_running.values()):
        with contextlib.suppress(NoAnswer):
            future.exception(timeout=timeout)
