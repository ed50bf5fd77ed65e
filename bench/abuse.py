"""Abuse from one client against a real daphne process, with the default limits: how much of each flood is served.

    .venv/bin/python bench/abuse.py [--games N] [--hints N] [--sockets N] [--wrong-passwords N] [--guesses N]

Each flood comes from an address of its own on the loopback (127.0.0.2, .3, …): new games by one player,
new games by new players (the address's limit), hints on one game, live sockets, log-ins naming one account
with wrong passwords then the right one, and log-ins naming a new account each. A fresh SQLite file, or
DATABASE_URL's database (and REDIS_URL's Redis for the counters). Target: each flood served up to its limit
(README.md, Configuration) and refused with 429 and Retry-After after it; no 5xx, no exception in the log.
The limits count in fixed windows: a flood that crosses the end of one is served once more up to its limit.
"""

import argparse
import os
import tempfile
from pathlib import Path

import _common  # the repository root on sys.path

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
    print(f"{found.engine}, one daphne process, the default limits; each flood from an address of its own")
    for flood in found.floods:
        other = ", ".join(f"{status} × {count}" for status, count in sorted(flood.other.items())) or "none"
        retry_after = ", ".join(sorted(flood.retry_after, key=int)) if flood.retry_after else "-"
        print(
            f"  {flood.what}: {flood.sent} sent, {flood.served} served, {flood.refused} refused "
            f"(Retry-After {retry_after} s), other answers: {other}"
        )
    _common.print_server_log(found.exceptions)
    print("target: each flood served up to its limit, then refused with 429 and Retry-After; no other answer")


if __name__ == "__main__":
    main()
