"""The game on a phone, at the heights a phone's browser leaves with its address and tab bars on screen,
in the five languages, with touch.

Upright (360 × 640, 390 × 664, 375 × 553, 320 × 568, and 360 × 550: from 550 px up the peaks keep their
width) and sideways (740 × 304, 844 × 340): every card, the stock, the waste, Undo and Teach me in view
without scrolling; the peaks as wide as the screen allows (upright, every card at least 0.9 of a tenth of
the width; sideways, 40 px); a one-line header and game head, and the game's code and buttons off the
screen until its menu opens; nothing past the right edge. The end card shows its stars, its breakdown,
its total and its buttons without scrolling. Nothing moves under the finger: a watcher arriving, a score
that grows a digit, a message. The menus open as a panel and a sheet, and a tap outside closes them.
Also every page at 320 px, the dark theme, the card backs, and the won game's celebration.
"""

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Locator, Page, ViewportSize, expect

import engine
from engine.layout import STOCK_SIZE
from engine.levels import Level
from games.base import clock
from games.store import daily
from tests.web.helpers_play import actions_of, blocked_by_drawing

from .conftest import ARTIFACTS, broken_words, console_errors, play_line, screenshot, sign_up
from .test_play import Table, tap_top_card

UPRIGHT: dict[str, ViewportSize] = {
    "360x640": {"width": 360, "height": 640},
    "390x664": {"width": 390, "height": 664},
    "375x553": {"width": 375, "height": 553},
    "320x568": {"width": 320, "height": 568},
    "360x550": {"width": 360, "height": 550},
}
SIDEWAYS: dict[str, ViewportSize] = {"740x304": {"width": 740, "height": 304}, "844x340": {"width": 844, "height": 340}}
PHONES = {**UPRIGHT, **SIDEWAYS}
LOCALES = ["en-GB", "it-IT", "es-ES", "bg-BG", "fr-FR"]
PORTRAIT, LANDSCAPE = UPRIGHT["360x640"], SIDEWAYS["740x304"]  # the README's screenshots
NARROWEST: ViewportSize = {"width": 320, "height": 640}
READABLE = 12  # px: the least size of a card's corner index
UPRIGHT_SHARE = 0.9  # upright, every peak card at least this share of a tenth of the screen's width
SIDEWAYS_CARD = 40  # px: sideways, every card at least this wide
ONE_LINE = 48  # px: the most height of the site's header and of the game's head on a phone

