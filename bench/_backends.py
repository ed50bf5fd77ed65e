"""What the server asked of PostgreSQL and Redis between two moments, for the capacity figures (docs/scale.md).

PostgreSQL's own statistics of the database (``pg_stat_database``: each statement a move runs outside a
transaction commits one; the rows read, written and added; the write-ahead log's bytes) and Redis's count of
each command it ran (``INFO commandstats``). Nothing with SQLite, or without ``REDIS_URL``.
"""

import os
import time
from collections import Counter

import psycopg
import redis

STATS_SETTLE = 1.0  # seconds for PostgreSQL to publish the other processes' statistics


def snapshot() -> Counter[str]:
    counts: Counter[str] = Counter()
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        time.sleep(STATS_SETTLE)
        with psycopg.connect(url, connect_timeout=5) as database:
            row = database.execute(
                "SELECT xact_commit, tup_fetched, tup_updated, tup_inserted,"
                " pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') FROM pg_stat_database WHERE datname = current_database()"
            ).fetchone()
        assert row is not None
        for name, value in zip(("commits", "rows read", "rows updated", "rows added", "WAL bytes"), row, strict=True):
            counts[f"PostgreSQL {name}"] = int(value)
    if url := os.environ.get("REDIS_URL", ""):
        stats = redis.Redis.from_url(url, socket_timeout=5).info("commandstats")
        for command, figures in stats.items():
            counts[f"Redis {command.removeprefix('cmdstat_')}"] = int(figures["calls"])
    return counts


def per(units: int, before: Counter[str], after: Counter[str]) -> str:
    """Each count's growth per unit, e.g. "PostgreSQL commits 3.0, …"; empty without PostgreSQL or Redis."""
    grown = {name: after[name] - before[name] for name in after if after[name] > before[name]}
    return ", ".join(f"{name} {count / units:.2f}" for name, count in sorted(grown.items()))
