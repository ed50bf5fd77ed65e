"""The reliability audit in small, against real daphne processes (docs/reliability.md has the full-size
figures, from bench/races.py, bench/crash.py and bench/fuzz.py, which run the same measures):

- racing identical POSTs are applied exactly once, on one process or two, on SQLite and on PostgreSQL;
- no move answered 200 is lost when the server is killed under load, and every game replays;
- no fuzzed request is answered 5xx, and the server logs no traceback;
- floods from one client are served up to their abuse limit, then refused (bench/abuse.py at full size).
"""

import os
from pathlib import Path

import pytest

from tests import abuse, crash, fuzz, races

POSTGRESQL = os.environ.get("DATABASE_URL", "") if os.environ.get("DATABASE_URL", "").startswith("postgres") else ""
RACES, AT_ONCE = 10, 6


@pytest.mark.parametrize(
    ("database", "processes"),
    [("sqlite", 1), ("sqlite", 2), ("postgresql", 1), ("postgresql", 2)],
)
def test_identical_posts_sent_at_once_are_applied_exactly_once(tmp_path: Path, database: str, processes: int) -> None:
    if database == "postgresql" and not POSTGRESQL:
        pytest.skip("needs DATABASE_URL on PostgreSQL (as CI's second pass sets it)")
    found = races.race(tmp_path, POSTGRESQL if database == "postgresql" else None, RACES, AT_ONCE, processes)
    assert (found.races, found.applied_once) == (RACES, RACES), found
    assert found.statuses == {"200": RACES, "409": RACES * (AT_ONCE - 1)}, found.statuses
    assert not found.exceptions, found.exceptions


def test_no_acknowledged_move_is_lost_when_the_server_is_killed_under_load(tmp_path: Path) -> None:
    found = crash.crash(tmp_path, POSTGRESQL or None, players=4, kills=1, interval=2.0)
    check = found.check
    assert check.acknowledged > 0 and check.games > 0, found.stats.errors
    assert check.lost == 0, check
    assert check.replayed == check.games, check
    assert not found.exceptions, found.exceptions


def test_fuzzed_requests_get_no_5xx_and_log_no_traceback(tmp_path: Path) -> None:
    found = fuzz.fuzz(tmp_path, None, requests=200, seed=2)
    assert found.requests == 200
    assert found.five_hundreds == 0, found.server_errors
    assert found.tracebacks == 0, found.exceptions


SMALL_LIMITS = {  # periods of an hour: a flood of a few seconds stays in one window
    "LIMIT_NEW_GAMES_PER_PLAYER": "3/h",
    "LIMIT_NEW_GAMES_PER_IP": "5/h",
    "LIMIT_HINTS_PER_GAME": "3/h",
    "LIMIT_SOCKETS_PER_IP": "4/h",
    "LIMIT_SIGN_INS_PER_ACCOUNT": "3/h",
    "LIMIT_SIGN_INS_PER_IP": "6/h",
}


def test_floods_from_one_client_are_served_up_to_their_limit_then_refused(tmp_path: Path) -> None:
    counts = {"games": 8, "hints": 6, "sockets": 7, "wrong_passwords": 5, "guesses": 9}
    found = abuse.abuse(tmp_path, os.environ.get("DATABASE_URL") or None, SMALL_LIMITS, counts)
    served = {flood.what.split(" (")[0]: (flood.served, flood.refused) for flood in found.floods}
    assert served == {
        "new games by one player": (4, 4),  # a player's first game counts on its address only: it has no token yet
        "new games by new players, one address": (5, 3),
        "hints on one game": (3, 3),
        "live sockets": (4, 3),
        "log-ins naming one account": (2, 4),  # its sign-up was the first attempt; the right password too late
        "log-ins naming a new account each, one address": (6, 3),
    }
    for flood in found.floods:
        assert not flood.other, (flood.what, flood.other)
        if flood.what != "live sockets":  # a socket is closed with 4429, which has no header
            assert flood.retry_after and all(int(wait) > 0 for wait in flood.retry_after), flood
    assert not found.exceptions, found.exceptions
