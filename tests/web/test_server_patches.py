"""The server's patches (tripeaks_site/server/): what each does, and that the libraries still do what it
relies on. A test of the second kind fails with a message naming the library, what changed and the
patch to adapt (or drop, once the library does as well itself) before re-measuring it."""

import asyncio
import inspect
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path
from socket import SO_SNDBUF, SOL_SOCKET, socket, socketpair
from typing import Any, cast

import asgiref
import daphne
import django
import pytest
import twisted
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from autobahn.twisted.websocket import WebSocketAdapterProtocol
from autobahn.websocket.protocol import WebSocketProtocol as AutobahnProtocol
from daphne.endpoints import build_endpoint_description_strings
from daphne.ws_protocol import WebSocketProtocol
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import HttpRequest, HttpResponse
from django.test import override_settings
from django.urls import path
from twisted.internet import asyncioreactor, posixbase, ssl, tcp
from twisted.internet.interfaces import IProtocol, IReactorFDSet
from twisted.internet.protocol import Protocol

from tests.live_server import run_apart
from tripeaks_site.server import eager_writes, round_trips
from tripeaks_site.server.threads import ReusedThreads


def changed(library: str, what: str, patch: str, bench: str) -> str:
    return (
        f"{library} changed: {what}. tripeaks_site/server/{patch} relies on it: read the library's new code, "
        f"then adapt the patch (or drop it if the library now does as well) and re-measure it with {bench}."
    )


TWISTED = f"Twisted {twisted.__version__}"
TWISTED_CHANGED = {"library": TWISTED, "patch": "eager_writes.py", "bench": "bench/watch.py"}


# Eager writes: twisted.internet.tcp.Connection.write


class Producer:
    paused = 0

    def resumeProducing(self) -> None:  # Twisted's names; a pull producer is asked for more at once
        pass

    def pauseProducing(self) -> None:
        self.paused += 1


class Reactor:
    """Records which connections ask to be told when their socket can take more."""

    def __init__(self) -> None:
        self.writers: list[tcp.Connection] = []

    def addWriter(self, writer: tcp.Connection) -> None:  # Twisted's names
        if writer not in self.writers:  # as a reactor's set of writers
            self.writers.append(writer)

    def removeWriter(self, writer: tcp.Connection) -> None:
        self.writers.remove(writer)

    def addReader(self, reader: tcp.Connection) -> None:
        pass

    def removeReader(self, reader: tcp.Connection) -> None:
        pass


Sockets = tuple[tcp.Server, socket, Reactor]


@pytest.fixture
def sockets() -> Iterator[Sockets]:
    """A server's connection, as daphne's, on one end of a socket pair (with a small send buffer), the other
    end, and its reactor."""
    eager_writes.install()
    ours, theirs = socketpair()
    ours.setsockopt(SOL_SOCKET, SO_SNDBUF, 4096)
    theirs.setblocking(False)  # what has not been sent is not waited for
    reactor = Reactor()
    protocol = Protocol()
    # Twisted types the protocol, the port and the reactor a connection is made with as a real server makes them:
    # here a plain protocol, no listening port, and a reactor that records what is asked of it.
    fake_port, fake_reactor = cast(tcp.Port, None), cast(IReactorFDSet, reactor)
    connection = tcp.Server(ours, cast(IProtocol, protocol), ("127.0.0.1", 1), fake_port, 0, fake_reactor)
    connection.repstr = "<a server connection>"  # Twisted names it after its listening port, which it lacks here
    protocol.makeConnection(connection)
    yield connection, theirs, reactor
    ours.close()
    theirs.close()


def received(theirs: socket) -> bytes:
    try:
        return theirs.recv(1 << 20)
    except BlockingIOError:
        return b""


def test_a_write_to_an_idle_connection_is_sent_at_once(sockets: Sockets) -> None:
    connection, theirs, reactor = sockets
    connection.write(b"a frame")
    assert received(theirs) == b"a frame"
    assert reactor.writers == []  # no turn of the reactor needed


def test_what_the_socket_does_not_take_waits_for_the_reactor(sockets: Sockets) -> None:
    connection, _, reactor = sockets
    data = bytes(range(256)) * 4096  # 1 MB: more than the socket's buffers hold
    connection.write(data)
    waiting = b"".join(connection._tempDataBuffer)
    assert 0 < len(waiting) < len(data)
    assert data.endswith(waiting)
    assert reactor.writers == [connection]
    connection.write(b"after")  # behind what waits, never before it
    assert connection._tempDataBuffer[-1] == b"after"


