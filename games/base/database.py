"""The database's specifics in one place: SQLite's single writer (a process queues its own writers on a lock),
and the idle connection that keeps each SQLite file's WAL from being checkpointed and rebuilt at every request.
PostgreSQL needs neither. A move's hand-written statements are in games/store/move_statements.py, the sessions' in
tripeaks_site/sessions.py; every other query goes through the ORM."""

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.db import OperationalError, connection

_sqlite_writer = threading.Lock()


@contextlib.contextmanager
def writers_turn() -> Iterator[None]:
    """This process's turn to write. SQLite has one writer at a time and makes the others sleep and
    retry (in steps of up to 100 ms); queueing this process's writers on a lock instead keeps moves
    fast under load. PostgreSQL needs no lock: it orders the writers of a row itself.

    The wait for that lock is bounded as SQLite's own wait is (``DATABASE_TIMEOUT``): while another
    process holds the database, each writer gives up after seconds (a 503, games/web/failures.py) instead of
    queueing behind the others, one timeout after another."""
    if connection.vendor != "sqlite":
        yield
        return
    if not _sqlite_writer.acquire(timeout=settings.DATABASE_TIMEOUT):
        raise OperationalError("database is locked: this process's writers waited for it too long")
    try:
        yield
    finally:
        _sqlite_writer.release()


# One idle connection per SQLite file for the life of the process (see below).
_anchors: dict[str, sqlite3.Connection] = {}


def anchor_sqlite_file(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Django's ``connection_created`` (games/apps.py). Connections to the file still close and open: each thread
    has its own, which Django closes once it is older than CONN_MAX_AGE or after an error. When the last
    connection to a WAL database closes, SQLite checkpoints the WAL into the file, and the next one to open must
    rebuild the WAL index: together they cost more than a move. An idle connection kept open by the process
    means the last connection never closes, so every other one is cheap to open and close."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite" and name not in _anchors and not connection.is_in_memory_db():
        _anchors[name] = sqlite3.connect(name, check_same_thread=False)
