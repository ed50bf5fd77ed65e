"""The session engine (SESSION_ENGINE): Django's database sessions, which also delete the expired ones,
read by one hand-written SELECT.

Sessions live in the database so that logging out ends them for good (a copied cookie then names a
session that no longer exists). Expired rows are deleted by the first session created in each
process after ``PRUNE_EVERY`` seconds, so that no one has to schedule ``manage.py clearsessions``
(which does the same, and may still be run by hand or by a timer).

Every request of a player reads their session: through the ORM, building that one query cost more
than a move's own write (bench/move_parts.py), so it is written by hand as
games/store/move_statements.py writes a move's. It reads what Django's ``load`` reads: the session's data
if it has not expired; else nothing, and the session gets a new key when it is saved.
"""

import time
from typing import Any

from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.db import connections, router
from django.utils import timezone

PRUNE_EVERY = 60 * 60  # seconds
_next_prune = 0.0  # time.monotonic() after which the next created session prunes

SELECT_SESSION = (  # the table's name from the model; every value is a parameter
    f'SELECT "session_data" FROM "{Session._meta.db_table}" WHERE "session_key" = %s AND "expire_date" > %s'  # noqa: S608
)


class SessionStore(DatabaseSessionStore):
    def _validate_session_key(self, key: str | None) -> bool:
        """Django's check (at least 8 characters), and only characters Django puts in a key: any other cookie
        is no session, read by no query (a NUL in it would make PostgreSQL refuse the SELECT: a 500)."""
        return key is not None and len(key) >= 8 and all(character in VALID_KEY_CHARS for character in key)

    def load(self) -> dict[str, Any]:
        connection = connections[router.db_for_read(Session)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())  # as the ORM compares dates
        with connection.cursor() as cursor:
            cursor.execute(SELECT_SESSION, [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        data: dict[str, Any] = self.decode(row[0])
        return data

    def create(self) -> None:
        global _next_prune
        super().create()
        now = time.monotonic()
        if now >= _next_prune:
            _next_prune = now + PRUNE_EVERY
            self.clear_expired()
