"""The live socket (games/live/consumers.py) through channels' WebsocketCommunicator and the real ASGI stack.

Actions are POSTed through Django's test client; their events go out when their transaction
commits, so these tests use real transactions (``transaction=True``)."""

import asyncio
import datetime
import json
import logging
import re
import time
from typing import Any

import pytest
import redis
from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.layers import BaseChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.base import clock
from games.live import presence
from games.live.close_codes import DEAL_SECRET, UNAVAILABLE, UNKNOWN_GAME
from games.live.consumers import WATCHING_DELAY
from games.models import GameRecord
from tripeaks_site.asgi import application
from tripeaks_site.server import round_trips

from .conftest import act, start_game
from .helpers_play import hidden_cards, leaks
from .live import HEADERS, WAIT, in_event_loop, joined, next_of, socket

pytestmark = pytest.mark.django_db(transaction=True)


async def play(client: Client, game: GameRecord, action: str, **data: object) -> None:
    response = await sync_to_async(act)(client, game, action, htmx=True, **data)
    assert response.status_code == 200, response.content


async def progress(client: Client, game: GameRecord) -> None:
    """Tap the first playable card, else draw."""
    played = await sync_to_async(lambda: GameRecord.objects.get(pk=game.pk).replay())()
    await play(client, game, "tap", position=played.playable()[0]) if played.playable() else await play(
        client, game, "draw"
    )


@in_event_loop
async def test_a_watcher_hears_the_version_on_joining_then_each_action_with_its_board(client: Client) -> None:
    game = await sync_to_async(start_game)(client)
    watcher = socket(game.public_id)
    version, watching = await joined(watcher)
    assert version == {"type": "board", "version": 0}
    assert watching == {"type": "watching", "count": 1}

    await progress(client, game)
    first = await next_of(watcher, "board")
    await play(client, game, "draw")
    second = await next_of(watcher, "board")

    assert (first["version"], second["version"]) == (1, 2)
    for frame in (first, second):  # the read-only board, swapped in out of band
        assert f'data-version="{frame["version"]}"' in frame["html"]
        assert 'id="board"' in frame["html"] and 'hx-swap-oob="true"' in frame["html"]
        assert "<form" not in frame["html"] and "csrfmiddlewaretoken" not in frame["html"]
        assert "watching (read-only)" in frame["html"]
    assert await watcher.receive_nothing(0.2) or (await watcher.receive_json_from())["type"] == "watching"
    await watcher.disconnect()


@in_event_loop
async def test_the_owners_pages_hear_the_version_alone(client: Client) -> None:
    """Their forms carry their own CSRF token: a tab that is behind fetches its regions (test_live.py)."""
    game = await sync_to_async(start_game)(client)
    owner = socket(game.public_id, client)
    version, watching = await joined(owner)
    assert version == {"type": "board", "version": 0}
    assert watching == {"type": "watching", "count": 0}  # the owner's own pages do not count

    await play(client, game, "draw")
    assert await next_of(owner, "board") == {"type": "board", "version": 1}
    await owner.disconnect()


@in_event_loop
async def test_an_announcement_that_comes_after_a_newer_one_is_not_sent(client: Client) -> None:
    """Two processes' announcements may cross (games/base/announcements.py): a page hears each version once,
    in order."""
    game = await sync_to_async(start_game)(client)
    watcher = socket(game.public_id)
    await joined(watcher)
    group = f"game.{game.public_id}"
    for version in (2, 1, 2, 3):
        frame = json.dumps({"type": "board", "version": version})
        await get_channel_layer().group_send(group, {"type": "game.board", "version": version, "frames": {"": frame}})
    assert [(await next_of(watcher, "board"))["version"] for _ in range(2)] == [2, 3]
    assert await watcher.receive_nothing(0.2) or (await watcher.receive_json_from())["type"] == "watching"
    await watcher.disconnect()


@in_event_loop
async def test_a_signed_up_owner_is_known_by_their_login_and_another_user_watches(
    client: Client, django_user_model: Any
) -> None:
    owner = await sync_to_async(django_user_model.objects.create_user)("owner", password="not-used-here")
    await sync_to_async(client.force_login)(owner)
    game = await sync_to_async(start_game)(client)
    other = Client()
    await sync_to_async(other.force_login)(await sync_to_async(django_user_model.objects.create_user)("other"))
    assert (await joined(socket(game.public_id, client)))[1]["count"] == 0  # the owner's page
    assert (await joined(socket(game.public_id, other)))[1]["count"] == 1  # a watcher's


