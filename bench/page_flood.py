"""One address reading pages as fast as the default limits let it, against a real daphne process: what it costs the
server, and what it costs another player's moves.

    .venv/bin/python bench/page_flood.py [--alone 60] [--seconds 600] [--readers 4] [--shared]

The attacker (127.0.0.2) runs ``--readers`` readers at once, each with a session of its own and a game of its own
played some way (the costliest pages a visitor may ask for are its own game's): the game page, a step of its
replay, its live regions, the Daily's leaderboard, the player's history, the home page, How to play and a
challenge's form, in turn, each without waiting for anything but its answer. Every page read counts against
its reader's ``LIMIT_PAGES_PER_PLAYER`` and its address's ``LIMIT_PAGES_PER_IP``; once refused, a reader rests for
the 429's Retry-After (it stays within the limits: past them it would only be refused, and behind nginx, by nginx,
before any process: deploy/nginx/).

The victim (127.0.0.3), the CPU read from /proc and the targets are those of bench/solver_attack.py: the attack
adds at most 10% of one core, the victim's move p95 stays within 1.5× its p95 alone, and none of its moves or page
reloads is refused (docs/reliability.md). With ``--shared`` the readers are behind the victim's own address (one
reader, ``--readers 1``, is one player reading on and on beside it, as at a school or on a mobile carrier).
"""

import functools
import itertools

import _common  # noqa: F401 (the repository root on sys.path)
from solver_attack import Attacker, act, arguments, measure

import engine
from tests.abuse import start_game

CODE = "TP1-E-TRIPEAK"
LINE_LENGTH = 20  # actions played on each reader's game, so that its replay has steps to show


def pages_of(game: str) -> list[str]:
    return [
        f"/g/{game}/",
        *(f"/g/{game}/replay/?step={step}" for step in (0, LINE_LENGTH // 2, LINE_LENGTH)),
        f"/g/{game}/live/",
        "/daily/",
        "/history/",
        "/",
        "/how-to-play/",
        "/c/new/",
    ]


def reader(attacker: Attacker) -> None:
    game = start_game(attacker.client, CODE)
    line = engine.casual_line(engine.Game.new(engine.GameCode.parse(CODE)), 1)[:LINE_LENGTH]
    for version, symbol in enumerate(line):
        position = None if symbol == engine.log.DRAW else engine.log.POSITION_OF_SYMBOL[symbol]
        act(attacker.client, game, "draw" if position is None else "tap", version, position)
    for page in itertools.cycle(pages_of(game)):
        if not attacker.going:
            return
        attacker.send("page", functools.partial(attacker.client.get, page))


def main() -> None:
    args = arguments(__doc__, readers=4)
    measure([reader] * args.readers, args)


if __name__ == "__main__":
    main()
