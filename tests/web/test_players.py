"""The player behind a request and their settings (games/web/players.py, games/web/middleware.py): read once per
request, and only by a request that uses them; a token given when a player first makes something."""

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.models import GameRecord
from games.players import TOKEN_SESSION_KEY, player_of
from games.web import preferences

from .conftest import act, start_game
from .helpers_play import HTMX


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often each request read its player and its settings."""
    counted = {"player": 0, "settings": 0}

    def counting(name: str, read: Callable[..., Any]) -> Callable[..., Any]:
        def counted_read(*args: Any) -> Any:
            counted[name] += 1
            return read(*args)

        return counted_read

    monkeypatch.setattr("games.web.players.player_of", counting("player", player_of))
    monkeypatch.setattr(preferences, "stored", counting("settings", preferences.stored))
    return counted


@pytest.mark.parametrize("action", ["tap", "draw"])
def test_a_move_reads_its_player_and_their_settings_once(
    player: Client, game: GameRecord, reads: dict[str, int], action: str
) -> None:
    """The limits, the action and the table all ask who plays: the session is read for them once."""
    response = act(player, game, action, htmx=True, position=18)
    assert response.status_code == 200
    assert reads == {"player": 1, "settings": 1}


def test_a_page_that_asks_for_neither_reads_neither(client: Client, reads: dict[str, int]) -> None:
    assert client.get("/health/").status_code == 200
    assert reads == {"player": 0, "settings": 0}


def test_teach_me_reads_its_player_and_settings_once(player: Client, game: GameRecord, reads: dict[str, int]) -> None:
    assert player.get(f"/g/{game.public_id}/hint/", headers=HTMX).status_code == 200
    assert reads == {"player": 1, "settings": 1}


@pytest.mark.django_db
def test_a_new_player_gets_a_token_when_they_make_a_game_and_the_game_is_theirs(client: Client) -> None:
    client.get("/new/")
    assert TOKEN_SESSION_KEY not in client.session  # a visit alone leaves no token behind
    game = start_game(client)
    token = client.session[TOKEN_SESSION_KEY]
    assert token and game.player_token == token and game.user_id is None
    assert act(client, game, "draw", htmx=True).status_code == 200  # read again on the next request: theirs
