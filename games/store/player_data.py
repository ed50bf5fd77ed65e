"""A player's data as one JSON document (docs/features.md, "Your data"): what "Download my data" gives an account,
and what ``manage.py import_player_data`` reads back into a site; and the account deleted, with what it stored.

The document holds what the account stored: its name, email and dates, its settings, and every game with its code,
log, times and summary; a challenge's game with its room and seat, a game a link was made from with its link, a
game taken from another player's link with the link's address and the name it was taken under. A game whose deal
is still secret (today's Daily, a running race, a link's game in play) comes without its code, its log and its
room's code, saying so, and the import refuses it. Records and medals are not in it: they are derived from the
games, and rebuilt on import.
"""

import itertools
import json
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_noop

from games.base import clock, names
from games.models import GameRecord, LinkChallenge, LinkEntry, LinkRole, Moderation, Preferences, Seat
from games.store.visibility import Sight

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


def _plain(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    return value


def _fields(row: object, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: _plain(getattr(row, name)) for name in names}


def export(user: User) -> Iterator[str]:
    """Everything stored of ``user``'s account, as one JSON document in pieces, the very text ``json.dumps`` with
    ``indent=1`` writes of it whole: the account and settings read now, the games ``GAMES_CHUNK`` at a time as the
    pieces are asked for, so that the memory it takes does not grow with the account's games."""
    preferences = Preferences.objects.filter(user=user).first()
    head = {
        "format": FORMAT,
        "version": VERSION,
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "date_joined": _plain(user.date_joined),
            "last_login": _plain(user.last_login),
        },
        "preferences": _fields(preferences, PREFERENCE_FIELDS) if preferences else None,
    }
    return _pieces(user, head)


# The games read from the database at a time while the document is written.
GAMES_CHUNK = 500


def _pieces(user: User, head: dict[str, object]) -> Iterator[str]:
    yield _json(head).removesuffix("\n}") + ',\n "games": ['
    games = GameRecord.objects.filter(user=user).order_by("created", "id")
    games = games.select_related("seat__room", "link_made", "link_entry__challenge")
    separator = ""
    for chunk in itertools.batched(games.iterator(chunk_size=GAMES_CHUNK), GAMES_CHUNK):
        # One dumps a chunk (each call costs): the list's games, without its brackets.
        yield separator + _json([_game(record) for record in chunk], depth=1).removeprefix("[").removesuffix("\n ]")
        separator = ","
    yield ("\n ]" if separator else "]") + ',\n "moderation": ' + _json(_moderation(user), depth=1) + "\n}"


def _json(value: object, depth: int = 0) -> str:
    """``value`` as ``json.dumps`` with ``indent=1`` writes it ``depth`` levels down a document (a JSON string holds
    no raw line break, so each one starts a line of the layout)."""
    return json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n" + " " * depth)


def _moderation(user: User) -> dict[str, object] | None:
    """What the moderators decided of the account, and each act but the moderator's name (theirs, not the
    player's); never imported: a site's moderation is that site's own."""
    row = Moderation.objects.filter(user=user).first()
    if row is None:
        return None
    acts = [_fields(entry, ("at", "act", "names", "reason")) for entry in row.entries.order_by("at", "id")]
    return {"name_hidden": row.name_hidden, "blocked": row.blocked, "acts": acts}


def _game(record: GameRecord) -> dict[str, Any]:
    data = _fields(record, GAME_FIELDS)
    if record.in_room:
        seat = record.seat
        data["challenge"] = {"room": _fields(seat.room, ROOM_FIELDS), "seat": _fields(seat, SEAT_FIELDS)}
    if record.link_role == LinkRole.MADE:
        data["link"] = {"public_id": record.link_made.public_id, "name": record.link_made.name}
    if record.link_role == LinkRole.TAKEN:
        entry = record.link_entry
        data["taken_from"] = {"link": entry.challenge.public_id, "name": entry.name}
    sight = Sight(record, owner=True)
    if sight.withheld:
        _withhold_deal(record, data, sight)
    return data


def _withhold_deal(record: GameRecord, data: dict[str, Any], sight: Sight) -> None:
    """What ``sight`` withholds (the deal's code and the log, which names the cards turned up) and the room's code out
    of ``data``, and why, and when they open (null: when the game ends)."""
    withheld = list(sight.withheld)
    for field in withheld:
        del data[field]
    if record.in_room:
        del data["challenge"]["room"]["code"]
        withheld.append("challenge.room.code")
        reason = "the challenge's deal is secret until its race is over, when its time is up at the latest"
        opens = record.seat.room.ends_at
    elif record.link_role == LinkRole.TAKEN:
        reason, opens = "a challenge link's deal is secret until the game taken from it ends", None
    else:
        assert record.daily_date is not None  # noqa: S101 (a deal secret outside a challenge is a Daily's)
        reason, opens = "the Daily's deal is secret until its day is over", clock.end_of(record.daily_date)
    data["withheld"] = {"fields": withheld, "reason": reason, "opens": _plain(opens)}


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
