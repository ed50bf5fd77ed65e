"""Settings: error assistance is on by default, kept per user or in the anonymous session."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Preferences

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
