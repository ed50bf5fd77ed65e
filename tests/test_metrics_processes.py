"""The metrics summed over two daphne processes, as the library does it for servers of several processes: one
directory (PROMETHEUS_MULTIPROC_DIR), one database, one Redis (CI's second pass, on PostgreSQL; docs/deploy.md,
"Metrics"). A scripted session plays through both, and each count moves by exactly what it did, read from
either process."""

import asyncio
import json
import os
import re
import uuid
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.live_server import LiveServer, prepare_site, run_apart, serving
from tests.metrics_read import Sample, moved, read, sample

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL"),
        reason="needs REDIS_URL (the machine's Redis, as CI's second pass sets it): the processes count limits there",
    ),
]

CODE = "TP1-E-TRIPEAK"
WAIT = 15.0  # seconds for an answer that must come (the first Teach me starts the solver's process)


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, LiveServer]]:
    """The second process's solver answers nothing in time (``SOLVER_TIMEOUT=0``): a timeout to count."""
    directory = tmp_path_factory.mktemp("metrics")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings",
        "PROMETHEUS_MULTIPROC_DIR": str(directory / "counts"),
        "CACHE_KEY_PREFIX": f"metrics-{uuid.uuid4().hex}",  # one count of the limits for both
        "LIMIT_HINTS_PER_GAME": "2/10m",
    }
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(directory / "db.sqlite3")
    prepare_site(env)
    with serving(env) as first, serving({**env, "SOLVER_TIMEOUT": "0"}) as second:
        yield first, second


async def scrape(server: LiveServer) -> dict[Sample, float]:
    async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as operator:
        answer = await operator.get("/metrics")
    assert answer.status_code == 200, answer.text
    return read(answer.text)


async def open_sockets_seen(server: LiveServer, sockets: int) -> dict[Sample, float]:
    """The metrics once they show ``sockets`` open (a socket's end is counted as its consumer finishes)."""
    for _ in range(100):
        seen = await scrape(server)
        if seen.get(sample("tripeaks_sockets_open", follows="game"), 0) == sockets:
            return seen
        await asyncio.sleep(0.05)
    pytest.fail(f"the metrics never showed {sockets} open sockets")


async def scenario(first: LiveServer, second: LiveServer) -> None:
    before = await scrape(second)
    async with (
        httpx.AsyncClient(base_url=first.url, timeout=WAIT) as on_first,
        httpx.AsyncClient(base_url=second.url, timeout=WAIT) as on_second,
    ):
        await on_first.get("/new/")
        csrf = {"X-CSRFToken": on_first.cookies["csrftoken"], "HX-Request": "true"}
        started = await on_first.post("/new/", data={"code": CODE}, headers=csrf)
        assert started.status_code == 302
        public_id = re.fullmatch(r"/g/([\w-]+)/", started.headers["Location"])[1]  # type: ignore[index]
        on_second.cookies = on_first.cookies  # the same player on the other process

        for version, client in enumerate((on_first, on_second, on_first)):
            answer = await client.post(f"/g/{public_id}/draw/", data={"version": version}, headers=csrf)
            assert answer.status_code == 200, answer.text
        stale = await on_second.post(f"/g/{public_id}/draw/", data={"version": 0}, headers=csrf)
        assert stale.status_code == 409
        refused = await on_first.post(f"/g/{public_id}/tap/", data={"version": 3, "position": 0}, headers=csrf)
        assert "blocked" in refused.text

        watcher_url = second.url.replace("http://", "ws://") + f"/ws/g/{public_id}/?lang=en&highlight=0"
        async with connect(watcher_url, origin=Origin(second.url)) as watcher:
            assert json.loads(await asyncio.wait_for(watcher.recv(), WAIT))["type"] == "board"
            watched = await open_sockets_seen(first, 1)  # read from the other process
            assert watched[sample("tripeaks_watchers_open")] == 1
        watched_no_more = await open_sockets_seen(first, 0)
        assert watched_no_more[sample("tripeaks_watchers_open")] == 0

        hint = f"/g/{public_id}/hint/"
        assert (await on_first.get(hint, headers=csrf)).status_code == 200
        assert (await on_second.get(hint, headers=csrf)).status_code == 503  # no answer in time
        assert (await on_first.get(hint, headers=csrf)).status_code == 429  # the game's third in 10 minutes

    assert moved(before, await scrape(second)) == {
        sample("tripeaks_requests_total", view="new", method="GET", status="200"): 1,
        sample("tripeaks_requests_total", view="new", method="POST", status="302"): 1,
        sample("tripeaks_requests_total", view="draw", method="POST", status="200"): 3,
        sample("tripeaks_requests_total", view="draw", method="POST", status="409"): 1,
        sample("tripeaks_requests_total", view="tap", method="POST", status="200"): 1,
        sample("tripeaks_requests_total", view="hint", method="GET", status="200"): 1,
        sample("tripeaks_requests_total", view="hint", method="GET", status="503"): 1,
        sample("tripeaks_requests_total", view="hint", method="GET", status="429"): 1,
        sample("tripeaks_request_seconds_count", view="new"): 2,
        sample("tripeaks_request_seconds_count", view="draw"): 4,
        sample("tripeaks_request_seconds_count", view="tap"): 1,
        sample("tripeaks_request_seconds_count", view="hint"): 3,
        sample("tripeaks_actions_total", action="draw", outcome="applied"): 3,
        sample("tripeaks_actions_total", action="draw", outcome="stale"): 1,
        sample("tripeaks_actions_total", action="tap", outcome="blocked"): 1,
        sample("tripeaks_solver_jobs_total", task="hint", outcome="answered"): 1,
        sample("tripeaks_solver_jobs_total", task="hint", outcome="timeout"): 1,
        sample("tripeaks_solver_queue_seconds_count", task="hint"): 1,
        sample("tripeaks_solver_run_seconds_count", task="hint"): 1,
        sample("tripeaks_limits_hit_total", limit="LIMIT_HINTS_PER_GAME"): 1,
    }


def test_a_session_played_through_two_processes_is_counted_exactly_once(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    run_apart(scenario(*two_servers))