def test_a_pull_producer_still_waits_for_the_flush(sockets: Sockets) -> None:
    connection, _, reactor = sockets
    connection.registerProducer(Producer(), False)
    connection.write(b"a chunk")
    assert connection._tempDataBuffer == [b"a chunk"], changed(
        what="a write with a pull producer registered no longer waits for the flush "
        "(Connection.producer, .streamingProducer)",
        **TWISTED_CHANGED,
    )
    assert reactor.writers == [connection]


def test_a_streaming_producer_is_paused_only_by_a_growing_buffer(sockets: Sockets) -> None:
    connection, theirs, _ = sockets
    producer = Producer()
    connection.registerProducer(producer, True)  # as daphne's HTTP channel
    connection.write(b"a chunk")
    assert received(theirs) == b"a chunk"
    connection.write(bytes(1 << 20))
    assert producer.paused == 1, changed(
        what="Connection.write no longer pauses a streaming producer when its buffer outgrows bufferSize",
        **TWISTED_CHANGED,
    )


def test_a_closing_connection_still_buffers(sockets: Sockets) -> None:
    connection, theirs, _ = sockets
    connection.loseConnection()
    connection.write(b"last words")
    assert received(theirs) == b"", changed(
        what="a write to a closing connection is no longer buffered (Connection.disconnecting)", **TWISTED_CHANGED
    )
    assert connection._tempDataBuffer == [b"last words"]


def test_a_tls_connection_writes_through_twisted_tls_layer(sockets: Sockets) -> None:
    connection, theirs, _ = sockets
    connection.startTLS(ssl.CertificateOptions())
    connection.write(b"a secret")  # before the handshake: held by the TLS layer, never sent in clear
    assert b"a secret" not in received(theirs), changed(
        what="startTLS no longer marks the connection with Connection.TLS", **TWISTED_CHANGED
    )


def test_twisted_connections_still_have_what_the_eager_write_reads(sockets: Sockets) -> None:
    connection, _, _ = sockets
    expected: dict[str, object] = {
        "connected": 1,
        "TLS": False,
        "disconnecting": False,
        "_writeDisconnected": False,
        "producer": None,
        "streamingProducer": False,
        "dataBuffer": b"",
        "_tempDataBuffer": [],
    }
    found = {name: getattr(connection, name, "(missing)") for name in expected}
    assert found == expected, changed(
        what=f"a new server connection's attributes are {found}, not {expected}", **TWISTED_CHANGED
    )
    assert isinstance(connection.socket, socket), changed(what="Connection.socket is not the socket", **TWISTED_CHANGED)


def test_twisted_write_only_buffers_and_the_reactor_empties_the_buffer(sockets: Sockets) -> None:
    """What the patch replaces, and why an empty dataBuffer and _tempDataBuffer mean nothing waits to be sent."""
    connection, theirs, reactor = sockets
    eager_writes._buffered_write(connection, b"one ")  # Twisted's own write
    eager_writes._buffered_write(connection, b"two")
    buffered = received(theirs) == b"" and connection._tempDataBuffer == [b"one ", b"two"]
    assert buffered and reactor.writers == [connection], changed(
        what="Connection.write no longer appends to _tempDataBuffer and waits for the reactor (addWriter): "
        "it may write at once itself",
        **TWISTED_CHANGED,
    )
    connection.doWrite()  # the reactor's turn: the socket can take more
    drained = connection.dataBuffer == b"" and connection._tempDataBuffer == [] and reactor.writers == []
    assert received(theirs) == b"one two" and drained, changed(
        what="Connection.doWrite no longer sends dataBuffer then _tempDataBuffer, leaving both empty and "
        "removing the writer",
        **TWISTED_CHANGED,
    )


