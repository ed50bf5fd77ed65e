"""The game on a phone, held upright (360 × 740) and sideways (740 × 360), and every page at 320 px.

What the player needs to play (every peak card, the stock, the waste and Undo) is in view without
scrolling; nothing on any page reaches past the right edge; a message never moves the table; the end
of a game overlays the table but not the counters or the game code. Also the dark theme, which a
phone often asks for, the card backs a player may choose, and the won game's celebration.
"""

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

import engine
from engine.layout import STOCK_SIZE
from tests.web.helpers_play import actions_of, first_winnable

from .conftest import ARTIFACTS, console_errors, play_line, screenshot
from .test_play import Table, blocked_by_drawing, tap_top_card

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}
PHONES = {"portrait": PORTRAIT, "landscape": LANDSCAPE}
NARROWEST = {"width": 320, "height": 640}
READABLE = 12  # px: the least size of a card's corner index on a 360 px phone

# Every visible element whose box reaches past the screen's left or right edge (the visually-hidden
# ones are 1 px boxes clipped away), and every element that scrolls its content sideways. The screen's
# width is given: a phone's browser widens its layout viewport (innerWidth) to a page that is too wide.
SIDEWAYS = """(width) => {
  const found = [];
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.classList.length ? '.' + [...el.classList].join('.') : '');
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.visually-hidden, [hidden], script, template')) continue;
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === 'hidden') continue;
    if (box.right > width + 0.5 || box.left < -0.5) found.push(`${name(el)} spans ${box.left}..${box.right}`);
    if (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
  }
  if (document.documentElement.scrollWidth > width || window.innerWidth > width)
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return found;
}"""


@contextlib.contextmanager
def phone(browser: Browser, viewport: dict[str, int], **options: Any) -> Iterator[Page]:
    """A new player on a touch phone of ``viewport``; console errors fail the test."""
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True, **options)
    opened = context.new_page()
    errors = console_errors(opened)
    yield opened
    context.close()
    assert not errors, f"the browser reported errors: {errors}"


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found, f"{locator} has no box"
    return found


def outside_the_view(page: Page, locator: Locator) -> list[str]:
    """The elements of ``locator`` that are not wholly inside the screen as the page stands (not scrolled)."""
    screen = page.viewport_size
    assert screen
    return locator.evaluate_all(
        """(elements, [width, height]) => elements.flatMap(el => {
             const b = el.getBoundingClientRect();
             const inside = b.left >= -0.5 && b.top >= -0.5 && b.right <= width + 0.5 && b.bottom <= height + 0.5;
             return inside ? [] : [`${el.className} at ${b.left},${b.top} to ${b.right},${b.bottom}`];
           })""",
        [screen["width"], screen["height"]],
    )


def sideways(page: Page) -> list[str]:
    screen = page.viewport_size
    assert screen
    return list(page.evaluate(SIDEWAYS, screen["width"]))


def needed_to_play(page: Page) -> dict[str, Locator]:
    return {
        "peak cards": page.locator("#board .peaks .card"),
        "stock": page.locator("#board .stock-button"),
        "waste": page.locator("#board .pile.waste .card"),
        "Undo": page.locator("#board .controls [data-action=undo]"),
    }


# How an element's content overflows it without being clipped or scrolled ("" when it does not).
SPILLS = """el => {
  const style = getComputedStyle(el), box = el.getBoundingClientRect();
  if (style.overflowY !== 'visible' && style.overflowX !== 'visible') return '';
  const out = [...el.querySelectorAll('*')].map(child => child.getBoundingClientRect())
    .filter(b => b.width && b.height && (b.top < box.top - 0.5 || b.bottom > box.bottom + 0.5));
  if (!out.length) return '';
  const top = Math.min(...out.map(b => b.top)), bottom = Math.max(...out.map(b => b.bottom));
  return `${out.length} boxes reach ${top}..${bottom} out of ${box.top}..${box.bottom}`;
}"""


def on_top(locator: Locator) -> bool:
    """Whether what the finger finds at the middle of ``locator`` is the element or inside it."""
    return bool(
        locator.evaluate(
            """el => { el.scrollIntoView({block: 'center'}); const b = el.getBoundingClientRect();
                       const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                       return el === top || el.contains(top); }"""
        )
    )


def overlap(one: dict[str, float], other: dict[str, float]) -> bool:
    return (
        one["x"] < other["x"] + other["width"]
        and other["x"] < one["x"] + one["width"]
        and one["y"] < other["y"] + other["height"]
        and other["y"] < one["y"] + one["height"]
    )


