"""Migrations that rewrite stored data do it as the code before them read it."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.base.names import key_of

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("games", "0007_card_back"), ("games", "0008_ranked_daily")


def test_each_account_s_first_daily_game_started_on_its_day_becomes_its_ranked_one() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    apps = executor.loader.project_state([BEFORE]).apps
    user_model, record_model = apps.get_model("auth", "User"), apps.get_model("games", "GameRecord")
    ann, bob = user_model.objects.create(username="ann"), user_model.objects.create(username="bob")
    day, noon = datetime.date(2026, 11, 30), timezone.make_aware(datetime.datetime(2026, 11, 30, 12))

    def daily(user: object, minutes: int, on: datetime.date = day) -> int:
        created = noon + datetime.timedelta(minutes=minutes)
        return int(
            record_model.objects.create(
                code="TP1-E-TRIPEAK", user=user, level="daily", daily_date=on, created=created
            ).pk
        )

    first_ann, first_bob = daily(ann, 5), daily(bob, 1)
    daily(ann, 9)  # a later attempt
    next_day = daily(ann, 60 * 24, day + datetime.timedelta(days=1))
    daily(user_model.objects.create(username="cat"), 60 * 24)  # a past day's daily replayed the day after
    record_model.objects.create(code="TP1-E-TRIPEAK", level="daily", daily_date=day, created=noon)  # signed out
    executor = MigrationExecutor(connection)
    executor.migrate([AFTER])
    migrated = executor.loader.project_state([AFTER]).apps.get_model("games", "GameRecord")
    ranked = set(migrated.objects.filter(ranked=True).values_list("pk", flat=True))
    latest = MigrationExecutor(connection)  # one that knows what is applied now
    latest.migrate(latest.loader.graph.leaf_nodes())  # the schema the other tests expect
    assert ranked == {first_ann, first_bob, next_day}


def test_games_keep_their_code_and_rule_letter_as_the_code_column_widens_for_tp2() -> None:
    before, after = ("games", "0009_hints"), ("games", "0010_code_holds_a_whole_shuffle")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    old = executor.loader.project_state([before]).apps.get_model("games", "GameRecord")
    kept = {old.objects.create(code=code).pk: code for code in ("TP1-E-TRIPEAK", "TP1-C-TRIPEAK")}
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    new = executor.loader.project_state([after]).apps.get_model("games", "GameRecord")
    shuffle = new.objects.create(code="TP2-C-" + "A" * 48)
    stored = {pk: (code, rule) for pk, code, rule in new.objects.values_list("pk", "code", "rule")}
    latest = MigrationExecutor(connection)
    latest.migrate(latest.loader.graph.leaf_nodes())
    assert stored == {**{pk: (code, code[4]) for pk, code in kept.items()}, shuffle.pk: ("TP2-C-" + "A" * 48, "C")}


def test_daily_games_finished_faster_than_a_person_can_are_flagged() -> None:
    before, after = ("games", "0010_code_holds_a_whole_shuffle"), ("games", "0011_too_fast")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    old = executor.loader.project_state([before]).apps.get_model("games", "GameRecord")
    start = timezone.make_aware(datetime.datetime(2026, 11, 30, 12))

    def finished(seconds: float, level: str = "daily") -> int:
        end = start + datetime.timedelta(seconds=seconds)
        return int(old.objects.create(level=level, moves=14, first_action_at=start, finished=end).pk)

    instant, person, free = finished(1.9), finished(2.1), finished(0.5, level="")
    old.objects.create(level="daily", moves=14, first_action_at=start)  # in play: its time still runs
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    new = executor.loader.project_state([after]).apps.get_model("games", "GameRecord")
    flagged = set(new.objects.filter(too_fast=True).values_list("pk", flat=True))
    latest = MigrationExecutor(connection)
    latest.migrate(latest.loader.graph.leaf_nodes())
    assert flagged == {instant} and person not in flagged and free not in flagged


def test_the_names_already_taken_get_their_looks_the_first_account_of_a_look_keeping_it() -> None:
    before, after = ("games", "0014_network_time"), ("games", "0015_name_looks")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    apps = executor.loader.project_state([before]).apps
    user_model, room_model = apps.get_model("auth", "User"), apps.get_model("games", "Room")
    bob, look_alike, ann = (user_model.objects.create(username=name).pk for name in ("Bob", "B0b", "ann"))
    seat = room_model.objects.create(code="TP1-E-TRIPEAK").seats.create(name="ВОВ", name_key="вов").pk
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    apps = executor.loader.project_state([after]).apps
    looks = dict(apps.get_model("games", "AccountName").objects.values_list("user_id", "look"))
    seat_look = apps.get_model("games", "Seat").objects.get(pk=seat).look
    latest = MigrationExecutor(connection)
    latest.migrate(latest.loader.graph.leaf_nodes())
    assert looks == {bob: "bob", ann: "ann"} and look_alike not in looks
    assert seat_look == "bob"


def test_names_taken_before_the_one_key_get_it_and_look_alikes_taken_then_keep_their_names() -> None:
    before, after = ("games", "0025_submission"), ("games", "0026_one_name_key")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    apps = executor.loader.project_state([before]).apps
    user_model, room_model = apps.get_model("auth", "User"), apps.get_model("games", "Room")
    tomas, look_alike = (user_model.objects.create(username=name).pk for name in ("tomas", "ТОМАЅ"))
    account_name = apps.get_model("games", "AccountName")
    account_name.objects.create(user_id=tomas, look="tornas")
    account_name.objects.create(user_id=look_alike, look="tomas")
    room = room_model.objects.create(code="TP1-E-TRIPEAK")
    tom, cyrillic = (
        room.seats.create(name=name, name_key=name.casefold(), player_token=name).pk for name in ("Tom", "ТОМ")
    )
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    apps = executor.loader.project_state([after]).apps
    looks = dict(apps.get_model("games", "AccountName").objects.values_list("user_id", "look"))
    keys = dict(apps.get_model("games", "Seat").objects.values_list("pk", "name_key"))
    latest = MigrationExecutor(connection)
    latest.migrate(latest.loader.graph.leaf_nodes())
    assert looks[tomas] == key_of("tomas") and looks[look_alike].startswith(f"{key_of('tomas')}~")
    assert keys == {tom: key_of("Tom"), cyrillic: f"{key_of('Tom')}~{cyrillic}"}
