"""Requests their clients leave before the answer, on the real daphne server: the server logs no error, and what
they wrote is told. Around a challenge's start, as a player reloading or closing the lobby does: the room's page,
its standings, and Start, each sent and then dropped after 0 to 50 ms, from three players at once."""

import asyncio
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.live_server import LiveServer, prepare_site, run_apart, server_exceptions, serving

ROOMS = 4
DROPPED_AFTER = (0.0, 0.001, 0.005, 0.02, 0.05)  # seconds from a request sent to its connection closed
WAIT = 10.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[LiveServer, Path]]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "SQLITE_PATH": str(tmp_path / "db")}
    env["RATE_LIMITS"] = "0"  # every request of the test comes from this machine's address
    env.pop("DATABASE_URL", None)  # a fresh SQLite file, never the suite's PostgreSQL database
    env.pop("REDIS_URL", None)
    prepare_site(env)
    log = tmp_path / "daphne.log"
    with serving(env, log=log) as live:
        yield live, log


async def dropped(url: str, path: str, client: httpx.AsyncClient, after: float, method: str = "GET") -> None:
    """``method path`` sent with ``client``'s cookies, then the connection closed ``after`` seconds later."""
    host, port = url.removeprefix("http://").split(":")
    cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookies}\r\nOrigin: {url}\r\n"
        f"X-CSRFToken: {client.cookies['csrftoken']}\r\nContent-Length: 0\r\n\r\n"
    )
    _, writer = await asyncio.open_connection(host, int(port))
    writer.write(head.encode())
    await writer.drain()
    await asyncio.sleep(after)
    writer.close()


async def post(client: httpx.AsyncClient, path: str, **data: object) -> httpx.Response:
    return await client.post(path, data=data, headers={"X-CSRFToken": client.cookies["csrftoken"]})


async def a_room_started_by_dropped_requests(url: str) -> None:
    players = [httpx.AsyncClient(base_url=url, timeout=WAIT) for _ in range(3)]
    for player in players:
        await player.get("/c/new/")  # a CSRF cookie
    made = await post(players[0], "/c/new/", name="Ann", deal="easy", time_limit=600)
    room = re.fullmatch(r"/c/([\w-]+)/", made.headers["location"])[1]  # type: ignore[index]
    for player, name in zip(players[1:], ("Bob", "Cy"), strict=True):
        await post(player, f"/c/{room}/join/", name=name)
    async with connect(url.replace("http", "ws") + f"/ws/c/{room}/?lang=en", origin=Origin(url)) as lobby:
        await asyncio.gather(
            *(
                dropped(url, path, player, after, method)
                for player in players
                for after in DROPPED_AFTER
                for path, method in (
                    (f"/c/{room}/", "GET"),
                    (f"/c/{room}/standings/", "GET"),
                    (f"/c/{room}/start/", "POST"),
                )
            )
        )
        async with asyncio.timeout(WAIT):  # the start, written by a dropped request, is told all the same
            while json.loads(await lobby.recv()).get("state") == "waiting":
                pass
    for player in players:
        await player.aclose()


def test_requests_dropped_around_a_challenge_s_start_log_no_error_and_the_start_is_told(
    server: tuple[LiveServer, Path],
) -> None:
    live, log = server
    for _ in range(ROOMS):
        run_apart(a_room_started_by_dropped_requests(live.url))
    assert server_exceptions(log).total() == 0, log.read_text()[-3000:]
    assert "Traceback" not in log.read_text()
