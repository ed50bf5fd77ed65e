"""Best of three in Chromium (docs/challenges.md, "Best of three"): the host chooses three deals in a row, a friend on
a phone plays each round with them, each round's results stand on its page and the rounds' scores are summed there;
on a phone, in every language, the sums fold into lines that fit the screen."""

import contextlib
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

import engine
from tests.live_server import deal_rooms
from tests.web.rooms import winnable_and_blocked_by_drawing

from .conftest import checked_page, play_line, screenshot
from .test_phone import LOCALES, PHONES, phone
from .test_room_screens import FITS, UPRIGHT_SIZES, join, make_room

pytestmark = pytest.mark.services  # the room's start and end go through the channel layer
HEARD = 10_000  # ms: the start, or the end, heard on a machine loaded by other tests
BLOCKED = [engine.log.DRAW] * engine.STOCK_SIZE


def race(env: dict[str, str], room_url: str, lines: dict[Page, list[str]], code: str) -> None:
    """The round at ``room_url`` on ``code``'s deal, started by its host (the first page) and played to its end by
    each page's line; each page then back on the round's results.

    A room's page moves on by itself after a start (to its game once the countdown is over, and that page again
    once it hears the race's end), so a read or a navigation of the test's could cross one of its own. Every page
    is therefore sent away from the site as soon as the round has started, the round is played from the room as
    fetched, and each page opens the results once, when nothing is left to move it."""
    deal_rooms(env, [room_url.split("/")[-2]], code)
    host = next(iter(lines))
    host.reload()
    host.click("[data-action=start]")
    started(host, room_url)
    for page in lines:
        leave(page)
    server = room_url.split("/c/")[0]
    for page, line in lines.items():
        room = page.request.get(room_url).text()
        game_url = re.search(r'data-game="(/g/[\w-]+/)"', room)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', room)
        assert game_url and token, room
        if starts_in := re.search(r'data-starts-in="([\d.]+)"', room):  # a move before the start is refused
            page.wait_for_timeout(float(starts_in.group(1)) * 1000 + 250)
        play_line(page, server + game_url.group(1), line, reload=False, token=token.group(1))
    until(host, room_url, 'data-state="over"', "the round is not over")
    for page in lines:
        page.goto(room_url)
        expect(page.locator("table.series")).to_be_visible()


def leave(page: Page) -> None:
    """``page`` away from the site, on a blank page that runs nothing. A navigation of the page's own (the start's
    answer, the countdown's end) may cut the first tries short; once blank, nothing moves it again."""
    for _ in range(HEARD // 250):
        with contextlib.suppress(PlaywrightError):
            page.goto("about:blank")
        if page.url == "about:blank":
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"{page.url} never left for a blank page")


def started(page: Page, room_url: str) -> None:
    """The round at ``room_url`` has started, as the server says, within ``HEARD``."""
    until(page, room_url, "data-game=", "the round has not started")


def until(page: Page, room_url: str, mark: str, failure: str) -> None:
    """The room at ``room_url``, as fetched by ``page``'s player, shows ``mark`` within ``HEARD``."""
    for _ in range(HEARD // 250):
        room = page.request.get(room_url).text()
        if mark in room:
            return
        page.wait_for_timeout(250)
    standings = re.search(r'<div id="standings".*?</table>', room, re.DOTALL)
    raise AssertionError(f"{failure}: {standings.group() if standings else room}")


def sums(page: Page) -> list[tuple[str, str]]:
    rows = page.locator("table.series tbody tr")
    return [(row.locator("th").inner_text(), row.get_attribute("data-total") or "") for row in rows.all()]


def test_two_friends_play_three_rounds_in_a_row_and_see_the_sums(
    browser: Browser, server_url: str, live_server_env: dict[str, str]
) -> None:
    code, line = winnable_and_blocked_by_drawing()
    rounds = [(line, BLOCKED), (BLOCKED, line), (BLOCKED, BLOCKED)]
    with checked_page(browser) as ann, phone(browser, PHONES["360x640"], locale="it-IT") as bob:
        room_url = make_room(ann, server_url, rounds=3)
        join(bob, room_url, "Bob")
        for number, (ann_line, bob_line) in enumerate(rounds, start=1):
            expect(ann.locator("[data-round]")).to_have_attribute("data-round", str(number))
            if number > 1:  # Bob follows from the last round's results to the next round's lobby
                bob.reload()
                bob.click("[data-action=rematch]")
                expect(bob).to_have_url(room_url)
                expect(bob.locator("[data-waiting-for-host]")).to_be_visible()
            race(live_server_env, room_url, {ann: ann_line, bob: bob_line}, code)
            expect(ann.locator("table.series tbody tr").first.locator("td", has_text="–")).to_have_count(3 - number)
            if number == 1:
                assert [name for name, _ in sums(ann)] == ["Ann", "Bob"]  # Ann won the first round
            if number < 3:
                ann.click("[data-action=rematch]")  # Next round: Ann hosts it
                expect(ann).to_have_url(re.compile(r"/c/[\w-]{16}/$"))
                assert ann.url != room_url
                room_url = ann.url
        cells = ann.locator("table.series tbody tr").first.locator("td")
        expect(cells).to_have_count(4)  # three rounds and the total
        figures = [int(text) for text in cells.all_inner_texts()]
        assert sum(figures[:3]) == figures[3]
        expect(ann.locator("[data-action=rematch]")).to_have_text("Rematch")
        expect(bob.locator("table.series tbody tr")).to_have_count(2)
        assert sums(bob) == sums(ann)


@pytest.mark.parametrize("locale", LOCALES)
def test_on_a_phone_the_sums_fit_the_screen(
    browser: Browser, server_url: str, live_server_env: dict[str, str], locale: str
) -> None:
    code, _ = winnable_and_blocked_by_drawing()
    with checked_page(browser) as ann, phone(browser, PHONES["360x640"], locale=locale) as bob:
        room_url = make_room(ann, server_url, rounds=3)
        join(bob, room_url, "Bob with a long name")
        race(live_server_env, room_url, {ann: BLOCKED, bob: BLOCKED}, code)
        for size in (*UPRIGHT_SIZES, "740x304"):
            bob.set_viewport_size(PHONES[size])
            assert bob.evaluate(FITS, "html"), f"{size}: the page scrolls sideways"
            right = bob.evaluate("() => document.querySelector('table.series').getBoundingClientRect().right")
            assert right <= PHONES[size]["width"], f"{size}: the sums are cut"
        bob.set_viewport_size(PHONES["360x640"])
        screenshot(bob, f"best-of-three-{locale[:2]}")
