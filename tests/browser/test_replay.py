"""The step-through replay in Chromium (docs/features.md "Replay"): on every phone, upright and sideways, in the
five languages, its head is the game's and the table fills what the head and the steps' bar leave, nothing cut,
broken inside a word or past the edge; the bar's buttons stay where they are from step to step and are large
enough for a thumb; each step names its cards; Play steps through to the end by itself, to the game's score; a
finished game's replay keeps the game page's table, where the points went below it."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

import engine

from .conftest import broken_words, checked_page, play_line, screenshot
from .test_phone import LOCALES, PHONES, blocked_game, box, level_game, phone, scrolls, sideways, turn

SIZES = ["360x640", "375x553", "320x568", "740x304", "844x340"]
PLAYED = 12  # actions of the game replayed
THUMB = 44  # px: the least height and width of a button a thumb presses


def played_game(page: Page, server_url: str) -> tuple[str, engine.Game]:
    """A level game a dozen actions in (a tap whenever a card fits, else a draw): its address and its position."""
    game = engine.Game.new(level_game(page, server_url))
    url = page.url
    line = []
    for _ in range(PLAYED):
        if game.playable():
            position = game.playable()[0]
            game.tap(position)
            line.append(str(position))
        else:
            game.draw()
            line.append(engine.log.DRAW)
    play_line(page, url, line)
    return url, game


def at_step(page: Page, step: int) -> None:
    """The page shows ``step``, swapped in by the replay's script (it writes the step's address when it is in)."""
    expect(page).to_have_url(re.compile(rf"\?step={step}$"))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_replay_fits_every_phone_and_its_buttons_never_move(browser: Browser, server_url: str, locale: str) -> None:
    with phone(browser, PHONES["360x640"], locale=locale) as page:
        url, _ = played_game(page, server_url)
        page.goto(url + "replay/?step=1")
        step, problems = 1, []
        for size in SIZES:
            turn(page, PHONES[size])
            where = box(page.locator("#step-next"))
            for _ in range(2):
                page.locator("#step-next").tap()
                step += 1
                at_step(page, step)
                if (moved := box(page.locator("#step-next"))) != where:
                    problems.append(f"{size}: Next moved from {where} to {moved} at step {step}")
            buttons = page.locator(".steps .button").evaluate_all(
                "all => all.map(b => b.getBoundingClientRect()).map(r => [r.width, r.height])"
            )
            if small := [size for size in buttons if min(size) < THUMB]:
                problems.append(f"{size}: buttons smaller than a thumb: {small}")
            for line in page.locator("#replay-step > span").all():
                if line.evaluate("line => line.scrollWidth > line.clientWidth"):
                    problems.append(f"{size}: the step's line cut: {line.inner_text()}")
            if scrolls(page):
                problems.append(f"{size}: the page scrolls")
            problems += [f"{size}: {spill}" for spill in sideways(page)[:3]]
            problems += [f"{size}: a word broken: {word}" for word in broken_words(page)]
        assert not problems, "\n".join(problems)
        turn(page, PHONES["360x640"])
        screenshot(page, f"replay-{locale[:2]}")
        turn(page, PHONES["740x304"])
        screenshot(page, f"replay-sideways-{locale[:2]}")


def test_each_step_names_its_cards_and_play_steps_to_the_end_by_itself(page: Page, server_url: str) -> None:
    url, game = played_game(page, server_url)
    score = page.locator('[data-counter="score"]').inner_text()
    page.goto(url + "replay/?step=0")
    page.locator("#step-next").click()
    at_step(page, 1)
    said = "Drew" if game.log[0] == engine.log.DRAW else "onto"
    expect(page.locator("[data-step-text]")).to_contain_text(said)
    play = page.locator("#step-play")
    expect(play).to_have_text(re.compile("Play"))
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_have_text(re.compile("Pause"))
    at_step(page, 3)  # two actions a second, by itself
    play.click()  # Pause: it stays where it is
    paused = page.url
    page.wait_for_timeout(1200)
    assert page.url == paused
    play.click()
    expect(page).to_have_url(re.compile(rf"\?step={PLAYED}$"), timeout=15_000)
    expect(play).to_have_attribute("aria-pressed", "false")  # at the last step it stops
    expect(page.locator('[data-counter="score"]')).to_have_text(score)
    expect(page.locator('[data-counter="moves"]')).to_have_text(str(game.moves))


def test_without_javascript_each_button_is_a_link_to_its_step(browser: Browser, server_url: str) -> None:
    with checked_page(browser) as page:
        url, _ = played_game(page, server_url)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.goto(url + "replay/?step=2")
    expect(page.locator("#step-play")).to_be_hidden()
    page.locator("#step-next").click()
    at_step(page, 3)
    expect(page.locator("[data-step-text]")).not_to_be_empty()
    context.close()


# Whether the heading is wholly on the screen and nothing covers it (the phone's fixed bar): the element at each of
# its corners is the heading.
UNCOVERED = """(heading) => {
  const box = heading.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) return false;
  const corners = [[box.left + 1, box.top + 1], [box.right - 1, box.top + 1], [box.left + 1, box.bottom - 1],
    [box.right - 1, box.bottom - 1]];
  return corners.every(([x, y]) => heading.contains(document.elementFromPoint(x, y)));
}"""


def card_width(page: Page) -> float:
    return box(page.locator("#board .peaks .card").first)["width"]


@pytest.mark.parametrize("size", ["375x553", "740x304", "360x640"])
def test_a_finished_game_s_replay_keeps_the_game_s_table_with_where_the_points_went_below_it(
    browser: Browser, server_url: str, size: str
) -> None:
    with phone(browser, PHONES[size]) as page:
        blocked_game(page, server_url)
        game_url = page.url
        on_the_game = card_width(page)
        page.goto(game_url + "replay/")
        expect(page.locator("#losses ol")).to_be_visible(timeout=30_000)  # found by the solver, swapped in
        assert card_width(page) == on_the_game
        table = box(page.locator(".game > .table"))
        heading = page.locator("#losses-title")
        assert box(heading)["y"] >= table["y"] + table["height"]  # below the table, the page scrolled to it
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")  # the player scrolls down to it
        assert heading.evaluate(UNCOVERED), f"the heading is cut or covered at {box(heading)}"
        assert heading.evaluate("h => h.scrollWidth <= h.clientWidth")
        section = page.locator("section.losses").inner_text()
        assert section.count(heading.inner_text()) == 1
        # One step and Play, told apart at a glance: neither one's symbol is the other's, nor holds it.
        play, step = page.locator("#step-play .symbol").inner_text(), page.locator("#step-next .arrow").inner_text()
        assert play not in step and step not in play
        expect(page.get_by_role("button", name="Play")).to_have_id("step-play")
        expect(page.get_by_role("link", name="Next")).to_have_id("step-next")
