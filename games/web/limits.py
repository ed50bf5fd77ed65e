"""Abuse limits: how many new games, moves, hints, live sockets and log-in or sign-up attempts one player, game,
account or client address may make in a while (settings.py, ``LIMIT_*``; docs/configuration.md says why each is safe).

Each view's counters are counted in the cache (games/base/counters.py, which fails open). An attempt past a
limit changes nothing: the view does not run, and the answer is 429 with ``Retry-After`` (the end of the
window), in the player's language, through failures.py: a page, or for htmx the ``#notice`` region that
static/js/errors.js shows. A live socket past its limit is closed (games/live/consumers.py).

Each limit counts a player (``by_player``: their account or token; a visitor who owns nothing yet, none) and, more
loosely, their address, whatever its players (``by_address``): a shared address (a school, an office, a mobile
carrier) is many players, and one of them flooding is refused alone, while one client's many connections or a flood
of fresh tokens still meets the address's bound. The address's bound is firm and shared fairly
(games/base/counters.py, ``count_attempt``): past half of it, only a player within their fair share of it (the
bound over the address's players and one to come) is served; and an attempt refused is not counted on the
address's, so that flooders refused on and on never spend a neighbour's share.
Attempts to log in, sign up or change a password are not players' (the narrower counter is the account they name):
their address's bound is firm.

The client's address is ``REMOTE_ADDR`` (the WebSocket scope's ``client``): behind nginx, daphne
``--proxy-headers`` takes it from the ``X-Forwarded-For`` that nginx overwrites (deploy/); a header a
client sends is never read here.
"""

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any, cast

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.base import counters
from games.players import player_key, remember_session
from games.solver.budget import PARS_BUDGET, SolverBudget
from games.web.failures import DATABASE_ERRORS, failure_response, way_back
from games.web.http import SiteRequest

# Whose attempts a counter counts, from the request and the view's arguments; None: not this request's.
Key = Callable[[SiteRequest, Mapping[str, Any]], str | None]


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
    shared: bool = True  # the first counter counts a player, the last their address, shared fairly


def by_address(request: SiteRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    return counters.address_block(request.META.get("REMOTE_ADDR"))


def by_player(request: SiteRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    """The player (games/players.py, ``player_key``); None for a visitor who owns nothing yet, whom the address's
    looser bound alone counts: first visitors behind one address (a class opening the site) are many players, and
    one client dropping its cookies to start afresh is still its address. The session is remembered as the
    player's, so that the request turns count its next requests as the limits do."""
    player = request.player
    remember_session(request.session.session_key, player)
    return player_key(player)


def solver_budget(request: SiteRequest) -> SolverBudget:
    """The solver's time of the request's player and address, counted as the limits count them."""
    return SolverBudget(player_key(request.player), by_address(request, {}))


def par_budget(request: SiteRequest) -> SolverBudget:
    """The pars' time of the request's player and address (games/solver/budget.py, ``PARS_BUDGET``)."""
    return SolverBudget(player_key(request.player), by_address(request, {}), PARS_BUDGET)


def by_game_and_asker(request: SiteRequest, view_kwargs: Mapping[str, Any]) -> str | None:
    """The game, for one player (or one address): a watcher asking again and again spends only their own hints."""
    asker = by_player(request, view_kwargs) or by_address(request, view_kwargs)
    return f"game:{view_kwargs['public_id']}:{asker}" if asker else None


def by_account_and_address(request: SiteRequest, view_kwargs: Mapping[str, Any]) -> str | None:
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
JOIN_CODES = Limits(  # a code tried: so that nobody walks the codes of the rooms waiting for players
    (Counter("LIMIT_JOIN_CODES_PER_PLAYER", by_player), Counter("LIMIT_JOIN_CODES_PER_IP", by_address)),
    gettext_lazy("You have tried many challenge codes in a short time."),
    methods=frozenset({"GET"}),
)
JOINS = Limits(
    (Counter("LIMIT_JOINS_PER_PLAYER", by_player), Counter("LIMIT_JOINS_PER_IP", by_address)),
    gettext_lazy("You have joined many challenges in a short time."),
)
SIGN_INS = Limits(
    (Counter("LIMIT_SIGN_INS_PER_ACCOUNT", by_account_and_address), Counter("LIMIT_SIGN_INS_PER_IP", by_address)),
    gettext_lazy("Too many attempts to log in or sign up."),
    shared=False,
)
PASSWORDS = Limits(  # a change checks the old password (hashing), a reset sends a mail: counted as sign-ins
    SIGN_INS.counters,
    gettext_lazy("Too many attempts to change or reset a password."),
    shared=False,
)
PAGES = Limits(  # every page read (PageReadsLimit), a view's own limits besides
    (Counter("LIMIT_PAGES_PER_PLAYER", by_player), Counter("LIMIT_PAGES_PER_IP", by_address)),
    gettext_lazy("You have opened many pages in a short time."),
    methods=frozenset({"GET", "HEAD"}),
)
UNCOUNTED_PATHS = (
    "/health/",
    "/metrics",
)  # what a monitor asks for: never refused (static files are answered before this)


class PageReadsLimit:
    """Middleware: past ``LIMIT_PAGES_PER_PLAYER`` reads of one player or ``LIMIT_PAGES_PER_IP`` from one address
    (pages, regions, replays, the leaderboard, Teach me and verdicts alike), 429 in the player's language, and the
    view does not run."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in PAGES.methods and request.path not in UNCOUNTED_PATHS:
            request = cast(SiteRequest, request)
            try:
                counted = [(each.setting, each.key(request, {})) for each in PAGES.counters]
                wait = counters.count_attempt(counted, shared=PAGES.shared)
            except DATABASE_ERRORS:  # the session unreadable: uncounted, the view meets the outage and answers it
                wait = 0
            if wait:
                return too_many(request, PAGES.message, wait)
        return self.get_response(request)


def limited[**P, R: HttpResponseBase](limits: Limits) -> Callable[[Callable[P, R]], Callable[P, R | HttpResponse]]:
    """Decorate a view: past any of ``limits``' counters it answers 429 and does not run."""

    def decorate(view: Callable[P, R]) -> Callable[P, R | HttpResponse]:
        @wraps(view)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> R | HttpResponse:
            request = args[0]
            assert isinstance(request, HttpRequest)  # noqa: S101 (a view's first argument)
            request = cast(SiteRequest, request)
            if request.method in limits.methods:
                counted = [(counter.setting, counter.key(request, kwargs)) for counter in limits.counters]
                wait = counters.count_attempt(counted, shared=limits.shared)
                if wait:
                    return too_many(request, limits.message, wait)
            return view(*args, **kwargs)

        return guarded

    return decorate


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
