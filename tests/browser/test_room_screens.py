"""A challenge room's page on every screen: the host's lobby follows a friend's join (the wait for a second player
ends), the standings are one card a player on an upright phone in every language and a table that fits sideways,
and nothing of them is cut beside a challenge's game at 1200 px."""

import contextlib
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import checked_page
from .test_phone import LOCALES, PHONES, READABLE, phone

LIVE = 2000  # ms: a join heard on the host's page
UPRIGHT_SIZES = ("360x640", "375x553", "320x568")  # sideways (740x304) the whole table fits

# Each standings row on a phone: a grid whose cells stay inside it and the screen, each figure headed by its label.
CARDS = """() => [...document.querySelectorAll('#standings tbody tr')].map((row) => {
  const box = row.getBoundingClientRect();
  const cells = [...row.cells];
  return {
    grid: getComputedStyle(row).display === 'grid',
    inside: cells.every((cell) => {
      const own = cell.getBoundingClientRect();
      return own.left >= box.left - 1 && own.right <= box.right + 1 && own.right <= innerWidth;
    }),
    labelled: cells.filter((cell) => cell.dataset.label)
      .every((cell) => getComputedStyle(cell, '::before').content.includes(cell.dataset.label)),
  };
})"""
FITS = "(selector) => { const el = document.querySelector(selector); return el.scrollWidth <= el.clientWidth + 1; }"


def make_room(page: Page, server_url: str, rounds: int = 1) -> str:
    page.goto(server_url + "/c/new/")
    page.fill("#id_name", "Ann")
    page.check("input[name=deal][value=free]")
    page.check("input[name=rule][value=E]")
    page.check(f"input[name=rounds][value='{rounds}']")
    page.click("[data-action=make]")
    expect(page).to_have_url(re.compile(r"/c/[\w-]{16}/$"))
    return page.url


def join(page: Page, room_url: str, name: str) -> None:
    page.goto(room_url)
    page.fill("#id_name", name)
    page.click("[data-action=join]")
    expect(page.locator("[data-waiting-for-host]")).to_be_visible()


def test_the_hosts_lobby_stops_waiting_once_a_friend_joins(browser: Browser, server_url: str) -> None:
    with checked_page(browser) as ann, checked_page(browser) as bob:
        room_url = make_room(ann, server_url)
        expect(ann.locator("[data-alone]")).to_be_visible()
        expect(ann.locator("[data-action=start]")).to_be_disabled()
        join(bob, room_url, "Bob")
        expect(ann.locator("#standings tbody tr")).to_have_count(2, timeout=LIVE)
        expect(ann.locator("[data-alone]")).to_be_hidden()
        expect(ann.locator("[data-action=start]")).to_be_enabled()


def test_a_lobby_its_host_leaves_is_the_next_player_s_to_start(browser: Browser, server_url: str) -> None:
    with checked_page(browser) as ann, checked_page(browser) as bob:
        room_url = make_room(ann, server_url)
        join(bob, room_url, "Bob")
        expect(bob.locator("#standings tr[data-host] .name")).to_contain_text("Ann")
        ann.click("[data-action=leave]")
        expect(bob.locator("[data-action=start]")).to_be_disabled(timeout=LIVE)  # the page again, as the host's
        expect(bob.locator("[data-alone]")).to_be_visible()
        expect(bob.locator("#standings tr[data-host] .name")).to_contain_text("Bob")


@pytest.mark.parametrize("locale", LOCALES)
def test_on_a_phone_the_standings_are_a_card_for_each_player(browser: Browser, server_url: str, locale: str) -> None:
    with phone(browser, PHONES["360x640"], locale=locale) as ann, checked_page(browser) as bob:
        room_url = make_room(ann, server_url)
        join(bob, room_url, "Bob with a long name")
        expect(ann.locator("#standings tbody tr")).to_have_count(2, timeout=LIVE)
        for size in UPRIGHT_SIZES:
            ann.set_viewport_size(PHONES[size])
            cards = ann.evaluate(CARDS)
            assert cards == [{"grid": True, "inside": True, "labelled": True}] * 2, (size, cards)
            assert ann.evaluate(FITS, "html"), f"{size}: the page scrolls sideways"
        ann.set_viewport_size(PHONES["740x304"])
        assert ann.evaluate(FITS, "#standings") and ann.evaluate(FITS, "html"), "740x304: the standings are cut"


