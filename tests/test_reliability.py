"""The reliability audit in small, against real daphne processes (docs/reliability.md has the full-size
figures, from bench/races.py, bench/crash.py and bench/fuzz.py, which run the same measures):

- racing identical POSTs are applied exactly once, on one process or two, on SQLite and on PostgreSQL;
- no move answered 200 is lost when the server is killed under load, and every game replays;
- no fuzzed request is answered 5xx, and the server logs no traceback.
"""

import os
from pathlib import Path

import pytest

from tests import crash, fuzz, races

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
