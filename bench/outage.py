"""Database outages, from outside a real daphne process: how long a tap waits, and for what answer.

    .venv/bin/python bench/outage.py [--taps N] [--hold S] [--timeout S]

Locked: another connection holds what a move needs for up to S seconds (the audit held 25 s): SQLite's
write lock on a fresh file, or with DATABASE_URL (PostgreSQL) the game's row; N taps (draws at version 0)
go out at once, more than the server's 16 request threads, and GET /health/ with them. Unreachable: a
DATABASE_URL whose server accepts connections and never answers. Down: one where nothing listens.
Target: every answer a 503 with Retry-After within a few seconds, and nothing applied twice or lost.
"""

import argparse
import os
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

from tests import outages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=24)
    parser.add_argument("--hold", type=float, default=25.0)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a request may wait for its answer")
    parser.add_argument("--reads", type=int, default=8, help="page reads while the database is unreachable")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL") or None
    with tempfile.TemporaryDirectory() as directory:
        found = outages.locked(Path(directory), database_url, args.taps, args.hold, args.timeout)
        print(f"locked database ({found.engine}, lock held up to {args.hold:g} s), {args.taps} taps at once:")
        print(f"  taps: {found.taps.summary()}")
        print(f"  GET /health/ meanwhile: {found.health.summary()}")
        print(f"  after the lock: the game shows {found.version_after} action(s) (1 expected: none lost, none doubled)")
    for listening, name in ((True, "unreachable (accepts, never answers)"), (False, "down (nothing listens)")):
        with tempfile.TemporaryDirectory() as directory:
            answers = outages.unreachable(Path(directory), args.reads, args.timeout, listening=listening)
            print(f"PostgreSQL {name}, {args.reads} page reads at once: {answers.summary()}")
    print("target: 503 with Retry-After for each, within a few seconds")


if __name__ == "__main__":
    main()
