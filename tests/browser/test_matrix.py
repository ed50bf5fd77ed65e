"""Every screen at every size in every language: the game, a lost game's end card, its replay, New game with a wrong
code typed, the Daily, its calendar, History, the medals, Settings, the privacy page, How to play, the account, log
in, a password's reset, a challenge's form and its room, a challenge link's form and its board, in the five
languages at
360 × 640, 375 × 553, 320 × 568, 740 × 304, 844 × 340 and 1280 × 800. On each: no word broken inside, no text cut
with "…", nothing past the screen's edge, and on a phone every link, field and control a thumb taps at least 44 px
each way (test_phone.py, ``SMALL_CONTROLS``). (The
messages' and the end cards' places are checked where they are made: test_phone.py, test_daily.py,
test_guided.py.)"""

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

import engine
from engine.layout import STOCK_SIZE
from tests.web.helpers_play import blocked_by_drawing

from .conftest import broken_words, play_line, sign_up
from .test_links import make_link
from .test_phone import LOCALES, PHONES, SMALL_CONTROLS, phone, sideways, turn
from .test_play import Table
from .test_room_screens import make_room

SIZES: dict[str, ViewportSize] = {
    **{name: PHONES[name] for name in ("360x640", "375x553", "320x568", "740x304", "844x340")},
    "1280x800": {"width": 1280, "height": 800},
}
# Every shown element whose text the browser cut with an ellipsis (its content wider than its box).
CUT = """() => [...document.body.querySelectorAll('*')].filter(el => {
  if (el.closest('.visually-hidden, [hidden]') || !el.checkVisibility()) return false;
  return getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 0.5;
}).map(el => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}"`)"""


def screens(page: Page, server_url: str) -> dict[str, str]:
    """Each screen's address, for this player: a game some actions in, its replay, and the rest."""
    sign_up(page, server_url)
    table = Table(page, server_url)
    table.play_a_few()
    lost = Table(page, server_url, blocked_by_drawing())
    play_line(page, lost.url, [engine.log.DRAW] * STOCK_SIZE)
    shared = Table(page, server_url, blocked_by_drawing())  # another lost game, its challenge link made
    play_line(page, shared.url, [engine.log.DRAW] * STOCK_SIZE)
    board = make_link(page, "Ann")
    room = make_room(page, server_url)
    return {
        "game": table.url,
        "end": lost.url,
        "link": lost.url + "challenge/",
        "link board": board,
        "replay": table.url + "replay/?step=3",
        "new game": "/new/",
        "daily": "/daily/",
        "calendar": "/daily/calendar/",
        "history": "/history/",
        "medals": "/medals/",
        "privacy": "/privacy/",
        "settings": "/settings/",
        "how to play": "/how-to-play/",
        "account": "/accounts/",
        "log in": "/accounts/login/",
        "password reset": "/accounts/reset/",
        "challenge": "/c/new/",
        "room": room,
    }


def shown(page: Page, server_url: str, name: str, address: str) -> None:
    page.goto(address if address.startswith("http") else server_url + address)
    if name == "new game":  # a wrong character, named as it is typed
        page.locator("input[name=code]").press_sequentially("TP1-E-SHARE0")
        expect(page.locator("#code-check [data-check=wrong]")).to_be_visible()


def problems_here(page: Page, size: str) -> list[str]:
    found = [f"word broken: {word}" for word in broken_words(page)]
    found += [f"cut: {text}" for text in page.evaluate(CUT)]
    found += sideways(page)[:3]
    if size != "1280x800":
        found += [f"small: {control}" for control in page.evaluate(SMALL_CONTROLS)]
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_every_screen_at_every_size(browser: Browser, server_url: str, locale: str) -> None:
    with phone(browser, SIZES["360x640"], locale=locale) as page:
        addresses = screens(page, server_url)
        problems = []
        for size, viewport in SIZES.items():
            turn(page, viewport)
            for name, address in addresses.items():
                shown(page, server_url, name, address)
                problems += [f"{size} {name}: {problem}" for problem in problems_here(page, size)]
        assert not problems, "\n".join(problems)
