"""The live socket of a game page, at /ws/g/<public id>/ (static/js/live.js opens it).

What the server sends, as JSON text frames:
- ``{"type": "board", "version": N}``: the game is at version N (its action count). Sent on connecting
  and after each action; a watcher's frame after an action also carries ``"html"``, the read-only
  regions as out-of-band swaps. A page behind N without usable HTML fetches its regions.
- ``{"type": "watching", "count": N}``: how many pages other than the owner's follow the game.

What a client sends is ignored: the socket only listens. A game that does not exist is answered by
closing the socket with code ``UNKNOWN_GAME`` (close_codes.py) just after accepting it, so that the page knows
not to reconnect, and today's daily game of another player (its deal is secret until the day is over)
with ``DEAL_SECRET`` (4403); pages of other origins are refused before that (origins.py). When Redis is
unavailable the socket is closed with ``UNAVAILABLE`` (4503), and one of a player or an address past its limits of
sockets (``SOCKETS``, ``OPEN_SOCKETS``) with ``TOO_MANY`` (4429): the page tries again later.

A client may close its socket at any moment, also while ``connect`` is still on its way (its frames
then meet a closed socket: ``send`` drops them) or the server may give up on a consumer (daphne
cancels one that outlives its client by ``application_close_timeout``): however the consumer ends,
``release`` gives its page's presence and its place in the group back, and its renewal stops with it.
"""

import asyncio
import collections
import logging
import random
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import BaseChannelLayer
from django.conf import settings

from games.base import counters, metrics, round_trips
from games.base.trouble import REDIS_TROUBLE, trouble
from games.live import events, fanout, presence
from games.live.close_codes import DEAL_SECRET, TOO_MANY, UNAVAILABLE, UNKNOWN_GAME
from games.models import GameRecord
from games.players import player_key, player_of
from games.store.public_ids import PUBLIC_ID  # what a public id may look like (and a group name may hold)
from games.store.visibility import Sight

logger = logging.getLogger(__name__)

WATCHING_DELAY = 0.5  # seconds: joins and leaves within it are told to the game's pages in one event
LEAVE_RETRY = 1.0  # seconds between attempts at leaving a game's presence while Redis is in trouble


@database_sync_to_async  # type: ignore[untyped-decorator]  # channels has no type hints
def find_game(public_id: str, scope: dict[str, Any]) -> tuple[int, bool] | int:
    """The game's version and whether the socket's player owns it; else the code to close the socket with."""
    record = (
        GameRecord.objects.filter(public_id=public_id)
        .only("log", "user_id", "player_token", "daily_date", "time_limit", "link_role", "finished")
        .first()
    )
    if record is None:
        return UNKNOWN_GAME
    sight = Sight.of(record, player_of(scope["user"], scope["session"]))
    if not sight.open:
        return DEAL_SECRET
    return record.version, sight.owner


def address_of(scope: Mapping[str, Any]) -> str | None:
    client = scope.get("client")
    return counters.address_block(client[0] if client else None)


@database_sync_to_async  # type: ignore[untyped-decorator]  # channels has no type hints
def socket_keys(scope: dict[str, Any]) -> tuple[str | None, str | None]:
    """Whom the socket counts as for the limits, as games/web/limits.py counts a request: its player
    (games/players.py, ``player_key``; None for a visitor who owns nothing yet), then its address."""
    return player_key(player_of(scope["user"], scope["session"])), address_of(scope)


# The sockets' limits, a player's then their address's (games/web/limits.py says why both).
SOCKETS = ("LIMIT_SOCKETS_PER_PLAYER", "LIMIT_SOCKETS_PER_IP")  # opened in a while
OPEN_SOCKETS = ("LIMIT_OPEN_SOCKETS_PER_PLAYER", "LIMIT_OPEN_SOCKETS_PER_IP")  # open at once, in this process


def socket_refused(keys: tuple[str | None, str | None]) -> bool:
    """Whether a live socket of this player and address is past its ``SOCKETS`` limits (counting it). Synchronous."""
    return bool(counters.count_attempt(list(zip(SOCKETS, keys, strict=True)), shared=True))


# This process's open live sockets, by (setting, player or address): at most their OPEN_SOCKETS at once (nginx
# bounds the connections of an address over all processes: deploy/nginx/).
open_sockets: collections.Counter[tuple[str, str]] = collections.Counter()


def page_language(query_string: bytes) -> str:
    """The language of the page (``?lang=fr``), one of the site's: the HTML a socket is sent is in it."""
    language = parse_qs(query_string.decode("latin-1")).get("lang", [""])[0]
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def board_variant(query_string: bytes) -> str:
    """The board the page shows (``?lang=fr&highlight=1``): it selects the HTML sent, nothing more."""
    highlight = parse_qs(query_string.decode("latin-1")).get("highlight", [""])[0] == "1"
    return presence.variant(page_language(query_string), highlight)


