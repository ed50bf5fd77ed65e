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

from tests import fuzz, outages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL") or None
    with tempfile.TemporaryDirectory() as directory:
        found = fuzz.fuzz(Path(directory), database_url, args.requests, args.seed)
    print(f"{outages.engine_name(database_url)}, {found.requests} fuzzed requests (seed {args.seed})")
    print(f"  answers: {found.histogram()}")
    print(f"  5xx: {found.five_hundreds}")
    for example in found.server_errors:
        print(f"    {example}")
    print(f"  server log: {found.tracebacks} tracebacks")
    for line, count in found.exceptions.most_common(5):
        print(f"    {count}× {line}")
    print("target: 0 5xx, 0 tracebacks")


if __name__ == "__main__":
    main()
