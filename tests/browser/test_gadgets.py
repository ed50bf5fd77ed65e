"""Defence in depth behind escaping: were a player's name ever written into a page unescaped, the htmx
attributes in it would do nothing (it sits under hx-disable), and no htmx request leaves the site."""

import re

from playwright.sync_api import Browser, Page, Request, Route

from .conftest import console_errors, sign_up

GADGET = '<span hx-get="{url}" hx-trigger="load" hx-swap="none"></span>'


def with_gadgets(page: Page, server_url: str, other_origin: str) -> list[str]:
    """The leaderboard as a broken escape would write it: a gadget in the player's name cell, and one outside
    any player's text that calls another origin; the URLs of the requests they make."""
    made: list[str] = []

    def unescaped(route: Route) -> None:
        html = route.fetch().text()
        in_name = GADGET.format(url="/health/?from=a-name")
        html = re.sub(r"(<td hx-disable>|<td>)(player-[0-9a-f]{8})</td>", rf"\1\2{in_name}</td>", html, count=1)
        html = html.replace("</main>", GADGET.format(url=f"{other_origin}/health/?from=elsewhere") + "</main>")
        route.fulfill(body=html, headers={"content-type": "text/html; charset=utf-8"})

    def note(request: Request) -> None:
        if "from=" in request.url:
            made.append(request.url)

    page.route(re.compile(r".*/daily/$"), unescaped)
    page.on("request", note)
    page.goto(server_url + "/daily/")
    page.wait_for_load_state("networkidle")
    return made


def test_htmx_attributes_in_a_player_s_text_or_to_another_site_make_no_request(
    browser: Browser, server_url: str
) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors = console_errors(page)
    sign_up(page, server_url)
    page.goto(server_url + "/new/")
    page.click('button[data-level="daily"]')  # on today's leaderboard, by name
    page.goto(server_url + "/daily/")
    assert page.locator("table.leaderboard td[hx-disable]").count() >= 1
    other_origin = server_url.replace("127.0.0.1", "localhost")
    assert with_gadgets(page, server_url, other_origin) == []
    assert errors == ["htmx:invalidPath, [object HTMLSpanElement]"]  # htmx refused the other site's request
    context.close()
