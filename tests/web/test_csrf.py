"""CSRF is enforced on every state-changing endpoint."""

import re

import pytest
from django.test import Client

from games.models import GameRecord

pytestmark = pytest.mark.django_db


def test_posts_without_the_token_are_refused_and_change_nothing() -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/new/")
    assert client.post("/new/", {}).status_code == 403
    assert not GameRecord.objects.exists()


def test_with_the_token_from_the_page_the_same_posts_work() -> None:
    client = Client(enforce_csrf_checks=True)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get("/new/").content.decode())
    assert token
    response = client.post("/new/", {"csrfmiddlewaretoken": token.group(1)})
    assert response.status_code == 302
    game = GameRecord.objects.get()
    page = client.get(response["Location"]).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    for action in ("draw", "undo"):
        assert client.post(f"/g/{game.public_id}/{action}/", {"version": 0}).status_code == 403
    assert GameRecord.objects.get().log == ""
    client.post(f"/g/{game.public_id}/draw/", {"version": 0, "csrfmiddlewaretoken": token.group(1)})
    assert GameRecord.objects.get().log == "+"
