"""A real daphne server and Debian's Chromium, driven by Playwright, for real-browser tests.

The server runs the project as deployed (ASGI under daphne, collected static files, CSP on)
on a fresh SQLite file, or on DATABASE_URL when that is set.
"""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# Without these Chromium keeps reaching for the network, which this machine does not have.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True)


def wait_until_up(url: str, server: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"daphne exited with {server.returncode}")
        try:
            if httpx.get(url + "/health/", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not answer at {url} within {seconds} s")


@pytest.fixture(scope="session")
def live_server_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings"}
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(tmp_path_factory.mktemp("server") / "db.sqlite3")
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    return env


@pytest.fixture(scope="session")
def server_url(live_server_env: dict[str, str]) -> Iterator[str]:
    """The base URL of a daphne process serving the project."""
    port = free_port()
    daphne = Path(sys.executable).with_name("daphne")
    server = subprocess.Popen(
        [str(daphne), "-b", "127.0.0.1", "-p", str(port), "tripeaks_site.asgi:application"],
        cwd=ROOT,
        env=live_server_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/test installs Debian's chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context (its own cookies: a new player) whose console errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"the browser reported errors: {errors}"


def screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
