"""Fixtures and short helpers for the web tests; the longer ones live in helpers_play.py."""

import pytest
from django.test import Client

import engine
from engine.log import DRAW, POSITION_OF_SYMBOL
from games.models import GameRecord
from tests.client_types import ClientResponse

from . import helpers_play
from .helpers_play import shown_version

CODE = "TP1-E-TRIPEAK"
__all__ = ["act", "engine_game", "play_line", "shown_version", "start_game"]


def start_game(client: Client, code: str = CODE) -> GameRecord:
    """Start a game as the player behind ``client`` and return its row."""
    return GameRecord.objects.get(public_id=helpers_play.start_game(client, code))


def act(
    client: Client, game: GameRecord, action: str, htmx: bool = False, version: object = None, **data: object
) -> ClientResponse:
    """POST one action at the game's current version unless ``version`` is given."""
    if version is None:
        version = GameRecord.objects.get(pk=game.pk).version
    return helpers_play.post_action(client, game.public_id, action, version, htmx=htmx, **data)


def play_line(client: Client, record: GameRecord, line: str) -> None:
    """Post each action of a log, as the page would."""
    for symbol in line:
        if symbol == DRAW:
            response = act(client, record, "draw", htmx=True)
        else:
            response = act(client, record, "tap", htmx=True, position=POSITION_OF_SYMBOL[symbol])
        assert response.status_code == 200


def engine_game(game: GameRecord) -> engine.Game:
    return GameRecord.objects.get(pk=game.pk).replay()


@pytest.fixture
def player(client: Client) -> Client:
    return client


@pytest.fixture
def game(player: Client, db: None) -> GameRecord:
    return start_game(player)
