"""The levels (docs/rules.md §13) on the web: each mode's New game, streak scoring on the server's clock, the
end card, "Replay this deal", statistics per mode."""

import datetime
import json
import re

import pytest
from django.test import Client
from django.utils import timezone

import engine
from games.drawing.board import minutes
from games.live import events, presence
from games.models import GameRecord

from .conftest import act, play_line

pytestmark = pytest.mark.django_db

LEVELS = ["easy", "medium", "hard", "daily"]


def deal(client: Client, level: str) -> GameRecord:
    response = client.post(f"/new/{level}/")
    assert response.status_code == 302, response.content.decode()
    return GameRecord.objects.get(public_id=response["Location"].split("/")[2])


@pytest.mark.parametrize("level", LEVELS)
def test_each_mode_deals_a_winnable_game_of_its_level_under_its_rule(player: Client, level: str) -> None:
    record = deal(player, level)
    chosen = engine.Level(level)
    assert (record.level, record.game_code.rule, record.winnable) == (level, chosen.rule, True)
    assert engine.solve(record.replay()).winnable
    page = player.get(f"/g/{record.public_id}/").content.decode()
    assert f'data-level="{level}"' in page and 'data-counter="streak">0<' in page


def test_an_unknown_level_is_not_found_and_deals_nothing(player: Client) -> None:
    assert player.post("/new/expert/").status_code == 404
    assert player.get("/new/easy/").status_code == 405
    assert not GameRecord.objects.exists()


def test_the_new_game_page_offers_the_four_modes_and_the_free_game(player: Client) -> None:
    html = player.get("/new/").content.decode()
    for level in LEVELS:
        assert f'action="/new/{level}/"' in html
        terms = engine.Level(level)
        minutes, times = terms.time_limit // 60, terms.multiplier
        assert f'data-terms="{minutes} {times}">Time bonus within {minutes} minutes; score ×{times}.<' in html
    assert 'name="code"' in html and 'data-daily="not-played"' in html
    assert "Stars: a win earns ★; with 3 cards or more left in the stock, ★★; with 8 or more, ★★★." in html


