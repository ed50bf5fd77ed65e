"""The Daily's calendar (games/web/views/daily.py): each past day marked by what the player made of its deal, a
month won on its days earning its badge, a past day's leaderboard, and its deal played as its archive game, which
never ranks and mends no streak; bad days and months refused, changing nothing."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games.base import clock
from games.models import GameRecord
from games.store import daily
from tests.client_types import ClientResponse

from .conftest import act, play_line

pytestmark = pytest.mark.django_db

FIRST = datetime.date(2026, 11, 30)  # the first daily: November's last day


@pytest.fixture(autouse=True)
def on_day(monkeypatch: pytest.MonkeyPatch) -> list[datetime.date]:
    day = [FIRST]
    monkeypatch.setattr(clock, "today", lambda: day[0])
    return day


def redirected_to(response: ClientResponse) -> GameRecord:
    assert response.status_code == 302, response.content.decode()
    return GameRecord.objects.get(public_id=response["Location"].split("/")[2])


def win(client: Client, record: GameRecord) -> None:
    play_line(client, record, engine.solve(record.replay()).line)
    assert GameRecord.objects.get(pk=record.pk).status == engine.Status.WON


def marks(client: Client, month: str = "") -> dict[int, str]:
    html = client.get("/daily/calendar/" + (f"?month={month}" if month else "")).content.decode()
    found = re.findall(r'data-day="\d{4}-\d\d-(\d\d)" data-mark="([a-z-]+)"', html)
    return {int(day): mark for day, mark in found}


def signed_in(name: str) -> Client:
    client = Client()
    client.force_login(User.objects.create_user(name, password="x-long-password-1"))
    return client


def test_each_day_is_marked_and_a_month_won_on_its_days_earns_its_badge(on_day: list[datetime.date]) -> None:
    player = Client()
    win(player, redirected_to(player.post("/new/daily/")))  # November's one daily, won on its day
    on_day[0] = datetime.date(2026, 12, 1)
    act(player, redirected_to(player.post("/new/daily/")), "draw")  # played, not won
    on_day[0] = datetime.date(2026, 12, 3)  # the 2nd missed
    december = marks(player)
    assert {day: december[day] for day in (1, 2, 3, 4)} == {1: "played", 2: "missed", 3: "today", 4: "none"}
    html = player.get("/daily/calendar/").content.decode()
    assert 'data-month="earlier"' in html and 'data-month="later"' not in html and "data-badge" not in html
    assert 'href="/daily/2026-12-02/"' in html and 'href="/daily/2026-12-04/"' not in html
    november = player.get("/daily/calendar/?month=2026-11").content.decode()
    assert marks(player, "2026-11")[30] == "won" and marks(player, "2026-11")[29] == "none"
    assert re.search(r'data-mark="won" data-stars="[123]"', november)
    assert "data-badge" in november and 'data-month="later"' in november and 'data-month="earlier"' not in november
    assert "data-badge" not in Client().get("/daily/calendar/?month=2026-11").content.decode()  # another player's


def test_a_missed_day_s_deal_is_its_archive_game_never_ranked_and_it_mends_no_streak(
    on_day: list[datetime.date],
) -> None:
    ann, bob = signed_in("ann"), signed_in("bob")
    win(ann, redirected_to(ann.post("/new/daily/")))
    on_day[0] = FIRST + datetime.timedelta(days=1)
    win(bob, redirected_to(bob.post("/new/daily/")))  # bob ranks on the day ann missed
    on_day[0] = FIRST + datetime.timedelta(days=2)
    missed = FIRST + datetime.timedelta(days=1)
    page = ann.get(f"/daily/{missed}/").content.decode()
    assert "Leaderboard of" in page and 'data-action="play-archive"' in page and "data-next-deal" not in page
    archive = redirected_to(ann.post(f"/daily/{missed}/play/"))
    assert (archive.archive, archive.ranked, archive.daily_date) == (True, False, missed)
    assert archive.code == str(daily.daily_code(missed))
    assert "data-archive" in ann.get(f"/g/{archive.public_id}/").content.decode()  # beside its counters
    win(ann, archive)
    end = ann.get(f"/g/{archive.public_id}/").content.decode()
    assert re.search(r"Archive game of [^:]+: it would have placed [12] of 1 on that day&#x27;s leaderboard", end)
    assert f'href="/daily/{missed}/"' in end
    assert [entry.name for entry in daily.leaderboard(missed)] == ["bob"]
    assert marks(ann)[missed.day] == "won-later"
    assert 'data-daily-streak="0"' in ann.get("/new/").content.decode()  # the 30th's win stands alone
    assert "Your archive game of this deal" in ann.get(f"/daily/{missed}/").content.decode()
    history = ann.get("/history/").content.decode()
    row = re.search(rf'<tr data-game="{archive.public_id}">(.*?)</tr>', history, re.S)
    assert row is not None and "data-archive" in row.group(1)  # marked in the list of games, and by its day
    assert re.search(rf'<tr data-day="{missed}">.*?data-archive', history, re.S)


def test_an_archive_game_on_a_day_nobody_ranked_says_so(on_day: list[datetime.date]) -> None:
    player = Client()
    act(player, redirected_to(player.post("/new/daily/")), "draw")
    on_day[0] = FIRST + datetime.timedelta(days=1)
    archive = redirected_to(player.post(f"/daily/{FIRST}/play/"))
    win(player, archive)
    assert "nobody was ranked on that day" in player.get(f"/g/{archive.public_id}/").content.decode()
    assert "Nobody was ranked on that day." in player.get(f"/daily/{FIRST}/").content.decode()


@pytest.mark.parametrize(
    "day", ["2026-13-01", "yesterday", "2026-11-29", "2026-12-02", "2026-11-30x", "20261130", "2026-W48-1"]
)
def test_a_day_without_a_past_deal_is_not_found_and_plays_nothing(on_day: list[datetime.date], day: str) -> None:
    player = Client()
    redirected_to(player.post("/new/daily/"))  # the first daily: the 30th
    on_day[0] = datetime.date(2026, 12, 1)
    games = GameRecord.objects.count()
    assert player.get(f"/daily/{day}/").status_code == 404
    assert player.post(f"/daily/{day}/play/").status_code == 404
    assert GameRecord.objects.count() == games


def test_today_leads_to_today_s_leaderboard_and_plays_nothing_from_the_calendar() -> None:
    player = Client()
    redirected_to(player.post("/new/daily/"))
    assert player.get(f"/daily/{FIRST}/")["Location"] == "/daily/"
    assert player.post(f"/daily/{FIRST}/play/")["Location"] == "/daily/"
    assert player.get(f"/daily/{FIRST}/play/").status_code == 405
    assert GameRecord.objects.count() == 1


@pytest.mark.parametrize("month", ["2026-10", "2027-01", "2026-13", "soon", "2026-11-01", "202611", "2026-W48"])
def test_a_month_the_calendar_does_not_show_is_not_found(month: str) -> None:
    redirected_to(Client().post("/new/daily/"))
    assert Client().get(f"/daily/calendar/?month={month}").status_code == 404


def test_a_month_whose_first_daily_and_today_both_fall_inside_it_is_shown(on_day: list[datetime.date]) -> None:
    on_day[0] = datetime.date(2026, 12, 3)
    redirected_to(Client().post("/new/daily/"))
    on_day[0] = datetime.date(2026, 12, 5)
    assert Client().get("/daily/calendar/?month=2026-12").status_code == 200


def test_a_past_day_s_page_gives_the_archive_game_s_share_of_par_once_found(on_day: list[datetime.date]) -> None:
    player = Client()
    act(player, redirected_to(player.post("/new/daily/")), "draw")
    on_day[0] = FIRST + datetime.timedelta(days=1)
    archive = redirected_to(player.post(f"/daily/{FIRST}/play/"))
    win(player, archive)
    assert "data-par-percent=" not in player.get(f"/daily/{FIRST}/").content.decode().split("<table")[0]
    GameRecord.objects.filter(pk=archive.pk).update(par_percent=87)  # as the end card's par request leaves it
    assert '<span data-par-percent="87">Share of par: 87%.</span>' in player.get(f"/daily/{FIRST}/").content.decode()


def test_an_archive_win_after_today_s_is_no_daily_win_in_a_row_and_its_end_card_says_so(
    on_day: list[datetime.date],
) -> None:
    """Today's Daily won, then a past day's archive game won: the Daily's wins in a row stay at one, on History and
    on the archive game's end card, which says what an archive game counts for."""
    ann = signed_in("ann")
    act(Client(), redirected_to(Client().post("/new/daily/")), "draw")  # the site's first daily: the calendar's
    on_day[0] = FIRST + datetime.timedelta(days=1)
    today = redirected_to(ann.post("/new/daily/"))
    win(ann, today)
    archive = redirected_to(ann.post(f"/daily/{FIRST}/play/"))
    win(ann, archive)
    end = ann.get(f"/g/{archive.public_id}/").content.decode()
    assert not re.search(r"data-news>[^<]*wins in a row", end)
    assert "An archive game counts for no leaderboard, no Daily wins in a row and no month's badge." in end
    assert "data-archive-counts" not in ann.get(f"/g/{today.public_id}/").content.decode()
    history = ann.get("/history/").content.decode()
    daily_row = re.search(r'<tr data-kind="daily">(.*?)</tr>', history, re.S)
    assert daily_row is not None
    held = re.search(r'data-record="most_wins_in_a_row"><a href="/g/([^/]+)/">(\d+)</a>', daily_row.group(1))
    assert held is not None and held.groups() == (today.public_id, "1")
