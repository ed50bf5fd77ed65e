"""Who has a game's page open with a live socket, shared by every server process: the game's presence.

Each open socket marks its page present, of a kind: the owner's pages as ``PLAYER``, everyone else's as a
watcher of one variant of the read-only board (its language, and whether playable cards are ringed), since
a move renders the watchers' HTML once per variant in use (events.py). A page's mark expires
``PRESENCE_TTL`` seconds after its socket last renewed it (consumers.py renews it every ``PRESENCE_RENEWAL``),
so the sockets of a server that crashed stop counting within a minute, with no clean-up to run.

With one server process (the in-memory channel layer) the presence lives in that process's memory;
with ``REDIS_URL`` (several processes) in Redis: per game and page kind a sorted set of channel
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

from games.base.trouble import STALE

PLAYER = "player"
PRESENCE_TTL = 60.0  # seconds
PRESENCE_RENEWAL = 20.0  # seconds: three renewals per TTL, so one late renewal loses no page


def variant(language: str, highlight: bool) -> str:
    """The page kind of a watcher: what their board looks like ("fr-1": French, playable cards ringed)."""
    return f"{language}-{int(highlight)}"


def parse_variant(kind: str) -> tuple[str, bool]:
    language, highlight = kind.rsplit("-", 1)
    return language, highlight == "1"


@cache
def page_kinds() -> tuple[str, ...]:
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


class Presence(Protocol):
    def audience(self, public_id: str) -> Audience: ...  # synchronous: a move asks, in its view's thread
    async def count(self, public_id: str) -> Audience: ...
    async def mark(self, public_id: str, kind: str, channel: str) -> None: ...  # marking again renews
    async def leave(self, public_id: str, kind: str, channel: str) -> None: ...


class MemoryPresence:
    """One process: a dict of game → page kind → channel → expiry, read by view threads under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, dict[str, dict[str, float]]] = {}

    def audience(self, public_id: str) -> Audience:
        now = time.time()
        with self._lock:
            kinds = self._games.get(public_id, {})
            counts = {kind: sum(expiry > now for expiry in pages.values()) for kind, pages in kinds.items()}
        return Audience.from_counts(counts)

    async def count(self, public_id: str) -> Audience:
        return self.audience(public_id)

    async def mark(self, public_id: str, kind: str, channel: str) -> None:
        now = time.time()
        with self._lock:
            pages = self._games.setdefault(public_id, {}).setdefault(kind, {})
            for stale in [name for name, expiry in pages.items() if expiry <= now]:
                del pages[stale]
            pages[channel] = now + PRESENCE_TTL

    async def leave(self, public_id: str, kind: str, channel: str) -> None:
        with self._lock:
            kinds = self._games.get(public_id, {})
            kinds.get(kind, {}).pop(channel, None)
            if not any(kinds.values()):
                self._games.pop(public_id, None)


# The pages present under each key (KEYS: a game's page kinds; ARGV[1]: now), in one command: a move pays one
# round trip and one small answer, however many kinds there are.
COUNT_PRESENT = (
    "local n = {} for i, key in ipairs(KEYS) do n[i] = redis.call('ZCOUNT', key, ARGV[1], '+inf') end return n"
)


ASYNC_CONNECTIONS = 100  # per server process: presence commands are one short round trip each
ASYNC_CONNECTION_WAIT = 10.0  # seconds a socket waits for one of them, beyond which Redis is in trouble


class RedisPresence:
    """Several processes: Redis sorted sets ``tripeaks:presence:{<game>}:<kind>`` of channel → expiry time.

    Moves ask from their view's thread with a plain client; consumers use an asyncio client, one per
    event loop (a connection pool belongs to the loop that opened it). Its pool makes a socket wait for a
    free connection rather than fail: a crowd of sockets opening at once is not an error."""

    def __init__(self, url: str, timeout: float) -> None:
        self._url, self._timeout = url, timeout
        # A move's question: answered at once, or given up after ``timeout`` seconds (and not asked again).
        moves = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, retry=Retry(NoBackoff(), 1, STALE)
        )
        self._count = moves.register_script(COUNT_PRESENT)
        self._clients: weakref.WeakKeyDictionary[AbstractEventLoop, tuple[redis.asyncio.Redis, AsyncScript]] = (
            weakref.WeakKeyDictionary()
        )

    @staticmethod
    def _key(public_id: str, kind: str) -> str:
        return f"tripeaks:presence:{{{public_id}}}:{kind}"  # braces: a game's keys share a Redis Cluster slot

    def _keys(self, public_id: str) -> list[str]:
        return [self._key(public_id, kind) for kind in page_kinds()]

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
            self._clients[loop] = client, client.register_script(COUNT_PRESENT)
        return self._clients[loop]

    def audience(self, public_id: str) -> Audience:
        return self._audience(self._count(keys=self._keys(public_id), args=[time.time()]))

    async def count(self, public_id: str) -> Audience:
        _, count = self._client()
        return self._audience(await count(keys=self._keys(public_id), args=[time.time()]))

    @staticmethod
    def _audience(counts: list[int]) -> Audience:
        """COUNT_PRESENT's answer: one count per page kind, in ``page_kinds()`` order."""
        return Audience.from_counts(dict(zip(page_kinds(), counts, strict=True)))

    async def mark(self, public_id: str, kind: str, channel: str) -> None:
        key, now = self._key(public_id, kind), time.time()
        client, _ = self._client()
        pipe = client.pipeline(transaction=False)
        pipe.zadd(key, {channel: now + PRESENCE_TTL})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.expire(key, int(PRESENCE_TTL) + 1)  # the whole set goes once its last page has expired
        await pipe.execute()

    async def leave(self, public_id: str, kind: str, channel: str) -> None:
        client, _ = self._client()
        await client.zrem(self._key(public_id, kind), channel)


@cache
def store() -> Presence:
    return RedisPresence(settings.REDIS_URL, settings.REDIS_TIMEOUT) if settings.REDIS_URL else MemoryPresence()
