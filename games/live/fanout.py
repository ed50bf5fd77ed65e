"""One member of a game's group per server process, not per page: events fan out to the pages here.

Through channels alone, an event to N pages is N messages through the channel layer, each queued,
copied, received and dispatched by its consumer. Here each process that has pages open on a game
joins the game's group once, with a listener of its own, and hands each event to its pages in turn:
the layer carries one message per process. Measured with 500 watchers on one process
(bench/watch.py), this halved the server's CPU time per event.
"""

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from channels.consumer import get_handler_name
from channels.layers import BaseChannelLayer

from games.base.trouble import REDIS_TROUBLE

logger = logging.getLogger(__name__)


@dataclass
class Listener:
    """A process's member of one game's group, and the pages it hands events to (consumers, called by
    the event's type: "game.board" → ``game_board``)."""

    group: str
    entered: asyncio.Task[str]  # joins the group on a channel of its own; its result is the channel
    pages: set[Any] = field(default_factory=set)
    task: asyncio.Task[None] | None = None  # listens on the channel once entered


BATCH = 50  # pages handed an event between two turns of the event loop (a send never waits by itself)

# Per event loop (tests run several) and group.
_listeners: dict[tuple[asyncio.AbstractEventLoop, str], Listener] = {}


async def join(layer: BaseChannelLayer, group: str, page: Any) -> None:
    """Hand ``group``'s events to ``page`` from now on: once this returns, no later event is missed."""
    key = (asyncio.get_running_loop(), group)
    listener = _listeners.get(key)
    if listener is None:
        listener = _listeners[key] = Listener(group, asyncio.create_task(_enter(layer, group)))
    listener.pages.add(page)
    try:
        channel = await asyncio.shield(listener.entered)
    except Exception:
        if _listeners.get(key) is listener:
            del _listeners[key]  # the next page tries again
        raise
    if listener.task is None:
        listener.task = asyncio.create_task(_listen(layer, listener, channel))


async def leave(group: str, page: Any) -> None:
    key = (asyncio.get_running_loop(), group)
    listener = _listeners.get(key)
    if listener is None:
        return
    listener.pages.discard(page)
    if not listener.pages:
        del _listeners[key]  # at once: a page joining from now on starts a new listener
        if listener.task:
            listener.task.cancel()  # which leaves the group


async def _enter(layer: BaseChannelLayer, group: str) -> str:
    channel: str = await layer.new_channel()
    await layer.group_add(group, channel)
    return channel


async def _listen(layer: BaseChannelLayer, listener: Listener, channel: str) -> None:
    try:
        while True:
            try:
                message = await layer.receive(channel)
            except REDIS_TROUBLE as error:
                await _lost(listener, error)
                return
            handler = get_handler_name(message)
            for number, page in enumerate(list(listener.pages), start=1):
                try:
                    await getattr(page, handler)(message)
                except Exception:  # one page's broken socket must not cost the others their event
                    logger.exception("could not hand %s to a page of %s", message["type"], listener.group)
                if number % BATCH == 0:
                    await asyncio.sleep(0)  # let the server answer meanwhile: the owner's POST waits for this
    finally:
        with contextlib.suppress(*REDIS_TROUBLE):  # Redis away: the group forgets the channel when it expires
            await asyncio.shield(layer.group_discard(listener.group, channel))


async def _lost(listener: Listener, error: BaseException) -> None:
    """Redis is away: the listener ends, and its pages close with the code that has them come back (each page
    that reconnects joins a new listener)."""
    key = (asyncio.get_running_loop(), listener.group)
    if _listeners.get(key) is listener:  # a page may have started another meanwhile
        del _listeners[key]
    for page in list(listener.pages):
        await page.unavailable(error)
