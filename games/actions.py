"""Everything that changes a game goes through here: validate, write, then notify on commit.

Views parse the request and call one of these functions; ``play`` reads the game, replays its
log through the engine (or finds the position in this process's memory of them, games/base/memo.py),
applies the action and writes it back only if no other action was written meanwhile (an optimistic
write: one conditional UPDATE, no lock held while the engine works); once it is written, it announces what
happened (games/facts.py) to whoever listens.
"""

import dataclasses
import logging
from dataclasses import dataclass
from datetime import date, datetime

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

import engine
from games import facts
from games.base import clock, database, memo, metrics, round_trips
from games.models import FREE_GAME, DealPar, GameRecord, Room, RoomState, Seat
from games.players import Player
from games.solver import pool as solver_pool
from games.solver.budget import BudgetSpent, SolverBudget
from games.store import daily, moderation, move_statements, progress
from games.store.visibility import DealSecret, Sight

logger = logging.getLogger(__name__)


class NotTaught(Exception):
    """Teach me asked on practice of today's deal (``Sight.practice_on_secret_deal``): not until the day ends."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(f"game {record.public_id} is practice on a daily deal whose day is not over")
        self.record = record


class ParClosed(Exception):
    """A par line asked for before the game is over, or while its deal is secret: it shows every card."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(f"game {record.public_id}'s par line is closed")
        self.record = record


class BrokenGame(Exception):
    """A stored log that no longer replays: shown as an error page, never retried in a loop."""

    def __init__(self, record: GameRecord, error: engine.InvalidLog) -> None:
        super().__init__(f"game {record.public_id} ({record.code}) does not replay: {error}")
        self.record = record


@dataclass(frozen=True)
class Outcome:
    """What became of an action: applied, refused by the rules or by its challenge (not started, over), or posted
    from a stale page."""

    record: GameRecord
    game: engine.Game
    refused: engine.Refusal | None = None
    stale: bool = False
    room_closed: RoomState | None = None
    played_on: engine.Game | None = None  # an action applied: the position it was played on

    @property
    def in_a_word(self) -> str:
        """What became of the action, as the metrics count it: applied, stale, room_closed, or the refusal."""
        if self.refused is not None:
            return self.refused.value
        if self.room_closed is not None:
            return "room_closed"
        return "stale" if self.stale else "applied"


def create_game(
    player: Player,
    code: engine.GameCode,
    *,
    winnable: bool | None = None,
    level: engine.Level | None = None,
    daily_date: date | None = None,
    starts_at: datetime | None = None,
    time_limit: int | None = None,
    guided: bool = False,
    archive: bool = False,
) -> GameRecord:
    """A new game on ``code``: a free game, or one of ``level`` (on ``daily_date``'s deal for the daily, a past
    day's as its ``archive`` game, never ranked); a challenge's starts at ``starts_at`` and stops at
    ``time_limit`` (challenges.actions.start)."""
    record = GameRecord(
        code=str(code),
        user_id=player.user_id,
        player_token=player.token or "",
        winnable=winnable,
        level=level or FREE_GAME,
        daily_date=daily_date,
        first_action_at=starts_at,
        time_limit=time_limit,
        guided=guided,
        archive=archive,
    )
    if level is engine.Level.DAILY:
        record.first_action_at = timezone.now()  # its clock runs from the deal's showing: no studying it first
    record.take_summary(engine.Game.new(code))
    if level is engine.Level.DAILY and player.user_id is not None and not archive:
        _save_ranked_if_first(record, player.user_id)
    else:
        record.save()
    return record


def start_guided(player: Player) -> GameRecord:
    """The guided first game (engine/guide.py): a free game on its fixed deal, coached on its page."""
    return create_game(player, engine.GUIDED_CODE, winnable=True, guided=True)


def skip_guide(player: Player, public_id: str) -> GameRecord:
    """The guided game's player goes on alone: the game stays, without its coach."""
    record = find(GameRecord.objects.all(), public_id)
    if record.playable_by(player) and record.guided:
        GameRecord.objects.filter(pk=record.pk).update(guided=False)
        record.guided = False
    return record


def _save_ranked_if_first(record: GameRecord, user_id: int) -> None:
    """Saves a signed-in player's daily game, ranked if it is the first their account starts on its day: the
    database's constraint decides between two started at once, and the other is saved unranked."""
    earlier = GameRecord.objects.filter(user_id=user_id, daily_date=record.daily_date, ranked=True)
    record.ranked = not earlier.exists()
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError:
        if not record.ranked:
            raise
        record.ranked = False
        record.save()


