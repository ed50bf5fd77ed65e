"""Solver speed: random deals under each rule, and how long finding a winnable deal takes.

    .venv/bin/python bench/solver.py [--deals 10000] [--requests 200] [--workers 2]
    .venv/bin/python bench/solver.py --side-by-side [--deals 300]

Prints per rule the share winnable, the median, 95th, 99th percentile and worst time per deal, the
batch's time and the peak memory of solving the worst deal; then the time the New game page spends
drawing random codes until the solver accepts one ("only winnable deals").

With ``--side-by-side`` it races engine.solve against a plain memoised depth-first search
(bench/_memo_dfs.py) instead, in one process, the two taking turns deal by deal (so that the machine's
drift falls on both) on the same deals: every verdict must agree (it exits 1 if one does not), and it
prints each one's median, p95, p99 and worst, and their ratios.

Times are CPU time of the solving process (``time.process_time``), not wall-clock time: the machine
is shared, and a busy neighbour would otherwise count as solver time.
"""

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

import _memo_dfs

from engine import Game, GameCode, Rule, solve, winnable_code
from engine.codes import CODE_SPACE
from engine.masks import mask_levels


def time_deals(rule: Rule, numbers: list[int]) -> list[tuple[float, bool, int]]:
    """(milliseconds, winnable, deal number) for each deal."""
    warm_up()
    timings = []
    for number in numbers:
        game = Game.new(GameCode(number, rule))
        start = time.process_time()
        winnable = solve(game).winnable
        timings.append(((time.process_time() - start) * 1000, winnable, number))
    return timings


def warm_up() -> None:
    """Build the levels of masks (docs/solver.md) untimed: they are built once per process, for the first
    table, and its 0.2 s would otherwise land on whichever deal comes first."""
    mask_levels()


def time_requests(rule: Rule, count: int) -> list[float]:
    """Milliseconds to find a winnable deal, as the New game page does."""
    warm_up()
    results = []
    for _ in range(count):
        start = time.process_time()
        winnable_code(rule)
        results.append((time.process_time() - start) * 1000)
    return results


def peak_memory_mb(rule: Rule, number: int) -> float:
    """What solving the deal allocates, beyond the levels of masks that every deal shares."""
    warm_up()
    return traced_peak_mb(lambda: solve(Game.new(GameCode(number, rule))))


def traced_peak_mb(work: Callable[[], object]) -> float:
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def chunks(items: list[int], count: int) -> list[list[int]]:
    return [items[i::count] for i in range(count)]


def deal_numbers(rule: Rule, deals: int) -> list[int]:
    rng = random.Random(f"solver-bench-{rule.value}")
    return [rng.randrange(CODE_SPACE) for _ in range(deals)]


