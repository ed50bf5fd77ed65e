"""Each HTTP request's synchronous code (middleware, view) on one of a fixed set of reused threads.

Replaces, in Django, the thread per request of ``ASGIHandler.__call__``: it enters a fresh asgiref
``ThreadSensitiveContext``, whose thread-sensitive ``sync_to_async`` calls start a thread for the
request and stop it after. Django keeps database connections per thread, so every request that
touches the database opens a connection (with PostgreSQL, a new server process), and persistent ones
(CONN_MAX_AGE) pile up, one per dead thread. Here a request borrows an idle worker (a one-thread
executor, given to ``ThreadSensitiveContext(executor=...)``) for its whole life: a thread keeps its
connection from one request to the next, and a process holds at most ``threads`` connections.

Measured against Django's thread per request with CONN_MAX_AGE 0, as Django advises under ASGI
(bench/http_load.py, 50 players, 2 cores): 33% more moves per second on SQLite, 35% on PostgreSQL;
27% less server CPU per move on SQLite (docs/benchmarks.md, Server patches).

A client that leaves before its answer (a closed tab, a reload) is not told to Django: its handler would
cancel the request's task while the view's thread runs on (a thread cannot be stopped), then send
``request_finished`` to the thread's executor that the cancelled call leaves behind, which may have quit
("CurrentThreadExecutor already quit", an error in the log), and the announcements of what the view wrote would
be lost with it. The request ends as if the client were there: the answer goes nowhere, and nothing is lost.
"""

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]


def body_only(receive: Receive) -> Receive:
    """``receive`` for the request's body; past its end, a wait that only the handler's cancelling ends (it cancels
    its listener once the answer is sent), so that a client's leaving is never heard."""
    body_read = False

    async def receive_body() -> dict[str, Any]:
        nonlocal body_read
        if body_read:
            await asyncio.get_running_loop().create_future()  # never set
        message = await receive()
        body_read = message["type"] != "http.request" or not message.get("more_body", False)
        return message

    return receive_body


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
                await self.app(scope, body_only(receive), send)
        finally:
            idle.put_nowait(worker)
