"""A real daphne server and Debian's Chromium, driven by Playwright, for real-browser tests.

The server runs the project as deployed (ASGI under daphne, collected static files, CSP on)
on a fresh SQLite file, or on DATABASE_URL when that is set.
"""

import contextlib
import os
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

import engine
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, ROOT, prepare_site, serving

ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="session")
def live_server_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    # A program posting a daily's line stays faster than the pace of a person (one move a second here) however
    # slowly a loaded machine answers it.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings",
        "CHALLENGE_COUNTDOWN": "1",
        "HUMAN_MOVES_PER_SECOND": "1",
    }
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(tmp_path_factory.mktemp("server") / "db.sqlite3")
    prepare_site(env)
    return env


@pytest.fixture(scope="session")
def server_url(live_server_env: dict[str, str]) -> Iterator[str]:
    """The base URL of a daphne process serving the project."""
    with serving(live_server_env) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/test installs Debian's chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def console_errors(page: Page) -> list[str]:
    """The list that the console errors and uncaught exceptions of ``page`` go to from now on."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@contextlib.contextmanager
def checked_page(browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context (its own cookies: a new player) whose console errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    opened = context.new_page()
    errors = console_errors(opened)
    yield opened
    context.close()
    assert not errors, f"the browser reported errors: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context (its own cookies: a new player) whose console errors fail the test."""
    with checked_page(browser) as opened:
        yield opened


# Every word on screen that the browser broke over two lines ("PUNTUA/CIÓN"), with the element it is in: each
# visible text node's words, measured one by one, must each stand on one line. A word is what spaces and hyphens
# part: a line may end at the hyphen of "най-много", as print breaks it. A game code is not a word: a long one
# wraps anywhere on purpose. Text read but not shown (it, or a box around it, clipped to a pixel) is left out.
BROKEN_WORDS = """(root) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const clipped = (element) => {
    for (let el = element; el && el !== document.body; el = el.parentElement)
      if (el.getBoundingClientRect().width <= 1) return true; // read, not shown: clipped to a pixel by the style
    return false;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (element.closest('.visually-hidden, [hidden], script, style, template, .code') || !element.checkVisibility())
      continue;
    if (clipped(element)) continue;
    for (const word of node.textContent.matchAll(/[^\\s\\-\u2010]{2,}/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = [...range.getClientRects()].filter(rect => rect.width);
      const lines = new Set(rects.map(rect => Math.round(rect.bottom)));
      const name = element.tagName.toLowerCase() + [...element.classList].map(one => '.' + one).join('');
      if (lines.size > 1) found.push(`${word[0]} (${name})`);
    }
  }
  return found;
}"""


def broken_words(page: Page, root: str = "body") -> list[str]:
    """The words under ``root`` that the browser broke over two lines (none: [])."""
    return list(page.evaluate(BROKEN_WORDS, root))


def screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    return path


def play_line(page: Page, game_url: str, line: list[str], *, reload: bool = True, token: str = "") -> None:
    """Posts each action of ``line`` ("+" draws, a number taps there) as htmx does, then reloads the page (unless
    ``reload`` is false): how a test whose point is not the playing reaches the position it checks (a game near its
    end, stored by the server as if played) without clicking through the game. The CSRF token is the page's form's,
    unless ``token`` is given (read from a page that was fetched, not shown)."""
    token = token or page.locator("input[name=csrfmiddlewaretoken]").first.input_value()
    headers = {"HX-Request": "true", "X-CSRFToken": token}
    for version, action in enumerate(line):
        drawing = action == engine.log.DRAW
        form: dict[str, str | float | bool] = {"version": str(version)}
        if not drawing:
            form["position"] = action
        answer = page.request.post(game_url + ("draw/" if drawing else "tap/"), form=form, headers=headers)
        assert answer.status == 200, f"action {version} ({action}) answered {answer.status}"
    if reload:
        page.reload()


def sign_up(page: Page, server_url: str, password: str | None = None) -> None:
    """A new account, signed in on ``page``'s context: its password ``password``, else one made up."""
    password = password or secrets.token_urlsafe(12)
    page.goto(server_url + "/accounts/signup/")
    page.fill("#id_username", f"player-{secrets.token_hex(4)}")
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/history/$"))
