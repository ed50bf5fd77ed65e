"""Levels: how hard winnable deals are for a casual player, how long dealing a level takes, and how
often the casual player clears what each level deals.

    .venv/bin/python bench/levels.py [--deals 10000] [--games 1000] [--days 30] [--workers 2] [--svg PATH]
                                     [--exact] [--quick]

1. Difficulty: random deals under each rule until ``--deals`` of them are winnable (the exact solver:
   a casual win proves it, else the quick stages, else the table); for each, its casual share (wins in
   50 casual games, seeds 0–49). Prints the distribution as a text histogram, the share of winnable
   deals in each level's band and of random deals that ``deal_level`` accepts, and writes the
   histogram as an SVG picture (docs/levels-histogram.svg unless ``--svg`` says otherwise).
2. Dealing: ``--games`` deals per mode with ``deal_level``: the CPU time of each (median, p95, p99,
   worst), and the casual player's win rate on them, one game each on a seed the grading never uses.
   With ``--exact``, ``deal_level(..., exact=True)``: the table settles what the quick stages do not.
3. The daily deal: the CPU time of ``daily_code`` for ``--days`` days.
4. The casual player's own cost: ``casual_share`` (50 games) per deal, and per game.
5. Streak scoring: the time of ``streak_score`` on logs of 200 and 1,000 actions, against their replay.

Times are CPU time of the dealing process (``time.process_time``), as in bench/solver.py.
``--quick`` runs a tiny sample and writes no picture (unless ``--svg`` is given): tests/test_bench.py.
"""

import argparse
import datetime
import math
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from engine_speed import random_log  # bench/engine_speed.py: a log such as a lively player leaves

from engine import (
    CASUAL_GAMES,
    Game,
    GameCode,
    Level,
    Rule,
    casual_line,
    casual_share,
    daily_code,
    deal_level,
    streak_score,
)
from engine.casual import casual_wins
from engine.codes import CODE_SPACE
from engine.deal import deal_cards
from engine.layout import FIRST_WASTE
from engine.masks import mask_levels
from engine.solver import solve_position, winnable_quickly

SVG_PATH = Path(__file__).resolve().parents[1] / "docs" / "levels-histogram.svg"
CHUNK = 250  # random deals per task
FRESH_SEEDS = 1000  # the win-rate games' seeds start here, far from the grading's 0–49
PICK_TARGET_MS = 50  # above this at p99, the web side deals from precomputed pools


# -- difficulty ---------------------------------------------------------------------------------


def grade(rule: Rule, numbers: list[int]) -> list[tuple[int, bool, bool]]:
    """For each deal: (casual wins, winnable, whether ``deal_level`` can prove it winnable: a casual
    win or the quick stages)."""
    mask_levels()
    graded = []
    for number in numbers:
        cards = deal_cards(number)
        wins = casual_wins(cards, rule)
        if wins:
            graded.append((wins, True, True))
            continue
        waste = cards[FIRST_WASTE] % 13
        quick = winnable_quickly(cards, rule, 0, 0, waste)
        winnable = quick if quick is not None else solve_position(cards, rule, 0, 0, waste).winnable
        graded.append((wins, winnable, quick is True))
    return graded


