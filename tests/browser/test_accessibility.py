"""Every page passes axe-core's audit with no serious or critical violation, in English and Italian.

axe-core comes from the npm registry (package-lock.json; scripts/test runs `npm ci`). The site's CSP
refuses injected scripts, so the audited contexts bypass it: the audit reads the page, it does not
change what the site sends.
"""

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import engine
from engine.layout import STOCK_SIZE
from tests.live_server import ROOT
from tests.web.helpers_play import blocked_by_drawing, first_winnable

from .conftest import play_line
from .test_play import Table

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
REPORTED = {"serious", "critical"}
LANGUAGES = {"en": "en-GB", "it": "it-IT"}  # the page language, and the browser locale that asks for it


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: scripts/test installs it with `npm ci`")
    return AXE.read_text()


class Auditor:
    """Opens pages in browser contexts of one language and gathers axe's serious and critical findings."""

    def __init__(self, browser: Browser, server_url: str, locale: str, axe_source: str) -> None:
        self.browser, self.server_url, self.locale, self.axe_source = browser, server_url, locale, axe_source
        self.contexts: list[BrowserContext] = []
        self.findings: list[str] = []

    def player(self) -> Page:
        """A new player (its own cookies) in a context that lets the audit script in."""
        context = self.browser.new_context(locale=self.locale, bypass_csp=True, viewport={"width": 1280, "height": 800})
        self.contexts.append(context)
        return context.new_page()

    def audit(self, page: Page, label: str) -> None:
        page.add_script_tag(content=self.axe_source)
        violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
        for violation in violations:
            if violation["impact"] in REPORTED:
                targets = "; ".join(describe(node) for node in violation["nodes"])
                self.findings.append(
                    f"{label} ({page.url}): {violation['id']} [{violation['impact']}] {violation['help']} — {targets}"
                )

    def visit(self, page: Page, path: str, label: str) -> None:
        page.goto(self.server_url + path)
        self.audit(page, label)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def describe(node: dict[str, Any]) -> str:
    """The node's selector, and what the failed check measured (such as a contrast ratio and its colours)."""
    checks = [check["message"] for check in node["any"] + node["all"] + node["none"] if check.get("message")]
    return " ".join(node["target"]) + (f" ({checks[0]})" if checks else "")


@pytest.fixture(params=list(LANGUAGES))
def auditor(request: pytest.FixtureRequest, browser: Browser, server_url: str, axe_source: str) -> Iterator[Auditor]:
    auditing = Auditor(browser, server_url, LANGUAGES[request.param], axe_source)
    yield auditing
    auditing.close()


def test_every_page_has_no_serious_or_critical_violation(auditor: Auditor) -> None:
    owner, watcher = auditor.player(), auditor.player()
    auditor.visit(owner, "/", "home")
    auditor.visit(owner, "/new/", "new game")
    owner.fill("input[name=code]", "not a code")
    owner.click("form.new-game button[type=submit]")
    expect(owner.locator("#code-check .errors")).to_be_visible()
    auditor.audit(owner, "new game with a form error")

    table = Table(owner, auditor.server_url)
    auditor.audit(owner, "game in progress (owner)")
    fitting = table.fitting()
    table.card(fitting).click()
    table.played(engine.log.tap_symbol(fitting))
    table.card(table.misfit()).click()
    expect(owner.locator("#notice")).not_to_be_empty()
    auditor.audit(owner, "game with an error message")
    owner.locator("form[action$='/hint/'] button").click()
    expect(owner.locator("#board .hinted")).to_have_count(1)
    auditor.audit(owner, "game with a Teach-me hint")
    game_path = table.url.removeprefix(auditor.server_url)
    auditor.visit(watcher, game_path, "game (watcher)")
    auditor.visit(owner, game_path + "replay/?step=1", "replay, step 1")

    auditor.visit(owner, "/settings/", "settings")
    owner.check("input[name=highlight_playable]")
    owner.click("button[type=submit].primary")
    auditor.audit(owner, "settings saved")
    Table(owner, auditor.server_url)
    expect(owner.locator("#board .playable").first).to_be_visible()
    auditor.audit(owner, "new game with the playable cards highlighted")

    blocked = Table(owner, auditor.server_url, blocked_by_drawing())
    play_line(owner, blocked.url, [engine.log.DRAW] * STOCK_SIZE)
    expect(owner.locator(".outcome.blocked")).to_be_visible()
    auditor.audit(owner, "blocked game")
    code, line = first_winnable()
    won = Table(owner, auditor.server_url, code)
    play_line(owner, won.url, line)
    expect(owner.locator(".outcome.won")).to_be_visible()
    auditor.audit(owner, "won game")
    owner.locator('.outcome [data-action="challenge-link"]').click()
    auditor.audit(owner, "challenge link's form")
    owner.fill("#id_name", "Ann")
    owner.click('[data-action="make-link"]')
    auditor.audit(owner, "challenge link's board (challenger)")
    auditor.visit(watcher, owner.url.removeprefix(auditor.server_url), "challenge link's board (a friend)")

    auditor.visit(owner, "/c/new/", "new challenge")
    owner.fill("#id_name", "Ann")
    owner.click("[data-action=make]")
    auditor.audit(owner, "challenge's lobby (host)")
    auditor.visit(watcher, owner.url.removeprefix(auditor.server_url), "challenge's lobby (joining)")

    auditor.visit(owner, "/history/", "history with games")
    auditor.visit(watcher, "/accounts/login/", "log in")
    auditor.visit(watcher, "/accounts/signup/", "sign up")
    auditor.visit(watcher, "/g/no-such-game/", "not found (404)")

    assert not auditor.findings, "serious or critical accessibility violations:\n" + "\n".join(auditor.findings)


# Every node whose text axe finds short of contrast (its colour-contrast check alone, whatever the impact).
CONTRAST = """async () => (await axe.run(document, {runOnly: ['color-contrast'], resultTypes: ['violations']}))
  .violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ': ' + (n.any[0]?.message ?? '')))"""


def contrast_failures(page: Page, axe_source: str) -> list[str]:
    page.add_script_tag(content=axe_source)
    return list(page.evaluate(CONTRAST))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_four_colour_suits_and_high_contrast_cards_keep_every_contrast_in_each_theme(
    browser: Browser, server_url: str, axe_source: str, theme: str
) -> None:
    """The table and Settings, with both chosen."""
    auditor = Auditor(browser, server_url, "en-GB", axe_source)
    page = auditor.player()
    page.goto(server_url + "/settings/")
    page.get_by_label("Four-colour suits").check()
    page.get_by_label("High-contrast cards").check()
    page.locator(f"label.theme-{theme}").click()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    assert contrast_failures(page, axe_source) == []
    Table(page, server_url)
    expect(page.locator("body")).to_have_attribute("data-colours", "four")
    assert contrast_failures(page, axe_source) == []
    auditor.close()
