"""Failed actions in Chromium (static/js/errors.js): never silent, always with a way on.

A tap while the database is locked (really locked: SQLite's write lock, or the game's row on PostgreSQL)
shows the server's 503 message in the player's language and the board stays as it was; a tap from a page
whose CSRF token went stale (a sign-up in another tab) brings the page up to date and the next tap plays;
a tap that cannot reach the server says so.
"""

import re
from collections.abc import Iterator

import pytest
from django.utils import translation
from playwright.sync_api import Browser, BrowserContext, expect

import engine
from tests.outages import holding_lock

from .conftest import sign_up
from .test_play import Table

pytestmark = pytest.mark.services  # the database locked under a tap

OUTAGE = "The table is unavailable for a moment; your game is safe."
STALE = "This page was out of date (a log-in or log-out in another tab). It is up to date now: try again."
OFFLINE = "The server cannot be reached: your moves are kept and will be sent by themselves once it answers."
# What Chromium and htmx report of a request that failed: expected here, unlike any other console error.
EXPECTED = re.compile(
    r"^(Failed to load resource: .*|Response Status Error Code \d+ from .*|htmx:(afterRequest|sendError)\b.*)$"
)


def words(message: str, language: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh player whose unexpected console errors fail the test."""
    opened = browser.new_context(viewport={"width": 1280, "height": 800}, locale="it-IT")
    errors: list[str] = []
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.on("weberror", lambda error: errors.append(str(error.error)))
    yield opened
    opened.close()
    unexpected = [error for error in errors if not EXPECTED.match(error)]
    assert not unexpected, f"the browser reported errors: {unexpected}"


def public_id(table: Table) -> str:
    found = re.search(r"/g/([\w-]+)/$", table.url)
    assert found
    return found[1]


def test_a_tap_during_a_database_outage_shows_the_message_and_the_board_stays(
    context: BrowserContext, server_url: str, live_server_env: dict[str, str]
) -> None:
    page = context.new_page()
    table = Table(page, server_url)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    fitting = table.fitting()
    with holding_lock(live_server_env, public_id(table)):
        table.card(fitting).click()
        failure = page.locator("#notice p.failure")
        expect(failure).to_have_text(
            words(OUTAGE, "it") + " " + words("Try again in a few seconds.", "it"), timeout=15_000
        )
        expect(failure).to_have_attribute("data-status", "503")
        table.shows_version(0)  # the board stays as it was, and can be played again
        expect(table.card(fitting)).to_be_enabled()
    table.card(fitting).click()
    table.played(engine.log.tap_symbol(fitting))
    expect(page.locator("#notice p.failure")).to_have_count(0)  # the next answer replaces the message


def test_a_tap_with_a_token_made_stale_in_another_tab_refreshes_the_page_and_the_next_tap_plays(
    context: BrowserContext, server_url: str
) -> None:
    page = context.new_page()
    table = Table(page, server_url)
    page.evaluate("window.__sameDocument = true")  # the page brings itself up to date without reloading
    sign_up(context.new_page(), server_url)  # another tab: the log-in rotates the CSRF token
    fitting = table.fitting()
    table.card(fitting).click()
    expect(page.locator("#notice p.failure")).to_have_text(words(STALE, "it"))
    expect(page.locator("#notice p.failure")).to_have_attribute("data-status", "403")
    table.shows_version(0)
    table.card(fitting).click()  # the same tap, now with the fresh token: the game (adopted by the account) plays
    table.played(engine.log.tap_symbol(fitting))
    assert page.evaluate("window.__sameDocument") is True


def test_a_tap_that_cannot_reach_the_server_says_so_and_goes_through_once_it_can(
    context: BrowserContext, server_url: str
) -> None:
    page = context.new_page()
    table = Table(page, server_url)
    page.route(re.compile(r"/draw/$"), lambda route: route.abort("connectionrefused"))
    page.locator(".stock-button").click()
    expect(page.locator("#notice p.failure")).to_have_text(words(OFFLINE, "it"))
    table.shows_version(0)
    page.unroute(re.compile(r"/draw/$"))
    table.played(engine.log.DRAW)  # sent again by itself, within the next pause
    expect(page.locator("#notice p.failure")).to_have_count(0)