# Every visible element whose box reaches past the screen's left or right edge (the visually-hidden
# ones are 1 px boxes clipped away; a closed menu's content is not rendered), and every element that
# scrolls its content sideways. The screen's width is given: a phone's browser widens its layout
# viewport (innerWidth) to a page that is too wide.
SIDEWAYS_SPILL = """(width) => {
  const found = [];
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.classList.length ? '.' + [...el.classList].join('.') : '');
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.visually-hidden, [hidden], script, template') || !el.checkVisibility()) continue;
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
def phone(browser: Browser, viewport: ViewportSize, **options: Any) -> Iterator[Page]:
    """A new player on a touch phone of ``viewport``; console errors fail the test."""
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True, **options)
    opened = context.new_page()
    errors = console_errors(opened)
    yield opened
    context.close()
    assert not errors, f"the browser reported errors: {errors}"


def turn(page: Page, viewport: ViewportSize) -> None:
    """The phone turned, or its browser's bars moved: ``viewport``, once the next frame is drawn. The table's
    script gives the cards the table's new size in that frame, before it is painted (static/js/page.js): a
    layout read before it would still find the old one. Not for a page without scripts: nothing to wait for there,
    and its frames cannot be awaited."""
    page.set_viewport_size(viewport)
    page.evaluate("() => new Promise(drawn => requestAnimationFrame(() => requestAnimationFrame(drawn)))")


def box(locator: Locator) -> FloatRect:
    found = locator.bounding_box()
    assert found, f"{locator} has no box"
    return found


def outside_the_view(page: Page, locator: Locator) -> list[str]:
    """The elements of ``locator`` that are not wholly inside the screen as the page stands (not scrolled)."""
    screen = page.viewport_size
    assert screen
    found: list[str] = locator.evaluate_all(
        """(elements, [width, height]) => elements.flatMap(el => {
             const b = el.getBoundingClientRect();
             const inside = b.left >= -0.5 && b.top >= -0.5 && b.right <= width + 0.5 && b.bottom <= height + 0.5;
             return inside ? [] : [`${el.className} at ${b.left},${b.top} to ${b.right},${b.bottom}`];
           })""",
        [screen["width"], screen["height"]],
    )
    return found


def sideways(page: Page) -> list[str]:
    screen = page.viewport_size
    assert screen
    return list(page.evaluate(SIDEWAYS_SPILL, screen["width"]))


def scrolls(page: Page) -> bool:
    """Whether the page is scrolled, or taller than the screen (the player would scroll to see it all)."""
    return bool(page.evaluate("scrollY > 0 || document.documentElement.scrollHeight > innerHeight + 0.5"))


def needed_to_play(page: Page) -> dict[str, Locator]:
    return {
        "peak cards": page.locator("#board .peaks .card"),
        "stock": page.locator("#board .stock-button"),
        "waste": page.locator("#board .pile.waste .card"),
        "Undo": page.locator("#board .controls [data-action=undo]"),
        "Teach me": page.locator("#board .controls [data-action=hint]"),
    }


def least_width(locator: Locator) -> float:
    return float(locator.evaluate_all("els => Math.min(...els.map(el => el.getBoundingClientRect().width))"))


def height(locator: Locator) -> float:
    return box(locator)["height"]


def table_problems(page: Page, name: str) -> list[str]:
    """What keeps the table from being the player's whole screen at the current viewport (none: [])."""
    screen = page.viewport_size
    assert screen
    problems = [
        f"{what} out of view: {out[:2]}"
        for what, parts in needed_to_play(page).items()
        if (out := outside_the_view(page, parts))
    ]
    if scrolls(page):
        problems.append("the page scrolls")
    upright = screen["height"] > screen["width"]
    least = UPRIGHT_SHARE * screen["width"] / 10 if upright else SIDEWAYS_CARD
    card = least_width(page.locator("#board .peaks .card"))
    if card < least - 0.05:
        problems.append(f"a peak card {card:.1f} px wide (at least {least:.1f})")
    pile = least_width(page.locator("#board .pile .card"))
    if not upright and pile < SIDEWAYS_CARD - 0.05:
        problems.append(f"the stock or the waste {pile:.1f} px wide")
    corner = float(
        page.locator("#board .peaks .card.face .corner").first.evaluate("c => parseFloat(getComputedStyle(c).fontSize)")
    )
    if corner < READABLE:
        problems.append(f"a corner index of {corner} px")
    for what, selector in {"site header": "header.site", "game head": ".game-head"}.items():
        if (tall := height(page.locator(selector))) > ONE_LINE:
            problems.append(f"a {what} {tall:.0f} px high")
    if page.locator(".game-foot").evaluate("foot => foot.checkVisibility()"):
        problems.append("the game's code and buttons on screen during play")
    problems += sideways(page)[:3]
    problems += [f"a word broken: {word}" for word in broken_words(page)]
    return [f"{name}: {problem}" for problem in problems]


def level_game(page: Page, server_url: str, level: Level = Level.MEDIUM) -> engine.GameCode:
    """A new game of ``level`` (its counters show the streak), by the New game page's button, its table's script
    running (a tap before it posts its form as a page without scripts does, and the page loads anew); its code."""
    page.goto(server_url + "/new/")
    page.click(f'button[data-level="{level.value}"]')
    expect(page.locator("#status .level")).to_have_attribute("data-level", level.value)
    expect(page.locator("html[data-table=ready]")).to_have_count(1)
    return engine.GameCode.parse(page.locator("#game-code").input_value())


