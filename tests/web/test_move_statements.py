"""A move's two hand-written statements (games/store/move_statements.py) on the suite's database: SQLite by
default, PostgreSQL when DATABASE_URL is set (CI runs both)."""

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db.models import Model

import engine
from games.models import GameRecord
from games.store.move_statements import read_game, write_summary

pytestmark = pytest.mark.django_db

CODE = "TP1-E-TRIPEAK"


def every_field(record: Model) -> dict[str, object]:
    return {field.attname: getattr(record, field.attname) for field in GameRecord._meta.concrete_fields}


def a_finished_daily_game() -> GameRecord:
    """A game whose every column holds a value, of each type the table has (dates, booleans, a user)."""
    moment = datetime.datetime(2026, 11, 30, 13, 14, 15, 161718, tzinfo=datetime.UTC)
    return GameRecord.objects.create(
        code=CODE,
        log="+-+",
        user=User.objects.create_user("reader"),
        player_token="token",
        status=engine.Status.BLOCKED.value,
        score=7,
        moves=3,
        finished=moment,
        winnable=True,
        lost_after_action=2,
        lost_after_move=2,
        lost_with_card="KH",
        analysed=True,
        level=engine.Level.DAILY.value,
        daily_date=datetime.date(2026, 11, 29),
        first_action_at=moment - datetime.timedelta(minutes=3),
        best_streak=2,
        stars=1,
    )


def a_new_game() -> GameRecord:
    return GameRecord.objects.create(code=CODE)


@pytest.mark.parametrize("make", [a_finished_daily_game, a_new_game])
def test_the_read_builds_the_game_as_the_orm_does(make: Callable[[], GameRecord]) -> None:
    record = make()
    read = read_game(record.public_id)
    assert read is not None
    assert every_field(read) == every_field(GameRecord.objects.get(pk=record.pk))
    assert not read._state.adding  # a stored row, as the ORM's own


def test_the_read_of_an_unknown_game_is_none() -> None:
    assert read_game("no-such-game") is None


def test_the_write_stores_the_summary_if_the_log_is_still_the_one_read() -> None:
    record = GameRecord.objects.create(code=CODE)
    game = record.replay()
    game.act(engine.Action.DRAW)
    record.take_summary(game)

    assert write_summary(record, read_log="")

    stored = GameRecord.objects.get(pk=record.pk)
    assert every_field(stored) == every_field(record)
    assert stored.log == "+"


def test_the_write_changes_nothing_once_another_action_was_written() -> None:
    record = GameRecord.objects.create(code=CODE)  # read at version 0…
    GameRecord.objects.filter(pk=record.pk).update(log="++", moves=2)  # …then two draws are written by another tab
    before = every_field(GameRecord.objects.get(pk=record.pk))
    game = record.replay()
    game.act(engine.Action.DRAW)
    record.take_summary(game)

    assert not write_summary(record, read_log="")

    assert every_field(GameRecord.objects.get(pk=record.pk)) == before
