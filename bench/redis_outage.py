"""Redis outages: a player's moves on a real daphne process whose REDIS_URL names a Redis that is down or frozen.

    .venv/bin/python bench/redis_outage.py [--moves N] [--threads T]

Down: nothing listens on the port (connections refused at once). Frozen: a server that takes connections
and never answers, as a paused Redis (tests/frozen_redis.py). One player plays N moves of one game, one
after the other, on a fresh SQLite file, with T request threads; then GET /health/. Redis is only for
watching. Target: every move answered 200 within a second and saved; /health/ at once.
"""

import argparse
import tempfile
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

from tests import redis_outages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--threads", type=int, default=2, help="request threads: few, so that a held one shows")
    args = parser.parse_args()
    for state in redis_outages.STATES:
        with tempfile.TemporaryDirectory() as directory:
            played = redis_outages.play(Path(directory), state, args.moves, args.threads)
        print("\n".join(played.report()))
    print("target: every move answered 200 within a second and saved")


if __name__ == "__main__":
    main()
