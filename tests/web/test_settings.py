"""Settings: error assistance is on by default, kept per user or in the anonymous session."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games.models import Preferences

from .helpers_play import start_game

pytestmark = pytest.mark.django_db


def assistance_shown(client: Client) -> bool:
    page = client.get("/settings/").content.decode()
    return bool(re.search(r'<input[^>]*name="error_assistance"[^>]*\bchecked\b', page))


def test_on_by_default(client: Client) -> None:
    assert assistance_shown(client)


def test_an_anonymous_player_keeps_the_setting_in_the_session(client: Client) -> None:
    response = client.post("/settings/", {})
    assert response["Location"] == "/settings/"
    assert not assistance_shown(client)
    assert assistance_shown(Client())  # another visitor is not affected
    client.post("/settings/", {"error_assistance": "on"})
    assert assistance_shown(client)


def test_a_user_keeps_the_setting_in_the_database(client: Client) -> None:
    user = User.objects.create_user("alice", password="x-long-password-1")
    client.force_login(user)
    client.post("/settings/", {})
    assert Preferences.objects.get(user=user).error_assistance is False
    elsewhere = Client()
    elsewhere.force_login(user)
    assert not assistance_shown(elsewhere)


def highlighted(client: Client, public_id: str) -> int:
    return len(re.findall(r'class="card face [^"]*\bplayable\b', client.get(f"/g/{public_id}/").content.decode()))


def test_playable_cards_are_highlighted_only_when_asked(client: Client) -> None:
    public_id = start_game(client, "TP1-E-TRIPEAK")
    fitting = len(engine.Game.new(engine.GameCode.parse("TP1-E-TRIPEAK")).playable())
    assert fitting and highlighted(client, public_id) == 0  # off by default
    client.post("/settings/", {"error_assistance": "on", "highlight_playable": "on"})
    assert highlighted(client, public_id) == fitting
    client.post("/settings/", {"error_assistance": "on"})
    assert highlighted(client, public_id) == 0
