"""Game page speed in the browser: the first load's transfer size, and the time from a tap to the swapped board.

    .venv/bin/python bench/page.py [--taps N] [--warmup N]

Starts daphne on a free loopback port with a fresh SQLite database, as deployed (collected and
compressed static files, CSP on), and Debian's Chromium through Playwright. A new player deals a
game (by a request outside the page) and opens its page with an empty cache: the Performance API's
entries for the navigation and every resource give the bytes on the wire and the bytes decoded. Then
the player taps, alternately the stock (draw) and Undo, both legal whatever the deal while stock
remains: each time, the page itself notes the click event's time and the moment the board with the
next data-version is in the document (a MutationObserver), and the next animation frame after it.
Targets: under 100 KB on first load, under 50 ms from tap to updated board on loopback.
"""

import argparse
import math
import os
import re
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)
from playwright.sync_api import BrowserContext, Page, sync_playwright

from engine import MAX_LOG_ACTIONS
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
VIEWPORT = {"width": 1280, "height": 800}
TARGET_KB = 100
TARGET_MS = 50
GAME_PATH = re.compile(r"/g/[\w-]+/$")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
DRAW = "#board [data-action=draw]"
UNDO = "#board [data-action=undo]"

# Every load entry of the page: its path, bytes on the wire (headers included) and bytes decoded.
LOAD_ENTRIES = """() => performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
  .map((entry) => [new URL(entry.name).pathname, entry.transferSize, entry.decodedBodySize])"""

# In the page: the time of each click, and of each new board version in the document and the frame after it.
WATCH_TAPS = """() => {
  const seen = { clicks: [], swaps: [], frames: [], version: document.getElementById("board").dataset.version };
  document.addEventListener("click", (event) => seen.clicks.push(event.timeStamp), true);
  new MutationObserver(() => {
    const version = document.getElementById("board")?.dataset.version;
    if (version === undefined || version === seen.version) return;
    seen.version = version;
    seen.swaps.push(performance.now());
    requestAnimationFrame(() => seen.frames.push(performance.now()));
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-version"] });
  performance.setResourceTimingBufferSize(100000);
  window.__taps = seen;
}"""
# Each action's request, from the request's start to its answer's last byte: the server's share of a tap.
ANSWERS = """() => performance.getEntriesByType("resource")
  .filter((entry) => /[/](draw|undo)[/]$/.test(new URL(entry.name).pathname))
  .map((entry) => entry.responseEnd - entry.requestStart)"""


@dataclass
class Taps:
    """Milliseconds for each measured tap."""

    swaps: list[float]  # from the click to the board with the next version in the document
    frames: list[float]  # from the click to the next animation frame after the swap
    answers: list[float]  # from the request's start to the answer's last byte


def deal(context: BrowserContext, base_url: str) -> str:
    """POSTs a new game for the context's player (as the page's form would); the game page's address."""
    form = context.request.get(base_url + "/new/")
    token = TOKEN.search(form.text())
    if token is None:
        raise SystemExit("no CSRF token on /new/")
    answer = context.request.post(
        base_url + "/new/", form={"code": CODE, "csrfmiddlewaretoken": token[1]}, max_redirects=0
    )
    location = answer.headers.get("location", "")
    if answer.status != 302 or not GAME_PATH.search(location):
        raise SystemExit(f"POST /new/ answered {answer.status} {location!r}")
    return base_url + location if location.startswith("/") else location


def first_load(page: Page, url: str) -> list[tuple[str, int, int]]:
    page.goto(url, wait_until="networkidle")
    return [(path, int(wire), int(decoded)) for path, wire, decoded in page.evaluate(LOAD_ENTRIES)]