def bench_rule(rule: Rule, deals: int, workers: int, pool: ProcessPoolExecutor) -> None:
    numbers = deal_numbers(rule, deals)
    start = time.perf_counter()
    parts = [pool.submit(time_deals, rule, chunk) for chunk in chunks(numbers, workers * 20)]
    timings: list[tuple[float, bool, int]] = []
    for done, part in enumerate(parts, start=1):
        timings.extend(part.result())
        if done % max(1, len(parts) // 10) == 0 or done == len(parts):
            print(f"  {rule.name.lower()}: {len(timings)}/{deals} deals solved", file=sys.stderr)
    batch = time.perf_counter() - start
    times = sorted(t for t, _, _ in timings)
    worst_time, _, worst_number = max(timings)
    winnable = sum(1 for _, won, _ in timings if won)
    print(
        f"{rule.name.lower():8} {winnable / deals:7.1%} {statistics.median(times):9.2f} {percentile(times, 0.95):9.1f}"
        f" {percentile(times, 0.99):9.1f} {worst_time:9.1f} {batch:9.1f} {peak_memory_mb(rule, worst_number):9.1f}"
        f"   worst: {GameCode(worst_number, rule)}"
    )


def side_by_side(rule: Rule, deals: int) -> int:
    """Prints the race on ``rule``'s deals; returns the number of verdicts that disagree."""
    warm_up()
    engine_ms: list[float] = []
    memo_ms: list[float] = []
    disagree = 0
    for number in progress(rule, deal_numbers(rule, deals)):
        game = Game.new(GameCode(number, rule))
        start = time.process_time()
        won = solve(game).winnable
        middle = time.process_time()
        memo_won = _memo_dfs.winnable(game.cards, rule)
        memo_ms.append((time.process_time() - middle) * 1000)
        engine_ms.append((middle - start) * 1000)
        if won != memo_won:
            print(f"  disagree: {GameCode(number, rule)} engine.solve says {'' if won else 'not '}winnable")
            disagree += 1
    print(f"{rule.name.lower()}: {deals} deals, verdicts disagree on {disagree}")
    ours, theirs = figures(engine_ms), figures(memo_ms)
    print(f"  {'ms':22} {'median':>9} {'p95':>9} {'p99':>9} {'worst':>9}")
    print(f"  {'engine.solve':22} {' '.join(f'{value:9.2f}' for value in ours)}")
    print(f"  {'memoised DFS':22} {' '.join(f'{value:9.2f}' for value in theirs)}")
    print(f"  {'memoised DFS / engine':22} {' '.join(f'{t / o:8.1f}×' for t, o in zip(theirs, ours, strict=True))}")
    return disagree


def progress(rule: Rule, numbers: list[int]) -> Iterator[int]:
    for done, number in enumerate(numbers, start=1):
        yield number
        if done % max(1, len(numbers) // 10) == 0:
            print(f"  {rule.name.lower()}: {done}/{len(numbers)} deals solved by both", file=sys.stderr)


def figures(values: list[float]) -> tuple[float, float, float, float]:
    """Median, p95, p99 and worst."""
    ordered = sorted(values)
    return statistics.median(ordered), percentile(ordered, 0.95), percentile(ordered, 0.99), ordered[-1]


def speed(args: argparse.Namespace) -> None:
    print(f"{args.deals} random deals per rule, {args.workers} processes, Python {sys.version.split()[0]}")
    print(f"the levels of masks all deals share, built once per process: {traced_peak_mb(warm_up):.1f} MB at its peak")
    print(f"{'rule':8} {'winnable':>7} {'median':>9} {'p95':>9} {'p99':>9} {'worst':>9} {'batch s':>9} {'peak MB':>9}")
    print(f"{'':8} {'':>7} {'ms':>9} {'ms':>9} {'ms':>9} {'ms':>9}")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rule in Rule:
            bench_rule(rule, args.deals, args.workers, pool)
        print(f"\nonly winnable deals: time to find one ({args.requests} requests per rule)")
        for rule in Rule:
            halves = [args.requests // 2, args.requests - args.requests // 2]
            times = sorted(t for part in pool.map(time_requests, [rule] * 2, halves) for t in part)
            median, p99 = statistics.median(times), percentile(times, 0.99)
            print(f"{rule.name.lower():8} median {median:7.2f} ms   p99 {p99:7.2f} ms")
    targets = "targets, both rules: median < 0.5 ms, p99 < 50 ms, worst < 300 ms, < 100 MB for the worst deal"
    print(targets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, help="random deals per rule (default 10,000; 300 side by side)")
    parser.add_argument("--requests", type=int, default=200, help="winnable-deal requests per rule (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2, the machine's cores)")
    parser.add_argument("--side-by-side", action="store_true", help="race a plain memoised depth-first search")
    args = parser.parse_args()
    if not args.side_by_side:
        args.deals = args.deals or 10_000
        speed(args)
        return
    deals = args.deals or 300
    print(f"engine.solve against a plain memoised depth-first search, {deals} random deals per rule, in turns")
    sys.exit(1 if sum(side_by_side(rule, deals) for rule in Rule) else 0)


if __name__ == "__main__":
    main()
