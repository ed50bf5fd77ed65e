"""The real daphne server with REDIS_URL on a Redis that is down or frozen (tests/redis_outages.py): the
game goes on. Redis is for watching. Each move is answered 200 within a second and saved, and the
server's request threads are not held by the announcements after the answers (two threads here: a
thread held for Redis's timeout would make the third move wait for it), nor is /health/."""

from pathlib import Path

import pytest

from tests import redis_outages

MOVES = 12
ANSWERED_WITHIN = 1.0  # seconds


@pytest.mark.parametrize("state", redis_outages.STATES)
def test_with_redis_out_moves_are_answered_at_once_and_saved(tmp_path: Path, state: str) -> None:
    played = redis_outages.play(tmp_path, state, MOVES, threads=2)
    assert played.statuses == {"200": MOVES}, played.summary()
    assert max(played.seconds) < ANSWERED_WITHIN, played.summary()
    assert played.health_seconds < ANSWERED_WITHIN, played.health_seconds
    assert played.saved == MOVES  # every move saved
    assert not played.exceptions, played.exceptions
