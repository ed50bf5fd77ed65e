"""Engine speed: µs per action and per replay of a 200-action and of a maximum-length log.

    .venv/bin/python bench/engine_speed.py [--games N]

The web app replays a game's whole log on every request, so replay time is the
figure that matters; target: a 200-action replay under 0.5 ms on the 2-core machine.
"""

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from engine import MAX_LOG_ACTIONS, Game, GameCode, IllegalMove


def random_log(code: GameCode, length: int, rng: random.Random) -> str:
    """A log of exactly ``length`` actions a lively player might leave: taps, draws, undos."""
    game = Game.new(code)
    while game.version < length:
        playable = game.playable()
        roll = rng.random()
        try:
            if playable and roll < 0.6:
                game.tap(rng.choice(playable))
            elif game.stock_count and roll < 0.8:
                game.draw()
            else:
                game.undo()
        except IllegalMove:
            if game.status == "won":
                game = Game.replay(code, game.log[:-1])  # keep the game open: play on from before the win
            elif game.undoable == 0 and game.stock_count == 0:
                break
    return game.log


def per_call_us(function: Callable[[], object], repeat: int) -> list[float]:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        function()
        timings.append((time.perf_counter_ns() - start) / 1000)
    return timings


def report(label: str, timings: list[float]) -> None:
    timings = sorted(timings)
    p95 = timings[int(len(timings) * 0.95)]
    print(f"{label:<42} median {statistics.median(timings):8.1f} µs   p95 {p95:8.1f} µs   worst {timings[-1]:8.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random deals to measure (default 200)")
    games = parser.parse_args().games
    rng = random.Random(2026)
    codes = [GameCode(rng.randrange(26**7)) for _ in range(games)]

    logs_200 = [(code, random_log(code, 200, rng)) for code in codes]
    logs_200 = [(code, log) for code, log in logs_200 if len(log) == 200]
    longest = [(code, ("+-" * MAX_LOG_ACTIONS)[:MAX_LOG_ACTIONS]) for code in codes]
    python = sys.version.split()[0]
    print(f"{len(logs_200)} deals with a 200-action log; logs keep at most {MAX_LOG_ACTIONS} actions; Python {python}")

    replay_200 = [t for code, log in logs_200 for t in per_call_us(partial(Game.replay, code, log), 5)]
    replay_max = [t for code, log in longest for t in per_call_us(partial(Game.replay, code, log), 3)]
    deal_only = [t for code in codes for t in per_call_us(partial(Game.new, code), 5)]
    report("new game (deal only)", deal_only)
    report("replay of a 200-action log", replay_200)
    report(f"replay of a {MAX_LOG_ACTIONS}-action log (the most a stored log keeps)", replay_max)
    per_action = [(r - statistics.median(deal_only)) / 200 for r in replay_200]
    report("per action (200-action replay less the deal)", per_action)
    target = statistics.median(replay_200) < 500
    print(f"target: 200-action replay under 500 µs: {'met' if target else 'NOT met'}")


if __name__ == "__main__":
    main()
