"""The end overlay: it covers the board, which is inert under it, offers what can follow
itself (the next deal, the same deal again, and Undo and Teach me while blocked), and keeps the
keyboard focus while shown."""

import re

from playwright.sync_api import Page, expect

import engine
from engine.layout import STOCK_SIZE
from tests.web.helpers_play import actions_of, blocked_by_drawing, first_winnable

from .conftest import play_line
from .test_play import Table

FOCUS_IN_OVERLAY = "() => Boolean(document.activeElement?.closest('#board .outcome'))"


def blocked_game(page: Page, server_url: str) -> Table:
    table = Table(page, server_url, blocked_by_drawing())
    play_line(page, table.url, [engine.log.DRAW] * STOCK_SIZE)
    expect(page.locator(".outcome.blocked")).to_be_visible()
    return table


def test_the_blocked_overlay_offers_teach_me_to_a_mouse(page: Page, server_url: str) -> None:
    blocked_game(page, server_url)
    overlay = page.locator(".outcome.blocked")
    expect(overlay.locator(".verdict")).to_contain_text("This deal could")  # filled in once the solver answers
    overlay.get_by_role("button", name="Teach me").click()  # a click, not a key: nothing covers it
    expect(page.locator("#notice")).to_contain_text("The peaks can no longer all be cleared")
    expect(overlay).to_be_visible()
    expect(overlay.get_by_role("button", name="Teach me")).to_be_focused()


def test_the_overlay_keeps_the_focus_and_nothing_under_it_can_be_reached(page: Page, server_url: str) -> None:
    blocked_game(page, server_url)
    overlay = page.locator(".outcome.blocked")
    overlay.locator(".primary").focus()
    stops = overlay.locator("a[href], button:not([disabled])").count()
    for key in ["Tab"] * (stops + 2) + ["Shift+Tab"] * (stops + 2):
        page.keyboard.press(key)
        left_for = page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
        assert page.evaluate(FOCUS_IN_OVERLAY), f"{key} left the overlay for {left_for}"
    for covered in ("#board .peaks button", "#board .piles button", "#board .controls button"):
        for button in page.locator(covered).all():
            button.focus()  # what Tab, a screen reader's cursor or a script could do
            assert not page.evaluate(f"() => document.activeElement.matches({covered!r})"), covered
    # A key that clicks a control skips the covered ones: U is the overlay's own Undo.
    page.keyboard.press("u")
    expect(overlay).to_have_count(0)
    expect(page.locator("#board")).to_have_attribute("data-version", str(STOCK_SIZE + 1))


def test_the_blocked_overlay_takes_the_focus_when_the_game_ends(page: Page, server_url: str) -> None:
    table = Table(page, server_url, blocked_by_drawing())
    play_line(page, table.url, [engine.log.DRAW] * (STOCK_SIZE - 1))  # to the last card of the stock
    page.keyboard.press("d")
    table.shows_version(STOCK_SIZE)
    overlay = page.locator(".outcome.blocked")
    expect(overlay.locator(".primary")).to_be_focused()
    expect(overlay.get_by_role("button", name="Undo")).to_be_visible()
    expect(overlay.get_by_role("button", name="Teach me")).to_be_visible()
    expect(overlay.get_by_role("button", name="Replay this deal")).to_be_visible()


def test_a_free_game_won_offers_the_new_game_page_and_the_same_deal_again(page: Page, server_url: str) -> None:
    code, line = first_winnable()
    table = Table(page, server_url, code)
    play_line(page, table.url, line)
    overlay = page.locator(".outcome.won")
    expect(overlay.locator(".primary")).to_have_attribute("href", "/new/")
    overlay.get_by_role("button", name="Replay this deal").click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"))
    assert page.url != table.url
    expect(page.locator("#game-code")).to_have_value(code)
    expect(page.locator("#board")).to_have_attribute("data-version", "0")


def test_a_level_game_ends_with_one_tap_to_the_next_deal_of_its_level(page: Page, server_url: str) -> None:
    page.goto(server_url + "/new/")
    page.click('button[data-level="easy"]')
    expect(page.locator("#status .level")).to_have_attribute("data-level", "easy")
    first = page.url
    code = page.locator("#game-code").input_value()
    line = engine.solve(engine.Game.new(engine.GameCode.parse(code))).line
    play_line(page, first, actions_of(line))
    overlay = page.locator(".outcome.won")
    expect(overlay.locator(".primary")).to_have_text("Next deal")
    overlay.get_by_role("button", name="Next deal").click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"))
    assert page.url != first
    expect(page.locator("#status .level")).to_have_attribute("data-level", "easy")
    expect(page.locator("#board")).to_have_attribute("data-version", "0")
    expect(page.locator(".outcome")).to_have_count(0)