def grade_rule(rule: Rule, deals: int, workers: int, pool: ProcessPoolExecutor) -> list[tuple[int, bool, bool]]:
    """Random deals under ``rule``, in order, until ``deals`` of them are winnable; all of them graded."""
    rng = random.Random(f"levels-bench-{rule.value}")
    graded: list[tuple[int, bool, bool]] = []
    winnable = 0
    chunk = min(CHUNK, deals // (workers * 2) + 1)  # a wave of 4 chunks per worker: about 2 × deals for small runs
    while winnable < deals:
        wave = [[rng.randrange(CODE_SPACE) for _ in range(chunk)] for _ in range(workers * 4)]
        for part in [pool.submit(grade, rule, numbers) for numbers in wave]:
            for row in part.result():
                if winnable < deals:
                    graded.append(row)
                    winnable += row[1]
        print(f"  {rule.name.lower()}: {winnable}/{deals} winnable deals graded", file=sys.stderr)
    return graded


def band_share(counts: Counter[int], level: Level) -> float:
    """The share of the graded deals (``counts``: how many had each number of wins) in ``level``'s band."""
    total = sum(counts.values())
    return sum(n for wins, n in counts.items() if level.accepts(wins / CASUAL_GAMES)) / total


# Rows of the text histogram: (label, fewest wins, most wins).
ROWS = [
    ("0.00", 0, 0),
    *((f"{lo / CASUAL_GAMES:.2f}–{min(lo + 4, 49) / CASUAL_GAMES:.2f}", lo, min(lo + 4, 49)) for lo in range(1, 50, 5)),
    ("1.00", 50, 50),
]


def print_histogram(counts: dict[Rule, Counter[int]]) -> None:
    share = {
        rule: [sum(c[w] for w in range(lo, hi + 1)) / sum(c.values()) for _, lo, hi in ROWS]
        for rule, c in counts.items()
    }
    top = max(max(values) for values in share.values())
    print(f"{'casual share':12} " + " ".join(f"{rule.name.lower() + ' rule':>8} {'':30}" for rule in counts))
    for index, (label, _, _) in enumerate(ROWS):
        cells = []
        for rule in counts:
            value = share[rule][index]
            cells.append(f"{value:8.1%} {'#' * round(30 * value / top):30}")
        print(f"{label:12} " + " ".join(cells))


def write_svg(path: Path, counts: dict[Rule, Counter[int]]) -> None:
    """One panel per rule: the share of winnable deals at each casual share, the level bands shaded."""
    width, panel, left, right, top_margin, gap = 760, 200, 64, 20, 64, 84
    bar = (width - left - right) / (CASUAL_GAMES + 1)
    height = top_margin + len(counts) * (panel + gap) - 20
    peak = max(c[w] / sum(c.values()) for c in counts.values() for w in range(CASUAL_GAMES + 1))
    step = 0.1 if peak > 0.2 else 0.05
    scale = step * math.ceil(peak / step)  # the y axis, up to the next gridline
    colours = {Level.EASY: "#2e7d32", Level.MEDIUM: "#b26a00", Level.HARD: "#c62828", Level.DAILY: "#1565c0"}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
        ' font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">How often a casual player clears a winnable'
        f" deal: wins in {CASUAL_GAMES} games</text>",
        f'<text x="{width / 2}" y="40" text-anchor="middle" fill="#555">bars: share of the winnable deals at each'
        " casual share; shaded: the levels' bands (share of the deals in the band)</text>",
    ]

    def x_of(wins: float) -> float:
        return left + wins * bar

    for index, (rule, c) in enumerate(counts.items()):
        total = sum(c.values())
        y0 = top_margin + 20 + index * (panel + gap)
        base = y0 + panel
        out.append(
            f'<text x="{left}" y="{y0 - 8}" font-size="13">{rule.name.title()} rule: {total:,} winnable deals</text>'
        )
        for level in Level:
            if level.rule is not rule:
                continue
            low, high = level.band
            x1, x2 = x_of(low * CASUAL_GAMES), x_of(high * CASUAL_GAMES + 1)
            colour = colours[level]
            label = f"{level.name.title()}: {low:.2f}–{high:.2f} ({band_share(c, level):.0%})"
            if level is Level.DAILY:  # overlaps Medium: a bracket along the top instead of a shade
                out.append(
                    f'<line x1="{x1}" y1="{y0 + 24}" x2="{x2}" y2="{y0 + 24}" stroke="{colour}" stroke-width="2"/>'
                )
                out.append(f'<text x="{x1 + 4}" y="{y0 + 38}" fill="{colour}">{label}</text>')
                continue
            out.append(f'<rect x="{x1}" y="{y0}" width="{x2 - x1}" height="{panel}" fill="{colour}" opacity="0.12"/>')
            out.append(f'<text x="{x1 + 4}" y="{y0 + 14}" fill="{colour}">{label}</text>')
        for gridline in range(round(scale / step) + 1):
            value = gridline * step
            y = round(base - panel * value / scale, 1)
            out.append(f'<line x1="{left}" y1="{y}" x2="{width - right}" y2="{y}" stroke="#ccc" stroke-width="0.5"/>')
            out.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{value:.0%}</text>')
        for wins in range(CASUAL_GAMES + 1):
            h = panel * c[wins] / total / scale
            out.append(
                f'<rect x="{x_of(wins) + 1:.1f}" y="{base - h:.1f}" width="{bar - 2:.1f}" height="{h:.1f}"'
                ' fill="#455a64"/>'
            )
        for tick in range(11):
            x = x_of(tick * CASUAL_GAMES / 10 + 0.5)
            out.append(f'<text x="{x:.1f}" y="{base + 16}" text-anchor="middle">{tick / 10:.1f}</text>')
        axis = "casual share (wins / games)"
        out.append(f'<text x="{width - right}" y="{base + 34}" text-anchor="end" fill="#555">{axis}</text>')
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n")


