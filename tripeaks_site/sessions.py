"""The session engine (SESSION_ENGINE): Django's database sessions, which also delete the expired ones.

Sessions live in the database so that logging out ends them for good (a copied cookie then names a
session that no longer exists). Expired rows are deleted by the first session created in each
process after ``PRUNE_EVERY`` seconds, so that no one has to schedule ``manage.py clearsessions``
(which does the same, and may still be run by hand or by a timer).
"""

import time

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

PRUNE_EVERY = 60 * 60  # seconds
_next_prune = 0.0  # time.monotonic() after which the next created session prunes


class SessionStore(DatabaseSessionStore):
    def create(self) -> None:
        global _next_prune
        super().create()
        now = time.monotonic()
        if now >= _next_prune:
            _next_prune = now + PRUNE_EVERY
            self.clear_expired()
