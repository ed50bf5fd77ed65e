"""A player's downloaded data read back into a new account (``manage.py import_player_data``; docs/features.md,
"Your data"), trusting nothing the file says.

The file is bounded before it is parsed (``MOST_BYTES``, ``MOST_DEPTH``), and every value is checked against the
column it goes to: its JSON type, its length, its choices. Every figure of a game is the replay's of its log: its
status, moves, score, stars, best streak and whether it was played too fast, from its log and its times, which must
hold together; a daily game's deal is its day's, and it is that day's archive game only if it began after the day.
A figure the file claims otherwise refuses the whole file. What the replay cannot say is not taken: the game ranks on
no leaderboard, and the solver's verdict and the share of par are asked again. A game never joins a room of this
site: a file whose room is here already is refused. The account's name passes every check of sign-up
(games/base/names.py). A refused file changes nothing, and says why.
"""

import json
import re
from datetime import UTC, datetime, timedelta
from itertools import accumulate
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone

import engine
from games.base import names
from games.models import (
    NETWORK_MOST,
    TIME_LIMITS,
    AccountName,
    GameRecord,
    LinkChallenge,
    LinkRole,
    Preferences,
    Room,
    Seat,
)
from games.players import Player
from games.store import daily, progress
from games.store.player_data import FORMAT, GAME_FIELDS, PREFERENCE_FIELDS, ROOM_FIELDS, SEAT_FIELDS, VERSION

