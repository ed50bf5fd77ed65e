"""New game: a random deal, or a pasted code; a bad code is refused and nothing is created."""

import datetime
import re

import pytest
from django.test import Client
from django.utils import timezone

import engine
from games.models import GameRecord

from .conftest import act, start_game

pytestmark = pytest.mark.django_db


def test_the_new_game_page_offers_a_code_field_and_both_rules(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'name="code"' in html
    assert 'value="E"' in html and 'value="C"' in html


def test_a_random_deal_under_the_chosen_rule(client: Client) -> None:
    response = client.post("/new/", {"code": "", "rule": "C"})
    game = GameRecord.objects.get()
    assert response["Location"] == f"/g/{game.public_id}/"
    code = engine.GameCode.parse(game.code)
    assert (code.rule, game.rule, game.log, game.status, game.score) == (engine.Rule.CLASSIC, "C", "", "playing", 500)


def test_random_deals_default_to_easy_and_differ(client: Client) -> None:
    for _ in range(5):
        client.post("/new/", {})
    codes = set(GameRecord.objects.values_list("code", flat=True))
    assert len(codes) == 5
    assert all(code.startswith("TP1-E-") for code in codes)


@pytest.mark.parametrize(
    ("pasted", "stored"),
    [("TP1-E-TRIPEAK", "TP1-E-TRIPEAK"), (" tp1-c-tripeak ", "TP1-C-TRIPEAK"), ("TP1-N-TRIPEAK", "TP1-E-TRIPEAK")],
)
def test_a_pasted_code_deals_exactly_the_same_cards(client: Client, pasted: str, stored: str) -> None:
    game = start_game(client, pasted)
    assert game.code == stored
    assert game.replay().deal == engine.Game.new(engine.GameCode.parse("TP1-E-TRIPEAK")).deal


@pytest.mark.parametrize(
    ("pasted", "says"),
    [
        ("TP3-E-TRIPEAK", "Unknown version “TP3”: game codes start with TP1 or TP2."),
        ("TP1-X-TRIPEAK", "Unknown rule letter “X”"),
        ("TP1-E-TRIPEA", "has 7 letters (TP1) or 48 (TP2); “TRIPEA” does not"),
        ("TP2-E-TRIPEAK", "has 7 letters (TP1) or 48 (TP2); “TRIPEAK” does not"),
        ("TP2-E-" + "Z" * 48, "These 48 letters count past the last order of the deck: no deal has them."),
        ("TP1-E-TRIP3AK", "“3” is not a letter A–Z"),
        ("TP1-E-SHARE01", "“0” is not a letter A–Z"),  # named before the letters are counted
        ("hello", "A game code looks like TP1-E-ABCDEFG"),
    ],
)
def test_a_bad_code_gets_a_form_error_and_creates_nothing(client: Client, pasted: str, says: str) -> None:
    response = client.post("/new/", {"code": pasted})
    assert response.status_code == 400
    assert says in response.content.decode()
    assert pasted in response.content.decode()  # the field keeps what was typed
    assert not GameRecord.objects.exists()


def test_a_refused_code_is_said_in_the_field_s_own_words_region(client: Client) -> None:
    html = client.post("/new/", {"code": "TP1-E-SHARE01"}).content.decode()
    assert 'aria-describedby="code-check code-help" aria-invalid="true" autofocus>' in html
    assert re.search(
        r'<span id="code-check" class="code-check" role="status"><span class="errors" data-check="wrong" '
        r"hx-disable>“0” is not a letter A–Z.</span></span>",
        html,
    )
    assert '<span id="code-check" class="code-check" role="status"></span>' in client.get("/new/").content.decode()


@pytest.mark.parametrize(
    ("typed", "language", "said"),
    [
        ("TP1-E-SHARE0", "en", '<span class="errors" data-check="wrong" hx-disable>“0” is not a letter A–Z.</span>'),
        (
            "tp1-e-share0",
            "it",
            '<span class="errors" data-check="wrong" hx-disable>«0» non è una lettera dalla A alla Z.</span>',
        ),
        ("TP1-Q", "es", "Letra de regla desconocida «Q»"),
        ("TX", "fr", "Version inconnue « TX »"),
        ("<b>", "bg", "&lt;B&gt;"),  # what was typed is echoed escaped, under hx-disable
        (
            "TP1-C-TRIPEAK",
            "en",
            '<span class="help" data-check="whole" hx-disable>Ready to deal, under the Classic rule.</span>',
        ),
        (" tp2-e-" + "a" * 48, "bg", "Готово за раздаване, по правило „Лесен“."),
    ],
)
def test_a_code_is_checked_as_it_is_typed(client: Client, typed: str, language: str, said: str) -> None:
    response = client.get("/new/code/", {"code": typed}, headers={"Accept-Language": language, "HX-Request": "true"})
    assert response.status_code == 200
    assert said in response.content.decode()
    assert "<form" not in response.content.decode()  # the words alone, swapped into the field's region


@pytest.mark.parametrize("typed", ["", "T", "TP1-", "tp1-e", "TP1-E-TRIPEA", "TP2-C-" + "Z" * 47])
def test_a_code_that_can_still_become_one_is_not_refused_while_it_is_typed(client: Client, typed: str) -> None:
    assert client.get("/new/code/", {"code": typed}).content.decode().strip() == ""


def test_a_pasted_tp2_code_deals_its_whole_shuffle(client: Client) -> None:
    """The daily deal's code, shown once its day is over, deals the same cards again."""
    daily = engine.daily_code(datetime.date(2025, 1, 1), "tripeaks")
    game = start_game(client, f"  {str(daily).lower()} ")
    assert game.code == str(daily) and len(game.code) == 54
    assert game.replay().deal == engine.Game.new(daily).deal
    assert game.code in client.get(f"/g/{game.public_id}/").content.decode()


def test_the_code_field_can_be_prefilled_from_the_address(client: Client) -> None:
    assert 'value="TP1-C-TRIPEAK"' in client.get("/new/?code=TP1-C-TRIPEAK").content.decode()


def test_the_home_page_offers_the_game_in_progress_first(client: Client) -> None:
    assert "data-resume" not in client.get("/").content.decode()  # nothing to go on with
    won = start_game(client)
    GameRecord.objects.filter(pk=won.pk).update(status="won")
    earlier, latest = start_game(client), start_game(client)
    act(client, latest, "draw")
    GameRecord.objects.filter(pk=earlier.pk).update(updated=timezone.now() - datetime.timedelta(hours=1))
    html = client.get("/", headers={"Accept-Language": "es"}).content.decode()
    assert f'href="/g/{latest.public_id}/" data-resume="{latest.public_id}">Continuar: Partida libre</a>' in html
    assert "puntuación 499 tras 1 movimiento" in html
    assert html.index("data-resume") < html.index('class="levels"')  # before the levels
    assert "data-resume" not in Client().get("/").content.decode()  # another player's games are theirs
    medium = client.post("/new/medium/")["Location"].split("/")[2]
    html = client.get("/", headers={"Accept-Language": "es"}).content.decode()
    assert f'data-resume="{medium}">Continuar: Medio</a>' in html  # the mode named, the level's
