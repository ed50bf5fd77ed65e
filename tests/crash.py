"""Crashes under load: players play on a real daphne process (tests/http_players.py) while it is killed
(SIGKILL, no chance to finish anything) and started again on the same port, as a process manager does.
Afterwards every move answered 200 must be in the stored log where it was played, and every stored
game must replay through the engine.

Used by tests/test_reliability.py (which asserts) and bench/crash.py (which prints the figures).
"""

import asyncio
import contextlib
import math
import os
import random
import signal
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests import outages
from tests.http_players import Acknowledged, LogCheck, Player, Stats, check_logs, play
from tests.live_server import free_port, prepare_site, run_apart, server_exceptions, server_log_report, serving
from tests.stored import stored_games

REQUEST_TIMEOUT = 30.0  # seconds


@dataclass
class Crash:
    engine: str
    players: int
    kills: int
    interval: float  # seconds of play before each kill, and after
    check: LogCheck
    stats: Stats  # the players' answers, and their failures by kind
    exceptions: Counter[str] = field(default_factory=Counter)  # in the server's logs, all its lives

    def report(self) -> list[str]:
        """What bench/crash.py prints of this run."""
        check, errors = self.check, self.stats.errors
        return [
            f"{self.engine}, {self.players} players, {self.kills} SIGKILLs {self.interval:g} s apart, each restarted",
            f"  moves acknowledged (200): {check.acknowledged}   lost: {check.lost}",
            f"  stored without an answer (the answer cut by a kill): {check.unacknowledged}",
            f"  games: {check.games}, replayed: {check.replayed}",
            f"  requests cut or refused: {errors.total()}",
            *(f"    {kind}: {count}" for kind, count in errors.most_common()),
            *server_log_report(self.exceptions),
        ]


class Restarted:
    """One daphne process on a fixed port, killed and started again on demand."""

    def __init__(self, env: dict[str, str], directory: Path) -> None:
        self.env, self.directory, self.port = env, directory, free_port()
        self.logs: list[Path] = []
        self.lives = contextlib.ExitStack()

    def start(self) -> None:
        log = self.directory / f"daphne-{len(self.logs)}.log"
        self.logs.append(log)
        self.pid = self.lives.enter_context(serving(self.env, port=self.port, log=log)).pid

    def kill_and_restart(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        self.lives.close()  # reaps the killed process
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


async def play_through_kills(
    server: Restarted, players: int, kills: int, interval: float
) -> tuple[Stats, Acknowledged]:
    """``players`` play all along; every ``interval`` seconds the server is killed and restarted, ``kills`` times."""
    stats = Stats()
    acknowledged: Acknowledged = {}
    limits = httpx.Limits(max_connections=1)  # one keep-alive connection per player, as a browser tab
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=server.url, timeout=REQUEST_TIMEOUT, limits=limits)
            )
            for _ in range(players)
        ]
        crowd = [Player(client, random.Random(number), acknowledged) for number, client in enumerate(clients)]
        playing = [asyncio.create_task(play(player, stats, math.inf)) for player in crowd]
        for _ in range(kills):
            await asyncio.sleep(interval)
            await asyncio.to_thread(server.kill_and_restart)
        await asyncio.sleep(interval)
        for task in playing:
            task.cancel()  # a move cut short here was never acknowledged
        await asyncio.gather(*playing, return_exceptions=True)
    return stats, acknowledged


def crash(directory: Path, database_url: str | None, players: int, kills: int, interval: float) -> Crash:
    env = outages.site_env(directory, database_url)
    prepare_site(env)
    server = Restarted(env, directory)
    with server.lives:
        server.start()
        stats, acknowledged = run_apart(play_through_kills(server, players, kills, interval))
    check = check_logs(acknowledged, stored_games(env, list(acknowledged)))
    exceptions = sum((server_exceptions(log) for log in server.logs), Counter[str]())
    return Crash(outages.engine_name(database_url), players, kills, interval, check, stats, exceptions)
