"""Races: identical POSTs sent at once against real daphne processes; how many races applied exactly once.

    .venv/bin/python bench/races.py [--races R] [--at-once K] [--processes N ...]

Each race sends K identical POSTs (the same action at the same version: a tap or draw, then an undo) at
once, spread over N daphne processes serving one database: a fresh SQLite file, or DATABASE_URL's
(PostgreSQL). Afterwards the stored log is read from the database. Target: every race applied exactly
once (one 200, the others 409), none doubled, none lost, no 5xx, no exception in the servers' logs.
"""

import argparse
import os
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

from tests import races


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--at-once", type=int, default=8, help="identical POSTs in each race")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2], help="daphne processes, one run each")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL") or None
    for processes in args.processes:
        with tempfile.TemporaryDirectory() as directory:
            found = races.race(Path(directory), database_url, args.races, args.at_once, processes)
        print("\n".join(found.report()))
    print("target: every race applied exactly once; 0 doubled, 0 lost, 0 5xx, 0 exceptions")


if __name__ == "__main__":
    main()
