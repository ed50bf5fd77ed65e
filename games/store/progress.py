"""Each player's records and medals (``engine.Progress``), kept in a ``PlayerProgress`` row and brought up to date
as each of their games ends: one replay of that game, never a scan of their history on a move.

Two events need more than the one game: an Undo that reopens a game's end takes it back, from the state kept
before it when it was the last one folded in, else by a rebuild; and an anonymous player's games joining an
account rebuild the account's (``rebuild``, also the ``rebuild_progress`` command's, for everyone).
"""

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone

import engine
from games.models import GameQuerySet, GameRecord, PlayerProgress
from games.players import Player

logger = logging.getLogger(__name__)


def end_of(record: GameRecord, game: engine.Game) -> engine.GameEnd:
    """The end of ``record``'s game, replayed as ``game``, as the records and medals count it."""
    assert record.finished is not None  # noqa: S101 (only an ended game is folded in)
    return engine.GameEnd.of(
        game,
        game=record.pk,
        ended=record.finished,
        kind=record.level or engine.FREE_KIND,
        score=record.score,
        stars=record.stars,
        seconds=record.seconds(),
        hints=record.hints,
        daily_day=record.daily_date,
        archive=record.archive,
        challenge=record.in_room or bool(record.link_role),
    )


Owner = dict[str, object]  # the fields that name a player's row and games: an account, or an anonymous token


def owner_of(player: Player) -> Owner:
    if player.user_id is not None:
        return {"user_id": player.user_id}
    return {"user_id": None, "player_token": player.token or ""}


def _owner(record: GameRecord) -> Owner:
    return owner_of(Player(record.user_id, record.player_token))


def _row_for(owner: Owner) -> PlayerProgress:
    """The owner's row, locked until the transaction ends: two of their games ending at once fold in one by one."""
    row = PlayerProgress.objects.select_for_update().filter(**owner).first()
    if row is not None:
        return row
    try:
        with transaction.atomic():
            return PlayerProgress.objects.create(**owner)
    except IntegrityError:  # their first two ends at once: the other made it
        return PlayerProgress.objects.select_for_update().get(**owner)


def count_end(record: GameRecord, game: engine.Game, before: engine.Status) -> None:
    """After an action was written: fold in the game it ended, or take back the end it reopened (``before`` is the
    game's status before the action). A failure here loses no move: the move is written, and ``rebuild`` mends it.
    """
    ended = before is engine.Status.PLAYING and game.status is not engine.Status.PLAYING
    reopened = before is not engine.Status.PLAYING and game.status is engine.Status.PLAYING
    if not (ended or reopened):
        return
    try:
        with transaction.atomic():
            row = _row_for(_owner(record))
            if ended:
                _fold_in(row, record, game)
            else:
                _take_back(row, record)
    except DatabaseError:
        logger.exception("the records of game %s's player wait for rebuild_progress", record.public_id)


def _fold_in(row: PlayerProgress, record: GameRecord, game: engine.Game) -> None:
    progress = row.progress
    row.before_last, row.last_game = row.state, record.pk
    progress.fold(end_of(record, game))
    row.state = progress.as_data()
    row.save()


def _take_back(row: PlayerProgress, record: GameRecord) -> None:
    if row.last_game == record.pk and row.before_last is not None:
        row.state, row.last_game, row.before_last = row.before_last, None, None
        row.save()
    else:
        _rebuild_row(row, GameRecord.objects.filter(**_owner(record)))


def ended_games(games: GameQuerySet) -> Iterator[tuple[GameRecord, engine.Game]]:
    """``games`` that have ended, in their order, each replayed; a log that no longer replays is left out (its
    page says it is broken)."""
    for record in games.exclude(finished=None).select_related("seat__room").iterator(chunk_size=500):
        try:
            game = record.replay()
        except engine.InvalidLog:
            logger.error("game %s does not replay: left out of its player's records", record.public_id)
            continue
        if game.status is not engine.Status.PLAYING:  # the log is the truth: a summary set apart from it is no end
            yield record, game


def progress_of_games(games: GameQuerySet) -> engine.Progress:
    """The records and medals of ``games``, folded afresh."""
    in_order = games.order_by("finished", "id")
    return engine.Progress.of(end_of(record, game) for record, game in ended_games(in_order))


def _rebuild_row(row: PlayerProgress, games: GameQuerySet) -> None:
    row.state, row.last_game, row.before_last = progress_of_games(games).as_data(), None, None
    row.save()


def rebuild(player: Player) -> None:
    """``player``'s records and medals, folded afresh from their stored games; an account's once an anonymous
    player's games joined it, whose own row goes."""
    with transaction.atomic():
        _rebuild_row(_row_for(owner_of(player)), GameRecord.objects.owned_by(player))


def adopted(token: str, user_id: int) -> None:
    """An anonymous player's games joined the account ``user_id``: their records are the account's now."""
    PlayerProgress.objects.filter(**owner_of(Player(None, token))).delete()
    rebuild(Player(user_id=user_id, token=None))


@dataclass(frozen=True)
class Rebuilt:
    players: int
    of: int  # players in all


def rebuild_everyone(report: Callable[[Rebuilt], None] | None = None) -> Rebuilt:
    """Every player's records and medals, folded afresh from the stored games, one player at a time under their
    row's lock (a game of theirs ending meanwhile waits for it, and is folded in after); ``report`` hears how far
    it has gone after each. The rows of players left with no ended game go."""
    started = timezone.now()
    ended = GameRecord.objects.exclude(finished=None)
    accounts = ended.exclude(user=None).values_list("user_id", flat=True).distinct().order_by()
    tokens = ended.filter(user=None).values_list("player_token", flat=True).distinct().order_by()
    players = [*(Player(user_id, None) for user_id in accounts), *(Player(None, token) for token in tokens)]
    for done, player in enumerate(players, start=1):
        rebuild(player)
        if report:
            report(Rebuilt(done, len(players)))
    PlayerProgress.objects.filter(updated__lt=started).delete()
    return Rebuilt(len(players), len(players))


def forget_players_without_games() -> int:
    """Delete the rows of anonymous players none of whose games is left (prune_games took them): how many."""
    left = GameRecord.objects.filter(user=None).values("player_token")
    return PlayerProgress.objects.filter(user=None).exclude(player_token__in=left).delete()[0]


def progress_for(player: Player) -> engine.Progress:
    """``player``'s records and medals as kept: none before their first game ends."""
    row = PlayerProgress.objects.filter(**owner_of(player)).first() if player.user_id or player.token else None
    return row.progress if row else engine.Progress()
