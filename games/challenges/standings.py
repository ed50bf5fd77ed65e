"""A challenge room's standings and results, computed from its stored games, so that a restart or a reconnect
loses nothing (docs/challenges.md)."""

from dataclasses import dataclass
from enum import StrEnum

import engine
from games.base import names
from games.models import DealPar, Room, Seat
from games.store.visibility import names_shown, room_deal_shown


class RacerState(StrEnum):
    WAITING = "waiting"  # the room has not started
    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"
    GONE = "gone"  # left the race: their game stopped there


@dataclass(frozen=True)
class Racer:
    """One player's line in a room's standings: figures only, never a card (their face-up cards may still be face
    down in another's game)."""

    name: str
    state: RacerState
    cleared: int  # cards cleared from the peaks, of engine.PEAK_CARDS
    peaks: int  # peaks cleared, of 3
    best_streak: int  # the longest streak of their game so far: what players compare, where the last may be 0
    score: int  # by streak scoring, on the room's terms (GameRecord.scoring)
    stock_left: int
    seconds: float  # from the start to their game's end, or to now, or to the time limit
    assisted: bool  # Teach me answered them
    game_id: str  # their game's public id: linked only once the room is over
    seat_id: int
    actions: int = 0  # their game's version
    par_percent: int | None = None  # their score's share of the deal's par, once the room is over and par found
    host: bool = False  # starts the race: said while the room waits

    @property
    def won(self) -> bool:
        return self.state is RacerState.WON

    @property
    def order(self) -> tuple[bool, bool, int, float, int]:
        """The ranking: unassisted before assisted, then the won first, then the best score, then the fastest."""
        return (self.assisted, not self.won, -self.score, self.seconds, self.seat_id)


def seats_of(room: Room) -> list[Seat]:
    seats = list(room.seats.select_related("game"))
    for seat in seats:
        seat.room = room  # the one read: not one query per seat
    return seats


def standings(room: Room) -> list[Racer]:
    """Every player of ``room``, in the order of the ranking (``Racer.order``); before the start, as they joined."""
    deal_par = room_par(room)
    seats = seats_of(room)
    names = names_shown([(seat.name, seat) for seat in seats])
    racers = [_racer(seat, name, deal_par) for seat, name in zip(seats, names, strict=True)]
    if room.starts_at is None:
        return racers
    return sorted(racers, key=lambda racer: racer.order)


def room_par(room: Room) -> DealPar | None:
    """The par of the room's deal, once the room is over (the deal is secret until then) and par is found."""
    return DealPar.known(room.code, engine.Scoring.STREAK) if room_deal_shown(room) else None


def _racer(seat: Seat, name: str, deal_par: DealPar | None) -> Racer:
    record = seat.game
    if record is None:
        return Racer(name, RacerState.WAITING, 0, 0, 0, 0, engine.STOCK_SIZE, 0.0, False, "", seat.pk, host=seat.host)
    game = record.replay()
    seconds = record.seconds()  # a game not ended stops with its player leaving, or with the room
    streaks = record.streak_score(game)
    assert streaks is not None  # noqa: S101 (a room game is scored by streaks: GameRecord.scoring)
    # Gone: left while still playing; a game that had ended keeps its result
    state = RacerState.GONE if seat.left and game.status is engine.Status.PLAYING else RacerState(game.status.value)
    return Racer(
        name=name,
        state=state,
        cleared=sum(game.is_removed(position) for position in range(engine.PEAK_CARDS)),
        peaks=sum(game.peaks_cleared()),
        best_streak=streaks.best_streak,
        score=streaks.total,
        stock_left=game.stock_count,
        seconds=seconds,
        assisted=record.hints > 0,
        game_id=record.public_id,
        seat_id=seat.pk,
        actions=game.version,
        par_percent=deal_par.percent_for(record, game) if deal_par else None,
    )


def version(racers: list[Racer]) -> int:
    """A number that grows with every change a room's standings show: players, and every action of their games."""
    return len(racers) + sum(racer.actions for racer in racers)


@dataclass(frozen=True)
class SeriesLine:
    """One player's line in a best of three: their score in each round (None for a round not over, or one they did
    not play), their sum, and the rounds they came first in."""

    name: str
    scores: list[int | None]
    total: int
    rounds_won: int


def series_rooms(room: Room) -> list[Room]:
    """The rounds of ``room``'s best of three that exist so far, in order: each next round is its round's rematch."""
    rooms = [room]
    while rooms[0].round_number > 1 and (earlier := Room.objects.filter(rematch=rooms[0]).first()):
        rooms.insert(0, earlier)
    while rooms[-1].series_goes_on and rooms[-1].rematch_id is not None:
        rooms.append(rooms[-1].rematch)  # type: ignore[arg-type]  # set, as its id is
    return rooms


def series(room: Room) -> list[SeriesLine]:
    """Every player of ``room``'s best of three, by the sum of their scores in the rounds over, then the rounds they
    won; none for a single deal, or before the first round is over."""
    if room.rounds == 1:
        return []
    results = [standings(each) if each.is_over() else [] for each in series_rooms(room)]
    if not any(results):
        return []
    by_key = {names.key_of(racer.name): racer.name for racers in results for racer in racers}
    lines = []
    for key, name in by_key.items():
        scores = [next((r.score for r in racers if names.key_of(r.name) == key), None) for racers in results]
        scores += [None] * (room.rounds - len(scores))
        won = sum(1 for racers in results if racers and names.key_of(racers[0].name) == key)
        lines.append(SeriesLine(name, scores, sum(score or 0 for score in scores), won))
    return sorted(lines, key=lambda line: (-line.total, -line.rounds_won))
