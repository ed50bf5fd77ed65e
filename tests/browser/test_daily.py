"""The Daily in Chromium, as a player who wants to top it: the first game started ranks, its end card gives
its place and leads to the day's leaderboard (time, moves, and the flag of a game played faster than a person
can), a second attempt is announced as practice, and a friend with the game's link sees no card of the deal
until the day is over."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

import engine
from games.base import clock
from games.drawing.cards import spoken_name_in
from games.store import daily
from tests.web.helpers_play import actions_of

from .conftest import broken_words, checked_page, play_line, sign_up
from .test_phone import PHONES, overlap, phone

BOTTOM_ROW = range(18, 28)


def the_day_s_deal(page: Page, language: str = "en") -> engine.Game:
    """The day's deal from the server's secret (the tests share its settings), checked against the page: its
    face-up bottom row shows the same cards."""
    game = engine.Game.new(daily.daily_code(clock.today()))
    shown = [page.locator(f'#board [data-position="{p}"]').get_attribute("aria-label") for p in BOTTOM_ROW]
    with translation.override(language):
        assert shown == [spoken_name_in(game.deal[p], language) for p in BOTTOM_ROW]
    return game


def test_a_daily_ranks_its_first_game_and_keeps_its_cards_from_others_until_the_day_ends(
    browser: Browser, server_url: str
) -> None:
    with checked_page(browser) as player:
        sign_up(player, server_url)
        player.goto(server_url + "/new/")
        expect(player.locator('[data-daily="practice"]')).to_have_count(0)  # the first one will rank
        player.click('button[data-level="daily"]')
        expect(player.locator("#status .level")).to_have_attribute("data-level", "daily")
        game_url, game = player.url, the_day_s_deal(player)
        line = actions_of(engine.solve(game).line)
        play_line(player, game_url, line)  # at a program's pace, as a cheat would post it

        standing = player.locator(".outcome.won .standing")
        expect(standing).to_have_attribute("data-ranked", "1")
        expect(standing).to_have_text(re.compile(r"^On the day's leaderboard: \d+ of \d+\.\s+Today's leaderboard$"))
        expect(player.locator(".outcome.won [data-too-fast]")).to_be_visible()
        standing.get_by_role("link", name="Today's leaderboard").click()
        mine = player.locator("table.leaderboard tr.mine")
        expect(mine).to_have_count(1)
        expect(mine.locator("td").nth(4)).to_have_text(re.compile(r"^\d+:\d\d$"))  # after the share of par
        expect(mine.locator("td").nth(5)).to_have_text(str(len(line)))  # the moves
        expect(mine.locator("td").nth(6)).to_have_text("Won · faster than a person can play")

        player.goto(server_url + "/new/")
        expect(player.locator('[data-daily="practice"]')).to_have_text(
            "Your ranked daily game of today is played: another one is practice."
        )

    friend = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # no account, no cookie
    for url in (game_url, game_url + "replay/?step=0"):
        answer = friend.goto(url)
        assert answer is not None and answer.status == 403
        expect(friend.get_by_role("heading", level=1)).to_have_text("Open after the day ends")
        expect(friend.locator("[data-error-message]")).to_contain_text("the game opens to everyone at")
        expect(friend.locator(".card, #board, #live")).to_have_count(0)
    friend.context.close()


NARROWEST = [(locale, "320x568") for locale in ("en-GB", "it-IT", "es-ES", "bg-BG", "fr-FR")]


@pytest.mark.parametrize(("locale", "size"), [*NARROWEST, ("it-IT", "360x640"), ("es-ES", "740x304")])
def test_a_signed_out_daily_says_it_is_practice_before_it_starts_and_beside_the_clock_after(
    browser: Browser, server_url: str, locale: str, size: str
) -> None:
    with phone(browser, PHONES[size], locale=locale) as player:
        player.goto(server_url + "/new/")
        before = player.locator('[data-daily="practice"]')
        before.scroll_into_view_if_needed()
        expect(before).to_be_visible()  # said by the Daily's button, before the game exists
        player.click('button[data-level="daily"]')
        expect(player.locator("#status .level")).to_have_attribute("data-level", "daily")
        upright = PHONES[size]["width"] <= 480
        practice = player.locator(f"#live [data-practice] > {'.short' if upright else '.said'}")  # one word upright
        expect(practice).to_be_in_viewport()
        for line in ("#status", "#live"):  # the level and the practice word, neither cut with "…"
            assert player.locator(line).evaluate("line => line.scrollWidth <= line.clientWidth"), line
        expect(player.locator("#notice p")).to_have_count(0)  # nothing over the head or the table
        head = {part: player.locator(part).bounding_box() for part in ("#counters", ".game-menu > summary")}
        shown = practice.bounding_box()
        assert shown and all(box and not overlap(shown, box) for box in head.values()), (shown, head)
        assert not broken_words(player, ".game-head")
        play_line(player, player.url, actions_of(engine.solve(the_day_s_deal(player, locale[:2])).line))
        standing = player.locator(".outcome.won .standing")
        expect(standing).to_have_attribute("data-ranked", "0")  # its end card: practice, and where it would stand
        expect(standing).to_be_in_viewport()
