"""The game code's Copy button (issue 15): shown only where JavaScript can copy (no dead button without
it, or without the clipboard API), and it says "Copied" on the page and to screen readers."""

from playwright.sync_api import Browser, expect

from .test_play import Table


def test_without_javascript_no_copy_button(browser: Browser, server_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    Table(page, server_url)
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