def hand_over(token: str, user_id: int) -> None:
    """An anonymous player's games join the account they log in to or sign up with, and so do their seats in
    challenges, but in a room where the account already has one."""
    moved = GameRecord.objects.filter(user__isnull=True, player_token=token).update(user_id=user_id)
    seats = Seat.objects.filter(user__isnull=True, player_token=token).exclude(room__seats__user_id=user_id)
    seats.update(user_id=user_id)
    moderation.carry_over(token, user_id)
    if moved:
        progress.adopted(token, user_id)


def deal_level(player: Player, level: engine.Level, budget: SolverBudget) -> GameRecord:
    """A new game of ``level``: today's deal for the daily, else a deal graded into the level's band by the
    solver, on ``budget`` (the caller checked it has time left). With the solver's processes busy or gone, the
    deal is graded here: a few milliseconds, and the player gets their game."""
    if level is engine.Level.DAILY:
        day = clock.today()
        return create_game(player, daily.daily_code(day), winnable=True, level=level, daily_date=day)
    try:
        code, cost = solver_pool.deal(level)
    except solver_pool.SolverUnavailable as error:
        logger.warning("a %s deal is graded on the request's thread: %s", level.value, error)
        code, cost = engine.deal_level(level), 0.0
    budget.charge(cost)
    return create_game(player, code, winnable=True, level=level)


class NotInCalendar(Exception):
    """An archive game asked for a day that has no past daily deal: before the first one, today or later."""

    def __init__(self, day: date) -> None:
        super().__init__(f"{day} has no past daily deal")


def play_archive(player: Player, day: date) -> GameRecord:
    """A past day's daily deal, played as that day's archive game (``NotInCalendar`` for a day that has none)."""
    if not daily.in_calendar(day) or day == clock.today():
        raise NotInCalendar(day)
    level = engine.Level.DAILY
    return create_game(player, daily.daily_code(day), winnable=True, level=level, daily_date=day, archive=True)


def deal_again(player: Player, public_id: str) -> GameRecord:
    """ "Replay this deal": the same deal in the same mode, as a new game of ``player``'s; a daily deal whose day
    is over, as that day's archive game (it counts for no day's streak, badge or leaderboard)."""
    earlier = find(GameRecord.objects.all(), public_id)
    if Sight.of(earlier, player).hidden_in_play:  # a challenge's deal, before the challenge is over for its player
        raise DealSecret(earlier)
    if earlier.daily_date is not None and earlier.daily_date < clock.today():
        return play_archive(player, earlier.daily_date)
    return create_game(
        player,
        earlier.game_code,
        winnable=earlier.winnable,
        level=earlier.game_level,
        daily_date=earlier.daily_date,
    )


NO_GAME = "No game with this address."


def find(records: QuerySet[GameRecord], public_id: str) -> GameRecord:
    try:
        return records.get(public_id=public_id)
    except GameRecord.DoesNotExist:
        raise Http404(NO_GAME) from None


def replay(record: GameRecord) -> engine.Game:
    try:
        return record.replay()
    except engine.InvalidLog as error:
        logger.error("game %s (%s) does not replay: %s", record.public_id, record.code, error)
        raise BrokenGame(record, error) from error


def load(public_id: str) -> tuple[GameRecord, engine.Game]:
    """A stored game and the position its log reaches, for pages that only read."""
    record = find(GameRecord.objects.all(), public_id)
    return record, replay(record)


def load_for(player: Player, public_id: str) -> tuple[GameRecord, engine.Game]:
    """As ``load``, for a page that shows the game to ``player``, with what they may see of it: a game whose deal is
    secret shows its player alone (``DealSecret`` for others), since every card it turns up is one of the deal; a
    challenge's game shows nobody its cards before the race starts (``NotStarted``)."""
    record = find(GameRecord.objects.all(), public_id)
    Sight.of(record, player).check()
    return record, replay(record)