@pytest.mark.parametrize("locale", LOCALES)
def test_the_table_is_the_whole_screen_of_every_phone(browser: Browser, server_url: str, locale: str) -> None:
    """A level game at every viewport, as dealt and once a card is played by a finger."""
    with phone(browser, UPRIGHT["360x640"], locale=locale) as page:
        code = level_game(page, server_url)
        problems = []
        for name, viewport in PHONES.items():
            turn(page, viewport)
            problems += table_problems(page, name)
        game = engine.Game.new(code)
        position = game.playable()[0] if game.playable() else None
        if position is None:
            page.locator("#board .stock-button").tap()
            game.apply(engine.log.DRAW)
        else:
            page.locator(f'#board button[data-position="{position}"]').tap()
            game.apply(engine.log.tap_symbol(position))
        expect(page.locator("#board")).to_have_attribute("data-version", "1")
        for name, viewport in PHONES.items():
            turn(page, viewport)
            problems += table_problems(page, name + " after a move")
        assert not problems, "\n".join(problems)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_time_bonus_is_labelled_and_says_when_it_is_spent(browser: Browser, server_url: str, locale: str) -> None:
    """Its figure with a word beside it at the narrowest and the shortest screens; once the time is past (as the
    clock's script marks it), a word instead of 0:00."""
    with phone(browser, NARROWEST, locale=locale) as page:
        level_game(page, server_url)
        bonus = page.locator("dd.time-bonus")
        for viewport in (UPRIGHT["320x568"], SIDEWAYS["740x304"]):
            turn(page, viewport)
            expect(bonus.locator(".short")).to_be_visible()
            expect(bonus.locator(".spent")).to_be_hidden()
            assert within_screen(bonus.locator(".short"), viewport)
            bonus.evaluate("dd => dd.classList.add('over')")
            expect(bonus.locator(".spent")).to_be_visible()
            expect(bonus.locator("[data-counter]")).to_be_hidden()
            assert within_screen(bonus.locator(".spent"), viewport)
            assert broken_words(page, ".game-head") == []
            bonus.evaluate("dd => dd.classList.remove('over')")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_first_visit_hint_is_dismissed_by_a_thumb_and_stays_away(
    browser: Browser, server_url: str, locale: str
) -> None:
    with phone(browser, NARROWEST, locale=locale) as page:
        Table(page, server_url)
        game = page.url
        dismiss = page.locator("header.site .dismiss button")
        for viewport in (UPRIGHT["320x568"], SIDEWAYS["740x304"]):
            turn(page, viewport)
            found = box(dismiss)
            assert min(found["width"], found["height"]) >= 44 and within_screen(dismiss, viewport)
        dismiss.tap()
        expect(page).to_have_url(game)  # back on the game, which goes on
        expect(page.locator("header.site .first-visit")).to_have_count(0)
        page.goto(server_url + "/history/")
        expect(page.locator("header.site .first-visit")).to_have_count(0)


# Every control a thumb presses that is smaller than a thumb (44 px each way): buttons, selects, the menus' buttons,
# and a radio's or a checkbox's label (which is what the thumb aims at). Cards and links in running text are not
# controls of this kind; what is hidden, or read and not shown, is left out.
# Every link, field and control a thumb taps smaller than 44 px either way: a link inside a sentence, whose line's
# height sets its own, is the one exception (WCAG's "inline" one), as is a card (the table sizes its cards).
SMALL_CONTROLS = """() => {
  const found = [];
  const words = el => el.textContent.replace(/\\s+/g, '');
  const inSentence = link => link.parentElement && link.parentElement.closest('p, li, dd, td, span, label, small') &&
    getComputedStyle(link).display === 'inline' && words(link.parentElement) !== words(link);
  const controls = document.querySelectorAll(
    'button:not(.card), a[href]:not(.card), select, summary, textarea, ' +
    'input:not([type=hidden], [type=radio], [type=checkbox]), ' +
    'label:has(> input[type=radio], > input[type=checkbox])');
  for (const control of controls) {
    if (control.closest('[hidden], .visually-hidden, [inert]') || !control.checkVisibility()) continue;
    if (control.matches('a') && inSentence(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.width <= 1) continue;
    if (box.width < 43.5 || box.height < 43.5)
      found.push(`${control.tagName.toLowerCase()} "${(control.textContent || control.name).trim().slice(0, 20)}" ` +
        `${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return found;
}"""


