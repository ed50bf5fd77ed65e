"""Abuse limits: how many new games, moves, hints, live sockets and log-in or sign-up attempts one player, game,
account or client address may make in a while (settings.py, ``LIMIT_*``; docs/configuration.md says why each is safe).

django-ratelimit counts the attempts in the default cache (Redis when configured: every process counts
together), in fixed windows. An attempt past a limit changes nothing: the view does not run, and the
answer is 429 with ``Retry-After`` (the end of the window), in the player's language, through
failures.py: a page, or for htmx the ``#notice`` region that static/js/errors.js shows. A live socket
past its limit is closed with ``TOO_MANY`` just after it is accepted.

The client's address is ``REMOTE_ADDR`` (the WebSocket scope's ``client``): behind nginx, daphne
``--proxy-headers`` takes it from the ``X-Forwarded-For`` that nginx overwrites (deploy/); a header a
client sends is never read here. An IPv6 address counts by its /64, which one household or phone holds.

A cache that fails (Redis down or frozen: each call gives up after ``REDIS_TIMEOUT``) lets everything
through: limiting is worth less than the game going on. The failure is logged once, and the limits
leave the cache alone for ``QUIET_AFTER_TROUBLE`` seconds, so that a frozen Redis costs one request
one timeout, not every request.
"""

import ipaddress
import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_ratelimit.core import get_usage

from games.live.seats import REDIS_TROUBLE
from games.store.players import Player
from games.web.breakers import CircuitBreaker
from games.web.failures import failure_response, way_back

logger = logging.getLogger(__name__)

TOO_MANY = 4429  # a live socket's close code past its limit, after HTTP's 429: the page tries again later
QUIET_AFTER_TROUBLE = 10.0  # seconds the limits leave a failed cache alone

# Whose attempts a counter counts, from the request and the view's arguments; None: not this request's.
Key = Callable[[HttpRequest, Mapping[str, Any]], str | None]


@dataclass(frozen=True)
class Counter:
    setting: str  # the setting that holds its rate, e.g. "LIMIT_NEW_GAMES_PER_IP"
    key: Key


@dataclass(frozen=True)
class Limits:
    """What a view counts: one attempt on each counter for each request of ``methods``."""

    counters: tuple[Counter, ...]
    message: Promise  # what the 429 says, before how long to wait
    methods: frozenset[str] = frozenset({"POST"})


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


