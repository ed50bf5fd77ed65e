"""Who is playing: a signed-up user, or an anonymous player known by a random token in the session.

The token is not the session key, which login rotates: it lives in the session data, so the games it
started follow the player when they sign up or log in (actions.hand_over). The web side reads the player
once per request (games/web/middleware.py), a live socket from its scope (games/live/consumers.py).
"""

import secrets
import threading
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


def player_key(player: Player) -> str | None:
    """The player as the abuse limits and the solver's budgets count them: their account, or their anonymous token;
    None for a client with neither (no game of its own yet, or its cookies dropped)."""
    if player.user_id is not None:
        return f"user:{player.user_id}"
    return f"player:{player.token}" if player.token else None


# Sessions this process has seen, by the key of their session cookie, with the player each counts as: the request
# turns (tripeaks_site/server/turns.py) run before Django and read no session, so they ask here. A session never
# seen, or a cookie made up, is its address. The oldest are forgotten past KNOWN_SESSIONS.
KNOWN_SESSIONS = 20_000
_known_sessions: dict[str, str] = {}
_known_sessions_lock = threading.Lock()


def remember_session(session_key: str | None, player: Player) -> None:
    key = player_key(player)
    if not session_key or key is None or _known_sessions.get(session_key) == key:
        return
    with _known_sessions_lock:
        _known_sessions[session_key] = key
        if len(_known_sessions) > KNOWN_SESSIONS:
            del _known_sessions[next(iter(_known_sessions))]


def session_player(session_key: str | None) -> str | None:
    """The key of the player a session was seen to be (``player_key``), or None."""
    return _known_sessions.get(session_key) if session_key else None
