"""Level games in Chromium: a Medium game won by following "Teach me" to the end card (the stars, the
score broken down, the multiplier and the best streak), and the clock."""

import re

from playwright.sync_api import Page, expect

import engine
from tests.web.helpers_play import actions_of

from .conftest import play_line, screenshot

TAUGHT = 6  # the last actions, each played as Teach me shows it; the solver's line brings the game there
MOST_ACTIONS = 60  # a won game takes at most 51 actions (28 taps, 23 draws)


def test_a_medium_game_won_with_teach_me_shows_its_end_card(page: Page, server_url: str) -> None:
    page.goto(server_url + "/new/")
    page.click('button[data-level="medium"]')
    expect(page.locator("#status .level")).to_have_attribute("data-level", "medium")
    code = engine.GameCode.parse(page.locator("#game-code").input_value())
    line = engine.solve(engine.Game.new(code)).line
    play_line(page, page.url, actions_of(line)[:-TAUGHT])
    board = page.locator("#board")
    for _ in range(MOST_ACTIONS):
        if page.locator(".outcome.won").count():
            break
        version = int(board.get_attribute("data-version") or "0")
        page.get_by_role("button", name="Teach me").click()
        hinted = page.locator("#board .hinted")
        expect(hinted).to_have_count(1)
        hinted.click()
        expect(board).not_to_have_attribute("data-version", str(version))
    end = page.locator(".outcome.won")
    expect(end).to_be_visible()
    part = {name: end.locator(f'[data-part="{name}"]').inner_text() for name in ("streaks", "peaks", "stock", "time")}
    points = {name: int(text) for name, text in part.items()}
    assert points["peaks"] == 150 + 150 + 500
    expect(end.locator('[data-part="multiplier"]')).to_have_text("×2")
    total = int(end.locator('[data-part="total"]').inner_text())
    assert total == 2 * sum(points.values())
    left = points["stock"] // 25
    stars = int(end.locator(".stars").get_attribute("data-stars") or "0")
    assert stars == (3 if left >= 8 else 2 if left >= 3 else 1)
    best = int(end.locator("[data-best-streak]").get_attribute("data-best-streak") or "0")
    assert 1 <= best <= 28 and points["streaks"] >= best * (best + 1) * 5
    expect(page.locator('[data-counter="score"]')).to_have_text(str(total))
    screenshot(page, "level-won")


def test_the_clock_runs_from_the_first_action_and_the_time_bonus_counts_down(page: Page, server_url: str) -> None:
    page.goto(server_url + "/new/")
    page.click('button[data-level="easy"]')
    time, bonus = page.locator('[data-counter="time"]'), page.locator('[data-counter="time-bonus"]')
    expect(time).to_have_text("0:00")
    page.wait_for_timeout(1500)
    expect(time).to_have_text("0:00")  # not before the first action
    expect(bonus).to_have_text("4:00")
    page.locator(".stock-button").click()
    expect(page.locator("#board")).to_have_attribute("data-version", "1")
    expect(time).to_have_text("0:02", timeout=4000)  # ticking between answers
    expect(bonus).to_have_text(re.compile(r"^3:5[78]$"))  # 4:00 less the time, in whole seconds of bonus
    page.locator(".stock-button").click()  # the answer's figure, from the server's clock, takes over
    expect(page.locator("#board")).to_have_attribute("data-version", "2")
    expect(time).to_have_text("0:04", timeout=4000)
