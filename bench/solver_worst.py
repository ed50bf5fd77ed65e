"""The costliest positions for the solver that a player can reach: a search, and the ten slowest kept.

    .venv/bin/python bench/solver_worst.py [--deals 300] [--lines 3] [--rounds 300] [--top 10]
    .venv/bin/python bench/solver_worst.py --kept

A player chooses the positions the solver works on: Teach me (``engine.hint``) on any position, and the
analysis of a game's end (``engine.analyse``: could it be won, where was it lost). The search:

1. Random play: ``--deals`` random deals under each rule, ``--lines`` casual players' lines each
   (engine/casual.py) played to their end; Teach me timed at every position, the analysis at each end.
2. Adversarial play, ``--rounds`` times: one of the costliest positions found so far has one action of
   its line replaced by another legal one (another card, or a draw), and the line is played on casually
   to its end; every position of the new line is timed. A climb towards the positions that cost most.

Prints the distributions, then the ``--top`` costliest positions found: the search keeps four times as
many, times each again five times and ranks them by the median. ``--kept`` times only the ten slowest
that searches have found (``KEPT`` below), five times each: whether a change to the solver made the
worst cases slower.

Times are the CPU time of this process (``time.process_time``), as the solver's process spends them.
Target (docs/solver.md "Hints and analysis"): every one under 50 ms.
"""

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import engine
from engine.codes import CODE_SPACE
from engine.masks import mask_levels

TARGET_MS = 50

# The ten slowest positions of the last search (machine I of docs/benchmarks.md, 300 deals per rule, 400
# adversarial lines): (what was asked, code, log).
KEPT: tuple[tuple[str, str, str], ...] = (
    ("Teach me", "TP1-C-TDBFVDQ", "+pqo++mlgk+jab4+f+r+h++n87++i+d+9+c2e5+6+++++++"),
    ("Teach me", "TP1-C-QNMNAKW", "noji++++mpl9q+rhkacf+++"),
    ("Teach me", "TP1-C-TDBFVDQ", "+pqo++mlgk+jab4+f+r+h++n87++i+d+9+c2e5+6+++++"),
    ("Teach me", "TP1-C-WOVHWVK", "onrmdk+p+qh+lc+e+f++bi5++"),
    ("Teach me", "TP1-C-WOVHWVK", "onrmdk+p+qh+lc+e+f++bi5+"),
    ("Teach me", "TP1-C-TDBFVDQ", "+pqo++mlgk+jab4+f+r+h++n87++i+d+9+c2e5+6++++++"),
    ("Teach me", "TP1-C-TDBFVDQ", "+pqo++mlgk+jab4+f+r+h++n87++i+d+9+c2e5+6+++++++3"),
    ("Teach me", "TP1-C-TDBFVDQ", "+pqo++mlgk+jab4+f+r+h++n87++i+d+9+c2e5+6+++++++3+"),
    ("Teach me", "TP1-E-AKCUTSG", "++++++p++qnmdl+gk+i+cb+"),
    ("Teach me", "TP1-C-WOVHWVK", "onrmdk+p+qh+lc+e+f++bi5+++"),
)

Asked = tuple[str, str, str]  # what was asked ("Teach me" or "analysis"), code, log
ASKS: dict[str, Callable[[engine.Game], object]] = {"Teach me": engine.hint, "analysis": engine.analyse}


def cost(asked: Asked) -> float:
    """Milliseconds of CPU to answer ``asked``."""
    what, code, log = asked
    game = engine.Game.replay(engine.GameCode.parse(code), log)
    start = time.process_time()
    ASKS[what](game)
    return (time.process_time() - start) * 1000


