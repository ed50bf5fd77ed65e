"""Everything that changes a challenge room (docs/challenges.md): validate, write, then tell the room's pages on
commit (games/facts.py). A refusal changes nothing and says why (``Refusal``), in the player's language."""

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

import engine
from games import facts
from games.actions import create_game, find_deal_par
from games.base import names
from games.models import JOIN_CODE_LENGTH, JOIN_CODE_LETTERS, ROOM_PLAYERS, Room, RoomState, Seat, new_join_code
from games.players import Player
from games.solver import pool as solver_pool
from games.solver.budget import SolverBudget
from games.store.moderation import is_blocked, owner_of

logger = logging.getLogger(__name__)

NO_ROOM = _("No challenge with this address.")


class Refusal(Exception):
    """What the player asked of a challenge cannot be done: ``said()`` says why, in the active language; nothing was
    changed."""

    def __init__(self, message: Promise, **values: object) -> None:
        super().__init__(str(message))
        self.message, self.values = message, values

    def said(self) -> str:
        return str(self.message) % self.values if self.values else str(self.message)


FULL = _("This challenge is full: it takes %(most)d players at most.")
STARTED = _("This challenge has already started: nobody can join it now.")
OVER = _("This challenge is over.")
NAME_TAKEN = _("Another player in this challenge has that name: choose another.")
NOT_HOST = _("Only the player who made the challenge can start it.")
TOO_FEW = _("A challenge needs at least two players to start.")
NOT_SEATED = _("You are not a player of this challenge.")
NOT_OVER = _("A rematch can be asked for once the challenge is over.")
BAD_JOIN_CODE = _("A challenge's code is %(length)d letters, such as KXMTRW.")
NO_JOIN_CODE = _("No challenge waiting for players has this code: check it with the friend who gave it.")
BLOCKED = _("A moderator has kept you out of challenges.")
JOIN_CODE_TRIES = 3


def find(public_id: str, *, for_update: bool = False) -> Room:
    rooms_found = Room.objects.select_for_update() if for_update else Room.objects.all()
    try:
        return rooms_found.get(public_id=public_id)
    except Room.DoesNotExist:
        raise Http404(NO_ROOM) from None


def refuse_if_blocked(player: Player) -> None:
    """A player a moderator blocked may not make, join or take a challenge (games/moderation.py)."""
    if is_blocked(player):
        raise Refusal(BLOCKED)


def seat_of(room: Room, player: Player) -> Seat | None:
    return next((seat for seat in room.seats.all() if seat.is_of(player)), None)


def create_room(
    player: Player,
    name: str,
    time_limit: int,
    code: engine.GameCode,
    kind: engine.Level | engine.Rule,
    *,
    rounds: int = 1,
    round_number: int = 1,
) -> Room:
    """A room on ``code``'s deal (``fresh_deal``'s for ``kind``, secret until the room is over), of a level or free
    under a rule, the ``round_number``-th of ``rounds`` in a row, with ``player`` seated as its host under ``name``."""
    refuse_if_blocked(player)
    level = kind.value if isinstance(kind, engine.Level) else ""
    room = Room(code=str(code), level=level, time_limit=time_limit, rounds=rounds, round_number=round_number)
    with transaction.atomic():
        _save_with_a_join_code(room)
        _seat(room, player, name, host=True)
    return room


def _save_with_a_join_code(room: Room) -> None:
    """Save the new ``room`` with a join code no waiting room holds: drawn again in the rare case one does."""
    for attempt in range(JOIN_CODE_TRIES):
        room.join_code = new_join_code()
        try:
            with transaction.atomic():
                room.save()
            return
        except IntegrityError:
            if attempt == JOIN_CODE_TRIES - 1:
                raise


def find_by_join_code(given: str) -> Room:
    """The waiting room that holds the join code ``given`` (spaces and dashes, any case), else ``Refusal``."""
    code = "".join(given.split()).replace("-", "").upper()
    if len(code) != JOIN_CODE_LENGTH or not set(code) <= set(JOIN_CODE_LETTERS):
        raise Refusal(BAD_JOIN_CODE, length=JOIN_CODE_LENGTH)
    room = Room.objects.filter(join_code=code, starts_at__isnull=True).first()
    if room is None:
        raise Refusal(NO_JOIN_CODE)
    return room


def fresh_deal(kind: engine.Level | engine.Rule, budget: SolverBudget) -> engine.GameCode:
    """A deal nobody has seen, drawn over all 52! orders of the deck as the Daily's is, so that the cards face up at
    the start do not name it: a level's graded by the solver (on the player's budget), or any shuffle under a
    rule."""
    if isinstance(kind, engine.Rule):
        return engine.GameCode.shuffled(kind)
    try:
        code, cost = solver_pool.deal(kind, shuffled=True)
    except solver_pool.SolverUnavailable as error:
        logger.warning("a challenge's %s deal is graded on the request's thread: %s", kind.value, error)
        return engine.shuffled_level_code(kind)
    budget.charge(cost)
    return code


def _seat(room: Room, player: Player, name: str, *, host: bool = False) -> Seat:
    seat = Seat(room=room, name=name, user_id=player.user_id, player_token=player.token or "", host=host)
    try:
        with transaction.atomic():
            seat.save()
    except IntegrityError:  # the name's constraint (one_name_a_room): two joined at once under one name
        raise Refusal(NAME_TAKEN) from None
    return seat


