"""The costliest positions for the solver that a player can reach: a search.

    .venv/bin/python bench/solver_worst.py [--deals 300] [--lines 3] [--top 8]

A player chooses the positions the solver works on: Teach me on any position, and the analysis of a lost
game's end ("where was it lost", which Teach me's answer on its last position gives: games/solver/pool.py).
For ``--deals`` random deals under each rule, ``--lines`` casual players' lines each (engine/casual.py), played
to their end: the CPU time of Teach me at every position of each line, the end's included. Prints the
distribution and the ``--top`` costliest positions, as code and log, for bench/solver_attack.py to aim at.
The time is the CPU of this process (``time.process_time``), as the solver's process would spend it.
"""

import argparse
import heapq
import random
import statistics
import sys
import time

import _common  # noqa: F401 (the repository root on sys.path)

import engine
from engine.codes import CODE_SPACE

Found = tuple[float, str, str, bool]  # milliseconds, code, log, whether the game had ended there


def costs(code: engine.GameCode, line: str) -> list[Found]:
    """Teach me's CPU time at each position of ``line``, from the deal to its end."""
    found: list[Found] = []
    for version in range(len(line) + 1):
        position = engine.Game.replay(code, line[:version])
        start = time.process_time()
        engine.hint(position)
        ended = position.status is not engine.Status.PLAYING
        found.append(((time.process_time() - start) * 1000, str(code), position.log, ended))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300, help="random deals under each rule")
    parser.add_argument("--lines", type=int, default=3, help="casual lines played on each deal")
    parser.add_argument("--top", type=int, default=8, help="costliest positions printed")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    chooser = random.Random(args.seed)
    engine.hint(engine.Game.new(engine.GameCode.parse("TP1-E-TRIPEAK")))  # the solver's tables, built untimed
    every: list[float] = []
    ends: list[float] = []
    top: list[Found] = []
    total = args.deals * len(engine.Rule)
    for done, rule in enumerate(rule for rule in engine.Rule for _ in range(args.deals)):
        code = engine.GameCode(chooser.randrange(CODE_SPACE), rule)
        for _ in range(args.lines):
            line = engine.casual_line(engine.Game.new(code), chooser.randrange(2**32))
            for found in costs(code, line):
                every.append(found[0])
                if found[3]:
                    ends.append(found[0])
                heapq.heappush(top, found)
                if len(top) > args.top:
                    heapq.heappop(top)
        print(f"\r{done + 1}/{total} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    for label, times in (("Teach me, every position", every), ("a game's end (its analysis)", ends)):
        times.sort()
        p99 = times[int(len(times) * 0.99)]
        print(
            f"{label}: {len(times)} positions, median {statistics.median(times):.2f} ms,"
            f" p99 {p99:.1f} ms, worst {times[-1]:.1f} ms"
        )
    print("costliest positions (ms, code, log, ended):")
    for milliseconds, code, log, ended in sorted(top, reverse=True):
        print(f"  {milliseconds:7.1f}  {code}  {log or '(the deal)'}  {'ended' if ended else 'in play'}")


if __name__ == "__main__":
    main()