def test_every_control_a_thumb_uses_is_a_thumb_s_size(browser: Browser, server_url: str) -> None:
    with phone(browser, UPRIGHT["360x640"], locale="bg-BG") as page:
        Table(page, server_url).play_a_few()
        pages = ["/new/", "/settings/", "/history/", "/daily/", "/how-to-play/"]
        small = {}
        for name in ("360x640", "740x304"):
            turn(page, PHONES[name])
            for path in [page.url.removeprefix(server_url), *pages]:
                page.goto(server_url + path)
                small[f"{name} {path}"] = page.evaluate(SMALL_CONTROLS)
                page.locator("header.site .site-menu > summary").tap()  # the site's menu, open
                small[f"{name} {path} menu"] = page.evaluate(SMALL_CONTROLS)
                page.locator("header.site .site-menu > summary").tap()
        assert {where: found for where, found in small.items() if found} == {}


def within_screen(element: Locator, viewport: ViewportSize) -> bool:
    box = element.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]


# Each card's box in the table (peaks, stock, waste), relative to the table's corner.
CARD_BOXES = """() => {
  const table = document.querySelector('.game > .table').getBoundingClientRect();
  return [...document.querySelectorAll('#board .card')].map(card => {
    const b = card.getBoundingClientRect();
    return [b.left - table.left, b.top - table.top, b.width, b.height].map(n => Math.round(n * 100) / 100);
  });
}"""

# Whether the script has given the table's width and height, as they now are, in pixels.
TABLE_SIZE_GIVEN = """() => {
  const table = document.querySelector('.game > .table'), size = getComputedStyle(table);
  return ['w', 'h'].every((side, at) => parseFloat(table.style.getPropertyValue('--table-' + side)) ===
    parseFloat(at ? size.height : size.width));
}"""


def test_the_script_sizes_the_cards_in_pixels_as_the_table_s_units_would(browser: Browser, server_url: str) -> None:
    """The script gives the table's width and height in pixels to the cards' sizes, once per resize (a change of
    the board would work the container's units out again): every card where the page without the script puts
    it, upright and once the phone is turned."""
    with phone(browser, PORTRAIT) as page, phone(browser, PORTRAIT, java_script_enabled=False) as plain:
        Table(page, server_url)
        Table(plain, server_url, scripted=False)
        for viewport in (PORTRAIT, LANDSCAPE, PORTRAIT):
            turn(page, viewport)
            plain.set_viewport_size(viewport)  # no script there to wait for
            assert page.evaluate(TABLE_SIZE_GIVEN), "the script gave the table's size in pixels"
            assert page.evaluate(CARD_BOXES) == plain.evaluate(CARD_BOXES), f"the cards moved at {viewport}"


def won_level_game(page: Page, server_url: str) -> None:
    """A Medium game (whose end card is the tallest: stars, the score broken down) won by the solver's line."""
    code = level_game(page, server_url)
    solution = engine.solve(engine.Game.new(code))
    assert solution.winnable
    play_line(page, page.url, actions_of(solution.line))


def blocked_game(page: Page, server_url: str) -> None:
    play_line(page, Table(page, server_url, blocked_by_drawing()).url, [engine.log.DRAW] * STOCK_SIZE)


