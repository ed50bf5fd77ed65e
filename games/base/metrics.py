"""What the site counts for its operator, read at /metrics in the Prometheus text format (docs/deploy.md,
"Metrics"): requests, actions, the solver's jobs, sockets, breakers, limits and the services' errors.

Each daphne process counts in its own memory, or, with ``PROMETHEUS_MULTIPROC_DIR`` set before the first
import of ``prometheus_client`` (the library's way for servers of several processes), in files of that
directory, which any process sums when asked. A move's counts cost some 2% of its CPU (docs/benchmarks.md,
"Metrics"): nothing here waits on a service, a count that fails (a full disk) fails nothing else, and
``METRICS=0`` turns counting off.
"""

import atexit
import functools
import logging
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)
from prometheus_client.registry import REGISTRY

logger = logging.getLogger(__name__)

MULTIPROCESS_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
if MULTIPROCESS_DIR:  # the library writes there from the first metric made below, and makes no directory
    Path(MULTIPROCESS_DIR).mkdir(parents=True, exist_ok=True)
    # A killed process of this pid left its open sockets there: not this one's to carry on from.
    multiprocess.mark_process_dead(os.getpid(), MULTIPROCESS_DIR)  # type: ignore[no-untyped-call]

disable_created_metrics()  # type: ignore[no-untyped-call]  # no *_created series, as the processes' sum has none

SECONDS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "tripeaks_requests", "HTTP requests answered, by view, method and status", ["view", "method", "status"]
)
REQUEST_SECONDS = Histogram(
    "tripeaks_request_seconds", "Time to answer an HTTP request, by view", ["view"], buckets=SECONDS
)
ACTIONS = Counter(
    "tripeaks_actions", "Taps, draws and undos asked of a game, by what became of them", ["action", "outcome"]
)
SOLVER_JOBS = Counter(
    "tripeaks_solver_jobs", "Jobs given to the solver's processes, by task and outcome", ["task", "outcome"]
)
SOLVER_QUEUE_SECONDS = Histogram(
    "tripeaks_solver_queue_seconds", "A solver job's wait for a process, by task", ["task"], buckets=SECONDS
)
SOLVER_RUN_SECONDS = Histogram(
    "tripeaks_solver_run_seconds", "A solver job's CPU time, by task", ["task"], buckets=SECONDS
)
SOLVER_RESTARTS = Counter("tripeaks_solver_restarts", "Solver pools started again after a process died", ["pool"])
SOCKETS_OPEN = Gauge(
    "tripeaks_sockets_open",
    "Live sockets open, by what they follow (a game, a room)",
    ["follows"],
    multiprocess_mode="livesum",
)
WATCHERS_OPEN = Gauge(
    "tripeaks_watchers_open", "Game pages open that are not the player's", multiprocess_mode="livesum"
)
BREAKERS_OPEN = Gauge(
    "tripeaks_breakers_open",
    "Processes that found a service failing and have not heard it answer since, by breaker",
    ["breaker"],
    multiprocess_mode="livesum",
)
LIMITS_HIT = Counter(
    "tripeaks_limits_hit", "Attempts past an abuse limit or a solver budget, by the setting that holds it", ["limit"]
)
SERVICE_ERRORS = Counter("tripeaks_service_errors", "Calls to the database or Redis that failed", ["service"])


def counting() -> bool:
    return bool(settings.METRICS)


def exposition() -> bytes:
    """Every count, summed over the server's processes when it has several."""
    if not MULTIPROCESS_DIR:
        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # registers itself
    return generate_latest(registry)


def never_fails[**P](count: Callable[P, None]) -> Callable[P, None]:
    """A count that fails (its file unwritable: a full disk, a directory removed) is lost, said once in the log; what
    it counted (a request, a move already written) goes on."""

    @functools.wraps(count)
    def counted(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            count(*args, **kwargs)
        except Exception as error:
            if not _failed.is_set():
                _failed.set()
                logger.warning("metrics not counted: %s: %s", type(error).__name__, error)

    return counted


_failed = threading.Event()  # said once a process


@never_fails
def count_request(view: str, method: str, status: int, seconds: float) -> None:
    if counting():
        REQUESTS.labels(view, method, str(status)).inc()
        REQUEST_SECONDS.labels(view).observe(seconds)


@never_fails
def count_solver_job(task: str, outcome: str, waited: float = 0.0, ran: float | None = None) -> None:
    """A job the solver's processes answered (with its wait and CPU time), or gave up on (``outcome``)."""
    if counting():
        SOLVER_JOBS.labels(task, outcome).inc()
        if ran is not None:
            SOLVER_QUEUE_SECONDS.labels(task).observe(max(waited, 0.0))
            SOLVER_RUN_SECONDS.labels(task).observe(ran)


@never_fails
def count_inc(counter: Counter, *labels: str) -> None:
    if counting():
        counter.labels(*labels).inc()


@never_fails
def move_gauge(gauge: Gauge, by: int, *labels: str) -> None:
    """Gauges move whether or not counting is on, so that a socket opened before ``METRICS`` changed (a test)
    is taken off as it was put on."""
    (gauge.labels(*labels) if labels else gauge).inc(by)


@never_fails
def set_gauge(gauge: Gauge, value: float, *labels: str) -> None:
    (gauge.labels(*labels) if labels else gauge).set(value)


LIVE_GAUGE_FILE = re.compile(r"gauge_live\w+_(\d+)\.db")


def forget_dead_processes(directory: str) -> None:
    """The open sockets and breakers of processes that are gone (killed, or crashed) stop counting: the library
    leaves that to the server, which would call it as a worker exits; daphne has no such hook, so each process
    sweeps as it starts, and takes its own off as it exits."""
    for path in Path(directory).glob("gauge_live*.db"):
        match = LIVE_GAUGE_FILE.fullmatch(path.name)
        if match and not _alive(int(match[1])):
            multiprocess.mark_process_dead(int(match[1]), directory)  # type: ignore[no-untyped-call]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def start() -> None:
    """As the process starts (apps.py)."""
    if MULTIPROCESS_DIR:
        forget_dead_processes(MULTIPROCESS_DIR)
        atexit.register(multiprocess.mark_process_dead, os.getpid(), MULTIPROCESS_DIR)
