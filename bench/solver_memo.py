"""How often the solver's memory of answers (games/solver/pool.py) finds an answer in play.

    .venv/bin/python bench/solver_memo.py [--players 300] [--games 10]

The web app's own solver functions, on this process's thread (``SOLVER_PROCESSES=0``), asked as the pages
ask them when players play (a model of play, seeded):

- a third of the games are the day's deal, which everyone plays; the others are random Easy deals;
- a casual player's line (engine/casual.py), with Teach me on a tenth of its positions;
- at the end the end card asks for the verdict (the analysis of a lost game is Teach me's answer on its last
  position);
- half the lost games go on: Teach me on the blocked end (its overlay's button), as many undos as it says,
  then Teach me at each position until the game ends again, whose end card asks again.

Prints the answers asked, the share found in memory, and the share of the solver's CPU they saved (each
found answer weighed by what it cost when it was computed).
"""

import argparse
import os
import random
import sys

import _common  # noqa: F401 (the repository root on sys.path)
import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tripeaks_site.settings")
os.environ["SOLVER_PROCESSES"] = "0"
django.setup()

import engine  # noqa: E402
from games.solver import pool as solver_pool  # noqa: E402

DAILY = engine.GameCode(20261201, engine.Rule.EASY)


class Asker:
    """The solver's answers as the pages ask them, with what each answer cost when computed."""

    def __init__(self) -> None:
        self.cost: dict[tuple[str, str], float] = {}
        self.asked = 0
        self.saved = 0.0

    def hint(self, game: engine.Game) -> engine.Hint:
        found = solver_pool.hints.found
        answer, cost = solver_pool.hint(game)
        self.count(game, cost, solver_pool.hints.found > found)
        return answer

    def verdict(self, game: engine.Game) -> None:
        found = solver_pool.hints.found
        _, cost = solver_pool.analyse(game)
        if game.status is engine.Status.BLOCKED:  # a won game's asks no solver
            self.count(game, cost, solver_pool.hints.found > found)

    def count(self, game: engine.Game, cost: float, found: bool) -> None:
        key = (str(game.code), game.standing)
        self.asked += 1
        if found:
            self.saved += self.cost[key]
        else:
            self.cost[key] = cost


def play(asker: Asker, code: engine.GameCode, dice: random.Random) -> None:
    game = engine.Game.new(code)
    for symbol in engine.casual_line(game, dice.randrange(2**32)):
        if dice.random() < 0.1:
            asker.hint(game)
        replay_symbol(game, symbol)
    asker.verdict(game)
    if game.status is engine.Status.BLOCKED and dice.random() < 0.5:
        undos = asker.hint(game).undos
        for _ in range(undos or 0):
            game.undo()
        play_as_taught(asker, game)
        asker.verdict(game)


def play_as_taught(asker: Asker, game: engine.Game) -> None:
    """Teach me's action at every position, to the game's end."""
    while game.status is engine.Status.PLAYING:
        teaching = asker.hint(game)
        if teaching.position is not None:
            game.tap(teaching.position)
        elif game.stock_count:
            game.draw()
        else:
            break


def replay_symbol(game: engine.Game, symbol: str) -> None:
    if symbol == engine.log.DRAW:
        game.draw()
    else:
        game.tap(engine.log.POSITION_OF_SYMBOL[symbol])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=10, help="games each player plays")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    dice = random.Random(args.seed)
    asker = Asker()
    total = args.players * args.games
    for done in range(total):
        daily = dice.random() < 1 / 3
        code = DAILY if daily else engine.GameCode(dice.randrange(engine.codes.CODE_SPACE), engine.Rule.EASY)
        play(asker, code, dice)
        print(f"\r{done + 1}/{total} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    memo = solver_pool.hints
    spent = sum(asker.cost.values())
    print(f"{total} games, {asker.asked} answers asked of the solver; memory of {solver_pool.ANSWERS_KEPT} answers")
    print(
        f"found in memory: {memo.found} of {memo.found + memo.missed} ({memo.found / (memo.found + memo.missed):.1%})"
    )
    print(f"solver CPU: {spent:.1f} s spent, {asker.saved:.1f} s saved ({asker.saved / (spent + asker.saved):.1%})")


if __name__ == "__main__":
    main()
