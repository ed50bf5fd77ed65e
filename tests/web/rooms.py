"""Helpers for the challenge rooms' tests: making a room, joining, starting, and moving its clock."""

import datetime
import functools
import re

from django.conf import settings
from django.test import Client

import engine
from games.models import GameRecord, Room

from .helpers_play import actions_of, codes_in_order

_ROOM_URL = re.compile(r"^/c/([^/]+)/$")


def make_room(client: Client, name: str = "Ann", code: str = "TP1-E-TRIPEAK", **form: object) -> Room:
    """The free room ``client`` makes, hosting it as ``name``, its shuffle then replaced by ``code``'s deal so that
    the test knows the cards (``form`` may choose a level instead: its deal is kept)."""
    data = {"name": name, "deal": "free", "rule": engine.GameCode.parse(code).rule.value, "time_limit": 600, **form}
    response = client.post("/c/new/", data)
    assert response.status_code == 302, response.content.decode()
    match = _ROOM_URL.match(response["Location"])
    assert match, response["Location"]
    room = Room.objects.get(public_id=match.group(1))
    if room.level:
        return room
    Room.objects.filter(pk=room.pk).update(code=code)
    return Room.objects.get(pk=room.pk)


def join(client: Client, room: Room, name: str) -> int:
    return client.post(f"/c/{room.public_id}/join/", {"name": name}).status_code


def started(host: Client, room: Room, *, begun: bool = True) -> Room:
    """Start ``room`` as its host; with ``begun``, the countdown is over (every clock moved back by it)."""
    response = host.post(f"/c/{room.public_id}/start/")
    assert response.status_code == 302, response.content.decode()
    if begun:
        move_back(room, settings.CHALLENGE_COUNTDOWN + 0.5)
    return Room.objects.get(pk=room.pk)


def move_back(room: Room, seconds: float) -> None:
    """As if ``seconds`` had passed: the room's start and its games' first instants move back by them."""
    earlier = datetime.timedelta(seconds=seconds)
    room = Room.objects.get(pk=room.pk)
    assert room.starts_at is not None
    Room.objects.filter(pk=room.pk).update(starts_at=room.starts_at - earlier)
    for record in GameRecord.objects.filter(seat__room=room):
        assert record.first_action_at is not None
        GameRecord.objects.filter(pk=record.pk).update(first_action_at=record.first_action_at - earlier)


def game_of(room: Room, name: str) -> GameRecord:
    return GameRecord.objects.get(seat__room=room, seat__name=name)


@functools.cache
def winnable_and_blocked_by_drawing() -> tuple[str, list[str]]:
    """A code whose deal the solver wins (with its line) and whose game is blocked once the whole stock is drawn
    without a tap: one player can win it while another ends blocked."""
    for code in codes_in_order():
        game = engine.Game.new(engine.GameCode.parse(code))
        for _ in range(engine.layout.STOCK_SIZE):
            game.draw()
        if game.status != engine.Status.BLOCKED:
            continue
        solution = engine.solve(engine.Game.new(engine.GameCode.parse(code)))
        if solution.winnable:
            return code, actions_of(solution.line)
    raise AssertionError("no such code")
