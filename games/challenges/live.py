"""The live standings of a challenge room, at /ws/c/<room id>/ (static/js/room.js opens it).

Whatever changes what a room's pages show (a move in one of its games, a player joining or leaving, the start,
the end) sends the room's group one small event once it has committed and been answered (``show_room`` and
``show_room_move`` listen to ``facts.room_changed`` and ``facts.game_moved``): no standings are computed on the
move's path. Each process that has pages open on the room computes them once per event, from the stored
games, and draws them once per language among its pages (fanout.py hands every page the same event).

Frames: ``{"type": "standings", "state": S, "version": N, "html": H}``, the whole standings region in the page's
language, sent on connecting and after each event: a page that missed one is whole again at the next. A room that
does not exist closes the socket with ``UNKNOWN_GAME``. The standings name no card: figures only (standings.py).
"""

import json
from typing import Any

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation

import engine
from games.challenges.standings import Racer, standings, version
from games.live import events, fanout
from games.live.close_codes import UNKNOWN_GAME
from games.live.consumers import LiveSocket, page_language
from games.models import GameRecord, Room


def group_name(public_id: str) -> str:
    return f"room.{public_id}"


def show_room(room: Room) -> None:
    """``facts.room_changed``: the room's pages are told to draw their standings again."""
    events.tell(group_name(room.public_id), {"type": "room.changed"})


def show_room_move(record: GameRecord, game: engine.Game) -> None:
    """``facts.game_moved``: a move in a challenge's game changes its room's standings."""
    if record.in_room:
        show_room(record.seat.room)  # the seat and its room were read by the move (actions.play)


def standings_html(room: Room, racers: list[Racer]) -> str:
    return render_to_string("games/room.html#standings", {"room": room, "racers": racers, "live": True})


@database_sync_to_async  # type: ignore[untyped-decorator]  # channels has no type hints
def standings_frame(public_id: str, language: str) -> str | None:
    """The room's standings as a frame, in ``language``; None if there is no such room."""
    room = Room.objects.filter(public_id=public_id).first()
    if room is None:
        return None
    with translation.override(language):  # a hidden name's "player N" too
        racers = standings(room)
        html = standings_html(room, racers)
    frame = {"type": "standings", "state": room.state().value, "version": version(racers), "html": html}
    return json.dumps(frame)


class RoomConsumer(LiveSocket):
    kind = "room"
    public_id = ""
    group = ""  # the room's group, once joined
    language = ""

    async def follow(self, public_id: str) -> None:
        # Join before reading: a change committed after the read is then always heard.
        self.public_id, self.language = public_id, page_language(self.scope["query_string"])
        self.group = group_name(public_id)
        await fanout.join(self.channel_layer, self.group, self)
        frame = await standings_frame(public_id, self.language)
        if frame is None:
            await self.release()
            await self.close(code=UNKNOWN_GAME)
            return
        await self.send(text_data=frame)

    async def release(self) -> None:
        group, self.group = self.group, ""
        if group:
            await fanout.leave(group, self)

    async def room_changed(self, event: dict[str, Any]) -> None:
        # Computed by the first page of this process and language, sent as it is by the others.
        frames = event.setdefault("frames", {})
        if self.language not in frames:
            frames[self.language] = await standings_frame(self.public_id, self.language)
        if frames[self.language] is not None:
            await self.send(text_data=frames[self.language])
