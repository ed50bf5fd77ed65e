"""Bad input always gets a clear error and changes nothing."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from games.models import GameRecord

from .conftest import act

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("action", "data", "says"),
    [
        ("tap", {"position": "x"}, "position: Enter a whole number."),
        ("tap", {"position": 28}, "position: Ensure this value is less than or equal to 27."),
        ("tap", {"position": -1}, "position: Ensure this value is greater than or equal to 0."),
        ("tap", {}, "position: This field is required."),
        ("draw", {"version": ""}, "version: This field is required."),
        ("draw", {"version": "abc"}, "version: Enter a whole number."),
    ],
)
def test_a_malformed_action_is_a_400_that_says_what_is_wrong(
    player: Client, game: GameRecord, action: str, data: dict[str, Any], says: str
) -> None:
    response = act(player, game, action, **data)
    assert response.status_code == 400
    assert says in response.content.decode()
    assert "The game is unchanged." in response.content.decode()
    assert GameRecord.objects.get(pk=game.pk).log == ""


def test_an_oversized_body_is_refused(player: Client, game: GameRecord) -> None:
    response = act(player, game, "draw", padding="x" * 20_000)
    assert response.status_code == 400
    assert GameRecord.objects.get(pk=game.pk).log == ""


def test_get_on_an_action_is_not_allowed(player: Client, game: GameRecord) -> None:
    assert player.get(f"/g/{game.public_id}/draw/").status_code == 405


def test_an_action_on_an_unknown_game_is_a_404(player: Client, db: None) -> None:
    assert player.post("/g/nope/draw/", {"version": 0}).status_code == 404


@contextmanager
def strings_sent() -> Iterator[list[str]]:
    """Every string the queries made meanwhile were given as a parameter."""
    sent: list[str] = []

    def record(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if many:
            params = list(params)
        for row in params if many else [params]:
            sent.extend(value for value in row or () if isinstance(value, str))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        yield sent


@pytest.mark.parametrize("page", ["", "tap/", "draw/", "undo/", "hint/", "live/", "replay/", "again/"])
@pytest.mark.parametrize("game_id", ["\x00abc", "abc\x00", "é", "a b", "-" * 33])
def test_an_id_no_game_can_have_is_a_404_and_is_never_queried(
    player: Client, db: None, page: str, game_id: str
) -> None:
    """daphne decodes %00 in the path: a NUL in a query is refused by PostgreSQL (a 500); such an id never
    reaches a view (games/store/public_ids.py)."""
    with strings_sent() as sent:
        answers = [send(f"/g/{game_id}/{page}", {"version": 0, "position": 0}) for send in (player.get, player.post)]
    assert [answer.status_code for answer in answers] == [404, 404]
    assert not [value for value in sent if game_id in value]


def test_a_log_that_no_longer_replays_gets_an_error_page_naming_the_game(
    player: Client, game: GameRecord, caplog: pytest.LogCaptureFixture
) -> None:
    GameRecord.objects.filter(pk=game.pk).update(log="0")  # a face-down card: not a legal first action
    for response in (player.get(f"/g/{game.public_id}/"), act(player, game, "draw", version=1)):
        assert response.status_code == 500
        assert game.public_id in response.content.decode() and game.code in response.content.decode()
        assert "Start a new game on the same deal" in response.content.decode()
    assert GameRecord.objects.get(pk=game.pk).log == "0"
    assert any(game.public_id in record.getMessage() for record in caplog.records)
    again = player.post(f"/g/{game.public_id}/again/")  # the page's button: the same deal, in the same mode
    assert GameRecord.objects.get(public_id=again["Location"].split("/")[2]).code == game.code


def test_today_s_daily_game_that_no_longer_replays_keeps_its_code_secret(player: Client) -> None:
    record = GameRecord.objects.get(public_id=player.post("/new/daily/")["Location"].split("/")[2])
    GameRecord.objects.filter(pk=record.pk).update(log="0")
    page = player.get(f"/g/{record.public_id}/").content.decode()
    assert "no longer replay" in page and record.game_code.letters not in page


FORM = "application/x-www-form-urlencoded"
UNREADABLE_BODIES = {
    "multipart without its boundary": ("multipart/form-data", b"version=0"),
    "too big": ("application/x-www-form-urlencoded", b"padding=" + b"x" * 20_000),
    "too many fields": ("application/x-www-form-urlencoded", b"&".join(b"f%d=1" % number for number in range(200))),
}


@pytest.mark.parametrize("body", UNREADABLE_BODIES)
@pytest.mark.parametrize(
    ("where", "path", "host"),
    [
        ("a page", "/new/", "127.0.0.1"),
        ("no page", "/no/such/page/", "127.0.0.1"),
        ("a foreign host", "/new/", "evil.example"),
    ],
)
@pytest.mark.parametrize("tls_proxy", [False, True], ids=["direct", "behind a TLS proxy"])
def test_a_post_whose_body_cannot_be_read_is_a_400_wherever_it_goes(
    db: None, settings: Any, body: str, where: str, path: str, host: str, tls_proxy: bool
) -> None:
    """The error pages check the CSRF token too, which reads the body: read there first, a bad one made a 500.

    Behind a TLS proxy, the redirect to HTTPS asks for the host first: a foreign one is a 400 before any view."""
    settings.SECURE_SSL_REDIRECT = tls_proxy  # a plain-HTTP request is sent on to HTTPS
    client = Client(enforce_csrf_checks=True)  # as a real request: the CSRF check reads the body
    client.get("/new/", secure=True)
    content_type, content = UNREADABLE_BODIES[body]
    token = client.cookies["csrftoken"].value
    response = client.generic(
        "POST", path, content, content_type=content_type, headers={"X-CSRFToken": token}, HTTP_HOST=host
    )
    assert response.status_code == 400


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_foreign_host_behind_a_tls_proxy_is_a_400(db: None, settings: Any, method: str) -> None:
    """The redirect to HTTPS asks for the host before the session exists: the 400 page does without it."""
    settings.SECURE_SSL_REDIRECT = True
    response = Client().generic(method, "/new/", b"code=x", content_type=FORM, HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "The request could not be understood." in response.content.decode()
