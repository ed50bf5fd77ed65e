"""Database outages against a real daphne process: a locked, unreachable or stopped database answers every
request with a 503 and Retry-After within a few seconds, instead of holding the request threads for the
whole stall; nothing is lost or applied twice (tests/outages.py does the measuring; bench/outage.py prints it).

Locked runs on DATABASE_URL when it is set (the game's row held on PostgreSQL), else on a fresh SQLite
file (its write lock held); unreachable and down need no PostgreSQL server.
"""

import os
from pathlib import Path

from tests import outages

TAPS = 20  # more than the 16 request threads: some wait for a thread, then for the lock
HOLD = 12.0  # seconds the lock is held at most (the audit held 25 s)
# DATABASE_TIMEOUT is 3 s: a tap that finds no free thread waits for one (3 s), then for the lock (3 s); on a
# busy machine a few wait one round more.
FEW_SECONDS = 10.0
TIMEOUT = 30.0


def test_taps_on_a_locked_database_get_503_within_seconds_and_nothing_is_lost(tmp_path: Path) -> None:
    found = outages.locked(tmp_path, os.environ.get("DATABASE_URL") or None, TAPS, HOLD, TIMEOUT)
    assert found.taps.statuses == {"503": TAPS}, found.taps.summary()
    assert found.taps.retry_after == {"5"}
    assert found.taps.slowest < FEW_SECONDS, found.taps.summary()
    assert found.health.statuses == {"200": 1}, found.health.summary()  # the server itself stays up
    assert found.version_after == 1  # the draw posted once the lock was gone, and only it


def test_page_reads_with_postgresql_unreachable_get_503_within_seconds(tmp_path: Path) -> None:
    answers = outages.unreachable(tmp_path, 4, TIMEOUT, listening=True)
    assert answers.statuses == {"503": 4}, answers.summary()
    assert answers.retry_after == {"5"}
    assert answers.slowest < FEW_SECONDS, answers.summary()


def test_page_reads_with_postgresql_down_get_503_at_once(tmp_path: Path) -> None:
    answers = outages.unreachable(tmp_path, 4, TIMEOUT, listening=False)
    assert answers.statuses == {"503": 4}, answers.summary()
    assert answers.slowest < FEW_SECONDS, answers.summary()
