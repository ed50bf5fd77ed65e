"""How to play: reachable from every page in five languages; a first visit points at it until it is opened."""

import re

import pytest
from django.test import Client

import engine

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


def test_how_to_play_states_each_levels_time_bonus_multiplier_and_the_stars(client: Client) -> None:
    html = client.get("/how-to-play/").content.decode()
    for level in engine.Level:
        row = re.search(rf'<tr data-level="{level.value}">(.*?)</tr>', html)
        assert row, level
        assert f"<td>{level.time_limit // 60} minutes</td><td>×{level.multiplier}</td>" in row[1]
        assert ("K–A apart" if level.rule is engine.Rule.CLASSIC else "K–A adjacent") in row[1]
    rules = engine.STREAK_RULES
    two, three = rules.two_stars, rules.three_stars
    assert f"with {two} cards or more left in the stock, ★★; with {three} or more, ★★★" in html
    assert f"Each card left in the stock when you win: {rules.stock_card} points." in html
    assert f"Each whole second left of the level's time when you win: {rules.second} points." in html
