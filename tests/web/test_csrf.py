"""CSRF is enforced on every state-changing endpoint: a POST forged by another site, which the browser sends
with the player's own cookies but without the page's token, is refused and changes nothing."""

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core import mail
from django.test import Client

from games.models import GameRecord, Preferences
from games.web import reset_mail

pytestmark = pytest.mark.django_db

CODE = "TP1-E-TRIPEAK"
PASSWORD = "tri-peaks-2026-secret"
# Every endpoint that takes a POST, with the form a real page would send.
ENDPOINTS: dict[str, dict[str, object]] = {
    "/new/": {"code": "TP1-E-AAAAAAA"},
    "/new/easy/": {},
    "/g/{id}/tap/": {"version": 0, "position": 18},
    "/g/{id}/draw/": {"version": 0},
    "/g/{id}/undo/": {"version": 0},
    "/g/{id}/again/": {},
    "/settings/": {"highlight_playable": "on", "card_back": "plain"},
    "/i18n/setlang/": {"language": "it", "next": "/"},
    "/accounts/login/": {"username": "alice", "password": PASSWORD},
    "/accounts/signup/": {"username": "mallory", "password1": PASSWORD, "password2": PASSWORD},
    "/accounts/logout/": {},
    "/accounts/password/": {
        "old_password": PASSWORD,
        "new_password1": "x-" + PASSWORD,
        "new_password2": "x-" + PASSWORD,
    },
    "/accounts/reset/": {"email": "alice@example.com"},
}
FORGERIES = ["no token", "a made-up token", "the forger's own token"]  # the forger's: valid for their cookie


def everything() -> tuple[Any, ...]:
    """All a POST could change: games, accounts, sessions (who is signed in, the language), settings, mail."""
    reset_mail.wait_until_sent()
    return (
        list(GameRecord.objects.order_by("pk").values_list("public_id", "log", "user_id")),
        list(User.objects.order_by("pk").values_list("username", "password")),
        sorted(Session.objects.values_list("session_key", "session_data")),
        list(Preferences.objects.order_by("pk").values()),
        len(mail.outbox),
    )


def page_token(client: Client) -> str:
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get("/new/").content.decode())
    assert token
    return token[1]


def test_forged_posts_to_every_endpoint_are_refused_and_change_nothing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins
    alice = User.objects.create_user("alice", "alice@example.com", PASSWORD)
    player = Client(enforce_csrf_checks=True)
    player.force_login(alice)
    started = player.post("/new/", {"code": CODE, "csrfmiddlewaretoken": page_token(player)})
    assert started.status_code == 302
    game = GameRecord.objects.get(user=alice)
    tokens: dict[str, dict[str, str]] = {"no token": {}, "a made-up token": {"csrfmiddlewaretoken": "x" * 32}}
    tokens["the forger's own token"] = {"csrfmiddlewaretoken": page_token(Client(enforce_csrf_checks=True))}
    before = everything()

    sent, refused = [], []
    for path, form in ENDPOINTS.items():
        for forgery in FORGERIES:
            answer = player.post(path.format(id=game.public_id), {**form, **tokens[forgery]})
            sent.append((path, forgery))
            if answer.status_code == 403 and everything() == before:
                refused.append((path, forgery))
    assert len(sent) == len(ENDPOINTS) * len(FORGERIES) == 39
    assert refused == sent, [forged for forged in sent if forged not in refused]


def test_with_the_token_from_the_page_the_same_posts_work() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/new/", {"csrfmiddlewaretoken": page_token(client)})
    assert response.status_code == 302
    game = GameRecord.objects.get()
    client.post(f"/g/{game.public_id}/draw/", {"version": 0, "csrfmiddlewaretoken": page_token(client)})
    assert GameRecord.objects.get().log == "+"