@pytest.mark.parametrize("held", list(PHONES))
def test_everything_needed_to_play_is_in_view_without_scrolling(browser: Browser, server_url: str, held: str) -> None:
    viewport = PHONES[held]
    with phone(browser, viewport) as page:
        table = Table(page, server_url)
        for name, locator in needed_to_play(page).items():
            assert locator.count(), f"no {name}"
            assert not outside_the_view(page, locator), (
                f"{name} outside the {held} view: {outside_the_view(page, locator)}"
            )
        assert page.evaluate("window.scrollY") == 0
        # The same once a few cards are gone and the waste has a card from the peaks.
        table.card(table.fitting()).click()
        table.played(engine.log.tap_symbol(table.fitting()))
        for name, locator in needed_to_play(page).items():
            assert not outside_the_view(page, locator), f"{name} outside the {held} view after a tap"


@pytest.mark.parametrize("held", list(PHONES))
def test_the_cards_are_as_large_as_the_screen_allows(browser: Browser, server_url: str, held: str) -> None:
    """Upright, ten cards fill the width and the board (peaks, piles, Undo) nearly half the height;
    sideways, the peaks fill most of the height. The corner index is readable at arm's length."""
    viewport = PHONES[held]
    with phone(browser, viewport) as page:
        Table(page, server_url)
        card = box(page.locator("#board .peaks .card").first)
        board, peaks = box(page.locator("#board")), box(page.locator("#board .peaks"))
        if held == "portrait":
            assert 10 * card["width"] >= 0.97 * viewport["width"], f"cards of {card['width']} px"
            # Upright the width decides: ten cards fill it, and the board (peaks, piles, controls) follows,
            # some 44% of the height (a third before), the Share row and the message line included.
            assert board["height"] >= 0.43 * viewport["height"], f"a board {board['height']} px high"
        else:
            assert card["width"] >= 0.07 * viewport["width"], f"cards of {card['width']} px"
            assert peaks["height"] >= 0.55 * viewport["height"], f"peaks {peaks['height']} px high"
        corner = page.locator("#board .peaks .card.face .corner").first
        size = float(corner.evaluate("c => parseFloat(getComputedStyle(c).fontSize)"))
        assert size >= READABLE, f"a corner index of {size} px"


@pytest.mark.parametrize("held", list(PHONES))
def test_a_message_overlays_the_table_and_never_moves_it(browser: Browser, server_url: str, held: str) -> None:
    """In Italian, whose messages are long: the board and its cards stay where the finger is."""
    with phone(browser, PHONES[held], locale="it-IT") as page:
        table = Table(page, server_url)
        table.heard_live()
        before = box(table.board)
        card = table.card(table.fitting())
        card_before = box(card)
        tap_top_card(page)  # a face-down card: refused, with a message
        expect(page.locator("#notice p")).to_contain_text("bloccata")
        assert box(table.board) == before
        assert box(card) == card_before
        assert not outside_the_view(page, page.locator("#notice p")), "the message is out of view"
        page.locator("#board form[action$='/hint/'] button").click()  # the longest: an explanation that stays
        expect(page.locator("#board .hinted")).to_have_count(1)
        assert box(table.board) == before
        assert box(card) == card_before


def won_level_game(page: Page, server_url: str) -> None:
    """A Medium game (whose end card is the tallest: stars, the score broken down) won by the solver's line."""
    page.goto(server_url + "/new/")
    page.click('button[data-level="medium"]')
    expect(page.locator("#status .level")).to_have_attribute("data-level", "medium")
    code = engine.GameCode.parse(page.locator("#game-code").input_value())
    solution = engine.solve(engine.Game.new(code))
    assert solution.winnable
    play_line(page, page.url, actions_of(solution.line))


def won_free_game(page: Page, server_url: str) -> None:
    code, line = first_winnable()
    play_line(page, Table(page, server_url, code).url, line)


def blocked_game(page: Page, server_url: str) -> None:
    play_line(page, Table(page, server_url, blocked_by_drawing()).url, [engine.log.DRAW] * STOCK_SIZE)


ENDS = {"won level": won_level_game, "won": won_free_game, "blocked": blocked_game}


@pytest.mark.parametrize("end", list(ENDS))
@pytest.mark.parametrize("held", list(PHONES))
def test_the_end_overlay_keeps_off_the_counters_and_the_code(
    browser: Browser, server_url: str, held: str, end: str
) -> None:
    with phone(browser, PHONES[held]) as page:
        ENDS[end](page, server_url)
        overlay = page.locator("#board .outcome")
        expect(overlay).to_be_visible()
        shown = box(overlay)
        for name, other in {"counters": "#counters", "game code": "#game-code"}.items():
            assert not overlap(shown, box(page.locator(other))), f"the {end} overlay covers the {name}"
            assert on_top(page.locator(other)), f"the {end} overlay's content spills over the {name}"
        assert overlay.evaluate(SPILLS) == "", f"the {end} overlay's content spills out of it"
        way_on = overlay.locator(".outcome-actions .primary")  # New game, or a level's Next deal
        way_on.scroll_into_view_if_needed()
        assert not outside_the_view(page, way_on), "the overlay's way on (New game or Next deal) is out of reach"
        assert not sideways(page)
        screenshot(page, f"phone-{end.replace(' ', '-')}-{held}")


