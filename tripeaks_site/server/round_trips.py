"""The network's round trip to each page's socket, measured by the server with WebSocket pings, which the
browser answers itself, below any page script (RFC 6455, 5.5.2): what the level clock gives back of the time a
player's actions spent on the network (GameRecord.charge_network, docs/levels.md, "A person's pace").

Daphne pings a socket only to keep it alive (every 20 s) and never says the round trip. Here each socket
is pinged once it opens and again ``PING_EVERY`` seconds after each pong, through autobahn's public
``sendPing`` and ``onPong`` (daphne's protocol defines neither), and each round trip goes to the socket's
application as a message of its own, ``{"type": "tripeaks.round_trip", "seconds": …}``
(games/live/consumers.py). A pong that is not one of these pings' (daphne's keep-alive, a client's own)
is left to autobahn as before.
"""

import struct
import time
from collections.abc import Callable
from typing import Any, cast

from daphne.ws_protocol import WebSocketProtocol

PING_EVERY = 5.0  # seconds from a pong to the next ping: the network's round trip changes slowly
MESSAGE = "tripeaks.round_trip"
_TAG = b"tripeaks-rtt"
_PAYLOAD = struct.Struct(f">{len(_TAG)}sQ")  # the tag, then when the ping was sent (monotonic ns)

# daphne leaves its methods unannotated: typed here so that calling it type-checks.
_opened: Callable[[WebSocketProtocol], None] = WebSocketProtocol.onOpen


def ping(protocol: WebSocketProtocol) -> None:
    protocol.tripeaks_next_ping = None
    protocol.sendPing(_PAYLOAD.pack(_TAG, time.monotonic_ns()))  # autobahn sends nothing once it is closing


def _on_open(protocol: WebSocketProtocol) -> None:
    _opened(protocol)
    ping(protocol)


def _on_pong(protocol: WebSocketProtocol, payload: bytes) -> None:
    if len(payload) != _PAYLOAD.size or not payload.startswith(_TAG):
        return
    sent = _PAYLOAD.unpack(payload)[1]
    seconds = (time.monotonic_ns() - sent) / 1e9
    queue: Any = getattr(protocol, "application_queue", None)
    if queue is not None and not protocol.muted:
        queue.put_nowait({"type": MESSAGE, "seconds": seconds})
    if protocol.state == WebSocketProtocol.STATE_OPEN:
        # Daphne's reactor, installed before any socket opens (imported here: importing it earlier would install
        # Twisted's default one in a process that is not daphne's).
        from twisted.internet import reactor

        protocol.tripeaks_next_ping = cast(Any, reactor).callLater(PING_EVERY, ping, protocol)


_closed: Callable[[WebSocketProtocol, bool, int, str], None] = WebSocketProtocol.onClose


def _on_close(protocol: WebSocketProtocol, was_clean: bool, code: int, reason: str) -> None:
    next_ping = getattr(protocol, "tripeaks_next_ping", None)
    if next_ping is not None and next_ping.active():
        next_ping.cancel()
    _closed(protocol, was_clean, code, reason)


def install() -> None:
    WebSocketProtocol.onOpen = _on_open
    WebSocketProtocol.onPong = _on_pong
    WebSocketProtocol.onClose = _on_close
