"""Signal handlers: games played anonymously join the account; SQLite connections keep their WAL."""

import sqlite3
from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from django.http import HttpRequest

from games.models import GameRecord
from games.store.players import TOKEN_SESSION_KEY, new_token


@receiver(user_logged_in)
def adopt_anonymous_games(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """At log-in and sign-up, the session's anonymous games join the account, and the session gets a new token:
    the adopted one tags no game from then on, whoever else still holds it."""
    token = request.session.get(TOKEN_SESSION_KEY)
    if token:
        GameRecord.objects.filter(user__isnull=True, player_token=token).update(user=user)
        request.session[TOKEN_SESSION_KEY] = new_token()


# One idle connection per SQLite file for the life of the process (see below).
_anchors: dict[str, sqlite3.Connection] = {}


@receiver(connection_created)
def anchor_sqlite_file(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Connections to the file still close and open: each thread has its own, which Django closes once
    it is older than CONN_MAX_AGE or after an error. When the last connection to a WAL database closes,
    SQLite checkpoints the WAL into the file, and the next one to open must rebuild the WAL index:
    together they cost more than a move. An idle connection kept open by the process means the last
    connection never closes, so every other one is cheap to open and close."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite" and name not in _anchors and not connection.is_in_memory_db():
        _anchors[name] = sqlite3.connect(name, check_same_thread=False)
