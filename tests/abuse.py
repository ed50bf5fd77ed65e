"""Abuse from one client against a real daphne process: floods of new games, hints, live sockets and log-in
attempts, each counted by how many were served and how many refused (429, or a socket closed with 4429).

Used by tests/test_reliability.py (small limits, which it asserts) and bench/abuse.py (the default limits,
whose figures it prints). Each run counts under a cache key prefix of its own, so that earlier runs on the
same Redis do not count.
"""

import asyncio
import contextlib
import re
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from games.live.close_codes import TOO_MANY
from tests import outages
from tests.live_server import LiveServer, prepare_site, run_apart, server_exceptions, server_log_report, serving

TIMEOUT = 60.0  # seconds a request may wait for its answer
GAME_PATH = re.compile(r"/g/([\w-]+)/")
PASSWORD = "a long pass phrase 7"


@dataclass
class Flood:
    """One kind of request sent again and again: how each was answered."""

    what: str
    served: int = 0
    refused: int = 0  # 429, or a socket closed with TOO_MANY
    retry_after: set[str] = field(default_factory=set)
    other: Counter[str] = field(default_factory=Counter)  # any other answer, by status

    @property
    def sent(self) -> int:
        return self.served + self.refused + self.other.total()

    def add(self, answer: httpx.Response, served: Callable[[httpx.Response], bool]) -> None:
        if answer.status_code == 429:
            self.refused += 1
            self.retry_after.add(answer.headers.get("Retry-After", "none"))
        elif served(answer):
            self.served += 1
        else:
            self.other[str(answer.status_code)] += 1


@dataclass
class Abuse:
    engine: str
    floods: list[Flood] = field(default_factory=list)
    exceptions: Counter[str] = field(default_factory=Counter)  # in the server's log

    def report(self) -> list[str]:
        """What bench/abuse.py prints of this run."""
        lines = [f"{self.engine}, one daphne process, the default limits; each flood from an address of its own"]
        for flood in self.floods:
            other = ", ".join(f"{status} × {count}" for status, count in sorted(flood.other.items())) or "none"
            retry_after = ", ".join(sorted(flood.retry_after, key=int)) if flood.retry_after else "-"
            lines.append(
                f"  {flood.what}: {flood.sent} sent, {flood.served} served, {flood.refused} refused "
                f"(Retry-After {retry_after} s), other answers: {other}"
            )
        return [*lines, *server_log_report(self.exceptions)]


def client_from(server: LiveServer, address: str) -> httpx.Client:
    """A browser at ``address`` (one of the loopback's 127.0.0.0/8): each flood from an address of its own."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.url, timeout=TIMEOUT, transport=transport)


def token(client: httpx.Client) -> dict[str, str]:
    if "csrftoken" not in client.cookies:
        client.get("/new/")
    return {"X-CSRFToken": client.cookies["csrftoken"]}


def start_game(client: httpx.Client, code: str) -> str:
    answer = client.post("/new/", data={"code": code}, headers=token(client))
    return GAME_PATH.match(answer.headers["Location"])[1]  # type: ignore[index]


def new_games(client: httpx.Client, count: int, fresh_players: bool) -> Flood:
    """``count`` new games: all by the player behind ``client``, or each by a new player (no cookies)."""
    flood = Flood("new games by new players, one address" if fresh_players else "new games by one player")
    for number in range(count):
        if fresh_players:
            client.cookies.clear()
        code = "TP1-E-" + "".join("ABCDEFGHIJ"[int(digit)] for digit in f"{number:07d}")
        answer = client.post("/new/", data={"code": code}, headers=token(client))
        flood.add(
            answer, lambda answer: answer.status_code == 302 and bool(GAME_PATH.match(answer.headers["Location"]))
        )
    return flood


def hints(client: httpx.Client, count: int) -> Flood:
    """``count`` hints on one new game."""
    public_id = start_game(client, "TP1-E-TRIPEAK")
    flood = Flood("hints on one game")
    for _ in range(count):
        flood.add(client.get(f"/g/{public_id}/hint/", headers={"HX-Request": "true"}), lambda a: a.status_code == 200)
    return flood


def sign_ins(client: httpx.Client, wrong: int) -> Flood:
    """A new account, then ``wrong`` log-ins with a wrong password and one with the right one (the last)."""
    name = f"victim{uuid.uuid4().hex[:8]}"
    client.post(
        "/accounts/signup/",
        data={"username": name, "password1": PASSWORD, "password2": PASSWORD},
        headers=token(client),
    )
    client.cookies.clear()
    flood = Flood(f"log-ins naming one account ({wrong} wrong passwords, then the right one)")
    for attempt in range(wrong + 1):
        password = PASSWORD if attempt == wrong else f"guess {attempt}"
        answer = client.post("/accounts/login/", data={"username": name, "password": password}, headers=token(client))
        flood.add(answer, lambda answer: answer.status_code in (200, 302))
    return flood


def guesses(client: httpx.Client, count: int) -> Flood:
    """``count`` log-ins, each naming another account, from one address."""
    flood = Flood("log-ins naming a new account each, one address")
    for number in range(count):
        answer = client.post(
            "/accounts/login/", data={"username": f"nobody{number}", "password": "x"}, headers=token(client)
        )
        flood.add(answer, lambda answer: answer.status_code == 200)
    return flood


async def _socket(url: str, origin: str, address: str) -> bool:
    """Whether a live socket is served: its first frame comes, rather than a close with TOO_MANY."""
    async with connect(url, origin=Origin(origin), open_timeout=TIMEOUT, local_addr=(address, 0)) as page:
        try:
            await asyncio.wait_for(page.recv(), TIMEOUT)
        except ConnectionClosed as closed:
            if closed.rcvd is not None and closed.rcvd.code == TOO_MANY:
                return False
            raise
        return True


def sockets(server: LiveServer, client: httpx.Client, address: str, count: int) -> Flood:
    """``count`` live sockets on one game, one after the other."""
    url = server.url.replace("http://", "ws://") + f"/ws/g/{start_game(client, 'TP1-E-SOCKETS')}/?lang=en"
    flood = Flood("live sockets")

    async def open_all() -> None:
        for _ in range(count):
            if await _socket(url, server.url, address):
                flood.served += 1
            else:
                flood.refused += 1

    run_apart(open_all())
    return flood


def abuse(directory: Path, database_url: str | None, limits: dict[str, str], counts: dict[str, int]) -> Abuse:
    """Each flood of ``counts`` from an address of its own, against a server with ``limits`` (LIMIT_* settings)."""
    env = {**outages.site_env(directory, database_url), **limits, "CACHE_KEY_PREFIX": f"abuse-{uuid.uuid4().hex}"}
    prepare_site(env)
    found = Abuse(outages.engine_name(database_url))
    log = directory / "daphne.log"
    with serving(env, log=log) as server, contextlib.ExitStack() as clients:

        def at(address: str) -> httpx.Client:
            return clients.enter_context(client_from(server, address))

        found.floods = [
            new_games(at("127.0.0.2"), counts["games"], fresh_players=False),
            new_games(at("127.0.0.3"), counts["games"], fresh_players=True),
            hints(at("127.0.0.4"), counts["hints"]),
            sockets(server, at("127.0.0.5"), "127.0.0.5", counts["sockets"]),
            sign_ins(at("127.0.0.6"), counts["wrong_passwords"]),
            guesses(at("127.0.0.7"), counts["guesses"]),
        ]
    found.exceptions = server_exceptions(log)
    return found