class Search:
    """Every position timed so far, by what was asked, and the costliest ones."""

    def __init__(self, top: int) -> None:
        self.top = top
        self.times: dict[str, list[float]] = {what: [] for what in ASKS}
        self.costliest: dict[Asked, float] = {}

    def time_line(self, code: engine.GameCode, line: str) -> None:
        """Teach me at each position of ``line`` (from the deal), and the analysis at its end."""
        for version in range(len(line) + 1):
            self.add(("Teach me", str(code), line[:version]))
        if engine.Game.replay(code, line).status is not engine.Status.PLAYING:
            self.add(("analysis", str(code), line))

    def add(self, asked: Asked) -> None:
        milliseconds = cost(asked)
        self.times[asked[0]].append(milliseconds)
        if milliseconds > self.costliest.get(asked, 0.0):
            self.costliest[asked] = milliseconds
            if len(self.costliest) > 4 * self.top:  # keep a few more than shown, for the climb
                del self.costliest[min(self.costliest, key=self.costliest.__getitem__)]


def random_play(search: Search, deals: int, lines: int, chooser: random.Random) -> None:
    total = deals * len(engine.Rule)
    for done, rule in enumerate(rule for rule in engine.Rule for _ in range(deals)):
        code = engine.GameCode(chooser.randrange(CODE_SPACE), rule)
        for _ in range(lines):
            search.time_line(code, engine.casual_line(engine.Game.new(code), chooser.randrange(2**32)))
        print(f"\rrandom play: {done + 1}/{total} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def adversarial_play(search: Search, rounds: int, chooser: random.Random) -> None:
    for done in range(rounds):
        _, code_text, log = chooser.choice(sorted(search.costliest, key=search.costliest.__getitem__)[-search.top :])
        code = engine.GameCode.parse(code_text)
        changed = branch(code, log, chooser)
        if changed is not None:
            search.time_line(code, changed)
        print(f"\radversarial play: {done + 1}/{rounds} lines", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def branch(code: engine.GameCode, log: str, chooser: random.Random) -> str | None:
    """``log`` with one action replaced by another legal one, then played on casually to its end; None
    when no action of it had another choice."""
    for at in chooser.sample(range(len(log)), len(log)):
        game = engine.Game.replay(code, log[:at])
        others = [engine.log.tap_symbol(p) for p in game.playable()] + ([engine.log.DRAW] if game.stock_count else [])
        others = [symbol for symbol in others if symbol != log[at]]
        if others:
            game.apply(chooser.choice(others))
            return game.log + engine.casual_line(game, chooser.randrange(2**32))
    return None


def print_distributions(search: Search, label: str) -> None:
    print(f"{label}:")
    for what, times in search.times.items():
        times.sort()
        if times:
            print(
                f"  {what}: {len(times)} positions, median {statistics.median(times):.2f} ms,"
                f" p99 {times[int(len(times) * 0.99)]:.1f} ms, worst {times[-1]:.1f} ms"
            )


def print_timed_again(positions: list[Asked], top: int) -> None:
    """Each position timed five times; the ``top`` costliest by their median, with their worst, against the
    target (a single timing is noisy: the search's costliest are timed again before they are ranked)."""
    timed = []
    for asked in positions:
        times = [cost(asked) for _ in range(5)]
        timed.append((statistics.median(times), max(times), asked))
    timed.sort(reverse=True)
    print(f"the {min(top, len(timed))} costliest of {len(timed)} timed again (ms: median and worst of 5):")
    for median, worst, (what, code, log) in timed[:top]:
        print(f"  {median:6.1f} {worst:6.1f}  {what:8}  {code}  {log or '(the deal)'}")
    print(f"target: every one under {TARGET_MS} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300, help="random deals under each rule")
    parser.add_argument("--lines", type=int, default=3, help="casual lines played on each deal")
    parser.add_argument("--rounds", type=int, default=300, help="adversarial lines")
    parser.add_argument("--top", type=int, default=10, help="costliest positions printed")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--kept", action="store_true", help="time only the kept slowest positions")
    args = parser.parse_args()
    mask_levels()  # built once per process, untimed: its 0.2 s would land on the first table
    if args.kept:
        print_timed_again(list(KEPT), len(KEPT))
        return
    chooser = random.Random(args.seed)
    search = Search(args.top)
    random_play(search, args.deals, args.lines, chooser)
    print_distributions(search, "random play")
    adversarial_play(search, args.rounds, chooser)
    print_distributions(search, "random and adversarial play")
    print_timed_again(list(search.costliest), args.top)


if __name__ == "__main__":
    main()
