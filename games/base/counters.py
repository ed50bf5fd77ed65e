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
from collections.abc import Callable
from typing import Any

from django.conf import settings
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


# An address's bound is shared by its players: past it, a player still within their fair share of it (the bound
# over the players counted at the address in its window) is served, up to ADDRESS_CEILING times the bound: a bound
# on a flood of fresh tokens, each with a share of its own.
ADDRESS_CEILING = 2


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
    """Count an attempt on an address's bound, which its players share: past it, a player's attempt within their
    fair share (the bound over the players counted at the address) is served, up to ``ADDRESS_CEILING`` times the
    bound; another's is refused, and a visitor with no player of their own has no share. The player's attempts and
    the players are counted in the address's own window (one key value, one window: django-ratelimit), so that a
    share is of the window it is spent in. An attempt refused is not counted on the address, so that players
    refused on and on never spend a neighbour's share."""

    def count(group: str, increment: bool) -> int:
        found = get_usage(None, group=group, key=_fixed(address), rate=rate, increment=increment)
        return int(found["count"]) if found else 0

    spent = get_usage(None, group=setting, key=_fixed(address), rate=rate, increment=False)
    if not spent:
        return 0
    within_share = False
    if player is not None:
        mine = count(f"{setting}:{player}", increment=True)
        players = count(f"{setting}:players", increment=mine == 1)
        within_share = mine * max(1, players) <= spent["limit"]
    if spent["count"] >= spent["limit"] * (ADDRESS_CEILING if within_share else 1):
        return _refused(setting, spent)
    count(setting, increment=True)
    return 0


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
