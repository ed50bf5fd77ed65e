"""The table in a real hand: a slow network charges the player nothing and loses no tap (docs/levels.md, "The
network's part of the clock"; docs/features.md, "Tap or drag").

The latency is a real one: a TCP proxy (tests/latency.py) between Chromium and daphne delays every byte, the
WebSocket's pings and pongs included, as a slow network does. What the server stored is read from its
database (tests/stored.py), as another process would.
"""

import time
from collections.abc import Iterator

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, ViewportSize, expect

import engine
from games.drawing.cards import spoken_name
from tests.latency import delayed
from tests.stored import stored_games, stored_times
from tests.web.helpers_play import first_winnable

HUMAN_PAUSE = 0.2  # seconds from the page showing what an action needs to the player's tap
LINE_ACTIONS = 24  # of the solver's line: a third of a game, its draws and the cards its taps turn up included
LAG = 0.4  # seconds of round trip
PHONE: ViewportSize = {"width": 360, "height": 640}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def open_game(page: Page, base_url: str, code: str) -> str:
    """A free game of ``code`` on the table's page, its socket open and its round trip measured; its id."""
    page.goto(base_url + "/new/")
    page.fill("input[name=code]", code)
    page.click("form.new-game button[type=submit]")
    expect(page.locator("html[data-table=ready]")).to_have_count(1)
    expect(page.locator("#live[data-heard]")).to_have_count(1)  # the socket is open: the server pinged it
    time.sleep(1)  # its pong is in, however slow the network
    return page.url.rstrip("/").rsplit("/", 1)[-1]


# In the page, so that the pace is the same at every latency: a person looks before they tap (the card face up,
# the waste's face it must fit shown), then taps ``pause`` ms later. Draws need nothing.
HUMAN = """async ([line, pause]) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const face = (selector) => document.querySelector(`${selector}.face`);
  const shown = (action) => face(`#cell-${action}`) && face("#waste-card");
  for (const action of line) {
    if (action !== "+") while (!shown(action)) await frame();
    await new Promise((resolve) => setTimeout(resolve, pause));
    document.querySelector(action === "+" ? "#draw-button" : `#cell-${action}`).click();
  }
}"""


def tap(page: Page, action: str) -> None:
    page.locator("#draw-button" if action == engine.log.DRAW else f"#cell-{action}").tap()


def played_time(live_server_env: dict[str, str], public_id: str) -> tuple[float, float]:
    """The game's time as the server counts it (from its first action to its last, less the network's part),
    and the network's part."""
    first, last, network = stored_times(live_server_env, public_id)
    return (last - first - network).total_seconds(), network.total_seconds()


def human_play(page: Page, line: list[str]) -> None:
    page.evaluate(HUMAN, [line, HUMAN_PAUSE * 1000])
    expect(page.locator("#board")).to_have_attribute("data-version", str(len(line)), timeout=30_000)


def test_the_same_play_at_0_and_at_400_ms_gets_the_same_time_within_a_second(
    phone: Page, server_url: str, live_server_env: dict[str, str]
) -> None:
    code, line = first_winnable()
    times: dict[float, tuple[float, float]] = {}
    for lag in (0.0, LAG):
        with delayed(server_url, lag) as url:
            public_id = open_game(phone, url, code)
            human_play(phone, line[:LINE_ACTIONS])
        times[lag] = played_time(live_server_env, public_id)
    (near, near_network), (far, far_network) = times[0.0], times[LAG]
    # The network took seconds of the slow game (its answers a round trip apart), and the clock gave them back.
    assert far + far_network > near + near_network + 2, times
    assert abs(far - near) < 1, times


def test_taps_every_250_ms_through_a_400_ms_lag_on_a_slow_phone_are_all_applied_in_order(
    phone: Page, server_url: str, live_server_env: dict[str, str]
) -> None:
    """A player who does not wait: each tap a quarter of a second after the last, whatever the page shows. A tap
    on a card still face down, because the answer turning it up is on its way, waits for that answer."""
    code, line = first_winnable()
    with delayed(server_url, LAG) as url:
        public_id = open_game(phone, url, code)
        phone.context.new_cdp_session(phone).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        for action in line:
            tap(phone, action)
            time.sleep(0.25)
        expect(phone.locator(".outcome.won")).to_be_visible(timeout=60_000)
    game = engine.Game.new(engine.GameCode.parse(code))
    for action in line:
        game.apply(action if action == engine.log.DRAW else engine.log.tap_symbol(int(action)))
    assert stored_games(live_server_env, [public_id])[public_id] == (code, game.log)
    expect(phone.locator('[data-counter="score"]')).to_have_text(str(game.score))
    with translation.override("en"):
        expect(phone.locator("#waste-card")).to_have_attribute("aria-label", spoken_name(game.waste))
