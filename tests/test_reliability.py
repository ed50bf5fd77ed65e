"""The reliability audit in small, against real daphne processes: each scenario once, here, at a small size.
The bench scripts run the same measures at full size for docs/reliability.md (bench/races.py, crash.py,
fuzz.py, abuse.py, redis_outage.py, outage.py), and print what each test here checks of their report.

- racing identical POSTs are applied exactly once, on one process or two;
- no move answered 200 is lost when the server is killed under load, and every game replays;
- no fuzzed request is answered 5xx, and the server logs no traceback;
- floods from one client are served up to their abuse limit, then refused;
- with Redis down or frozen, moves are answered at once and saved: Redis is for watching, and the server's
  request threads are not held by the announcements after the answers (two threads here: a thread held for
  Redis's timeout would make the third move wait for it), nor is /health/;
- a locked, unreachable or stopped database answers every request with a 503 and Retry-After within a few
  seconds, instead of holding the request threads for the whole stall; nothing is lost or applied twice.

The scenarios on the suite's database (a fresh SQLite file, or DATABASE_URL's PostgreSQL in CI's second pass)
and Redis are marked ``services``; the others bring their own (a fresh SQLite file, a Redis or PostgreSQL
that is down or frozen) and run once, in the first pass.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import abuse, crash, fuzz, outages, races, redis_outages

ROOT = Path(__file__).parents[1]
RACES, AT_ONCE = 10, 6


def suite_database() -> str | None:
    """DATABASE_URL as this test process sees it (its worker's own database: tests/conftest.py); None: SQLite."""
    return os.environ.get("DATABASE_URL") or None


@pytest.mark.services
@pytest.mark.parametrize("processes", [1, 2])
def test_identical_posts_sent_at_once_are_applied_exactly_once(tmp_path: Path, processes: int) -> None:
    found = races.race(tmp_path, suite_database(), RACES, AT_ONCE, processes)
    assert (found.races, found.applied_once) == (RACES, RACES), found
    assert found.statuses == {"200": RACES, "409": RACES * (AT_ONCE - 1)}, found.statuses
    assert not found.exceptions, found.exceptions
    report = found.report()
    assert report[0] == f"{found.engine}, {processes} process(es): {RACES} races × {AT_ONCE} identical POSTs"
    assert f"  applied exactly once: {RACES}   doubled: 0   lost: 0   none applied: 0   5xx: 0" in report
    assert "  server log: 0 exceptions" in report


@pytest.mark.services
def test_no_acknowledged_move_is_lost_when_the_server_is_killed_under_load(tmp_path: Path) -> None:
    found = crash.crash(tmp_path, suite_database(), players=4, kills=1, interval=2.0)
    check = found.check
    assert check.acknowledged > 0 and check.games > 0, found.stats.errors
    assert check.lost == 0, check
    assert check.replayed == check.games, check
    assert not found.exceptions, found.exceptions
    report = found.report()
    assert report[0] == f"{found.engine}, 4 players, 1 SIGKILLs 2 s apart, each restarted"
    assert f"  moves acknowledged (200): {check.acknowledged}   lost: 0" in report
    assert f"  games: {check.games}, replayed: {check.games}" in report


def test_fuzzed_requests_get_no_5xx_and_log_no_traceback(tmp_path: Path) -> None:
    found = fuzz.fuzz(tmp_path, None, requests=200, seed=2)
    assert found.requests == 200
    assert found.five_hundreds == 0, found.server_errors
    assert found.tracebacks == 0, found.exceptions
    report = found.report()
    assert report[0] == "SQLite, 200 fuzzed requests (seed 2)"
    assert f"  answers: {found.histogram()}" in report and "  5xx: 0" in report
    assert "  server log: 0 tracebacks" in report


SMALL_LIMITS = {  # periods of an hour: a flood of a few seconds stays in one window
    "LIMIT_NEW_GAMES_PER_PLAYER": "3/h",
    "LIMIT_NEW_GAMES_PER_IP": "5/h",
    "LIMIT_HINTS_PER_GAME": "3/h",
    "LIMIT_SOCKETS_PER_IP": "4/h",
    "LIMIT_SIGN_INS_PER_ACCOUNT": "3/h",
    "LIMIT_SIGN_INS_PER_IP": "6/h",
}


@pytest.mark.services
def test_floods_from_one_client_are_served_up_to_their_limit_then_refused(tmp_path: Path) -> None:
    counts = {"games": 8, "hints": 6, "sockets": 7, "wrong_passwords": 5, "guesses": 9}
    found = abuse.abuse(tmp_path, suite_database(), SMALL_LIMITS, counts)
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
    report = found.report()
    assert report[0] == f"{found.engine}, one daphne process, the default limits; each flood from an address of its own"
    assert "  new games by one player: 8 sent, 4 served, 4 refused (Retry-After " in report[1]
    assert report[1].endswith(" s), other answers: none")
    assert "  server log: 0 exceptions" in report


REDIS_MOVES = 12
ANSWERED_WITHIN = 1.0  # seconds


@pytest.mark.parametrize("state", redis_outages.STATES)
def test_with_redis_out_moves_are_answered_at_once_and_saved(tmp_path: Path, state: str) -> None:
    played = redis_outages.play(tmp_path, state, REDIS_MOVES, threads=2)
    assert played.statuses == {"200": REDIS_MOVES}, played.summary()
    assert max(played.seconds) < ANSWERED_WITHIN, played.summary()
    assert played.health_seconds < ANSWERED_WITHIN, played.health_seconds
    assert played.saved == REDIS_MOVES  # every move saved
    assert not played.exceptions, played.exceptions
    report = played.report()
    assert report[0] == f"Redis {state}, {REDIS_MOVES} moves, 2 request threads:"
    assert f"  failed: 0   saved: {REDIS_MOVES} of {REDIS_MOVES}" in report


TAPS = 20  # more than the 16 request threads: some wait for a thread, then for the lock
HOLD = 12.0  # seconds the lock is held at most (the audit held 25 s)
# DATABASE_TIMEOUT is 3 s: a tap that finds no free thread waits for one (3 s), then for the lock (3 s); on a
# busy machine a few wait one round more.
FEW_SECONDS = 10.0
TIMEOUT = 30.0


@pytest.mark.services
def test_taps_on_a_locked_database_get_503_within_seconds_and_nothing_is_lost(tmp_path: Path) -> None:
    """Locked on the suite's database: the game's row held on PostgreSQL, the write lock of a SQLite file."""
    found = outages.locked(tmp_path, suite_database(), TAPS, HOLD, TIMEOUT)
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


@pytest.mark.parametrize("script", ["races", "crash", "fuzz", "abuse", "redis_outage", "outage"])
def test_each_reliability_bench_starts_and_names_its_options(script: str) -> None:
    """The full-size runs are the benches' own; here each script imports what it measures with and parses
    its options (the reports it prints are checked above, on the scenarios' results)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / f"{script}.py"), "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and "--" in done.stdout
