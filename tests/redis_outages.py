"""Redis outages against a real daphne process, measured from outside: a player's moves while REDIS_URL
names a Redis that is down (nothing listens: connections refused at once) or frozen (tests/frozen_redis.py:
it takes connections and never answers). Redis is for watching; the game must go on without it.

Used by tests/test_reliability.py (which asserts) and bench/redis_outage.py (which prints the figures).
"""

import contextlib
import re
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

import engine
from tests import outages
from tests.frozen_redis import frozen_redis
from tests.live_server import free_port, prepare_site, server_exceptions, server_log_report, serving

STATES = ("down", "frozen")
TIMEOUT = 30.0  # seconds a request may wait for its answer


@contextlib.contextmanager
def redis_in(state: str) -> Iterator[str]:
    """A REDIS_URL naming a Redis in ``state``: "down" or "frozen"."""
    if state == "frozen":
        with frozen_redis() as url:
            yield url
    else:
        yield f"redis://127.0.0.1:{free_port()}/0"


@dataclass
class Played:
    state: str
    threads: int  # the server's request threads
    statuses: Counter[str] = field(default_factory=Counter)  # each move's answer
    seconds: list[float] = field(default_factory=list)  # each move's time to answer
    health_seconds: float = 0.0  # GET /health/ after the moves
    saved: int = 0  # the game's version once the moves are done
    exceptions: Counter[str] = field(default_factory=Counter)  # in the server's log

    @property
    def failed(self) -> int:
        return self.statuses.total() - self.statuses["200"]

    def summary(self) -> str:
        counts = ", ".join(f"{status} × {count}" for status, count in sorted(self.statuses.items()))
        median, slowest = statistics.median(self.seconds), max(self.seconds)
        return f"{counts}; time to answer: median {1000 * median:.1f} ms, slowest {1000 * slowest:.1f} ms"

    def report(self) -> list[str]:
        """What bench/redis_outage.py prints of this run."""
        moves = self.statuses.total()
        return [
            f"Redis {self.state}, {moves} moves, {self.threads} request threads:",
            f"  moves: {self.summary()}",
            f"  failed: {self.failed}   saved: {self.saved} of {moves}",
            f"  GET /health/ after: {1000 * self.health_seconds:.1f} ms",
            *server_log_report(self.exceptions),
        ]


def timed(client: httpx.Client, method: str, url: str, **kwargs: object) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    answer = client.request(method, url, **kwargs)  # type: ignore[arg-type]
    return answer, time.perf_counter() - started


def next_action(game: engine.Game) -> tuple[str, dict[str, object], str]:
    """A playable card, else a draw, else (the game over) an undo: its name, form fields and symbol in the log."""
    playable = game.playable() if game.status is engine.Status.PLAYING else []
    if playable:
        return "tap", {"position": playable[0]}, engine.log.tap_symbol(playable[0])
    if game.status is engine.Status.PLAYING and game.stock_count:
        return "draw", {}, engine.log.DRAW
    return "undo", {}, engine.log.UNDO


def play(directory: Path, state: str, moves: int, threads: int) -> Played:
    """``moves`` moves of one game, one after the other, on a server with ``threads`` request threads."""
    played = Played(state, threads)
    with redis_in(state) as url:
        env = {**outages.site_env(directory, None), "REDIS_URL": url, "REQUEST_THREADS": str(threads)}
        prepare_site(env)
        log = directory / "daphne.log"
        with serving(env, log=log) as server, httpx.Client(base_url=server.url, timeout=TIMEOUT) as client:
            public_id, headers = outages.start_game(client)
            game = engine.Game.new(engine.GameCode.parse(outages.CODE))
            for _ in range(moves):
                action, data, symbol = next_action(game)
                answer, took = timed(
                    client, "POST", f"/g/{public_id}/{action}/", data={**data, "version": game.version}, headers=headers
                )
                played.statuses[str(answer.status_code)] += 1
                played.seconds.append(took)
                if answer.status_code == 200:
                    game.apply(symbol)
            _, played.health_seconds = timed(client, "GET", "/health/")
            version = re.search(r'data-version="(\d+)"', client.get(f"/g/{public_id}/").text)
            played.saved = int(version[1]) if version else -1
    played.exceptions = server_exceptions(log)
    return played
