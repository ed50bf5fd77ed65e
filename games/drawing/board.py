"""What the templates show of a position: rows of cells, piles, counters; never a face-down card."""

import math
from dataclasses import dataclass
from typing import NamedTuple

import engine
from games.drawing.board_text import board_text


def _columns() -> tuple[int, ...]:
    """Each position's first column on a grid of half-card columns: the bottom row's cards lie
    side by side, and every other card lies centred on the two that cover it."""
    columns = [0] * engine.PEAK_CARDS
    for position in reversed(range(engine.PEAK_CARDS)):
        covering = engine.COVERERS[position]
        columns[position] = columns[covering[0]] + 1 if covering else 1 + 2 * (position - engine.ROWS[-1].start)
    return tuple(columns)


COLUMNS = _columns()


class Cell(NamedTuple):  # a tuple rather than a frozen dataclass: 28 are made for every answer, three times faster
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
    rows: list[list[Cell]]
    waste: str
    stock_count: int
    score: int
    peak_bonus: int
    moves: int
    status: engine.Status
    version: int
    can_undo: bool
    arrival: str  # how the waste card arrived, for its animation: "tap", "draw" or "" (none yet, or an undo)
    text: str  # the board in words, read by screen readers after each action (board_text.py)
    streaks: engine.StreakScore | None  # a level game's score by streaks; None for a free game

    @property
    def won(self) -> bool:
        return self.status is engine.Status.WON

    @property
    def blocked(self) -> bool:
        return self.status is engine.Status.BLOCKED


def board(game: engine.Game, streaks: engine.StreakScore | None = None) -> Board:
    visible = game.visible()
    playable = set(game.playable())
    last = game.last_action
    revealed = last.revealed if last else frozenset()
    rows = [
        [Cell(p, visible.get(p), game.is_removed(p), p in playable, p in revealed) for p in row] for row in engine.ROWS
    ]
    status = game.status
    return Board(
        rows=rows,
        waste=game.waste,
        stock_count=game.stock_count,
        score=streaks.total if streaks else game.score,
        peak_bonus=game.peak_bonus,
        moves=game.moves,
        status=status,
        version=game.version,
        can_undo=game.undoable > 0 and status is not engine.Status.WON,
        arrival=last.action if last and last.action is not engine.Action.UNDO else "",
        text=board_text(game),
        streaks=streaks,
    )


def changes(before: engine.Game, after: Board, highlight: bool) -> list[Cell]:
    """The cells of ``after`` that a page showing ``before`` draws again: removed, turned up or down, or (with the
    playable cards ringed) ringed or no longer."""
    visible, playable = before.visible(), set(before.playable()) if highlight else set()
    return [
        cell
        for row in after.rows
        for cell in row
        if (cell.removed, cell.card, highlight and cell.playable)
        != (before.is_removed(cell.position), visible.get(cell.position), cell.position in playable)
    ]


def minutes(seconds: float) -> str:
    """``seconds`` as minutes and seconds, 3:07; none below 0:00."""
    whole = max(0, math.floor(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