def test_daphne_serves_over_twisted_tcp_connections() -> None:
    """daphne listens on a "tcp:" endpoint: the asyncio reactor's listenTCP, whose connections are tcp.Server."""
    library = f"daphne {daphne.__version__} or {TWISTED}"
    what = "daphne's connections may no longer be twisted.internet.tcp.Connection, so the patch would do nothing"
    arguments = {"library": library, "patch": "eager_writes.py", "bench": "bench/watch.py", "what": what}
    assert build_endpoint_description_strings(host="127.0.0.1", port=8000) == ["tcp:port=8000:interface=127.0.0.1"], (
        changed(**arguments)
    )
    server = find_spec("daphne.server")
    assert server and server.origin, changed(**arguments)
    # Read, not imported: importing daphne.server installs Twisted's asyncio reactor in this process.
    assert "serverFromString(reactor" in Path(server.origin).read_text(), changed(**arguments)
    assert asyncioreactor.AsyncioSelectorReactor.listenTCP is posixbase.PosixReactorBase.listenTCP, changed(**arguments)
    assert tcp.Port.transport is tcp.Server and issubclass(tcp.Server, tcp.Connection), changed(**arguments)


# Reused threads: Django's ASGIHandler and asgiref's ThreadSensitiveContext

DJANGO_CHANGED = {
    "library": f"Django {django.__version__} (with asgiref {asgiref.__version__})",
    "patch": "threads.py",
    "bench": "bench/http_load.py",
}
ASGIREF_CHANGED = {**DJANGO_CHANGED, "library": f"asgiref {asgiref.__version__}"}
seen: list[tuple[str, BaseDatabaseWrapper]] = []  # each request's thread, and the database connection it sees


def where(request: HttpRequest) -> HttpResponse:
    seen.append((threading.current_thread().name, connections["default"]))
    return HttpResponse()


def slow(request: HttpRequest) -> HttpResponse:
    """A view still at work when its client leaves (the client's disconnect comes at once)."""
    time.sleep(0.2)
    seen.append((threading.current_thread().name, connections["default"]))
    return HttpResponse()


urlpatterns = [path("where/", where), path("slow/", slow)]


@pytest.fixture
def django_asgi() -> Iterator[ASGIHandler]:
    """Django's own ASGI application, serving ``where``."""
    seen.clear()
    with override_settings(ROOT_URLCONF=__name__):
        yield ASGIHandler()
    seen.clear()


async def get(app: Any, url: str, *, leaving: bool = False) -> int | None:
    """One GET through an ASGI application, as daphne makes it: the answer's status (None if none was sent). A
    ``leaving`` client disconnects as soon as its request is sent."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": url,
        "raw_path": url.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    body = [{"type": "http.request", "body": b"", "more_body": False}]
    staying = asyncio.Event()  # never set: the client stays for the answer
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if body:
            return body.pop()
        if not leaving:
            await staying.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return int(sent[0]["status"]) if sent else None


def test_requests_take_turns_on_a_fixed_set_of_threads_each_keeping_its_connection(django_asgi: ASGIHandler) -> None:
    app = ReusedThreads(django_asgi, threads=2)

    async def many() -> list[int | None]:
        return await asyncio.gather(*(get(app, "/where/") for _ in range(10)))

    assert run_apart(many()) == [200] * 10
    threads = {name for name, _ in seen}
    assert len(seen) == 10 and len(threads) <= 2 and all(name.startswith("request-") for name in threads), changed(
        what=f"the views ran on threads {sorted(threads)[:3]}…, not on the executor of the ThreadSensitiveContext "
        "the handler is called in",
        **DJANGO_CHANGED,
    )
    for thread in threads:
        kept = {id(connection) for name, connection in seen if name == thread}
        assert len(kept) == 1, changed(
            what="database connections are no longer kept per thread (django.db.connections)", **DJANGO_CHANGED
        )


def test_a_client_that_leaves_mid_request_costs_no_error_and_its_request_finishes_on_its_thread(
    django_asgi: ASGIHandler,
) -> None:
    """Django alone cancels the request's task while the view's thread runs on, then sends request_finished to an
    executor that may have quit (RuntimeError: CurrentThreadExecutor already quit), before the view is done."""
    finished: list[tuple[str, int]] = []  # request_finished's thread, and how many views had ended by then

    def on_finished(**kwargs: object) -> None:
        finished.append((threading.current_thread().name, len(seen)))

    request_finished.connect(on_finished)
    try:
        run_apart(get(ReusedThreads(django_asgi, threads=1), "/slow/", leaving=True))
    finally:
        request_finished.disconnect(on_finished)
    (view_thread,) = [name for name, _ in seen]  # the view ended before the request did
    assert finished == [(view_thread, 1)], changed(
        what=f"request_finished was sent as {finished}, not once on the view's thread after the view", **DJANGO_CHANGED
    )


def test_django_alone_starts_a_thread_for_each_request(django_asgi: ASGIHandler) -> None:
    """What the patch replaces: if Django reused threads itself, the patch might be unneeded."""

    async def one_by_one() -> None:
        for _ in range(3):
            await get(django_asgi, "/where/")

    run_apart(one_by_one())
    threads = [name for name, _ in seen]
    assert len(set(threads)) == 3, changed(
        what=f"ASGIHandler ran three requests on the threads {threads}, no longer one new thread each",
        **DJANGO_CHANGED,
    )


def test_a_thread_sensitive_context_runs_sync_code_on_the_executor_it_is_given() -> None:
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="given")

    async def inside() -> str:
        # The inner context stands for the one ASGIHandler enters for each request.
        async with ThreadSensitiveContext(executor=worker), ThreadSensitiveContext():
            return await sync_to_async(lambda: threading.current_thread().name)()

    what = "ThreadSensitiveContext(executor=...) no longer runs the thread-sensitive calls inside it, nested "
    what += "contexts' included, on the given executor"
    try:
        name = run_apart(inside())
    except TypeError as error:
        pytest.fail(changed(what=f"{what} ({error})", **ASGIREF_CHANGED))
    finally:
        worker.shutdown()
    assert name.startswith("given"), changed(what=what, **ASGIREF_CHANGED)


# Round trips: daphne's WebSocketProtocol, through autobahn's public sendPing and onPong

AUTOBAHN_CHANGED = {
    "library": f"daphne {daphne.__version__} or autobahn {version('autobahn')}",
    "patch": "round_trips.py",
    "bench": "bench/tap_cost.py --latency 400",
}


class Socket:
    """Stands for daphne's protocol of one socket: what round_trips reads of it and what it sends."""

    def __init__(self) -> None:
        self.pings: list[bytes] = []
        self.application_queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.muted = False
        self.state = WebSocketProtocol.STATE_CLOSING  # no next ping scheduled: no reactor here

    def sendPing(self, payload: bytes) -> None:  # autobahn's name
        self.pings.append(payload)

    def heard(self) -> list[dict[str, Any]]:
        return [self.application_queue.get_nowait() for _ in range(self.application_queue.qsize())]


