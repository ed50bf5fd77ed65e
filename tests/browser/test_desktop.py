"""The table on a desktop's window, in the five languages: it fills the window (the cards as large as its width
and height allow, not stopped at a phone's size), Undo and Teach me stand beside the piles, and the game's code and
buttons sit right under the table, inside the window, with nothing to scroll. Left-handed, the buttons, the stock
and the waste stand in the window's left half. A laptop's wide and short window (1024 × 600 to 1366 × 768) gets the
desktop's table too, not a phone's held sideways, its cards growing with the window."""

import itertools
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .test_hands import boxes, choose
from .test_phone import END_PARTS, ENDS, LOCALES, SIDEWAYS, box, covered, end_problems, turn
from .test_play import Table

DESKTOPS: dict[str, ViewportSize] = {
    "1280x800": {"width": 1280, "height": 800},
    "1920x1080": {"width": 1920, "height": 1080},
}
FILLS = 0.75  # the bottom row of the peaks spans at least this share of the window's width, or the height is spent


def desktop_problems(page: Page, width: int, height: int) -> list[str]:
    problems = []
    row = [box(page.locator(f'#board [data-position="{p}"]')) for p in (18, 27)]
    span = row[1]["x"] + row[1]["width"] - row[0]["x"]
    waste, stock, controls = (
        box(page.locator("#waste-card")),
        box(page.locator("#board .stock-button")),
        box(page.locator("#board .controls")),
    )
    foot = box(page.locator(".game-foot"))
    if span < FILLS * width and foot["y"] - (waste["y"] + waste["height"]) > 0.15 * height:
        problems.append(f"the table does not fill the window: the row spans {span:.0f} px, the foot at {foot['y']:.0f}")
    if not (controls["y"] < waste["y"] + waste["height"] and controls["y"] + controls["height"] > stock["y"]):
        problems.append(f"Undo and Teach me not beside the piles: {controls} beside {stock}")
    if foot["y"] + foot["height"] > height or page.evaluate("document.documentElement.scrollHeight > innerHeight"):
        problems.append(f"the game's code and buttons past the window's foot: {foot}")
    if page.evaluate("document.documentElement.scrollWidth > innerWidth"):
        problems.append("the page scrolls sideways")
    return problems


@pytest.mark.parametrize("size", DESKTOPS)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_table_fills_a_desktop_s_window(browser: Browser, server_url: str, locale: str, size: str) -> None:
    context = browser.new_context(viewport=DESKTOPS[size], locale=locale)
    page = context.new_page()
    Table(page, server_url)
    problems = desktop_problems(page, DESKTOPS[size]["width"], DESKTOPS[size]["height"])
    controls, waste = box(page.locator("#board .controls")), box(page.locator("#waste-card"))
    if controls["x"] < waste["x"] + waste["width"]:
        problems.append("right-handed, the buttons are not right of the waste")
    assert not problems, "\n".join(problems)
    context.close()


@pytest.mark.parametrize("size", DESKTOPS)
def test_left_handed_the_piles_and_buttons_stand_in_the_window_s_left_half(
    browser: Browser, server_url: str, size: str
) -> None:
    context = browser.new_context(viewport=DESKTOPS[size])
    page = context.new_page()
    choose(page, server_url, "left_handed")
    Table(page, server_url)
    expect(page.locator("body")).to_have_attribute("data-hand", "left")
    parts = boxes(page)
    middles = {part: found["x"] + found["width"] / 2 for part, found in parts.items() if part != "peaks"}
    assert max(middles.values()) < DESKTOPS[size]["width"] / 2, middles
    assert parts["undo"]["x"] + parts["undo"]["width"] < parts["stock"]["x"]  # the buttons nearest the edge
    assert not desktop_problems(page, DESKTOPS[size]["width"], DESKTOPS[size]["height"])
    context.close()


@pytest.mark.parametrize("end", list(END_PARTS))
def test_each_end_card_and_a_refusal_keep_to_the_table_on_a_desktop(
    browser: Browser, server_url: str, end: str
) -> None:
    """The end card's score and buttons in view without scrolling, off the counters; a refused tap's message off the
    game's head, the piles and the buttons (test_phone.py checks the same on every phone)."""
    for locale in ("en-GB", "bg-BG"):
        context = browser.new_context(viewport=DESKTOPS["1280x800"], locale=locale)
        page = context.new_page()
        if end == "blocked":  # before it ends, a refusal
            table = Table(page, server_url)
            table.card(table.misfit()).click()
            expect(page.locator("#notice p").last).to_be_visible()
            assert covered(page) == [], locale
        ENDS[end](page, server_url)
        expect(page.locator("#board .outcome")).to_be_visible()
        assert end_problems(page, end, "1280x800", thumbs=False) == [], locale
        context.close()


# A laptop's and a desktop's windows, the smallest first: however wide and short, each gets the desktop's table (a
# laptop's browser leaves 1280 × 700 or 1366 × 768), not a phone's held sideways.
WINDOWS: dict[str, ViewportSize] = {
    "1024x600": {"width": 1024, "height": 600},
    "1280x700": {"width": 1280, "height": 700},
    "1280x800": {"width": 1280, "height": 800},
    "1366x768": {"width": 1366, "height": 768},
    "1440x900": {"width": 1440, "height": 900},
    "1920x1080": {"width": 1920, "height": 1080},
}


def level_game(page: Page, server_url: str) -> None:
    page.goto(server_url + "/new/")
    page.click('button[data-level="medium"]')
    expect(page.locator("html[data-table=ready]")).to_have_count(1)


GAMES: dict[str, Callable[[Page, str], object]] = {"free": Table, "level": level_game}


def beside_the_peaks(page: Page) -> bool:
    """Whether the stock and the waste stand beside the peaks (a phone's table held sideways), not under them."""
    peaks, piles = box(page.locator("#board .peaks")), box(page.locator("#board .piles"))
    return piles["y"] < peaks["y"] + peaks["height"]


def card_width(page: Page) -> float:
    return box(page.locator('#board [data-position="18"]'))["width"]


def no_larger(small: ViewportSize, large: ViewportSize) -> bool:
    return small["width"] <= large["width"] and small["height"] <= large["height"]


@pytest.mark.parametrize("game", GAMES)
def test_every_window_gets_the_desktop_s_table_its_cards_growing_with_it(
    browser: Browser, server_url: str, game: str
) -> None:
    context = browser.new_context(viewport=WINDOWS["1024x600"])
    page = context.new_page()
    GAMES[game](page, server_url)
    widths: dict[str, float] = {}
    problems = []
    for size, viewport in WINDOWS.items():
        turn(page, viewport)
        widths[size] = card_width(page)
        if beside_the_peaks(page):
            problems.append(f"{size}: a phone's table held sideways, {widths[size]:.0f} px cards")
        problems += [f"{size}: {problem}" for problem in desktop_problems(page, viewport["width"], viewport["height"])]
    problems += [
        f"{larger}'s cards ({widths[larger]:.0f} px) smaller than {smaller}'s ({widths[smaller]:.0f} px)"
        for smaller, larger in itertools.permutations(WINDOWS, 2)
        if no_larger(WINDOWS[smaller], WINDOWS[larger]) and widths[larger] < widths[smaller]
    ]
    turn(page, SIDEWAYS["740x304"])  # a phone's width and height: still its table held sideways
    if not beside_the_peaks(page):
        problems.append("740x304: the stock and the waste under the peaks")
    context.close()
    assert not problems, "\n".join(problems)
