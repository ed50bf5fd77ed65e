"""The game page: peaks, waste, stock, counters, code, and the buttons an owner needs."""

import re

import pytest
from django.test import Client

from games.models import GameRecord

from .conftest import engine_game

pytestmark = pytest.mark.django_db


def test_the_owner_sees_the_whole_table(player: Client, game: GameRecord) -> None:
    html = player.get(f"/g/{game.public_id}/").content.decode()
    played = engine_game(game)
    assert html.count('class="card back') == 18 + 1  # 18 face-down peak cards and the stock
    assert len(re.findall(r'<button type="submit" id="cell-\d+" name="position"', html)) == 28
    assert 'data-counter="score">500<' in html and 'data-counter="moves">0<' in html
    assert 'data-counter="stock">23<' in html
    assert game.code in html
    assert "Easy" in html
    for label in ("Draw", "Undo", "New game", "Replay this deal", "Copy"):
        assert label in html
    assert played.waste  # the waste card is shown with its label
    assert 'data-version="0"' in html


def test_an_unknown_game_is_a_404_page(client: Client) -> None:
    response = client.get("/g/doesnotexist/")
    assert response.status_code == 404
    assert "There is no page at this address" in response.content.decode()


def test_replay_this_deal_starts_a_new_game_on_the_same_code(player: Client, game: GameRecord) -> None:
    response = player.post("/new/", {"code": game.code})
    again = GameRecord.objects.exclude(pk=game.pk).get()
    assert response["Location"] == f"/g/{again.public_id}/"
    assert (again.code, again.log) == (game.code, "")


def test_public_ids_are_long_random_and_url_safe(player: Client) -> None:
    for _ in range(3):
        player.post("/new/", {})
    ids = list(GameRecord.objects.values_list("public_id", flat=True))
    assert len(set(ids)) == 3
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{16}", public_id) for public_id in ids)
