"""Live updates: once an action is written, one event to the game's group (consumers.py).

``show_move`` listens to ``facts.game_moved`` (games/apps.py subscribes it), so it runs once the action has
committed and its answer has been sent (games/base/announcements.py): the owner's answer never waits for the
watchers' boards. The event carries the game's new version and, for the watchers, the read-only regions as
ready-to-send frames, rendered and encoded once per variant of the board in use (presence.py), not once per
watcher. The owner's pages get the version alone: their forms carry their own CSRF tokens, so a tab that is
behind fetches its regions (views/live.py). Nobody watching, nothing is rendered or sent: a move then costs
one look at the presence.

Redis (with ``REDIS_URL``) is for watching only, and a move's thread must not wait on it: each call
gives up after ``REDIS_TIMEOUT`` seconds, and once one has timed out, moves leave Redis alone for
``QUIET_AFTER_TROUBLE`` seconds (a frozen Redis costs one move's thread one timeout, not every move's); a Redis
that refuses at once (down) is tried at every move, so that the first move after it returns is heard.
The pages catch up at the next event they hear, or when their socket reconnects.
"""

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation

import engine
from games.base.breakers import CircuitBreaker
from games.base.trouble import REDIS_TROUBLE, timed_out
from games.drawing.regions.drawn import LIVE_REGIONS, draw
from games.drawing.tables import Table
from games.live.presence import Audience, parse_variant, store
from games.models import GameRecord

logger = logging.getLogger(__name__)

PLAIN = ""  # the frame for pages that get no HTML: the owner's
QUIET_AFTER_TROUBLE = 5.0  # seconds moves announce nothing once Redis did not answer one

live_health = CircuitBreaker(
    "live",
    QUIET_AFTER_TROUBLE,
    "Redis unavailable (%s): no live updates until it answers",
    "Redis answers again: live updates go on",
    logger,
)


def group_name(public_id: str) -> str:
    return f"game.{public_id}"


def board_frame(version: int, html: str | None = None) -> str:
    return json.dumps({"type": "board", "version": version, **({"html": html} if html is not None else {})})


def show_move(record: GameRecord, game: engine.Game) -> None:
    """``facts.game_moved``: the game's pages are sent its new state, the watchers' with their boards."""

    def send() -> None:
        audience = store().audience(record.public_id)
        if not audience.empty:
            message = {"type": "game.board", "version": game.version, "frames": frames(record, game, audience)}
            async_to_sync(_group_send)(group_name(record.public_id), message)

    _guarded(send)


def tell(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to ``group`` from a listener, as ``show_move`` sends a game's (a challenge's pages)."""
    _guarded(lambda: async_to_sync(_group_send)(group, message))


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
