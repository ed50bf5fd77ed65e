"""A moderator's acts (docs/deploy.md, "Moderation"), from the admin or the shell (``manage.py moderate``): hide a
player's name or show it again, block them from rooms and the Daily's leaderboard or let them back. Each is written
with its entry in the log, then told to the rooms the player sits in that are not over, whose pages draw their
standings again: the name goes from live frames at once, and from every other page at its next reading."""

import logging
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import facts
from games.base.names import key_of
from games.models import (
    TIME_LIMITS,
    GameRecord,
    LinkChallenge,
    LinkEntry,
    Moderation,
    ModerationAct,
    ModerationEntry,
    Room,
    Seat,
)
from games.players import Player
from games.store.moderation import owner_of, rows_of

logger = logging.getLogger(__name__)

NAMES_KEPT = 400  # characters of the names a player went by, in the log's entry
WAITING_ROOMS_TOLD = timedelta(days=1)  # a room waiting for players longer is left: nobody is on its page


class NoSuchPlayer(Exception):
    """The moderator named nobody the site knows: nothing was done."""


def find_player(*, account: str = "", token: str = "", room: str = "", name: str = "") -> Player:
    """The player a moderator names: an account by its name, an anonymous player by their token, or whoever sits in
    a room (its public id) under a name, as its standings show it."""
    if account:
        user = get_user_model().objects.filter(username=account).first()
        if user is None:
            raise NoSuchPlayer(f"no account is named {account!r}")
        return Player(user.pk, None)
    if token:
        known = (
            GameRecord.objects.filter(user__isnull=True, player_token=token).exists()
            or Seat.objects.filter(user__isnull=True, player_token=token).exists()
            or Moderation.objects.filter(user__isnull=True, player_token=token).exists()  # their games pruned since
        )
        if not known:
            raise NoSuchPlayer(f"no anonymous player has the token {token!r}")
        return Player(None, token)
    seats = Seat.objects.filter(room__public_id=room, name_key=key_of(name))  # as the room compares names
    seat = seats.first() if room and name else None
    if seat is None:
        raise NoSuchPlayer(f"nobody sits in room {room!r} under the name {name!r}")
    return owner_of(seat)


def moderate(player: Player, act: ModerationAct, by: str, reason: str = "") -> Moderation:
    """Do ``act`` to ``player``, logged as ``by``'s, with ``reason``; the player's live rooms are told."""
    with transaction.atomic():
        rows = Moderation.objects.select_for_update()
        if player.user_id is not None:
            moderation, _ = rows.get_or_create(user_id=player.user_id)
        else:
            moderation, _ = rows.get_or_create(user__isnull=True, player_token=player.token)
        if act in (ModerationAct.HIDE_NAME, ModerationAct.SHOW_NAME):
            moderation.name_hidden = act is ModerationAct.HIDE_NAME
        else:
            moderation.blocked = act is ModerationAct.BLOCK
        moderation.save()
        names = names_of(player)
        ModerationEntry.objects.create(moderation=moderation, by=by, act=act, names=names, reason=reason)
        for room in _live_rooms(player):
            facts.room_changed.announce(room)
    logger.info("moderation: %s: %s player %d (%s): %s", by, act.label, moderation.pk, names, reason or "no reason")
    return moderation


def _live_rooms(player: Player) -> list[Room]:
    """The rooms the player sits in whose pages may be open and live: waiting since a day at most, or not over."""
    now = timezone.now()
    recent = Q(starts_at__isnull=True, created__gte=now - WAITING_ROOMS_TOLD) | Q(
        starts_at__gte=now - timedelta(seconds=max(TIME_LIMITS)), ended__isnull=True
    )
    rooms = Room.objects.filter(recent, seats__in=Seat.objects.filter(rows_of(player))).distinct()
    return [room for room in rooms if not room.is_over()]


def names_of(player: Player) -> str:
    """The names the player went by: their account's, then those of their seats and links, newest first."""
    names: list[str] = []
    if player.user_id is not None:
        names.append(get_user_model().objects.get(pk=player.user_id).get_username())
    names += Seat.objects.filter(rows_of(player)).order_by("-pk").values_list("name", flat=True)[:20]
    names += LinkChallenge.objects.filter(rows_of(player, "game__")).order_by("-pk").values_list("name", flat=True)[:20]
    names += LinkEntry.objects.filter(rows_of(player, "game__")).order_by("-pk").values_list("name", flat=True)[:20]
    return ", ".join(dict.fromkeys(names))[:NAMES_KEPT]
