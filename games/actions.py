"""Everything that changes a game goes through here: validate, write, then notify on commit.

Views parse the request and call one of these functions; each loads the game, replays its
log through the engine, applies the action and saves, inside one transaction.
"""

import logging
from dataclasses import dataclass
from typing import Literal

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404

import engine

from .models import Game
from .players import Player

logger = logging.getLogger(__name__)

Action = Literal["tap", "draw", "undo"]


class BrokenGame(Exception):
    """A stored log that no longer replays: shown as an error page, never retried in a loop."""

    def __init__(self, game: Game, error: engine.InvalidLog) -> None:
        super().__init__(f"game {game.public_id} ({game.code}) does not replay: {error}")
        self.game = game


@dataclass(frozen=True)
class Outcome:
    """What became of an action: applied, refused by the rules, or posted from a stale page."""

    game: Game
    played: engine.Game
    refused: str | None = None  # an engine.IllegalMove reason
    stale: bool = False

    @property
    def applied(self) -> bool:
        return self.refused is None and not self.stale


def create_game(player: Player, code: engine.GameCode) -> Game:
    played = engine.Game.new(code)
    game = Game(code=str(code), rule=code.rule.value, user_id=player.user_id, player_id=player.player_id or "")
    game.record(played)
    game.save()
    return game


def replay(game: Game) -> engine.Game:
    try:
        return game.replay()
    except engine.InvalidLog as error:
        logger.error("game %s (%s) does not replay: %s", game.public_id, game.code, error)
        raise BrokenGame(game, error) from error


def load(public_id: str) -> tuple[Game, engine.Game]:
    """A game and its replayed state, for pages that only read."""
    game = Game.objects.filter(public_id=public_id).first()
    if game is None:
        raise Http404("No game with this address.")
    return game, replay(game)


def play(public_id: str, player: Player, action: Action, version: int, position: int | None = None) -> Outcome:
    """Apply one action if ``version`` is the game's current action count; lock the row meanwhile.

    A stale or repeated POST (double tap, two tabs) applies nothing: its version is no longer current.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(public_id=public_id).first()
        if game is None:
            raise Http404("No game with this address.")
        if not game.is_owned_by(player):
            raise PermissionDenied("Only the player who started this game can play it.")
        played = replay(game)
        if version != game.version:
            return Outcome(game, played, stale=True)
        try:
            if action == "tap":
                assert position is not None
                played.tap(position)
            elif action == "draw":
                played.draw()
            else:
                played.undo()
        except engine.IllegalMove as refused:
            return Outcome(game, played, refused=refused.reason)
        game.record(played)
        game.save()
    return Outcome(game, played)
