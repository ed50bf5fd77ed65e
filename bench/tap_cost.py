"""A tap's own cost on a slow phone: the page's work for a tap, and the time to the next frame painted.

    .venv/bin/python bench/tap_cost.py [--taps N] [--throttle RATE]

Starts daphne on a free loopback port with a fresh SQLite database, as deployed, and Debian's Chromium
through Playwright in a 360×640 touch viewport, its CPU slowed --throttle times (4) by the DevTools
protocol's Emulation.setCPUThrottlingRate, as a mid-range phone is. The player taps, with a finger, a
card that fits the waste and then Undo, in turn, each once the last answer is in. For each card tap the
page notes:
  - the input delay: from the click event's time (the finger's lift) to the start of its dispatch;
  - the handler: from there until the tap's work is done (the end of the submit event it causes, which
    the page's script answers: the card shown on the waste, and anything else it does then);
  - the frame: from the click event's time until the next frame is painted (a task posted from the next
    animation frame: the frame's style, layout and paint included).
Targets (the tap's handler at 4×): median ≤ 16 ms, p95 ≤ 50 ms.
"""

import argparse
import os
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)
from page import deal, summary
from playwright.sync_api import Page, sync_playwright

import engine
from engine import MAX_LOG_ACTIONS
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
VIEWPORT = {"width": 360, "height": 640}
TARGET_MEDIAN_MS = 16
TARGET_P95_MS = 50
UNDO = "#board [data-action=undo]"

# In the page: for each click on a face-up card, the end of its submit event and the next frame painted.
WATCH = """() => {
  const seen = { delays: [], handlers: [], frames: [] };
  addEventListener("click", (event) => {
    if (!event.target.closest("#board button.card.face")) return;
    const start = event.timeStamp, dispatched = performance.now();
    seen.delays.push(dispatched - start);
    addEventListener("submit", () => seen.handlers.push(performance.now() - dispatched), { once: true });
    requestAnimationFrame(() => {
      const after = new MessageChannel();
      after.port1.onmessage = () => seen.frames.push(performance.now() - start);
      after.port2.postMessage(null);
    });
  }, true);
  window.__tapCost = seen;
}"""


@dataclass
class TapCost:
    """Milliseconds for each card tap."""

    delays: list[float]  # from the click event's time to its dispatch
    handlers: list[float]  # from its dispatch to the end of the tap's work in the page
    frames: list[float]  # from the click event's time to the next frame painted


def until_version(page: Page, version: int) -> None:
    page.wait_for_function("v => document.getElementById('board').dataset.version === v", arg=str(version))


def measure(page: Page, taps: int) -> TapCost:
    """Taps a card that fits the waste, then Undo, in turn, each once the last answer is in."""
    position = engine.Game.new(engine.GameCode.parse(CODE)).playable()[0]
    page.evaluate(WATCH)
    version = int(page.locator("#board").get_attribute("data-version") or 0)
    for _ in range(taps):
        page.locator(f'#board button[data-position="{position}"]').tap()
        until_version(page, version + 1)
        page.locator(UNDO).first.tap()
        until_version(page, version + 2)
        version += 2
    page.wait_for_function("n => window.__tapCost.frames.length >= n", arg=taps)
    seen = page.evaluate("() => window.__tapCost")
    counts = [len(seen[key]) for key in ("delays", "handlers", "frames")]
    if counts != [taps] * 3:
        raise SystemExit(f"{counts} clicks, handlers and frames for {taps} taps")
    return TapCost(delays=seen["delays"], handlers=seen["handlers"], frames=seen["frames"])


def report(cost: TapCost, throttle: float) -> None:
    print(f"{len(cost.handlers)} card taps by a finger (tap, undo, tap, …) at {throttle:g}× CPU throttling:")
    print("  " + summary("input delay (the click's time to its dispatch)", cost.delays))
    print("  " + summary("the tap's handler (its dispatch to the end of its work)", cost.handlers))
    print("  " + summary("the click's time to the next frame painted", cost.frames))
    median = statistics.median(cost.handlers)
    p95 = statistics.quantiles(cost.handlers, n=20, method="inclusive")[18]
    verdict = "met" if median <= TARGET_MEDIAN_MS and p95 <= TARGET_P95_MS else "NOT met"
    print(f"target: the tap's handler median ≤ {TARGET_MEDIAN_MS} ms and p95 ≤ {TARGET_P95_MS} ms: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="measured card taps (default 60)")
    parser.add_argument("--throttle", type=float, default=4, help="CPU slowdown, 1 for none (default 4)")
    args = parser.parse_args()
    if not 2 <= args.taps <= MAX_LOG_ACTIONS // 2 or args.throttle < 1:
        parser.error(f"need 2 to {MAX_LOG_ACTIONS // 2} taps and a throttle of 1 or more")
    with tempfile.TemporaryDirectory(prefix="tripeaks-bench-") as folder:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings"}
        env.pop("DATABASE_URL", None)  # a fresh SQLite file: nothing else on the server while it is measured
        env["SQLITE_PATH"] = str(Path(folder) / "bench.sqlite3")
        prepare_site(env)
        with serving(env, log=Path(folder) / "daphne.log") as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            load = os.getloadavg()[0]
            print(
                f"daphne on {server.url}, SQLite; Chromium {browser.version} (headless), 360×640 touch; "
                f"{os.cpu_count()} cores shared by server and browser, 1-minute load {load:.1f}",
                flush=True,
            )
            context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True)
            page = context.new_page()
            page.goto(deal(context, server.url, CODE))
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
            cost = measure(page, args.taps)
            browser.close()
    report(cost, args.throttle)


if __name__ == "__main__":
    main()
