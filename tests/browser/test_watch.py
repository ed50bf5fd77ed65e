"""Watching live in Chromium against the real server: the owner plays in one page, watchers' pages
(other browser contexts, other players) and the owner's other tab follow without reloading.

Lost events and cut sockets are made with Playwright's WebSocket routing, which sits between the
page and the server: a routed socket is the page's real socket to daphne, and the test drops one
of the server's frames or closes the connection from the server's side."""

import contextlib
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

import engine
from tests.live_server import free_port, server_exceptions, serving

from .conftest import checked_page, console_errors, screenshot
from .test_play import Table

pytestmark = pytest.mark.services  # live events through the channel layer

LIVE_SOCKET = re.compile(r"/ws/g/")
SLOW = 20_000  # ms: a reconnection waits out its back-off (at most 15 s)


@pytest.fixture
def watcher(browser: Browser) -> Iterator[Page]:
    """Another player's page: a browser context of its own."""
    with checked_page(browser) as opened:
        yield opened


def advance(table: Table) -> None:
    """The owner taps a card that fits, else draws; the test's copy of the game follows."""
    if table.game.playable():
        position = table.fitting()
        table.card(position).click()
        table.played(engine.log.tap_symbol(position))
    else:
        table.page.locator(".stock-button").click()
        table.played(engine.log.DRAW)


def test_a_watcher_sees_each_move_without_reloading_and_everyone_sees_who_watches(
    page: Page, watcher: Page, server_url: str
) -> None:
    table = Table(page, server_url)
    watcher.goto(table.url)
    expect(watcher.locator("#status")).to_contain_text("watching (read-only)")
    expect(page.locator(".watching")).to_have_text(re.compile(r"Watching now:\s*1"))  # the owner is not counted
    expect(watcher.locator("[data-watching]")).to_have_text("1")
    watcher.evaluate("window.__sameDocument = true")  # a reload would lose this

    advance(table)
    expect(watcher.locator("#board")).to_have_attribute("data-version", "1")
    expect(watcher.locator("[data-counter=score]")).to_have_text("499")
    page.locator(".stock-button").click()
    table.played(engine.log.DRAW)
    expect(watcher.locator("#board")).to_have_attribute("data-version", "2")
    expect(watcher.locator("[data-counter=stock]")).to_have_text("22")
    expect(watcher.locator("#board-text")).to_have_text(page.locator("#board-text").inner_text())
    assert watcher.evaluate("window.__sameDocument") is True
    expect(watcher.locator("#board form")).to_have_count(0)  # still read-only
    screenshot(watcher, "watch-1280x800-en")

    watcher.goto(server_url + "/new/")  # leaving the page closes its socket
    expect(page.locator("[data-watching]")).to_have_text("0")


def test_the_owners_other_tab_follows_and_then_plays_at_the_current_version(page: Page, server_url: str) -> None:
    table = Table(page, server_url)
    other = page.context.new_page()  # same context: same session, the owner's second tab
    errors = console_errors(other)
    other.goto(table.url)
    expect(other.locator("[data-watching]")).to_have_text("0")
    advance(table)
    expect(other.locator("#board")).to_have_attribute("data-version", "1")
    expect(other.locator("#board input[name=version]").first).to_have_value("1")  # its own forms, refreshed

    other.locator(".stock-button").click()  # not a stale POST: applied
    expect(other.locator("#board")).to_have_attribute("data-version", "2")
    expect(page.locator("#board")).to_have_attribute("data-version", "2")
    expect(other.locator("#notice")).not_to_contain_text("out of date")
    assert not errors, errors


@dataclass
class Relay:
    """Sits between a page's live sockets and the server: can lose the server's next board frame,
    cut the connection from the server's side, and refuse new connections while cut."""

    lose_next_board: bool = False
    refusing: bool = False
    servers: list[WebSocketRoute] = field(default_factory=list)

    def route(self, page_side: WebSocketRoute) -> None:
        if self.refusing:
            page_side.close()
            return
        server_side = page_side.connect_to_server()
        self.servers.append(server_side)

        def forward(message: str | bytes) -> None:
            if self.lose_next_board and '"type": "board"' in str(message):
                self.lose_next_board = False  # as a full channel would drop it
                return
            page_side.send(message)

        server_side.on_message(forward)

    def cut(self) -> None:
        self.refusing = True
        self.servers[-1].close()


