"""How to play: reachable from every page in five languages; a first visit points at it until it is opened."""

import pytest
from django.test import Client

from .conftest import start_game

pytestmark = pytest.mark.django_db

TITLES = {
    "en": "How to play",
    "it": "Come si gioca",
    "es": "Cómo se juega",
    "bg": "Как се играе",
    "fr": "Comment jouer",
}


def test_every_page_links_how_to_play(player: Client) -> None:
    game = start_game(player)
    for url in ["/new/", f"/g/{game.public_id}/", "/history/", "/settings/", "/daily/", "/accounts/login/"]:
        assert 'href="/how-to-play/"' in player.get(url).content.decode(), url


@pytest.mark.parametrize("language", list(TITLES))
def test_how_to_play_speaks_each_language(client: Client, language: str) -> None:
    html = client.get("/how-to-play/", headers={"accept-language": language}).content.decode()
    assert f"<h1>{TITLES[language]}</h1>" in html
    assert html.count("<p>") >= 8


def test_a_first_visit_points_at_how_to_play_until_it_is_opened(client: Client) -> None:
    assert 'class="first-visit"' in client.get("/new/").content.decode()
    client.get("/how-to-play/")
    assert 'class="first-visit"' not in client.get("/new/").content.decode()