class ListeningSocket(AsyncJsonWebsocketConsumer):  # type: ignore[misc]  # channels has no type hints
    """A socket the server only talks on, whatever its address: it drops what a client sends and hears the server's
    measure of the round trip, which every open socket is sent, so that neither is an error in the log."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Whatever a client sends, well-formed or not, is ignored: only the owner's POSTs change a game.
        It is dropped before channels' dispatch, which would first close stale database connections in
        the thread that runs Django's views: no flood of frames reaches that thread."""
        if message["type"] != "websocket.receive":
            await super().dispatch(message)

    async def tripeaks_round_trip(self, message: dict[str, Any]) -> None:
        """The server measured the network's round trip to this page (tripeaks_site/server/round_trips.py)."""


class UnroutedSocket(ListeningSocket):
    """A socket opened at an address no page opens (``/ws/c/../../g/x/``, a mistyped path): closed with
    UNKNOWN_GAME, so that a client stops trying, and never an error with a traceback in the log."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=UNKNOWN_GAME)


class LiveSocket(ListeningSocket):
    """A socket that only listens to a group's events: a game's (``GameConsumer``) or a room's
    (games/challenges/live.py)."""

    kind = "game"  # what the socket follows, as its log lines name it
    lost_redis = False
    open_as: tuple[tuple[str, str], ...] = ()  # what this socket counts as among ``open_sockets``

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """The socket's whole life: however it ends (the client closing at any moment, an error, the
        server cancelling the consumer), its presence and its place in the game's group are given back."""
        gone = False

        async def send_unless_gone(message: dict[str, Any]) -> None:
            nonlocal gone
            if gone:
                return
            try:
                await send(message)
            except Disconnected:  # the client's close frame came first: its disconnect follows
                gone = True

        metrics.move_gauge(metrics.SOCKETS_OPEN, 1, self.kind)
        try:
            await super().__call__(scope, receive, send_unless_gone)
        except REDIS_TROUBLE as error:  # the channel layer lost Redis: the page comes back when it returns
            await self.unavailable(error)
        finally:
            await self.release()
            self.uncount()
            metrics.move_gauge(metrics.SOCKETS_OPEN, -1, self.kind)

    def counted(self, keys: tuple[str | None, str | None]) -> bool:
        """Count this socket among its player's and address's open ones; False, uncounted, if either has that many
        open already."""
        if not settings.RATELIMIT_ENABLE:  # RATE_LIMITS=False: every limit off
            return True
        held = [(setting, key) for setting, key in zip(OPEN_SOCKETS, keys, strict=True) if key is not None]
        if any(open_sockets[each] >= getattr(settings, each[0]) for each in held):
            return False
        open_sockets.update(held)
        self.open_as = tuple(held)
        return True

    def uncount(self) -> None:
        held, self.open_as = self.open_as, ()
        open_sockets.subtract(held)
        for each in held:
            if not open_sockets[each]:
                del open_sockets[each]

    async def connect(self) -> None:
        await self.accept()
        keys = await socket_keys(self.scope)
        # Not on the thread of the consumers' database calls: a frozen cache must hold this socket alone.
        if not self.counted(keys) or await sync_to_async(socket_refused, thread_sensitive=False)(keys):
            await self.close(code=TOO_MANY)
            return
        public_id = self.scope["url_route"]["kwargs"]["public_id"]
        if not PUBLIC_ID.fullmatch(public_id):
            await self.close(code=UNKNOWN_GAME)
            return
        try:
            await self.follow(public_id)
        except REDIS_TROUBLE as error:
            await self.unavailable(error)

    async def follow(self, public_id: str) -> None:
        raise NotImplementedError

    async def release(self) -> None:
        raise NotImplementedError

    async def disconnect(self, code: int) -> None:
        await self.release()

    async def unavailable(self, error: BaseException) -> None:
        """Redis is away (this socket's own calls, the channel layer, or the process's listener on the group,
        fanout.py): one warning, and the socket closes with ``UNAVAILABLE``, which has the page come back."""
        if self.lost_redis:  # the listener and the socket's own receive both fail: told once
            return
        self.lost_redis = True
        public_id = self.scope["url_route"]["kwargs"]["public_id"]
        logger.warning("live socket of %s %s closed: Redis unavailable (%s)", self.kind, public_id, trouble(error))
        await self.close(code=UNAVAILABLE)  # first: leaving the presence waits for Redis, up to its life
        await self.release()