def won_daily(page: Page, server_url: str) -> None:
    """Today's Daily, ranked (a new account's first game of the day), won by the solver's line: its end card has a
    level's parts, its place on the day's leaderboard and the Daily's own buttons. Its code, hidden on the page, is
    the server's (the tests share its settings)."""
    sign_up(page, server_url)
    page.goto(server_url + "/new/")
    page.click('button[data-level="daily"]')
    expect(page.locator("#status .level")).to_have_attribute("data-level", Level.DAILY.value)
    solution = engine.solve(engine.Game.new(daily.daily_code(clock.today())))
    play_line(page, page.url, actions_of(solution.line))


ENDS = {"won level": won_level_game, "won daily": won_daily, "blocked": blocked_game}

# What each end card must show without scrolling: its score, and its main buttons.
END_PARTS = {
    "won level": {
        "stars": ".stars",
        "breakdown": ".breakdown :is(dt, dd)",
        "total": "[data-part=total]",
        "Next deal": ".outcome-actions [data-action=next]",
        "Replay": ".outcome-actions form[action$='/again/'] button",
    },
    "won daily": {
        "stars": ".stars",
        "total": "[data-part=total]",
        "New game": ".outcome-actions .primary",
        "Replay": ".outcome-actions form[action$='/again/'] button",
    },
    "blocked": {
        "score": ".summary",
        "New game": ".outcome-actions .primary",
        "Replay": ".outcome-actions form[action$='/again/'] button",
        "Undo": ".outcome-actions [data-action=undo]",
        "Teach me": ".outcome-actions [data-action=hint]",
    },
}

# Whether what the finger finds at the middle of each element, as the page stands, is the element or inside it.
TAPPABLE = """elements => elements.every(el => { const b = el.getBoundingClientRect();
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return el === top || el.contains(top); })"""


def end_problems(page: Page, end: str, name: str, thumbs: bool = True) -> list[str]:
    overlay = page.locator("#board .outcome")
    page.wait_for_function(  # measured once the card has risen and its stars have shone
        "() => document.getAnimations().every(a => a.playState !== 'running' || !a.effect.target.closest('#board'))"
    )
    problems = []
    for part, selector in END_PARTS[end].items():
        found = overlay.locator(selector)
        if not found.count():
            problems.append(f"no {part}")
        elif out := outside_the_view(page, found):
            problems.append(f"{part} out of view: {out[:2]}")
        elif not found.evaluate_all(TAPPABLE):
            problems.append(f"{part} covered")
    if overlay.evaluate("o => o.scrollTop") or scrolls(page):
        problems.append("scrolled")
    if overlap(box(overlay), box(page.locator("#counters"))):
        problems.append("the overlay covers the counters")
    if thumbs:  # a phone's: every button a thumb's size
        problems += [f"small: {control}" for control in page.evaluate(SMALL_CONTROLS)]
    problems += sideways(page)[:3]
    return [f"{name}: {problem}" for problem in problems]


@pytest.mark.parametrize("end", list(END_PARTS))
@pytest.mark.parametrize("locale", LOCALES)
def test_the_end_card_fits_every_phone(browser: Browser, server_url: str, locale: str, end: str) -> None:
    with phone(browser, UPRIGHT["360x640"], locale=locale) as page:
        ENDS[end](page, server_url)
        expect(page.locator("#board .outcome")).to_be_visible()
        problems = []
        for name, viewport in PHONES.items():
            turn(page, viewport)
            problems += end_problems(page, end, name)
        assert not problems, "\n".join(problems)
        screenshot(page, f"phone-{end.replace(' ', '-')}-{locale[:2]}")


def overlap(one: FloatRect, other: FloatRect) -> bool:
    return (
        one["x"] < other["x"] + other["width"]
        and other["x"] < one["x"] + one["width"]
        and one["y"] < other["y"] + other["height"]
        and other["y"] < one["y"] + one["height"]
    )


