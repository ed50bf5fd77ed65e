"""Taps are never lost and feel instant: the page queues its actions, sends them one at a
time with the version each expects, and shows a legal tap on the waste before the server answers;
a stale or refused answer puts back the server's board. Most tests run over an emulated 150 ms
round trip (Chromium's network emulation), where every tap lands while the one before is out."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

import engine
from tests.web.helpers_play import english_name

from .chains import tap_run
from .conftest import console_errors
from .test_play import Table, tab_to

pytestmark = pytest.mark.services  # racing writes of one game

ROUND_TRIP = 150  # ms
OFFLINE = "The server cannot be reached: your moves are kept and will be sent by themselves once it answers."


# Every text the notice region shows from now on (the next answer may replace one before a test can look).
NOTICES = """() => {
  window.__notices = [];
  const notice = document.getElementById("notice");
  const note = () => window.__notices.push(notice.textContent.trim());
  new MutationObserver(note).observe(notice, { childList: true, subtree: true });
}"""


def slow_network(page: Page, milliseconds: int = ROUND_TRIP) -> None:
    """Every request of ``page`` from now on waits ``milliseconds`` for its answer's headers."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": milliseconds, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def network(page: Page, milliseconds: int = ROUND_TRIP) -> Callable[[bool], None]:
    """Switches ``page``'s network off (True) and on again, with a round trip of ``milliseconds`` while on."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")

    def switch(offline: bool) -> None:
        conditions = {"latency": milliseconds, "downloadThroughput": -1, "uploadThroughput": -1}
        session.send("Network.emulateNetworkConditions", {"offline": offline, **conditions})

    switch(False)
    return switch


def waste(page: Page) -> str | None:
    return page.locator(".pile.waste .card").get_attribute("aria-label")


def server_version(page: Page, url: str) -> int:
    """The version the server holds, asked outside the page."""
    html = page.request.get(url).text()
    match = re.search(r'<div id="board"[^>]*\bdata-version="(\d+)"', html)
    assert match, html
    return int(match[1])


def test_a_burst_of_five_quick_taps_is_played_in_order_without_reloading(page: Page, server_url: str) -> None:
    code, run = tap_run(5)
    table = Table(page, server_url, code)
    page.evaluate("window.__sameDocument = true")  # a full reload would lose this
    slow_network(page)
    table.heard_live()
    # Each click well inside one round trip of the one before, each card found and clicked in one task of the
    # page: an answer's swap between the two would leave the click to a button no longer there (docs/testing.md).
    for position in run:
        page.evaluate("p => document.querySelector(`#board button[data-position='${p}']`).click()", position)
    for position in run:
        table.game.tap(position)
    table.shows_version(5)
    assert page.evaluate("window.__sameDocument") is True
    assert server_version(page, table.url) == 5
    with_names = english_name(table.game.waste)
    expect(page.locator(".pile.waste .card")).to_have_attribute("aria-label", with_names)
    expect(page.locator("[data-counter=score]")).to_have_text("495")
    for position in run:
        expect(table.card(position)).to_have_count(0)
    expect(page.locator("#notice")).to_have_text(re.compile(r"^\s*$"))


def test_a_legal_tap_shows_on_the_waste_before_the_server_answers(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    slow_network(page)
    position = table.fitting()
    name = english_name(table.game.visible()[position])
    # The click, and what the page shows at once, in one task: nothing from the server can be in yet.
    at_once = page.evaluate(
        """p => {
          document.querySelector(`#board button[data-position="${p}"]`).click();
          return {
            waste: document.querySelector(".pile.waste .card").getAttribute("aria-label"),
            card: document.querySelectorAll(`#board button[data-position="${p}"]`).length,
            version: document.getElementById("board").dataset.version,
            score: document.querySelector("[data-counter=score]").textContent,
          };
        }""",
        position,
    )
    assert at_once == {"waste": name, "card": 0, "version": "0", "score": "500"}  # counters wait for the server
    table.played(engine.log.tap_symbol(position))
    assert waste(page) == name
    expect(page.locator("[data-counter=score]")).to_have_text("499")
    expect(page.locator("#board-text")).to_contain_text(name)


def test_a_draw_queued_after_a_tap_waits_for_its_turn(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    slow_network(page)
    position = table.fitting()
    table.card(position).click()
    page.keyboard.press("d")  # while the tap is out
    table.game.tap(position)
    table.played(engine.log.DRAW)
    expect(page.locator(".stock-button .badge")).to_have_text("22")
    assert waste(page) == english_name(table.game.waste)
    assert server_version(page, table.url) == 2


def test_a_stale_answer_puts_back_the_servers_board_and_drops_the_taps_queued_after(
    browser: Browser, server_url: str
) -> None:
    """Another tab played meanwhile (and this page heard nothing of it): the page's own taps look
    legal and show at once, but the server answers 409 with its board, which the page then shows."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = console_errors(page)
    # No live updates on this page: its script is answered empty.
    page.route(re.compile(r"/static/js/live\."), lambda route: route.fulfill(body="", content_type="text/javascript"))
    table = Table(page, server_url, tap_run(5)[0])  # a deal with two cards that fit the first waste
    deal = table.game.deal
    first, second = table.game.playable()[:2]
    token = page.locator("input[name=csrfmiddlewaretoken]").first.input_value()
    answer = page.request.post(
        table.url + "tap/", form={"version": "0", "position": str(first)}, headers={"X-CSRFToken": token}
    )
    assert answer.ok
    table.game.tap(first)
    slow_network(page)
    # On the stale page, the second card still fits its waste: shown at once; then a third tap after it.
    table.card(second).click()
    assert waste(page) == english_name(deal[second])
    expect(table.card(second)).to_have_count(0)
    following = next(p for p in table.game.visible() if p not in (first, second))
    table.card(following).click()
    table.shows_version(1)
    expect(page.locator("#notice")).to_contain_text("This page was out of date")
    assert waste(page) == english_name(table.game.waste)  # the other tab's card
    expect(table.card(second)).to_have_count(1)  # back on the peaks
    expect(table.card(first)).to_have_count(0)
    page.wait_for_timeout(3 * ROUND_TRIP)
    assert server_version(page, table.url) == 1  # the tap queued after the stale one was never sent
    context.close()
    assert [error for error in errors if "409 (Conflict)" not in error] == []  # the browser notes each 409


