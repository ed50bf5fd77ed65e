"""A challenge across two daphne processes (REDIS_URL set, one database: CI's second pass runs it on PostgreSQL):
players on both, a watcher's socket on each; one process is killed mid-race (SIGKILL). Nothing is lost: every
answered move stands, the player of the dead process plays on through the other, the watcher there hears every
move, and a watcher that reconnects gets the whole standings at once."""

import asyncio
import json
import os
import re
import signal
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

import engine
from tests.live_server import LiveServer, deal_rooms, prepare_site, run_apart, serving
from tests.web.rooms import winnable_and_blocked_by_drawing

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL"),
        reason="needs REDIS_URL (the machine's Redis, as CI's second pass sets it): processes share events there",
    ),
]

WAIT = 10.0  # seconds for a frame that must come
COUNTDOWN = 1  # second: the servers' CHALLENGE_COUNTDOWN


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, LiveServer, dict[str, str]]]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "CHALLENGE_COUNTDOWN": str(COUNTDOWN)}
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(tmp_path_factory.mktemp("rooms") / "db.sqlite3")  # one file, both processes
    prepare_site(env)
    with serving(env) as first, serving(env) as second:
        yield first, second, env


@dataclass
class Racer:
    """A player's client, on one process; their game as the test follows it."""

    client: httpx.AsyncClient
    game_id: str = ""
    game: engine.Game | None = None

    @classmethod
    async def on(cls, server: LiveServer, cookies: httpx.Cookies | None = None) -> "Racer":
        client = httpx.AsyncClient(base_url=server.url, timeout=WAIT, cookies=cookies)
        await client.get("/c/new/")  # a CSRF cookie
        return cls(client)

    async def post(self, url: str, **data: object) -> httpx.Response:
        headers = {"X-CSRFToken": self.client.cookies["csrftoken"]}
        return await self.client.post(url, data=data, headers=headers)

    async def move(self) -> None:
        """Tap the first card that fits, else draw; the answer must come, and the move stand."""
        assert self.game is not None
        playable = self.game.playable()
        action, data = ("tap", {"position": playable[0]}) if playable else ("draw", {})
        answer = await self.post(f"/g/{self.game_id}/{action}/", version=self.game.version, **data)
        assert answer.status_code == 302, answer.text  # the form's answer: back to the game
        self.game.apply(engine.log.tap_symbol(playable[0]) if playable else engine.log.DRAW)


def room_socket(server: LiveServer, room_id: str) -> str:
    return server.url.replace("http://", "ws://") + f"/ws/c/{room_id}/?lang=en"


async def standings(socket: ClientConnection, version: int = 0) -> dict[str, object]:
    """The first standings frame at ``version`` or later."""
    while True:
        frame = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
        if frame["type"] == "standings" and frame["version"] >= version:
            return dict(frame)


def cleared_of(frame: dict[str, object], name: str) -> int:
    row = re.search(
        rf'data-cleared="(\d+)"[^>]*>\s*<td class="place">\d+</td>\s*<td class="name" hx-disable>{name}<',
        str(frame["html"]),
    )
    assert row, frame["html"]
    return int(row[1])


def at_rest(frame: dict[str, object]) -> str:
    """The standings without the running clocks' readings, which move on between two frames."""
    return re.sub(r'data-running data-seconds="[\d.]+">[\d:]+<', "data-running><", str(frame["html"]))


def cleared(game: engine.Game) -> int:
    return sum(game.is_removed(position) for position in range(engine.PEAK_CARDS))


async def race(first: LiveServer, second: LiveServer, env: dict[str, str]) -> None:
    code = winnable_and_blocked_by_drawing()[0]
    host, far, near = await Racer.on(first), await Racer.on(second), await Racer.on(first)
    made = await host.post("/c/new/", name="Ann", deal="free", rule="E", time_limit=600)
    room_id = re.fullmatch(r"/c/([\w-]+)/", made.headers["location"])[1]  # type: ignore[index]
    await asyncio.to_thread(deal_rooms, env, [room_id], code)
    assert (await far.post(f"/c/{room_id}/join/", name="Bob")).status_code == 302
    assert (await near.post(f"/c/{room_id}/join/", name="Cy")).status_code == 302
    doomed = await connect(
        room_socket(first, room_id), origin=Origin(first.url)
    )  # a watcher on the process to be killed
    async with connect(room_socket(second, room_id), origin=Origin(second.url)) as watcher:
        await standings(watcher)
        assert (await host.post(f"/c/{room_id}/start/")).status_code == 302
        await asyncio.sleep(COUNTDOWN + 0.2)
        for racer in (host, far, near):
            page = (await racer.client.get(f"/c/{room_id}/")).text
            racer.game_id = re.search(r'data-game="/g/([\w-]+)/"', page)[1]  # type: ignore[index]
            racer.game = engine.Game.new(engine.GameCode.parse(code))

        frame = await standings(watcher)
        for _ in range(4):  # players on both processes; the watcher on the second hears each move
            for racer in (far, near):
                await racer.move()
                frame = await standings(watcher, int(frame["version"]) + 1)  # type: ignore[call-overload]
        assert far.game and near.game
        assert cleared_of(frame, "Cy") == cleared(near.game)
        heard = int(frame["version"])  # type: ignore[call-overload]

        os.kill(first.pid, signal.SIGKILL)  # mid-race: the first process dies
        with pytest.raises(ConnectionClosed):  # noqa: PT012 (the frames it was sent are read until its end)
            while True:
                await asyncio.wait_for(doomed.recv(), WAIT)
        moved = await Racer.on(second, near.client.cookies)  # Cy plays on through the other process
        moved.game_id, moved.game = near.game_id, near.game
        for _ in range(3):
            await moved.move()
            await far.move()
        frame = await standings(watcher, heard + 6)
        assert cleared_of(frame, "Cy") == cleared(moved.game) and cleared_of(frame, "Bob") == cleared(far.game)
        async with connect(room_socket(second, room_id), origin=Origin(second.url)) as back:  # the reconnected watcher
            assert at_rest(await standings(back)) == at_rest(frame)  # the whole standings, at once
        stored = (await moved.client.get(f"/g/{near.game_id}/")).text
        assert f'data-version="{moved.game.version}"' in stored  # every answered move of Cy's stands
    for racer in (host, far, near, moved):
        await racer.client.aclose()


def test_a_race_goes_on_when_one_of_two_processes_dies(
    two_servers: tuple[LiveServer, LiveServer, dict[str, str]],
) -> None:
    run_apart(race(*two_servers))
