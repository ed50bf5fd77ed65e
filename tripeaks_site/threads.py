"""Each HTTP request's synchronous code (middleware, view) on one of a fixed set of reused threads.

Django's ASGI handler gives every request a thread of its own, started for it and stopped after it,
and Django keeps database connections per thread: so every request that touches the database
opened and closed a connection (with PostgreSQL, a new server process each time), and persistent
connections (CONN_MAX_AGE) could not work — each dead thread left its connection behind. Here a
request borrows an idle worker (a one-thread executor) for its whole life, so a thread keeps its
connection from one request to the next, and a process holds at most ``threads`` connections.
"""

import asyncio
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext

Scope = dict[str, Any]


class ReusedThreads:
    """ASGI middleware: at most ``threads`` requests run their sync code at once; the others wait their turn."""

    def __init__(self, app: Any, threads: int) -> None:
        self.app = app
        self.threads = threads
        # Per event loop (a queue belongs to one): daphne has one, a test may start several.
        self._idle: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.LifoQueue[ThreadPoolExecutor]]
        self._idle = weakref.WeakKeyDictionary()

    def _workers(self) -> "asyncio.LifoQueue[ThreadPoolExecutor]":
        loop = asyncio.get_running_loop()
        if loop not in self._idle:
            idle: asyncio.LifoQueue[ThreadPoolExecutor] = asyncio.LifoQueue()  # last in, first out: warm threads
            for number in range(self.threads):
                idle.put_nowait(ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"request-{number}"))
            self._idle[loop] = idle
        return self._idle[loop]

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        idle = self._workers()
        worker = await idle.get()
        try:
            # Django's handler enters a context of its own too; inside this one, that is a no-op.
            async with ThreadSensitiveContext(executor=worker):
                await self.app(scope, receive, send)
        finally:
            idle.put_nowait(worker)
