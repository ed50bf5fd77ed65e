"""A game in Chromium against the real server: htmx swaps the board in place, under the CSP."""

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import screenshot


def new_game(page: Page, server_url: str, code: str = "TP1-E-TRIPEAK") -> str:
    page.goto(server_url + "/new/")
    page.fill("input[name=code]", code)
    page.click("button[type=submit].primary")
    expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"))
    return page.url


def test_a_tap_and_a_draw_swap_the_board_without_reloading(page: Page, server_url: str) -> None:
    url = new_game(page, server_url)
    page.evaluate("window.__sameDocument = true")  # a full reload would lose this
    board = page.locator("#board")
    expect(board).to_have_attribute("data-version", "0")
    page.locator("button.card.playable").first.click()
    expect(board).to_have_attribute("data-version", "1")
    expect(page.locator("[data-counter=score]")).to_have_text("499")
    page.locator(".stock-button").click()
    expect(board).to_have_attribute("data-version", "2")
    expect(page.locator("[data-counter=stock]")).to_have_text("22")
    assert page.evaluate("window.__sameDocument") is True
    assert page.url == url
    screenshot(page, "game-1280x800-en")


def test_an_illegal_tap_shows_the_message_and_changes_nothing(page: Page, server_url: str) -> None:
    new_game(page, server_url)
    page.locator(".row-1 button.card").first.click()
    expect(page.locator("#notice")).to_contain_text("This card is blocked")
    expect(page.locator("#board")).to_have_attribute("data-version", "0")


def test_without_javascript_the_same_forms_work(browser: Browser, server_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    new_game(page, server_url)
    page.locator("button.card.playable").first.click()
    expect(page.locator("#board")).to_have_attribute("data-version", "1")
    page.locator(".row-1 button.card").first.click()
    expect(page.locator("#notice")).to_contain_text("This card is blocked")
    context.close()
