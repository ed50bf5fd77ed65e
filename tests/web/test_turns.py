"""Requests take turns (tripeaks_site/server/turns.py): one player's one at a time in a process, whatever the
number of connections, and one address's a few at a time whatever its players; a client known by no player's session
is its address; other addresses, static files and health checks never wait for them."""

import asyncio
from typing import Any

import pytest

from games import players
from games.players import Player, remember_session
from tests.live_server import run_apart
from tripeaks_site.server import turns
from tripeaks_site.server.turns import PlayerTurns, session_cookie


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


def request(app: Any, address: str, method: str = "GET", path: str = "/g/abc/", session: str = "") -> Any:
    headers = [(b"cookie", f"csrftoken=x; sessionid={session}".encode())] if session else []
    scope = {"type": "http", "method": method, "path": path, "client": (address, 50000), "headers": headers}
    return app(scope, None, None)


def most_at_once(*requests: tuple[str, ...], seconds: float = 0.05) -> int:
    inner = Counting(seconds)
    app = PlayerTurns(inner)

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
    app = PlayerTurns(Counting())
    scope = {"type": "http", "method": "GET", "path": "/", "client": None}
    run_apart(app(scope, None, None))
    assert not app._turns


@pytest.fixture
def sessions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Three sessions seen as three players' (two anonymous, one account), and one seen as the first's again."""
    monkeypatch.setattr(players, "_known_sessions", {})
    keys = ["s-ann-1", "s-bob-1", "s-cyd-1", "s-ann-2"]
    for key, player in zip(
        keys, [Player(None, "ann"), Player(None, "bob"), Player(7, None), Player(None, "ann")], strict=True
    ):
        remember_session(key, player)
    return keys


def test_players_behind_one_address_run_side_by_side_and_each_player_s_requests_take_turns(
    sessions: list[str],
) -> None:
    ann, bob, _, ann_again = sessions
    address = "198.51.100.7"
    assert most_at_once((address, "GET", "/g/a/", ann), (address, "POST", "/g/b/draw/", bob)) == 2
    assert most_at_once(*[(address, "GET", f"/g/{n}/", ann) for n in range(4)], (address, "GET", "/", ann_again)) == 1
    # A reader on and on, cookie-less, beside a player at the same address: the player never waits for it.
    assert most_at_once(*[(address, "GET", f"/g/{n}/") for n in range(4)], (address, "POST", "/g/b/draw/", bob)) == 2


def test_an_address_runs_a_few_at_once_whatever_its_players_and_made_up_sessions_are_its_address(
    sessions: list[str],
) -> None:
    address = "198.51.100.7"
    assert most_at_once(*[(address, "GET", "/", session) for session in sessions[:3]]) == turns.TURNS_PER_ADDRESS
    made_up = [(address, "GET", "/", f"fresh-{n}") for n in range(4)]  # a new cookie each time, or none at all
    assert most_at_once(*made_up, (address, "GET", "/")) == 1


def test_a_turn_of_the_address_goes_first_to_the_player_who_has_had_the_fewest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four players behind one address asking on and on fill its turns and its queue; a fifth, asking once, goes
    before the requests queued ahead of it (in order of asking, two of them would go first)."""
    monkeypatch.setattr(players, "_known_sessions", {})
    for name in ("ann", "bob", "cyd", "dan", "eve"):
        remember_session(f"s-{name}", Player(None, name))
    address, seconds = "198.51.100.7", 0.1
    started: list[str] = []

    async def recording(scope: dict[str, Any], receive: Any, send: Any) -> None:
        started.append(session_cookie(scope) or "")
        await asyncio.sleep(seconds)

    app = PlayerTurns(recording)
    ahead: list[int] = []

    async def asking_once() -> None:
        await asyncio.sleep(seconds * 2.5)  # each flooder has had a turn, two hold them, two of them queue
        asked = len(started)
        await request(app, address, session="s-eve")
        ahead.append(started.index("s-eve") - asked)

    async def all_at_once() -> None:
        flood = [request(app, address, session=f"s-{name}") for name in ("ann", "bob", "cyd", "dan") for _ in range(3)]
        await asyncio.gather(*flood, asking_once())

    run_apart(all_at_once())
    assert ahead == [0]
