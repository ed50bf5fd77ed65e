"""One client address's requests take turns: at most one runs at a time in a process, the others wait for it in
the event loop, holding no request thread.

The request threads share one interpreter lock: an address asking on several connections at once (within its
limits: ``LIMIT_PAGES_PER_IP``, the moves', Teach me's) would hold as many threads' shares of it, and every other
player's move would wait behind them all. In turns it holds one, and the moves of others share the lock with that
one alone. A request takes 3 to 15 ms, so a player's tap waits for their own page's read no longer than that.
Static files and health checks never wait. A request waits at most ``TURN_WAIT`` for its turn: one that hangs (a
database that does not answer) holds up the address's next ones no longer than that.
Measured by bench/page_flood.py and bench/solver_attack.py (docs/reliability.md).
"""

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

from games.base.counters import address_block

TURN_WAIT = 0.5  # seconds a request waits for its address's turn, then runs beside it
UNTURNED_PREFIXES = ("/static/", "/health/")


class AddressTurns:
    """ASGI middleware: the requests of one address (but ``UNTURNED_PREFIXES``) run one at a time."""

    def __init__(self, app: Any) -> None:
        self.app = app
        # Per event loop (a lock belongs to one): the address's lock and how many hold or wait for it.
        self._turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, tuple[asyncio.Lock, int]]]
        self._turns = weakref.WeakKeyDictionary()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        address = self._turned(scope)
        if address is None:
            await self.app(scope, receive, send)
            return
        async with self._turn(address):
            await self.app(scope, receive, send)

    @staticmethod
    def _turned(scope: dict[str, Any]) -> str | None:
        if scope.get("path", "").startswith(UNTURNED_PREFIXES):
            return None
        client = scope.get("client")
        return address_block(client[0] if client else None)

    @asynccontextmanager
    async def _turn(self, address: str) -> AsyncIterator[None]:
        turns = self._turns.setdefault(asyncio.get_running_loop(), {})
        lock, users = turns.get(address, (asyncio.Lock(), 0))
        turns[address] = (lock, users + 1)
        held = False
        try:
            with suppress(TimeoutError):
                async with asyncio.timeout(TURN_WAIT):
                    await lock.acquire()
                    held = True
            yield
        finally:
            if held:
                lock.release()
            lock, users = turns[address]
            if users == 1:
                del turns[address]
            else:
                turns[address] = (lock, users - 1)
