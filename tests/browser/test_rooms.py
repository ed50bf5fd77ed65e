"""A challenge in Chromium against the real server: three players in three browser contexts race one deal while a
fourth context watches. The standings move on the other screens within a second of each move; a player who
reloads, or whose network drops, comes back to the same game and standings; the results rank as docs/challenges.md
says; and nothing an opponent or the watcher is sent (pages, answers, socket frames) names a card they cannot see."""

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Locator, Page, Response, WebSocket, expect
from playwright.sync_api import Error as PlaywrightError

import engine
from tests.live_server import deal_rooms
from tests.web.helpers_play import hidden_cards, leaks
from tests.web.rooms import winnable_and_blocked_by_drawing

from .conftest import checked_page, screenshot
from .test_phone import PHONES, UPRIGHT, phone, sideways, table_problems, turn

pytestmark = pytest.mark.services  # the standings go through the channel layer

LIVE = 1000  # ms: a move shows on the other screens within a second
COUNTDOWN = 5000  # ms: the countdown (tests/browser/conftest.py sets 1 s) and the way to the game page
RELOADED = 10_000  # ms: the end heard and the page loaded again, every player's at once on a loaded machine; the
# time limit (10 min) is far off, so only the room's end can bring it
SIZES = ("360x640", "375x553", "320x568", "740x304")  # what a phone's browser leaves of its screen
LANGUAGES = ("en", "it", "es", "bg", "fr")


@dataclass
class Seen:
    """Everything one browser context was sent: its documents' and answers' bodies, and its sockets' frames."""

    bodies: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)

    def follow(self, page: Page) -> None:
        page.on("response", self.keep)
        page.on("websocket", lambda socket: self.listen(socket))

    def keep(self, response: Response) -> None:
        if response.request.resource_type in {"document", "fetch", "xhr"} and response.status != 302:
            with contextlib.suppress(PlaywrightError):  # a page that left before its answer came never showed it
                self.bodies.append(response.text())

    def listen(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(str(payload)))


@dataclass
class Player:
    page: Page
    seen: Seen
    name: str

    def row(self, name: str) -> Locator:
        return self.page.locator(f"#standings tr:has(.name:text-is('{name}'))")


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[tuple[Page, Seen]]]:
    with (
        checked_page(browser) as ann,
        phone(browser, UPRIGHT["360x640"]) as bob,  # the standings above the table
        checked_page(browser) as cy,
        checked_page(browser) as watcher,
    ):
        opened = []
        for page in (ann, bob, cy, watcher):
            seen = Seen()
            seen.follow(page)
            opened.append((page, seen))
        yield opened


def cleared(game: engine.Game) -> int:
    return sum(game.is_removed(position) for position in range(engine.PEAK_CARDS))


def in_language(page: Page, language: str) -> None:
    """The page again, in ``language`` (Django's language cookie, as Settings and the header's choice set it)."""
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
    page.reload()


def post_actions(page: Page, actions: list[str], version: int, *, reload: bool = True) -> None:
    """Post ``actions`` on the page's game from ``version`` on, as htmx does (tests/browser/conftest.py's
    ``play_line`` from the start), then reload: how the race is brought to its end quickly. Not when the actions
    end the race: the page then reloads itself (room.js), and a second reload would abort the first."""
    token = page.locator("input[name=csrfmiddlewaretoken]").first.input_value()
    headers = {"HX-Request": "true", "X-CSRFToken": token}
    for number, action in enumerate(actions, start=version):
        drawing = action == engine.log.DRAW
        form: dict[str, str | float | bool] = {"version": str(number)}
        if not drawing:
            form["position"] = action
        answer = page.request.post(page.url + ("draw/" if drawing else "tap/"), form=form, headers=headers)
        assert answer.status == 200, f"action {number} ({action}) answered {answer.status}"
    if reload:
        page.reload()


def play(page: Page, game: engine.Game, action: str) -> None:
    """Click ``action`` on the page, and follow it in the test's copy of the game."""
    if action == engine.log.DRAW:
        page.locator(".stock-button").click()
        game.apply(engine.log.DRAW)
    else:
        page.locator(f'#board button[data-position="{action}"]').click()
        game.apply(engine.log.tap_symbol(int(action)))
    expect(page.locator("#board")).to_have_attribute("data-version", str(game.version))