def test_a_tap_the_page_knows_is_refused_explains_itself_and_keeps_the_taps_after(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    slow_network(page)
    position = table.fitting()
    table.heard_live()
    top, fitting = page.locator(".on-1").first.bounding_box(), table.card(position).bounding_box()
    assert top is not None and fitting is not None
    page.evaluate(NOTICES)
    page.mouse.click(top["x"] + 8, top["y"] + 6)  # a face-down top card: the server will say it is blocked
    page.mouse.click(fitting["x"] + fitting["width"] / 2, fitting["y"] + fitting["height"] / 2)  # at once
    assert waste(page) == english_name(table.game.visible()[position])  # shown before either answer
    table.played(engine.log.tap_symbol(position))
    assert server_version(page, table.url) == 1
    assert any("This card is blocked" in notice for notice in page.evaluate("window.__notices"))


def test_a_double_tap_on_a_card_plays_it_once_over_a_slow_network(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    slow_network(page)
    position = table.fitting()
    table.card(position).dblclick()
    table.played(engine.log.tap_symbol(position))
    page.wait_for_timeout(3 * ROUND_TRIP)
    assert server_version(page, table.url) == 1
    expect(page.locator("#notice")).to_have_text(re.compile(r"^\s*$"))


def test_the_focus_moves_on_at_once_from_a_card_played_by_keyboard(page: Page, server_url: str) -> None:
    table = Table(page, server_url, tap_run(5)[0])  # its first card that fits has others after it
    slow_network(page)
    position = table.fitting()
    tab_to(page, f'#board button[data-position="{position}"]')
    page.keyboard.press("Enter")
    after = next(p for p in sorted(table.game.visible()) if p > position)
    # Before the answer (a round trip away): the card played is gone at once, and the focus on the next.
    assert page.evaluate("() => document.activeElement.dataset.position") == str(after)
    table.played(engine.log.tap_symbol(position))
    expect(table.card(after)).to_be_focused()


@pytest.mark.parametrize("finger", [False, True])
def test_a_press_held_over_an_answer_s_swap_still_plays(browser: Browser, server_url: str, finger: bool) -> None:
    """A card pressed while the answer to the tap before is on its way, and released once that answer has
    replaced the board's buttons: the release lands on the new button, and the tap is played."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=finger, is_mobile=finger)
    page = context.new_page()
    errors = console_errors(page)
    code, (first, second) = tap_run(2)
    table = Table(page, server_url, code)
    slow_network(page)
    aim = table.card(second).bounding_box()
    assert aim is not None
    x, y = aim["x"] + aim["width"] / 2, aim["y"] + aim["height"] / 2
    press = page.context.new_cdp_session(page)
    table.card(first).click()  # its answer comes one round trip later
    if finger:
        press.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    else:
        page.mouse.move(x, y)
        page.mouse.down()
    table.shows_version(1)  # the answer swapped the board's buttons under the press
    if finger:
        press.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        page.mouse.up()
    table.shows_version(2)
    assert server_version(page, table.url) == 2
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("cut_after", [0, ROUND_TRIP + 50], ids=["before the burst", "mid-burst"])
def test_taps_queued_while_the_network_is_down_are_sent_once_it_is_back(
    browser: Browser, server_url: str, cut_after: int
) -> None:
    """Five taps, the network cut before them or while one is out (its answer, maybe its arrival, lost):
    the taps stay shown, the page says the server cannot be reached, and once the network is back every
    tap is played once, in order, and the message goes."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = console_errors(page)
    code, run = tap_run(5)
    table = Table(page, server_url, code)
    page.evaluate("window.__sameDocument = true")
    table.heard_live()
    switch = network(page)
    page.evaluate(NOTICES)
    if not cut_after:
        switch(True)
    page.evaluate("run => run.forEach(p => document.querySelector(`#board button[data-position='${p}']`).click())", run)
    if cut_after:
        page.wait_for_timeout(cut_after)
        switch(True)
    expect(page.locator("#notice p.failure")).to_have_text(OFFLINE)
    for position in run:  # still shown played
        expect(table.card(position)).to_have_count(0)
    assert server_version(page, table.url) < 5
    page.wait_for_timeout(1500)  # a retry or two, still without a network
    switch(False)
    for position in run:
        table.game.tap(position)
    table.shows_version(5)
    expect(page.locator("#notice p.failure")).to_have_count(0)
    expect(page.locator("[data-counter=moves]")).to_have_text("5")  # none lost, none doubled
    expect(page.locator("[data-counter=score]")).to_have_text("495")
    assert waste(page) == english_name(table.game.waste)
    page.wait_for_timeout(3 * ROUND_TRIP)
    assert server_version(page, table.url) == 5
    assert page.evaluate("window.__sameDocument") is True
    assert any(OFFLINE in notice for notice in page.evaluate("window.__notices"))
    context.close()
    # The browser notes each request the network failed, and the 409 of a tap whose first sending arrived.
    assert [error for error in errors if "ERR_INTERNET_DISCONNECTED" not in error and "409" not in error] == []
