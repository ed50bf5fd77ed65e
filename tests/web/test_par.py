"""A deal's par on the end card (docs/solver.md "Par"): found once a game is over, once for every game of its deal,
with the game's share of it; the par line, a step-through replay that opens once the game is over and its deal is
no longer secret."""

import dataclasses
import datetime
import re
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games.base import clock
from games.drawing.cards import card_label
from games.drawing.explanations import lost_points
from games.models import DealPar, GameRecord
from tests.client_types import ClientResponse

from .conftest import act, play_line, start_game
from .helpers_play import blocked_by_drawing
from .rooms import game_of, join, make_room, move_back, started

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PAR_WORDS = re.compile(
    r"Par for this deal, the best score possible: (\d+) points(?: before the time bonus)?; "
    r"you scored (\d+) \((\d+)%\)\."
)


def par_region(client: Client, record: GameRecord) -> ClientResponse:
    return client.get(f"/g/{record.public_id}/par/", headers=HTMX)


def shown_par(html: str) -> tuple[int, int, int]:
    """Par, the player's score and their share, as the end card says them."""
    found = PAR_WORDS.search(html)
    assert found, html
    par, mine, percent = (int(figure) for figure in found.groups())
    return par, mine, percent


def shown_score(html: str) -> int:
    found = re.search(r'data-counter="score">(\d+)<', html)
    assert found
    return int(found.group(1))


def drawn_out(client: Client) -> GameRecord:
    """A free game blocked by drawing the whole stock: far from its par."""
    record = start_game(client, blocked_by_drawing())
    play_line(client, record, engine.log.DRAW * engine.layout.STOCK_SIZE)
    return GameRecord.objects.get(pk=record.pk)


