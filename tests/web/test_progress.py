"""Records and medals as the site keeps them (games/store/progress.py): for random histories of games played
through ``actions.play`` (won, lost, reopened by Undo and won, left unfinished; free, level, daily, archive and
challenge-link games; an anonymous player's games joining an account), the rows kept game by game equal a
rebuild from the stored games, and an archive game changes no leaderboard, daily-win streak or month's badge."""

import datetime
import functools
import json
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import QuerySet
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import engine
from games import actions
from games.base import clock
from games.challenges import links
from games.models import GameRecord, PlayerProgress
from games.players import Player
from games.solver.budget import SolverBudget
from games.store import daily, daily_calendar, move_statements, progress

from .rooms import winnable_and_blocked_by_drawing

pytestmark = pytest.mark.django_db

FIRST_DAY = datetime.date(2026, 11, 27)
POSITION = engine.log.POSITION_OF_SYMBOL
ANONYMOUS, HOST = "anonymous-token", "host-token"


@pytest.fixture
def on_day(monkeypatch: pytest.MonkeyPatch) -> list[datetime.date]:
    day = [FIRST_DAY]
    monkeypatch.setattr(clock, "today", lambda: day[0])
    return day


@functools.cache
def line_of(code: str) -> str:
    solution = engine.solve(engine.Game.new(engine.GameCode.parse(code)))
    assert solution.winnable
    return solution.line


def act(record: GameRecord, player: Player, symbol: str) -> engine.Game:
    action, position = (
        (engine.Action.DRAW, None)
        if symbol == "+"
        else (engine.Action.UNDO, None)
        if symbol == "-"
        else (engine.Action.TAP, engine.log.POSITION_OF_SYMBOL[symbol])
    )
    version = GameRecord.objects.get(pk=record.pk).version
    outcome = actions.play(record.public_id, player, action, version, position)
    assert outcome.refused is None and not outcome.stale, outcome
    return outcome.game


def lose(record: GameRecord, player: Player) -> engine.Game:
    """Draw the whole stock, then play the first card that fits until the game ends: most often blocked."""
    game = record.replay()
    while game.stock_count:
        game = act(record, player, "+")
    while game.status is engine.Status.PLAYING:
        game = act(record, player, engine.log.tap_symbol(game.playable()[0]))
    return game


def play_out(record: GameRecord, player: Player, script: str) -> None:
    line = line_of(record.code)
    if script == "win":
        for symbol in line:
            act(record, player, symbol)
    elif script == "leave":
        for symbol in line[:5]:
            act(record, player, symbol)
    elif script == "taught win":
        record.count_hint()
        play_out(record, player, "win")
    else:  # "lose", or "lose, reopen, win": undo back to the deal (the first undo reopens the end), then win
        game = lose(record, player)
        if script == "lose" or game.status is engine.Status.WON or record.link_role:  # a link's end is its result
            return
        for _ in range(len(game.standing)):
            act(record, player, "-")
        play_out(record, player, "win")


def start(kind: str, player: Player) -> GameRecord | None:
    """A new game of ``kind`` for ``player``; None for an archive game while the calendar has no past day."""
    code, _ = winnable_and_blocked_by_drawing()
    if kind == "daily":
        return actions.deal_level(player, engine.Level.DAILY, SolverBudget(None, None))
    if kind == "archive":
        day = clock.today() - datetime.timedelta(days=1)
        return actions.play_archive(player, day) if daily.in_calendar(day) else None
    if kind == "link":  # a host's game won, its link made and taken
        host = Player(None, HOST)
        made = actions.create_game(host, engine.GameCode.parse(code))
        play_out(made, host, "win")
        link = links.make(host, GameRecord.objects.get(pk=made.pk), "Host")
        return links.take(player, link.public_id, "Taker")
    level = engine.Level(kind) if kind in ("easy", "medium") else None
    return actions.create_game(player, engine.GameCode.parse(code), level=level)


KIND = st.sampled_from(["free", "easy", "medium", "daily", "archive", "link"])
SCRIPT = st.sampled_from(["win", "lose", "lose, reopen, win", "leave", "taught win"])
STEP = st.one_of(
    st.tuples(st.just("play"), st.sampled_from(["anonymous", "account"]), KIND, SCRIPT),
    st.tuples(st.just("reopen"), st.integers(0, 20)),  # an older blocked game, undone and won
    st.tuples(st.just("adopt")),
    st.tuples(st.just("make link"), st.integers(0, 20)),  # from an ended game: its end's count stays as it was
    st.tuples(st.just("rebuild")),  # between ends: the ends after it fold onto the rebuilt rows
    st.tuples(st.just("next day"), st.integers(1, 2)),
)


