"""A player's data as one JSON document (docs/features.md, "Your data"): what "Download my data" gives an account,
and what ``manage.py import_player_data`` reads back into a site; and the account deleted, with what it stored.

The document holds what the account stored: its name, email and dates, its settings, and every game with its code,
log, times and summary; a challenge's game with its room and seat, a game a link was made from with its link, a
game taken from another player's link with the link's address and the name it was taken under. Records and medals
are not in it: they are derived from the games, and rebuilt on import.
"""

from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_noop

import engine
from games.base import names
from games.models import (
    AccountName,
    GameRecord,
    LinkChallenge,
    LinkEntry,
    LinkRole,
    Moderation,
    Preferences,
    Room,
    Seat,
)
from games.players import Player
from games.store import progress

FORMAT = "tripeaks-player-data"
VERSION = 1

# Each game's stored fields, as they are: what a replay of its log must agree with on import.
GAME_FIELDS = (
    "public_id",
    "code",
    "log",
    "level",
    "daily_date",
    "archive",
    "ranked",
    "guided",
    "created",
    "updated",
    "first_action_at",
    "finished",
    "network_time",
    "time_limit",
    "hints",
    "status",
    "score",
    "moves",
    "best_streak",
    "stars",
    "too_fast",
    "winnable",
    "par_percent",
    "link_role",
)
ROOM_FIELDS = ("public_id", "code", "level", "time_limit", "created", "starts_at", "ended", "rounds", "round_number")
SEAT_FIELDS = ("name", "host", "joined", "left")
PREFERENCE_FIELDS = tuple(field.name for field in Preferences._meta.concrete_fields if field.name not in ("id", "user"))


class BadDocument(ValueError):
    """A document this site did not write, or one whose game does not replay to its stored summary."""


def _plain(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    return value


def _fields(row: object, names: tuple[str, ...]) -> dict[str, object]:
    return {name: _plain(getattr(row, name)) for name in names}


def export(user: User) -> dict[str, Any]:
    """Everything stored of ``user``'s account, as plain data."""
    preferences = Preferences.objects.filter(user=user).first()
    games = GameRecord.objects.filter(user=user).order_by("created", "id")
    return {
        "format": FORMAT,
        "version": VERSION,
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "date_joined": _plain(user.date_joined),
            "last_login": _plain(user.last_login),
        },
        "preferences": _fields(preferences, PREFERENCE_FIELDS) if preferences else None,
        "games": [_game(record) for record in games.select_related("seat__room", "link_made", "link_entry")],
        "moderation": _moderation(user),
    }


def _moderation(user: User) -> dict[str, object] | None:
    """What the moderators decided of the account, and each act but the moderator's name (theirs, not the
    player's); never imported: a site's moderation is that site's own."""
    row = Moderation.objects.filter(user=user).first()
    if row is None:
        return None
    acts = [_fields(entry, ("at", "act", "names", "reason")) for entry in row.entries.order_by("at", "id")]
    return {"name_hidden": row.name_hidden, "blocked": row.blocked, "acts": acts}


def _game(record: GameRecord) -> dict[str, object]:
    data = _fields(record, GAME_FIELDS)
    if record.in_room:
        seat = record.seat
        data["challenge"] = {"room": _fields(seat.room, ROOM_FIELDS), "seat": _fields(seat, SEAT_FIELDS)}
    if record.link_role == LinkRole.MADE:
        data["link"] = {"public_id": record.link_made.public_id, "name": record.link_made.name}
    if record.link_role == LinkRole.TAKEN:
        entry = record.link_entry
        data["taken_from"] = {"link": entry.challenge.public_id, "name": entry.name}
    return data