def test_three_players_race_one_deal_live_and_nobody_sees_anothers_cards(
    contexts: list[tuple[Page, Seen]], server_url: str, live_server_env: dict[str, str]
) -> None:
    (ann_page, ann_seen), (bob_page, bob_seen), (cy_page, cy_seen), (watcher, watcher_seen) = contexts
    ann, bob, cy = Player(ann_page, ann_seen, "Ann"), Player(bob_page, bob_seen, "Bob"), Player(cy_page, cy_seen, "Cy")
    code, line = winnable_and_blocked_by_drawing()

    ann.page.goto(server_url + "/c/new/")
    ann.page.fill("#id_name", "Ann")
    ann.page.check("input[name=deal][value=free]")
    ann.page.check("input[name=rule][value=E]")
    ann.page.click("[data-action=make]")
    expect(ann.page).to_have_url(re.compile(r"/c/[\w-]{16}/$"))
    room_url = ann.page.url
    deal_rooms(live_server_env, [room_url.split("/")[-2]], code)
    for player in (bob, cy):
        player.page.goto(room_url)
        player.page.fill("#id_name", player.name)
        player.page.click("[data-action=join]")
        expect(ann.row(player.name)).to_have_count(1, timeout=LIVE)  # the host's lobby hears each join
    watcher.goto(room_url)
    expect(ann.page.locator("[data-action=start]")).to_be_enabled()
    ann.page.click("[data-action=start]")
    for player in (ann, bob, cy):  # the countdown leads each player to their own game
        expect(player.page).to_have_url(re.compile(r"/g/[\w-]{16}/$"), timeout=COUNTDOWN)
    expect(watcher.locator(".room[data-state=racing]")).to_have_count(1, timeout=COUNTDOWN)

    anns = engine.Game.new(engine.GameCode.parse(code))
    for action in line[:8]:  # each of Ann's moves shows on every other screen within a second
        play(ann.page, anns, action)
        for other in (bob.page, cy.page, watcher):
            row = other.locator("#standings tr:has(.name:text-is('Ann'))")
            expect(row).to_have_attribute("data-cleared", str(cleared(anns)), timeout=LIVE)

    cys_game = cy.page.url
    cy.page.reload()  # a reload comes back to the same game and standings
    assert cy.page.url == cys_game
    expect(cy.row("Ann")).to_have_attribute("data-cleared", str(cleared(anns)))

    bobs_game = bob.page.url
    bob.page.context.set_offline(True)  # Bob's network drops while Ann plays on
    for action in line[8:12]:
        play(ann.page, anns, action)
    bob.page.wait_for_timeout(800)
    bob.page.context.set_offline(False)  # back: the same game, the standings caught up
    expect(bob.row("Ann")).to_have_attribute("data-cleared", str(cleared(anns)), timeout=3 * LIVE)
    assert bob.page.url == bobs_game

    problems = []  # on a phone, in every language, the table with the standings above it is the whole screen
    for language in LANGUAGES:
        in_language(bob.page, language)
        for size in SIZES:
            turn(bob.page, PHONES[size])
            problems += table_problems(bob.page, f"{language} {size}")
    assert not problems, "\n".join(problems)
    in_language(bob.page, "en")

    cy.page.locator("[data-action=hint]").click()  # Teach me: Cy is marked, and ranks after the unassisted
    expect(cy.page.locator("#board .hinted")).to_have_count(1)
    expect(ann.row("Cy")).to_have_attribute("data-assisted", "", timeout=LIVE)
    cy.page.goto(room_url)
    cy.page.click("[data-action=leave]")  # gone: Cy's game stops there
    expect(watcher.locator("#standings tr:has(.name:text-is('Cy'))")).to_have_attribute("data-state", "gone")

    post_actions(bob.page, [engine.log.DRAW] * engine.layout.STOCK_SIZE, 0)  # Bob draws it all: blocked
    expect(ann.row("Bob")).to_have_attribute("data-state", "blocked", timeout=LIVE)
    post_actions(ann.page, line[12:], 12, reload=False)  # Ann wins: every game has ended, the room is over
    expect(watcher.locator(".room[data-state=over]")).to_have_count(1, timeout=RELOADED)  # it reloads itself

    results = watcher.locator("#standings tbody tr .name")
    expect(results).to_have_text(["Ann", "Bob", re.compile(r"^Cy\s+taught$")])  # won; then not taught; the taught last
    expect(watcher.locator("[data-code]")).to_have_text(code)
    for language in LANGUAGES:  # the results fit every phone
        in_language(watcher, language)
        for size in SIZES:
            turn(watcher, PHONES[size])
            problems += [f"results, {language} {size}: {spill}" for spill in sideways(watcher)]
    assert not problems, "\n".join(problems)
    in_language(watcher, "en")
    expect(bob.page.locator("[data-action=room]").first).to_be_visible()
    screenshot(watcher, "challenge-results")

    bobs = engine.Game.new(engine.GameCode.parse(code))
    for _ in range(engine.layout.STOCK_SIZE):
        bobs.draw()
    cys = engine.Game.new(engine.GameCode.parse(code))
    everything = set(cys.deal)
    for who, hidden in (
        (bob, hidden_cards(bobs)),
        (cy, hidden_cards(cys)),
        (Player(watcher, watcher_seen, ""), everything),
    ):
        sent = [*who.seen.bodies, *who.seen.frames]
        assert sent and hidden
        found = [leak for body in sent for leak in leaks(body, hidden)]
        assert not found, f"{who.name or 'the watcher'} was sent a card they cannot see: {found[:3]}"
    assert any(json.loads(frame).get("type") == "standings" for frame in watcher_seen.frames)