def join(player: Player, public_id: str, name: str) -> Seat:
    """Seat ``player`` in the room under ``name``; a player already seated keeps their seat (a second tap)."""
    refuse_if_blocked(player)
    with transaction.atomic():
        room = find(public_id, for_update=True)  # the start waits for this join, or this join sees the start
        seated = seat_of(room, player)
        if seated is not None:
            return seated
        state = room.state()
        if state is RoomState.OVER:
            raise Refusal(OVER)
        if state is not RoomState.WAITING:
            raise Refusal(STARTED)
        if room.seats.count() >= ROOM_PLAYERS[-1]:
            raise Refusal(FULL, most=ROOM_PLAYERS[-1])
        if room.seats.filter(name_key=names.key_of(name)).exists():  # under the lock
            raise Refusal(NAME_TAKEN)
        seat = _seat(room, player, name, host=not room.seats.exists())  # a room its host left: the next one hosts
        facts.room_changed.announce(room)
    return seat


def start(player: Player, public_id: str) -> Room:
    """The host starts the race: every seat's game is made now, and all begin ``CHALLENGE_COUNTDOWN`` seconds from
    now, at the same server instant. Started already (a second tap), it is left as it is."""
    with transaction.atomic():
        room = find(public_id, for_update=True)
        seat = seat_of(room, player)
        if seat is None or not seat.host:
            raise Refusal(NOT_HOST)
        if room.starts_at is not None:
            return room
        seats = list(room.seats.all())
        if len(seats) < ROOM_PLAYERS[0]:
            raise Refusal(TOO_FEW)
        room.starts_at = timezone.now() + timedelta(seconds=settings.CHALLENGE_COUNTDOWN)
        room.join_code = None  # nobody joins a race begun: its code is free for another room
        room.save(update_fields=["starts_at", "join_code"])
        for each in seats:
            each.game = create_game(
                Player(each.user_id, each.player_token or None),
                room.game_code,
                winnable=True if room.level else None,
                level=room.game_level,
                starts_at=room.starts_at,
                time_limit=room.time_limit,
            )
            each.save(update_fields=["game"])
        facts.room_changed.announce(room)
    return room


def leave(player: Player, public_id: str) -> Room:
    """Before the start, the player's seat is given up (the host's passes to the next player); during the race the
    player is gone and their game stops there; after it, nothing changes."""
    with transaction.atomic():
        room = find(public_id, for_update=True)
        seat = seat_of(room, player)
        if seat is None:
            raise Refusal(NOT_SEATED)
        state = room.state()
        if state is RoomState.OVER:
            return room
        if state is RoomState.WAITING:
            _give_up(room, seat)
        elif seat.left is None:
            seat.left = timezone.now()
            seat.save(update_fields=["left"])
            Room.objects.close_if_done(room.pk)
        facts.room_changed.announce(room)
    return room


def _give_up(room: Room, seat: Seat) -> None:
    """A seat given up before the start: a host's room passes to the earliest joined still there."""
    seat.delete()
    if seat.host and (heir := room.seats.first()):
        heir.host = True
        heir.save(update_fields=["host"])


def leave_waiting_rooms(sender: type[User], instance: User, **signal: object) -> None:
    """An account about to be deleted (Django's ``pre_delete``) gives up its seats in rooms not yet started, as
    ``leave`` does, and the rooms' pages are told: a room it hosted passes to the next player, who can start it."""
    player = Player(instance.pk, None)
    waiting = Room.objects.filter(seats__user=instance, starts_at__isnull=True)
    for public_id in waiting.values_list("public_id", flat=True):
        leave(player, public_id)


def rematch(player: Player, public_id: str, budget: SolverBudget) -> Room:
    """A new room with the same players, a fresh deal of the same level or rule, and the same time limit, hosted by
    the player who asked; asked again (by anyone), the same one. In a best of three it is the next round, and after
    the last round the first of a new series."""
    room = find(public_id)
    seat = seat_of(room, player)
    if seat is None:
        raise Refusal(NOT_SEATED)
    if not room.is_over():
        raise Refusal(NOT_OVER)
    refuse_if_blocked(player)  # before the new deal is graded on their budget
    if room.rematch_id is not None:
        return room.rematch  # type: ignore[return-value]  # set, as its id is
    kind = room.game_level or room.game_code.rule
    code = fresh_deal(kind, budget)  # graded before the transaction: no lock held
    with transaction.atomic():
        next_round = room.round_number + 1 if room.series_goes_on else 1
        new = create_room(player, seat.name, room.time_limit, code, kind, rounds=room.rounds, round_number=next_round)
        for other in room.seats.exclude(pk=seat.pk):
            if not is_blocked(owner_of(other)):  # blocked since: left out
                Seat.objects.create(room=new, name=other.name, user_id=other.user_id, player_token=other.player_token)
        if not Room.objects.filter(pk=room.pk, rematch__isnull=True).update(rematch=new):
            transaction.set_rollback(True)  # another player's rematch came first: theirs it is
    room.refresh_from_db()
    facts.room_changed.announce(room)
    assert room.rematch is not None  # noqa: S101 (set by this call or by the one that came first)
    return room.rematch


def find_par(public_id: str, budget: SolverBudget) -> Room:
    """The room, with its deal's par found once it is over (its results give each player's share of it), on
    ``budget`` if no game of the deal asked for it before; nothing while the deal is secret."""
    room = find(public_id)
    if room.is_over():
        find_deal_par(room.code, engine.Scoring.STREAK, budget)
    return room
