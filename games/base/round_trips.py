"""Each game's network round trip to its player's page, as the server measured it: the player's socket is
pinged by the server (tripeaks_site/server/round_trips.py), its consumer keeps each round trip here
(games/live/consumers.py), and each action reads it for the clock (``GameRecord.charge_network``).

Kept in the cache, which every server process shares under Redis: an action may reach another process than
the socket. The last ``KEPT`` round trips are kept for ``KEPT_FOR`` seconds, and an action reads their
largest (a network's round trip varies; what a client could gain by it is bounded in
docs/levels.md, "A person's pace"). The cache unreachable, the clock gives nothing back: the game goes on.
"""

from django.core.cache import cache

from games.base.counters import cache_health, in_cache
from games.base.trouble import REDIS_TROUBLE

KEPT = 3
KEPT_FOR = 60  # seconds: a page pings every few seconds while open


def _key(public_id: str) -> str:
    return f"round-trip:{public_id}"


async def heard(public_id: str, seconds: float) -> None:
    """One more round trip measured to ``public_id``'s player."""
    if cache_health.resting():
        return
    try:
        kept: list[float] = await cache.aget(_key(public_id)) or []
        await cache.aset(_key(public_id), [*kept[1 - KEPT :], round(seconds, 4)], KEPT_FOR)
    except REDIS_TROUBLE as error:
        cache_health.failed(error)


def latest(public_id: str) -> float:
    """The largest of the last round trips measured to the game's player, in seconds; 0 when none is known."""
    kept: list[float] | None = in_cache(lambda: cache.get(_key(public_id)))
    return max(kept) if kept else 0.0
