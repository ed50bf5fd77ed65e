"""What happens to games and challenges, for whoever listens: each fact is announced by the action that makes
it happen (games/actions.py, games/challenges/actions.py) once it is written, and the live pages subscribe to
them in games/apps.py (games/live/events.py, games/challenges/live.py)."""

import engine
from games.base.announcements import Fact
from games.models import GameRecord, Room

# An action of a game is written: its stored record, and the position the action reached.
game_moved: Fact[GameRecord, engine.Game] = Fact("game moved", in_turn_of=lambda record, game: record.pk)
# What a challenge's pages show has changed: a player joined or left, the race started or ended, or one of its
# games was taught (its moves are told by game_moved).
room_changed: Fact[Room] = Fact("room changed")
