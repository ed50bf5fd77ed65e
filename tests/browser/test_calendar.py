"""The Daily's calendar, records and medals in Chromium, as a returning player meets them: they win two Dailies on
their days (two days ago on a server whose clock is two days back, then today), the second's end card names the
record it beat; the day between, missed, waits on the calendar; played from there as its archive game it is
compared with that day's leaderboard (a friend ranked on it, on a server a day back); then the calendar marks each
day and the medals page shows what was earned. At 360 × 640 and 740 × 304, in two languages."""

import re
from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

import engine
from games.base import clock
from games.drawing.medals import MEDAL_WORDS, NEW_RECORD_WORDS
from games.store import daily
from tests.live_server import serving
from tests.web.helpers_play import actions_of

from .conftest import broken_words, play_line, sign_up
from .test_phone import PHONES, phone, sideways, turn

BACK = "tests.days_ago:application"  # the site, its day moved back by DAYS_AGO (tests/days_ago.py)


@pytest.fixture(scope="module")
def days_back(live_server_env: dict[str, str]) -> Iterator[dict[int, str]]:
    """Servers of the same site and database whose day is one and two days before today: their addresses."""
    with (
        serving({**live_server_env, "DAYS_AGO": "1"}, application=BACK) as one,
        serving({**live_server_env, "DAYS_AGO": "2"}, application=BACK) as two,
    ):
        yield {1: one.url, 2: two.url}


def win_the_daily(page: Page, server: str, day: date) -> str:
    """The daily of ``server``'s day, started from New game and won by the solver's line: the game's address."""
    page.goto(server + "/new/")
    page.click('button[data-level="daily"]')
    expect(page.locator("#status .level")).to_have_attribute("data-level", "daily")
    url = page.url
    line = actions_of(engine.solve(engine.Game.new(daily.daily_code(day))).line)
    play_line(page, url, line)
    expect(page.locator(".outcome.won")).to_be_visible()
    return url


def the_pages_fit(page: Page, addresses: list[str]) -> None:
    for address in addresses:
        page.goto(address)
        assert not broken_words(page), address
        assert not sideways(page), address


@pytest.mark.parametrize(("locale", "size"), [("en-GB", "360x640"), ("it-IT", "740x304")])
def test_a_returning_player_s_calendar_archive_game_record_and_medals(
    browser: Browser, server_url: str, days_back: dict[int, str], locale: str, size: str
) -> None:
    language = locale[:2]
    today = clock.today()
    two_ago, missed = today - timedelta(days=2), today - timedelta(days=1)
    with phone(browser, PHONES["360x640"], locale=locale) as friend:  # ranked on the day the player misses
        sign_up(friend, server_url)
        win_the_daily(friend, days_back[1], missed)
    with phone(browser, PHONES[size], locale=locale) as player:
        sign_up(player, server_url)
        win_the_daily(player, days_back[2], two_ago)
        win_the_daily(player, server_url, today)
        with translation.override(language):
            beaten = str(NEW_RECORD_WORDS["most_wins_in_a_row"]) % {
                "kind": translation.pgettext("level", "Daily"),
                "value": 2,
                "previous": 1,
            }
        expect(player.locator(".outcome.won .news").filter(has_text=beaten)).to_have_count(1)

        calendar = f"{server_url}/daily/calendar/?month={missed:%Y-%m}"
        player.goto(calendar)
        expect(player.locator(f'a[data-day="{missed}"]')).to_have_attribute("data-mark", "missed")
        player.locator(f'a[data-day="{missed}"]').click()
        ranked = player.locator("table.leaderboard tbody tr")
        expect(ranked.first).to_be_visible()  # the friend, and another test's on this server
        on_that_day = ranked.count()
        player.locator('[data-action="play-archive"]').click()
        expect(player.locator("#live [data-archive]")).to_be_visible()  # beside the counters, from the first card
        archive = player.url
        play_line(player, archive, actions_of(engine.solve(engine.Game.new(daily.daily_code(missed))).line))
        standing = player.locator(".outcome.won .standing")
        expect(standing).to_have_attribute("data-place", re.compile(r"^\d+$"))
        expect(standing).to_contain_text(f" {on_that_day} ")  # of the day's ranked games
        standing.locator('[data-action="day-leaderboard"]').click()
        expect(player.locator("p.place[data-archive]")).to_be_visible()

        marks = {two_ago: "won", missed: "won-later", today: "won"}
        for day, mark in marks.items():
            player.goto(f"{server_url}/daily/calendar/?month={day:%Y-%m}")
            expect(player.locator(f'[data-day="{day}"]')).to_have_attribute("data-mark", mark)
        expect(player.locator(f'[data-day="{today}"]')).to_have_attribute("data-stars", re.compile(r"^[123]$"))

        player.goto(server_url + "/medals/")
        with translation.override(language):
            titles = {name: str(MEDAL_WORDS[name][0]) for name in ("first_win", "won_daily", "archive_win")}
        for name, title in titles.items():
            expect(player.locator(f'[data-medal="{name}"][data-earned] strong')).to_have_text(title)
        expect(player.locator('[data-medal="daily_week"] progress')).to_have_attribute("value", "1")

        for viewport in (PHONES["360x640"], PHONES["740x304"]):
            turn(player, viewport)
            the_pages_fit(player, [calendar, f"{server_url}/daily/{missed}/", server_url + "/medals/", archive])
