"""What "Download my data" costs for a player with many games (GET /accounts/data/, games/store/player_data.py):
the time to the file's last byte, and the memory the download takes meanwhile.

    .venv/bin/python bench/download.py [--games 20000] [--runs 3]

On a fresh SQLite file (or DATABASE_URL's database, to measure PostgreSQL; its games are left there). One account
holds ``--games`` games, ended, on a few deals, their logs real (``progress.store_ended_games``), a tenth of them
a past day's Daily. The file is asked for in process, as WSGI and as ASGI (Django's test clients),
and read to its end a block at a time, keeping none, after one download untimed. Time: the median and range of
``--runs`` downloads, wall (the database's time included) and the process's CPU. Memory: the peak of Python's
allocations during one more download, measured by ``tracemalloc`` from the request on (it slows the code, so that
download is not timed).
"""

import argparse
import datetime
import os
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import cast

import _common  # noqa: F401 (the repository root on sys.path)
from progress import set_up_django, store_ended_games

USERNAME = "bench-download"


def fill(games: int) -> None:
    from django.contrib.auth.models import User
    from django.utils import timezone

    user = User.objects.create_user(USERNAME, email=f"{USERNAME}@example.com")
    today = timezone.now().date()

    def fields_of(index: int) -> dict[str, object]:
        if index % 10:
            return {"user": user}
        return {"user": user, "level": "daily", "daily_date": today - datetime.timedelta(days=1 + index // 10)}

    store_ended_games(games, fields_of)


def download_wsgi() -> int:
    """The file's size, read a block at a time through Django's test client (as a WSGI server reads it)."""
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=USERNAME))
    answer = client.get("/accounts/data/")
    assert answer.status_code == 200, answer.status_code
    return sum(len(block) for block in answer)


def download_asgi() -> int:
    """The same through Django's async test client, as daphne reads it."""
    from asgiref.sync import async_to_sync
    from django.contrib.auth.models import User
    from django.http import StreamingHttpResponse
    from django.test import AsyncClient

    client = AsyncClient()
    client.force_login(User.objects.get(username=USERNAME))

    async def read() -> int:
        answer = await client.get("/accounts/data/")
        assert answer.status_code == 200, answer.status_code
        if not answer.streaming:
            return len(answer.content)
        return sum([len(block) async for block in cast("StreamingHttpResponse", answer)])

    return async_to_sync(read)()


def measure(name: str, download: Callable[[], int], runs: int) -> None:
    download()  # the first request loads what every later one finds loaded
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        size = download()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    tracemalloc.start()
    download()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{name}: {size / 1e6:.1f} MB in {statistics.median(walls):.2f} s wall"
        f" ({min(walls):.2f}–{max(walls):.2f}), {statistics.median(cpus):.2f} s CPU ({min(cpus):.2f}–{max(cpus):.2f}),"
        f" median (range) of {runs}; peak of Python's allocations {peak / 1e6:.1f} MB (tracemalloc)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000, help="the account's games (default 20000)")
    parser.add_argument("--runs", type=int, default=3, help="timed downloads of each kind (default 3)")
    options = parser.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver"  # the test clients' host
    with tempfile.TemporaryDirectory() as folder:
        set_up_django(Path(folder) / "bench.sqlite3")
        from django.db import connection

        print(f"On {connection.vendor}, an account of {options.games} games")
        fill(options.games)
        measure("WSGI", download_wsgi, options.runs)
        measure("ASGI", download_asgi, options.runs)


if __name__ == "__main__":
    main()
