"""How to play: reachable from every page in five languages; a first visit points at it until it is opened, a game
has ended or the hint is dismissed."""

import re

import pytest
from django.test import Client

import engine
from games.models import GameRecord

from .conftest import act, start_game
from .helpers_play import blocked_by_drawing

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


def test_the_first_visit_hint_goes_once_a_game_has_ended(player: Client) -> None:
    game = start_game(player, blocked_by_drawing())
    act(player, game, "draw")
    assert 'class="first-visit"' in player.get("/new/").content.decode()  # a game under way: still new here
    GameRecord.objects.filter(pk=game.pk).update(log=engine.log.DRAW * (engine.STOCK_SIZE - 1))
    act(player, game, "draw")  # the stock's last card: blocked, a game played to its end
    assert GameRecord.objects.get(pk=game.pk).finished is not None
    assert 'class="first-visit"' not in player.get("/new/").content.decode()


def test_the_first_visit_hint_can_be_dismissed_and_leads_back(client: Client) -> None:
    page = client.get("/history/").content.decode()
    assert 'action="/how-to-play/dismiss/"' in page and 'aria-label="Hide this hint"' in page
    answer = client.post("/how-to-play/dismiss/", {"next": "/history/?page=2"})
    assert answer.status_code == 302 and answer["Location"] == "/history/?page=2"
    assert 'class="first-visit"' not in client.get("/history/").content.decode()
    assert 'href="/how-to-play/"' in client.get("/history/").content.decode()  # still in the menu
    for elsewhere in ("https://evil.example/", "//evil.example/"):
        assert client.post("/how-to-play/dismiss/", {"next": elsewhere})["Location"] == "/"
    assert client.get("/how-to-play/dismiss/").status_code == 405


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
