"""What of a game a viewer may see: the one place that decides it.

A game gives its deal away through its code (which deals all 52 cards), its log and its replay (every card they
turned up), and the solver's word on it (its verdict, its par and par line, where its points went: each read from
the whole deal). A deal is **secret** while a fair result depends on it: a day's Daily until the day is over, a
challenge's race until its room is over, a game taken from a challenge link until its end. While it is secret:

| what of the game | its player | anyone else |
|---|---|---|
| its board, log and replay | shown | refused (``DealSecret``) |
| its code | a label: "Daily deal of 7 Dec", "Challenge of 7 Dec" | refused |
| its code and log in the downloaded data | withheld, and the file says so | – |
| Teach me, its verdict and par | not on practice of the day's deal, nor in a running race | refused |
| its par line, where its points went | not until the secret ends | refused |

A challenge's game shows nobody a card before its race starts (``NotStarted``), and a room shows its deal's code
once it is over. Face-down cards are shown to nobody: the board draws their backs (games/drawing/board.py). A
player's name is shown as the moderators left it ("player N" while hidden).

Every surface that shows a game asks here: its page and partial answers, its live socket and the watchers'
frames, its replay and par line, Teach me, the verdict and par, the data download, a room's and a link's pages,
History, the Daily's leaderboard and calendar, the admin. tests/web/test_visibility.py lists them all.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

import engine
from games.base import clock
from games.models import GameRecord, LinkChallenge, LinkRole, Room, RoomState
from games.players import Player
from games.store.moderation import Owned, hidden_names, owner_of


class DealSecret(Exception):
    """A game whose deal is secret, asked for by someone other than its player."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(f"game {record.public_id}'s deal is secret")
        self.record = record


class NotStarted(Exception):
    """A challenge's game asked for before its race starts: no card of it is shown to anyone until then."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(f"game {record.public_id} is a challenge's game whose race has not started")
        self.record = record


def deal_secret(record: GameRecord) -> bool:
    """A daily deal is secret until its day is over, so that the day's board stays fair; a challenge's until the
    challenge is over; a game taken from a challenge link until its end, which is its result."""
    if record.in_room:
        return not record.seat.room.is_over()
    if record.link_role == LinkRole.TAKEN:
        return record.finished is None
    return record.daily_date is not None and record.daily_date >= clock.today()


def room_deal_shown(room: Room) -> bool:
    """A room's deal (its code, its par) is shown once the room is over."""
    return room.is_over()


def room_code(room: Room) -> str:
    """A room's deal's code, shown once the room is over; "" before."""
    return room.code if room_deal_shown(room) else ""


def link_code(link: LinkChallenge, yours: GameRecord | None) -> str:
    """A challenge link's deal's code, shown to a viewer who has played it to its end (its challenger has, as
    ``yours`` they made it from); "" to anyone else."""
    return link.game.code if yours is not None and yours.finished is not None else ""


def names_shown(named: Sequence[tuple[str, Owned]]) -> list[str]:
    """Each name as others see it beside the row of its player (a seat, a game): "player N" while a moderator
    hides it. One query for all of them (a room's seats, a link's takers, a day's leaderboard)."""
    hidden = hidden_names(owner_of(row) for _, row in named)
    return [hidden.shown(name, owner_of(row)) for name, row in named]


@dataclass(frozen=True)
class Sight:
    """One game as one viewer may see it: its player (``owner``), or anyone else."""

    record: GameRecord
    owner: bool

    @classmethod
    def of(cls, record: GameRecord, viewer: Player) -> "Sight":
        return cls(record, record.is_owned_by(viewer))

    @cached_property
    def secret(self) -> bool:
        return deal_secret(self.record)

    @property
    def open(self) -> bool:
        """Whether the viewer may see the game's cards once its play has begun: its player, or anyone once its deal
        is no longer secret."""
        return self.owner or not self.secret

    def check(self) -> None:
        """Raises unless the viewer may see the game's board now: ``DealSecret`` for another player's while its deal
        is secret, ``NotStarted`` for anyone's challenge game before its race starts."""
        if not self.open:
            raise DealSecret(self.record)
        if self.record.in_room and self.record.seat.room.state() is RoomState.COUNTDOWN:
            raise NotStarted(self.record)

    @property
    def race_running(self) -> bool:
        """A challenge's game whose race is not over: no solver's word on it."""
        return self.record.in_room and self.secret

    @property
    def hidden_in_play(self) -> bool:
        """A deal hidden from its own player while they play it, which cannot be dealt again then: a running
        race's, or a challenge link's taken game until its end."""
        return self.race_running or (self.record.link_role == LinkRole.TAKEN and self.secret)

    @property
    def practice_on_secret_deal(self) -> bool:
        """A daily game that is no account's ranked one while its day lasts: the solver says nothing of it (no Teach
        me, no verdict) until the day is over, since what it says would carry into a ranked game, of this account
        or another (docs/levels.md "The day's ranking")."""
        return self.record.daily_date is not None and not self.record.ranked and self.secret

    @property
    def solver_silent(self) -> bool:
        """The solver's word on the game waits: for a running race, or practice on today's deal."""
        return self.race_running or self.practice_on_secret_deal

    def solver_may_speak(self, status: engine.Status) -> bool:
        """The game has ended (``status``), and the solver may say what it thinks of it: its verdict and par."""
        return status is not engine.Status.PLAYING and not self.solver_silent

    def deal_shown(self, status: engine.Status) -> bool:
        """Whether what shows cards the game never turned up may be shown (a par line, where the points went):
        once the game has ended and its deal is no longer secret."""
        return status is not engine.Status.PLAYING and not self.secret

    @property
    def code(self) -> str:
        """The game code as pages show it: while the deal is secret, a label that names the day."""
        record = self.record
        if not self.secret:
            return record.code
        if record.in_room or record.link_role == LinkRole.TAKEN:
            return gettext("Challenge of %(day)s") % {"day": date_format(timezone.localdate(record.created))}
        assert record.daily_date is not None  # noqa: S101 (a deal secret outside a challenge is a daily's)
        return gettext("Daily deal of %(day)s") % {"day": date_format(record.daily_date)}

    @property
    def withheld(self) -> tuple[str, ...]:
        """What a copy of the game's stored fields leaves out (the data download, the admin): its code and its
        log while its deal is secret, even to its player, since a file or a form is kept and passed on."""
        return ("code", "log") if self.secret else ()

    @property
    def name(self) -> str:
        """The name its player goes by where others see it: "player N" while a moderator hides it; "" for a
        player signed out."""
        name = self.record.player_name()
        return names_shown([(name, self.record)])[0] if name else ""