def test_beside_a_challenges_game_at_1200_px_no_column_is_cut(browser: Browser, server_url: str) -> None:
    with checked_page(browser) as ann, checked_page(browser) as bob:
        ann.context.add_cookies([{"name": "django_language", "value": "bg", "url": server_url}])
        ann.set_viewport_size({"width": 1200, "height": 800})
        room_url = make_room(ann, server_url)
        join(bob, room_url, "Боб")
        expect(ann.locator("[data-action=start]")).to_be_enabled(timeout=LIVE)
        ann.click("[data-action=start]")
        expect(ann).to_have_url(re.compile(r"/g/[\w-]{16}/$"), timeout=10_000)  # the countdown leads to the game
        expect(ann.locator("aside.race #standings")).to_be_visible()
        assert ann.evaluate(FITS, "aside.race #standings"), "the standings beside the game scroll sideways"
        ann.goto(room_url)
        assert ann.evaluate(FITS, "#standings"), "the room's standings scroll sideways"


def test_a_friend_joins_by_the_code_read_aloud_and_a_wrong_one_says_so(browser: Browser, server_url: str) -> None:
    bobs = browser.new_context()  # not a checked page: the wrong code's 404 is on its console, as it should be
    with checked_page(browser) as ann, contextlib.closing(bobs):
        bob = bobs.new_page()
        room_url = make_room(ann, server_url)
        code = ann.locator("[data-join-code]").get_attribute("data-join-code") or ""
        expect(ann.locator("[data-join-code]")).to_have_text(f"{code[:3]} {code[3:]}")  # grouped, to read aloud
        bob.goto(server_url + "/c/new/")
        bob.fill("#join-code", "ZZZ ZZZ" if code != "ZZZZZZ" else "YYY YYY")
        with bob.expect_response(re.compile(r"/c/join/")) as answer:
            bob.click("[data-action=join-code]")
        assert answer.value.status == 404
        expect(bob.locator("#join-code-error")).to_contain_text("No challenge waiting for players has this code")
        expect(bob.locator("#join-code")).to_be_focused()
        bob.fill("#join-code", f"{code[:3].lower()} {code[3:].lower()}")
        bob.click("[data-action=join-code]")
        expect(bob).to_have_url(room_url)
        join(bob, room_url, "Bob")
        expect(ann.locator("#standings tbody tr")).to_have_count(2, timeout=LIVE)


# The deal's code as it stands: how many lines its characters take, whether it stays on the screen, its font's size.
CODE_SHOWN = """() => {
  const code = document.querySelector('.deal-code [data-code]');
  const range = document.createRange();
  range.selectNodeContents(code);
  const rects = [...range.getClientRects()].filter((rect) => rect.width);
  return {
    lines: new Set(rects.map((rect) => Math.round(rect.bottom))).size,
    inside: rects.every((rect) => rect.left >= 0 && rect.right <= innerWidth),
    size: parseFloat(getComputedStyle(code).fontSize),
  };
}"""


def test_a_level_room_s_code_fits_the_smallest_phone_in_two_lines_with_a_copy_button(
    browser: Browser, server_url: str
) -> None:
    """A level's deal has a long code (52 letters and more): under its label, small and whole in two lines at most
    at 320 px, still readable, with Copy beside it."""
    with phone(browser, PHONES["320x568"], locale="fr-FR") as ann, checked_page(browser) as bob:
        ann.goto(server_url + "/c/new/")
        ann.fill("#id_name", "Ann")
        ann.check("input[name=deal][value=hard]")
        ann.click("[data-action=make]")
        expect(ann).to_have_url(re.compile(r"/c/[\w-]{16}/$"))
        room_url = ann.url
        join(bob, room_url, "Bob")
        expect(ann.locator("[data-action=start]")).to_be_enabled(timeout=LIVE)
        ann.click("[data-action=start]")
        for page in (bob, ann):  # the countdown leads each to their game; then both leave: the room is over
            expect(page).to_have_url(re.compile(r"/g/[\w-]{16}/$"), timeout=10_000)
        for page in (bob, ann):
            page.goto(room_url)
            page.click("[data-action=leave]")
        expect(ann.locator(".room[data-state=over]")).to_have_count(1, timeout=10_000)  # the page reloads itself
        code = ann.locator(".deal-code [data-code]")
        expect(code).to_have_text(re.compile(r"^TP\d-\w-\w{40,}$"))
        shown = ann.evaluate(CODE_SHOWN)
        assert shown["lines"] <= 2 and shown["inside"] and shown["size"] >= READABLE, shown
        copy = ann.locator(".deal-code button.copy")
        expect(copy).to_be_visible()
        box = copy.bounding_box()
        assert box and min(box["width"], box["height"]) >= 44, box  # a thumb's target
        assert ann.evaluate(FITS, "html"), "the page scrolls sideways"
