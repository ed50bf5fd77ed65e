"""Each player's records and medals (``engine.Progress``), kept in a ``PlayerProgress`` row and brought up to date
as each of their games ends: one replay of that game, never a scan of their history on a move.

A move that ends a game, or reopens one's end (an Undo from a blocked end), is written with the player's row
locked (``locked_for``), and the row changes in the same transaction: a rebuild waits for the move or the move for
the rebuild, so that no end is counted twice or lost, and a move that fails to be written changes no record.

Some events need more than the one game: an Undo that reopens a game's end takes it back, from the state kept
before it when it was the last one folded in, else by a rebuild; a player's first row is built from the games they
had already ended; and an anonymous player's games joining an account rebuild the account's (``rebuild``, also the
``rebuild_progress`` command's, for everyone).
"""

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Sum
from django.utils import timezone

import engine
from games.models import GameQuerySet, GameRecord, LinkRole, PlayerProgress
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
        challenge=record.in_room or record.link_role == LinkRole.TAKEN,  # a link made later changes no end
    )


Owner = dict[str, object]  # the fields that name a player's row and games: an account, or an anonymous token


def owner_of(player: Player) -> Owner:
    if player.user_id is not None:
        return {"user_id": player.user_id}
    return {"user_id": None, "player_token": player.token or ""}


def _owner(record: GameRecord) -> Owner:
    return owner_of(Player(record.user_id, record.player_token))


def _row_for(owner: Owner, *, history: bool = True) -> PlayerProgress:
    """The owner's row, locked until the transaction ends; made if they have none yet, from the games they had
    already ended (``history``: a rebuild makes its own)."""
    row = PlayerProgress.objects.select_for_update().filter(**owner).first()
    if row is not None:
        return row
    state = progress_of_games(GameRecord.objects.filter(**owner)).as_data() if history else {}
    try:
        with transaction.atomic():
            return PlayerProgress.objects.create(**owner, state=state)
    except IntegrityError:  # their first two ends at once: the other made it
        return PlayerProgress.objects.select_for_update().get(**owner)


def changes_an_end(before: engine.Status, after: engine.Status) -> bool:
    """Whether an action from ``before`` to ``after`` ends the game or reopens its end."""
    return (before is engine.Status.PLAYING) != (after is engine.Status.PLAYING)


@contextmanager
def locked_for(record: GameRecord, changing: bool) -> Iterator[PlayerProgress | None]:
    """A transaction holding the row of ``record``'s player, for the write of a move that ``changing`` its end
    (``changes_an_end``); None and no transaction for any other move."""
    if not changing:
        yield None
        return
    with transaction.atomic():
        yield _row_for(_owner(record))


def count_end(row: PlayerProgress, record: GameRecord, game: engine.Game) -> None:
    """Inside ``locked_for``, once the move is written: fold in the game it ended, or take back the end it reopened."""
    if game.status is engine.Status.PLAYING:
        _take_back(row, record)
    else:
        _fold_in(row, record, game)


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
        _rebuild_row(row, progress_of_games(GameRecord.objects.filter(**_owner(record))))


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


def _rebuild_row(row: PlayerProgress, progress: engine.Progress) -> None:
    row.state, row.last_game, row.before_last = progress.as_data(), None, None
    row.save()


def _ended_mark(games: GameQuerySet) -> dict[str, object]:
    """What changes whenever one of ``games`` ends or has its end reopened."""
    return games.exclude(finished=None).aggregate(count=Count("id"), last=Max("finished"), ids=Sum("id"))


def rebuild(player: Player) -> None:
    """``player``'s records and medals, folded afresh from their stored games: replayed before the row is locked,
    so that their moves wait for the write alone, and again under the lock if one of their games ended or was
    reopened meanwhile."""
    games = GameRecord.objects.owned_by(player)
    seen = _ended_mark(games)
    progress = progress_of_games(games)
    with transaction.atomic():
        row = _row_for(owner_of(player), history=False)
        if _ended_mark(games) != seen:
            progress = progress_of_games(games)
        _rebuild_row(row, progress)


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
