"""A ``Table`` is one game as one viewer sees it: the stored record, the position its log reaches,
whether this viewer may play, and their settings. Every page and answer that draws a board (the game
page, the answers to actions and hints, a live page's resync, the watchers' frames) draws it from one."""

from dataclasses import dataclass
from functools import cached_property

from django.http import HttpRequest
from django.urls import reverse

import engine
from games.drawing.board import Board, board
from games.drawing.explanations import verdict_text
from games.models import GameRecord, Preferences
from games.store.players import Player
from games.web import preferences


@dataclass(frozen=True)
class Table:
    record: GameRecord
    game: engine.Game
    can_play: bool  # the owner's forms, or the read-only board
    preferences: Preferences

    @classmethod
    def of(cls, request: HttpRequest, record: GameRecord, game: engine.Game) -> "Table":
        """The table as the player behind ``request`` sees it: a challenge's game is read-only once it is over."""
        can_play = record.is_owned_by(Player.of(request)) and (record.race_running or not record.in_room)
        return cls(record, game, can_play, preferences.load(request))

    @classmethod
    def watched(cls, record: GameRecord, game: engine.Game, highlight: bool) -> "Table":
        """The read-only table of a watcher whose board rings the playable cards or not."""
        return cls(record, game, False, Preferences(highlight_playable=highlight, highlight_in_easy=highlight))

    @property
    def highlight(self) -> bool:
        """Ring the cards that fit the waste: as the player chose, and in Easy games unless they turned it off."""
        easy = self.record.level == engine.Level.EASY
        return self.preferences.highlight_playable or (easy and self.preferences.highlight_in_easy)

    @cached_property
    def url(self) -> str:
        """The game page's URL; its actions' URLs continue it (games/drawing/regions/play_area.py)."""
        return reverse("game", args=[self.record.public_id])

    @cached_property
    def board(self) -> Board:
        return board(self.game, self.record.streak_score(self.game))

    def context(self, **extra: object) -> dict[str, object]:
        """The template context of the game page's regions (templates/games/game.html)."""
        return {
            "table": self,
            "board": self.board,
            "can_play": self.can_play,
            "highlight": self.highlight,
            "verdict": verdict_text(self.record),
            # a challenge's game, once the race is over (actions.find_verdict)
            "verdict_pending": self.game.status is not engine.Status.PLAYING
            and not self.record.analysed
            and not self.record.race_running,
            **extra,
        }