def tap_times(page: Page, warmup: int, taps: int) -> Taps:
    """Taps the stock and Undo in turn, each once the last one's board is in; the warm-up is not counted."""
    page.evaluate(WATCH_TAPS)
    start = int(page.locator("#board").get_attribute("data-version") or 0)
    for tap in range(warmup + taps):
        page.locator(DRAW if tap % 2 == 0 else UNDO).first.click()
        page.wait_for_function("v => document.getElementById('board').dataset.version === v", arg=str(start + tap + 1))
    page.wait_for_function("n => window.__taps.frames.length >= n", arg=warmup + taps)
    seen, answers = page.evaluate("() => window.__taps"), page.evaluate(ANSWERS)
    counts = (len(seen["clicks"]), len(seen["swaps"]), len(answers))
    if counts != (warmup + taps,) * 3:
        raise SystemExit(f"{counts[0]} clicks, {counts[1]} swaps and {counts[2]} requests for {warmup + taps} taps")
    clicks = seen["clicks"][warmup:]
    return Taps(
        swaps=[swap - click for click, swap in zip(clicks, seen["swaps"][warmup:], strict=True)],
        frames=[frame - click for click, frame in zip(clicks, seen["frames"][warmup:], strict=True)],
        answers=answers[warmup:],
    )


def kilobytes(count: int) -> str:
    return f"{count / 1024:.1f} KB"


def summary(label: str, values: list[float]) -> str:
    figures = (statistics.median(values), statistics.quantiles(values, n=20, method="inclusive")[18], max(values))
    return f"{label}: median {figures[0]:.1f} ms, p95 {figures[1]:.1f} ms, max {figures[2]:.1f} ms"


def report(entries: list[tuple[str, int, int]], taps: Taps, errors: list[str]) -> None:
    wire, decoded = sum(entry[1] for entry in entries), sum(entry[2] for entry in entries)
    print(f"first load of the game page (empty cache): {len(entries)} requests")
    for path, entry_wire, entry_decoded in entries:
        print(f"  {path:<60} {kilobytes(entry_wire):>9} on the wire {kilobytes(entry_decoded):>9} decoded")
    print(f"  total: {kilobytes(wire)} on the wire (headers included), {kilobytes(decoded)} decoded")
    verdict = "met" if wire < TARGET_KB * 1024 else "NOT met"
    print(f"target: under {TARGET_KB} KB on first load: {verdict}")
    print(f"{len(taps.swaps)} taps (draw, undo, draw, …), from the click to:")
    print("  " + summary("the board with the next version in the document", taps.swaps))
    print("  " + summary("the next animation frame after it", taps.frames))
    print("  " + summary("of which the server's answer (request sent to last byte)", taps.answers))
    verdict = "met" if statistics.median(taps.swaps) < TARGET_MS else "NOT met"
    print(f"target: under {TARGET_MS} ms from tap to updated board (median): {verdict}")
    print(f"browser console errors: {len(errors)}")
    for error in errors[:5]:
        print(f"  {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=100, help="measured taps, draw and undo in turn (default 100)")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured taps before them (default 10)")
    args = parser.parse_args()
    if args.taps < 2 or args.warmup < 0 or args.warmup + args.taps > MAX_LOG_ACTIONS:
        parser.error(f"need 2 or more taps, and at most {MAX_LOG_ACTIONS} with the warm-up (a game's log limit)")
    with tempfile.TemporaryDirectory(prefix="tripeaks-bench-") as folder:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings"}
        env.pop("DATABASE_URL", None)  # a fresh SQLite file: nothing else on the server while it is measured
        env["SQLITE_PATH"] = str(Path(folder) / "bench.sqlite3")
        prepare_site(env)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
        with serving(env, log=Path(folder) / "daphne.log") as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(
                f"daphne on {server.url}, SQLite; Chromium {browser.version} (headless), {VIEWPORT['width']}×"
                f"{VIEWPORT['height']}; {os.cpu_count()} cores shared by server and browser, 1-minute load {load:.1f}",
                flush=True,
            )
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            errors: list[str] = []
            page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            page.on("pageerror", lambda error: errors.append(str(error)))
            entries = first_load(page, deal(context, server.url))
            taps = tap_times(page, args.warmup, args.taps)
            browser.close()
    report(entries, taps, errors)


if __name__ == "__main__":
    main()
