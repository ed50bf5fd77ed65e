"""What a move costs the database (bench/http_load.py measures the time): its session, and its game;
and what it costs the engine: no replay of a log this process wrote."""

from typing import Any

import pytest
from django.test import Client

import engine
from games.base import memo
from games.models import GameRecord

from .helpers_play import post_action

pytestmark = pytest.mark.django_db


def statements(queries: Any) -> list[str]:
    """The first word of each query, and "SESSION" for the read of the player's session (kept in the database,
    so that logging out ends it: test_sessions.py); the test's own transaction turns BEGIN/COMMIT into savepoints."""
    return [
        "SESSION" if '"django_session"' in query["sql"] else query["sql"].split()[0]
        for query in queries.captured_queries
        if "SAVEPOINT" not in query["sql"]
    ]


@pytest.mark.parametrize("action", ["draw", "undo"])
def test_a_move_reads_the_game_once_and_writes_it_once(
    player: Client, game: GameRecord, action: str, django_assert_num_queries: Any
) -> None:
    post_action(player, game.public_id, "draw", 0, htmx=True)  # something to undo
    with django_assert_num_queries(3) as queries:  # no transaction: one conditional UPDATE is the write
        response = post_action(player, game.public_id, action, 1, htmx=True)
    assert response.status_code == 200
    assert statements(queries) == ["SESSION", "SELECT", "UPDATE"]


def test_a_refused_tap_only_reads(player: Client, game: GameRecord, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(2) as queries:
        response = post_action(player, game.public_id, "tap", 0, position=0, htmx=True)  # face down: blocked
    assert "This card is blocked" in response.content.decode()
    assert statements(queries) == ["SESSION", "SELECT"]


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The logs the engine replays in full, from a process that remembers no position yet (another test may
    have played the same deal and log)."""
    memo.positions.forget()
    replayed: list[str] = []
    full_replay = engine.Game.replay

    def counted(code: engine.GameCode, log: str) -> engine.Game:
        replayed.append(log)
        return full_replay(code, log)

    monkeypatch.setattr(engine.Game, "replay", counted)
    return replayed


def test_a_move_after_a_move_played_here_replays_nothing(player: Client, game: GameRecord, replays: list[str]) -> None:
    assert post_action(player, game.public_id, "draw", 0, htmx=True).status_code == 200
    replays.clear()
    for version, action in enumerate(["draw", "undo", "draw"], start=1):
        assert post_action(player, game.public_id, action, version, htmx=True).status_code == 200
    assert replays == []
    assert GameRecord.objects.get(pk=game.pk).log == "++-+"


def test_a_log_written_elsewhere_is_replayed(player: Client, game: GameRecord, replays: list[str]) -> None:
    post_action(player, game.public_id, "draw", 0, htmx=True)
    GameRecord.objects.filter(pk=game.pk).update(log="+-+")  # another process played on
    replays.clear()
    response = post_action(player, game.public_id, "undo", 3, htmx=True)
    assert response.status_code == 200
    assert replays == ["+-+"]
    assert GameRecord.objects.get(pk=game.pk).log == "+-+-"
