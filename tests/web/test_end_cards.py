"""A lost game's page as each viewer sees it (games/drawing/tables.py, ``Viewer``): its head says whose it is (a
player's own game that they may play no more is theirs, not watched), and its end card says only what its
buttons can do (Undo where it offers Undo, a new game where it deals one)."""

import re

import pytest
from django.test import Client

import engine
from engine.log import DRAW
from games.models import GameRecord, Room

from .conftest import act, play_line, start_game
from .rooms import game_of, join, make_room, started, winnable_and_blocked_by_drawing
from .test_links import make_link, take

pytestmark = pytest.mark.django_db

WATCHING = "watching (read-only)"
YOURS_OVER = "your game (over)"


def head(page: str) -> str:
    found = re.search(r'<p id="status".*?</p>', page, re.S)
    assert found, page
    return found.group(0)


def summary(page: str) -> str:
    found = re.search(r'<p class="summary">(.*?)</p>', page, re.S)
    assert found, page
    return found.group(1)


def undo_offered(page: str) -> bool:
    end_card = re.search(r'<div class="outcome blocked".*?<div class="story">', page, re.S)
    assert end_card, page
    return 'data-action="undo"' in end_card.group(0)


def page_of(client: Client, record: GameRecord) -> str:
    response = client.get(f"/g/{record.public_id}/")
    assert response.status_code == 200
    return response.content.decode()


def blocked(client: Client, record: GameRecord) -> GameRecord:
    play_line(client, record, DRAW * engine.STOCK_SIZE)
    record = GameRecord.objects.get(pk=record.pk)
    assert record.status == engine.Status.BLOCKED
    return record


def test_a_lost_ordinary_game_offers_undo_and_a_new_game_and_its_watcher_neither() -> None:
    ann, watcher = Client(), Client()
    record = blocked(ann, start_game(ann, winnable_and_blocked_by_drawing()[0]))
    own = page_of(ann, record)
    assert WATCHING not in head(own) and YOURS_OVER not in head(own)  # still hers to play: Undo reopens it
    assert summary(own) == f"Score {record.score}. Undo to try another way, or start a new game."
    assert undo_offered(own) and 'data-role="player"' in own
    watched = page_of(watcher, record)
    assert WATCHING in head(watched) and YOURS_OVER not in head(watched)
    assert summary(watched) == f"Score {record.score}."
    assert not undo_offered(watched) and 'data-role="watcher"' in watched


def test_a_race_lost_is_its_player_s_own_game_with_no_undo_once_the_race_is_over() -> None:
    ann, bob = Client(), Client()
    code, line = winnable_and_blocked_by_drawing()
    room = make_room(ann, "Ann", code)
    assert join(bob, room, "Bob") == 302
    started(ann, room)
    bobs = blocked(bob, game_of(room, "Bob"))
    racing = page_of(bob, bobs)  # the race goes on: Undo may still reopen it, but no new game is dealt here
    assert summary(racing) == f"Score {bobs.score}. Undo to try another way."
    assert undo_offered(racing) and 'data-action="room"' in racing
    anns = game_of(room, "Ann")
    for action in line:  # Ann wins: the last game to end ends the race
        if action == DRAW:
            act(ann, anns, "draw", htmx=True)
        else:
            act(ann, anns, "tap", htmx=True, position=int(action))
    assert Room.objects.get(pk=room.pk).is_over()
    over = page_of(bob, bobs)
    assert YOURS_OVER in head(over) and WATCHING not in head(over)
    assert summary(over) == f"Score {bobs.score}."
    assert not undo_offered(over) and 'data-action="room"' in over and 'data-role="owner"' in over
    assert WATCHING in head(page_of(Client(), bobs))  # anyone else watches it


def test_a_challenge_link_s_games_lost_are_their_players_own_with_no_undo() -> None:
    ann, bob = Client(), Client()
    code, _ = winnable_and_blocked_by_drawing()
    made = blocked(ann, start_game(ann, code))
    link = make_link(ann, made)
    taken = blocked(bob, take(bob, link, "Bob"))
    for client, record in ((ann, made), (bob, taken)):
        own = page_of(client, record)
        assert YOURS_OVER in head(own) and WATCHING not in head(own), record.link_role
        assert summary(own) == f"Score {record.score}.", record.link_role
        assert not undo_offered(own) and 'data-role="owner"' in own
