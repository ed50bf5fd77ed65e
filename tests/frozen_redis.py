"""A frozen Redis, as one paused (SIGSTOP, or a long ``CLIENT PAUSE``) looks from outside: it accepts
connections and takes in what it is sent, but never answers. A stopped Redis refuses connections at
once; a frozen one leaves every client waiting for its own timeout."""

import contextlib
import selectors
import socket
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def frozen_redis() -> Iterator[str]:
    """The URL of a Redis that never answers, for as long as the block runs."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            for key, _ in selector.select(timeout=0.05):
                connection = key.fileobj
                assert isinstance(connection, socket.socket)
                if connection is listener:
                    accepted, _ = listener.accept()
                    accepted.setblocking(False)
                    selector.register(accepted, selectors.EVENT_READ)
                    continue
                try:
                    read = connection.recv(65536)  # taken in, never answered
                except OSError:
                    read = b""
                if not read:
                    selector.unregister(connection)
                    connection.close()

    server = threading.Thread(target=serve, name="frozen-redis", daemon=True)
    server.start()
    try:
        yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    finally:
        stop.set()
        server.join()
        for key in list(selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        selector.close()
