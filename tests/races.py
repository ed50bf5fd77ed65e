"""Identical POSTs racing on real daphne processes: the same action at the same version, sent at once, as a
double tap, a retried request or two tabs do. Exactly one of them may be applied and answered 200; the
others are refused as stale (409). Measured from outside: the stored log is read from the database.

Used by tests/test_reliability.py (which asserts) and bench/races.py (which prints the figures).

Each race plays the next action of one game: a tap on a playable card (a draw when none is), then an
undo, so that the game keeps coming back to its deal and never runs out of actions. With two
processes, the racing POSTs alternate between them; both serve the same database.
"""

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

import engine
from tests import outages
from tests.live_server import prepare_site, server_exceptions, server_log_report, serving
from tests.stored import stored_games

TIMEOUT = 60.0  # seconds a POST may wait for its answer


@dataclass
class Races:
    engine: str
    processes: int
    at_once: int  # identical POSTs in each race
    races: int = 0
    applied_once: int = 0  # the action stored once, and one POST answered 200
    doubled: int = 0  # the action stored more than once
    lost: int = 0  # a POST answered 200 for an action the log does not hold
    none_applied: int = 0  # every POST refused (no 200, nothing stored)
    statuses: Counter[str] = field(default_factory=Counter)  # every answer, by status
    exceptions: Counter[str] = field(default_factory=Counter)  # in the servers' logs

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status.startswith("5"))

    def report(self) -> list[str]:
        """What bench/races.py prints of this run."""
        statuses = ", ".join(f"{status} × {count}" for status, count in sorted(self.statuses.items()))
        return [
            f"{self.engine}, {self.processes} process(es): {self.races} races × {self.at_once} identical POSTs",
            f"  applied exactly once: {self.applied_once}   doubled: {self.doubled}   lost: {self.lost}   "
            f"none applied: {self.none_applied}   5xx: {self.server_errors}",
            f"  answers: {statuses}",
            *server_log_report(self.exceptions),
        ]

    def count(self, stored: int, told_applied: int) -> None:
        """One race: how many actions it stored, and how many POSTs were answered 200."""
        self.races += 1
        self.applied_once += stored == 1 and told_applied == 1
        self.doubled += stored > 1
        self.lost += told_applied > stored
        self.none_applied += stored == told_applied == 0


def next_action(game: engine.Game, race: int) -> tuple[str, dict[str, object], str]:
    """The action of race number ``race``: its name, its form fields and its symbol in the log."""
    if race % 2:
        return "undo", {}, engine.log.UNDO
    playable = game.playable()
    if playable:
        return "tap", {"position": playable[0]}, engine.log.tap_symbol(playable[0])
    return "draw", {}, engine.log.DRAW


def race(directory: Path, database_url: str | None, races: int, at_once: int, processes: int) -> Races:
    """``races`` races of ``at_once`` identical POSTs on a new game, served by ``processes`` daphne processes."""
    env = outages.site_env(directory, database_url)
    prepare_site(env)
    logs = [directory / f"daphne-{number}.log" for number in range(processes)]
    found = Races(outages.engine_name(database_url), processes, at_once)
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(serving(env, log=log)) for log in logs]
        client = stack.enter_context(httpx.Client(base_url=servers[0].url, timeout=TIMEOUT))
        public_id, headers = outages.start_game(client)
        code, log = stored_games(env, [public_id])[public_id]
        for number in range(races):
            game = engine.Game.replay(engine.GameCode.parse(code), log)
            action, data, symbol = next_action(game, number)
            posts = [
                (
                    "POST",
                    f"{servers[post % processes].url}/g/{public_id}/{action}/",
                    {"data": {**data, "version": game.version}, "headers": headers},
                )
                for post in range(at_once)
            ]
            answers = outages.at_once(posts, client)
            found.statuses.update(answers.statuses)
            _, log = stored_games(env, [public_id])[public_id]
            added = engine.version_of(log) - game.version
            found.count(added if log.endswith(symbol) else 0, answers.statuses["200"])  # another action: none of it
    for log_file in logs:
        found.exceptions.update(server_exceptions(log_file))
    return found
