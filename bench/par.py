"""Par (engine.par) side by side with a plain memoised search (bench/_memo_par.py) on the same deals, one process:
every value must be equal; the time each takes per deal, from the deal, under both rules and both scorings.

    .venv/bin/python bench/par.py [--deals N] [--scoring points|streak] [--alone]

``--alone`` times par by itself (the cost run of docs/benchmarks.md): its quantiles and the deals over a second.

Figures: docs/solver.md, "Par".
"""

import argparse
import random
import statistics
import sys
import time
import tracemalloc

import _memo_par

from engine import Game, GameCode, Rule, Scoring, par
from engine.codes import CODE_SPACE
from engine.masks import mask_levels


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    quantiles = (statistics.median(ordered), percentile(ordered, 0.99), ordered[-1])
    return " ".join(f"{value:9.0f}" for value in quantiles)


def alone(rule: Rule, scoring: Scoring, deals: int) -> None:
    """Prints par's times on ``deals`` deals of ``rule``, with those that took over a second."""
    rng = random.Random(f"par-bench-{rule.value}")
    par_ms: list[float] = []
    slow: list[str] = []
    for done in range(1, deals + 1):
        code = GameCode(rng.randrange(CODE_SPACE), rule)
        start = time.process_time()
        par(Game.new(code), scoring)
        par_ms.append((time.process_time() - start) * 1000)
        if par_ms[-1] > 1000:
            slow.append(f"{code} {par_ms[-1]:.0f} ms")
        print(f"  {rule.name.lower()} {scoring}: {done}/{deals} deals", file=sys.stderr)
    print(f"{rule.name.lower()}, {scoring}: {deals} deals")
    print(f"  {'ms':22} {'median':>9} {'p99':>9} {'worst':>9}")
    print(f"  {'engine.par':22} {figures(par_ms)}")
    print(f"  over a second: {len(slow)}{': ' if slow else ''}{', '.join(slow[:10])}")


def side_by_side(rule: Rule, scoring: Scoring, deals: int) -> int:
    """Prints both searches' times on ``deals`` deals of ``rule``; returns how many values differ."""
    rng = random.Random(f"par-bench-{rule.value}")
    par_ms: list[float] = []
    memo_ms: list[float] = []
    differ = 0
    for done in range(1, deals + 1):
        code = GameCode(rng.randrange(CODE_SPACE), rule)
        start = time.process_time()
        found = par(Game.new(code), scoring).score
        middle = time.process_time()
        plain = _memo_par.par_score(code.cards, rule, scoring)
        memo_ms.append((time.process_time() - middle) * 1000)
        par_ms.append((middle - start) * 1000)
        if found != plain:
            print(f"  differ: {code} {scoring}: engine.par {found}, the plain search {plain}")
            differ += 1
        print(f"  {rule.name.lower()} {scoring}: {done}/{deals} deals", file=sys.stderr)
    print(f"{rule.name.lower()}, {scoring}: {deals} deals, values differ on {differ}")
    print(f"  {'ms':22} {'median':>9} {'p99':>9} {'worst':>9}")
    print(f"  {'engine.par':22} {figures(par_ms)}")
    print(f"  {'plain memoised search':22} {figures(memo_ms)}")
    ratio = statistics.median(memo_ms) / statistics.median(par_ms)
    print(f"  plain / engine.par at the median: {ratio:.2f}×")
    return differ


def peak_mb(rule: Rule, scoring: Scoring) -> float:
    """The memory one par computation holds at its peak, on the rule's first deal."""
    code = GameCode(random.Random(f"par-bench-{rule.value}").randrange(CODE_SPACE), rule)
    tracemalloc.start()
    par(Game.new(code), scoring)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per rule (300)")
    parser.add_argument("--scoring", choices=[*Scoring], help="one scoring only (both by default)")
    parser.add_argument("--alone", action="store_true", help="par alone, without the plain search")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, CPU time per deal from the deal")
    mask_levels()  # built once per process for the first table (0.2 s), as a solver process has it already
    differ = 0
    for rule in Rule:
        for scoring in [Scoring(args.scoring)] if args.scoring else Scoring:
            if args.alone:
                alone(rule, scoring, args.deals)
            else:
                differ += side_by_side(rule, scoring, args.deals)
            print(f"  memory at the peak of one computation: {peak_mb(rule, scoring):.1f} MB")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
