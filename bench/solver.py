"""Solver speed: random deals under each rule, and how long finding a winnable deal takes.

    .venv/bin/python bench/solver.py [--deals 10000] [--requests 200] [--workers 2]

Prints per rule the share winnable, the median, 95th, 99th percentile and worst time per deal, the
batch's time and the peak memory of solving the worst deal; then the time the New game page spends
drawing random codes until the solver accepts one ("only winnable deals").

Times are CPU time of the solving process (``time.process_time``), not wall-clock time: the machine
is shared, and a busy neighbour would otherwise count as solver time.
"""

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

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
    """Build the table of masks (docs/solver.md) untimed: it is built once per process, on the first
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
    """What solving the deal allocates, beyond the mask table that every deal shares."""
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


def bench_rule(rule: Rule, deals: int, workers: int, pool: ProcessPoolExecutor) -> None:
    rng = random.Random(f"solver-bench-{rule.value}")
    numbers = [rng.randrange(CODE_SPACE) for _ in range(deals)]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="random deals per rule (default 10,000)")
    parser.add_argument("--requests", type=int, default=200, help="winnable-deal requests per rule (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2, the machine's cores)")
    args = parser.parse_args()
    print(f"{args.deals} random deals per rule, {args.workers} processes, Python {sys.version.split()[0]}")
    print(f"the mask table shared by all deals, built once per process: {traced_peak_mb(warm_up):.1f} MB at its peak")
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


if __name__ == "__main__":
    main()
