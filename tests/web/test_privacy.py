"""The privacy page: what is stored, for how long (as prune_games deletes), and every cookie the site sets, by
the name this site's settings give it; in every language; linked from sign-up, How to play and the account page."""

import re

import pytest
from django.conf import settings
from django.test import Client

from games.models import ABANDONED_AFTER_DAYS

from .test_player_data import signed_in

pytestmark = pytest.mark.django_db


def test_it_names_every_cookie_the_site_sets_and_how_long_games_are_kept(client: Client) -> None:
    client.post("/settings/", {"language": "it"})  # sets the language cookie; the session and CSRF ones too
    client.cookies["tz"] = "Europe/Rome"  # as static/js/timezone.js sets it
    page = client.get("/privacy/", headers={"Accept-Language": "en"}).content.decode()
    named = set(re.findall(r'<tr data-cookie="([^"]+)">', page))
    assert set(client.cookies) <= named
    assert named == {
        settings.SESSION_COOKIE_NAME,
        settings.CSRF_COOKIE_NAME,
        settings.LANGUAGE_COOKIE_NAME,
        "messages",
        "tz",
    }
    english = Client().get("/privacy/").content.decode()
    assert f"once nobody has played it for {ABANDONED_AFTER_DAYS} days" in english


@pytest.mark.parametrize(("language", "title"), [("it", "Privacy"), ("es", "Privacidad"), ("fr", "Confidentialité")])
def test_it_is_said_in_the_reader_s_language(language: str, title: str) -> None:
    page = Client().get("/privacy/", headers={"Accept-Language": language}).content.decode()
    assert f"<h1>{title}</h1>" in page and "No other site's cookie" not in page


def test_sign_up_how_to_play_and_the_account_page_link_to_it() -> None:
    for address in ("/accounts/signup/", "/how-to-play/"):
        assert 'href="/privacy/"' in Client().get(address).content.decode()
    ann, _ = signed_in("ann")
    assert 'href="/privacy/"' in ann.get("/accounts/").content.decode()
