"""The level clock charges the player, not the network (GameRecord.charge_network; docs/levels.md, "A person's
pace"): of each action's wait since the last one arrived, what the page says was not its player's own is given
back, at most the round trip the server measured to the page's socket, and never more than NETWORK_MOST."""

import datetime

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

import engine
from games.base import round_trips
from games.models import NETWORK_MARGIN, NETWORK_MOST, GameRecord
from games.store import daily

from .conftest import act, start_game

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 6, 1, 12))


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> list[datetime.datetime]:
    moment = [START]
    monkeypatch.setattr("django.utils.timezone.now", lambda: moment[0])
    return moment


def draws(
    client: Client, record: GameRecord, gaps: list[tuple[float, int | None]], now: list[datetime.datetime]
) -> GameRecord:
    """Draws once per (seconds after the last action, the page's own milliseconds or None)."""
    for version, (gap, own) in enumerate(gaps):
        now[0] += datetime.timedelta(seconds=gap)
        data: dict[str, object] = {} if own is None else {"own": own}
        assert act(client, record, "draw", htmx=True, version=version, **data).status_code == 200
    return GameRecord.objects.get(pk=record.pk)


def test_the_network_s_part_of_each_wait_is_given_back_up_to_the_measured_round_trip(
    client: Client, now: list[datetime.datetime]
) -> None:
    record = start_game(client)
    async_to_sync(round_trips.heard)(record.public_id, 0.4)
    # The clock starts at the first action; then 1.0 s of which 0.6 s the player's own, then 3 s all their own,
    # then 1 s of which the page says 0 ms were theirs: no more than the round trip and the margin come back.
    played = draws(client, record, [(0, 0), (1.0, 600), (3.0, 3000), (1.0, 0)], now)
    assert played.network_time.total_seconds() == pytest.approx(0.4 + 0 + 0.4 + NETWORK_MARGIN)
    assert played.seconds() == pytest.approx(5.0 - played.network_time.total_seconds())


def test_nothing_is_given_back_without_the_page_s_word_or_a_round_trip_measured(
    client: Client, now: list[datetime.datetime]
) -> None:
    without_script = draws(client, start_game(client), [(0, None), (1.0, None)], now)
    assert without_script.network_time.total_seconds() == 0 and without_script.seconds() == 1.0
    unmeasured = draws(client, start_game(client), [(0, 0), (1.0, 0)], now)
    assert unmeasured.network_time.total_seconds() == 0


def test_a_client_that_delays_its_pongs_and_claims_every_wait_gains_at_most_the_most_an_action(
    client: Client, now: list[datetime.datetime]
) -> None:
    record = start_game(client)
    async_to_sync(round_trips.heard)(record.public_id, 5.0)
    played = draws(client, record, [(0, 0)] + [(2.0, 0)] * 10, now)
    assert played.network_time.total_seconds() == pytest.approx(10 * NETWORK_MOST)


def test_the_largest_of_the_last_round_trips_counts() -> None:
    for seconds in (0.3, 0.1, 0.2):
        async_to_sync(round_trips.heard)("game", seconds)
    assert round_trips.latest("game") == 0.3
    async_to_sync(round_trips.heard)("game", 0.05)  # the 0.3 s is no longer one of the last three
    assert round_trips.latest("game") == 0.2
    assert round_trips.latest("another") == 0.0


@pytest.mark.parametrize("own", ["-1", "soon", "1.5", str(2**31)])
def test_a_bad_own_time_is_refused_and_changes_nothing(client: Client, own: str) -> None:
    record = start_game(client)
    answer = act(client, record, "draw", htmx=True, version=0, own=own)
    assert answer.status_code == 400 and "own:" in answer.content.decode()
    assert GameRecord.objects.get(pk=record.pk).log == ""


def test_a_stale_or_refused_action_gives_nothing_back(client: Client, now: list[datetime.datetime]) -> None:
    record = draws(client, start_game(client), [(0, 0)], now)
    async_to_sync(round_trips.heard)(record.public_id, 0.4)
    now[0] += datetime.timedelta(seconds=1)
    assert act(client, record, "draw", htmx=True, version=0, own=0).status_code == 409
    assert act(client, record, "undo", htmx=True, version=1, own=0).status_code == 200  # applied: counted
    now[0] += datetime.timedelta(seconds=1)
    assert act(client, record, "undo", htmx=True, version=2, own=0).status_code in (200, 204)  # refused
    assert GameRecord.objects.get(pk=record.pk).network_time.total_seconds() == pytest.approx(0.4 + NETWORK_MARGIN)
    assert engine.version_of(GameRecord.objects.get(pk=record.pk).log) == 2


def test_the_daily_ranks_by_the_player_s_time_not_the_network_s(now: list[datetime.datetime]) -> None:
    """Two equal scores: the game whose clock ran longer only on the network ranks first, on the leaderboard and
    in a game's standing alike."""
    day = START.date()
    started = {"first_action_at": START, "created": START, "daily_date": day, "level": daily.DAILY, "ranked": True}
    slow_network = signed_in_game("ann", **started, finished=START + datetime.timedelta(seconds=100))
    GameRecord.objects.filter(pk=slow_network.pk).update(network_time=datetime.timedelta(seconds=15))
    fibre = signed_in_game("bob", **started, finished=START + datetime.timedelta(seconds=90))
    assert [entry.record.pk for entry in daily.leaderboard(day)] == [slow_network.pk, fibre.pk]
    assert [entry.seconds for entry in daily.leaderboard(day)] == [85.0, 90.0]
    standing = daily.standing(GameRecord.objects.get(pk=fibre.pk))
    assert standing is not None and standing.place == 2


def signed_in_game(name: str, **fields: object) -> GameRecord:
    user = User.objects.create_user(name, password="x-long-password-1")
    return GameRecord.objects.create(code="TP1-E-TRIPEAK", user=user, status="won", score=900, **fields)
