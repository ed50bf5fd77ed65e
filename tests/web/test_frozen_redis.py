"""A frozen Redis (tests/frozen_redis.py: it takes connections and never answers) does not hold up the game:
a move's calls to Redis give up after REDIS_TIMEOUT seconds, and once one has failed the next moves
leave Redis alone for a while (games/live/events.py). Timed here is the whole request as the test client
runs it, the announcement after the answer included: the time the move's thread is held."""

import time
from collections.abc import Iterator

import pytest
import redis
from django.test import Client
from pytest_django.fixtures import Settings
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from games.live import events, presence
from games.models import GameRecord
from tests.frozen_redis import frozen_redis

from .conftest import act

pytestmark = pytest.mark.django_db(transaction=True)  # commits for real: the announcements go out

MOVES = 5
HELD_AT_MOST = 1.0  # seconds a move's thread may be held, a frozen Redis's timeout included


def redis_layer(url: str, timeout: float) -> dict[str, object]:
    """CHANNEL_LAYERS as settings.py makes it for ``url``."""
    hosts = [
        {
            "address": url,
            "socket_connect_timeout": timeout,
            "socket_timeout": 10,
            "retry": Retry(NoBackoff(), 1, (redis.ConnectionError,)),
        }
    ]
    return {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": hosts}}}


@pytest.fixture
def frozen(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """REDIS_URL and the channel layer on a frozen Redis."""
    with frozen_redis() as url:
        settings.REDIS_URL = url
        settings.CHANNEL_LAYERS = redis_layer(url, settings.REDIS_TIMEOUT)
        monkeypatch.setattr(events, "live_health", events.live_health.fresh())
        presence.store.cache_clear()
        yield url
        presence.store.cache_clear()


def timed_moves(player: Client, game: GameRecord) -> list[float]:
    held: list[float] = []
    for _ in range(MOVES):
        started = time.perf_counter()
        assert act(player, game, "draw", htmx=True).status_code == 200
        held.append(time.perf_counter() - started)
    return held


def test_with_redis_frozen_moves_answer_at_once_and_are_saved(player: Client, game: GameRecord, frozen: str) -> None:
    held = timed_moves(player, game)
    assert max(held) < HELD_AT_MOST, held
    assert sum(held[1:]) < HELD_AT_MOST, held  # after the first timeout, Redis is left alone
    assert GameRecord.objects.get(pk=game.pk).version == MOVES


def test_with_the_presence_answering_and_the_channel_layer_frozen_a_move_gives_up_on_it_at_once(
    player: Client, game: GameRecord, frozen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Someone watches (the presence says so), but the event cannot go out: the send gives up."""
    monkeypatch.setattr(events, "store", lambda: WATCHED)
    held = timed_moves(player, game)
    assert max(held) < HELD_AT_MOST, held
    assert GameRecord.objects.get(pk=game.pk).version == MOVES


class Watched(presence.MemoryPresence):
    def audience(self, public_id: str) -> presence.Audience:
        return presence.Audience(watchers={"en-0": 1})


WATCHED = Watched()
