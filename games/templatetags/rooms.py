"""The challenge rooms' tags: ``{{ seconds|minutes }}`` ("4:05"), and ``{% room_of record as room %}``, the room of a
challenge's game with its standings (games/store/rooms.py)."""

from dataclasses import dataclass

from django import template
from django.utils import timezone

from games.drawing.regions.small import minutes
from games.models import GameRecord, Room
from games.store import rooms

register = template.Library()
register.filter("minutes", minutes)


@dataclass(frozen=True)
class RoomOfGame:
    room: Room
    racers: list[rooms.Racer]
    seconds_to_end: float


@register.simple_tag
def room_of(record: GameRecord) -> RoomOfGame:
    room = rooms.seat_of_game(record).room
    ends_at = room.ends_at
    left = (ends_at - timezone.now()).total_seconds() if ends_at else 0.0
    return RoomOfGame(room, rooms.standings(room), max(0.0, left))