class GameConsumer(LiveSocket):
    public_id = ""
    group = ""  # the game's group, once joined
    page_kind = ""  # presence.PLAYER or the watcher's board variant, once the game is known to exist
    watching_shown: int | None = None
    version_sent = -1  # the newest version this page was told: an older event that comes late is not sent
    renewal: asyncio.Task[None] | None = None

    async def follow(self, public_id: str) -> None:
        # Join before reading the version: an action committed after the read is then always heard.
        self.group = events.group_name(public_id)
        await fanout.join(self.channel_layer, self.group, self)
        found = await find_game(public_id, self.scope)
        if isinstance(found, int):
            await self.release()
            await self.close(code=found)
            return
        version, owner = found
        # The page is present from here on (release takes it away, whatever happens next).
        self.public_id = public_id
        self.page_kind = presence.PLAYER if owner else board_variant(self.scope["query_string"])
        if self.page_kind != presence.PLAYER:
            metrics.move_gauge(metrics.WATCHERS_OPEN, 1)
        await presence.store().mark(public_id, self.page_kind, self.channel_name)
        self.renewal = asyncio.create_task(self.stay_present())
        await self.send_board(version, events.board_frame(version))
        await self.show_watching((await presence.store().count(public_id)).watching)
        tell_watching_soon(self.channel_layer, public_id)

    async def release(self) -> None:
        """Leave the game's group and its presence: once, however often called, and whatever becomes of the
        consumer meanwhile (the presence is left by a task of its own)."""
        if self.renewal:
            self.renewal.cancel()
            self.renewal = None
        group, kind, self.group, self.page_kind = self.group, self.page_kind, "", ""
        if kind and kind != presence.PLAYER:
            metrics.move_gauge(metrics.WATCHERS_OPEN, -1)
        if group:
            await fanout.leave(group, self)
        if kind:
            leaving = asyncio.create_task(leave_presence(self.channel_layer, self.public_id, kind, self.channel_name))
            _leaving.add(leaving)
            leaving.add_done_callback(_leaving.discard)
            await asyncio.shield(leaving)

    async def stay_present(self) -> None:
        """Renew this page's presence before it expires, and correct the count shown if others expired."""
        while True:
            # Spread over the sockets; no secret in it.
            await asyncio.sleep(presence.PRESENCE_RENEWAL * random.uniform(0.8, 1.0))  # noqa: S311
            try:
                await presence.store().mark(self.public_id, self.page_kind, self.channel_name)
                await self.show_watching((await presence.store().count(self.public_id)).watching)
            except Exception:  # Redis away for a moment: the next round tries again
                logger.warning("could not renew the presence of %s on game %s", self.channel_name, self.public_id)

    async def show_watching(self, count: int) -> None:
        if count != self.watching_shown:
            self.watching_shown = count
            await self.send_json({"type": "watching", "count": count})

    # The game group's events (events.py and tell_watching_soon), handed over by fanout.py

    async def tripeaks_round_trip(self, message: dict[str, Any]) -> None:
        # The player's page: the clock gives back the network's part of their actions' waits.
        if self.page_kind == presence.PLAYER:
            await round_trips.heard(self.public_id, message["seconds"])

    async def send_board(self, version: int, frame: str) -> None:
        if version > self.version_sent:
            self.version_sent = version
            await self.send(text_data=frame)

    async def game_board(self, event: dict[str, Any]) -> None:
        # Announcements of two processes may cross: the page is told each version once, in order.
        if event["version"] <= self.version_sent:
            return
        self.version_sent = event["version"]
        # One ASGI message per frame, made by the first page and shared by this process's others (fanout.py
        # hands them all the same event): each page's send is then one call to the server, nothing more.
        if "sends" not in event:
            event["sends"] = {
                kind: {"type": "websocket.send", "text": frame} for kind, frame in event["frames"].items()
            }
        sends = event["sends"]
        await self.base_send(sends.get(self.page_kind, sends[events.PLAIN]))

    async def game_watching(self, event: dict[str, Any]) -> None:
        await self.show_watching(event["count"])


_leaving: set[asyncio.Task[None]] = set()  # pages leaving a game's presence (a task is kept until done)


async def leave_presence(layer: BaseChannelLayer, public_id: str, kind: str, channel: str) -> None:
    """Leave a game's presence, trying again while Redis is slow or away, until the mark would have expired anyway."""
    loop = asyncio.get_running_loop()
    expired = loop.time() + presence.PRESENCE_TTL
    while True:
        try:
            await presence.store().leave(public_id, kind, channel)
            break
        except REDIS_TROUBLE as error:
            if loop.time() + LEAVE_RETRY >= expired:
                logger.warning("could not leave the presence of game %s (%s): it expires", public_id, trouble(error))
                return
            await asyncio.sleep(LEAVE_RETRY)
    tell_watching_soon(layer, public_id)


_watching_soon: dict[tuple[asyncio.AbstractEventLoop, str], asyncio.Task[None]] = {}


def tell_watching_soon(layer: BaseChannelLayer, public_id: str) -> None:
    """Tell the game's pages how many watch, once for all the joins and leaves of the next moment:
    a crowd of N arriving costs about N frames, not N² (one event per process and game at most)."""
    key = (asyncio.get_running_loop(), public_id)
    if key not in _watching_soon:
        _watching_soon[key] = asyncio.create_task(_tell_watching(layer, key, public_id))


async def _tell_watching(layer: BaseChannelLayer, key: tuple[asyncio.AbstractEventLoop, str], public_id: str) -> None:
    try:
        await asyncio.sleep(WATCHING_DELAY)
    finally:
        del _watching_soon[key]  # changes from now on are told by the next event
    try:
        count = (await presence.store().count(public_id)).watching
        await layer.group_send(events.group_name(public_id), {"type": "game.watching", "count": count})
    except REDIS_TROUBLE as error:  # the next join or leave, or each page's renewal, tells it again
        logger.warning("could not tell game %s how many watch (%s)", public_id, trouble(error))