def difficulty(deals: int, workers: int, pool: ProcessPoolExecutor, svg: Path | None) -> None:
    print(f"\ndifficulty: {deals} winnable random deals per rule, each graded by {CASUAL_GAMES} casual games")
    graded = {rule: grade_rule(rule, deals, workers, pool) for rule in Rule}
    counts = {rule: Counter(wins for wins, winnable, _ in rows if winnable) for rule, rows in graded.items()}
    for rule, rows in graded.items():
        shares = [wins / CASUAL_GAMES for wins, winnable, _ in rows if winnable]
        print(
            f"{rule.name.lower()} rule: {len(shares)} winnable of {len(rows)} random deals; casual share:"
            f" mean {statistics.mean(shares):.3f}, median {statistics.median(shares):.2f},"
            f" 0 on {shares.count(0.0) / len(shares):.1%}, 1 on {shares.count(1.0) / len(shares):.1%}"
        )
    print_histogram(counts)
    print("bands: the share of winnable deals under the level's rule in the band; of random deals, those dealt")
    for level in Level:
        rows = graded[level.rule]
        in_band = [row for row in rows if row[1] and level.accepts(row[0] / CASUAL_GAMES)]
        dealt = sum(1 for row in in_band if row[2])
        low, high = level.band
        passed_over = 1 - dealt / len(in_band) if in_band else 0.0
        print(
            f"{level.value:7} {level.rule.name.lower():8} share {low:.2f}–{high:.2f}:"
            f" {band_share(counts[level.rule], level):6.1%} of winnable deals; dealt {dealt / len(rows):6.1%} of random"
            f" deals (passed over, as the quick stages do not settle them: {passed_over:.1%} of the band)"
        )
    if svg is not None:
        write_svg(svg, counts)
        print(f"histogram written to {svg}")


# -- dealing --------------------------------------------------------------------------------------


