"""What the templates show of a game: rows of cells, piles, counters; never a face-down card."""

from dataclasses import dataclass

import engine
from engine.game import PEAK_BONUS
from engine.layout import COVERERS, PEAK_CARDS, ROWS
from engine.log import DRAW, POSITION_OF_SYMBOL

from .board_text import board_text
from .models import Game


def _columns() -> tuple[int, ...]:
    """Each position's first column on a grid of half-card columns: the bottom row's cards lie
    side by side, and every other card lies centred on the two that cover it."""
    columns = [0] * PEAK_CARDS
    for position in reversed(range(PEAK_CARDS)):
        covering = COVERERS[position]
        columns[position] = columns[covering[0]] + 1 if covering else 1 + 2 * (position - ROWS[-1].start)
    return tuple(columns)


COLUMNS = _columns()


@dataclass(frozen=True)
class Cell:
    position: int
    card: str | None  # None while face down: the template never learns what it is
    removed: bool
    playable: bool
    revealed: bool  # turned face up by the last action: the page shows it flipping

    @property
    def column(self) -> int:
        return COLUMNS[self.position]


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
    last_action: str  # "tap", "draw" or "" (none yet, or an undo): how the waste card arrived
    text: str  # the board in words, read by screen readers after each action (board_text.py)

    @property
    def peak_bonus(self) -> int:
        return PEAK_BONUS * sum(self.peaks_cleared)


def board(game: Game, played: engine.Game) -> Board:
    visible = played.visible()
    playable = set(played.playable())
    last = played.log[-1:]
    tapped = POSITION_OF_SYMBOL.get(last)
    revealed = {p for p in visible if tapped in COVERERS[p]}
    rows = [[Cell(p, visible.get(p), played.is_removed(p), p in playable, p in revealed) for p in row] for row in ROWS]
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
        last_action="tap" if tapped is not None else "draw" if last == DRAW else "",
        text=board_text(played),
    )
