"""Game page speed in the browser: the first load's transfer size, and the time from a tap to the swapped board.

    .venv/bin/python bench/page.py [--taps N] [--warmup N] [--rtt MS] [--rtt-taps N] [--bursts N] [--gap MS]

Starts daphne on a free loopback port with a fresh SQLite database, as deployed (collected and
compressed static files, CSP on), and Debian's Chromium through Playwright. A new player deals a
game (by a request outside the page) and opens its page with an empty cache: the Performance API's
entries for the navigation and every resource give the bytes on the wire and the bytes decoded. Then
the player taps, alternately the stock (draw) and Undo, both legal whatever the deal while stock
remains: each time, the page itself notes the click event's time and the moment the board with the
next data-version is in the document (a MutationObserver), and the next animation frame after it.
Targets: under 100 KB on first load, under 50 ms from tap to updated board on loopback.

Then the same page on a slow network: Chromium's network emulation (the DevTools protocol's
Network.emulateNetworkConditions) holds each request back by a round trip of --rtt ms (150). The
player taps a card that fits the waste and then Undo, in turn, each once the last one's answer is in:
for each tap the page notes the time from the click to the tapped card shown on the waste (its name
on the waste card), to the next animation frame after it, and to the server's board. Last, bursts of
5 quick legal taps (a deal whose opening offers 5 in a row on face-up cards, tests/browser/chains.py),
each on a new game, by mouse clicks --gap ms apart: the taps lost are the 5 less the actions the server
holds once every answer is in, and a full-page reload in the burst is counted too.
Targets: under one frame (16 ms) from a legal tap to the card on the waste; no tap of a burst lost.
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
from playwright.sync_api import BrowserContext, Page, ViewportSize, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import engine
from engine import MAX_LOG_ACTIONS
from tests.board_version import board_version
from tests.browser.chains import tap_run
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
VIEWPORT: ViewportSize = {"width": 1280, "height": 800}
TARGET_KB = 100
TARGET_MS = 50
TARGET_WASTE_MS = 16  # one frame at 60 Hz
BURST = 5
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


# In the page: for each click on a face-up card, when the waste shows that card, the frame after, and the next board.
WATCH_WASTE = """() => {
  const seen = { clicks: [], shown: [], frames: [], boards: [] };
  let wanted = null;
  let version = document.getElementById("board").dataset.version;
  document.addEventListener("click", (event) => {
    const card = event.target.closest("#board button.card.face");
    if (!card) return;
    wanted = card.getAttribute("aria-label");
    seen.clicks.push(event.timeStamp);
    look();
  }, true);
  function look() {
    const board = document.getElementById("board");
    if (board && board.dataset.version !== version) {
      version = board.dataset.version;
      if (seen.boards.length < seen.clicks.length) seen.boards.push(performance.now());
    }
    if (wanted === null || document.querySelector(".pile.waste .card")?.getAttribute("aria-label") !== wanted) return;
    wanted = null;
    seen.shown.push(performance.now());
    requestAnimationFrame(() => seen.frames.push(performance.now()));
  }
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  window.__waste = seen;
}"""


@dataclass
class Taps:
    """Milliseconds for each measured tap."""

    swaps: list[float]  # from the click to the board with the next version in the document
    frames: list[float]  # from the click to the next animation frame after the swap
    answers: list[float]  # from the request's start to the answer's last byte


@dataclass
class SlowTaps:
    """Milliseconds for each tap on a card that fits the waste, over the emulated round trip."""

    shown: list[float]  # from the click to the card on the waste
    frames: list[float]  # from the click to the next animation frame after that
    boards: list[float]  # from the click to the server's board (the next version) in the document


@dataclass
class Burst:
    lost: int  # taps the server never played
    reloads: int  # full-page loads during the burst (a tap sent as a plain form)
    settled: float  # ms from the first click to the server's board for all the taps played


def deal(context: BrowserContext, base_url: str, code: str = CODE) -> str:
    """POSTs a new game for the context's player (as the page's form would); the game page's address."""
    form = context.request.get(base_url + "/new/")
    token = TOKEN.search(form.text())
    if token is None:
        raise SystemExit("no CSRF token on /new/")
    answer = context.request.post(
        base_url + "/new/", form={"code": code, "csrfmiddlewaretoken": token[1]}, max_redirects=0
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


def emulate_round_trip(context: BrowserContext, page: Page, milliseconds: int) -> None:
    """Every request of ``page`` waits ``milliseconds`` from being sent to its answer's headers."""
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": milliseconds, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def shown_version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def slow_taps(context: BrowserContext, base_url: str, rtt: int, taps: int) -> SlowTaps:
    """Taps a card that fits the waste, then Undo, in turn, each once the last answer is in."""
    page = context.new_page()
    page.goto(deal(context, base_url))
    emulate_round_trip(context, page, rtt)
    position = engine.Game.new(engine.GameCode.parse(CODE)).playable()[0]
    page.evaluate(WATCH_WASTE)
    start = shown_version(page)
    for _ in range(taps):
        page.locator(f'#board button[data-position="{position}"]').click()
        page.wait_for_function("v => document.getElementById('board').dataset.version === v", arg=str(start + 1))
        page.locator(UNDO).first.click()
        page.wait_for_function("v => document.getElementById('board').dataset.version === v", arg=str(start + 2))
        start += 2
    page.wait_for_function("n => window.__waste.frames.length >= n", arg=taps)
    seen = page.evaluate("() => window.__waste")
    page.close()
    counts = [len(seen[key]) for key in ("clicks", "shown", "frames", "boards")]
    if counts != [taps] * 4:
        raise SystemExit(f"{counts} clicks, cards on the waste, frames and boards for {taps} taps")
    clicks = seen["clicks"]
    return SlowTaps(
        shown=[at - click for click, at in zip(clicks, seen["shown"], strict=True)],
        frames=[at - click for click, at in zip(clicks, seen["frames"], strict=True)],
        boards=[at - click for click, at in zip(clicks, seen["boards"], strict=True)],
    )


def burst(context: BrowserContext, base_url: str, rtt: int, gap: int, code: str, run: list[int]) -> Burst:
    """Clicks the cards of ``run`` ``gap`` ms apart on a new game; what the server holds once all is answered."""
    page = context.new_page()
    url = deal(context, base_url, code)
    page.goto(url)
    emulate_round_trip(context, page, rtt)
    page.mouse.move(0, 0)
    boxes = [page.locator(f'#board button[data-position="{p}"]').bounding_box() for p in run]
    origin = page.evaluate("() => performance.timeOrigin")
    start = page.evaluate("() => performance.now()")
    for box in boxes:
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(gap)
    # Every answer in: the board at the version of all the taps, or (taps lost) nothing more for 3 round trips.
    expected = str(len(run))
    try:
        page.wait_for_function(
            "v => document.getElementById('board')?.dataset.version === v", arg=expected, timeout=20 * rtt + 5000
        )
        settled = page.evaluate("() => performance.now()") - start
    except PlaywrightTimeout:  # a tap lost: the version never gets there
        page.wait_for_timeout(3 * rtt + 500)
        settled = math.nan
    reloads = 0 if page.evaluate("() => performance.timeOrigin") == origin else 1
    played = board_version(context.request.get(url).text()) or 0
    page.close()
    return Burst(lost=len(run) - played, reloads=reloads, settled=settled)


def kilobytes(count: int) -> str:
    return f"{count / 1024:.1f} KB"


def summary(label: str, values: list[float]) -> str:
    figures = (statistics.median(values), statistics.quantiles(values, n=20, method="inclusive")[18], max(values))
    return f"{label}: median {figures[0]:.1f} ms, p95 {figures[1]:.1f} ms, max {figures[2]:.1f} ms"


def report_errors(errors: list[str]) -> None:
    print(f"browser console errors: {len(errors)}")
    for error in errors[:5]:
        print(f"  {error}")


def report_slow(rtt: int, slow: SlowTaps, bursts: list[Burst], gap: int) -> None:
    print(f"over a {rtt} ms round trip (Chromium's network emulation):")
    print(f"{len(slow.shown)} taps on a card that fits the waste (tap, undo, tap, …), from the click to:")
    print("  " + summary("the card shown on the waste", slow.shown))
    print("  " + summary("the next animation frame after it", slow.frames))
    print("  " + summary("the server's board (the next version) in the document", slow.boards))
    verdict = "met" if statistics.median(slow.shown) < TARGET_WASTE_MS else "NOT met"
    print(f"target: under {TARGET_WASTE_MS} ms from a legal tap to the card on the waste (median): {verdict}")
    lost = [b.lost for b in bursts]
    settled = [b.settled for b in bursts if not math.isnan(b.settled)]
    print(f"{len(bursts)} bursts of {BURST} quick legal taps, {gap} ms apart, each on a new game:")
    print(f"  taps lost: {sum(lost)} of {BURST * len(bursts)} (per burst: {', '.join(map(str, lost))})")
    print(f"  full-page reloads: {sum(b.reloads for b in bursts)}")
    if settled:
        print("  " + summary("first click to the server's board with every tap", settled))
    verdict = "met" if sum(lost) == 0 else "NOT met"
    print(f"target: no tap of a burst lost: {verdict}")


def report(entries: list[tuple[str, int, int]], taps: Taps) -> None:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=100, help="measured taps, draw and undo in turn (default 100)")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured taps before them (default 10)")
    parser.add_argument("--rtt", type=int, default=150, help="emulated round trip in ms (default 150)")
    parser.add_argument("--rtt-taps", type=int, default=30, help="measured card taps over it (default 30)")
    parser.add_argument("--bursts", type=int, default=5, help=f"bursts of {BURST} quick legal taps (default 5)")
    parser.add_argument("--gap", type=int, default=50, help="ms between the taps of a burst (default 50)")
    args = parser.parse_args()
    if args.taps < 2 or args.warmup < 0 or args.warmup + args.taps > MAX_LOG_ACTIONS:
        parser.error(f"need 2 or more taps, and at most {MAX_LOG_ACTIONS} with the warm-up (a game's log limit)")
    if not 2 <= args.rtt_taps <= MAX_LOG_ACTIONS // 2 or args.bursts < 1 or args.rtt < 0 or args.gap < 0:
        parser.error(f"need 2 to {MAX_LOG_ACTIONS // 2} RTT taps, 1 or more bursts, and no negative time")
    burst_code, run = tap_run(BURST)
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
            context.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            context.on("weberror", lambda error: errors.append(str(error.error)))
            entries = first_load(page, deal(context, server.url))
            taps = tap_times(page, args.warmup, args.taps)
            page.close()
            slow = slow_taps(context, server.url, args.rtt, args.rtt_taps)
            bursts = [burst(context, server.url, args.rtt, args.gap, burst_code, run) for _ in range(args.bursts)]
            browser.close()
    report(entries, taps)
    report_slow(args.rtt, slow, bursts, args.gap)
    report_errors(errors)


if __name__ == "__main__":
    main()
