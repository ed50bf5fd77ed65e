"""Signal handlers: games played anonymously join the account; SQLite connections keep their WAL."""

import sqlite3
from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from django.http import HttpRequest

from .models import Game
from .players import SESSION_KEY


@receiver(user_logged_in)
def adopt_anonymous_games(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    player_id = request.session.get(SESSION_KEY)
    if player_id:
        Game.objects.filter(user__isnull=True, player_id=player_id).update(user=user)


@receiver(connection_created)
def keep_sqlite_wal_on_close(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Under ASGI each request opens and closes its own connection; SQLite would checkpoint the
    WAL into the database at every close of the last connection, which cost more than the move.
    Checkpoints still happen as the WAL grows (every 1,000 pages, SQLite's default)."""
    if connection.vendor == "sqlite":
        connection.connection.setconfig(sqlite3.SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, True)