@in_event_loop
async def test_a_page_that_reconnects_hears_where_the_game_is_now(client: Client) -> None:
    """Events missed while the socket was down are not replayed: the first frame's version tells the page
    it is behind, and it fetches the regions as they stand (live.js; test_live.py for the fetch)."""
    game = await sync_to_async(start_game)(client)
    watcher = socket(game.public_id)
    await joined(watcher)
    await watcher.disconnect()
    await play(client, game, "draw")
    await play(client, game, "draw")

    again = socket(game.public_id)
    version, _ = await joined(again)
    assert version == {"type": "board", "version": 2}
    await again.disconnect()


@in_event_loop
async def test_whatever_a_client_sends_is_ignored_and_changes_nothing(client: Client) -> None:
    game = await sync_to_async(start_game)(client)
    for who in (None, client):  # a watcher, and the owner too: only POSTs play
        page = socket(game.public_id, who)
        await joined(page)
        await page.send_input({"type": "websocket.receive", "text": ""})
        for text in (" ", "not json", "{", "[1, 2]", '{"type": "game.board", "frames": {"": "x"}}', "null"):
            await page.send_to(text_data=text)
        await page.send_json_to({"type": "tap", "position": 18, "version": 0})
        await page.send_json_to({"type": "game.watching", "count": 1000})
        await page.send_to(bytes_data=b"\x00\xff" * 1000)
        assert await page.receive_nothing(0.6)  # no answer, no crash, no close
        await play(client, game, "draw")  # and the socket still follows the game
        assert (await next_of(page, "board"))["version"] == (
            await sync_to_async(GameRecord.objects.get)(pk=game.pk)
        ).version
        await page.disconnect()
    stored = await sync_to_async(GameRecord.objects.get)(pk=game.pk)
    assert stored.log == "++"  # the two draws, nothing else


@in_event_loop
async def test_a_socket_from_another_site_or_another_port_of_this_host_is_refused(client: Client) -> None:
    """Only the site's own origin, scheme, host and port (tests/web/test_origins.py for the rule)."""
    game = await sync_to_async(start_game)(client)
    for origin in (
        "http://evil.example",
        "http://127.0.0.1.evil.example",
        "http://127.0.0.1:8001",  # another server on this host
        "https://127.0.0.1",  # the socket is plain ws: not this page's
        "http://localhost",  # another of ALLOWED_HOSTS, not the one the socket was opened at
        None,
    ):
        connected, _ = await socket(game.public_id, client, origin=origin).connect()
        assert not connected, origin
    for origin, host in (("http://127.0.0.1", "127.0.0.1"), ("http://localhost:8000", "localhost:8000")):
        connected, _ = await socket(game.public_id, client, origin=origin, host=host).connect()
        assert connected, origin


