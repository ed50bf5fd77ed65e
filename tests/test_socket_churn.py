"""Sockets opened and closed at once, as clients do, on the real daphne server: every page's presence is left, and
the server logs no error. With the in-memory channel layer, and with Redis when REDIS_URL is set.

Each of CHURN sockets of one game ends in one of the ways a client may end it: closing as soon as it is
open, closing right after the first frame (the server is still sending the watching count), dropping
the connection after the first frame, closing after both frames.
"""

import asyncio
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from tests.live_server import LiveServer, prepare_site, run_apart, serving

CHURN = 300
AT_ONCE = 50  # sockets opening together
WAIT = 15.0  # seconds for any one frame or connection
SETTLE = 5.0  # seconds for the presence to be left once the last socket closed
ENDINGS = ("at once", "after the first frame", "dropped after the first frame", "after both frames")


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.services)])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[LiveServer, Path]]:
    # RATE_LIMITS=0: the churn's sockets all come from this machine's address, past its limit (games/web/limits.py).
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "SQLITE_PATH": str(tmp_path / "db")}
    env["RATE_LIMITS"] = "0"
    env.pop("DATABASE_URL", None)  # a fresh SQLite file, never the suite's PostgreSQL database
    if request.param == "memory":
        env.pop("REDIS_URL", None)
    elif not env.get("REDIS_URL"):
        pytest.skip("needs REDIS_URL (the machine's Redis, as CI's second pass sets it)")
    prepare_site(env)
    log = tmp_path / "daphne.log"
    with serving(env, log=log) as live:
        yield live, log


async def watching(url: str, origin: str) -> int:
    """How many watch, as a new watcher's page is told (itself included)."""
    async with connect(url, origin=Origin(origin), open_timeout=WAIT) as page:
        while True:
            frame = json.loads(await asyncio.wait_for(page.recv(), WAIT))
            if frame["type"] == "watching":
                return int(frame["count"])


async def end(page: ClientConnection, ending: str) -> None:
    if ending != "at once":
        await asyncio.wait_for(page.recv(), WAIT)
    if ending == "after both frames":
        await asyncio.wait_for(page.recv(), WAIT)
    if ending == "dropped after the first frame":
        page.transport.abort()
    else:
        await page.close()


async def churn(server: LiveServer) -> int:
    """Open and close CHURN sockets on one game; how many watch once they are all gone."""
    async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as owner:
        await owner.get("/new/")
        started = await owner.post(
            "/new/",
            data={"code": "TP1-E-TRIPEAK"},
            headers={"X-CSRFToken": owner.cookies["csrftoken"]},
            follow_redirects=True,
        )
        public_id = re.fullmatch(r"/g/([\w-]+)/", started.url.path)[1]  # type: ignore[index]
    url = server.url.replace("http://", "ws://") + f"/ws/g/{public_id}/?lang=en&highlight=0"
    at_once = asyncio.Semaphore(AT_ONCE)

    async def one(number: int) -> None:
        async with at_once:
            page = await connect(url, origin=Origin(server.url), open_timeout=WAIT)
            await end(page, ENDINGS[number % len(ENDINGS)])

    await asyncio.gather(*(one(number) for number in range(CHURN)))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SETTLE
    while (count := await watching(url, server.url) - 1) and loop.time() < deadline:
        await asyncio.sleep(0.5)
    return count


def test_sockets_closed_at_any_moment_leave_the_presence_and_log_no_error(
    server: tuple[LiveServer, Path],
) -> None:
    live, log = server
    phantoms = run_apart(churn(live))
    assert phantoms == 0
    said = log.read_text(errors="replace")
    for sign in ("Traceback", " ERROR ", "took too long to shut down"):
        assert sign not in said, said[-3000:]