def test_a_finished_free_games_end_card_gives_its_deals_par_and_its_share(player: Client) -> None:
    record = drawn_out(player)
    page = player.get(f"/g/{record.public_id}/").content.decode()
    assert f'hx-get="/g/{record.public_id}/par/" hx-trigger="load"' in page  # the end card asks, once shown
    assert "What is this deal's par?" in page  # and without JavaScript, a link asks
    expected = engine.par(engine.Game.new(record.game_code), engine.Scoring.POINTS)
    par, mine, percent = shown_par(par_region(player, record).content.decode())
    assert (par, mine, percent) == (expected.score, record.score, record.score * 100 // expected.score)
    assert percent < 100
    record.refresh_from_db()
    assert record.par_percent == percent
    assert DealPar.objects.get(code=record.code, scoring="points").line == expected.line
    page = player.get(f"/g/{record.public_id}/").content.decode()
    assert shown_par(page) == (par, mine, percent) and f'hx-get="/g/{record.public_id}/par/"' not in page  # stored
    act(player, record, "undo")  # reopening the game drops its share until it ends again
    record.refresh_from_db()
    assert record.par_percent is None


def test_a_deals_par_is_found_once_for_all_its_games(player: Client) -> None:
    first = drawn_out(player)
    par_region(player, first)
    other = Client()
    second = start_game(other, first.code)
    line = engine.solve(second.replay()).line
    with mock.patch("games.solver.pool.par", side_effect=AssertionError("the par was found again")):
        play_line(other, second, line)  # won: at par or under it
        par, mine, percent = shown_par(par_region(other, second).content.decode())
    second.refresh_from_db()
    assert (mine, second.par_percent) == (second.score, percent) and mine <= par
    assert DealPar.objects.count() == 1


def test_nothing_of_par_is_shown_or_found_while_the_game_is_played(player: Client) -> None:
    record = start_game(player)
    act(player, record, "draw")
    with mock.patch("games.solver.pool.par", side_effect=AssertionError("par was asked in play")):
        page = player.get(f"/g/{record.public_id}/").content.decode()
        region = par_region(player, record).content.decode()
        closed = player.get(f"/g/{record.public_id}/par/line/?step=1")
    assert "/par/" not in page and "Par for this deal" not in region
    assert closed.status_code == 403
    assert "it opens once this game is over" in closed.content.decode()
    assert not DealPar.objects.exists()
    answer = act(player, record, "draw", htmx=True).content.decode()
    assert "/par/" not in answer


def test_the_par_line_steps_through_to_par(player: Client) -> None:
    record = drawn_out(player)
    deal_par = engine.par(engine.Game.new(record.game_code), engine.Scoring.POINTS)
    page = player.get(f"/g/{record.public_id}/par/", headers=HTMX).content.decode()  # found at the end card
    assert f'href="/g/{record.public_id}/par/line/?step=0"' in page and "Show the par line" in page
    last = len(deal_par.line)
    for step in (0, last // 2, last):
        html = player.get(f"/g/{record.public_id}/par/line/?step={step}").content.decode()
        played = engine.Game.replay(record.game_code, deal_par.line[:step])
        assert shown_score(html) == played.score
        assert "<title>Par line of" in html
    assert shown_score(html) == deal_par.score


def test_a_level_games_par_counts_streaks_with_its_multiplier_and_no_time_bonus(player: Client) -> None:
    record = GameRecord.objects.get(public_id=player.post("/new/medium/")["Location"].split("/")[2])
    play_line(player, record, engine.solve(record.replay()).line)
    record.refresh_from_db()
    game = record.replay()
    timed = engine.streak_score(game, engine.Level.MEDIUM, record.seconds())
    assert timed.time_bonus > 0 and timed.multiplier == 2
    html = par_region(player, record).content.decode()
    assert "points before the time bonus" in html
    expected = engine.par(engine.Game.new(record.game_code), engine.Scoring.STREAK).score * 2
    untimed = timed.total - timed.time_bonus * 2
    assert shown_par(html) == (expected, untimed, untimed * 100 // expected)
    last = player.get(f"/g/{record.public_id}/par/line/").content.decode()  # the last step: par, with no time bonus
    assert shown_score(last) == expected


def test_a_ranked_dailys_par_shows_on_its_end_card_and_leaderboard_and_its_line_opens_when_the_day_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    day = [clock.today()]
    monkeypatch.setattr(clock, "today", lambda: day[0])
    player = Client()
    player.force_login(User.objects.create_user("ann", password="x-long-password-1"))
    record = GameRecord.objects.get(public_id=player.post("/new/daily/")["Location"].split("/")[2])
    play_line(player, record, engine.solve(record.replay()).line)
    par, _mine, percent = shown_par(par_region(player, record).content.decode())
    assert "Show the par line" not in par_region(player, record).content.decode()  # not while the day lasts
    board = player.get("/daily/").content.decode()
    assert f'data-par-percent="{percent}">{percent}%<' in board
    url = f"/g/{record.public_id}/par/line/?step=1"
    closed = player.get(url)
    assert closed.status_code == 403 and "The deal stays secret until its day is over" in closed.content.decode()
    assert record.game_code.letters not in closed.content.decode()
    day[0] += datetime.timedelta(days=1)
    opened = player.get(url)
    assert opened.status_code == 200 and record.code in opened.content.decode()
    assert par == DealPar.objects.get(code=record.code).score * engine.Level.DAILY.multiplier


def test_history_gives_each_games_share_of_par_and_charts_it(player: Client) -> None:
    record = drawn_out(player)
    untold = drawn_out(player)  # its end card never asked
    par_region(player, record)
    record.refresh_from_db()
    assert record.par_percent is not None
    html = player.get("/history/").content.decode()
    assert f'data-par-percent="{record.par_percent}">{record.par_percent}%<' in html
    assert 'data-par-percent="">–<' in html and untold.par_percent is None
    assert 'data-chart="par-chart"' in html


def test_a_challenges_results_give_each_players_share_of_par_once_it_is_over() -> None:
    ann, bob = Client(), Client()
    room = make_room(ann)
    join(bob, room, "Bob")
    started(ann, room)
    anns = game_of(room, "Ann")
    play_line(ann, anns, engine.solve(anns.replay()).line[:12])
    racing = ann.get(f"/c/{room.public_id}/").content.decode()
    ann.get(f"/c/{room.public_id}/par/", headers=HTMX)
    assert f"/c/{room.public_id}/par/" not in racing and "Of par" not in racing and not DealPar.objects.exists()
    move_back(room, 600)  # the time is up
    over = ann.get(f"/c/{room.public_id}/").content.decode()
    assert f'hx-get="/c/{room.public_id}/par/"' in over
    results = ann.get(f"/c/{room.public_id}/par/", headers=HTMX).content.decode()
    par = engine.par(engine.Game.new(room.game_code), engine.Scoring.STREAK).score
    terms = engine.Terms(room.game_code.rule, room.time_limit, 1)
    mine = engine.streak_score(game_of(room, "Ann").replay(), terms, room.time_limit).total
    assert 0 < mine < par
    assert f'data-par-percent="{mine * 100 // par}">{mine * 100 // par}%<' in results
    assert 'data-par-percent="0">0%<' in results  # Bob never played
    assert "hx-get" not in results  # it asks once
    page = ann.get(f"/c/{room.public_id}/").content.decode()
    assert f'href="/g/{anns.public_id}/par/line/?step=0"' in page


def test_the_replay_of_a_finished_game_says_where_its_points_went(player: Client) -> None:
    playing = start_game(player)
    act(player, playing, "draw")
    assert "Where the points went" not in player.get(f"/g/{playing.public_id}/replay/").content.decode()
    record = drawn_out(player)
    page = player.get(f"/g/{record.public_id}/replay/?step=0").content.decode()
    assert "Where the points went" in page and f'hx-get="/g/{record.public_id}/losses/"' in page
    region = player.get(f"/g/{record.public_id}/losses/", headers=HTMX).content.decode()
    expected = engine.losses(record.replay(), engine.Scoring.POINTS)
    assert len(expected) == 3
    versions = engine.standing_versions(record.log)
    for loss in expected:
        card = card_label(record.replay().deal[engine.log.POSITION_OF_SYMBOL[loss.instead]])
        said = f"Action {versions[loss.index]}, a draw, cost {loss.points} points: the {card} fitted there."
        assert f'?step={versions[loss.index] - 1}">{said}</a>' in region
    assert "hx-get" not in region  # asked once
    record.refresh_from_db()
    assert record.par_losses == [dataclasses.asdict(loss) for loss in expected]
    with mock.patch("games.solver.pool.losses", side_effect=AssertionError("found again")):
        assert said in player.get(f"/g/{record.public_id}/replay/").content.decode()  # kept


def test_where_the_points_went_is_said_for_each_kind_of_loss_with_the_levels_multiplier() -> None:
    record = GameRecord(code="TP1-E-TRIPEAK", level="medium", log="+-++")  # two draws standing: actions 3 and 4
    deal = record.replay().deal
    card = {position: card_label(deal[position]) for position in (20, 21)}
    said = {
        engine.Loss(0, "+", 10, "k", 4): f"Action 3, a draw, cost 20 points: the {card[20]} fitted and led to a "
        "streak of 4.",
        engine.Loss(1, "l", 15, "+", 2): f"Action 4, the {card[21]}, cost 30 points: a draw, then a streak of 2.",
        engine.Loss(1, "l", 15, "+", 0): f"Action 4, the {card[21]}, cost 30 points: a draw was the better play.",
        engine.Loss(
            1, "l", 5, "k", 3
        ): f"Action 4, the {card[21]}, cost 10 points: the {card[20]} led to a streak of 3.",
    }
    for loss, words in said.items():
        record.par_losses = [dataclasses.asdict(loss)]
        (lost,) = lost_points(record, record.replay())
        assert (lost.step, lost.said) == (loss.index + 2, words)
