"""Only the owner's POSTs change a game: every other visitor gets 403 and sees it read-only."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import GameRecord

from .conftest import act, start_game

pytestmark = pytest.mark.django_db

ACTIONS = [("tap", {"position": 20}), ("draw", {}), ("undo", {})]


def strangers() -> dict[str, Client]:
    other_user = Client()
    other_user.force_login(User.objects.create_user("mallory", password="x-long-password-1"))
    other_anonymous = Client()
    other_anonymous.post("/new/", {})  # has an anonymous player id of its own
    return {"logged out": Client(), "other anonymous player": other_anonymous, "other user": other_user}


@pytest.mark.parametrize(("action", "data"), ACTIONS)
def test_nobody_but_the_owner_can_act(player: Client, game: GameRecord, action: str, data: dict[str, int]) -> None:
    for who, stranger in strangers().items():
        for htmx in (True, False):
            response = act(stranger, game, action, htmx=htmx, **data)
            assert response.status_code == 403, who
    assert GameRecord.objects.get(pk=game.pk).log == ""


def test_a_signed_up_owner_plays_and_others_cannot(client: Client) -> None:
    owner = User.objects.create_user("alice", password="x-long-password-1")
    client.force_login(owner)
    game = start_game(client)
    assert game.user == owner
    assert act(client, game, "draw").status_code == 302
    for stranger in strangers().values():
        assert act(stranger, game, "undo").status_code == 403
    assert GameRecord.objects.get(pk=game.pk).log == "+"


def test_a_watcher_sees_the_game_read_only_and_can_play_the_deal_themselves(player: Client, game: GameRecord) -> None:
    act(player, game, "draw")
    html = Client().get(f"/g/{game.public_id}/").content.decode()
    assert "watching (read-only)" in html
    assert 'name="position"' not in html and "/draw/" not in html and "/undo/" not in html
    assert 'data-counter="moves">1<' in html
    assert "Play this deal yourself" in html
    assert "data-player" not in html  # a player signed out has no name to give
    assert "data-player" not in player.get(f"/g/{game.public_id}/").content.decode()  # the owner knows whose it is


def test_a_watcher_is_told_whose_game_it_is(client: Client) -> None:
    client.force_login(User.objects.create_user("alice & bob", password="x-long-password-1"))
    game = start_game(client)
    html = Client().get(f"/g/{game.public_id}/", headers={"Accept-Language": "it"}).content.decode()
    assert '<span class="player" data-player>La partita di alice &amp; bob</span>' in html


def test_the_owner_logged_out_can_no_longer_act_on_their_account_games(client: Client) -> None:
    client.force_login(User.objects.create_user("alice", password="x-long-password-1"))
    game = start_game(client)
    client.post("/accounts/logout/")
    assert act(client, game, "draw").status_code == 403
