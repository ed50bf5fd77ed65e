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


# One idle connection per SQLite file for the life of the process (see below).
_anchors: dict[str, sqlite3.Connection] = {}


@receiver(connection_created)
def anchor_sqlite_file(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Under ASGI every request opens and closes its own connection. When the last connection to
    a WAL database closes, SQLite checkpoints the WAL into the file, and the next one to open must
    rebuild the WAL index: together they cost more than the move itself. An idle connection kept
    open by the process makes every other one cheap to open and close."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite" and name not in _anchors and not connection.is_in_memory_db():
        _anchors[name] = sqlite3.connect(name, check_same_thread=False)
