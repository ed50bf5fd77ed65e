"""Who is playing: a signed-up user, or an anonymous player known by a random id in the session.

The id is not the session key, which login rotates: it lives in the signed session data, so the
games it started follow the player when they sign up or log in (see signals.py).
"""

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

SESSION_KEY = "player_id"


@dataclass(frozen=True)
class Player:
    user_id: int | None
    player_id: str | None

    @classmethod
    def of(cls, request: HttpRequest, create: bool = False) -> "Player":
        """The player behind ``request``; ``create`` gives an anonymous player an id if it has none."""
        if create and SESSION_KEY not in request.session:
            request.session[SESSION_KEY] = secrets.token_urlsafe(12)
        user_id = request.user.pk if request.user.is_authenticated else None
        return cls(user_id=user_id, player_id=request.session.get(SESSION_KEY))

    @classmethod
    def of_scope(cls, scope: Mapping[str, Any]) -> "Player":
        """The player behind a WebSocket, from the session and user that channels' middleware put in its scope."""
        user = scope["user"]
        return cls(user_id=user.pk if user.is_authenticated else None, player_id=scope["session"].get(SESSION_KEY))

    @property
    def is_known(self) -> bool:
        return self.user_id is not None or self.player_id is not None