# Where each thing the finger aims at is: the piles, the buttons, the peaks' grid, each card by its position.
PLACES = """() => {
  const at = el => { const b = el.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; };
  const places = {};
  const named = { peaks: "#board .peaks", stock: "#board .stock-button", waste: "#board .pile.waste .card",
    Undo: "#board [data-action=undo]", "Teach me": "#board [data-action=hint]", counters: "#counters",
    menu: ".game-menu > summary" };
  for (const [name, selector] of Object.entries(named)) places[name] = at(document.querySelector(selector));
  for (const card of document.querySelectorAll("#board .peaks .card")) places[`card ${card.dataset.position}`] =
    at(card);
  return places;
}"""


def moved(page: Page, before: dict[str, list[float]]) -> dict[str, tuple[list[float], list[float]]]:
    """What was in ``before`` and stands elsewhere now (a played card is no longer there), once the board's
    cards have ended their moves (a card turned face up flips)."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running' || !a.effect.target.closest('#board'))"
    )
    after = page.evaluate(PLACES)
    return {name: (place, after[name]) for name, place in before.items() if name in after and after[name] != place}


def score_crossing(code: engine.GameCode, line: list[str]) -> int:
    """How many actions of ``line`` come before the one that takes a Medium game's score to 1,000 or more."""
    game = engine.Game.new(code)
    for done, action in enumerate(line):
        game.apply(engine.log.DRAW if action == engine.log.DRAW else engine.log.tap_symbol(int(action)))
        if engine.streak_score(game, Level.MEDIUM, 0).total >= 1000:
            return done
    raise AssertionError("the line never takes the score to 1,000")


# What a message's box overlaps among the game's head (score, streak, clock), the stock, the waste and the buttons.
COVERED = """() => {
  const message = document.querySelector('#notice p:last-child').getBoundingClientRect();
  const meets = (b) => message.left < b.right && b.left < message.right &&
    message.top < b.bottom && b.top < message.bottom;
  return ['.game-head', '#board .piles', '#board .controls']
    .filter(part => meets(document.querySelector(part).getBoundingClientRect()));
}"""


def covered(page: Page) -> list[str]:
    """The parts a message shows over (none: []): it belongs over the felt, in the free column when sideways."""
    return list(page.evaluate(COVERED))


# Each language once, and the widest labels (Bulgarian's) both ways.
STEADY = [
    ("en-GB", "320x568"),
    ("it-IT", "740x304"),
    ("es-ES", "320x568"),
    ("bg-BG", "320x568"),
    ("bg-BG", "740x304"),
    ("fr-FR", "844x340"),
]


@pytest.mark.parametrize(("locale", "held"), STEADY)
def test_nothing_moves_under_the_finger(browser: Browser, server_url: str, locale: str, held: str) -> None:
    """A watcher arriving, a message, Teach me's explanation and a score that grows to four digits leave
    every card, the piles and the buttons where they were."""
    with phone(browser, PHONES[held], locale=locale) as page:
        code = level_game(page, server_url)
        expect(page.locator("#live[data-heard]")).to_have_count(1)  # the live socket's first frame
        places = page.evaluate(PLACES)
        with phone(browser, PHONES[held]) as watcher:
            watcher.goto(page.url)
            expect(page.locator("#live .watching")).to_be_visible()
            assert not moved(page, places), "a watcher arriving moved the table"
            tap_top_card(page)  # a face-down card: refused, with a message
            expect(page.locator("#notice p")).to_be_visible()
            assert not moved(page, places), "a message moved the table"
            assert not covered(page), "a message covers what the player looks at"
            page.locator("#board [data-action=hint]").tap()  # the longest: an explanation that stays
            expect(page.locator("#notice p:not(.fades)")).to_have_count(1)
            assert not moved(page, places), "Teach me's explanation moved the table"
            assert not covered(page), "Teach me's explanation covers what the player looks at"
            line = actions_of(engine.solve(engine.Game.new(code)).line)
            before = score_crossing(code, line)
            play_line(page, page.url, line[:before])
            expect(page.locator("[data-counter=score]")).not_to_have_text("0")
            assert not moved(page, places), "a game under way stands elsewhere than its deal"
            action = line[before]
            page.locator(f'#board button[data-position="{action}"]').tap()
            expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
            expect(page.locator("[data-counter=score]")).to_have_text(re.compile(r"^\d{4,}$"))
            assert not moved(page, places), "a four-digit score moved the table"


