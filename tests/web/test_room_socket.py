"""A challenge room's live standings (games/challenges/live.py): the whole region on connecting and after each change,
in the page's language, never a card of anyone's game."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.live.close_codes import UNKNOWN_GAME
from games.models import Room
from tripeaks_site.asgi import application

from .helpers_play import hidden_cards, leaks, post_action
from .live import HEADERS, WAIT, in_event_loop
from .rooms import game_of, join, make_room, started, winnable_and_blocked_by_drawing

pytestmark = pytest.mark.django_db(transaction=True)


def room_socket(public_id: str, language: str = "en") -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/c/{public_id}/?lang={language}", headers=HEADERS)


def race() -> tuple[Room, Client, Client]:
    ann, bob = Client(), Client()
    room = make_room(ann, "Ann", winnable_and_blocked_by_drawing()[0])
    assert join(bob, room, "Bob") == 302
    return started(ann, room), ann, bob


@in_event_loop
async def test_a_watcher_hears_the_standings_on_joining_and_after_each_move() -> None:
    room, ann, _bob = await sync_to_async(race)()
    watcher = room_socket(room.public_id)
    assert (await watcher.connect())[0]
    first = await watcher.receive_json_from(WAIT)
    assert first["type"] == "standings" and first["state"] == "racing" and 'data-cleared="0"' in first["html"]
    line = winnable_and_blocked_by_drawing()[1]
    anns = await sync_to_async(game_of)(room, "Ann")
    frames = []
    for number, action in enumerate(line[:8]):
        args = ("draw", number) if action == "+" else ("tap", number, int(action))
        await sync_to_async(post_action)(ann, anns.public_id, *args, htmx=True)
        frames.append(await watcher.receive_json_from(WAIT))
    assert [frame["version"] for frame in frames] == list(range(first["version"] + 1, first["version"] + 9))
    played = (await sync_to_async(game_of)(room, "Ann")).replay()
    bobs = (await sync_to_async(game_of)(room, "Bob")).replay()
    assert f'data-cleared="{sum(played.is_removed(p) for p in range(28))}"' in frames[-1]["html"]
    for frame in [first, *frames]:
        assert not leaks(json.dumps(frame), hidden_cards(bobs) | hidden_cards(played)), frame
    await watcher.disconnect()


@in_event_loop
async def test_the_standings_come_in_the_pages_language() -> None:
    room, _ann, _bob = await sync_to_async(race)()
    watcher = room_socket(room.public_id, "it")
    assert (await watcher.connect())[0]
    frame = await watcher.receive_json_from(WAIT)
    assert "Giocatore" in frame["html"] and "Player" not in frame["html"]
    await watcher.disconnect()


@in_event_loop
async def test_an_unknown_room_closes_the_socket_for_good() -> None:
    watcher = room_socket("AAAAAAAAAAAAAAAA")
    assert (await watcher.connect())[0]
    assert (await watcher.receive_output(WAIT))["code"] == UNKNOWN_GAME
