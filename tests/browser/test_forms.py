"""Every form of the site, sent wrong on a phone (375 × 553, with its browser's bars on screen), with and without
JavaScript: the page that comes back shows its error where the player is looking, wholly inside the screen, however
far down the page the form is (Delete my account lies some 1,000 px down the account's page), with the focus in the
refused form, where a keyboard or a screen reader goes on from. A confirmation too: a new name, a new address, a
setting saved by a switch at the foot of Settings. The forms are listed from the site's addresses: an address added
without being said to be a form asked here or no form fails the list's test."""

import secrets
from collections.abc import Callable, Iterator

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from playwright.sync_api import Browser, Locator, Page, expect

import engine
from engine.layout import STOCK_SIZE
from tests.web.helpers_play import blocked_by_drawing

from .conftest import checked_page, play_line, sign_up
from .test_links import make_link
from .test_phone import PHONES
from .test_play import Table
from .test_room_screens import make_room

PHONE = PHONES["375x553"]
ERRORS = "ul.errorlist"  # Django's list of a form's errors, or of a field's
PASSWORD = "a long enough secret 1"


def ended_game(page: Page, server_url: str) -> None:
    """A free game played to its end (blocked), its end card shown."""
    table = Table(page, server_url, blocked_by_drawing(), scripted=False)
    play_line(page, table.url, [engine.log.DRAW] * STOCK_SIZE)


def browser_of(page: Page) -> Browser:
    found = page.context.browser
    assert found
    return found


# Each form sent wrong: what the player is told (the page's answer shown).
def wrong_code(page: Page, server_url: str) -> Locator:
    page.goto(server_url + "/new/")
    page.fill("input[name=code]", "TP1-E-SHARE01")
    page.click("form.new-game button[type=submit]")
    return page.locator("#code-check [data-check=wrong]")


def wrong_join_code(page: Page, server_url: str) -> Locator:
    page.goto(server_url + "/c/new/")
    page.fill("#join-code", "ZZZ999")
    page.click("[data-action=join-code]")
    return page.locator("#join-code-error")


def room_without_a_name(page: Page, server_url: str) -> Locator:
    page.goto(server_url + "/c/new/")
    page.click("[data-action=make]")
    return page.locator(f"form.new-room {ERRORS}")


def joined_without_a_name(page: Page, server_url: str) -> Locator:
    with checked_page(browser_of(page)) as host:
        room = make_room(host, server_url)
    page.goto(room)
    page.click("[data-action=join]")
    return page.locator(f"form.join {ERRORS}")


def link_taken_without_a_name(page: Page, server_url: str) -> Locator:
    with checked_page(browser_of(page)) as challenger:
        ended_game(challenger, server_url)
        address = make_link(challenger, "Ann")
    page.goto(address)
    page.click('[data-action="take"]')
    return page.locator(f"form.join {ERRORS}")


def link_made_without_a_name(page: Page, server_url: str) -> Locator:
    ended_game(page, server_url)
    page.goto(page.url + "challenge/")
    page.click('[data-action="make-link"]')
    return page.locator(f"form.new-link {ERRORS}")


def passwords_that_differ(page: Page, server_url: str) -> Locator:
    page.goto(server_url + "/accounts/signup/")
    page.fill("#id_username", f"player-{secrets.token_hex(4)}")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD + "2")
    page.locator("main button[type=submit]").click()
    return page.locator(f"main form {ERRORS}")


def wrong_log_in(page: Page, server_url: str) -> Locator:
    page.goto(server_url + "/accounts/login/")
    page.fill("#id_username", f"nobody-{secrets.token_hex(4)}")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    return page.locator(f"main form {ERRORS}")


def wrong_old_password(page: Page, server_url: str) -> Locator:
    sign_up(page, server_url, PASSWORD)
    page.goto(server_url + "/accounts/password/")
    page.fill("#id_old_password", PASSWORD + "2")
    page.fill("#id_new_password1", PASSWORD + "3")
    page.fill("#id_new_password2", PASSWORD + "3")
    page.locator("main button[type=submit]").click()
    return page.locator(f"main form {ERRORS}")


def reset_to_a_wrong_address(page: Page, server_url: str) -> Locator:
    page.goto(server_url + "/accounts/reset/")
    page.fill("#id_email", "ann@example")  # a browser's idea of an address, not a mail server's
    page.locator("main button[type=submit]").click()
    return page.locator(f"main form {ERRORS}")


def reset_by_a_used_link(page: Page, server_url: str) -> Locator:
    """A reset's link comes by mail: one used or expired is refused by its page (a valid one's form is the same as
    the sign-up's, its errors shown as they are)."""
    page.goto(server_url + "/accounts/reset/MQ/not-a-token/")
    return page.get_by_text("This link has been used or has expired.")


def sent_on_the_account_page(page: Page, server_url: str, form: str, field: str, value: str) -> None:
    """A new account's page, ``value`` typed in its ``form``'s ``field`` and the form sent."""
    sign_up(page, server_url, PASSWORD)
    page.goto(server_url + "/accounts/")
    page.fill(f"{form} input[name={field}]", value)
    page.locator(f"{form} button[type=submit]").click()


