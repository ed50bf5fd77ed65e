"""Playing in Chromium against the real server: htmx swaps the board in place, under the CSP.

The tests know which cards fit the waste from the engine, replaying what they played: the page
itself highlights nothing unless the player asks for it in the settings.
"""

import re
from collections.abc import Iterator
from typing import Literal

import pytest
from django.utils import translation
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

import engine
from games.drawing.cards import spoken_name
from tests.web.helpers_play import blocked_by_drawing, first_winnable

from .conftest import play_line, screenshot

TRIPEAK = "TP1-E-TRIPEAK"


class Table:
    """A game page and the engine's copy of the same game, kept in step by the test."""

    def __init__(self, page: Page, server_url: str, code: str = TRIPEAK, scripted: bool = True) -> None:
        page.goto(server_url + "/new/")
        page.fill("input[name=code]", code)
        page.click("form.new-game button[type=submit]")  # Deal (the levels come first)
        expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"))
        if scripted:  # the table's script took the board: from now on it plays the taps
            expect(page.locator("html[data-table=ready]")).to_have_count(1)
        self.page, self.url = page, page.url
        self.game = engine.Game.new(engine.GameCode.parse(code))
        self.board = page.locator("#board")

    def card(self, position: int) -> Locator:
        return self.page.locator(f'#board button[data-position="{position}"]')

    def fitting(self) -> int:
        playable = self.game.playable()
        assert playable, "the test expects a card that fits the waste"
        return playable[0]

    def misfit(self) -> int:
        """A face-up card that does not fit the waste."""
        return next(p for p in self.game.visible() if p not in self.game.playable())

    def played(self, symbol: str) -> None:
        """Record an action the page made, and wait until the board shows it."""
        self.game.apply(symbol)
        self.shows_version(self.game.version)

    def heard_live(self) -> None:
        """Wait for the live socket's first frame, so that what a test sees next is not the page loading."""
        expect(self.page.locator("#live[data-heard]")).to_have_count(1)

    def shows_version(self, version: int) -> None:
        expect(self.board).to_have_attribute("data-version", str(version))

    def play_a_few(self, actions: int = 4) -> None:
        """A few actions in, as the screenshots show a game: some cards gone, one turned face up."""
        for _ in range(actions):
            if self.game.playable():
                self.card(self.fitting()).click()
                self.played(engine.log.tap_symbol(self.fitting()))
            else:
                self.page.locator(".stock-button").click()
                self.played(engine.log.DRAW)


def tap_top_card(page: Page) -> None:
    """A tap on the visible upper edge of a face-down top card: blocked until its peak is cleared."""
    page.locator(".on-1").first.click(position={"x": 8, "y": 6})