def play(
    public_id: str,
    player: Player,
    action: engine.Action,
    version: int,
    position: int | None = None,
    own: float | None = None,
) -> Outcome:
    """Apply one action if ``version`` is the game's current version; ``own``: the seconds since the last action
    that the page says were its player's, not the network's (``GameRecord.charge_network``).

    A stale or repeated POST (double tap, two tabs) applies nothing: its version is no longer current,
    either when the game is read or when it is written (another action was written in between: the
    write finds a log other than the one read, and the player is shown the game as it now stands).
    """
    outcome = _play(public_id, player, action, version, position, own)
    metrics.count_inc(metrics.ACTIONS, action.value, outcome.in_a_word)
    return outcome


def _play(
    public_id: str, player: Player, action: engine.Action, version: int, position: int | None, own: float | None
) -> Outcome:
    record = move_statements.read_game(public_id)  # the hot path: one hand-written SELECT
    if record is None:
        raise Http404(NO_GAME)
    if not record.is_owned_by(player):
        raise PermissionDenied("Only the player who started this game can play it.")
    game = replay(record)
    if record.link_role and record.finished is not None:  # a challenge link's game: its end is its result
        return Outcome(record, game, refused=engine.Refusal.GAME_OVER)
    seat = record.read_seat() if record.in_room else None
    if seat is not None and (closed := seat.closed_to_moves()):
        return Outcome(record, game, room_closed=closed)
    if version != game.version:
        return Outcome(record, game, stale=True)
    played_on = game.copy()
    try:
        game.act(action, position)
    except engine.IllegalMove as refused:
        return Outcome(record, played_on, refused=refused.reason)
    read_log = record.log
    record.charge_network(own, round_trips.latest(public_id) if own is not None else 0.0)
    record.take_summary(game)
    ending = progress.changes_an_end(played_on.status, game.status)
    with database.writers_turn(), progress.locked_for(record, ending) as records:
        if seat is None:  # unless another action was written since the read
            written, closed = move_statements.write_summary(record, read_log), None
        else:
            written, closed = _write_in_room(seat, record, read_log, game)
        if written and records is not None:  # the player's records and medals, with the move or not at all
            progress.count_end(records, record, game)
    if not written:
        record, game = load(public_id)
        return Outcome(record, game, stale=closed is None, room_closed=closed)
    memo.positions.remember(game)  # the next move reads this log: it need not replay it
    facts.game_moved.announce(record, game)
    return Outcome(record, game, played_on=played_on)


def _write_in_room(seat: Seat, record: GameRecord, read_log: str, game: engine.Game) -> tuple[bool, RoomState | None]:
    """A challenge's move, written under its room's row lock, where the room's end is decided too: whether it was
    written, and why the room refused it. A move that passed the room's check just before another player's last
    move ended the room is refused here (an undo would put a game back in play in a room that is over), and two
    last moves end the room once."""
    with transaction.atomic():
        seat.room = Room.objects.select_for_update().get(pk=seat.room_id)
        if closed := seat.closed_to_moves():
            return False, closed
        written = move_statements.write_summary(record, read_log)
        if written and game.status is not engine.Status.PLAYING:
            Room.objects.close_if_done(seat.room_id)  # the game that ended may end its room
    return written, None


@dataclass(frozen=True)
class Taught:
    """Teach me's answer on a game as it stands."""

    record: GameRecord
    game: engine.Game
    hint: engine.Hint


def teach_and_count(player: Player, public_id: str, budget: SolverBudget) -> Taught:
    """Teach me: an action that keeps the deal winnable, from the solver, on ``budget`` (``BudgetSpent`` past it,
    ``SolverUnavailable`` with the solver busy). Asked by the game's player while they may play it, and not won
    (blocked too: Undo reopens it), it is counted: a game its player was taught in ranks after those played
    unaided, and a challenge's standings say so. Anyone else may ask, and nothing is written. Practice on today's
    deal is not taught (``NotTaught``) until the day is over."""
    record, game = load_for(player, public_id)  # today's daily: its player alone
    if Sight.of(record, player).practice_on_secret_deal:
        raise NotTaught(record)
    if wait := budget.wait():
        raise BudgetSpent(wait)
    hint, cost = solver_pool.hint(game)
    budget.charge(cost)
    if record.playable_by(player) and game.status is not engine.Status.WON:
        record.count_hint()
        if record.in_room:
            facts.room_changed.announce(record.seat.room)
    return Taught(record, game, hint)


