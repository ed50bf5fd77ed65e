"""What the templates show of a game: rows of cells, piles, counters; never a face-down card."""

from dataclasses import dataclass

import engine
from engine.game import PEAK_BONUS
from engine.layout import ROWS

from .models import Game


@dataclass(frozen=True)
class Cell:
    position: int
    card: str | None  # None while face down: the template never learns what it is
    removed: bool
    playable: bool


@dataclass(frozen=True)
class Board:
    game: Game
    rows: list[list[Cell]]
    waste: str
    stock_count: int
    score: int
    moves: int
    status: str
    peaks_cleared: tuple[bool, ...]
    version: int
    can_undo: bool

    @property
    def peak_bonus(self) -> int:
        return PEAK_BONUS * sum(self.peaks_cleared)


def board(game: Game, played: engine.Game) -> Board:
    visible = played.visible()
    playable = set(played.playable())
    rows = [[Cell(p, visible.get(p), played.is_removed(p), p in playable) for p in row] for row in ROWS]
    return Board(
        game=game,
        rows=rows,
        waste=played.waste,
        stock_count=played.stock_count,
        score=played.score,
        moves=played.moves,
        status=played.status,
        peaks_cleared=played.peaks_cleared(),
        version=played.actions,
        can_undo=played.undoable > 0 and played.status != "won",
    )
