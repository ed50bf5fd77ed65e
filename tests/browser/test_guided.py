"""The guided first game in Chromium on phones, upright and sideways, in the five languages: offered on the first
visit, its coach rings each card to tap and the stock in turn, its words in view and never over what it rings, and
the player, tapping what is ringed, clears a peak; Skip leaves them alone at any point."""

import pytest
from playwright.sync_api import Browser, Page, expect

from engine import GUIDED_LINE

from .conftest import broken_words, screenshot
from .test_phone import LOCALES, PHONES, overlap, phone

SIZES = {"en-GB": "360x640", "it-IT": "740x304", "es-ES": "375x553", "bg-BG": "320x568", "fr-FR": "844x340"}


def coached(page: Page) -> None:
    """The coach's words are in view, under the game's head, and so is what it rings, uncovered by them."""
    words = page.locator("#notice .coach")
    expect(words).to_be_in_viewport()
    ring = page.locator("#board .hinted")
    expect(ring).to_have_count(1)
    expect(ring).to_be_in_viewport()
    said, ringed, head = words.bounding_box(), ring.bounding_box(), page.locator(".game-head").bounding_box()
    assert said and ringed and head and not overlap(said, ringed), (said, ringed)
    assert said["y"] >= head["y"] + head["height"] - 0.5, (said, head)  # under the head, never over it


@pytest.mark.parametrize("locale", LOCALES)
def test_tapping_what_the_coach_rings_clears_a_peak(browser: Browser, server_url: str, locale: str) -> None:
    with phone(browser, PHONES[SIZES[locale]], locale=locale) as page:
        page.goto(server_url + "/")
        page.click('button[data-action="guided"]')  # offered on the first visit
        expect(page.locator("html[data-table=ready]")).to_have_count(1)
        for done in range(len(GUIDED_LINE)):
            coached(page)
            expect(page.locator("#notice .coach")).to_have_attribute(
                "data-cue", "draw" if GUIDED_LINE[done] == "+" else "tap"
            )
            if done == 0:
                assert not broken_words(page, "#notice")
                screenshot(page, f"guided-{locale[:2]}-{SIZES[locale]}")
            page.locator("#board .hinted").click()
            expect(page.locator("#board")).to_have_attribute("data-version", str(done + 1))
        expect(page.locator("#notice .coach")).to_have_attribute("data-cue", "done")
        expect(page.locator("#notice .coach")).to_be_in_viewport()
        expect(page.locator("#board .hinted")).to_have_count(0)


def test_skip_leaves_the_player_alone_at_any_point(browser: Browser, server_url: str) -> None:
    with phone(browser, PHONES["360x640"], locale="it-IT") as page:
        page.goto(server_url + "/how-to-play/")
        page.click('button[data-action="guided"]')  # and by How to play
        expect(page.locator("html[data-table=ready]")).to_have_count(1)
        page.locator("#board .hinted").click()
        expect(page.locator("#board")).to_have_attribute("data-version", "1")
        page.get_by_role("button", name="Salta la guida").click()
        expect(page.locator("#notice .coach")).to_have_count(0)
        expect(page.locator("#board .hinted")).to_have_count(0)
        expect(page.locator("#board")).to_have_attribute("data-version", "1")  # the game goes on as it was
