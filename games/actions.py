"""Everything that changes a game goes through here: validate, write, then notify on commit.

Views parse the request and call one of these functions; ``play`` loads the game, replays its
log through the engine, applies the action and saves, inside one transaction; once it commits,
the game's live pages hear of it (live/events.py).
"""

import contextlib
import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from django.core.exceptions import PermissionDenied
from django.db import connection, transaction
from django.db.models import QuerySet
from django.http import Http404

import engine

from .live import events
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


def create_game(player: Player, code: engine.GameCode, winnable: bool | None = None) -> Game:
    played = engine.Game.new(code)
    game = Game(
        code=str(code),
        rule=code.rule.value,
        user_id=player.user_id,
        player_id=player.player_id or "",
        winnable=winnable,
    )
    game.record(played)
    game.save()
    return game


_sqlite_writer = threading.Lock()


@contextlib.contextmanager
def writing() -> Iterator[None]:
    """A transaction that may write. SQLite has one writer at a time and makes the others sleep
    and retry (in steps of up to 100 ms); queueing this process's writers on a lock instead keeps
    moves fast under load. PostgreSQL needs no lock: the row lock in ``play`` orders writers."""
    lock = _sqlite_writer if connection.vendor == "sqlite" else contextlib.nullcontext()
    with lock, transaction.atomic():
        yield


def find(games: QuerySet[Game], public_id: str) -> Game:
    try:
        return games.get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404("No game with this address.") from None


def replay(game: Game) -> engine.Game:
    try:
        return game.replay()
    except engine.InvalidLog as error:
        logger.error("game %s (%s) does not replay: %s", game.public_id, game.code, error)
        raise BrokenGame(game, error) from error


def load(public_id: str) -> tuple[Game, engine.Game]:
    """A game and its replayed state, for pages that only read."""
    game = find(Game.objects.all(), public_id)
    return game, replay(game)


def play(public_id: str, player: Player, action: Action, version: int, position: int | None = None) -> Outcome:
    """Apply one action if ``version`` is the game's current action count; lock the row meanwhile.

    A stale or repeated POST (double tap, two tabs) applies nothing: its version is no longer current.
    """
    with writing():
        game = find(Game.objects.select_for_update(), public_id)
        if not game.is_owned_by(player):
            raise PermissionDenied("Only the player who started this game can play it.")
        played = replay(game)
        if version != game.version:
            return Outcome(game, played, stale=True)
        symbol = {"draw": engine.log.DRAW, "undo": engine.log.UNDO}.get(action)
        try:
            played.apply(symbol or engine.log.tap_symbol(position))  # the view requires a position for a tap
        except engine.IllegalMove as refused:
            return Outcome(game, played, refused=refused.reason)
        game.record(played)
        game.save(update_fields=Game.RECORDED_FIELDS)
    if played.status != "playing" or game.analysed:
        analyse(game, played)
    events.announce(game, played)  # after the analysis, which the watchers' board shows at the end
    return Outcome(game, played)


def analyse(game: Game, played: engine.Game) -> None:
    """Store the solver's analysis once a game ends (and drop it if an undo reopens the game).

    Outside the write transaction: a hard deal takes the solver a tenth of a second, and other
    moves need not wait for it. The update applies only if no action came in meanwhile."""
    fields = game.analysis_fields(played)
    if Game.objects.filter(pk=game.pk, log=game.log).update(**fields):
        for name, value in fields.items():
            setattr(game, name, value)
