"""Challenge links in Chromium (docs/challenges.md, "Challenge links"): a player ends a game and makes its link from
the end card; a friend on a phone, signed out, takes it and plays the deal without seeing its code, then finds
everyone's replays on the board; a third friend without JavaScript takes it too; the challenger's History tells
them. The board is a card a player on an upright phone in every language, and fits sideways."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

import engine
from tests.web.rooms import winnable_and_blocked_by_drawing

from .conftest import broken_words, checked_page, play_line
from .test_phone import LOCALES, PHONES, phone
from .test_room_screens import CARDS, FITS, UPRIGHT_SIZES

BOARD_CARDS = CARDS.replace("#standings", ".link-board")
INSIDE = "(selector) => document.querySelector(selector).getBoundingClientRect().right <= innerWidth"


def ended_game(page: Page, server_url: str, code: str, actions: list[str]) -> None:
    """A free game of ``code`` on ``page``, played to its end by ``actions``, its end card shown."""
    page.goto(server_url + "/new/")
    page.fill("input[name=code]", code)
    page.click("form.new-game button[type=submit]")
    expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"))
    play_line(page, page.url, actions)
    expect(page.locator(".outcome")).to_be_visible()


def make_link(page: Page, name: str) -> str:
    """The link made from the end card shown on ``page``, as ``name``: the board's address."""
    page.locator('.outcome [data-action="challenge-link"]').click()
    page.fill("#id_name", name)
    page.click('[data-action="make-link"]')
    expect(page).to_have_url(re.compile(r"/l/[\w-]{16}/$"))
    return page.locator("#link-address").input_value()


def take(page: Page, address: str, name: str) -> None:
    page.goto(address)
    page.fill("#id_name", name)
    page.click('[data-action="take"]')
    expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"))


def test_a_friend_takes_the_link_on_a_phone_and_one_without_javascript_too(browser: Browser, server_url: str) -> None:
    code, line = winnable_and_blocked_by_drawing()
    draws = [engine.log.DRAW] * engine.STOCK_SIZE  # Ann's game: blocked
    with (
        checked_page(browser) as ann,
        phone(browser, PHONES["360x640"], locale="it-IT") as bob,
        browser.new_context(java_script_enabled=False) as plain,
    ):
        ended_game(ann, server_url, code, draws)
        address = make_link(ann, "Ann")
        assert address.startswith(server_url + "/l/")

        take(bob, address, "Bob")
        expect(bob.locator("html[data-table=ready]")).to_have_count(1)
        assert code not in bob.content()
        expect(bob.locator('[data-code="hidden"]')).to_have_count(1)
        bob.goto(address)
        expect(bob.locator('[data-action="your-game"]')).to_be_visible()
        expect(bob.locator('[data-action="replay"]')).to_have_count(0)
        assert code not in bob.content()
        bob.click('[data-action="your-game"]')
        play_line(bob, bob.url, line)  # Bob wins
        expect(bob.locator(".outcome.won")).to_be_visible()
        bob.locator('.outcome [data-action="link-board"]').click()
        expect(bob.locator(".link-board tbody tr")).to_have_count(2)
        expect(bob.locator(".link-board tbody tr").first).to_have_attribute("data-yours", "")
        expect(bob.locator('[data-action="replay"]')).to_have_count(2)
        expect(bob.locator("[data-code]")).to_have_text(code)

        cy = plain.new_page()
        take(cy, address, "Cy")
        assert code not in cy.content()
        cy.goto(address)
        expect(cy.locator('[data-action="your-game"]')).to_be_visible()

        ann.reload()
        rows = ann.locator(".link-board tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(0)).to_contain_text("Bob")
        expect(rows.nth(1)).to_contain_text("Ann")
        expect(rows.nth(2)).to_have_attribute("data-state", "playing")
        ann.goto(server_url + "/history/")
        expect(ann.locator("table.links tbody tr")).to_have_attribute("data-taken", "2")
        expect(ann.locator("table.links tbody tr")).to_have_attribute("data-finished", "1")


@pytest.mark.parametrize("locale", LOCALES)
def test_on_a_phone_the_board_is_a_card_for_each_player(browser: Browser, server_url: str, locale: str) -> None:
    code, line = winnable_and_blocked_by_drawing()
    with (
        phone(browser, PHONES["360x640"], locale=locale) as ann,
        checked_page(browser) as bob,
        phone(browser, PHONES["360x640"], locale=locale) as cy,
    ):
        ended_game(ann, server_url, code, line)
        address = make_link(ann, "Ann")
        take(bob, address, "Bob with a long name")
        ann.reload()
        cy.goto(address)
        for size in (*UPRIGHT_SIZES, "740x304"):
            for page in (ann, cy):
                page.set_viewport_size(PHONES[size])
                assert page.evaluate(FITS, "html"), f"{size}: the page scrolls sideways"
            if size in UPRIGHT_SIZES:
                cards = ann.evaluate(BOARD_CARDS)
                assert cards == [{"grid": True, "inside": True, "labelled": True}] * 2, (size, cards)
            else:
                assert ann.evaluate(FITS, ".link-board"), f"{size}: the board is cut"
            assert ann.evaluate(INSIDE, "#link-address"), f"{size}: the address is cut"
            cy.locator('[data-action="take"]').scroll_into_view_if_needed()
            expect(cy.locator('[data-action="take"]')).to_be_in_viewport()
        ann.goto(server_url + "/history/")
        for size in (*UPRIGHT_SIZES, "740x304"):
            ann.set_viewport_size(PHONES[size])
            assert ann.evaluate(FITS, "html"), f"{size}: History scrolls sideways"


def test_the_link_s_title_breaks_no_word_on_the_smallest_phone(browser: Browser, server_url: str) -> None:
    """ "Предизвикателството на Ann" and its like: each word whole on its line at 320 px, in every language."""
    code, _line = winnable_and_blocked_by_drawing()
    with checked_page(browser) as ann, phone(browser, PHONES["320x568"]) as bob:
        ended_game(ann, server_url, code, [engine.log.DRAW] * engine.STOCK_SIZE)
        address = make_link(ann, "Ann")
        broken: dict[str, list[str]] = {}
        for language in ("en", "it", "es", "bg", "fr"):
            bob.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
            bob.goto(address)
            expect(bob.locator(f"html[lang={language}] #link-title")).to_be_visible()
            broken[language] = broken_words(bob, "#link-title")
        assert {language: words for language, words in broken.items() if words} == {}
