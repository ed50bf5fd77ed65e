"""What the Daily's leaderboard costs as its day fills: the board's top (the /daily/ page) and a game's place on
it (a daily game's end card, games/store/daily.py), with ``--players`` ranked games of one day.

    .venv/bin/python bench/leaderboard.py [--players 5000] [--rounds 20]

On a fresh SQLite file (or DATABASE_URL's database, to measure PostgreSQL; its games are left there). The
games are finished at random scores and times, a fifth of them taught; medians and worst of wall time per
call over ``--rounds`` calls, the database's time included.
"""

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)

DAY = datetime.date(2026, 11, 30)


def set_up_django(database: Path) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tripeaks_site.settings")
    os.environ["SQLITE_PATH"] = str(database)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def fill(players: int) -> None:
    from django.contrib.auth.models import User
    from django.utils import timezone

    from games.models import GameRecord

    rng = random.Random("leaderboard")
    users = User.objects.bulk_create([User(username=f"bench-{DAY}-{i}") for i in range(players)])
    end = timezone.now()
    GameRecord.objects.bulk_create(
        GameRecord(
            code="TP1-E-TRIPEAK",
            user=user,
            level="daily",
            daily_date=DAY,
            ranked=True,
            status="won",
            score=rng.randint(100, 7000),
            hints=rng.choice([0, 0, 0, 0, 3]),
            first_action_at=end - datetime.timedelta(seconds=rng.randint(30, 900)),
            finished=end,
        )
        for user in users
    )


def timed(call: Callable[[], object], rounds: int) -> tuple[float, float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        set_up_django(Path(folder) / "db.sqlite3")
        from django.db import connection

        from games.models import GameRecord
        from games.store import daily

        print(f"filling one day with {args.players} ranked games…", file=sys.stderr, flush=True)
        fill(args.players)
        middle = GameRecord.objects.filter(daily_date=DAY).order_by("-score")[args.players // 2]
        top, top_worst = timed(lambda: daily.leaderboard(DAY, daily.LEADERBOARD_SIZE), args.rounds)
        place, place_worst = timed(lambda: daily.standing(middle), args.rounds)
        print(f"{connection.vendor}, {args.players} ranked games of a day, ms per call (median, worst):")
        print(f"the board's top {daily.LEADERBOARD_SIZE} (the /daily/ page): {top:.1f}, {top_worst:.1f}")
        print(f"a game's place (a daily end card): {place:.1f}, {place_worst:.1f}")


if __name__ == "__main__":
    main()