@pytest.mark.parametrize("level", ["medium", "easy"])
def test_a_won_level_game_is_scored_by_streaks_on_the_servers_clock(
    player: Client, monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    record = deal(player, level)
    line = engine.solve(record.replay()).line
    start = timezone.now()
    clock = iter(start + datetime.timedelta(seconds=2 * step) for step in range(10_000))
    monkeypatch.setattr("games.models.timezone.now", lambda: next(clock))
    play_line(player, record, line)
    won = GameRecord.objects.get(pk=record.pk)
    game = won.replay()
    assert game.status is engine.Status.WON and won.first_action_at is not None and won.finished is not None
    seconds = (won.finished - won.first_action_at).total_seconds()
    expected = engine.streak_score(game, engine.Level(level), seconds)
    assert (won.score, won.best_streak, won.stars) == (expected.total, expected.best_streak, expected.stars)
    assert won.stars >= 1
    page = player.get(f"/g/{record.public_id}/").content.decode()
    for part, value in [("total", expected.total), ("streaks", expected.streak_points), ("time", expected.time_bonus)]:
        assert f'data-part="{part}">{value}<' in page
    multiplier = {"medium": 'data-part="multiplier">×2<', "easy": None}[level]  # ×1 goes unsaid
    assert (multiplier in page) if multiplier else ('data-part="multiplier"' not in page)
    assert f'data-stars="{won.stars}"' in page
    limit = engine.Level(level).time_limit
    assert shown_clock(page) == (minutes(seconds), minutes(limit - seconds), False)  # stopped at the win
    left = game.stock_count
    if expected.next_star:
        more, stars = expected.next_star.more_cards, expected.next_star.stars
        card = "card" if more == 1 else "cards"
        said = f"{left} left in the stock: {more} more {card} would have earned {stars} stars."
    else:
        said = f"{left} cards left in the stock: the most stars a win earns."
    assert f'<p class="why-stars" data-stock-left="{left}">{said}</p>' in page
    assert f'data-best-streak="{expected.best_streak}"' in page


def shown_clock(page: str) -> tuple[str, str, bool]:
    """The time and the time bonus left as the page shows them, and whether the clock runs."""
    time = re.search(r'<dd data-counter="time" data-seconds="[\d.]+"( data-running)?>([\d:]+)<', page)
    bonus = re.search(r'<span data-counter="time-bonus" data-limit="\d+">([\d:]+)<', page)
    assert time and bonus, page
    return time[2], bonus[1], bool(time[1])


def test_a_level_game_shows_its_time_on_the_servers_clock_and_the_time_bonus_left(
    player: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = deal(player, "easy")  # 4 minutes for the time bonus
    url = f"/g/{record.public_id}/"
    assert shown_clock(player.get(url).content.decode()) == ("0:00", "4:00", False)  # it starts with the first action
    now = timezone.now()
    monkeypatch.setattr("games.models.timezone.now", lambda: now)
    act(player, record, "draw")
    now += datetime.timedelta(seconds=75.4)
    assert shown_clock(player.get(url).content.decode()) == ("1:15", "2:44", True)
    answer = act(player, record, "draw", htmx=True).content.decode()  # each answer brings the server's figures
    assert 'data-seconds="75.4" data-running>1:15<' in answer
    now += datetime.timedelta(seconds=200)
    page = player.get(url).content.decode()
    assert shown_clock(page) == ("4:35", "0:00", True) and '<dd class="time-bonus over">' in page
    assert '<span class="spent">no bonus left</span>' in page  # shown instead of the figure, once it is past
    free = player.post("/new/", {"code": "TP1-E-TRIPEAK"})
    assert 'data-counter="time"' not in player.get(free["Location"]).content.decode()
    assert 'data-counter="time"' not in player.get(url + "replay/?step=1").content.decode()


def test_a_level_games_status_names_its_rule_by_what_it_does(player: Client) -> None:
    for level, rule in [("medium", "K–A adjacent"), ("hard", "K–A apart")]:
        page = player.get(f"/g/{deal(player, level).public_id}/").content.decode()
        assert f'<span class="rule">{rule}</span>' in page
    free = player.post("/new/", {"code": "TP1-E-TRIPEAK"})
    assert '<span class="rule">Easy</span>' in player.get(free["Location"]).content.decode()


def test_undo_takes_back_the_streak_and_its_points(player: Client) -> None:
    record = deal(player, "easy")
    while not (playable := GameRecord.objects.get(pk=record.pk).replay().playable()):
        act(player, record, "draw", htmx=True)  # a deal may open with no card to play: draw until one fits
    act(player, record, "tap", htmx=True, position=playable[0])
    tapped = GameRecord.objects.get(pk=record.pk)
    assert tapped.score == 10 and 'data-counter="streak">1<' in player.get(f"/g/{record.public_id}/").content.decode()
    act(player, record, "undo", htmx=True)
    assert GameRecord.objects.get(pk=record.pk).score == 0


@pytest.mark.parametrize("level", ["hard", "daily"])
def test_replay_this_deal_starts_the_same_deal_in_the_same_mode(player: Client, level: str) -> None:
    first = deal(player, level)
    act(player, first, "draw")
    response = player.post(f"/g/{first.public_id}/again/")
    again = GameRecord.objects.get(public_id=response["Location"].split("/")[2])
    assert (again.code, again.level, again.daily_date, again.log) == (first.code, first.level, first.daily_date, "")
    assert again.pk != first.pk


def test_history_gives_statistics_per_mode(player: Client) -> None:
    easy, hard = deal(player, "easy"), deal(player, "hard")
    GameRecord.objects.filter(pk=easy.pk).update(
        log="+", status="won", score=900, best_streak=7, stars=2, finished=timezone.now()
    )
    GameRecord.objects.filter(pk=hard.pk).update(
        log="+", status="blocked", score=300, best_streak=4, finished=timezone.now()
    )
    free = GameRecord.objects.get(public_id=player.post("/new/", {"code": "TP1-E-TRIPEAK"})["Location"].split("/")[2])
    act(player, free, "draw")
    deal(player, "medium")  # opened, never played: in no statistics
    html = player.get("/history/").content.decode()
    rows = {row.split('"')[1]: row.split("</tr>")[0] for row in html.split("<tr data-mode=")[1:]}
    assert set(rows) == {"free", "easy", "hard"}
    assert "<td>1</td><td>1</td><td>100%</td>" in rows["easy"] and "900" in rows["easy"]
    assert "<td>7</td><td>2</td>" in rows["easy"]
    assert "<td>1</td><td>0</td><td>0%</td>" in rows["hard"] and "300" in rows["hard"]
    assert "<td>1</td><td>0</td><td>–</td>" in rows["free"]  # in progress: no win rate yet
    assert len(player.get("/history/?mode=hard").content.decode().split("<tr data-game=")) == 2
    assert len(player.get("/history/?mode=free").content.decode().split("<tr data-game=")) == 2


def test_easy_games_ring_the_playable_cards_unless_the_player_turns_it_off(player: Client) -> None:
    easy = next(record for record in (deal(player, "easy") for _ in range(20)) if record.replay().playable())
    medium = deal(player, "medium")
    assert " playable" in player.get(f"/g/{easy.public_id}/").content.decode()
    assert " playable" not in player.get(f"/g/{medium.public_id}/").content.decode()
    player.post("/settings/", {"error_assistance": "on"})  # both highlight boxes unticked
    assert " playable" not in player.get(f"/g/{easy.public_id}/").content.decode()


def test_a_level_game_is_shared_and_watched_as_a_free_game_is(player: Client) -> None:
    record = deal(player, "hard")
    act(player, record, "draw")
    watched = Client().get(f"/g/{record.public_id}/").content.decode()
    assert "watching (read-only)" in watched and 'data-counter="streak">0<' in watched
    assert f"/ws/g/{record.public_id}/" in watched
    stored = GameRecord.objects.get(pk=record.pk)
    frames = events.frames(stored, stored.replay(), presence.Audience(0, {"en-0": 1}))
    html = json.loads(frames["en-0"])["html"]
    assert 'data-counter="streak">0<' in html and 'data-level="hard"' in html
