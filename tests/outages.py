"""Database outages against a real daphne process, measured from outside: how long a tap waits for its
answer, and what the answer is, while the database is locked, unreachable or down.

Used by tests/test_reliability.py (which asserts) and bench/outage.py (which prints the figures).

- locked: another connection holds what a move needs for ``hold`` seconds (the audit held 25 s): on
  SQLite the file's write lock, on PostgreSQL (DATABASE_URL) the game's row. Taps go out at once,
  more of them than the server has request threads.
- unreachable: DATABASE_URL names a PostgreSQL server that accepts connections and never answers
  (a listening socket nobody serves), as a host lost behind a firewall does.
- down: DATABASE_URL names a port where nothing listens.
"""

import contextlib
import os
import re
import socket
import sqlite3
import statistics
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.live_server import LiveServer, free_port, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
HTMX = {"HX-Request": "true"}


@dataclass
class Answers:
    """What each request got, and when (seconds after it was sent); None for no answer in time."""

    statuses: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    retry_after: set[str] = field(default_factory=set)

    def add(self, status: str, seconds: float, retry_after: str | None) -> None:
        self.statuses[status] += 1
        self.seconds.append(seconds)
        if retry_after:
            self.retry_after.add(retry_after)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def slowest(self) -> float:
        return max(self.seconds)

    def summary(self) -> str:
        counts = ", ".join(f"{status} × {count}" for status, count in sorted(self.statuses.items()))
        after = f"; Retry-After: {', '.join(sorted(self.retry_after))}" if self.retry_after else ""
        return f"{counts}; time to answer: median {self.median:.1f} s, slowest {self.slowest:.1f} s{after}"


def _send(
    client: httpx.Client,
    method: str,
    url: str,
    answers: Answers,
    lock: threading.Lock,
    start: threading.Barrier,
    **kwargs: object,
) -> None:
    start.wait()
    started = time.monotonic()
    try:
        response = client.request(method, url, **kwargs)  # type: ignore[arg-type]
        status, retry_after = str(response.status_code), response.headers.get("Retry-After")
    except httpx.TimeoutException:
        status, retry_after = "no answer", None
    except httpx.HTTPError as error:
        status, retry_after = type(error).__name__, None
    with lock:
        answers.add(status, time.monotonic() - started, retry_after)


def at_once(requests: list[tuple[str, str, dict[str, object]]], client: httpx.Client) -> Answers:
    """Send every request at the same time, each on a thread of its own; their answers."""
    answers, lock, start = Answers(), threading.Lock(), threading.Barrier(len(requests))
    with ThreadPoolExecutor(len(requests)) as pool:
        sent = [
            pool.submit(_send, client, method, url, answers, lock, start, **kwargs) for method, url, kwargs in requests
        ]
    for request in sent:
        request.result()  # a request that failed in an unforeseen way says so
    return answers


def site_env(directory: Path, database_url: str | None) -> dict[str, str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings"}
    env.pop("DATABASE_URL", None)
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["SQLITE_PATH"] = str(directory / "db.sqlite3")
    return env


def engine_name(database_url: str | None) -> str:
    """What serves ``database_url``: a fresh SQLite file when it is None."""
    if not database_url:
        return "SQLite"
    return "SQLite (DATABASE_URL)" if database_url.startswith("sqlite") else "PostgreSQL"


def start_game(client: httpx.Client) -> tuple[str, dict[str, str]]:
    """A new game as the player behind ``client``: its public id, and the headers an htmx action needs."""
    client.get("/new/")
    csrf = {"X-CSRFToken": client.cookies["csrftoken"]}
    started = client.post("/new/", data={"code": CODE}, headers=csrf, follow_redirects=True)
    match = re.fullmatch(r"/g/([\w-]+)/", started.url.path)
    assert match, started.url
    return match[1], {**csrf, **HTMX}


@contextlib.contextmanager
def holding_lock(env: dict[str, str], public_id: str) -> Iterator[None]:
    """What a move needs, held by another connection: SQLite's write lock, or the game's row on PostgreSQL."""
    if env.get("DATABASE_URL"):  # set and not empty, as the settings read it
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as holder:  # one transaction until the block ends
            holder.execute("SELECT id FROM games_gamerecord WHERE public_id = %s FOR UPDATE", [public_id])
            yield
            holder.rollback()
    else:
        writer = sqlite3.connect(env["SQLITE_PATH"], isolation_level=None)
        try:
            writer.execute("BEGIN IMMEDIATE")
            yield
            writer.execute("ROLLBACK")
        finally:
            writer.close()


@dataclass
class Locked:
    taps: Answers
    health: Answers  # GET /health/, sent with the taps
    version_after: int  # the game's actions once the lock is gone and one more draw went out at version 0: 1
    engine: str


def locked(directory: Path, database_url: str | None, taps: int, hold: float, timeout: float) -> Locked:
    """``taps`` draws at version 0 while the database is locked for ``hold`` seconds, and GET /health/ meanwhile."""
    env = site_env(directory, database_url)
    prepare_site(env)
    with (
        serving(env, log=directory / "daphne.log") as server,
        httpx.Client(base_url=server.url, timeout=timeout) as client,
    ):
        public_id, headers = start_game(client)
        draw = ("POST", f"/g/{public_id}/draw/", {"data": {"version": 0}, "headers": headers})
        with ThreadPoolExecutor(2) as both:
            with holding_lock(env, public_id):
                sent = time.monotonic()
                answered = both.submit(at_once, [draw] * taps, client)
                time.sleep(0.2)
                health = both.submit(at_once, [("GET", "/health/", {})], client)
                while time.monotonic() - sent < hold and not answered.done():  # the lock goes after hold at most
                    time.sleep(0.05)
            tap_answers, health_answers = answered.result(), health.result()
        client.post(f"/g/{public_id}/draw/", data={"version": 0}, headers=headers)
        page = client.get(f"/g/{public_id}/").text
        version = re.search(r'data-version="(\d+)"', page)
        assert version, page
        return Locked(tap_answers, health_answers, int(version[1]), engine_name(database_url))


@contextlib.contextmanager
def silent_server() -> Iterator[int]:
    """A port that accepts TCP connections and never says a word: a database host that stopped answering."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield int(listener.getsockname()[1])


def unreachable(directory: Path, requests: int, timeout: float, *, listening: bool) -> Answers:
    """Game pages read while DATABASE_URL names a silent server (``listening``) or a closed port."""
    with contextlib.ExitStack() as stack:
        port = stack.enter_context(silent_server()) if listening else free_port()
        env = site_env(directory, f"postgres://tripeaks@127.0.0.1:{port}/tripeaks")
        server: LiveServer = stack.enter_context(serving(env, log=directory / "daphne.log"))
        client = stack.enter_context(httpx.Client(base_url=server.url, timeout=timeout))
        return at_once([("GET", f"/g/game{number:012d}/", {}) for number in range(requests)], client)
