"""The table on a desktop's window, in the five languages: it fills the window (the cards as large as its width
and height allow, not stopped at a phone's size), Undo and Teach me stand beside the piles, and the game's code and
buttons sit right under the table, inside the window, with nothing to scroll. Left-handed, the buttons, the stock
and the waste stand in the window's left half."""

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .test_hands import boxes, choose
from .test_phone import END_PARTS, ENDS, LOCALES, box, covered, end_problems
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
