"""One player's requests take turns: at most one runs at a time in a process, the others wait for it in the event
loop, holding no request thread; and one client address runs at most ``TURNS_PER_ADDRESS`` at once, whatever its
players.

The request threads share one interpreter lock: a player asking on several connections at once (within their
limits: ``LIMIT_PAGES_PER_PLAYER``, the moves', Teach me's) would hold as many threads' shares of it, and every other
player's move would wait behind them all. In turns they hold one, and the moves of others share the lock with that
one alone. A request takes 3 to 15 ms, so a player's tap waits for their own page's read no longer than that.

A request counts as its player (games/players.py, ``player_key``) where its session cookie is one this process has
seen to be a player's (``session_player``: no session is read here, before Django), else as its address. A shared
address (a school, an office, a mobile carrier) is many players, each in turns of their own, so that one of them
reading on and on holds up only their own requests; a client without a cookie, with a new one each time or one made
up is its address, in one turn. An address's players together hold at most ``TURNS_PER_ADDRESS`` threads, however
many sessions one client keeps, and a turn of the address goes first to the player waiting who has had the fewest
(``Turns``): a neighbour's tap waits for no queue of a flooder's reads.

Static files and health checks never wait. A request waits at most ``TURN_WAIT`` for its turns: one that hangs (a
database that does not answer) holds up the next ones no longer than that.
Measured by bench/page_flood.py and bench/solver_attack.py (docs/reliability.md).
"""

import asyncio
import collections
import heapq
import itertools
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie

from games.base.counters import address_block
from games.players import session_player

TURN_WAIT = 0.5  # seconds a request waits for its turns, then runs beside them
TURNS_PER_ADDRESS = 2  # requests of one address at once: one player's, and a neighbour's beside it
UNTURNED_PREFIXES = ("/static/", "/health/")

Turn = tuple[str, str]  # ("player", its key) or ("address", its key): how many may run at once, and whose


class Turns:
    """``size`` requests at once; a request that has to wait goes before those of players who have had more turns
    while these were busy, so that a player asking now and then is not queued behind neighbours asking on and on.
    One player's own turns (``size`` 1) are taken in the order asked."""

    def __init__(self, size: int) -> None:
        self.free = size
        self.users = 0  # requests holding or waiting for these turns: forgotten at none
        self.given: collections.Counter[str] = collections.Counter()  # turns each player had, while any was used
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (turns had, arrival, waiter): a heap
        self._arrivals = itertools.count()

    async def take(self, player: str) -> None:
        if self.free and not self._waiting:
            self.free -= 1
        else:
            waiter = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (self.given[player], next(self._arrivals), waiter))
            try:
                await waiter
            except asyncio.CancelledError:  # waited too long; a turn handed on meanwhile goes to the next
                if waiter.done() and not waiter.cancelled():
                    self.give_back()
                raise
        self.given[player] += 1

    def give_back(self) -> None:
        while self._waiting:
            waiter = heapq.heappop(self._waiting)[2]
            if not waiter.done():
                waiter.set_result(None)
                return
        self.free += 1


class PlayerTurns:
    """ASGI middleware: the requests of one player (but ``UNTURNED_PREFIXES``) run one at a time, and those of one
    address ``TURNS_PER_ADDRESS`` at a time, the least served player first."""

    def __init__(self, app: Any) -> None:
        self.app = app
        # Per event loop (a future belongs to one): each player's and address's turns, while any request wants them.
        self._turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Turn, Turns]]
        self._turns = weakref.WeakKeyDictionary()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        turns = self._turns_of(scope)
        if not turns:
            await self.app(scope, receive, send)
            return
        async with self._taken(turns):
            await self.app(scope, receive, send)

    @staticmethod
    def _turns_of(scope: dict[str, Any]) -> tuple[Turn, ...]:
        """The request's player's turn, then its address's; none for a request unturned or without an address."""
        if scope.get("path", "").startswith(UNTURNED_PREFIXES):
            return ()
        client = scope.get("client")
        address = address_block(client[0] if client else None)
        if address is None:
            return ()
        player = session_player(session_cookie(scope)) or address
        return ("player", player), ("address", address)

    @asynccontextmanager
    async def _taken(self, wanted: tuple[Turn, ...]) -> AsyncIterator[None]:
        every = self._turns.setdefault(asyncio.get_running_loop(), {})
        player = wanted[0][1]
        for turn in wanted:
            every.setdefault(turn, Turns(TURNS_PER_ADDRESS if turn[0] == "address" else 1)).users += 1
        held: list[Turn] = []
        try:
            with suppress(TimeoutError):
                async with asyncio.timeout(TURN_WAIT):
                    for turn in wanted:
                        await every[turn].take(player)
                        held.append(turn)
            yield
        finally:
            for turn in held:
                every[turn].give_back()
            for turn in wanted:
                every[turn].users -= 1
                if not every[turn].users:
                    del every[turn]


def session_cookie(scope: dict[str, Any]) -> str | None:
    """The session cookie's value, as the request sends it."""
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            return parse_cookie(value.decode("latin-1")).get(settings.SESSION_COOKIE_NAME)
    return None