def test_a_watcher_that_loses_an_event_or_its_socket_catches_up(page: Page, watcher: Page, server_url: str) -> None:
    relay = Relay()
    watcher.route_web_socket(LIVE_SOCKET, relay.route)
    table = Table(page, server_url)
    watcher.goto(table.url)
    expect(page.locator("[data-watching]")).to_have_text("1")
    board = watcher.locator("#board")

    relay.lose_next_board = True
    advance(table)  # version 1 never reaches the watcher
    with watcher.expect_request(re.compile(r"/live/$")):
        advance(table)  # version 2 does: a gap, so the page fetches the board
    expect(board).to_have_attribute("data-version", "2")

    relay.cut()
    expect(watcher.locator(".reconnecting")).to_have_text("Reconnecting…")
    expect(page.locator("[data-watching]")).to_have_text("0")
    advance(table)
    advance(table)
    expect(board).to_have_attribute("data-version", "2")  # nothing reaches a page whose socket is down
    screenshot(watcher, "watch-reconnecting-1280x800-en")

    relay.refusing = False
    expect(board).to_have_attribute("data-version", "4", timeout=SLOW)
    expect(watcher.locator(".reconnecting")).to_have_text("")
    expect(page.locator("[data-watching]")).to_have_text("1")
    advance(table)
    expect(board).to_have_attribute("data-version", "5")


def test_a_page_told_redis_is_away_comes_back_within_two_seconds_however_long_it_lasted(
    page: Page, server_url: str
) -> None:
    """Each refusal with 4503 (Redis away) has the page try again within 1.5 s, not after a back-off grown with
    the outage's length: the page is back within 2 s of Redis's return, its reconnection's own time included.
    The page's clock is Playwright's."""
    refusals = 6  # doubled from 0.5 s, the back-off would have grown to 16 s
    attempts: list[WebSocketRoute] = []

    def route(page_side: WebSocketRoute) -> None:
        attempts.append(page_side)
        if len(attempts) <= refusals:
            page_side.close(code=4503, reason="Redis unavailable")
        else:
            page_side.connect_to_server()

    table = Table(page, server_url)
    page.clock.install()
    page.route_web_socket(LIVE_SOCKET, route)
    page.goto(table.url)
    for tried in range(1, refusals + 2):
        for _ in range(200):  # the route's handler runs between the test's calls to the browser
            if len(attempts) >= tried:
                break
            page.wait_for_timeout(10)
        assert len(attempts) >= tried, f"no attempt {tried} within 1.5 s of the last refusal"
        page.clock.run_for(1500)
    table.heard_live()


@contextlib.contextmanager
def redis_server(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A Redis of this test's own (the machine's is shared), answering on ``port`` until the block ends."""
    command = ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).stdout == b"PONG\n":
                break
            time.sleep(0.05)
        yield process
    finally:
        process.kill()
        process.wait()


def seconds_until_version(page: Page, version: int, within: float) -> float:
    """How long until ``page``'s board shows ``version``, looked at every 20 ms (expect's own polling grows to a
    second apart, too coarse to time)."""
    start = time.monotonic()
    while page.locator("#board").get_attribute("data-version") != str(version):
        assert time.monotonic() - start < within, f"version {version} not shown within {within} s"
        time.sleep(0.02)
    return time.monotonic() - start


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")
def test_a_watcher_is_back_within_two_seconds_of_a_killed_redis_s_return(
    page: Page, watcher: Page, live_server_env: dict[str, str], tmp_path: Path
) -> None:
    """A real Redis killed under a watched game, and started again: the owner plays on meanwhile, the watcher's
    page says it is reconnecting, and once Redis is back it shows the game as it stands within 2 s (its
    page tries again within 1.5 s of each refusal); the server logs a warning for each socket, no traceback."""
    port, log = free_port(), tmp_path / "daphne.log"
    env = {**live_server_env, "REDIS_URL": f"redis://127.0.0.1:{port}/0"}
    with serving(env, log=log) as server:
        with redis_server(port):
            table = Table(page, server.url)
            table.heard_live()
            watcher.goto(table.url)
            expect(page.locator("[data-watching]")).to_have_text("1")
            advance(table)
            expect(watcher.locator("#board")).to_have_attribute("data-version", "1")
        expect(watcher.locator(".reconnecting")).not_to_have_text("")  # Redis killed: the socket closed
        advance(table)  # the game goes on without Redis
        table.shows_version(2)
        time.sleep(3)  # the page has tried again, and been refused, in the meantime
        with redis_server(port):
            back = seconds_until_version(watcher, 2, within=5.0)
            expect(watcher.locator(".reconnecting")).to_have_text("")
            advance(table)
            expect(watcher.locator("#board")).to_have_attribute("data-version", "3")  # live again
        for opened in (page, watcher):
            opened.goto("about:blank")  # their sockets closed before the server stops
    assert back < 2.0, f"the watcher was back {back:.1f} s after Redis"
    assert not server_exceptions(log), log.read_text()
    assert "Redis" in log.read_text()  # the warnings, one line each