@pytest.mark.parametrize("javascript", [True, False])
def test_the_menus_open_on_a_phone(browser: Browser, server_url: str, javascript: bool) -> None:
    """The game's menu is a sheet over the table with the code and the buttons; the site's a panel with the
    links and the language. Both open and close by their buttons, without JavaScript too; with it, a tap
    outside an open menu closes it and plays nothing, as Escape does."""
    with phone(browser, PORTRAIT, java_script_enabled=javascript) as page:
        table = Table(page, server_url, scripted=javascript)
        game_menu, sheet = page.locator(".game-menu > summary"), page.locator(".game-foot")
        expect(sheet).to_be_hidden()
        board = box(page.locator("#board"))
        game_menu.tap()
        expect(sheet).to_be_visible()
        assert box(page.locator("#board")) == board, "the sheet moved the table"  # it lies over it
        assert not scrolls(page)
        for part in ("#game-code", ".game-foot [data-action=new]", ".game-foot form[action$='/again/'] button"):
            expect(page.locator(part)).to_be_visible()
            assert not outside_the_view(page, page.locator(part)), f"{part} out of view in the sheet"
        if javascript:
            page.locator(".site-menu > summary").tap()  # the other menu's button: one tap opens that one instead
            expect(page.locator("header.site nav")).to_be_visible()
            expect(sheet).to_be_hidden()
            page.keyboard.press("Escape")
            game_menu.tap()
            table.card(table.fitting()).tap()  # outside the sheet: it only closes it (the card is played below)
            expect(sheet).to_be_hidden()
        else:
            game_menu.tap()
            expect(sheet).to_be_hidden()
        site_menu, links = page.locator(".site-menu > summary"), page.locator("header.site nav")
        expect(links).to_be_hidden()
        site_menu.tap()
        expect(links.get_by_role("link", name="History")).to_be_visible()
        expect(page.get_by_label("Language")).to_be_visible()
        assert not sideways(page)
        if javascript:
            page.keyboard.press("Escape")
        else:
            site_menu.tap()
        expect(links).to_be_hidden()
        table.card(table.fitting()).tap()  # and the table plays again
        table.played(engine.log.tap_symbol(table.fitting()))


def test_a_wide_screen_shows_the_menus_without_their_buttons(page: Page, server_url: str) -> None:
    Table(page, server_url)
    expect(page.locator(".menu > summary")).to_have_count(2)
    expect(page.locator(".menu > summary").first).to_be_hidden()
    expect(page.locator(".menu > summary").last).to_be_hidden()
    expect(page.locator("header.site nav").get_by_role("link", name="History")).to_be_visible()
    expect(page.locator("#game-code")).to_be_visible()
    expect(page.locator(".game-foot [data-action=new]")).to_be_visible()


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