def wrong_new_name(page: Page, server_url: str) -> Locator:
    sent_on_the_account_page(page, server_url, "#name", "username", "no spaces!")
    return page.locator(f"#name {ERRORS}")


def wrong_new_address(page: Page, server_url: str) -> Locator:
    sent_on_the_account_page(page, server_url, "#email", "email", "ann@example")
    return page.locator(f"#email {ERRORS}")


def wrong_password_to_delete(page: Page, server_url: str) -> Locator:
    sent_on_the_account_page(page, server_url, ".delete-account", "password", PASSWORD + "2")
    return page.locator(f".delete-account {ERRORS}")


# Each form's refusal, by the name of the address it is sent to.
REFUSED: dict[str, Callable[[Page, str], Locator]] = {
    "new": wrong_code,
    "join_by_code": wrong_join_code,
    "new_room": room_without_a_name,
    "join_room": joined_without_a_name,
    "take_link": link_taken_without_a_name,
    "game_link": link_made_without_a_name,
    "signup": passwords_that_differ,
    "login": wrong_log_in,
    "password_change": wrong_old_password,
    "password_reset": reset_to_a_wrong_address,
    "password_reset_confirm": reset_by_a_used_link,
    "change_name": wrong_new_name,
    "change_email": wrong_new_address,
    "delete_account": wrong_password_to_delete,
}


# Each form's confirmation, sent right.
def new_name(page: Page, server_url: str) -> Locator:
    sent_on_the_account_page(page, server_url, "#name", "username", f"renamed-{secrets.token_hex(4)}")
    return page.get_by_text("Your name is now")


def new_address(page: Page, server_url: str) -> Locator:
    sent_on_the_account_page(page, server_url, "#email", "email", f"{secrets.token_hex(4)}@example.com")
    return page.get_by_text("A link is on its way")


def setting_saved(page: Page, server_url: str) -> Locator:
    """The last switch of Settings, at the foot of its page: with JavaScript saved by itself, without by Save."""
    page.goto(server_url + "/settings/")
    page.locator("form.settings input[name=sound]").check()
    if not page.evaluate("typeof htmx !== 'undefined'"):
        page.click("form.settings button[type=submit]")
    return page.get_by_text("Settings saved.")


CONFIRMED: dict[str, Callable[[Page, str], Locator]] = {
    "change_name": new_name,
    "change_email": new_address,
    "settings": setting_saved,
}

# The addresses that take no form a player fills in: pages, the table's and a room's buttons (a refused card or
# button is said over the table, test_phone.py, or under the room's title), links followed from a mail, files.
NO_FORM = {
    "home", "check_code", "guided", "new_level", "daily", "calendar", "daily_day", "play_day", "medals", "game",
    "tap", "draw", "undo", "hint", "verdict", "par", "par_line", "losses", "live", "replay", "again", "skip_guide",
    "room", "start_room", "leave_room", "rematch", "standings", "room_par", "link", "history", "how_to_play",
    "dismiss_first_visit", "privacy", "health", "ready", "metrics", "account", "confirm_email", "download_data",
    "logout", "password_change_done", "password_reset_done", "password_reset_complete", "set_language",
}  # fmt: skip


def named_addresses(patterns: list[URLPattern | URLResolver]) -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if not pattern.namespace:  # the admin's forms are its own
                yield from named_addresses(pattern.url_patterns)
        elif pattern.name:
            yield pattern.name


def test_every_form_of_the_site_is_sent_wrong_here() -> None:
    site = set(named_addresses(get_resolver().url_patterns))
    listed = set(REFUSED) | set(CONFIRMED) | NO_FORM
    assert site - listed == set(), "a new address: send its form wrong here, or say it has none"
    assert listed - site == set()


def in_view(page: Page, said: Locator) -> None:
    expect(said.first).to_be_visible()
    expect(said.first).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("javascript", [True, False], ids=["scripted", "plain"])
@pytest.mark.parametrize("form", REFUSED)
def test_a_form_sent_wrong_shows_its_error_in_view(
    browser: Browser, server_url: str, form: str, javascript: bool
) -> None:
    # Not a checked page: a refusal is a 400, which the browser reports in its console.
    with browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, java_script_enabled=javascript) as context:
        page = context.new_page()
        said = REFUSED[form](page, server_url)
        in_view(page, said)
        if form != "password_reset_confirm":  # a refused link has no form, only its words
            focused = said.first.evaluate("el => el.closest('form').contains(document.activeElement)")
            assert focused, "the focus is not in the refused form: a keyboard starts from the page's top"


@pytest.mark.parametrize("javascript", [True, False], ids=["scripted", "plain"])
@pytest.mark.parametrize("form", CONFIRMED)
def test_a_form_sent_right_shows_its_confirmation_in_view(
    browser: Browser, server_url: str, form: str, javascript: bool
) -> None:
    with browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, java_script_enabled=javascript) as context:
        page = context.new_page()
        in_view(page, CONFIRMED[form](page, server_url))
