"""Logs: one line per request with its view, status, time and game, and nothing secret; each error once,
with its traceback (tripeaks_site/request_log.py and LOGGING in settings.py)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from games.models import GameRecord

from .conftest import act

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"(?P<method>[A-Z]+) (?P<view>\S+) (?P<status>\d{3}) (?P<ms>\d+\.\d) ms game=(?P<game>\S+)")


def request_lines(caplog: pytest.LogCaptureFixture) -> list[dict[str, str]]:
    found = [record.getMessage() for record in caplog.records if record.name == "tripeaks_site.requests"]
    assert all(LINE.fullmatch(line) for line in found), found
    return [LINE.fullmatch(line).groupdict() for line in found]  # type: ignore[union-attr]


@pytest.mark.django_db
def test_each_request_is_one_line_with_its_view_status_time_and_game(
    player: Client, game: GameRecord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.clear()
    act(player, game, "draw", htmx=True)
    act(player, game, "draw", htmx=True, version=0)  # out of date
    Client().get(f"/g/{game.public_id}/")
    player.get("/no/such/page/")
    lines = request_lines(caplog)
    assert [(line["method"], line["view"], line["status"], line["game"]) for line in lines] == [
        ("POST", "draw", "200", game.public_id),
        ("POST", "draw", "409", game.public_id),
        ("GET", "game", "200", game.public_id),
        ("GET", "-", "404", "-"),
    ]
    secrets = [morsel.value for morsel in player.cookies.values()]  # the session id and the CSRF token
    assert len(secrets) == 2 and not [secret for secret in secrets if secret in caplog.text]


@pytest.mark.django_db
def test_a_password_reset_link_is_logged_by_its_view_and_never_its_token(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    user = User.objects.create_user("ann", "ann@example.com", "x-long-password-1")
    uid, token = urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user)
    client.get(f"/accounts/reset/{uid}/{token}/")
    assert [(line["view"], line["status"]) for line in request_lines(caplog)] == [("password_reset_confirm", "302")]
    assert token not in caplog.text


SERVER_ERROR = """
import logging
logging.basicConfig(level=logging.INFO)  # as daphne's command line does before it loads the application
import django
django.setup()
from unittest import mock
from django.test import Client
logging.getLogger("games.actions").error("a game that does not replay, once")
with mock.patch("games.actions.load_for", side_effect=RuntimeError("a bug, once")):
    answer = Client(raise_request_exception=False).get("/g/SomeGame0000/", HTTP_HOST="127.0.0.1")
assert answer.status_code == 500
"""


@pytest.mark.parametrize("debug", ["False", "True"])
def test_an_error_is_logged_once_with_its_traceback(debug: str) -> None:
    """Through the site's logging configuration, in a server process of its own."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "DEBUG": debug, "LOG_LEVEL": "INFO"}
    done = subprocess.run([sys.executable, "-c", SERVER_ERROR], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    said = done.stderr
    assert said.count("a game that does not replay, once") == 1, said
    assert said.count("Traceback") == 1 and said.count("RuntimeError: a bug, once") == 1, said
    assert len(re.findall(r"GET game 500 \d+\.\d ms game=SomeGame0000", said)) == 1, said


CLIENT_FAULTS = """
import logging
logging.basicConfig(level=logging.INFO)
import django
django.setup()
from django.test import Client
client = Client(raise_request_exception=False)
assert client.get("/how-to-play/", HTTP_HOST="evil.example").status_code == 400
assert client.post("/new/", {"padding": "x" * 20_000}).status_code == 400
assert client.post("/new/", {f"f{number}": 1 for number in range(200)}).status_code == 400
"""


def test_a_clients_bad_request_is_one_warning_line_without_a_traceback() -> None:
    """A foreign Host, a body too big, too many fields: the client's fault, not the server's error."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "LOG_LEVEL": "INFO"}
    done = subprocess.run([sys.executable, "-c", CLIENT_FAULTS], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    said = done.stderr
    assert "Traceback" not in said and " ERROR " not in said, said
    for name in ("DisallowedHost", "RequestDataTooBig", "TooManyFieldsSent"):
        assert len(re.findall(rf" WARNING django\.security\.{name} ", said)) == 1, said
