"""The regions drawn in Python (games/regions/): the actions' URLs are the
ones ``reverse`` gives, and a translation is written escaped, as the template engine would write it."""

from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse

from games.regions import play_area, words

from .helpers_play import post_action, start_game

pytestmark = [pytest.mark.django_db, pytest.mark.templates]

ACTIONS = ("tap", "draw", "undo", "hint")
MARKUP = '<b title="x">&'  # what a translation could hold, and must never bring into the page as markup


def test_the_forms_post_to_the_actions_urls(client: Client) -> None:
    public_id = start_game(client, "TP1-E-BENCHME")
    page = client.get(f"/g/{public_id}/").content.decode()
    for action in ACTIONS:
        assert f'action="{reverse(action, args=[public_id])}"' in page, action


@pytest.fixture
def words_looked_up_anew() -> Iterator[None]:
    """The board's words are looked up once per language: again under the test's gettext, and after it."""
    words.board_words.cache_clear()
    yield
    words.board_words.cache_clear()


@pytest.mark.usefixtures("words_looked_up_anew")
def test_translations_are_escaped_in_the_regions(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    public_id = start_game(client, "TP1-E-BENCHME")

    def marked(message: str) -> str:
        return MARKUP + message

    def marked_plural(singular: str, plural: str, count: int) -> str:
        return MARKUP + (singular if count == 1 else plural)

    monkeypatch.setattr(words, "gettext", marked)
    monkeypatch.setattr(play_area, "ngettext", marked_plural)
    answer = post_action(client, public_id, "draw", 0, htmx=True).content.decode()
    assert MARKUP not in answer
    escaped = "&lt;b title=&quot;x&quot;&gt;&amp;"
    for text in ("Stock", "Waste", "Undo", "Teach me", "Draw (", "Score", "Moves", "In progress"):
        assert escaped + text in answer, text
    watched = Client().get(f"/g/{public_id}/").content.decode()  # a watcher's board: the stock as a picture
    for text in ("Stock: ", "watching (read-only)"):
        assert escaped + text in watched, text
