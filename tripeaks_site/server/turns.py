"""One player's requests take turns: at most one runs at a time in a process, the others wait for it in the event
loop, holding no request thread; and one client address runs at most ``TURNS_PER_ADDRESS`` at once, whatever its
players.

The request threads share one interpreter lock: a player asking on several connections at once (within their
limits: ``LIMIT_PAGES_PER_PLAYER``, the moves', Teach me's) would hold as many threads' shares of it, and every other
player's move would wait behind them all. In turns they hold one, and the moves of others share the lock with that
one alone. A request takes 3 to 15 ms, so a player's tap waits for their own page's read no longer than that.

A request counts as the limits count it (games/players.py, ``client_key``): its player where its session cookie is
one this process has seen to be a player's (``session_player``: no session is read here, before Django), else its
address. A shared address (a school, an office, a mobile carrier) is many players, each in turns of their own, so
that one of them reading on and on holds up only their own requests; a client without a cookie, with a new one each
time or one made up is its address, in one turn; and an address's players together hold at most
``TURNS_PER_ADDRESS`` threads, however many sessions one client keeps.

Static files and health checks never wait. A request waits at most ``TURN_WAIT`` for its turns: one that hangs (a
database that does not answer) holds up the next ones no longer than that.
Measured by bench/page_flood.py and bench/solver_attack.py (docs/reliability.md).
"""

import asyncio
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


class PlayerTurns:
    """ASGI middleware: the requests of one player (but ``UNTURNED_PREFIXES``) run one at a time, and those of one
    address ``TURNS_PER_ADDRESS`` at a time."""

    def __init__(self, app: Any) -> None:
        self.app = app
        # Per event loop (a semaphore belongs to one): each turn's semaphore and how many hold or wait for it.
        self._turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Turn, tuple[asyncio.Semaphore, int]]]
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
        turns = self._turns.setdefault(asyncio.get_running_loop(), {})
        for turn in wanted:
            size = TURNS_PER_ADDRESS if turn[0] == "address" else 1
            semaphore, users = turns.get(turn, (asyncio.Semaphore(size), 0))
            turns[turn] = (semaphore, users + 1)
        held: list[Turn] = []
        try:
            with suppress(TimeoutError):
                async with asyncio.timeout(TURN_WAIT):
                    for turn in wanted:
                        await turns[turn][0].acquire()
                        held.append(turn)
            yield
        finally:
            for turn in held:
                turns[turn][0].release()
            for turn in wanted:
                semaphore, users = turns[turn]
                if users == 1:
                    del turns[turn]
                else:
                    turns[turn] = (semaphore, users - 1)


def session_cookie(scope: dict[str, Any]) -> str | None:
    """The session cookie's value, as the request sends it."""
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            return parse_cookie(value.decode("latin-1")).get(settings.SESSION_COOKIE_NAME)
    return None
