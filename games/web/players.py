"""The player behind a request (games/players.py), read once per request and only if used (``request.player``, set
by games/web/middleware.py); given a token when they first make something of their own (``known_player``); and
their anonymous games handed to their account when they log in or sign up (``hand_over_at_log_in``)."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games import actions
from games.models import ModerationAct
from games.moderation import moderate
from games.players import TOKEN_SESSION_KEY, Player, new_token, player_of
from games.store.moderation import is_blocked
from games.web.http import SiteRequest
from games.web.preferences import attach_preferences


def attach_player(request: HttpRequest) -> None:
    """``request.player``, read from its user and session when first used (attached again after either changes)."""
    cast(SiteRequest, request).player = cast(Player, SimpleLazyObject(lambda: player_of(request.user, request.session)))


def known_player(request: SiteRequest) -> Player:
    """The request's player, given a token first if they have none: what they are about to make (a game, a
    challenge, a seat) is then theirs, and the budgets count them by it."""
    if TOKEN_SESSION_KEY not in request.session:
        request.session[TOKEN_SESSION_KEY] = new_token()
        attach_player(request)
    return request.player


def hand_over_at_log_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Django's ``user_logged_in``: the session's anonymous games and seats join the account, and the session gets
    a new token, so that the handed-over one tags no game from then on, whoever else still holds it. The rest of
    the request sees the account's player and settings."""
    token = request.session.get(TOKEN_SESSION_KEY)
    if token:
        actions.hand_over(token, user.pk)
        request.session[TOKEN_SESSION_KEY] = new_token()
    attach_player(request)
    attach_preferences(request)


@contextmanager
def block_kept(request: HttpRequest) -> Iterator[None]:
    """Around the end of a signed-in session (a log-out, an account deleted): a blocked account's browser goes on as
    an anonymous player blocked in turn, so that signing out lets it into no room and no link. Another browser, or
    cleared cookies, start afresh."""
    blocked = request.user.is_authenticated and is_blocked(player_of(request.user, request.session))
    yield
    if blocked:
        token = request.session[TOKEN_SESSION_KEY] = new_token()
        attach_player(request)
        moderate(Player(None, token), ModerationAct.BLOCK, by="the site", reason="a blocked account's browser")
