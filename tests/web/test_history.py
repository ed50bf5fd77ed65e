"""History: the player's games newest first, filters, pagination, totals."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import GameRecord
from games.players import Player, player_of
from games.store.history import totals

from .conftest import act, start_game

pytestmark = pytest.mark.django_db


def finish(game: GameRecord, status: str, score: int, minutes: int) -> None:
    GameRecord.objects.filter(pk=game.pk).update(
        log="+", status=status, score=score, finished=timezone.now() + timedelta(minutes=minutes)
    )


def test_totals_count_wins_rate_best_score_and_streaks(player: Client) -> None:
    results = [("won", 700), ("won", 720), ("blocked", 450), ("won", 760), ("won", 690), ("won", 705)]
    for minutes, (status, score) in enumerate(results):
        finish(start_game(player), status, score, minutes)
    act(player, start_game(player), "draw")  # one in progress: played, neither won nor lost, no streak effect
    start_game(player)  # opened and left untouched: not a game played
    page = player.get("/history/").content.decode()
    # One win rate everywhere, the chart's too: won over finished, 5 of 6.
    assert "Win rate over all your finished games of this kind: 83%" in page
    for total, value in [("played", 7), ("won", 5), ("win-rate", "83%"), ("best-free", 760), ("best-level", "–")]:
        assert f'data-total="{total}">{value}<' in page
    assert 'data-total="current-streak">3<' in page
    assert 'data-total="longest-streak">3<' in page
    level_game = start_game(player)
    GameRecord.objects.filter(pk=level_game.pk).update(level="medium")
    finish(level_game, "won", 2350, len(results))  # scored by streaks, with its level's multiplier
    page = player.get("/history/").content.decode()
    assert 'data-total="best-free">760<' in page and 'data-total="best-level">2350<' in page  # never one number


def test_streaks_follow_the_order_games_finished_in(player: Client) -> None:
    games = [start_game(player) for _ in range(4)]
    finish(games[0], "won", 700, 3)  # finished last
    finish(games[1], "won", 700, 0)
    finish(games[2], "blocked", 400, 1)
    finish(games[3], "won", 700, 2)
    request = player.get("/history/").wsgi_request
    figures = totals(GameRecord.objects.owned_by(player_of(request.user, request.session)))
    assert (figures.current_streak, figures.longest_streak, figures.won, figures.played) == (2, 2, 3, 4)


def test_newest_first_with_date_code_rule_result_score_moves_and_link(player: Client) -> None:
    first = start_game(player, "TP1-C-AAAAAAA")
    second = start_game(player, "TP1-E-AAAAAAB")
    html = player.get("/history/").content.decode()
    assert html.index(second.public_id) < html.index(first.public_id)
    for text in ("TP1-C-AAAAAAA", "Classic", "Easy", "In progress", f'href="/g/{first.public_id}/"', "<time"):
        assert text in html
    row_of = {row.split('"')[1]: row for row in html.split("<tr data-game=")[1:]}
    assert "<td>Classic</td>" in row_of[first.public_id] and "<td>Easy</td>" in row_of[second.public_id]


def test_filters_by_result_and_rule(player: Client) -> None:
    won = start_game(player, "TP1-C-AAAAAAA")
    finish(won, "won", 700, 0)
    blocked = start_game(player, "TP1-E-AAAAAAB")
    finish(blocked, "blocked", 400, 1)
    playing = start_game(player, "TP1-E-AAAAAAC")
    assert_listed(player, "?result=won", [won])
    assert_listed(player, "?result=blocked", [blocked])
    assert_listed(player, "?rule=E", [playing, blocked])
    assert_listed(player, "?rule=C&result=playing", [])


def assert_listed(client: Client, query: str, expected: list[GameRecord]) -> None:
    html = client.get(f"/history/{query}").content.decode()
    listed = [g for g in GameRecord.objects.all() if f'data-game="{g.public_id}"' in html]
    assert {g.pk for g in listed} == {g.pk for g in expected}


def test_paginated_by_twenty(player: Client) -> None:
    for _ in range(23):
        player.post("/new/", {})
    assert player.get("/history/").content.decode().count("data-game=") == 20
    page_two = player.get("/history/?page=2").content.decode()
    assert page_two.count("data-game=") == 3 and "Page 2 of 2" in page_two


def test_only_the_players_own_games_are_listed(player: Client, client: Client) -> None:
    mine = start_game(player)
    other = Client()
    theirs = start_game(other)
    html = player.get("/history/").content.decode()
    assert mine.public_id in html and theirs.public_id not in html
    assert "No games yet" in Client().get("/history/").content.decode()


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("America/Los_Angeles", "2026-11-30T01:12:00-08:00"),
        ("America%2FLos_Angeles", "2026-11-30T01:12:00-08:00"),  # as static/js/timezone.js writes it
        ("", "2026-11-30T09:12:00+00:00"),
        ("Mars/Olympus", "T09:12"),
    ],
)
def test_times_are_shown_in_the_players_time_zone(player: Client, zone: str, shown: str) -> None:
    game = start_game(player)
    act(player, game, "draw")
    moment = timezone.make_aware(datetime(2026, 11, 30, 9, 12), UTC)
    GameRecord.objects.filter(pk=game.pk).update(created=moment)
    player.cookies["tz"] = zone
    assert shown in player.get("/history/").content.decode()


@pytest.mark.parametrize(
    ("language", "shown"),
    [("bg", "30.11.2026 09:12"), ("it", "30/11/2026 09:12"), ("fr", "30/11/2026 09:12"), ("es", "30/11/2026 09:12")],
)
def test_times_are_written_in_the_language_s_own_order(client: Client, language: str, shown: str) -> None:
    game = start_game(client)
    act(client, game, "draw")
    moment = timezone.make_aware(datetime(2026, 11, 30, 9, 12), UTC)
    GameRecord.objects.filter(pk=game.pk).update(created=moment)
    assert shown in client.get("/history/", headers={"Accept-Language": language}).content.decode()


def test_a_player_not_yet_known_owns_no_game(player: Client) -> None:
    """No account and no token: not the anonymous games of some other player without a token."""
    GameRecord.objects.create(code="TP1-E-TRIPEAK", user=None, player_token="")
    assert not GameRecord.objects.owned_by(Player(user_id=None, token=None)).exists()
