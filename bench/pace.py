"""The fastest a person's finger can play a whole game on a phone: the bound behind ``HUMAN_MOVES_PER_SECOND``.

    .venv/bin/python bench/pace.py [--deals 200] [--width 360 --height 640]

The game page in Chromium at a phone's size gives where each card and the stock stand. For the winning line
the solver finds on each of ``--deals`` winnable Easy deals (seeded), each tap is timed by Fitts' law at a
person's measured throughput on a phone's touch screen, 6.95 bits a second (MacKenzie, "Fitts' Throughput and
the Remarkable Case of Touch-Based Target Selection", HCII 2015: 16 people, a smartphone, 1D and 2D tasks):
from the last target's centre to the next one, over the smaller side of the card, ``log2(distance / size + 1)``
bits. A tap on the same spot again (draws in a row) costs at least a seventh of a second, the fastest a finger
taps one spot (the finger-tapping test of neurology: 5 to 7 taps a second). The person so modelled knows the
whole line before the deal is shown, never looks, never hesitates and never misses: a bound no real game
reaches. It prints the line's moves a second per deal, with the setting's floor beside them.
"""

import argparse
import math
import os
import random
import statistics
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)
from page import deal
from playwright.sync_api import sync_playwright

import engine
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, prepare_site, serving
from tripeaks_site import settings as site_settings

THROUGHPUT = 6.95  # bits a second, a person's touch on a phone (MacKenzie 2015)
FASTEST_TAP = 1 / 7  # seconds between two taps on one spot
STOCK = "stock"

Box = tuple[float, float, float, float]  # centre x, centre y, width, height, in CSS pixels


def boxes(width: int, height: int) -> dict[int | str, Box]:
    """Where the 28 cells and the stock stand on the game page at ``width`` × ``height``, touch."""
    with tempfile.TemporaryDirectory(prefix="tripeaks-bench-") as folder:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "RATE_LIMITS": "0"}
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = str(Path(folder) / "bench.sqlite3")
        prepare_site(env)
        with serving(env) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
            page = context.new_page()
            page.goto(deal(context, server.url))
            found: dict[int | str, Box] = {}
            selectors: list[tuple[int | str, str]] = [(cell, f"#cell-{cell}") for cell in range(engine.PEAK_CARDS)]
            for key, selector in [*selectors, (STOCK, "#draw-button")]:
                box = page.locator(selector).bounding_box()
                assert box is not None, selector  # every cell is drawn, face down or up
                found[key] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box["width"], box["height"])
            browser.close()
    return found


def tap_seconds(start: Box, target: Box) -> float:
    distance = math.dist(start[:2], target[:2])
    return max(FASTEST_TAP, math.log2(distance / min(target[2:]) + 1) / THROUGHPUT)


def line_pace(line: str, where: dict[int | str, Box]) -> float:
    """Moves a second of ``line`` played by the modelled finger, which starts on the stock."""
    targets = [STOCK if symbol == engine.log.DRAW else engine.log.POSITION_OF_SYMBOL[symbol] for symbol in line]
    seconds = sum(tap_seconds(where[a], where[b]) for a, b in zip([STOCK, *targets], targets, strict=False))
    return len(line) / seconds


def winning_lines(count: int) -> list[str]:
    numbers, lines = random.Random(1), list[str]()
    while len(lines) < count:
        game = engine.Game.new(engine.GameCode(numbers.randrange(engine.codes.CODE_SPACE), engine.Rule.EASY))
        solution = engine.solve(game)
        if solution.winnable:
            lines.append(solution.line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--width", type=int, default=360)
    parser.add_argument("--height", type=int, default=640)
    args = parser.parse_args()
    where = boxes(args.width, args.height)
    card = where[engine.PEAK_CARDS - 1]
    print(f"{args.width}×{args.height}, touch: a card {card[2]:.0f}×{card[3]:.0f} px")
    paces = sorted(line_pace(line, where) for line in winning_lines(args.deals))
    quartiles = statistics.quantiles(paces, n=4)
    print(
        f"{len(paces)} winning lines of Easy deals, moves a second at {THROUGHPUT} bits a second: "
        f"slowest {paces[0]:.2f}, median {quartiles[1]:.2f}, fastest {paces[-1]:.2f}"
    )
    floor = site_settings.HUMAN_MOVES_PER_SECOND
    print(f"the floor, HUMAN_MOVES_PER_SECOND = {floor}: {floor / paces[-1]:.2f}× the fastest line's bound")


if __name__ == "__main__":
    main()
