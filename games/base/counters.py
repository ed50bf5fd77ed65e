"""Counts kept in the cache, which fail open: the abuse limits' attempts (games/web/limits.py, and the live
sockets' in games/live/consumers.py) and the solver's time (games/solver/budget.py).

django-ratelimit counts the attempts in the default cache (Redis when configured: every process counts
together), in fixed windows. A cache that fails (Redis down or frozen: each call gives up after
``REDIS_TIMEOUT``) lets everything through: limiting is worth less than the game going on. The failure is
logged once, and the counts leave the cache alone for ``QUIET_AFTER_TROUBLE`` seconds, so that a frozen Redis
costs one request one timeout, not every request.

The client's address is counted by ``address_block``: an IPv6 address by its /64, which one household or
phone holds.
"""

import ipaddress
import logging
import re
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django_ratelimit.core import get_usage

from games.base import metrics
from games.base.breakers import CircuitBreaker
from games.base.trouble import REDIS_TROUBLE

logger = logging.getLogger(__name__)

QUIET_AFTER_TROUBLE = 10.0  # seconds the counts leave a failed cache alone

cache_health = CircuitBreaker(
    "cache",
    QUIET_AFTER_TROUBLE,
    "abuse limits off: the cache is unavailable (%s); requests go through",
    "abuse limits on again: the cache answers",
    logger,
)


def address_block(address: str | None) -> str | None:
    """The client's address as counted: an IPv6 one by its /64 network, an IPv4 one however it came (a
    dual-stack socket gives it as ``::ffff:a.b.c.d``); None if there is none (a Unix socket) or it is no address."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    network = ipaddress.ip_network(f"{ip}/{64 if ip.version == 6 else 32}", strict=False)
    return f"ip:{network.network_address}"


# An address's bound is shared by its players and firm: past this part of it, a player past their fair share is
# refused; past all of it, everyone.
SHARES_FROM = 0.5
VISITORS = "visitors"  # the visitors who own no player yet: one share between them, not counted as a player
PERIOD_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def count_attempt(counted: list[tuple[str, str | None]], *, shared: bool = False) -> int:
    """Count one attempt on each (rate setting, key) that applies, in order, up to the first past its rate: the
    seconds to wait then, else 0. The counters after it are not counted (a player refused is not counted on their
    address). With ``shared``, the first counts a player and the last their address, whose bound is shared fairly
    (``_count_shared``). The last second of a window still counts in it (django-ratelimit), hence the second added."""

    def count() -> int:
        for place, (setting, value) in enumerate(counted):
            rate = getattr(settings, setting)
            if value is None or rate is None:
                continue
            if shared and place == len(counted) - 1:
                return _count_shared(setting, value, rate, counted[0][1])
            usage = get_usage(None, group=setting, key=_fixed(value), rate=rate, increment=True)
            if usage and usage["should_limit"]:
                return _refused(setting, usage)
        return 0

    return in_cache(count) or 0


def _count_shared(setting: str, address: str, rate: str, player: str | None) -> int:
    """Count an attempt on an address's bound, which its players share: up to ``SHARES_FROM`` of it, anyone is
    served; past that, a player within their fair share, and no one past the whole bound. A fair share is the bound
    over the address's players (``_players``) and one more, the share of a player yet to come, whom those already
    counted cannot crowd out; a player alone at the address has all of it. Visitors with no player of their own (no
    game yet, or their cookies dropped) share one share, as one player, without counting as one: a class opening
    the site together, or a client starting afresh, whose first request is a visitor's and the next its player's.
    A player's attempts are counted in the address's own window (one key value, one window: django-ratelimit), so
    that a share is of the window it is spent in. An attempt refused is not counted on the address, so that players
    refused on and on never spend a neighbour's share."""
    spent = get_usage(None, group=setting, key=_fixed(address), rate=rate, increment=False)
    if not spent:
        return 0
    mine = get_usage(None, group=f"{setting}:{player or VISITORS}", key=_fixed(address), rate=rate, increment=True)
    mine_count = int(mine["count"]) if mine else 1
    players = _players(setting, address, spent, new=mine_count == 1 and player is not None)
    within_share = players == 1 or mine_count * (players + 1) <= spent["limit"]
    if spent["count"] >= spent["limit"] * (1 if within_share else SHARES_FROM):
        return _refused(setting, spent)
    get_usage(None, group=setting, key=_fixed(address), rate=rate, increment=True)
    return 0


def _players(setting: str, address: str, spent: dict[str, Any], *, new: bool) -> int:
    """The players counted at the address in its window (one more if ``new``), or in the window before if they
    were more: players who come back in a burst as a window opens find their shares already cut to the players
    about, and a neighbour who comes a few seconds later finds their share still there."""
    period = rate_of(setting)[1]
    window = (int(time.time()) + int(spent["time_left"])) // period
    now, before = (f"{settings.RATELIMIT_CACHE_PREFIX}players:{setting}:{address}:{w}" for w in (window, window - 1))
    if new:
        cache.add(now, 0, timeout=2 * period + 1)
        cache.incr(now)
    counted = cache.get_many([now, before])
    return max([1, *(int(count) for count in counted.values())])


def rate_of(setting: str) -> tuple[int, int]:
    """A rate setting's count and its window's length in seconds (``60/10m``: 60 in 600 s)."""
    found = re.fullmatch(r"(\d+)/(\d*)([smhd])", getattr(settings, setting))
    assert found, setting  # noqa: S101 (settings.envrate checked it)
    count, periods, unit = found.groups()
    return int(count), int(periods or 1) * PERIOD_SECONDS[unit]


def _refused(setting: str, usage: dict[str, Any]) -> int:
    metrics.count_inc(metrics.LIMITS_HIT, setting)
    return int(usage["time_left"]) + 1


def in_cache[T](call: Callable[[], T]) -> T | None:
    """``call``'s answer, or None while the cache is resting after a failure, or if it fails now."""
    if cache_health.resting():
        return None
    try:
        answer = call()
    except REDIS_TROUBLE as error:
        cache_health.failed(error)
        return None
    cache_health.answered()
    return answer


def _fixed(value: str) -> Callable[[str, None], str]:
    """A django-ratelimit key function that gives ``value``: the key is computed before (its None skips it)."""
    return lambda _group, _request: value