@in_event_loop
async def test_today_s_daily_game_is_heard_by_its_player_alone_until_the_day_ends(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    response = await sync_to_async(client.post)("/new/daily/")
    game = await sync_to_async(GameRecord.objects.get)(public_id=response["Location"].split("/")[2])
    owner, watcher = socket(game.public_id, client), socket(game.public_id)
    assert (await joined(owner))[0] == {"type": "board", "version": 0}
    assert (await watcher.connect())[0]
    assert await watcher.receive_output(WAIT) == {"type": "websocket.close", "code": DEAL_SECRET}
    assert game.daily_date is not None
    monkeypatch.setattr(clock, "today", lambda: game.daily_date + datetime.timedelta(days=1))
    assert (await joined(socket(game.public_id)))[0] == {"type": "board", "version": 0}
    await owner.disconnect()


@pytest.mark.parametrize("public_id", ["NoSuchGame000000", "x", "a%20b", "é", "-" * 40, "%00abc"])
@in_event_loop
async def test_a_socket_for_a_game_that_does_not_exist_is_closed_with_4404(public_id: str) -> None:
    page = socket(public_id)
    connected, _ = await page.connect()
    assert connected
    assert await page.receive_output(WAIT) == {"type": "websocket.close", "code": UNKNOWN_GAME}


@pytest.mark.parametrize("path", ["/ws/c/../../g/x/", "/ws/g/a/b/", "/ws/", "/ws/nothing/", "/favicon.ico"])
@in_event_loop
async def test_a_socket_at_an_address_no_page_opens_is_closed_with_4404_and_no_error(
    path: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Neither the server's measure of the round trip (tripeaks_site/server/round_trips.py) nor a frame the client
    sent before the close reached it is an error."""
    page = WebsocketCommunicator(application, path, headers=HEADERS)
    connected, _ = await page.connect()
    assert connected
    assert await page.receive_output(WAIT) == {"type": "websocket.close", "code": UNKNOWN_GAME}
    await page.send_input({"type": round_trips.MESSAGE, "seconds": 0.05})
    await page.send_input({"type": "websocket.receive", "text": "not json"})
    assert await page.receive_nothing(0.2)
    await page.disconnect()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@in_event_loop
async def test_everyone_sees_how_many_watch_as_they_come_and_go(client: Client) -> None:
    game = await sync_to_async(start_game)(client)
    owner = socket(game.public_id, client)
    assert (await joined(owner))[1]["count"] == 0
    first, second = socket(game.public_id), socket(game.public_id, query="lang=fr&highlight=1")
    assert (await joined(first))[1]["count"] == 1
    assert (await joined(second))[1]["count"] == 2
    assert (await next_of(owner, "watching"))["count"] == 2  # both arrivals told in one event
    assert (await next_of(first, "watching"))["count"] == 2

    await second.disconnect()
    assert (await next_of(owner, "watching"))["count"] == 1
    assert (await next_of(first, "watching"))["count"] == 1
    await first.disconnect()
    assert (await next_of(owner, "watching"))["count"] == 0
    await owner.disconnect()
    assert (await sync_to_async(presence.store().audience)(game.public_id)).empty


@in_event_loop
async def test_each_watcher_gets_the_board_in_their_language_and_no_face_down_card(client: Client) -> None:
    """A few actions of a game, watched in English and in French with playable cards ringed: every
    frame is searched for every card hidden at that moment."""
    game = await sync_to_async(start_game)(client)
    english, french = socket(game.public_id), socket(game.public_id, query="lang=fr&highlight=1")
    owner = socket(game.public_id, client)
    for page in (english, french, owner):
        await joined(page)
    for step in range(10):
        await progress(client, game)
        played = await sync_to_async(lambda: GameRecord.objects.get(pk=game.pk).replay())()
        frames = [await next_of(page, "board") for page in (english, french, owner)]
        for frame in frames:
            found = leaks(json.dumps(frame, ensure_ascii=False), hidden_cards(played))
            assert not found, found
        assert frames[2] == {"type": "board", "version": step + 1}
        assert ">Moves<" in frames[0]["html"] and ">Coups<" in frames[1]["html"]
        assert 'lang="fr"' not in frames[1]["html"]  # the regions only: the page around them says its language
        assert re.search(
            r'<p id="board-text"[^>]*>[^<]*\w', frames[1]["html"]
        )  # the board in words, for screen readers
    for page in (english, french, owner):
        await page.disconnect()


@in_event_loop
async def test_a_presence_not_renewed_expires(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that crashed leaves its pages' presence behind: it stops counting once its time is up."""
    store, now = presence.store(), time.time()
    await store.mark("crashedgame00000", presence.variant("en", False), "gone!1")
    await store.mark("crashedgame00000", presence.PLAYER, "gone!2")
    assert (await store.count("crashedgame00000")) == presence.Audience(1, {"en-0": 1})
    monkeypatch.setattr(time, "time", lambda: now + presence.PRESENCE_TTL + 1)
    assert (await store.count("crashedgame00000")).empty
    assert store.audience("crashedgame00000").empty


def closed_by_the_client_after(frames: int) -> Any:
    """The application as daphne runs it for a client that closes its socket once ``frames`` frames have
    reached it: until daphne hears the connection end, a frame sent meets autobahn's closed protocol and
    raises; then the consumer is handed the client's disconnect (the test sends it)."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        sent = 0

        async def send_until_closed(message: dict[str, Any]) -> None:
            nonlocal sent
            if message["type"] == "websocket.send":
                if sent == frames:
                    raise Disconnected("Attempt to send on a closed protocol")
                sent += 1
            await send(message)

        await application(scope, receive, send_until_closed)

    return app


@pytest.mark.parametrize("frames", [0, 1])
@in_event_loop
async def test_a_socket_closed_by_its_client_while_connecting_leaves_the_presence_without_an_error(
    client: Client, caplog: pytest.LogCaptureFixture, frames: int
) -> None:
    """Closed before its first frame, or right after it (the watching count then meets a closed socket)."""
    game = await sync_to_async(start_game)(client)
    owner = socket(game.public_id, client)
    await joined(owner)
    caplog.set_level(logging.WARNING)
    pages = [
        WebsocketCommunicator(closed_by_the_client_after(frames), f"/ws/g/{game.public_id}/?lang=en", headers=HEADERS)
        for _ in range(5)
    ]
    for page in pages:
        assert (await page.connect())[0]
        for _ in range(frames):
            await page.receive_from(WAIT)
    await asyncio.sleep(WATCHING_DELAY + 0.2)  # the owner's page hears of them meanwhile: they go on to meet it
    for page in pages:
        await page.send_input({"type": "websocket.disconnect", "code": 1000})
        await page.wait(WAIT)  # ended, without an exception
    assert (await presence.store().count(game.public_id)).watching == 0
    while (await next_of(owner, "watching"))["count"] != 0:  # the owner's page hears them go
        pass
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []
    await owner.disconnect()


@in_event_loop
async def test_a_consumer_the_server_gives_up_on_leaves_the_presence_and_stops_renewing_it(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """daphne cancels a consumer still running ``application_close_timeout`` seconds after its client left
    (here: stuck on a count that never comes): its presence goes with it, and nothing marks it again."""
    game = await sync_to_async(start_game)(client)
    store = presence.store()

    async def never(public_id: str) -> presence.Audience:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    monkeypatch.setattr(store, "count", never)
    monkeypatch.setattr(presence, "PRESENCE_RENEWAL", 0.05)  # a renewal left behind would soon mark it again
    page = socket(game.public_id)
    assert (await page.connect())[0]
    assert await page.receive_json_from(WAIT) == {"type": "board", "version": 0}
    assert store.audience(game.public_id).watching == 1  # the page is present; the count never comes
    page.future.cancel()
    await page.wait(WAIT)
    for _ in range(50):
        if store.audience(game.public_id).empty:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.3)
    assert store.audience(game.public_id).empty


@in_event_loop
async def test_losing_redis_closes_each_socket_with_4503_and_a_warning_and_no_traceback(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The channel layer's receive fails as channels-redis's does when Redis goes: the pages' sockets and this
    process's listener on the game. Each page is told to come back (4503); nothing is logged as an error."""
    lost = asyncio.Event()
    layer_class = type(get_channel_layer())  # in memory, or channels-redis's with REDIS_URL
    receive = layer_class.receive

    async def receive_until_lost(layer: BaseChannelLayer, channel: str) -> dict[str, Any]:
        getting, losing = asyncio.ensure_future(receive(layer, channel)), asyncio.ensure_future(lost.wait())
        done, _ = await asyncio.wait({getting, losing}, return_when=asyncio.FIRST_COMPLETED)
        (losing if getting in done else getting).cancel()
        if getting in done:
            received: dict[str, Any] = getting.result()
            return received
        raise redis.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(layer_class, "receive", receive_until_lost)
    game = await sync_to_async(start_game)(client)
    pages = [socket(game.public_id, client), socket(game.public_id), socket(game.public_id)]
    for page in pages:
        await joined(page)
    caplog.clear()
    lost.set()
    for page in pages:
        assert await next_close(page) == {"type": "websocket.close", "code": UNAVAILABLE}
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING] == [
        f"live socket of game {game.public_id} closed: Redis unavailable "
        "(ConnectionError: Error 111 connecting to 127.0.0.1:6379. Connection refused.)"
    ] * len(pages)


async def next_close(page: WebsocketCommunicator) -> dict[str, Any]:
    """The socket's close, past any frame sent before it."""
    output: dict[str, Any]
    while (output := await page.receive_output(WAIT))["type"] != "websocket.close":
        pass
    return output
