"""Settings for every hand and eye, in Chromium on phones. Each choice shows on the Settings page as it is made and
is saved by itself, without Save or a reload; the table then follows it. Left-handed, the stock, the waste and the
buttons stand under the left thumb, upright and sideways, at every phone size in the five languages, with the whole
table still in view. Four-colour suits and high-contrast cards colour the faces; larger cards enlarge the corner's
rank and suit; a swipe on the bare felt draws a card, and a stroke that starts on a card does not."""

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect

from .test_phone import LOCALES, PHONES, phone, table_problems, turn
from .test_play import Table

# The boxes of the parts that left-handed play moves, in the page's pixels.
PARTS = {
    "peaks": "#board .peaks",
    "stock": "#board .stock-button",
    "waste": "#waste-card",
    "undo": "#undo-button",
    "teach": '#board [data-action="hint"]',
}


def choose(page: Page, server_url: str, *names: str, card_size: str = "") -> None:
    """Ticks the settings ``names`` (the fields' names) on the Settings page, one tap each, and checks that each
    showed at once and that the page saved them by itself: no Save pressed, the same page all along."""
    page.goto(server_url + "/settings/")
    page.evaluate("window.sameSettingsPage = true")
    tiles = [f"label:has(> input[name={name}])" for name in names] + ([f"label.size-{card_size}"] if card_size else [])
    for tile in tiles:
        with page.expect_response(lambda answer: answer.url.endswith("/settings/") and answer.request.method == "POST"):
            page.locator(tile).click()
    expect(page.locator("#settings-saved .success")).to_be_visible()
    assert page.evaluate("window.sameSettingsPage === true"), "the page was loaded again"


def boxes(page: Page) -> dict[str, FloatRect]:
    found = {name: page.locator(selector).bounding_box() for name, selector in PARTS.items()}
    assert all(found.values()), found
    return {name: box for name, box in found.items() if box}


@pytest.mark.parametrize("locale", LOCALES)
def test_left_handed_the_piles_and_buttons_stand_under_the_left_thumb_at_every_size(
    browser: Browser, server_url: str, locale: str
) -> None:
    with phone(browser, PHONES["360x640"], locale=locale) as page:
        choose(page, server_url, "left_handed")
        expect(page.locator("body")).to_have_attribute("data-hand", "left")
        Table(page, server_url)
        problems = []
        for name, viewport in PHONES.items():
            turn(page, viewport)
            problems += table_problems(page, name)
            part = boxes(page)
            ends = {what: box["x"] + box["width"] for what, box in part.items()}
            if viewport["height"] > viewport["width"]:  # upright: the piles and the buttons in the left half
                middles = {what: box["x"] + box["width"] / 2 for what, box in part.items() if what != "peaks"}
                if max(middles.values()) > viewport["width"] / 2 or part["undo"]["x"] > 16:
                    problems.append(f"{name}: not in the left half: {middles}")
            elif max(ends["stock"], ends["waste"], ends["undo"], ends["teach"]) > part["peaks"]["x"]:  # sideways
                problems.append(f"{name}: not left of the peaks: {part}")
        assert not problems, "\n".join(problems)


def test_right_handed_by_default_the_piles_stand_centred_upright_and_right_of_the_peaks_sideways(
    browser: Browser, server_url: str
) -> None:
    with phone(browser, PHONES["360x640"]) as page:
        Table(page, server_url)
        part = boxes(page)
        left_gap = part["stock"]["x"]
        right_gap = 360 - part["waste"]["x"] - part["waste"]["width"]
        assert abs(left_gap - right_gap) < 8, part
        turn(page, PHONES["740x304"])
        part = boxes(page)
        assert part["stock"]["x"] > part["peaks"]["x"] + part["peaks"]["width"], part


def colour(page: Page, selector: str, prop: str = "color") -> str:
    return str(page.locator(selector).evaluate(f"el => getComputedStyle(el).{prop}"))


def test_four_colour_suits_and_high_contrast_cards_colour_the_faces(browser: Browser, server_url: str) -> None:
    """The deal TP1-E-TRIPEAK shows 9♥ J♦ 5♠ … Q♣ on its bottom row (positions 18, 19, 20, 23)."""
    with phone(browser, PHONES["360x640"], color_scheme="light") as page:
        Table(page, server_url)
        two = {p: colour(page, f'#board [data-position="{p}"]') for p in (18, 19, 20, 23)}
        assert two[18] == two[19] and two[20] == two[23]  # two colours: hearts like diamonds, spades like clubs
        choose(page, server_url, "four_colour_suits", "high_contrast")
        Table(page, server_url)
        four = {p: colour(page, f'#board [data-position="{p}"]') for p in (18, 19, 20, 23)}
        assert four == {18: "rgb(176, 0, 16)", 19: "rgb(11, 87, 194)", 20: "rgb(0, 0, 0)", 23: "rgb(26, 122, 44)"}
        face = '#board [data-position="18"]'
        assert colour(page, face, "backgroundImage") == "none" and colour(page, face, "backgroundColor") == (
            "rgb(255, 255, 255)"
        )
        assert colour(page, face, "borderTopWidth") == "2px" and colour(page, face, "borderTopColor") == "rgb(0, 0, 0)"


@pytest.mark.parametrize("size", ["360x640", "740x304"])
def test_larger_cards_enlarge_the_corner_s_rank_and_suit(browser: Browser, server_url: str, size: str) -> None:
    with phone(browser, PHONES[size]) as page:
        Table(page, server_url)
        corner = '#board [data-position="18"] .corner:not(.end)'
        as_fits = float(colour(page, corner, "fontSize").removesuffix("px"))
        choose(page, server_url, card_size="large")
        expect(page.locator("body")).to_have_attribute("data-cards", "large")
        Table(page, server_url)
        larger = float(colour(page, corner, "fontSize").removesuffix("px"))
        assert larger >= 1.2 * as_fits, (as_fits, larger)
        assert not table_problems(page, size)


def swipe(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger's quick stroke on the touch screen (the browser's own touch events, as a phone sends them)."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, 6):
        point = {"x": x0 + (x1 - x0) * step / 5, "y": y0 + (y1 - y0) * step / 5}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def bare_felt(page: Page) -> tuple[float, float]:
    """A point between the peaks and the piles, where no card or button is."""
    peaks, piles = page.locator("#board .peaks").bounding_box(), page.locator("#board .piles").bounding_box()
    assert peaks and piles
    return peaks["x"] + peaks["width"] / 2, (peaks["y"] + peaks["height"] + piles["y"]) / 2


@pytest.mark.parametrize("chosen", [False, True], ids=["off by default", "on"])
def test_a_swipe_on_the_bare_felt_draws_when_chosen(browser: Browser, server_url: str, chosen: bool) -> None:
    with phone(browser, PHONES["360x640"]) as page:
        if chosen:
            choose(page, server_url, "swipe_to_draw")
        table = Table(page, server_url)
        x, y = bare_felt(page)
        assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('button, .card') === null")
        swipe(page, (x - 60, y), (x + 60, y))
        if chosen:
            table.played("+")
            expect(page.locator("#board .stock-button .badge")).to_have_text("22")
            card = page.locator('#board [data-position="20"]').bounding_box()  # a stroke from a card is a drag
            assert card
            swipe(page, (card["x"] + 10, card["y"] + 10), (card["x"] + 10, card["y"] - 90))
        page.wait_for_timeout(700)  # what a stroke would have drawn has been sent and answered by now
        expect(page.locator("#board")).to_have_attribute("data-version", "1" if chosen else "0")
