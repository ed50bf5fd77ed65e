"""The htmx answers of games/web/answers.py: drawn without the template context processors, yet with what the
regions read of them: a working CSRF token in the owner's forms, and the messages a redirect left."""

import re
from typing import Any

import pytest
from django.conf import settings
from django.http import HttpRequest
from django.test import Client, override_settings

from games.models import GameRecord

from .helpers_play import HTMX, post_action, shown_version

pytestmark = pytest.mark.django_db

processed: list[str] = []


def counting_processor(request: HttpRequest) -> dict[str, Any]:
    processed.append(request.path)
    return {}


def counted_templates() -> list[dict[str, Any]]:
    engine: dict[str, Any] = {**settings.TEMPLATES[0]}
    options: dict[str, Any] = {**engine["OPTIONS"]}
    options["context_processors"] = [*options["context_processors"], f"{__name__}.counting_processor"]
    return [{**engine, "OPTIONS": options}]


def test_an_actions_answer_runs_no_context_processor(player: Client, game: GameRecord) -> None:
    processed.clear()
    with override_settings(TEMPLATES=counted_templates()):
        page = player.get(f"/g/{game.public_id}/")
        answer = post_action(player, game.public_id, "draw", 0, htmx=True)
        live = player.get(f"/g/{game.public_id}/live/", headers=HTMX)
    assert page.status_code == answer.status_code == live.status_code == 200
    assert processed == [f"/g/{game.public_id}/"]  # the page's; the answers drew none


def test_the_forms_of_an_answer_carry_a_token_that_posts(game: GameRecord) -> None:
    player = Client(enforce_csrf_checks=True)
    page = player.get("/new/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token
    started = player.post("/new/", {"code": "TP1-E-TRIPEAK", "csrfmiddlewaretoken": token[1]})
    public_id = started["Location"].strip("/").split("/")[-1]
    # A page out of date gets every region again, its forms with them.
    answer = post_action(player, public_id, "draw", 7, htmx=True, csrfmiddlewaretoken=token[1]).content.decode()
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', answer))
    assert len(tokens) == 1 and token[1] not in tokens  # one token for the answer's forms, masked anew
    again = post_action(player, public_id, "draw", shown_version(answer), htmx=True, csrfmiddlewaretoken=tokens.pop())
    assert again.status_code == 200


def test_an_answer_shows_the_messages_a_redirect_left(player: Client, game: GameRecord) -> None:
    post_action(player, game.public_id, "undo", 0)  # without JavaScript: a message, then a redirect not followed
    answer = post_action(player, game.public_id, "draw", 0, htmx=True).content.decode()
    notice = answer[answer.index('id="notice"') :]
    assert "There is nothing to undo" in notice[: notice.index("</div>")]