def test_no_page_scrolls_sideways_at_320_px(browser: Browser, server_url: str) -> None:
    with phone(browser, NARROWEST) as page:
        blocked_game(page, server_url)
        won_level_game(page, server_url)
        page.goto(server_url + "/daily/")
        page.click("form[action$='/daily/'] button")  # the day's deal, begun: a row of the history's daily results
        expect(page.locator("#status .level")).to_have_attribute("data-level", "daily")
        game = Table(page, server_url)  # a free game, one card in
        game.card(game.fitting()).click()
        game.played(engine.log.tap_symbol(game.fitting()))
        pages = {
            "game": game.url,
            "replay": game.url + "replay/?step=1",
            "new game": server_url + "/new/",
            "history": server_url + "/history/",
            "settings": server_url + "/settings/",
            "daily": server_url + "/daily/",
            "log in": server_url + "/accounts/login/",
            "sign up": server_url + "/accounts/signup/",
        }
        overflowing = {}
        for name, url in pages.items():
            page.goto(url)
            found = sideways(page)
            if found:
                overflowing[name] = found[:8]
        assert not overflowing, f"pages reaching past 320 px: {overflowing}"


@pytest.mark.parametrize("scheme,locale", [("light", "en-GB"), ("dark", "en-GB"), ("dark", "it-IT")])
@pytest.mark.parametrize("held", list(PHONES))
def test_phone_screenshots(browser: Browser, server_url: str, held: str, scheme: str, locale: str) -> None:
    """A game a few actions in, as the phone shows it (not the whole page): artifacts/phone-*.png, from
    which docs/screenshot-phone.png, -landscape.png (light, English) and -it.png (dark, Italian) come."""
    with phone(browser, PHONES[held], color_scheme=scheme, locale=locale) as page:
        Table(page, server_url).play_a_few()
        assert not sideways(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone-{held}-{scheme}-{locale[:2]}.png"), animations="disabled")


def background(page: Page) -> str:
    return str(page.evaluate("getComputedStyle(document.body).backgroundColor"))


def test_the_dark_theme_follows_the_system(browser: Browser, server_url: str) -> None:
    shades = {}
    for scheme in ("light", "dark"):
        with phone(browser, PORTRAIT, color_scheme=scheme) as page:
            Table(page, server_url)
            shades[scheme] = (
                background(page),
                str(page.locator("#board .card.face").first.evaluate("card => getComputedStyle(card).backgroundImage")),
            )
    assert shades["light"][0] != shades["dark"][0], "the felt"
    assert shades["light"][1] != shades["dark"][1], "the card faces"


def back_of(locator: Locator) -> str:
    return str(locator.evaluate("card => getComputedStyle(card).backgroundImage"))


def test_the_card_back_setting_changes_the_backs(browser: Browser, server_url: str) -> None:
    with phone(browser, PORTRAIT) as page:
        table = Table(page, server_url)
        stock, face_down = page.locator("#board .stock-button"), page.locator("#board .peaks .card.back").first
        expect(page.locator("body")).to_have_class(re.compile(r"\bback-lattice\b"))
        lattice = back_of(stock), back_of(face_down)
        page.goto(server_url + "/settings/")
        page.get_by_label("Dots").check()
        page.get_by_role("button", name="Save").click()
        page.goto(table.url)
        expect(page.locator("body")).to_have_class(re.compile(r"\bback-dots\b"))
        dots = back_of(stock), back_of(face_down)
        assert dots[0] != lattice[0] and dots[1] != lattice[1]
        assert dots[0] == dots[1]  # the stock and the face-down cards share the back
        table.card(table.fitting()).click()  # the board swapped in after a tap keeps it
        table.played(engine.log.tap_symbol(table.fitting()))
        assert back_of(stock) == back_of(face_down) == dots[0]


@pytest.mark.parametrize("motion,animated", [("no-preference", True), ("reduce", False)])
def test_a_win_is_celebrated_unless_motion_is_reduced(
    browser: Browser, server_url: str, motion: str, animated: bool
) -> None:
    with phone(browser, PORTRAIT, reduced_motion=motion) as page:
        won_level_game(page, server_url)
        for part in (".outcome.won", ".outcome.won h2", ".outcome.won .stars span"):
            name = page.locator(part).evaluate("el => getComputedStyle(el).animationName")
            assert (name != "none") is animated, f"{part}: {name}"
        confetti = page.locator(".outcome.won").evaluate("el => getComputedStyle(el, '::before').animationName")
        assert (confetti != "none") is animated, f"confetti: {confetti}"
        expect(page.locator(".outcome.won h2")).to_have_css("opacity", "1")  # and then it stays in view
