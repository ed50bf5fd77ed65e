"""Crashes under load: players play while the daphne process is killed (SIGKILL) and restarted; none of
the acknowledged moves may be lost, and every game must replay.

    .venv/bin/python bench/crash.py [--players P] [--kills N] [--interval S]

P players (tests/http_players.py) play on one daphne process over a fresh SQLite file, or DATABASE_URL's
database (PostgreSQL). Every S seconds the process is killed with SIGKILL and started again on the same
port, N times; the players play through it (a request cut by the kill is an error, and the player reads
its game page again). Afterwards each move answered 200 is looked for in the stored log where it was
played, and every game is replayed by the engine. Target: 0 acknowledged moves lost, every game replays.
"""

import argparse
import os
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

from tests import crash


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--interval", type=float, default=5.0, help="seconds of play before each kill, and after")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        found = crash.crash(
            Path(directory), os.environ.get("DATABASE_URL") or None, args.players, args.kills, args.interval
        )
    print("\n".join(found.report()))
    print("target: 0 acknowledged moves lost, every game replays")


if __name__ == "__main__":
    main()
