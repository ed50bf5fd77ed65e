"""Two daphne processes behind one address, as when the game scales out: REDIS_URL set, one database.

The owner plays through the first process; a watcher whose socket is on the second hears every
action, and the owner's own socket on the first hears that someone watches. Needs the machine's
Redis: CI's second pass sets REDIS_URL (.ci/run); without it there is one process and nothing to show.
"""

import asyncio
import json
import os
import re
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

import engine
from tests.live_server import LiveServer, prepare_site, run_apart, serving

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL"),
        reason="needs REDIS_URL (the machine's Redis, as CI's second pass sets it): processes share events there",
    ),
]

CODE = "TP1-E-TRIPEAK"
ACTIONS = 15
WAIT = 10.0  # seconds for a frame that must come


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, LiveServer]]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings"}
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(tmp_path_factory.mktemp("two") / "db.sqlite3")  # one file, both processes
    prepare_site(env)
    with serving(env) as first, serving(env) as second:
        assert first.pid != second.pid
        yield first, second


def socket_url(server: LiveServer, public_id: str) -> str:
    return server.url.replace("http://", "ws://") + f"/ws/g/{public_id}/?lang=en&highlight=0"


async def next_frame(page: ClientConnection, kind: str) -> dict[str, object]:
    while True:
        frame = json.loads(await asyncio.wait_for(page.recv(), WAIT))
        if frame["type"] == kind:
            return dict(frame)


async def scenario(first: LiveServer, second: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=first.url, timeout=WAIT) as owner:
        await owner.get("/new/")
        csrf = {"X-CSRFToken": owner.cookies["csrftoken"]}
        started = await owner.post("/new/", data={"code": CODE}, headers=csrf, follow_redirects=True)
        public_id = re.fullmatch(r"/g/([\w-]+)/", started.url.path)[1]  # type: ignore[index]
        cookies = "; ".join(f"{name}={value}" for name, value in owner.cookies.items())

        async with connect(
            socket_url(first, public_id), origin=Origin(first.url), additional_headers={"Cookie": cookies}
        ) as mine:
            assert (await next_frame(mine, "watching"))["count"] == 0
            watcher = await connect(socket_url(second, public_id), origin=Origin(second.url))
            assert await next_frame(watcher, "board") == {"type": "board", "version": 0}
            assert (await next_frame(mine, "watching"))["count"] == 1  # a watcher on the other process

            game = engine.Game.new(engine.GameCode.parse(CODE))
            for version in range(1, ACTIONS + 1):
                playable = game.playable()
                action, data = ("tap", {"position": playable[0]}) if playable else ("draw", {})
                answer = await owner.post(
                    f"/g/{public_id}/{action}/",
                    data={**data, "version": version - 1},
                    headers={**csrf, "HX-Request": "true"},
                )
                assert answer.status_code == 200, answer.text
                game.apply(engine.log.tap_symbol(playable[0]) if playable else engine.log.DRAW)

                heard = await next_frame(watcher, "board")
                assert heard["version"] == version  # every action, in order, none twice
                assert f'data-version="{version}"' in str(heard["html"])
                assert await next_frame(mine, "board") == {"type": "board", "version": version}
            await watcher.close()
            assert (await next_frame(mine, "watching"))["count"] == 0


def test_a_watcher_on_one_process_hears_every_action_played_through_the_other(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    run_apart(scenario(*two_servers))
