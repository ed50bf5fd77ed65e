"""Live updates: once an action has committed, one event to the game's group (consumers.py).

The event carries the game's new version (its action count) and, for the watchers, the read-only
regions as ready-to-send frames, rendered and encoded once per variant of the board in use
(seats.py), not once per watcher. The owner's pages get the version alone: their forms carry
their own CSRF tokens, so a tab that is behind fetches its regions (views/live.py).
Nobody watching, nothing is rendered or sent: a move then costs one look at the seats.
"""

import json
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

import engine

from ..models import Game
from ..regions import regions_context
from .seats import Audience, parse_variant, store

PLAIN = ""  # the frame for pages that get no HTML: the owner's


def group_name(public_id: str) -> str:
    return f"game.{public_id}"


def board_frame(version: int, html: str | None = None) -> str:
    return json.dumps({"type": "board", "version": version, **({"html": html} if html is not None else {})})


def announce(game: Game, played: engine.Game) -> None:
    """Send the game's new state once the transaction around the action commits (at once outside one).

    Robust: the action stands whatever happens to its announcement; a page that misses it
    catches up at the next event or when its socket reconnects."""
    transaction.on_commit(partial(_send, game, played), robust=True)


def _send(game: Game, played: engine.Game) -> None:
    audience = store().audience(game.public_id)
    if audience.empty:
        return
    message = {"type": "game.board", "frames": frames(game, played, audience)}
    async_to_sync(get_channel_layer().group_send)(group_name(game.public_id), message)


def frames(game: Game, played: engine.Game, audience: Audience) -> dict[str, str]:
    """The JSON frames for this state: the plain one, and one per variant that someone watches."""
    result = {PLAIN: board_frame(played.actions)}
    for kind in audience.watchers:
        language, highlight = parse_variant(kind)
        with translation.override(language):  # the board in words and the labels are in the watcher's language
            context = {**regions_context(game, played, can_play=False, highlight=highlight), "oob": True}
            result[kind] = board_frame(played.actions, render_to_string("games/game.html#live", context))
    return result
