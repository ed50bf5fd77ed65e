"""Games played anonymously join the account when the player signs up or logs in."""

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from .models import Game
from .players import SESSION_KEY


@receiver(user_logged_in)
def adopt_anonymous_games(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    player_id = request.session.get(SESSION_KEY)
    if player_id:
        Game.objects.filter(user__isnull=True, player_id=player_id).update(user=user)
