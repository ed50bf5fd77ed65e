"""Fuzz: random, malformed and hostile HTTP requests against a real daphne process; no 5xx, no traceback.

    .venv/bin/python bench/fuzz.py [--requests N] [--seed S]

N requests (tests/fuzz.py) from a player with a game of their own, who knows another player's game:
random and odd methods on every route with real, random and garbage ids; form fields and query strings
of bad values (versions, positions, game codes, levels; huge numbers, unicode, NUL); garbage and
oversized bodies of any content type; bad CSRF tokens and cookies, a foreign Host, htmx headers; and
about one in twenty malformed requests written straight to the socket. A fresh SQLite file, or
DATABASE_URL's database. Target: 0 answers 5xx, 0 tracebacks in the server's log.
"""

import argparse
import os
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

from tests import fuzz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL") or None
    with tempfile.TemporaryDirectory() as directory:
        found = fuzz.fuzz(Path(directory), database_url, args.requests, args.seed)
    print("\n".join(found.report()))
    print("target: 0 5xx, 0 tracebacks")


if __name__ == "__main__":
    main()