@pytest.mark.parametrize(("scheme", "locale"), [("light", "en-GB"), ("dark", "en-GB"), ("dark", "it-IT")])
@pytest.mark.parametrize("held", ["portrait", "landscape"])
def test_phone_screenshots(browser: Browser, server_url: str, held: str, scheme: str, locale: str) -> None:
    """A game a few actions in, as the phone shows it (not the whole page): artifacts/phone-*.png, from
    which docs/screenshot-phone.png, -landscape.png (light, English) and -it.png (dark, Italian) come."""
    with phone(
        browser, {"portrait": PORTRAIT, "landscape": LANDSCAPE}[held], color_scheme=scheme, locale=locale
    ) as page:
        Table(page, server_url).play_a_few()
        assert not sideways(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone-{held}-{scheme}-{locale[:2]}.png"), animations="disabled")


# Each table header whose text takes more than one line, and the words it breaks inside.
BROKEN_HEADERS = """() => [...document.querySelectorAll("main table th")].flatMap(th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
  const words = th.textContent.trim().split(/\\s+/);
  return lines.size > words.length ? [th.textContent.trim()] : [];
})"""


@pytest.mark.parametrize("locale", LOCALES)
def test_no_table_header_breaks_a_word_on_a_phone(browser: Browser, server_url: str, locale: str) -> None:
    """The leaderboard, History's tables and How to play's at 320 px: a header wraps between words, never
    inside one ("Posizi/one")."""
    with phone(browser, UPRIGHT["320x568"], locale=locale) as page:
        sign_up(page, server_url)
        page.goto(server_url + "/new/")
        page.click('button[data-level="daily"]')  # ranked: on the day's leaderboard
        Table(page, server_url).play_a_few()  # and a free game, for History's tables
        broken = {}
        for path in ("/daily/", "/history/", "/how-to-play/"):
            page.goto(server_url + path)
            expect(page.locator("main table").first).to_be_visible()
            broken[path] = page.evaluate(BROKEN_HEADERS)
        assert broken == {"/daily/": [], "/history/": [], "/how-to-play/": []}


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


def test_the_theme_chosen_in_settings_overrides_the_system_s(browser: Browser, server_url: str) -> None:
    felt = {}
    for scheme in ("light", "dark"):
        with phone(browser, PORTRAIT, color_scheme=scheme) as page:
            page.goto(server_url + "/settings/")
            felt[scheme] = background(page)
    assert felt["light"] != felt["dark"]
    for system, chosen, label in [("light", "dark", "Dark"), ("dark", "light", "Light")]:
        with phone(browser, PORTRAIT, color_scheme=system) as page:
            page.goto(server_url + "/settings/")
            page.get_by_label(label, exact=True).check()
            page.get_by_role("button", name="Save").click()
            expect(page.locator("html")).to_have_attribute("data-theme", chosen)
            assert background(page) == felt[chosen]
            Table(page, server_url)  # and on the table
            assert background(page) == felt[chosen]


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


@pytest.mark.parametrize(("motion", "animated"), [("no-preference", True), ("reduce", False)])
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


@pytest.mark.parametrize("size", ["360x640", "740x304"])
@pytest.mark.parametrize("locale", LOCALES)
def test_a_wrong_game_code_is_named_as_it_is_typed_and_focused_with_its_error_in_view(
    browser: Browser, server_url: str, locale: str, size: str
) -> None:
    # Not a checked page: the refusal is a 400, which the browser reports in its console.
    context = browser.new_context(viewport=PHONES[size], has_touch=True, is_mobile=True, locale=locale)
    page = context.new_page()
    page.goto(server_url + "/new/")
    field = page.locator("input[name=code]")
    said = page.locator("#code-check [data-check]")
    field.press_sequentially("tp1-e-share")
    page.wait_for_timeout(400)  # past the pause after which the field's words are asked for
    expect(said).to_have_count(0)  # nothing is wrong yet: the code can still become one
    field.press("0")
    expect(said).to_have_attribute("data-check", "wrong")
    expect(said).to_contain_text("0")  # the wrong character named as it is typed, before Deal
    expect(said).to_be_in_viewport()
    field.press("Backspace")
    expect(said).to_have_count(0)
    field.press_sequentially("01")
    page.click("form.new-game button[type=submit]")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    expect(said).to_be_in_viewport()
    expect(said).to_contain_text("0")
    field.fill("TP1-C-TRIPEAK")
    expect(said).to_have_attribute("data-check", "whole")
    context.close()
