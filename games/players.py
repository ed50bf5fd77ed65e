"""Who is playing: a signed-up user, or an anonymous player known by a random token in the session.

The token is not the session key, which login rotates: it lives in the session data, so the games it
started follow the player when they sign up or log in (actions.hand_over). The web side reads the player
once per request (games/web/middleware.py), a live socket from its scope (games/live/consumers.py).
"""

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the module imports no models: scripts that only speak to a server import it too
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.base import SessionBase

# The session key keeps the name it was first stored under, so that existing sessions keep their games.
TOKEN_SESSION_KEY = "player_id"  # noqa: S105 (the name of a session's entry, not a secret)


def new_token() -> str:
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Player:
    user_id: int | None
    token: str | None  # the anonymous player's session token (GameRecord.player_token)


def player_of(user: "AbstractBaseUser | AnonymousUser", session: "SessionBase") -> Player:
    """The player of a signed-in ``user`` (Django's, or its anonymous user) and a session."""
    return Player(user_id=user.pk if user.is_authenticated else None, token=session.get(TOKEN_SESSION_KEY))