def pinged_and_answered(protocol: Socket) -> None:
    stand_in = cast(WebSocketProtocol, protocol)
    round_trips.ping(stand_in)
    round_trips._on_pong(stand_in, protocol.pings[-1])


def test_each_pong_to_the_server_s_ping_tells_the_socket_s_application_its_round_trip() -> None:
    protocol = Socket()
    pinged_and_answered(protocol)
    (message,) = protocol.heard()
    assert message["type"] == round_trips.MESSAGE and 0 <= message["seconds"] < 1


def test_a_pong_to_another_ping_or_to_a_muted_socket_tells_nothing() -> None:
    protocol = Socket()
    round_trips._on_pong(cast(WebSocketProtocol, protocol), b"")  # daphne's keep-alive ping has no payload
    round_trips._on_pong(cast(WebSocketProtocol, protocol), b"a client's own ping")
    protocol.muted = True  # daphne mutes a socket whose application's queue is full
    pinged_and_answered(protocol)
    assert protocol.heard() == []


def test_daphne_still_leaves_pongs_to_autobahn_and_autobahn_hands_each_to_on_pong() -> None:
    daphne_source = Path(inspect.getfile(WebSocketProtocol)).read_text()
    assert "def onPong" not in daphne_source and "def onOpen" in daphne_source and "def onClose" in daphne_source, (
        changed(
            what="daphne's WebSocketProtocol now defines onPong, or no longer onOpen and onClose", **AUTOBAHN_CHANGED
        )
    )
    for patched, name in ((round_trips._opened, "onOpen"), (round_trips._closed, "onClose")):
        assert patched.__qualname__ == f"WebSocketProtocol.{name}" and patched.__module__ == "daphne.ws_protocol"
    pongs = inspect.getsource(AutobahnProtocol.processControlFrame)
    handed = inspect.getsource(WebSocketAdapterProtocol._onPong)
    assert "self._onPong(payload)" in pongs and "self.onPong(payload)" in handed, changed(
        what="a pong frame is no longer handed to onPong with its payload (processControlFrame, _onPong)",
        **AUTOBAHN_CHANGED,
    )
    assert issubclass(WebSocketProtocol, WebSocketAdapterProtocol), changed(
        what="daphne's sockets are no longer autobahn's Twisted protocol", **AUTOBAHN_CHANGED
    )
