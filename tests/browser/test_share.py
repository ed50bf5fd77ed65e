"""Copy (the game code) and Share (the game's address) beside it: shown only where JavaScript
can do them (no dead button without it, or without the clipboard API or Web Share), and each says what
it did ("Copied", "Link copied") on the page and to screen readers."""

from playwright.sync_api import Browser, Page, expect

from .test_play import Table


def test_without_javascript_no_copy_button(browser: Browser, server_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    Table(page, server_url, scripted=False)
    expect(page.locator("#game-code")).to_be_visible()
    expect(page.locator("button.copy")).to_be_hidden()
    context.close()


def test_without_the_clipboard_no_copy_button(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    context.add_init_script("delete Navigator.prototype.clipboard;")  # as on a plain-HTTP site
    page = context.new_page()
    Table(page, server_url)
    expect(page.locator("button.copy")).to_be_hidden()
    context.close()


def test_copy_copies_the_code_and_says_so(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    page = context.new_page()
    Table(page, server_url)
    status = page.locator(".share [role=status]")
    page.get_by_role("button", name="Copy").click()
    expect(status).to_have_text("Copied")
    expect(status).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#game-code").input_value()
    context.close()


# -- Share: the game's address, where anyone can watch it ----------------------------------------------


def test_without_javascript_no_share_button(browser: Browser, server_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    Table(page, server_url, scripted=False)
    expect(page.locator("button.share-link")).to_have_count(1)
    expect(page.locator("button.share-link")).to_be_hidden()
    context.close()


def test_without_web_share_or_the_clipboard_no_share_button(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    context.add_init_script("delete Navigator.prototype.clipboard; delete Navigator.prototype.share;")
    page = context.new_page()
    Table(page, server_url)
    expect(page.locator("button.share-link")).to_be_hidden()
    context.close()


def test_share_copies_the_link_where_there_is_no_web_share(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    context.add_init_script("delete Navigator.prototype.share;")  # as on a desktop without Web Share
    page = context.new_page()
    table = Table(page, server_url)
    page.get_by_role("button", name="Share").click()
    expect(page.locator(".share [role=status]")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == table.url
    context.close()


def test_share_uses_web_share_where_the_browser_has_it(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    context.add_init_script(
        "Navigator.prototype.share = function (data) { window.__shared = data; return Promise.resolve(); };"
    )
    page = context.new_page()
    table = Table(page, server_url)
    page.get_by_role("button", name="Share").click()
    page.wait_for_function("() => window.__shared !== undefined")
    assert page.evaluate("window.__shared.url") == table.url
    context.close()


def test_a_daily_game_has_no_copy_button_while_its_code_is_secret_but_shares_its_link(
    page: Page, server_url: str
) -> None:
    page.goto(server_url + "/new/")
    page.click('button[data-level="daily"]')
    expect(page.locator("[data-code=hidden]")).to_be_visible()
    expect(page.locator("button.copy")).to_have_count(0)
    expect(page.locator("#game-code")).to_have_count(0)
    expect(page.get_by_role("button", name="Share")).to_be_visible()  # 127.0.0.1 has the clipboard
