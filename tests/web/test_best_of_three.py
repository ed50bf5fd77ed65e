"""Best of three (docs/challenges.md, "Best of three") over HTTP: the host chooses three deals in a row, each round is
the rematch of the one before with the same players, the results of each round stay on its page, and every round's
page from the first result on sums the scores."""

import re

import pytest
from django.test import Client

import engine
from engine.log import DRAW
from games.models import GameRecord, Room

from .conftest import play_line
from .rooms import join, make_room, move_back, started, winnable_and_blocked_by_drawing

pytestmark = pytest.mark.django_db

ROW = re.compile(
    r'<tr data-total="(\d+)" data-rounds-won="(\d+)"><th scope="row" class="name" hx-disable>(\w+)</th>(.*?)</tr>'
)


@pytest.fixture(scope="module")
def deal() -> tuple[str, str]:
    code, _ = winnable_and_blocked_by_drawing()
    return code, engine.solve(engine.Game.new(engine.GameCode.parse(code))).line


def played(room: Room, ann: Client, bob: Client, code: str, lines: dict[str, str]) -> dict[str, int]:
    """The round ``room`` on ``code``'s deal, started by its host and raced to its end by Ann and Bob playing
    ``lines``: their scores."""
    Room.objects.filter(pk=room.pk).update(code=code)
    host = ann if room.seats.get(host=True).name == "Ann" else bob
    room = started(host, Room.objects.get(pk=room.pk))
    scores = {}
    for name, client in (("Ann", ann), ("Bob", bob)):
        record = GameRecord.objects.get(seat__room=room, seat__name=name)
        play_line(client, record, lines[name])
        scores[name] = GameRecord.objects.get(pk=record.pk).score
    assert Room.objects.get(pk=room.pk).is_over()  # every game ended
    return scores


def series_rows(client: Client, room: Room) -> list[tuple[str, int, int, list[str]]]:
    page = client.get(f"/c/{room.public_id}/").content.decode()
    return [
        (name, int(total), int(won), re.findall(r'<td data-label="[^"]*"[^>]*>([^<]*)</td>', cells))
        for total, won, name, cells in ROW.findall(page)
    ]


def next_round(client: Client, room: Room) -> Room:
    response = client.post(f"/c/{room.public_id}/rematch/")
    assert response.status_code == 302, response.content.decode()
    return Room.objects.get(public_id=response["Location"].split("/")[2])


def test_three_rounds_in_a_row_sum_their_scores_and_a_fourth_starts_a_new_series(deal: tuple[str, str]) -> None:
    code, line = deal
    ann, bob = Client(), Client()
    first = make_room(ann, "Ann", code, rounds=3)
    assert (first.rounds, first.round_number) == (3, 1)
    assert join(bob, first, "Bob") == 302
    assert "round 1 of 3" in ann.get(f"/c/{first.public_id}/").content.decode()
    blocked = DRAW * engine.STOCK_SIZE
    one = played(first, ann, bob, code, {"Ann": line, "Bob": blocked})
    assert series_rows(bob, first) == [
        ("Ann", one["Ann"], 1, [str(one["Ann"]), "–", "–", str(one["Ann"])]),
        ("Bob", one["Bob"], 0, [str(one["Bob"]), "–", "–", str(one["Bob"])]),
    ]
    assert 'data-action="rematch">Next round' in bob.get(f"/c/{first.public_id}/").content.decode()

    second = next_round(bob, first)
    assert (second.rounds, second.round_number) == (3, 2)
    assert sorted(second.seats.values_list("name", flat=True)) == ["Ann", "Bob"]
    assert series_rows(ann, second)[0][0] == "Ann"  # the lobby of the next round shows the sums so far
    two = played(second, ann, bob, code, {"Ann": blocked, "Bob": line})
    third = next_round(ann, second)
    three = played(third, ann, bob, code, {"Ann": blocked, "Bob": blocked})
    totals = {name: one[name] + two[name] + three[name] for name in ("Ann", "Bob")}
    rows = series_rows(ann, third)
    assert [(name, total) for name, total, _, _ in rows] == sorted(totals.items(), key=lambda item: -item[1])
    assert {name: cells[:3] for name, _, _, cells in rows} == {
        name: [str(one[name]), str(two[name]), str(three[name])] for name in ("Ann", "Bob")
    }
    assert series_rows(ann, first) == rows  # every round's page sums the same three
    page = ann.get(f"/c/{third.public_id}/").content.decode()
    assert 'data-action="rematch">Rematch' in page and "round 3 of 3" in page

    new_series = next_round(bob, third)
    assert (new_series.rounds, new_series.round_number) == (3, 1)
    assert series_rows(bob, new_series) == []


def test_a_single_deal_has_no_series_and_a_room_of_two_rounds_is_refused(deal: tuple[str, str]) -> None:
    code, _ = deal
    ann, bob = Client(), Client()
    room = make_room(ann, "Ann", code)
    assert room.rounds == 1
    assert join(bob, room, "Bob") == 302
    move_back(started(ann, room), 600)
    page = ann.get(f"/c/{room.public_id}/").content.decode()
    assert 'class="series"' not in page and "round 1 of" not in page
    refused = ann.post("/c/new/", {"name": "Ann", "deal": "free", "rule": "E", "time_limit": 600, "rounds": 2})
    assert refused.status_code == 400 and "valid choice" in refused.content.decode()
    assert Room.objects.count() == 1
