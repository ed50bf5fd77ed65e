"""Live updates: once an action has committed, one event to the game's group (consumers.py).

The event carries the game's new version and, for the watchers, the read-only regions as
ready-to-send frames, rendered and encoded once per variant of the board in use (seats.py), not
once per watcher. The owner's pages get the version alone: their forms carry their own CSRF tokens,
so a tab that is behind fetches its regions (views/live.py).
Nobody watching, nothing is rendered or sent: a move then costs one look at the seats.

In a request, the event goes out once the answer has been sent (Django's ``request_finished``,
which its handlers send from ``response.close()`` in the thread that ran the view): the owner's
answer never waits for the watchers' boards. Outside a request it goes out at once.

Redis (with ``REDIS_URL``) is for watching only, and a move's thread must not wait on it: each call
gives up after ``REDIS_TIMEOUT`` seconds, and once one has timed out, moves leave Redis alone for
``QUIET_AFTER_TROUBLE`` seconds (a frozen Redis costs one move's thread one timeout, not every move's); a Redis
that refuses at once (down) is tried at every move, so that the first move after it returns is heard.
The pages catch up at the next event they hear, or when their socket reconnects.
"""

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.signals import request_finished
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation

import engine
from games.drawing.tables import Table
from games.live.seats import REDIS_TROUBLE, Audience, parse_variant, store, timed_out
from games.models import GameRecord
from games.web.answers import LIVE_REGIONS, draw
from games.web.breakers import CircuitBreaker

logger = logging.getLogger(__name__)

PLAIN = ""  # the frame for pages that get no HTML: the owner's
QUIET_AFTER_TROUBLE = 5.0  # seconds moves announce nothing once Redis did not answer one

live_health = CircuitBreaker(
    QUIET_AFTER_TROUBLE,
    "Redis unavailable (%s): no live updates until it answers",
    "Redis answers again: live updates go on",
    logger,
)

# The sends waiting for the answer of the request this thread runs (None outside a request).
_this_request = threading.local()


def group_name(public_id: str) -> str:
    return f"game.{public_id}"


def board_frame(version: int, html: str | None = None) -> str:
    return json.dumps({"type": "board", "version": version, **({"html": html} if html is not None else {})})


def announce(record: GameRecord, game: engine.Game) -> None:
    """Send the game's new state once the transaction around the action commits and its answer is out.

    Robust: the action stands whatever happens to its announcement; a page that misses it
    catches up at the next event or when its socket reconnects."""
    transaction.on_commit(partial(_after_response, partial(_send, record, game)))


def _after_response(send: Callable[[], None]) -> None:
    pending: list[Callable[[], None]] | None = getattr(_this_request, "pending", None)
    if pending is None:
        _robustly(send)
    else:
        pending.append(send)


class AnnounceAfterResponse:
    """Middleware: the announcements of this request wait for its answer to be sent."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        _this_request.pending = []
        return self.get_response(request)


@receiver(request_finished)
def _send_pending(**kwargs: Any) -> None:
    pending = getattr(_this_request, "pending", None) or []
    _this_request.pending = None
    for send in pending:
        _robustly(send)


def _robustly(send: Callable[[], None]) -> None:
    try:
        send()
    except Exception:
        logger.exception("could not announce an action to the game's live pages")


def announce_to(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to ``group`` as ``announce`` sends a game's: once committed, after the answer, robustly."""
    transaction.on_commit(
        partial(_after_response, partial(_guarded, lambda: async_to_sync(_group_send)(group, message)))
    )


def _send(record: GameRecord, game: engine.Game) -> None:
    def send() -> None:
        audience = store().audience(record.public_id)
        if not audience.empty:
            message = {"type": "game.board", "frames": frames(record, game, audience)}
            async_to_sync(_group_send)(group_name(record.public_id), message)

    _guarded(send)


def _guarded(send: Callable[[], None]) -> None:
    """``send``, unless Redis is resting after a timeout (``live_health``)."""
    if live_health.resting():
        return
    try:
        send()
    except REDIS_TROUBLE as error:
        # Only a Redis that does not answer costs a move its wait; one that refuses at once is tried again at the
        # next move, so that the pages hear of the first move once it is back.
        live_health.failed(error, rest=timed_out(error))
        return
    live_health.answered()


async def _group_send(group: str, message: dict[str, Any]) -> None:
    async with asyncio.timeout(settings.REDIS_TIMEOUT):
        await get_channel_layer().group_send(group, message)


def frames(record: GameRecord, game: engine.Game, audience: Audience) -> dict[str, str]:
    """The JSON frames for this state: the plain one, and one per variant that someone watches."""
    result = {PLAIN: board_frame(game.version)}
    for kind in audience.watchers:
        language, highlight = parse_variant(kind)
        with translation.override(language):  # the board in words and the labels are in the watcher's language
            context = Table.watched(record, game, highlight).context(oob=True)
            result[kind] = board_frame(game.version, draw(context, LIVE_REGIONS))
    return result
