"""Settings' theme (as the system by default), sound (off by default) and language (applied at once): kept per
user or in the session, on every page (the theme on <html>, the sound's script in the head)."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Preferences, Theme

from .conftest import start_game

pytestmark = pytest.mark.django_db
SAVED = {"error_assistance": "on", "highlight_in_easy": "on", "card_back": "lattice"}  # as the form posts them


def theme(client: Client, path: str) -> str:
    match = re.search(r'<html lang="\w+" data-theme="(\w+)">', client.get(path).content.decode())
    assert match, f"no theme on {path}"
    return match[1]


def sounds(client: Client, path: str) -> bool:
    return "js/sound" in client.get(path).content.decode()


def test_the_system_s_theme_and_no_sound_by_default(client: Client) -> None:
    game = start_game(client)
    for path in ["/new/", f"/g/{game.public_id}/", "/history/", "/settings/", "/how-to-play/"]:
        assert theme(client, path) == "system" and not sounds(client, path), path
    page = client.get("/settings/").content.decode()
    assert re.search(r'<input type="radio" name="theme" value="system"[^>]*\bchecked\b', page)
    assert '<input type="checkbox" name="sound"' in page and 'name="sound" id="id_sound" checked' not in page


@pytest.mark.parametrize("chosen", [Theme.LIGHT, Theme.DARK])
def test_an_anonymous_player_s_theme_and_sound_are_kept_in_the_session_for_every_page(
    client: Client, chosen: Theme
) -> None:
    assert client.post("/settings/", {**SAVED, "theme": chosen, "sound": "on"}).status_code == 302
    game = start_game(client)
    for path in ["/new/", f"/g/{game.public_id}/", "/daily/"]:
        assert theme(client, path) == chosen and sounds(client, path), path
    assert theme(Client(), "/new/") == "system"  # another player's pages


def test_a_user_s_theme_and_sound_are_kept_in_the_database(client: Client) -> None:
    user = User.objects.create_user("ada", password="pw-long-enough-1")
    client.force_login(user)
    client.post("/settings/", {**SAVED, "theme": "dark", "sound": "on"})
    stored = Preferences.objects.get(user=user)
    assert (stored.theme, stored.sound) == ("dark", True)
    client.post("/settings/", {**SAVED, "theme": "light"})  # an unticked box posts nothing: off
    stored.refresh_from_db()
    assert (stored.theme, stored.sound) == ("light", False)


def test_an_unknown_theme_or_language_is_refused_and_nothing_is_saved(client: Client) -> None:
    for bad in [{"theme": "purple"}, {"language": "xx"}]:
        page = client.post("/settings/", {**SAVED, "sound": "on", **bad})
        assert page.status_code == 200 and 'class="errors" role="alert"' in page.content.decode()
    assert theme(client, "/new/") == "system" and not sounds(client, "/new/")
    assert "django_language" not in client.cookies


def test_the_language_chosen_applies_at_once_and_stays(client: Client) -> None:
    answer = client.post("/settings/", {**SAVED, "language": "bg"}, follow=True)
    page = answer.content.decode()
    assert '<html lang="bg"' in page and "<h1>Настройки</h1>" in page
    assert "Настройките са запазени." in page  # the confirmation in the new language too
    assert client.cookies["django_language"].value == "bg"
    assert '<html lang="bg"' in client.get("/new/").content.decode()
    chosen = r'<label class="choice language-bg" lang="bg"><input type="radio" name="language" value="bg"[^>]*checked>'
    assert re.search(chosen + r"\s*Български</label>", client.get("/settings/").content.decode())
