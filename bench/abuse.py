"""Abuse from one client against a real daphne process, with the default limits: how much of each flood is served.

    .venv/bin/python bench/abuse.py [--games N] [--hints N] [--sockets N] [--wrong-passwords N] [--guesses N]

Each flood comes from an address of its own on the loopback (127.0.0.2, .3, …): new games by one player,
new games by new players (the address's limit), hints on one game, live sockets, log-ins naming one account
with wrong passwords then the right one, and log-ins naming a new account each. A fresh SQLite file, or
DATABASE_URL's database (and REDIS_URL's Redis for the counters). Target: each flood served up to its limit
(docs/configuration.md) and refused with 429 and Retry-After after it; no 5xx, no exception in the log.
The limits count in fixed windows: a flood that crosses the end of one is served once more up to its limit.
"""

import argparse
import os
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

from tests import abuse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=350, help="new games in each of the two game floods")
    parser.add_argument("--hints", type=int, default=150)
    parser.add_argument("--sockets", type=int, default=150)
    parser.add_argument("--wrong-passwords", type=int, default=60)
    parser.add_argument("--guesses", type=int, default=80, help="log-ins naming a new account each")
    args = parser.parse_args()
    counts = {
        "games": args.games,
        "hints": args.hints,
        "sockets": args.sockets,
        "wrong_passwords": args.wrong_passwords,
        "guesses": args.guesses,
    }
    with tempfile.TemporaryDirectory() as directory:
        found = abuse.abuse(Path(directory), os.environ.get("DATABASE_URL") or None, {}, counts)
    print("\n".join(found.report()))
    print("target: each flood served up to its limit, then refused with 429 and Retry-After; no other answer")


if __name__ == "__main__":
    main()
