"""Records and medals as a player meets them: the end card's quiet lines when a game beats a record or earns a
medal, the medals page (earned, and how far from the others), History's records, an anonymous player's kept at
sign-up, and the words in every language."""

import re

import pytest
from django.test import Client

import engine
from engine.log import DRAW
from games.models import GameRecord

from .conftest import act, play_line, start_game
from .rooms import winnable_and_blocked_by_drawing

pytestmark = pytest.mark.django_db

PASSWORD = "x-long-password-1"


def symbols(actions: list[str]) -> str:
    """The log's symbols of actions as helpers_play gives them ("+", or a tap's position)."""
    return "".join(action if action == DRAW else engine.log.tap_symbol(int(action)) for action in actions)


def lose_then_win(player: Client) -> tuple[GameRecord, GameRecord]:
    """A game lost by drawing the whole stock, then one won by the solver's line, on the same deal."""
    code, line = winnable_and_blocked_by_drawing()
    lost = start_game(player, code)
    play_line(player, lost, DRAW * engine.STOCK_SIZE)
    won = start_game(player, code)
    play_line(player, won, symbols(line))
    return GameRecord.objects.get(pk=lost.pk), GameRecord.objects.get(pk=won.pk)


NEWS = re.compile(r'<p class="news" data-news>(?:<a href="/medals/" data-action="medals">)?([^<]*)')


def news(player: Client, record: GameRecord, **headers: str) -> list[str]:
    return NEWS.findall(player.get(f"/g/{record.public_id}/", headers=headers).content.decode())


def test_the_end_card_says_the_records_a_win_beat_and_the_medals_it_earned(player: Client) -> None:
    lost, won = lose_then_win(player)
    assert lost.status == "blocked" and won.status == "won"
    assert news(player, lost) == []  # a first game sets records, beats none; a loss earns no medal here
    said = news(player, won)
    assert f"New record at Free game: a score of {won.score} (was {lost.score})." in said
    assert said[-1] == "Medals earned: First win, Free game won, On your own."  # in one line, linked to the page


def test_the_end_card_answering_the_last_move_says_it_too(player: Client) -> None:
    code, line = winnable_and_blocked_by_drawing()
    record = start_game(player, code)
    *before, last = line
    for action in before:
        act(
            player,
            record,
            "draw" if action == DRAW else "tap",
            htmx=True,
            **({} if action == DRAW else {"position": action}),
        )
    answer = act(player, record, "tap", htmx=True, position=last).content.decode()
    assert "Medals earned: First win, Free game won, On your own." in answer


def test_the_medals_page_shows_each_medal_earned_with_its_game_and_how_far_the_others_are(player: Client) -> None:
    _, won = lose_then_win(player)
    html = player.get("/medals/").content.decode()
    earned = re.findall(r'<li data-medal="([a-z_0-9]+)" data-earned>', html)
    assert set(earned) == {"first_win", "won_free", "win_unaided"}
    assert f'href="/g/{won.public_id}/"' in html
    to_earn = dict(re.findall(r'<li data-medal="([a-z_0-9]+)" data-progress="(\d+)">', html))
    assert to_earn["games_10"] == "2" and to_earn["wins_25"] == "1" and len(to_earn) == len(engine.MEDALS) - 3
    assert '<progress max="10" value="2"' in html
    assert "3 of 30 earned" in html


def test_history_shows_the_records_of_each_kind_and_the_game_that_holds_each(player: Client) -> None:
    _, won = lose_then_win(player)
    html = player.get("/history/").content.decode()
    row = re.search(r'<tr data-kind="free">(.*?)</tr>', html, re.S)
    assert row is not None
    held = dict(re.findall(r'<td data-record="([a-z_]+)"><a href="/g/([^/]+)/">', row.group(1)))
    assert held["best_score"] == won.public_id and held["fastest_win"] == won.public_id
    assert "most_stars" not in held  # a free game earns none
    assert 'data-kind="easy"' not in html
    assert "Medals: 3 of 30 earned" in html


def test_an_anonymous_player_s_medals_join_the_account_they_sign_up_with(player: Client) -> None:
    lose_then_win(player)
    response = player.post("/accounts/signup/", {"username": "ann", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    html = player.get("/medals/").content.decode()
    assert set(re.findall(r'data-medal="([a-z_0-9]+)" data-earned', html)) == {"first_win", "won_free", "win_unaided"}


def test_no_games_no_medals(player: Client) -> None:
    html = player.get("/medals/").content.decode()
    assert "data-earned" not in html and "0 of 30 earned" in html


def test_the_end_card_s_lines_are_in_the_player_s_language(player: Client) -> None:
    _, won = lose_then_win(player)
    said = news(player, won, **{"Accept-Language": "it"})
    assert said[0].startswith("Nuovo record (Partita libera): punteggio di")
    assert said[-1].startswith("Medaglie ottenute: Prima vittoria, ")
