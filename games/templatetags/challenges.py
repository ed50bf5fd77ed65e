"""The challenge rooms' tag: ``{% room_of record as room %}``, the room of a challenge's game with its standings
(games/challenges/standings.py)."""

from dataclasses import dataclass

from django import template
from django.utils import timezone

from games.challenges.standings import Racer, standings
from games.models import GameRecord, Room

register = template.Library()


@dataclass(frozen=True)
class RoomOfGame:
    room: Room
    racers: list[Racer]
    seconds_to_end: float


@register.simple_tag
def room_of(record: GameRecord) -> RoomOfGame:
    room = record.read_seat().room
    ends_at = room.ends_at
    left = (ends_at - timezone.now()).total_seconds() if ends_at else 0.0
    return RoomOfGame(room, standings(room), max(0.0, left))
