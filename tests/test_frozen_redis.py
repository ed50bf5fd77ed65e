"""The real daphne server with REDIS_URL on a frozen Redis (tests/frozen_redis.py): the game goes on.

Redis is for watching. With it frozen, each move is answered within a second and saved, and the
server's request threads are not held by the announcements after the answers (two threads here: a
thread held for Redis's timeout would make the third move wait for it), nor is /health/."""

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import engine
from tests.frozen_redis import frozen_redis
from tests.live_server import LiveServer, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
MOVES = 12
ANSWERED_WITHIN = 1.0  # seconds


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with frozen_redis() as url:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings",
            "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
            "REDIS_URL": url,
            "REQUEST_THREADS": "2",
        }
        env.pop("DATABASE_URL", None)  # a fresh SQLite file, never the suite's PostgreSQL database
        prepare_site(env)
        with serving(env) as live:
            yield live


def timed(client: httpx.Client, method: str, url: str, **kwargs: object) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    answer = client.request(method, url, **kwargs)  # type: ignore[arg-type]
    return answer, time.perf_counter() - started


def test_with_redis_frozen_moves_are_answered_at_once_and_saved(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as owner:
        owner.get("/new/")
        csrf = {"X-CSRFToken": owner.cookies["csrftoken"]}
        started = owner.post("/new/", data={"code": CODE}, headers=csrf, follow_redirects=True)
        public_id = re.fullmatch(r"/g/([\w-]+)/", started.url.path)[1]  # type: ignore[index]

        game = engine.Game.new(engine.GameCode.parse(CODE))
        times = []
        for version in range(MOVES):
            playable = game.playable()
            action, data = ("tap", {"position": playable[0]}) if playable else ("draw", {})
            answer, took = timed(
                owner,
                "POST",
                f"/g/{public_id}/{action}/",
                data={**data, "version": version},
                headers={**csrf, "HX-Request": "true"},
            )
            assert answer.status_code == 200, answer.text
            game.apply(engine.log.tap_symbol(playable[0]) if playable else engine.log.DRAW)
            times.append(took)
        health, health_took = timed(owner, "GET", "/health/")
        page = owner.get(f"/g/{public_id}/")

    assert max(times) < ANSWERED_WITHIN, times
    assert health.status_code == 200 and health_took < ANSWERED_WITHIN, health_took
    assert f'data-version="{MOVES}"' in page.text  # every move saved