def import_document(document: dict[str, Any]) -> User:
    """A new account from ``document`` (``export``'s), with its settings and games, each checked by replay against
    its stored summary; ``BadDocument`` for a document that is not one, changing nothing. The account has no
    password: its player sets one by the reset mail."""
    if document.get("format") != FORMAT or document.get("version") != VERSION:
        raise BadDocument(f"not a {FORMAT} document of version {VERSION}")
    try:
        with transaction.atomic():
            user = _import_account(document)
    except IntegrityError as error:
        raise BadDocument(f"an account, game, room or link of the document is on this site already: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise BadDocument(f"the document is not whole: {error!r}") from None
    progress.rebuild(Player(user.pk, None))
    return user


def _import_account(document: dict[str, Any]) -> User:
    account = document["account"]
    if User.objects.filter(username=account["username"]).exists():
        raise BadDocument(f"an account named {account['username']!r} exists on this site")
    try:
        name = AccountName.check_name(account["username"])
    except ValidationError as error:
        refused = " ".join(error.messages)
        raise BadDocument(f"the account's name {account['username']!r} is refused: {refused}") from None
    user = User.objects.create_user(name, email=account["email"] or "")
    AccountName.claim(user)
    User.objects.filter(pk=user.pk).update(
        date_joined=_read(account["date_joined"]), last_login=_read(account["last_login"])
    )
    if document["preferences"] is not None:
        Preferences.objects.create(user=user, **document["preferences"])
    for data in document["games"]:
        _import_game(user, data)
    return user


# The fields written as ISO 8601 text, read back as times.
TIMES = {"created", "updated", "first_action_at", "finished", "starts_at", "ended", "joined", "left"}


def _read(value: object) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else None


def _restored(fields: dict[str, Any]) -> dict[str, Any]:
    return {name: _read(value) if name in TIMES else value for name, value in fields.items()}


def _import_game(user: User, data: dict[str, Any]) -> None:
    fields = _restored({name: data[name] for name in GAME_FIELDS})
    fields["daily_date"] = date.fromisoformat(fields["daily_date"]) if fields["daily_date"] else None
    fields["network_time"] = timedelta(seconds=fields["network_time"])
    if "taken_from" in data:  # the link is another player's: the game comes as one of its own
        fields["link_role"] = ""
    record = GameRecord(user=user, **fields)
    _check_replay(record)
    record.save()
    GameRecord.objects.filter(pk=record.pk).update(updated=fields["updated"])  # as stored, not the save's now
    if "challenge" in data:
        room_fields = _restored({name: data["challenge"]["room"][name] for name in ROOM_FIELDS})
        room, _ = Room.objects.get_or_create(public_id=room_fields.pop("public_id"), defaults=room_fields)
        seat_fields = _restored({name: data["challenge"]["seat"][name] for name in SEAT_FIELDS})
        Seat.objects.create(room=room, user=user, game=record, **seat_fields)
    if "link" in data:
        LinkChallenge.objects.create(game=record, public_id=data["link"]["public_id"], name=data["link"]["name"])


def _check_replay(record: GameRecord) -> None:
    try:
        game = record.replay()
    except (engine.InvalidLog, engine.InvalidGameCode) as error:
        raise BadDocument(f"game {record.public_id} does not replay: {error}") from error
    if (game.status.value, game.moves) != (record.status, record.moves):
        raise BadDocument(f"game {record.public_id}'s log does not reach its stored summary")


# The name a deleted account's kept results go by: stored as it is in a room's seat and a link's entry, translated
# where a page names a ranked daily game's player (games/store/daily.py).
DELETED_PLAYER = gettext_noop("deleted player")


def delete_account(user: User) -> None:
    """``user``'s account and what it stored, gone: its settings, records, name and every game, but the games on
    which another player's result depends, kept without it under ``DELETED_PLAYER``: a challenge's (its room's
    results), a game a link was made from that others took, one taken from a link (its board), and a ranked daily
    game (its day's leaderboard). Its sessions then reach nothing: their account is gone."""
    with transaction.atomic():
        games = GameRecord.objects.filter(user=user)
        kept_ids = set(games.filter(_others_depend_on()).values_list("pk", flat=True))
        kept = list(GameRecord.objects.filter(pk__in=kept_ids).select_related("seat", "link_entry"))
        for record in kept:
            _anonymise(record)
        GameRecord.objects.filter(pk__in=[record.pk for record in kept]).update(user=None, player_token="")
        games.exclude(pk__in=[record.pk for record in kept]).delete()
        user.delete()


def _others_depend_on() -> Q:
    return (
        Q(seat__isnull=False)
        | Q(link_role=LinkRole.TAKEN)
        | Q(link_role=LinkRole.MADE, link_made__entries__isnull=False)
        | Q(ranked=True)
    )


def _anonymise(record: GameRecord) -> None:
    """The name its result goes by, where others see it, made ``DELETED_PLAYER`` (numbered where a room or a link
    already shows one)."""
    seat = getattr(record, "seat", None) if record.in_room else None
    if seat is not None:
        others = Seat.objects.filter(room_id=seat.room_id).exclude(pk=seat.pk)
        seat.name, seat.user, seat.player_token = _free_name(others), None, ""
        seat.save()
    if record.link_role == LinkRole.MADE:
        LinkChallenge.objects.filter(game=record).update(name=DELETED_PLAYER)
    if record.link_role == LinkRole.TAKEN:
        entry = record.link_entry
        entry.name = _free_name(LinkEntry.objects.filter(challenge_id=entry.challenge_id).exclude(pk=entry.pk))
        entry.save()


def _free_name(others: QuerySet[Seat] | QuerySet[LinkEntry]) -> str:
    taken = set(others.values_list("name_key", flat=True))
    name, number = DELETED_PLAYER, 1
    while names.key_of(name) in taken:
        number += 1
        name = f"{DELETED_PLAYER} {number}"
    return name