def by_address(request: HttpRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    return address_block(request.META.get("REMOTE_ADDR"))


def by_player(request: HttpRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    """The account, or the anonymous player's token: a player with neither has no game yet (its IP counts)."""
    player = Player.of(request)
    if player.user_id is not None:
        return f"user:{player.user_id}"
    return f"player:{player.token}" if player.token else None


def by_game_and_asker(request: HttpRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    """The game, for one player (or one address): a watcher asking again and again spends only their own hints."""
    asker = by_player(request, view_kwargs) or by_address(request, view_kwargs)
    return f"game:{view_kwargs['public_id']}:{asker}" if asker else None


def by_account_and_address(request: HttpRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    """The account an attempt names (a log-in's or sign-up's user name in any case, a reset's e-mail, or the
    signed-in player changing their password), from this address: a guesser elsewhere cannot lock its owner out."""
    name = (request.POST.get("username") or request.POST.get("email") or "").strip().casefold()
    if not name and request.user.is_authenticated:
        name = f"#{request.user.pk}"
    address = by_address(request, view_kwargs)
    return f"name:{name}:{address}" if name and address else None


NEW_GAMES = Limits(
    (Counter("LIMIT_NEW_GAMES_PER_PLAYER", by_player), Counter("LIMIT_NEW_GAMES_PER_IP", by_address)),
    gettext_lazy("You have started many games in a short time."),
)
ACTIONS = Limits(  # taps, draws and undos: an undo and a draw can end a game again and again (games/solver/budget.py)
    (Counter("LIMIT_ACTIONS_PER_PLAYER", by_player), Counter("LIMIT_ACTIONS_PER_IP", by_address)),
    gettext_lazy("You have made many moves in a short time."),
)
HINTS = Limits(
    (Counter("LIMIT_HINTS_PER_GAME", by_game_and_asker), Counter("LIMIT_HINTS_PER_IP", by_address)),
    gettext_lazy("You have asked for many hints in a short time."),
    methods=frozenset({"GET"}),
)
ROOMS = Limits(  # a level's challenge grades a deal: counted on the solver's budget too
    (Counter("LIMIT_ROOMS_PER_PLAYER", by_player), Counter("LIMIT_ROOMS_PER_IP", by_address)),
    gettext_lazy("You have made many challenges in a short time."),
)
JOINS = Limits(
    (Counter("LIMIT_JOINS_PER_PLAYER", by_player), Counter("LIMIT_JOINS_PER_IP", by_address)),
    gettext_lazy("You have joined many challenges in a short time."),
)
SIGN_INS = Limits(
    (Counter("LIMIT_SIGN_INS_PER_ACCOUNT", by_account_and_address), Counter("LIMIT_SIGN_INS_PER_IP", by_address)),
    gettext_lazy("Too many attempts to log in or sign up."),
)
PASSWORDS = Limits(  # a change checks the old password (hashing), a reset sends a mail: counted as sign-ins
    SIGN_INS.counters,
    gettext_lazy("Too many attempts to change or reset a password."),
)


def limited[**P, R: HttpResponseBase](limits: Limits) -> Callable[[Callable[P, R]], Callable[P, R | HttpResponse]]:
    """Decorate a view: past any of ``limits``' counters it answers 429 and does not run."""

    def decorate(view: Callable[P, R]) -> Callable[P, R | HttpResponse]:
        @wraps(view)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> R | HttpResponse:
            request = args[0]
            assert isinstance(request, HttpRequest)
            if request.method in limits.methods:
                counted = [(counter.setting, counter.key(request, kwargs)) for counter in limits.counters]
                wait = count_attempt(counted)
                if wait:
                    return too_many(request, limits.message, wait)
            return view(*args, **kwargs)

        return guarded

    return decorate


def socket_refused(scope: Mapping[str, Any]) -> bool:
    """Whether a live socket from this address is past ``LIMIT_SOCKETS_PER_IP`` (counting it). Synchronous."""
    client = scope.get("client")
    return bool(count_attempt([("LIMIT_SOCKETS_PER_IP", address_block(client[0] if client else None))]))


def count_attempt(counted: list[tuple[str, str | None]]) -> int:
    """Count one attempt on each (rate setting, key) that applies: the seconds to wait if one is past its rate,
    else 0. The last second of a window still counts in it (django-ratelimit), hence the second added."""
    if cache_health.resting():
        return 0
    wait = 0
    try:
        for setting, value in counted:
            rate = getattr(settings, setting)
            if value is None or rate is None:
                continue
            usage = get_usage(None, group=setting, key=_fixed(value), rate=rate, increment=True)
            if usage and usage["should_limit"]:
                wait = max(wait, usage["time_left"] + 1)
    except REDIS_TROUBLE as error:
        cache_health.failed(error)
        return 0
    cache_health.answered()
    return wait


def _fixed(value: str) -> Callable[[str, None], str]:
    """A django-ratelimit key function that gives ``value``: the key is computed before (its None skips it)."""
    return lambda _group, _request: value


def too_many(request: HttpRequest, message: Promise, wait: int) -> HttpResponse:
    context = {
        "title": _("Too many requests"),
        "message": message,
        "advice": try_again_in(wait),
        "way_on": "wait",
        **way_back(request),
    }
    return failure_response(request, context, status=429, retry_after=wait)


def try_again_in(wait: int) -> str:
    """When to try again, in seconds under a minute (the moves' window is 10 s), else in whole minutes."""
    if wait < 60:
        return ngettext("Try again in %(seconds)d second.", "Try again in %(seconds)d seconds.", wait) % {
            "seconds": wait
        }
    minutes = math.ceil(wait / 60)
    return ngettext("Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes) % {
        "minutes": minutes
    }


# The limits' and the solver budget's (games/solver/budget.py): one cache.
cache_health = CircuitBreaker(
    QUIET_AFTER_TROUBLE,
    "abuse limits off: the cache is unavailable (%s); requests go through",
    "abuse limits on again: the cache answers",
    logger,
)
