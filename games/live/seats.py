"""Who has a game's page open with a live socket, shared by every server process.

Each open socket takes a seat: the owner's pages sit as ``PLAYER``, everyone else's as a watcher
of one variant of the read-only board (its language, and whether playable cards are ringed), since
a move renders the watchers' HTML once per variant in use (events.py). A seat expires ``SEAT_TTL``
seconds after its socket last refreshed it (consumers.py refreshes every ``SEAT_REFRESH``), so the
sockets of a server that crashed stop counting within a minute, with no clean-up to run.

With one server process (the in-memory channel layer) the seats live in that process's memory;
with ``REDIS_URL`` (several processes) in Redis: per game and seat kind a sorted set of channel
names scored by expiry time, which a move reads in one round trip.
"""

import threading
import time
import weakref
from asyncio import AbstractEventLoop, get_running_loop
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

import redis
import redis.asyncio
from django.conf import settings
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.commands.core import AsyncScript
from redis.retry import Retry

PLAYER = "player"
SEAT_TTL = 60.0  # seconds
SEAT_REFRESH = 20.0  # seconds: three refreshes per TTL, so one late refresh loses no seat
REDIS_TROUBLE = (redis.RedisError, OSError, TimeoutError)  # what Redis away, frozen or overwhelmed raises
# A connection kept from before Redis restarted fails its first command: it is tried once more, on a new one
# (and a command that timed out is not: a frozen Redis costs one wait, not two). As settings.py's channel layer.
STALE = (redis.ConnectionError,)


def timed_out(error: BaseException) -> bool:
    """Whether Redis did not answer in time (frozen, or out of reach), rather than refused at once (down)."""
    return isinstance(error, TimeoutError | redis.TimeoutError)


def trouble(error: BaseException) -> str:
    """A Redis error in one line for the log (redis-py's repr of its errors drops the message)."""
    return f"{type(error).__name__}: {error}"


def variant(language: str, highlight: bool) -> str:
    """The seat kind of a watcher: what their board looks like ("fr-1": French, playable cards ringed)."""
    return f"{language}-{int(highlight)}"


def parse_variant(kind: str) -> tuple[str, bool]:
    language, highlight = kind.rsplit("-", 1)
    return language, highlight == "1"


@cache
def seat_kinds() -> tuple[str, ...]:
    return (PLAYER, *(variant(code, highlight) for code, _ in settings.LANGUAGES for highlight in (False, True)))


@dataclass(frozen=True)
class Audience:
    """The open live pages of one game: the owner's, and the watchers' by variant (only those with any)."""

    players: int = 0
    watchers: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_counts(cls, counts: dict[str, int]) -> "Audience":
        watchers = {kind: count for kind, count in counts.items() if kind != PLAYER and count}
        return cls(players=counts.get(PLAYER, 0), watchers=watchers)

    @property
    def watching(self) -> int:
        """What the page shows: how many people (pages) watch besides the owner."""
        return sum(self.watchers.values())

    @property
    def empty(self) -> bool:
        return not self.players and not self.watchers


class Seats(Protocol):
    def audience(self, public_id: str) -> Audience: ...  # synchronous: a move asks, in its view's thread
    async def count(self, public_id: str) -> Audience: ...
    async def take(self, public_id: str, kind: str, channel: str) -> None: ...  # taking again refreshes
    async def leave(self, public_id: str, kind: str, channel: str) -> None: ...


