"""The daily deal: the same for everyone on a day and another the next day, its code secret until the day
is over, one ranked attempt per registered player on the day's leaderboard, the daily streak."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

import engine
from games import clock
from games.live import events, seats
from games.models import GameRecord

from .conftest import act

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 30)


@pytest.fixture(autouse=True)
def on_day(monkeypatch: pytest.MonkeyPatch) -> list[datetime.date]:
    """The server's day, which a test moves by changing the list's one item."""
    day = [DAY]
    monkeypatch.setattr(clock, "today", lambda: day[0])
    return day


def play_daily(client: Client) -> GameRecord:
    response = client.post("/new/daily/")
    assert response.status_code == 302
    return GameRecord.objects.get(public_id=response["Location"].split("/")[2])


def test_two_players_get_the_same_deal_on_a_day_and_another_the_next_day(on_day: list[datetime.date]) -> None:
    first, second = play_daily(Client()), play_daily(Client())
    assert first.code == second.code and first.daily_date == second.daily_date == DAY
    on_day[0] = DAY + datetime.timedelta(days=1)
    assert play_daily(Client()).code != first.code
    record = first.replay()
    assert engine.solve(record).winnable and first.game_code.rule is engine.Level.DAILY.rule


def test_the_code_stays_secret_until_the_day_is_over(player: Client, on_day: list[datetime.date]) -> None:
    record = play_daily(player)
    act(player, record, "draw")
    watcher = Client()
    pages = {
        "game page": player.get(f"/g/{record.public_id}/"),
        "watcher's page": watcher.get(f"/g/{record.public_id}/"),
        "live regions": player.get(f"/g/{record.public_id}/live/"),
        "hint": player.get(f"/g/{record.public_id}/hint/", headers={"HX-Request": "true"}),
        "replay": player.get(f"/g/{record.public_id}/replay/?step=1"),
        "history": player.get("/history/"),
        "new game": player.get("/new/"),
        "leaderboard": player.get("/daily/"),
        "action": act(player, record, "draw", htmx=True),
    }
    frames = events.frames(record, record.replay(), seats.Audience(1, {"en-0": 1, "fr-1": 1}))
    letters = record.game_code.letters
    for where, response in pages.items():
        assert response.status_code == 200, where
        assert letters not in response.content.decode(), where
    assert not any(letters in frame for frame in frames.values())
    on_day[0] = DAY + datetime.timedelta(days=1)
    assert record.code in player.get(f"/g/{record.public_id}/").content.decode()
    assert record.code in player.get("/history/").content.decode()


def finish(record: GameRecord, score: int, seconds: int, status: str = "won") -> None:
    start = timezone.make_aware(datetime.datetime.combine(DAY, datetime.time(12)))
    GameRecord.objects.filter(pk=record.pk).update(
        status=status,
        score=score,
        first_action_at=start,
        finished=start + datetime.timedelta(seconds=seconds),
        created=start,
    )


def signed_in(name: str) -> Client:
    client = Client()
    client.force_login(User.objects.create_user(name, password="x-long-password-1"))
    return client


def test_the_leaderboard_ranks_each_players_first_attempt_best_score_then_fastest() -> None:
    ann, bob, cat, anonymous = signed_in("ann"), signed_in("bob"), signed_in("cat"), Client()
    finish(play_daily(ann), 900, 200)
    finish(play_daily(bob), 900, 150)  # as many points, faster
    finish(play_daily(cat), 400, 100, status="blocked")
    finish(play_daily(ann), 2000, 90)  # a later attempt: played, not ranked
    finish(play_daily(anonymous), 950, 300)
    html = anonymous.get("/daily/").content.decode()
    ranks = [row.split("<td>")[2].split("<")[0] for row in html.split("<tr data-rank=")[1:]]
    assert ranks == ["bob", "ann", "cat"]
    assert "2000" not in html
    assert 'data-place="1"' in html  # the anonymous player's 950 would have led
    assert "data-place" not in bob.get("/daily/").content.decode()


def test_the_new_game_page_shows_todays_daily_and_the_daily_streak(player: Client, on_day: list[datetime.date]) -> None:
    for offset in (2, 1, 0):
        on_day[0] = DAY - datetime.timedelta(days=offset)
        finish(play_daily(player), 500, 100)
        GameRecord.objects.filter(daily_date=on_day[0]).update(created=timezone.now())
    html = player.get("/new/").content.decode()
    assert 'data-daily="played"' in html and 'data-daily-streak="3"' in html
    on_day[0] = DAY + datetime.timedelta(days=1)  # today's not played yet: the streak still stands
    html = player.get("/new/").content.decode()
    assert 'data-daily="not-played"' in html and 'data-daily-streak="3"' in html
    on_day[0] = DAY + datetime.timedelta(days=2)  # a day missed
    assert 'data-daily-streak="0"' in player.get("/new/").content.decode()
