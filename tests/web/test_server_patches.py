"""The server's patches (tripeaks_site/server/): what each does, and that the libraries still do what it relies on."""

import asyncio
import socket
import threading
from collections.abc import Iterator

import pytest
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.http import HttpRequest, HttpResponse
from twisted.internet import tcp

from tripeaks_site.server import eager_writes
from tripeaks_site.server.threads import ReusedThreads


class PullProducer:
    def __init__(self) -> None:
        self.asked = 0

    def resumeProducing(self) -> None:  # Twisted's name
        self.asked += 1


class Reactor:
    """Records which connections ask to be told when their socket can take more."""

    def __init__(self) -> None:
        self.writers: list[tcp.Connection] = []

    def addWriter(self, writer: tcp.Connection) -> None:  # Twisted's name
        self.writers.append(writer)


@pytest.fixture
def sockets() -> Iterator[tuple[tcp.Connection, socket.socket, Reactor]]:
    """A connection on one end of a socket pair (with a small send buffer), the other end, and its reactor."""
    eager_writes.install()
    ours, theirs = socket.socketpair()
    ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    theirs.setblocking(False)  # what has not been sent is not waited for
    reactor = Reactor()
    connection = tcp.Connection(ours, None, reactor)
    connection.connected = True
    yield connection, theirs, reactor
    ours.close()
    theirs.close()


def test_a_write_to_an_idle_connection_is_sent_at_once(sockets: tuple[tcp.Connection, socket.socket, Reactor]) -> None:
    connection, theirs, reactor = sockets
    connection.write(b"a frame")
    assert theirs.recv(100) == b"a frame"
    assert reactor.writers == []  # no turn of the reactor needed


def test_what_the_socket_does_not_take_waits_for_the_reactor(
    sockets: tuple[tcp.Connection, socket.socket, Reactor],
) -> None:
    connection, _, reactor = sockets
    data = bytes(range(256)) * 4096  # 1 MB: more than the socket's buffers hold
    connection.write(data)
    waiting = b"".join(connection._tempDataBuffer)
    assert 0 < len(waiting) < len(data)
    assert data.endswith(waiting)
    assert reactor.writers == [connection]
    connection.write(b"after")  # behind what waits, never before it
    assert connection._tempDataBuffer[-1] == b"after"
    assert reactor.writers == [connection, connection]


def test_a_pull_producer_still_waits_for_the_flush(sockets: tuple[tcp.Connection, socket.socket, Reactor]) -> None:
    connection, _, reactor = sockets
    connection.registerProducer(PullProducer(), False)
    connection.write(b"a chunk")
    assert connection._tempDataBuffer == [b"a chunk"]
    assert reactor.writers == [connection]


def test_requests_take_turns_on_a_fixed_set_of_threads() -> None:
    """So that each thread keeps its database connection from one request to the next."""
    seen: list[int] = []

    def view(request: HttpRequest | None = None) -> HttpResponse:
        seen.append(threading.get_ident())
        return HttpResponse()

    async def app(scope: object, receive: object, send: object) -> None:
        async with ThreadSensitiveContext():  # as Django's ASGI handler does: alone, a new thread each time
            await sync_to_async(view)()

    threads = ReusedThreads(app, threads=2)

    async def many() -> None:
        await asyncio.gather(*(threads({"type": "http"}, None, None) for _ in range(10)))

    asyncio.run(many())
    assert len(seen) == 10
    assert len(set(seen)) <= 2
    assert threading.get_ident() not in seen
