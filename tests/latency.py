"""A TCP proxy that delays every byte by half a round trip each way, as a slow network does: HTTP, WebSocket
frames and the pongs a browser sends below page script alike (DevTools' network emulation delays requests,
not a socket's frames). Order is kept; nothing is dropped.

    with delayed(server_url, round_trip=0.4) as url: ...   # url reaches the server through the proxy

The proxy runs on a thread of its own with its own event loop, so that Playwright's sync API and the
benches can use it as they use the server.
"""

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from urllib.parse import urlsplit

CHUNK = 65536


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    """Forward what ``reader`` gives to ``writer``, each chunk ``delay`` seconds after it came."""
    pending: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def forward() -> None:
        while True:
            due, data = await pending.get()
            if not data:
                break
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            writer.write(data)
            await writer.drain()

    forwarding = asyncio.create_task(forward())
    try:
        while data := await reader.read(CHUNK):
            pending.put_nowait((time.monotonic() + delay, data))
    except ConnectionError:
        pass
    pending.put_nowait((time.monotonic() + delay, b""))
    with contextlib.suppress(ConnectionError):
        await forwarding
        writer.close()


async def _serve(target: tuple[str, int], delay: float, ready: "Future[int]", stop: asyncio.Event) -> None:
    async def connection(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection(*target)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(_pipe(client_reader, server_writer, delay), _pipe(server_reader, client_writer, delay))

    server = await asyncio.start_server(connection, "127.0.0.1", 0)
    ready.set_result(server.sockets[0].getsockname()[1])
    async with server:
        await stop.wait()
        # The connections still open (a page's socket) end with the proxy: none is left pending.
        server.close_clients()
        pending = asyncio.all_tasks() - {asyncio.current_task()}
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)


@contextlib.contextmanager
def delayed(url: str, round_trip: float) -> Iterator[str]:
    """The address of a proxy to ``url``'s server that adds ``round_trip`` seconds to each round trip."""
    parts = urlsplit(url)
    assert parts.hostname and parts.port
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    ready: Future[int] = Future()
    thread = threading.Thread(
        target=loop.run_until_complete,
        args=(_serve((parts.hostname, parts.port), round_trip / 2, ready, stop),),
        daemon=True,
    )
    thread.start()
    port = ready.result(10)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