class MemorySeats:
    """One process: a dict of game → seat kind → channel → expiry, read by view threads under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, dict[str, dict[str, float]]] = {}

    def audience(self, public_id: str) -> Audience:
        now = time.time()
        with self._lock:
            kinds = self._games.get(public_id, {})
            counts = {kind: sum(expiry > now for expiry in seats.values()) for kind, seats in kinds.items()}
        return Audience.from_counts(counts)

    async def count(self, public_id: str) -> Audience:
        return self.audience(public_id)

    async def take(self, public_id: str, kind: str, channel: str) -> None:
        now = time.time()
        with self._lock:
            seats = self._games.setdefault(public_id, {}).setdefault(kind, {})
            for stale in [name for name, expiry in seats.items() if expiry <= now]:
                del seats[stale]
            seats[channel] = now + SEAT_TTL

    async def leave(self, public_id: str, kind: str, channel: str) -> None:
        with self._lock:
            kinds = self._games.get(public_id, {})
            kinds.get(kind, {}).pop(channel, None)
            if not any(kinds.values()):
                self._games.pop(public_id, None)


# The live seats of each key (KEYS: a game's seat kinds; ARGV[1]: now), in one command: a move pays one
# round trip and one small answer, however many kinds there are.
COUNT_SEATS = (
    "local n = {} for i, key in ipairs(KEYS) do n[i] = redis.call('ZCOUNT', key, ARGV[1], '+inf') end return n"
)


ASYNC_CONNECTIONS = 100  # per server process: seat commands are one short round trip each
ASYNC_CONNECTION_WAIT = 10.0  # seconds a socket waits for one of them, beyond which Redis is in trouble


class RedisSeats:
    """Several processes: Redis sorted sets ``tripeaks:seats:{<game>}:<kind>`` of channel → expiry time.

    Moves ask from their view's thread with a plain client; consumers use an asyncio client, one per
    event loop (a connection pool belongs to the loop that opened it). Its pool makes a socket wait for a
    free connection rather than fail: a crowd of sockets opening at once is not an error."""

    def __init__(self, url: str, timeout: float) -> None:
        self._url, self._timeout = url, timeout
        # A move's question: answered at once, or given up after ``timeout`` seconds (and not asked again).
        moves = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, retry=Retry(NoBackoff(), 1, STALE)
        )
        self._count = moves.register_script(COUNT_SEATS)
        self._clients: weakref.WeakKeyDictionary[AbstractEventLoop, tuple[redis.asyncio.Redis, AsyncScript]] = (
            weakref.WeakKeyDictionary()
        )

    @staticmethod
    def _key(public_id: str, kind: str) -> str:
        return f"tripeaks:seats:{{{public_id}}}:{kind}"  # braces: a game's keys share a Redis Cluster slot

    def _keys(self, public_id: str) -> list[str]:
        return [self._key(public_id, kind) for kind in seat_kinds()]

    def _client(self) -> tuple[redis.asyncio.Redis, AsyncScript]:
        loop = get_running_loop()
        if loop not in self._clients:
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                self._url,
                max_connections=ASYNC_CONNECTIONS,
                timeout=ASYNC_CONNECTION_WAIT,
                socket_connect_timeout=self._timeout,
                retry=AsyncRetry(NoBackoff(), 1, STALE),
            )
            client = redis.asyncio.Redis(connection_pool=pool)
            self._clients[loop] = client, client.register_script(COUNT_SEATS)
        return self._clients[loop]

    def audience(self, public_id: str) -> Audience:
        return self._audience(self._count(keys=self._keys(public_id), args=[time.time()]))

    async def count(self, public_id: str) -> Audience:
        _, count = self._client()
        return self._audience(await count(keys=self._keys(public_id), args=[time.time()]))

    @staticmethod
    def _audience(counts: list[int]) -> Audience:
        """COUNT_SEATS's answer: one count per seat kind, in ``seat_kinds()`` order."""
        return Audience.from_counts(dict(zip(seat_kinds(), counts, strict=True)))

    async def take(self, public_id: str, kind: str, channel: str) -> None:
        key, now = self._key(public_id, kind), time.time()
        client, _ = self._client()
        pipe = client.pipeline(transaction=False)
        pipe.zadd(key, {channel: now + SEAT_TTL})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.expire(key, int(SEAT_TTL) + 1)  # the whole set goes once its last seat has expired
        await pipe.execute()

    async def leave(self, public_id: str, kind: str, channel: str) -> None:
        client, _ = self._client()
        await client.zrem(self._key(public_id, kind), channel)


@cache
def store() -> Seats:
    return RedisSeats(settings.REDIS_URL, settings.REDIS_TIMEOUT) if settings.REDIS_URL else MemorySeats()
