"""A ``Table`` is one game as one viewer sees it: the stored record, the position its log reaches,
whether this viewer may play, and their settings. Every page and answer that draws a board (the game
page, the answers to actions and hints, a live page's resync, the watchers' frames) draws it from one."""

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from django.urls import reverse
from django.utils.translation import get_language, gettext

import engine
from games.drawing.board import Board, board
from games.drawing.coach import Coaching, coaching
from games.drawing.explanations import par_text, verdict_text
from games.drawing.regions.words import board_words
from games.models import DealPar, GameRecord, Preferences
from games.players import Player
from games.store.visibility import Sight


@dataclass(frozen=True)
class Clock:
    """A level game's (or a challenge's) time on the server's clock, and its time bonus's limit (a challenge's: the
    race's); static/js/clock.js makes them tick from these figures until the next answer brings new ones."""

    seconds: float
    limit: int
    running: bool

    @property
    def left(self) -> float:
        return self.limit - self.seconds

    @property
    def over(self) -> bool:
        return self.seconds >= self.limit


class Viewer(StrEnum):
    """Who looks at a table, as its head says it (templates/games/game.html, its partial status)."""

    PLAYER = "player"  # its player, who may play it
    OWNER = "owner"  # its player, who may play it no more: a race over, a challenge link's game at its end
    WATCHER = "watcher"  # anyone else: read-only


@dataclass(frozen=True)
class Table:
    record: GameRecord
    game: engine.Game
    can_play: bool  # the owner's forms, or the read-only board
    preferences: Preferences
    untimed: bool = False  # a par line's board: scored without the time bonus
    owner: bool = False  # the viewer is its player, whether or not they may still play it

    @classmethod
    def of(cls, record: GameRecord, game: engine.Game, player: Player, preferences: Preferences) -> "Table":
        """The table as ``player`` sees it, with their settings."""
        return cls(record, game, record.playable_by(player), preferences, owner=record.is_owned_by(player))

    @classmethod
    def watched(cls, record: GameRecord, game: engine.Game, highlight: bool) -> "Table":
        """The read-only table of a watcher whose board rings the playable cards or not."""
        return cls(record, game, False, Preferences(highlight_playable=highlight, highlight_in_easy=highlight))

    @property
    def viewer(self) -> Viewer:
        if self.can_play:
            return Viewer.PLAYER
        return Viewer.OWNER if self.owner else Viewer.WATCHER

    @property
    def undo_at_end(self) -> bool:
        """A blocked end card offers Undo (and Teach me) to a player who may still play the game."""
        return self.can_play

    @property
    def new_game_at_end(self) -> bool:
        """An end card's first button deals a new game (the next deal, or the New game page), rather than leading
        back to the game's challenge: a room's, or the board of the player's own challenge link."""
        return not self.record.in_room and not (self.record.link_role and self.owner)

    def blocked_summary(self) -> str:
        """A blocked end card's line: the score, and what its buttons let the viewer do next, nothing else."""
        score = {"score": self.board.score}
        if self.undo_at_end and self.new_game_at_end:
            return gettext("Score %(score)s. Undo to try another way, or start a new game.") % score
        if self.undo_at_end:
            return gettext("Score %(score)s. Undo to try another way.") % score
        return gettext("Score %(score)s.") % score

    @property
    def highlight(self) -> bool:
        """Ring the cards that fit the waste: as the player chose, and in Easy games unless they turned it off."""
        easy = self.record.level == engine.Level.EASY
        return self.preferences.highlight_playable or (easy and self.preferences.highlight_in_easy)

    @cached_property
    def url(self) -> str:
        """The game page's URL; its actions' URLs continue it (templates/games/game.html, its partial board)."""
        return reverse("game", args=[self.record.public_id])

    @cached_property
    def clock(self) -> Clock:
        record = self.record
        seconds = record.seconds()
        limit = record.scoring.time_limit if record.scoring else 0
        running = bool(record.first_action_at) and not record.finished and not record.left_race
        return Clock(seconds, limit, running and (record.time_limit is None or seconds < limit))

    @cached_property
    def sight(self) -> Sight:
        """What of the game this viewer may see (games/store/visibility.py)."""
        return Sight(self.record, self.owner)

    @cached_property
    def whose(self) -> str:
        """Whose game it is, as a watcher's head says it ("Ann's game"); "" for a player signed out."""
        name = self.sight.name
        return gettext("%(name)s's game") % {"name": name} if name else ""

    @cached_property
    def board(self) -> Board:
        return board(self.game, self.record.streak_score(self.game, untimed=self.untimed))

    @cached_property
    def solver_may_speak(self) -> bool:
        """The game has ended, and the solver may say what it thinks of it."""
        return self.sight.solver_may_speak(self.game.status)

    @cached_property
    def deal_par(self) -> DealPar | None:
        """The par of the deal, shown once the game has ended (``actions.find_par``)."""
        return DealPar.of(self.record) if self.solver_may_speak else None

    @cached_property
    def coaching(self) -> Coaching | None:
        """The guided first game's coach, for its player while they play it (``GameRecord.guided``)."""
        return coaching(self.game) if self.record.guided and self.can_play else None

    def context(self, **extra: object) -> dict[str, object]:
        """The template context of the game page's regions (templates/games/game.html); a coach rings its card or
        the stock as Teach me does (an answer's own ring, given in ``extra``, comes first)."""
        coach = self.coaching
        return {
            "coaching": coach,
            "hinted": coach.position if coach else None,
            "hint_draw": coach.draw if coach else False,
            "table": self,
            "board": self.board,
            "can_play": self.can_play,
            "highlight": self.highlight,
            "words": board_words(get_language()),
            "verdict": verdict_text(self.record),
            # a challenge's game once the race is over, practice on today's deal once the day is (actions.find_verdict)
            "verdict_pending": self.solver_may_speak and not self.record.analysed,
            "par": par_text(self.record, self.game, self.deal_par),
            "par_pending": self.solver_may_speak and self.record.par_percent is None,
            "par_line_open": self.deal_par is not None and self.sight.deal_shown(self.game.status),
            **extra,
        }
