"""Failed requests: a database outage is a 503 with Retry-After in the player's language, a full page or
the #notice region for htmx; a stale CSRF token is told as such; a locked database answers within seconds."""

import contextlib
import re
import time
from collections.abc import Iterator
from unittest import mock

import pytest
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.db.backends.utils import CursorWrapper
from django.test import Client
from django.utils import translation
from pytest_django.fixtures import Settings

from games.base import database
from games.models import GameRecord
from games.web.failures import RETRY_AFTER

from .conftest import act, start_game
from .helpers_play import HTMX

pytestmark = pytest.mark.django_db

OUTAGE = "The table is unavailable for a moment; your game is safe."
STALE = "This page was out of date (a log-in or log-out in another tab). It is up to date now: try again."
STALE_FORM = "This form was out of date (a log-in or log-out in another tab). Reload the page and try again."


def said(message: str, language: str) -> str:
    """``message`` as the page in ``language`` writes it (HTML-escaped), checked to be translated."""
    with translation.override(language):
        words = translation.gettext(message)
    assert language == "en" or words != message, f"{message!r} has no {language} translation"
    return words.replace("'", "&#x27;")


@contextlib.contextmanager
def database_down(error: Exception) -> Iterator[None]:
    """Every query raises ``error``, as a database that is down, locked or gone does."""
    with mock.patch.object(CursorWrapper, "execute", side_effect=error):
        yield


def message_region(html: str) -> str:
    region = re.search(r'<div id="notice".*?</div>', html, re.S)
    assert region, html
    return region[0]


@pytest.mark.parametrize("language", ["it", "bg"])
def test_a_page_read_in_an_outage_is_a_503_page_in_the_players_language(client: Client, language: str) -> None:
    game = start_game(client)
    with database_down(OperationalError("could not connect to server: Connection refused")):
        response = client.get(f"/g/{game.public_id}/", headers={"Accept-Language": language})
    page = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER)
    assert f'<html lang="{language}">' in page  # a whole page
    assert said(OUTAGE, language) in message_region(page)
    assert f'href="/g/{game.public_id}/"' in page  # the way on: try the same page again


@pytest.mark.parametrize(
    ("language", "error"),
    [("es", OperationalError("database is locked")), ("fr", InterfaceError("connection already closed"))],
)
def test_a_tap_in_an_outage_answers_the_notice_region_with_503_and_changes_nothing(
    client: Client, language: str, error: Exception
) -> None:
    game = start_game(client)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    with database_down(error):
        response = act(client, game, "draw", htmx=True, version=0)
    fragment = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER)
    assert "<html" not in fragment and "<body" not in fragment  # the region alone
    assert 'data-error-message data-way-on="retry"' in message_region(fragment)
    assert said(OUTAGE, language) in fragment
    assert GameRecord.objects.get(pk=game.pk).log == ""
    assert act(client, game, "draw", htmx=True).status_code == 200  # and once it is back, the tap goes through


def test_a_plain_form_post_in_an_outage_leads_back_to_the_page_it_came_from(client: Client) -> None:
    game = start_game(client)
    page = f"http://testserver/g/{game.public_id}/"
    with database_down(OperationalError("database is locked")):
        response = client.post(f"/g/{game.public_id}/draw/", {"version": 0}, headers={"Referer": page})
    assert response.status_code == 503
    assert f'href="{page}"' in response.content.decode()


def test_an_outage_met_in_a_middleware_is_a_503_too() -> None:
    # A session stored in the database is read by the middleware, outside the view: Django's handler500 answers.
    client = Client(raise_request_exception=False)
    with mock.patch(
        "games.web.middleware.PlayerTimeZoneMiddleware.__call__",
        side_effect=OperationalError("server closed the connection"),
    ):
        response = client.get("/new/", headers={"Accept-Language": "it"})
    assert response.status_code == 503
    assert said(OUTAGE, "it") in response.content.decode()


