"""/health/ says the process answers; /health/ready says whether it can serve games: the database answers,
and Redis when REDIS_URL is set, each within a few seconds (503, naming what is down, otherwise)."""

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.db import OperationalError, connections
from django.test import Client

from games.web.views import health

pytestmark = pytest.mark.django_db
SOON = 3.0  # seconds: well past the time limit of 0.5 s, and far short of a stall (on a busy machine too)


@pytest.fixture(autouse=True)
def _short_time_limit(settings: Any) -> Iterator[None]:
    settings.HEALTH_TIMEOUT = 0.5
    yield
    health.finish_checks(timeout=5)  # a check left waiting must not answer for the next test


def lines(response: Any) -> list[str]:
    content: bytes = response.content
    return content.decode().splitlines()


def test_health_answers_ok_without_touching_the_database(client: Client, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(0):
        response = client.get("/health/")
    assert (response.status_code, response.content) == (200, b"ok")


def test_ready_when_the_database_and_redis_answer(client: Client) -> None:
    for url in ("/health/ready", "/health/ready/"):
        response = client.get(url)
        assert response.status_code == 200
        assert response["Cache-Control"].startswith("max-age=0")
        assert [line.split(" ")[:2] for line in lines(response)] == [["database:", "ok"]] + (
            [["redis:", "ok"]] if settings.REDIS_URL else []
        )


def test_not_ready_when_the_database_is_down(client: Client) -> None:
    refused = OperationalError("connection refused")
    with mock.patch.object(type(connections["default"]), "get_new_connection", side_effect=refused):
        response = client.get("/health/ready")
    assert response.status_code == 503
    assert lines(response)[0] == "database: down (OperationalError)"


def test_not_ready_within_the_time_limit_when_the_database_stalls(client: Client) -> None:
    released = threading.Event()

    def stalled(*args: object) -> None:
        released.wait(30)  # as long as the test wants: a database that does not answer
        raise OperationalError("gave up")

    with mock.patch.object(type(connections["default"]), "get_new_connection", side_effect=stalled):
        started = time.monotonic()
        first, second = client.get("/health/ready"), client.get("/health/ready")
        waited = time.monotonic() - started
        released.set()
    assert waited < SOON
    for response in (first, second):  # the second waits on the check that still runs: one thread stalls, not two
        assert response.status_code == 503
        assert lines(response)[0] == "database: no answer within 0.5 s"
    assert len([thread for thread in threading.enumerate() if thread.name == "health-database"]) <= 1


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_not_ready_when_redis_is_down(client: Client, settings: Any) -> None:
    settings.REDIS_URL = f"redis://127.0.0.1:{closed_port()}/0"
    response = client.get("/health/ready")
    assert response.status_code == 503
    assert lines(response)[0].startswith("database: ok")
    assert lines(response)[1] == "redis: down (ConnectionError)"


def test_not_ready_within_the_time_limit_when_redis_is_frozen(client: Client, settings: Any) -> None:
    """A Redis that accepts connections and never answers, as when its process is paused."""
    with socket.socket() as frozen:
        frozen.bind(("127.0.0.1", 0))
        frozen.listen()
        settings.REDIS_URL = f"redis://127.0.0.1:{frozen.getsockname()[1]}/0"
        started = time.monotonic()
        response = client.get("/health/ready")
        assert time.monotonic() - started < SOON
    assert response.status_code == 503
    assert lines(response)[1] in {"redis: no answer within 0.5 s", "redis: down (TimeoutError)"}
