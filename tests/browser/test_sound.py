"""Sound, off by default and on in Settings: a whole Medium game played by taps and draws plays, in order,
each card played and drawn, each peak cleared, a chime every fifth card of a streak, and the win; nothing else.
A tap the rules refuse (a face-down card, a card that does not fit) sounds as it is made."""

import pytest
from playwright.sync_api import Page, expect

import engine
from engine.levels import Level
from tests.web.helpers_play import actions_of

from .test_phone import level_game

# Every sound the page plays from now on, by its file's name (card, draw, peak, streak, win, refusal), none heard.
PLAYED = """() => {
  window.__played = [];
  HTMLMediaElement.prototype.play = function () {
    window.__played.push(this.src.split("/").pop().split(".")[0]);
    return Promise.resolve();
  };
}"""
STREAK_EVERY = 5  # static/js/sound.js
PEAK_TOPS = {"0", "1", "2"}
OFF_ACTIONS = 6  # enough to have played cards, had sound been on


def expected_sounds(code: engine.GameCode, actions: list[str]) -> list[str]:
    """What the page plays for ``actions``, each sent once the one before is answered: the tap's own sound
    as it shows (a peak's top clears the peak), then what the answer brings (the win alone, or a chime)."""
    game, sounds = engine.Game.new(code), []
    for action in actions:
        game.apply(engine.log.DRAW if action == engine.log.DRAW else engine.log.tap_symbol(int(action)))
        if action == engine.log.DRAW:
            sounds.append("draw")
            continue
        sounds.append("peak" if action in PEAK_TOPS else "card")
        streak = engine.streak_score(game, Level.MEDIUM, 0).streak
        if game.status is engine.Status.WON:
            sounds.append("win")
        elif streak % STREAK_EVERY == 0:
            sounds.append("streak")
    return sounds


def play(page: Page, actions: list[str]) -> None:
    board = page.locator("#board")
    for version, action in enumerate(actions, start=1):
        if action == engine.log.DRAW:
            page.locator("#board .stock-button").click()
        else:
            page.locator(f'#board button[data-position="{action}"]').click()
        expect(board).to_have_attribute("data-version", str(version))


def sound_on(page: Page, server_url: str) -> None:
    page.goto(server_url + "/settings/")
    page.get_by_label("Sound").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".notice.success")).to_be_visible()


@pytest.mark.parametrize("sound", [False, True], ids=["off by default", "on"])
def test_a_whole_game_plays_its_sounds_in_order(page: Page, server_url: str, sound: bool) -> None:
    if sound:
        sound_on(page, server_url)
    code = level_game(page, server_url, Level.MEDIUM)
    page.evaluate(PLAYED)
    actions = actions_of(engine.solve(engine.Game.new(code)).line)
    if not sound:
        actions = actions[:OFF_ACTIONS]
    play(page, actions)
    played = page.evaluate("window.__played")
    assert played == (expected_sounds(code, actions) if sound else [])
    if sound:
        expect(page.locator("#board .outcome.won")).to_be_visible()
        assert {"card", "peak", "win"} <= set(played)


def test_a_refused_tap_sounds_as_it_is_made(page: Page, server_url: str) -> None:
    sound_on(page, server_url)
    code = level_game(page, server_url, Level.MEDIUM)
    page.evaluate(PLAYED)
    game = engine.Game.new(code)
    misfit = next(position for position in game.visible() if position not in game.playable())
    page.locator('#board button[data-position="0"]').click()  # a peak's top, face down
    page.locator(f'#board button[data-position="{misfit}"]').click()
    expect(page.locator("#notice p").last).to_be_visible()  # the server's word on the second came back
    assert page.evaluate("window.__played") == ["refusal", "refusal"]
    expect(page.locator("#board")).to_have_attribute("data-version", "0")