MOST_BYTES = 16 * 2**20  # a player's thousands of games take a few megabytes
MOST_DEPTH = 8  # the document's own nesting is 5: the document, its games, a game, its challenge, its room
MOST_ACTIONS = 20_000  # a game's log: its replay stays well under a second
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # as new_public_id makes them, and as the addresses take them
BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[^\[\]{}"]+')  # strings and what is not a bracket, to leave out
BRACKET_STEPS = {"[": 1, "{": 1, "]": -1, "}": -1}
# What the replay says of a game, from its log and its times: the file's claims must be these.
FIGURES = ("status", "moves", "too_fast", "score", "best_streak", "stars")
JSON_TYPES: dict[str, tuple[type, ...]] = {
    "BooleanField": (bool,),
    "CharField": (str,),
    "TextField": (str,),
    "DateTimeField": (str,),
    "DateField": (str,),
    "PositiveIntegerField": (int,),
    "PositiveSmallIntegerField": (int,),
    "DurationField": (int, float),
}


class BadDocument(ValueError):
    """A file this site did not write, or one that claims what its games' replays do not give."""


def read(path: Path) -> dict[str, Any]:
    """The document in the file at ``path``, bounded in size and depth before JSON parses it."""
    try:
        with path.open("rb") as file:
            data = file.read(MOST_BYTES + 1)
    except OSError as error:
        raise BadDocument(f"{path} cannot be read: {error.strerror}") from None
    if len(data) > MOST_BYTES:
        raise BadDocument(f"{path} is over {MOST_BYTES} bytes: no player's data is so large")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadDocument(f"{path} is not UTF-8 text: {error.reason} at byte {error.start}") from None
    if _depth(text) > MOST_DEPTH:
        raise BadDocument(f"{path} nests deeper than {MOST_DEPTH} levels: no player's data does")
    try:
        document = json.loads(text)
    except ValueError as error:
        raise BadDocument(f"{path} cannot be read as JSON: {error}") from None
    return _object(document, "the document")


def _depth(text: str) -> int:
    """How deep the JSON ``text`` nests its lists and objects, counted without recursion (an unclosed string or a
    stray bracket only makes the count wrong where JSON refuses the text anyway)."""
    return max(accumulate(map(BRACKET_STEPS.__getitem__, BRACKETS.sub("", text))), default=0)


def import_document(document: dict[str, Any]) -> User:
    """A new account from ``document`` (``player_data.export``'s), with its settings and games; ``BadDocument``
    for a document that is not one, or claims what its games do not give, changing nothing. The account has no
    password: its player sets one by the reset mail."""
    if document.get("format") != FORMAT or document.get("version") != VERSION:
        raise BadDocument(f"not a {FORMAT} document of version {VERSION}")
    try:
        with transaction.atomic():
            user = _import_account(document)
    except DatabaseError as error:  # what the checks let through and the database refuses: a race, at worst
        raise BadDocument(f"the database refused the document: {error}") from None
    progress.rebuild(Player(user.pk, None))
    return user


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadDocument(f"{where} is not a JSON object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise BadDocument(f"{where} is not a JSON list")
    return value


def _part(data: dict[str, Any], key: str, where: str) -> object:
    if key not in data:
        raise BadDocument(f"{where} has no {key!r}")
    return data[key]


def _value(model: type[models.Model], name: str, data: dict[str, Any], where: str) -> Any:
    """``data[name]`` as ``model``'s column ``name`` stores it: of its JSON type, within its length and choices."""
    raw = _part(data, name, where)
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)  # noqa: S101 (a column: the names come from the export's lists)
    if raw is None and field.null:
        return None
    kind = field.get_internal_type()
    if isinstance(raw, bool) is not (kind == "BooleanField") or not isinstance(raw, JSON_TYPES.get(kind, ())):
        raise BadDocument(f"{where}: {name} is a {type(raw).__name__}, not what its column holds ({kind})")
    if isinstance(raw, int | float) and kind == "DurationField":
        return _duration(raw, f"{where}: {name}")
    try:
        value = field.clean(raw, None)
    except ValidationError as error:
        raise BadDocument(f"{where}: {name} {raw!r:.80}: {' '.join(error.messages)}") from None
    if isinstance(value, datetime) and value.utcoffset() is None:
        raise BadDocument(f"{where}: {name} {raw!r} has no time zone")
    return value


def _duration(seconds: float, where: str) -> timedelta:
    if not 0 <= seconds < 10**9:
        raise BadDocument(f"{where}: {seconds!r} seconds is not a duration a game takes")
    return timedelta(seconds=seconds)


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = _part(data, key, where)
    if not isinstance(value, str):
        raise BadDocument(f"{where}: {key} is not text")
    return value


def _public_id(data: dict[str, Any], where: str) -> str:
    public_id = _text(data, "public_id", where)
    if not PUBLIC_ID.fullmatch(public_id):
        raise BadDocument(f"{where}: public_id {public_id!r:.80} is not an address's")
    return public_id


def _import_account(document: dict[str, Any]) -> User:
    account = _object(_part(document, "account", "the document"), "the account")
    user = User.objects.create_user(_account_name(account), email=_value(User, "email", account, "the account"))
    AccountName.claim(user)
    User.objects.filter(pk=user.pk).update(
        date_joined=_value(User, "date_joined", account, "the account"),
        last_login=_value(User, "last_login", account, "the account"),
    )
    preferences = _part(document, "preferences", "the document")
    if preferences is not None:
        given = _object(preferences, "the preferences")
        Preferences.objects.create(
            user=user, **{name: _value(Preferences, name, given, "the preferences") for name in PREFERENCE_FIELDS}
        )
    for number, data in enumerate(_list(_part(document, "games", "the document"), "the games"), 1):
        _import_game(user, _object(data, f"game {number}"), f"game {number}")
    return user


def _account_name(account: dict[str, Any]) -> str:
    """The account's name, by every check sign-up makes (games/base/names.py), taken or not."""
    name = _text(account, "username", "the account")
    if User.objects.filter(username=name).exists():
        raise BadDocument(f"an account named {name!r} exists on this site")
    try:
        return AccountName.check_name(name)
    except ValidationError as error:
        raise BadDocument(f"the account's name {name!r:.80} is refused: {' '.join(error.messages)}") from None


def _import_game(user: User, data: dict[str, Any], where: str) -> None:
    public_id = _public_id(data, where)
    where = f"game {public_id}"
    _refuse_withheld(data, where)
    fields = {name: _value(GameRecord, name, data, where) for name in GAME_FIELDS if name != "public_id"}
    record = GameRecord(user=user, public_id=public_id, **fields)
    game = _replayed(record, where)
    _check_times(record, game, where)
    _check_day(record, where)
    if (record.time_limit is not None) is not ("challenge" in data):
        raise BadDocument(f"{where}: a challenge's game has a time limit and its room, and only a challenge's")
    _take_figures(record, game, where)
    record.link_role = _link_role(record, data, where)
    if GameRecord.objects.filter(public_id=public_id).exists():
        raise BadDocument(f"{where} is on this site already")
    record.save()
    GameRecord.objects.filter(pk=record.pk).update(updated=fields["updated"])  # as stored, not the save's now
    if "challenge" in data:
        _import_seat(user, record, _object(data["challenge"], f"{where}: its challenge"), where)
    if record.link_role == LinkRole.MADE:
        _import_link(record, _object(data["link"], f"{where}: its link"), where)


def _refuse_withheld(data: dict[str, Any], where: str) -> None:
    """A game downloaded while its deal was secret cannot be imported: its code and log are not in the document."""
    if "withheld" in data:
        withheld = _object(data["withheld"], f"{where}: what it withholds")
        reason = _text(withheld, "reason", where)
        raise BadDocument(
            f"{where} was downloaded without its deal ({reason:.200}): download the data again once it opens"
        )


def _take_figures(record: GameRecord, game: engine.Game, where: str) -> None:
    """The replay's figures, which must be those the file claims; what the replay cannot say is not taken."""
    claimed = {name: getattr(record, name) for name in FIGURES}
    record.take_figures(game)
    wrong = [
        f"{name} {claimed[name]!r} (its replay: {getattr(record, name)!r})"
        for name in FIGURES
        if claimed[name] != getattr(record, name)
    ]
    if wrong:
        raise BadDocument(f"{where} claims what its log does not give: {', '.join(wrong)}")
    if record.winnable is False and game.status is engine.Status.WON:
        raise BadDocument(f"{where} is won, on a deal it says cannot be won")
    record.winnable = True if game.status is engine.Status.WON else None  # else the solver says it again
    record.ranked, record.par_percent = False, None  # no leaderboard takes an imported game; par is asked again


def _replayed(record: GameRecord, where: str) -> engine.Game:
    if engine.version_of(record.log) > MOST_ACTIONS:
        raise BadDocument(f"{where} has over {MOST_ACTIONS} actions")
    try:
        return record.replay()
    except (engine.InvalidLog, engine.InvalidGameCode) as error:
        raise BadDocument(f"{where} does not replay: {error}") from None


def _check_times(record: GameRecord, game: engine.Game, where: str) -> None:
    """Its times hold together: made and first action before its end, its end before its last change and that
    before now (a challenge's first action is the race's start, after the game is made), an end for a game over and
    none for one in play, a first action for a game timed and played, and no more given back of the network's
    waits than its actions can have been given."""
    ended, in_room = game.status is not engine.Status.PLAYING, record.time_limit is not None
    before = [(record.created, record.finished), (record.first_action_at, record.finished)]
    before += [(record.created, record.updated), (record.finished, record.updated), (record.updated, timezone.now())]
    if not in_room:  # a race starts after its games are made, and they wait for it
        before.append((record.first_action_at, record.updated))
    problems = [
        (any(earlier > later for earlier, later in before if earlier and later), "its times are out of order"),
        (ended is not (record.finished is not None), "its end does not match its status"),
        (record.scoring is not None and game.version > 0 and record.first_action_at is None, "it has no start"),
        (record.network_time > timedelta(seconds=NETWORK_MOST * game.version), "it gave back more than it waited"),
        (not in_room and record.seconds() < 0, "its clock gave back more than it ran"),
    ]
    said = [problem for wrong, problem in problems if wrong]
    if said:
        raise BadDocument(f"{where}: {'; '.join(said)}")


def _check_day(record: GameRecord, where: str) -> None:
    """A daily game is on its day's deal, on a day come, and an archive game only if it began after its day; no
    other game has a day."""
    day = record.daily_date
    if (record.level == engine.Level.DAILY.value) is not (day is not None):
        raise BadDocument(f"{where}: a daily game has a day, and only a daily game")
    if day is None:
        if record.archive:
            raise BadDocument(f"{where}: only a daily game is an archive game")
        return
    begun = record.created.astimezone(UTC).date()  # the server's days are UTC's (games/base/clock.py)
    if record.code != str(daily.daily_code(day)) or day > begun:
        raise BadDocument(f"{where} is not the daily deal of {day.isoformat()}")
    if record.archive is not (begun > day):
        raise BadDocument(f"{where}: an archive game is one begun after its day")


def _link_role(record: GameRecord, data: dict[str, Any], where: str) -> str:
    """A link made from it comes with it; one it was taken from is another player's, and the game comes as one of
    its own."""
    made = "link" in data
    if (record.link_role == LinkRole.MADE) is not made or (record.link_role == LinkRole.TAKEN) is not (
        "taken_from" in data
    ):
        raise BadDocument(f"{where}: its link role {record.link_role!r} does not match its links")
    if made and not record.linkable:
        raise BadDocument(f"{where}: a link is made from a game ended, other than a daily or a challenge's")
    return LinkRole.MADE if made else ""


def _import_seat(user: User, record: GameRecord, challenge: dict[str, Any], where: str) -> None:
    """Its room, made anew with its seat alone: a room of this site is never joined."""
    room_data = _object(_part(challenge, "room", where), f"{where}: its room")
    public_id = _public_id(room_data, f"{where}: its room")
    fields = {name: _value(Room, name, room_data, f"{where}: its room") for name in ROOM_FIELDS if name != "public_id"}
    if (fields["code"], fields["level"], fields["time_limit"]) != (record.code, record.level, record.time_limit):
        raise BadDocument(f"{where}: its room deals another deal, level or time limit than its game")
    if fields["time_limit"] not in TIME_LIMITS or fields["rounds"] not in (1, 3):
        raise BadDocument(f"{where}: its room's time limit or rounds are none a room has")
    if not 1 <= fields["round_number"] <= fields["rounds"] or fields["starts_at"] != record.first_action_at:
        raise BadDocument(f"{where}: its room's round or start does not match its game")
    if Room.objects.filter(public_id=public_id).exists():
        raise BadDocument(f"{where}: its room {public_id} is on this site: an imported game joins no room")
    seat_data = _object(_part(challenge, "seat", where), f"{where}: its seat")
    seat = {name: _value(Seat, name, seat_data, f"{where}: its seat") for name in SEAT_FIELDS}
    seat["name"] = _name(seat["name"], f"{where}: its seat")
    room = Room.objects.create(public_id=public_id, **fields)
    Seat.objects.create(room=room, user=user, game=record, **seat)


def _import_link(record: GameRecord, link: dict[str, Any], where: str) -> None:
    public_id = _public_id(link, f"{where}: its link")
    if LinkChallenge.objects.filter(public_id=public_id).exists():
        raise BadDocument(f"{where}: its link {public_id} is on this site already")
    name = _name(_value(LinkChallenge, "name", link, f"{where}: its link"), f"{where}: its link")
    LinkChallenge.objects.create(game=record, public_id=public_id, name=name)


def _name(name: str, where: str) -> str:
    """A name in a challenge, by the checks of a room's and a link's form (games/base/names.py)."""
    try:
        names.validate(name)
    except ValidationError as error:
        raise BadDocument(f"{where}: the name {name!r} is refused: {' '.join(error.messages)}") from None
    return names.clean(name)
