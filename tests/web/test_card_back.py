"""The card back a player chooses in Settings: the lattice by default, kept per user or in the session,
and named on the body of every page (the stylesheet draws each back)."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import CardBack, Preferences

from .conftest import start_game

pytestmark = pytest.mark.django_db
SAVED = {"error_assistance": "on", "highlight_in_easy": "on"}  # the other settings, as the form posts them


def body_back(client: Client, path: str) -> str:
    match = re.search(r'<body class="back-(\w+)"', client.get(path).content.decode())
    assert match, f"no card back on the body of {path}"
    return match.group(1)


def chosen(client: Client) -> str:
    match = re.search(
        r'<input type="radio" name="card_back" value="(\w+)"[^>]*\bchecked\b', client.get("/settings/").content.decode()
    )
    assert match, "no card back is chosen on the settings page"
    return match.group(1)


def test_the_lattice_by_default_and_each_back_offered_with_its_picture(client: Client) -> None:
    game = start_game(client)
    assert body_back(client, f"/g/{game.public_id}/") == CardBack.LATTICE
    assert chosen(client) == CardBack.LATTICE
    page = client.get("/settings/").content.decode()
    for back in CardBack:
        assert (
            f'<label class="choice back-{back.value}"><input type="radio" name="card_back" value="{back.value}"' in page
        )
        assert str(back.label) in page


def test_an_anonymous_player_keeps_the_choice_in_the_session(client: Client) -> None:
    game = start_game(client)
    response = client.post("/settings/", {**SAVED, "card_back": "dots"})
    assert response["Location"] == "/settings/"
    assert chosen(client) == "dots"
    assert body_back(client, f"/g/{game.public_id}/") == "dots"
    assert body_back(client, f"/g/{game.public_id}/replay/?step=0") == "dots"
    assert body_back(Client(), f"/g/{game.public_id}/") == CardBack.LATTICE  # a watcher sees their own back


def test_a_user_keeps_the_choice_in_the_database(client: Client) -> None:
    user = User.objects.create_user("alice", password="x-long-password-1")
    client.force_login(user)
    client.post("/settings/", {**SAVED, "card_back": "plain"})
    assert Preferences.objects.get(user=user).card_back == "plain"
    elsewhere = Client()
    elsewhere.force_login(user)
    game = start_game(elsewhere)
    assert body_back(elsewhere, f"/g/{game.public_id}/") == "plain"


def test_an_unknown_back_is_refused_and_nothing_is_saved(client: Client) -> None:
    client.post("/settings/", {**SAVED, "card_back": "dots"})
    response = client.post("/settings/", {**SAVED, "card_back": "tartan"})
    assert response.status_code == 200
    assert "tartan" in response.content.decode()  # the form says which choice it refused
    assert chosen(client) == "dots"


def test_a_form_without_the_choice_keeps_the_default(client: Client) -> None:
    client.post("/settings/", SAVED)
    assert chosen(client) == CardBack.LATTICE
