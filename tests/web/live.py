"""Helpers for the live-socket tests: run an async test body, and open a game's socket as a page would."""

import functools
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from tripeaks_site.asgi import application

ORIGIN = "http://127.0.0.1"  # the site's own origin, as the sockets' Host header says (games/live/origins.py)
HOST = "127.0.0.1"
HEADERS = [(b"origin", ORIGIN.encode()), (b"host", HOST.encode())]  # a stranger's page of this site
WAIT = 3.0  # seconds a test waits for a frame it expects (the watching count comes after 0.5 s)


def in_event_loop(body: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """A test whose body is a coroutine, run in an event loop of its own (no pytest-asyncio needed)."""

    @functools.wraps(body)
    def test(*args: Any, **kwargs: Any) -> None:
        async_to_sync(body)(*args, **kwargs)

    return test


def socket(
    public_id: str,
    client: Client | None = None,
    query: str = "lang=en&highlight=0",
    origin: str | None = ORIGIN,
    host: str = HOST,
) -> WebsocketCommunicator:
    """The socket of a game page: with ``client``'s cookies (its session says who plays), else a stranger's."""
    headers = [(b"host", host.encode())] + ([(b"origin", origin.encode())] if origin else [])
    if client is not None:
        headers.append((b"cookie", "; ".join(f"{k}={v.value}" for k, v in client.cookies.items()).encode()))
    return WebsocketCommunicator(application, f"/ws/g/{public_id}/?{query}", headers=headers)


async def joined(communicator: WebsocketCommunicator) -> tuple[dict[str, Any], dict[str, Any]]:
    """Connect; the first two frames: the game's version, then how many watch."""
    connected, _ = await communicator.connect()
    assert connected
    return await communicator.receive_json_from(WAIT), await communicator.receive_json_from(WAIT)


async def next_of(communicator: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind``, skipping the others (watching counts come when they come)."""
    while True:
        frame: dict[str, Any] = await communicator.receive_json_from(WAIT)
        if frame["type"] == kind:
            return frame
