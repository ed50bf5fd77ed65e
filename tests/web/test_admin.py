"""The admin lists games with the status their replay gives."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import GameRecord

from .conftest import act
from .rooms import make_room

pytestmark = pytest.mark.django_db


def test_the_admin_lists_games_with_their_replayed_status(player: Client, game: GameRecord) -> None:
    act(player, game, "draw")
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", "root@example.com", "x-long-password-1"))
    html = admin.get("/admin/games/gamerecord/").content.decode()
    assert game.public_id in html
    assert "status by replay" in html.lower()
    GameRecord.objects.filter(pk=game.pk).update(log="0")
    assert "does not replay" in admin.get("/admin/games/gamerecord/").content.decode()


def test_the_admin_shows_a_challenge_with_its_players(client: Client) -> None:
    room = make_room(client, "Ann")
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", "root@example.com", "x-long-password-1"))
    assert room.public_id in admin.get("/admin/games/room/").content.decode()
    assert "Ann" in admin.get(f"/admin/games/room/{room.pk}/change/").content.decode()
