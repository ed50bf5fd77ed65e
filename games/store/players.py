"""Who is playing: a signed-up user, or an anonymous player known by a random token in the session.

The token is not the session key, which login rotates: it lives in the session data, so the
games it started follow the player when they sign up or log in (see signals.py).
"""

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

# The session key keeps the name it was first stored under, so that existing sessions keep their games.
TOKEN_SESSION_KEY = "player_id"


def new_token() -> str:
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Player:
    user_id: int | None
    token: str | None  # the anonymous player's session token (GameRecord.player_token)

    @classmethod
    def of(cls, request: HttpRequest, create: bool = False) -> "Player":
        """The player behind ``request``; ``create`` gives an anonymous player a token if it has none."""
        if create and TOKEN_SESSION_KEY not in request.session:
            request.session[TOKEN_SESSION_KEY] = new_token()
        user_id = request.user.pk if request.user.is_authenticated else None
        return cls(user_id=user_id, token=request.session.get(TOKEN_SESSION_KEY))

    @classmethod
    def of_scope(cls, scope: Mapping[str, Any]) -> "Player":
        """The player behind a WebSocket, from the session and user that channels' middleware put in its scope."""
        user = scope["user"]
        return cls(user_id=user.pk if user.is_authenticated else None, token=scope["session"].get(TOKEN_SESSION_KEY))