def owners(user: User) -> Iterator[Player]:
    yield Player(user.pk, None)
    for token in GameRecord.objects.filter(user=None).values_list("player_token", flat=True).distinct():
        yield Player(None, token)


def kept(player: Player) -> dict[str, Any]:
    return progress.progress_for(player).as_data()


def afresh(player: Player) -> dict[str, Any]:
    data = progress.progress_of_games(GameRecord.objects.owned_by(player)).as_data()
    stored: dict[str, Any] = json.loads(json.dumps(data))  # as stored
    return stored


def what_archive_games_leave_alone(user: User) -> object:
    days = [FIRST_DAY + datetime.timedelta(days=n) for n in range((clock.today() - FIRST_DAY).days + 1)]
    boards = [[(entry.record.pk, entry.rank, entry.practised) for entry in daily.leaderboard(day)] for day in days]
    streaks = [daily.daily_streak(GameRecord.objects.owned_by(player), clock.today()) for player in owners(user)]
    months = {day.replace(day=1) for day in days}
    badges = [
        daily_calendar.month_of(GameRecord.objects.owned_by(player), month).badge
        for player in owners(user)
        for month in sorted(months)
    ]
    return boards, streaks, badges


def stored_states() -> dict[tuple[int | None, str], str]:
    return {
        (row.user_id, row.player_token): json.dumps(row.state, sort_keys=True) for row in PlayerProgress.objects.all()
    }


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(STEP, min_size=1, max_size=9))
@example(  # a ranked daily left unfinished, then its day's archive game: no practice of it (daily.practised_first)
    steps=[("play", "account", "daily", "leave"), ("next day", 1), ("play", "account", "archive", "win")]
)
@example(  # a loss reopened after other games ended; then the anonymous player's games join the account
    steps=[
        ("play", "anonymous", "easy", "lose"),
        ("play", "anonymous", "daily", "win"),
        ("play", "account", "free", "win"),
        ("reopen", 0),
        ("adopt",),
        ("play", "anonymous", "link", "lose"),
    ]
)
@example(  # a link made from an ended game, then a rebuild: a made link is no challenge's game
    steps=[("play", "account", "free", "win"), ("make link", 0), ("rebuild",), ("play", "account", "free", "lose")]
)
@example(  # a game taken from a link, won, then asked for a link of its own: refused, it stays the link's game
    steps=[("play", "anonymous", "link", "win"), ("make link", 0)]
)
def test_the_records_kept_game_by_game_equal_a_rebuild_from_the_stored_games(
    on_day: list[datetime.date], steps: list[tuple[Any, ...]]
) -> None:
    on_day[0] = FIRST_DAY
    with transaction.atomic():
        user = User.objects.create_user("ann", password="x-long-password-1")
        players = {"anonymous": Player(None, ANONYMOUS), "account": Player(user.pk, None)}
        ended: list[GameRecord] = []
        for step in steps:
            if step[0] == "play":
                player = players[step[1]]
                before = what_archive_games_leave_alone(user) if step[2] == "archive" else None
                record = start(step[2], player)
                if record is None:
                    continue
                play_out(record, player, step[3])
                if record.archive:
                    assert what_archive_games_leave_alone(user) == before
                ended.append(record)
            elif step[0] == "reopen" and ended:
                record = GameRecord.objects.get(pk=ended[step[1] % len(ended)].pk)
                if record.status == engine.Status.BLOCKED and not record.link_role:
                    owner = Player(record.user_id, record.player_token)
                    for _ in range(len(record.replay().standing)):
                        act(record, owner, "-")
                    play_out(record, owner, "win")
            elif step[0] == "adopt" and players["anonymous"].token == ANONYMOUS:
                actions.hand_over(ANONYMOUS, user.pk)
                players["anonymous"] = Player(None, ANONYMOUS + "-after")
            elif step[0] == "next day":
                on_day[0] += datetime.timedelta(days=step[1])
            elif step[0] == "make link" and ended:
                record = GameRecord.objects.get(pk=ended[step[1] % len(ended)].pk)
                owner = Player(record.user_id, record.player_token)
                if links.refusal_to_make(owner, record) is None:
                    links.make(owner, record, "Maker")
            elif step[0] == "rebuild":
                call_command("rebuild_progress", verbosity=0)
        for player in owners(user):
            assert kept(player) == afresh(player), player
        kept_rows = stored_states()
        call_command("rebuild_progress", verbosity=0)
        assert stored_states() == {owner: state for owner, state in kept_rows.items() if json.loads(state)["counters"]}
        transaction.set_rollback(True)


