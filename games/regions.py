"""What the game page's regions (board, counters, status, board in words) are drawn from.

One function for the page, the answers to actions, the owner's resync and the watchers' live
HTML (live/events.py), so that all of them draw the same board."""

import engine

from .board import board
from .models import Game
from .teaching import verdict_text


def regions_context(game: Game, played: engine.Game, *, can_play: bool, highlight: bool) -> dict[str, object]:
    """``can_play``: the owner's forms, or the read-only board; ``highlight``: ring the playable cards."""
    return {"b": board(game, played), "can_play": can_play, "highlight": highlight, "verdict": verdict_text(game)}
