"""Signal handlers: games played anonymously join the account (the SQLite anchor is database.py's)."""

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from games.models import GameRecord, Seat
from games.store.players import TOKEN_SESSION_KEY, new_token


@receiver(user_logged_in)
def adopt_anonymous_games(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """At log-in and sign-up, the session's anonymous games (and challenge seats) join the account, and the session
    gets a new token: the adopted one tags no game from then on, whoever else still holds it."""
    token = request.session.get(TOKEN_SESSION_KEY)
    if token:
        GameRecord.objects.filter(user__isnull=True, player_token=token).update(user=user)
        # and so do their seats in challenges, but in a room where the account already has one
        seats = Seat.objects.filter(user__isnull=True, player_token=token).exclude(room__seats__user=user)
        seats.update(user=user)
        request.session[TOKEN_SESSION_KEY] = new_token()