def test_other_errors_stay_500(client: Client) -> None:
    client.raise_request_exception = False
    with mock.patch("games.actions.load_for", side_effect=ValueError("a bug")):
        response = client.get("/g/whatever/")
    assert response.status_code == 500
    assert "Retry-After" not in response


def test_the_database_waits_at_most_a_few_seconds_for_a_lock_or_a_connection() -> None:
    database = settings.DATABASES["default"]
    options = database["OPTIONS"]
    if connection.vendor == "sqlite":
        assert options["timeout"] <= 5  # SQLite's busy timeout, in seconds (it was 20)
    else:
        assert int(options["connect_timeout"]) <= 5
        assert f"-c lock_timeout={settings.DATABASE_TIMEOUT}s" in options["options"]
        assert "-c statement_timeout=" in options["options"]
        with connection.cursor() as cursor:
            cursor.execute("SHOW lock_timeout")
            assert cursor.fetchone()[0] == f"{settings.DATABASE_TIMEOUT}s"


@pytest.mark.skipif(connection.vendor != "sqlite", reason="this process's queue of SQLite writers")
def test_writers_queued_behind_a_stuck_one_give_up_within_the_timeout(client: Client, settings: Settings) -> None:
    settings.DATABASE_TIMEOUT = 1
    game = start_game(client)
    with database._sqlite_writer:  # another thread of this process is stuck writing
        started = time.monotonic()
        response = act(client, game, "draw", htmx=True, version=0)
        waited = time.monotonic() - started
    assert response.status_code == 503
    assert waited < 3
    assert act(client, game, "draw", htmx=True).status_code == 200


def csrf_client(language: str = "en") -> tuple[Client, GameRecord, str]:
    """A player (CSRF checks on) with a game, and the token its page's forms carry."""
    client = Client(enforce_csrf_checks=True, headers={"Accept-Language": language})
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get("/new/").content.decode())
    assert token
    client.post("/new/", {"csrfmiddlewaretoken": token[1], "code": "TP1-E-TRIPEAK"})
    return client, GameRecord.objects.get(), token[1]


def rotate_token(client: Client) -> None:
    """What a log-in in another tab does: the cookie gets a new secret, the open page keeps the old token."""
    client.cookies[settings.CSRF_COOKIE_NAME] = "r" * 32


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_tap_with_a_stale_csrf_token_says_so_and_asks_the_page_to_refresh(language: str) -> None:
    client, game, token = csrf_client(language)
    rotate_token(client)
    response = client.post(f"/g/{game.public_id}/draw/", {"version": 0, "csrfmiddlewaretoken": token}, headers=HTMX)
    assert response.status_code == 403
    region = message_region(response.content.decode())
    assert 'data-way-on="refresh"' in region
    assert said(STALE, language) in region
    # The page's regions, fetched anew, carry a token that works.
    fresh = re.search(
        r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get(f"/g/{game.public_id}/live/").content.decode()
    )
    assert fresh
    answer = client.post(f"/g/{game.public_id}/draw/", {"version": 0, "csrfmiddlewaretoken": fresh[1]}, headers=HTMX)
    assert answer.status_code == 200
    assert GameRecord.objects.get().log == "+"


def test_a_plain_form_with_a_stale_token_gets_a_page_that_says_to_reload() -> None:
    client, game, token = csrf_client("fr")
    rotate_token(client)
    page = f"http://testserver/g/{game.public_id}/"
    response = client.post(f"/g/{game.public_id}/again/", {"csrfmiddlewaretoken": token}, headers={"Referer": page})
    assert response.status_code == 403
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert said(STALE_FORM, "fr") in html
    assert f'href="{page}"' in html


def test_a_missing_csrf_cookie_keeps_djangos_own_explanation() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/new/", {"csrfmiddlewaretoken": "x" * 32})
    assert response.status_code == 403
    assert "CSRF cookie not set" in response.content.decode() or "cookie" in response.content.decode().lower()
