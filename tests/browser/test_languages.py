"""The language switch on a phone, with and without JavaScript: every card button is named in
Bulgarian and the board in words follows each action in Bulgarian. (Switching and being remembered
are in test_play.py.)"""

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

import engine
from games.drawing.cards import spoken_name

from .test_play import Table


def in_bulgarian(card: str) -> str:
    with translation.override("bg"):
        return spoken_name(card)


@pytest.mark.parametrize("javascript", [True, False])
def test_in_bulgarian_the_cards_and_the_board_in_words_follow_each_action(
    browser: Browser, server_url: str, javascript: bool
) -> None:
    context = browser.new_context(
        locale="en-GB", viewport={"width": 360, "height": 740}, java_script_enabled=javascript
    )
    page = context.new_page()
    table = Table(page, server_url, scripted=javascript)
    page.locator(".site-menu > summary").click()  # Menu
    page.get_by_role("group", name="Language").get_by_role("button", name="Български").click()  # a plain form
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    assert page.url == table.url
    for card in table.game.visible().values():
        expect(page.get_by_role("button", name=in_bulgarian(card), exact=True)).to_be_visible()
    board_text = page.locator("#board-text")
    expect(board_text).to_contain_text(
        f"Тесте за теглене: 23 карти; купчина за изхвърлени карти: {in_bulgarian(table.game.waste)}. "
    )
    fitting = table.fitting()
    played = table.game.visible()[fitting]
    table.card(fitting).click()
    table.played(engine.log.tap_symbol(fitting))
    expect(board_text).to_contain_text(f"купчина за изхвърлени карти: {in_bulgarian(played)}. Най-горни карти")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    context.close()


def test_a_language_is_chosen_with_the_keys_too(page: Page, server_url: str) -> None:
    page.goto(server_url + "/new/")
    languages = page.get_by_role("group", name="Language")
    expect(languages.get_by_role("button", name="English")).to_have_attribute("aria-current", "true")
    languages.get_by_role("button", name="Italiano").focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("group", name="Lingua").get_by_role("button", name="Italiano")).to_have_attribute(
        "aria-current", "true"
    )