def queries_of_the_end(player: Player) -> int:
    """The queries of the action that ends a new game of ``player``'s (the last of its winning line)."""
    record = start("free", player)
    assert record is not None
    line = line_of(record.code)
    for symbol in line[:-1]:
        act(record, player, symbol)
    with CaptureQueriesContext(connection) as end:
        act(record, player, line[-1])
    return len(end.captured_queries)


def test_a_game_s_end_costs_the_same_queries_after_one_game_or_ten(on_day: list[datetime.date]) -> None:
    """No scan of the player's history on a move: the end reads and writes one row of records, however many
    games came before (the first end makes it)."""
    player = Player(None, ANONYMOUS)
    queries_of_the_end(player)  # its first end makes the player's row
    second = queries_of_the_end(player)
    for _ in range(8):
        queries_of_the_end(player)
    assert queries_of_the_end(player) == second
    assert progress.progress_for(player).counters["finished"] == 11


def test_an_undo_that_reopens_the_last_game_ended_takes_it_back_from_the_state_kept_before_it(
    on_day: list[datetime.date],
) -> None:
    player = Player(None, ANONYMOUS)
    won = start("free", player)
    assert won is not None
    play_out(won, player, "win")
    before = kept(player)
    lost = start("free", player)
    assert lost is not None
    game = lose(lost, player)
    assert game.status is engine.Status.BLOCKED and kept(player)["counters"]["finished"] == 2
    with mock.patch.object(progress, "progress_of_games", side_effect=AssertionError("a scan of the history")):
        act(lost, player, "-")
    assert kept(player) == before


def test_a_first_end_that_finds_the_row_made_meanwhile_folds_into_it(on_day: list[datetime.date]) -> None:
    """A player's first two games ending at once: each finds no row, one makes it, the other's insert is refused
    by the one-row constraint and it folds into the row made."""
    player = Player(None, ANONYMOUS)
    first, second = start("free", player), start("free", player)
    assert first is not None and second is not None
    play_out(first, player, "win")
    with mock.patch.object(QuerySet, "first", return_value=None):  # as if read before the other end's commit
        play_out(second, player, "win")
    assert PlayerProgress.objects.count() == 1
    assert kept(player)["counters"]["won"] == 2 == afresh(player)["counters"]["won"]


def test_a_player_s_first_row_is_built_from_the_games_they_had_already_ended(on_day: list[datetime.date]) -> None:
    """As after the upgrade that brought records: games ended before it count from the first end after it."""
    player = Player(None, ANONYMOUS)
    for script in ("win", "lose"):
        record = start("free", player)
        assert record is not None
        play_out(record, player, script)
    PlayerProgress.objects.all().delete()
    record = start("free", player)
    assert record is not None
    play_out(record, player, "win")
    assert kept(player)["counters"]["finished"] == 3
    assert kept(player) == afresh(player)


def test_an_end_that_is_not_written_changes_no_record(on_day: list[datetime.date]) -> None:
    """Another action of the game written first (a second tab): the move is refused as stale, and so is its end."""
    player = Player(None, ANONYMOUS)
    record = start("free", player)
    assert record is not None
    line = line_of(record.code)
    for symbol in line[:-1]:
        act(record, player, symbol)
    game = record.replay()
    stale = game.version
    act(record, player, line[-1])  # the end, from one tab
    before = kept(player)
    outcome = actions.play(record.public_id, player, engine.Action.UNDO, stale)  # the other tab's, at the old version
    assert outcome.stale and kept(player) == before
    other = start("free", player)
    assert other is not None
    line = line_of(other.code)
    most, last = line[:-1], line[-1]
    for symbol in most:
        act(other, player, symbol)
    version = GameRecord.objects.get(pk=other.pk).version
    with mock.patch.object(move_statements, "write_summary", return_value=False):  # written by another meanwhile
        ending = actions.play(other.public_id, player, engine.Action.TAP, version, POSITION[last])
    assert ending.stale and kept(player) == before