def test_a_new_game_shows_the_table(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    table.shows_version(0)
    expect(page.locator("#board button.card.face")).to_have_count(10)  # the bottom row
    expect(page.locator("#board button.card.back")).to_have_count(19)  # 18 peak cards and the stock
    expect(page.locator(".stock-button .badge")).to_have_text("23")
    expect(page.locator("#status")).to_contain_text("Easy")
    expect(page.locator("#board .playable")).to_have_count(0)  # no highlight unless asked for
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_tap_a_draw_and_an_undo_swap_the_board_without_reloading(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    page.evaluate("window.__sameDocument = true")  # a full reload would lose this
    table.card(table.fitting()).click()
    table.played(engine.log.tap_symbol(table.fitting()))
    expect(page.locator("[data-counter=score]")).to_have_text("499")
    page.locator(".stock-button").click()
    table.played(engine.log.DRAW)
    expect(page.locator(".stock-button .badge")).to_have_text("22")
    page.get_by_role("button", name="Undo").first.click()
    table.played(engine.log.UNDO)
    expect(page.locator(".stock-button .badge")).to_have_text("23")
    assert page.evaluate("window.__sameDocument") is True
    assert page.url == table.url
    expect(page.locator("#board-text")).to_contain_text("Stock: 23 cards; waste:")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 740)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_screenshots(browser: Browser, server_url: str, width: int, height: int, language: str) -> None:
    """The game page on a desktop and on a phone, in English and Italian, for README and review."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=language)
    page = context.new_page()
    Table(page, server_url).play_a_few()
    page.mouse.move(0, 0)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no horizontal scrolling"
    screenshot(page, f"game-{width}x{height}-{language}")
    context.close()


def test_an_illegal_tap_shows_the_message_and_changes_nothing(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    tap_top_card(page)  # a face-down top card
    expect(page.locator("#notice")).to_contain_text("This card is blocked")
    table.card(table.misfit()).click()
    expect(page.locator("#notice")).to_contain_text("Must be one rank higher or lower")
    table.shows_version(0)
    message = page.locator("#notice p")
    assert message.evaluate("p => getComputedStyle(p).animationName") == "fade-out"  # it fades; the text stays
    page.get_by_role("button", name="Teach me").click()
    expect(message).not_to_have_class(re.compile(r"\bfades\b"))  # an explanation stays in view
    expect(message).to_have_text(re.compile(r"\w"))


def test_a_drag_onto_the_waste_plays_the_card_and_a_drag_elsewhere_does_not(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    position = table.fitting()
    table.card(position).drag_to(page.locator("#main h1"))
    page.wait_for_timeout(300)
    table.shows_version(0)
    table.card(position).drag_to(page.locator(".pile.waste .card"))
    table.played(engine.log.tap_symbol(position))
    expect(table.card(position)).to_have_count(0)


def test_a_fast_double_tap_plays_a_card_once_and_draws_twice(page: Page, server_url: str) -> None:
    """A card, once played, is gone: its second tap plays nothing. Each tap on the stock draws (none is lost)."""
    table = Table(page, server_url)
    position = table.fitting()
    table.card(position).evaluate("card => { card.click(); card.click(); }")  # the second lands while the first is out
    table.played(engine.log.tap_symbol(position))
    page.locator(".stock-button").dblclick()
    table.game.draw()
    table.played(engine.log.DRAW)
    page.reload()
    table.shows_version(3)  # the server holds three actions: the tap once, and two draws


def test_the_highlight_setting_lights_the_cards_that_fit(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    page.goto(server_url + "/settings/")
    page.get_by_label("Highlight playable cards", exact=True).check()
    page.get_by_role("button", name="Save").click()
    page.goto(table.url)
    lit = page.locator("#board .playable")
    expect(lit).to_have_count(len(table.game.playable()))
    for position in table.game.playable():
        expect(table.card(position)).to_have_class(re.compile(r"\bplayable\b"))


def test_a_game_is_won_in_the_browser(page: Page, server_url: str) -> None:
    code, line = first_winnable()
    table = Table(page, server_url, code)
    for action in line:
        if action == engine.log.DRAW:
            page.locator(".stock-button").click()
            table.played(engine.log.DRAW)
        else:
            table.card(int(action)).click()
            table.played(engine.log.tap_symbol(int(action)))
    overlay = page.locator(".outcome.won")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text("You won!")
    expect(overlay.get_by_role("link", name="New game")).to_be_focused()
    screenshot(page, "game-won-1280x800-en")


def test_the_blocked_overlay_offers_undo_and_a_new_game(page: Page, server_url: str) -> None:
    table = Table(page, server_url, blocked_by_drawing())
    play_line(page, table.url, [engine.log.DRAW] * (engine.layout.STOCK_SIZE - 1))  # to the last card of the stock
    table.game.play_log(engine.log.DRAW * (engine.layout.STOCK_SIZE - 1))
    page.keyboard.press("d")
    table.played(engine.log.DRAW)
    overlay = page.locator(".outcome.blocked")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text("No more moves possible")
    screenshot(page, "game-blocked-1280x800-en")
    overlay.get_by_role("button", name="Undo").click()
    table.played(engine.log.UNDO)
    expect(overlay).to_have_count(0)


def test_a_whole_game_by_keyboard_alone(page: Page, server_url: str) -> None:
    """Tab to each card and press Enter; D draws, U and Ctrl+Z undo, N opens New game."""
    code, line = first_winnable()
    table = Table(page, server_url, code)
    page.keyboard.press("d")
    table.played(engine.log.DRAW)
    page.keyboard.press("u")
    table.played(engine.log.UNDO)
    page.keyboard.press("d")
    table.played(engine.log.DRAW)
    page.keyboard.press("Control+z")
    table.played(engine.log.UNDO)
    for action in line:
        if action == engine.log.DRAW:
            page.keyboard.press("d")
            table.played(engine.log.DRAW)
            continue
        tab_to(page, f'#board button[data-position="{action}"]')
        page.keyboard.press("Enter" if int(action) % 2 else "Space")
        table.played(engine.log.tap_symbol(int(action)))
    expect(page.locator(".outcome.won")).to_be_visible()
    page.keyboard.press("n")
    expect(page).to_have_url(re.compile(r"/new/$"))


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    for _ in range(limit):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_focus_stays_on_the_board_after_each_action(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    tab_to(page, f'#board button[data-position="{table.fitting()}"]')
    page.keyboard.press("Enter")
    table.played(engine.log.tap_symbol(table.fitting()))
    expect(page.locator("#board button.card.face:focus")).to_have_count(1)  # once the swap has settled
    tab_to(page, "#board .stock-button")
    page.keyboard.press("Enter")
    table.played(engine.log.DRAW)
    expect(page.locator("#board .stock-button")).to_be_focused()


def test_after_d_or_u_the_focus_stays_on_the_same_card(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    focused = min(table.game.visible())  # a card with others after it, where the focus used to go
    tab_to(page, f'#board button[data-position="{focused}"]')
    page.keyboard.press("d")
    table.played(engine.log.DRAW)
    expect(table.card(focused)).to_be_focused()
    page.keyboard.press("u")
    table.played(engine.log.UNDO)
    expect(table.card(focused)).to_be_focused()


@pytest.fixture
def bulgarian(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    yield context
    context.close()


def test_switching_to_bulgarian_is_remembered(bulgarian: BrowserContext, server_url: str) -> None:
    page = bulgarian.new_page()
    table = Table(page, server_url)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("form.language").get_by_role("button", name="Български").click()
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    expect(page).to_have_url(table.url)
    tap_top_card(page)
    expect(page.locator("#notice")).to_contain_text("Тази карта е блокирана")
    expect(page.locator("#status")).to_contain_text("Лесен")
    with translation.override("bg"):
        expect(table.card(18)).to_have_attribute("aria-label", spoken_name(table.game.visible()[18]))
    page.goto(server_url + "/history/")  # a page later: still Bulgarian
    expect(page.locator("html")).to_have_attribute("lang", "bg")


def test_without_javascript_the_same_forms_work(browser: Browser, server_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    table = Table(page, server_url, scripted=False)
    table.card(table.fitting()).click()
    table.played(engine.log.tap_symbol(table.fitting()))
    tap_top_card(page)
    expect(page.locator("#notice")).to_contain_text("This card is blocked")
    page.locator(".stock-button").click()
    table.played(engine.log.DRAW)
    page.get_by_role("button", name="Undo").first.click()
    table.played(engine.log.UNDO)
    context.close()


def test_the_keys_hint_shows_only_where_the_keys_work(browser: Browser, server_url: str) -> None:
    for javascript in (True, False):
        context = browser.new_context(java_script_enabled=javascript)
        page = context.new_page()
        Table(page, server_url, scripted=javascript)
        keys = page.locator(".keys")
        if javascript:
            expect(keys).to_be_visible()
        else:
            expect(keys).to_be_hidden()  # D, U and N need JavaScript
        context.close()


@pytest.mark.parametrize(("motion", "animation"), [("no-preference", "arrive-from-peaks"), ("reduce", "none")])
def test_animations_respect_reduced_motion(
    browser: Browser, server_url: str, motion: Literal["no-preference", "reduce"], animation: str
) -> None:
    context = browser.new_context(reduced_motion=motion)
    page = context.new_page()
    table = Table(page, server_url)
    # The card arrives on the waste as it is tapped (its answer, later, does not move it again).
    arrival = table.card(table.fitting()).evaluate(
        """card => {
          card.click();
          return getComputedStyle(document.querySelector(".pile.waste .card")).animationName;
        }"""
    )
    assert arrival == animation
    table.played(engine.log.tap_symbol(table.fitting()))
    page.locator(".stock-button").click()
    table.played(engine.log.DRAW)
    drawn = "arrive-from-stock" if motion == "no-preference" else "none"
    assert page.locator(".pile.waste .card").evaluate("card => getComputedStyle(card).animationName") == drawn
    context.close()
