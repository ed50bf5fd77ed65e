"""What the server asked of PostgreSQL and Redis between two moments, for the capacity figures (docs/scale.md).

PostgreSQL's own statistics of the database (``pg_stat_database``: each statement a move runs outside a
transaction commits one; the rows read, written and added; the write-ahead log's bytes), the CPU of the
machine's PostgreSQL processes (from /proc: a PostgreSQL on this machine, with nothing else on it), and Redis's
count of each command it ran and its CPU (``INFO commandstats``, ``INFO cpu``). Nothing with SQLite, or without
``REDIS_URL``.
"""

import os
import time
from collections import Counter
from pathlib import Path

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
        counts["PostgreSQL CPU µs"] = round(postgres_cpu_seconds() * 1e6)
    if url := os.environ.get("REDIS_URL", ""):
        client = redis.Redis.from_url(url, socket_timeout=5)
        for command, figures in client.info("commandstats").items():
            counts[f"Redis {command.removeprefix('cmdstat_')}"] = int(figures["calls"])
        cpu = client.info("cpu")
        counts["Redis CPU µs"] = round((cpu["used_cpu_user"] + cpu["used_cpu_sys"]) * 1e6)
    return counts


def postgres_cpu_seconds() -> float:
    """The user and system CPU time of every process named ``postgres`` on this machine."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, _, rest = stat.read_text().partition(") ")
        except OSError:  # a process that ended meanwhile
            continue
        if name.endswith("(postgres"):
            fields = rest.split()
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def per(units: int, before: Counter[str], after: Counter[str]) -> str:
    """Each count's growth per unit, e.g. "PostgreSQL commits 3.0, …"; empty without PostgreSQL or Redis."""
    grown = {name: after[name] - before[name] for name in after if after[name] > before[name]}
    return ", ".join(f"{name} {count / units:.2f}" for name, count in sorted(grown.items()))
