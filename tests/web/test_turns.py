"""One address's requests take turns (tripeaks_site/server/turns.py): one at a time in a process, whatever the
number of connections; other addresses, static files and health checks never wait for them."""

import asyncio
from typing import Any

import pytest

from tests.live_server import run_apart
from tripeaks_site.server import turns
from tripeaks_site.server.turns import AddressTurns


class Counting:
    """An ASGI application that answers after ``seconds``, counting how many of its requests run at once."""

    def __init__(self, seconds: float = 0.05) -> None:
        self.seconds = seconds
        self.running = 0
        self.most = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.running += 1
        self.most = max(self.most, self.running)
        try:
            await asyncio.sleep(self.seconds)
        finally:
            self.running -= 1


def request(app: Any, address: str, method: str = "GET", path: str = "/g/abc/") -> Any:
    scope = {"type": "http", "method": method, "path": path, "client": (address, 50000)}
    return app(scope, None, None)


def most_at_once(*requests: tuple[str, str, str], seconds: float = 0.05) -> int:
    inner = Counting(seconds)
    app = AddressTurns(inner)

    async def all_at_once() -> None:
        await asyncio.gather(*(request(app, *each) for each in requests))
        assert app._turns.get(asyncio.get_running_loop(), {}) == {}  # every address's turn forgotten once done

    run_apart(all_at_once())
    return inner.most


def test_one_address_s_requests_run_one_at_a_time() -> None:
    assert most_at_once(*[("198.51.100.7", "GET", f"/g/{n}/") for n in range(6)]) == 1
    assert most_at_once(*[("2001:db8::1", "HEAD", "/daily/"), ("2001:db8::2", "GET", "/history/")]) == 1  # one /64
    assert most_at_once(("198.51.100.7", "GET", "/"), ("198.51.100.7", "POST", "/g/abc/draw/")) == 1


def test_other_addresses_static_files_and_health_checks_do_not_wait() -> None:
    assert most_at_once(("198.51.100.7", "GET", "/"), ("198.51.100.8", "GET", "/")) == 2
    assert most_at_once(("198.51.100.7", "GET", "/"), ("198.51.100.7", "GET", "/static/css/tripeaks.css")) == 2
    assert most_at_once(("198.51.100.7", "GET", "/"), ("198.51.100.7", "GET", "/health/")) == 2


def test_a_request_waits_for_its_turn_no_longer_than_the_turn_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A request that hangs (a database that does not answer) holds up its address's next ones no longer than that."""
    monkeypatch.setattr(turns, "TURN_WAIT", 0.05)
    assert most_at_once(("198.51.100.7", "GET", "/"), ("198.51.100.7", "GET", "/"), seconds=0.5) == 2


def test_a_request_without_an_address_is_not_turned() -> None:
    """A Unix socket gives none: nothing to count the request under."""
    app = AddressTurns(Counting())
    scope = {"type": "http", "method": "GET", "path": "/", "client": None}
    run_apart(app(scope, None, None))
    assert not app._turns