def deal_games(level: Level, count: int, part: int, exact: bool) -> list[tuple[float, bool]]:
    """(milliseconds to deal, whether a casual game on a fresh seed clears it) for ``count`` deals."""
    mask_levels()
    rng = random.Random(f"levels-bench-deal-{level.value}-{part}")
    results = []
    for index in range(count):
        start = time.process_time()
        code = deal_level(level, rng, exact=exact)
        elapsed = (time.process_time() - start) * 1000
        game = Game.new(code)
        game.play_log(casual_line(game, FRESH_SEEDS + part * count + index))
        results.append((elapsed, game.status == "won"))
    return results


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def dealing(games: int, workers: int, pool: ProcessPoolExecutor, exact: bool) -> None:
    how = "deal_level(exact=True)" if exact else "deal_level"
    print(f"\ndealing: {games} games per mode with {how} (CPU ms), and a casual game on each (a fresh seed)")
    print(f"{'mode':7} {'rule':8} {'median':>7} {'p95':>7} {'p99':>7} {'worst':>7}   casual win rate")
    p99s = []
    for level in Level:
        sizes = [games // workers + (i < games % workers) for i in range(workers)]
        parts: list[Future[list[tuple[float, bool]]]] = [
            pool.submit(deal_games, level, size, part, exact) for part, size in enumerate(sizes)
        ]
        rows = [row for part in parts for row in part.result()]
        times = sorted(ms for ms, _ in rows)
        won = sum(1 for _, w in rows if w)
        p99s.append(percentile(times, 0.99))
        print(
            f"{level.value:7} {level.rule.name.lower():8} {statistics.median(times):7.2f}"
            f" {percentile(times, 0.95):7.2f} {p99s[-1]:7.2f} {times[-1]:7.2f}"
            f"   {won / len(rows):6.1%} ({won}/{len(rows)})"
        )
    verdict = "New game can deal on the click" if max(p99s) < PICK_TARGET_MS else "keep pools of dealt codes"
    print(f"slowest p99 {max(p99s):.1f} ms against {PICK_TARGET_MS} ms: {verdict}")


def daily_times(days: list[datetime.date]) -> list[float]:
    mask_levels()
    times = []
    for day in days:
        start = time.process_time()
        daily_code(day, "bench secret")
        times.append((time.process_time() - start) * 1000)
    return times


def daily(days: int, workers: int, pool: ProcessPoolExecutor) -> None:
    first = datetime.date(2025, 1, 1)
    all_days = [first + datetime.timedelta(days=i) for i in range(days)]
    times = sorted(t for part in pool.map(daily_times, [all_days[i::workers] for i in range(workers)]) for t in part)
    print(
        f"\ndaily_code: {days} days, CPU ms: median {statistics.median(times):.2f}, p95 {percentile(times, 0.95):.2f},"
        f" worst {times[-1]:.2f}"
    )


def casual_cost(deals: int) -> None:
    rng = random.Random("levels-bench-casual")
    print(f"\ncasual_share ({CASUAL_GAMES} games) on {deals} random deals, CPU ms per deal (median, p99)")
    for rule in Rule:
        codes = [GameCode(rng.randrange(CODE_SPACE), rule) for _ in range(deals)]
        times = []
        for code in codes:
            start = time.process_time()
            casual_share(code)
            times.append((time.process_time() - start) * 1000)
        times.sort()
        median = statistics.median(times)
        print(
            f"{rule.name.lower():8} {median:6.2f} {percentile(times, 0.99):6.2f}"
            f"   {median * 1000 / CASUAL_GAMES:5.1f} µs per game"
        )


def scoring(games: int) -> None:
    rng = random.Random("levels-bench-scoring")
    print(f"\nstreak_score on {games} random logs, µs (median): the score, and the replay it follows")
    for length in (200, 1000):
        scores, replays = [], []
        for _ in range(games):
            code = GameCode(rng.randrange(CODE_SPACE), Rule.EASY)
            log = random_log(code, length, rng)
            start = time.perf_counter()
            game = Game.replay(code, log)
            replayed = time.perf_counter()
            streak_score(game, Level.EASY, 100)
            scores.append((time.perf_counter() - replayed) * 1e6)
            replays.append((replayed - start) * 1e6)
        print(
            f"{length:5}-action log: streak_score {statistics.median(scores):6.1f}"
            f"   replay {statistics.median(replays):6.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="winnable deals graded per rule (default 10,000)")
    parser.add_argument("--games", type=int, default=1_000, help="games dealt per mode (default 1,000)")
    parser.add_argument("--days", type=int, default=30, help="daily deals timed (default 30)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2, the machine's cores)")
    parser.add_argument("--svg", type=Path, help=f"where to write the histogram (default {SVG_PATH}, none in --quick)")
    parser.add_argument("--exact", action="store_true", help="deal with exact=True (the table when needed)")
    parser.add_argument("--quick", action="store_true", help="a tiny sample: 60 deals, 20 games, 4 days")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.games, args.days = 60, 20, 4
    svg = args.svg if args.svg or args.quick else SVG_PATH
    print(f"levels: {args.workers} processes, Python {sys.version.split()[0]}")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        difficulty(args.deals, args.workers, pool, svg)
        dealing(args.games, args.workers, pool, args.exact)
        daily(args.days, args.workers, pool)
    casual_cost(args.games)
    scoring(min(args.games, 200))


if __name__ == "__main__":
    main()