def find_verdict(player: Player, public_id: str, budget: SolverBudget) -> GameRecord:
    """The game, with the solver's analysis of its end stored if it has ended ("where was it lost"), on
    ``budget``: past it, or with the solver busy, the end goes without its verdict for now.

    Asked for by the end card once it is shown, not by the move that ends the game: that move's answer never
    waits for the solver (a hard position takes it up to some 20 ms, in its own process, games/solver/pool.py),
    and a game ended by a script that never shows it costs the solver nothing. The analysis is stored only if
    no action came in meanwhile (an undo reopens the game)."""
    record, game = load_for(player, public_id)
    if not Sight.of(record, player).solver_may_speak(game.status) or record.analysed:
        return record  # a challenge's game has the solver's word once the race is over, as Teach me's would mark it
    if budget.wait():
        return record
    try:
        analysis, cost = solver_pool.analyse(game)
    except solver_pool.SolverUnavailable as error:
        logger.warning("game %s is shown without its analysis: %s", record.public_id, error)
        return record
    budget.charge(cost)
    fields = record.analysis_fields(analysis)
    if GameRecord.objects.filter(pk=record.pk, log=record.log).update(**fields):
        for name, value in fields.items():
            setattr(record, name, value)
    return record


def find_par(player: Player, public_id: str, budget: SolverBudget) -> GameRecord:
    """The game, with its deal's par found once the game has ended, and the game's share of it stored.

    Asked for by the end card once shown, as the verdict is (``find_verdict``). The par of a deal is found once,
    for every game of it, on the budget of the player who asks first; past the budget, or with the solver busy,
    the end goes without it for now. Not while the game is played, nor while the solver says nothing of it."""
    record, game = load_for(player, public_id)
    if not Sight.of(record, player).solver_may_speak(game.status):
        return record
    deal_par = find_deal_par(record.code, record.par_scoring, budget)
    if deal_par is not None and record.par_percent is None:
        percent = deal_par.percent_for(record, game)
        if GameRecord.objects.filter(pk=record.pk, log=record.log).update(par_percent=percent):
            record.par_percent = percent  # unless an undo reopened the game meanwhile
    return record


def find_deal_par(code: str, scoring: engine.Scoring, budget: SolverBudget) -> DealPar | None:
    """The par of the deal ``code`` under ``scoring``: as kept, or else found on ``budget`` and kept; None past the
    budget or with the solver busy."""
    known = DealPar.known(code, scoring)
    if known is not None or budget.wait():
        return known
    try:
        found, cost = solver_pool.par(engine.GameCode.parse(code), scoring)
    except solver_pool.SolverUnavailable as error:
        logger.warning("the deal %s goes without its par for now: %s", code, error)
        return None
    budget.charge(cost)
    return keep_par(code, scoring, found)


def keep_par(code: str, scoring: engine.Scoring, found: engine.Par) -> DealPar:
    """The par of the deal ``code`` kept: ``found``, or the one another request kept meanwhile (the same)."""
    deal_par, _ = DealPar.objects.get_or_create(
        code=code, scoring=scoring, defaults={"score": found.score, "line": found.line}
    )
    return deal_par


def find_losses(player: Player, public_id: str, budget: SolverBudget) -> GameRecord:
    """The game, with where its points went found and stored once it is over and its deal no longer secret (what
    a par line played instead shows cards); past the budget, or with the solver busy, not for now."""
    record, game = load_for(player, public_id)
    if not Sight.of(record, player).deal_shown(game.status) or record.par_losses is not None or budget.wait():
        return record
    try:
        found, cost = solver_pool.losses(game, record.par_scoring)
    except solver_pool.SolverUnavailable as error:
        logger.warning("game %s is replayed without where its points went: %s", record.public_id, error)
        return record
    budget.charge(cost)
    kept = [dataclasses.asdict(loss) for loss in found]
    if GameRecord.objects.filter(pk=record.pk, log=record.log).update(par_losses=kept):
        record.par_losses = kept
    return record


def par_line(player: Player, public_id: str, budget: SolverBudget) -> tuple[GameRecord, DealPar | None]:
    """The game and its deal's par, whose line is shown: once the game is over and its deal no longer secret (a
    day's Daily, a challenge's race), else ``ParClosed``; the par None if it could not be found for now."""
    record = find_par(player, public_id, budget)
    if not Sight.of(record, player).deal_shown(engine.Status(record.status)):
        raise ParClosed(record)
    return record, DealPar.of(record)
