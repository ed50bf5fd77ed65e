"""A game of TriPeaks: the deal, the rule and the actions played on them.

The state is compact on purpose, for replay on every request and for the solver:
a bitmask of removed peak cards, how many stock cards were drawn, and the waste card.
"""

from dataclasses import dataclass
from enum import StrEnum

from .cards import card_name, parse_deck
from .codes import GameCode
from .layout import (
    ALL_REMOVED,
    COVER_MASKS,
    COVERED_BY,
    FIRST_WASTE,
    PEAK_CARDS,
    PEAK_MASKS,
    STOCK_SIZE,
    is_uncovered,
    peaks_cleared,
)
from .log import (
    DRAW,
    FOLDED,
    MAX_LOG_ACTIONS,
    POSITION_OF_SYMBOL,
    UNDO,
    InvalidLog,
    Refusal,
    fold,
    split_folded,
    tap_symbol,
)
from .masks import free_cards
from .rules import RANK_ADJACENT, Rule

START_SCORE = 500
ACTION_COST = 1
PEAK_BONUS = 100


def points_score(removed: int, drawn: int) -> int:
    """The app's score of a position (docs/rules.md §6): 500, −1 per action standing (the cards removed and drawn),
    +100 per emptied peak; never below 0."""
    standing = removed.bit_count() + drawn
    return max(0, START_SCORE - ACTION_COST * standing + PEAK_BONUS * peaks_cleared(removed))


_DRAWN = -1  # history marker: the action was a draw, not a tap


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"  # the stock is empty and no card fits: only undo is left


class Action(StrEnum):
    TAP = "tap"
    DRAW = "draw"
    UNDO = "undo"


class IllegalMove(Exception):
    """A refused action; nothing changed."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason.message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class LastAction:
    """The latest action of a game, as a page shows it arriving."""

    action: Action
    position: int | None = None  # the peak position a tap played
    revealed: frozenset[int] = frozenset()  # the positions a tap turned face up


class Game:
    """One deal played under one rule. Build with ``new``, ``from_cards`` or ``replay``."""

    __slots__ = (
        "_adjacent",
        "_cards",
        "_drawn",
        "_folded",
        "_history",
        "_log",
        "_moves",
        "_removed",
        "_waste",
        "code",
        "rule",
    )

    def __init__(self, cards: tuple[int, ...], rule: Rule, code: GameCode | None = None) -> None:
        self._cards = cards
        self.rule = rule
        self.code = code
        self._adjacent = RANK_ADJACENT[rule]
        self._removed = 0
        self._drawn = 0
        self._waste = cards[FIRST_WASTE]
        # (position or _DRAWN, waste before the action) for each action still standing.
        # Undo reaches the last 100 actions (docs/rules.md §7); at most 51 can stand (28 removals,
        # 23 draws), so every standing action can be undone and no cap is needed.
        self._history: list[tuple[int, int]] = []
        self._moves = 0
        self._log: list[str] = []
        self._folded = 0  # pairs of an action and its undo folded out of the log (log.py)

    # -- building -----------------------------------------------------------------

    @classmethod
    def new(cls, code: GameCode) -> "Game":
        return cls(code.cards, code.rule, code)

    @classmethod
    def from_cards(cls, cards: list[str] | tuple[str, ...], rule: Rule, log: str = "") -> "Game":
        """A game on an explicit deal (``"TD"``-style names in deal order), replaying ``log``."""
        game = cls(parse_deck(cards), Rule(rule))
        game.play_log(log)
        return game

    @classmethod
    def replay(cls, code: GameCode, log: str) -> "Game":
        game = cls.new(code)
        game.play_log(log)
        return game

    def play_log(self, log: str) -> None:
        """Apply every action of ``log``; ``InvalidLog`` names the first that fails."""
        if FOLDED in log:
            if self.version:
                raise InvalidLog(self.version + 1, FOLDED, Refusal.NOT_AN_ACTION)
            try:
                self._folded, log = split_folded(log)
            except ValueError:
                raise InvalidLog(1, FOLDED, Refusal.NOT_AN_ACTION) from None
            self._moves = self._folded  # each folded pair played one action
        for index, symbol in enumerate(log, start=self.version + 1):
            try:
                self.apply(symbol)
            except IllegalMove as refused:
                raise InvalidLog(index, symbol, refused.reason) from None

    def apply(self, symbol: str) -> None:
        """Apply one action written as in the log."""
        if symbol == DRAW:
            self.draw()
        elif symbol == UNDO:
            self.undo()
        elif symbol in POSITION_OF_SYMBOL:
            self.tap(POSITION_OF_SYMBOL[symbol])
        else:
            raise IllegalMove(Refusal.NOT_AN_ACTION)

    def act(self, action: Action, position: int | None = None) -> None:
        """Play ``action`` ("tap", "draw" or "undo"); a tap needs the ``position`` of the peak card."""
        action = Action(action)  # ValueError for anything else
        if action is Action.TAP:
            if position is None:
                raise ValueError("a tap needs a position")
            self.tap(position)
        elif action is Action.DRAW:
            self.draw()
        else:
            self.undo()

    def copy(self) -> "Game":
        twin = Game.__new__(Game)
        for name in self.__slots__:
            setattr(twin, name, getattr(self, name))
        twin._history = self._history.copy()
        twin._log = self._log.copy()
        return twin

    # -- actions ------------------------------------------------------------------

    def tap(self, position: int) -> None:
        """Remove the peak card at ``position`` onto the waste."""
        if not 0 <= position < PEAK_CARDS:
            raise ValueError(f"no peak position {position!r}: positions are 0–{PEAK_CARDS - 1}")
        self._check_open()
        removed = self._removed
        bit = 1 << position
        cover = COVER_MASKS[position]
        if removed & bit or removed & cover != cover:
            raise IllegalMove(Refusal.BLOCKED)
        card = self._cards[position]
        if not self._adjacent[card % 13 * 13 + self._waste % 13]:
            raise IllegalMove(Refusal.NOT_ADJACENT)
        self._record(position, tap_symbol(position))
        self._removed = removed | bit
        self._waste = card

    def draw(self) -> None:
        """Turn the top stock card onto the waste; allowed at any time while stock is left."""
        self._check_open()
        if self._drawn == STOCK_SIZE:
            raise IllegalMove(Refusal.STOCK_EMPTY)
        self._record(_DRAWN, DRAW)
        self._waste = self._cards[FIRST_WASTE + 1 + self._drawn]
        self._drawn += 1

    def undo(self) -> None:
        """Take back the last action still in the undo window; the move counter stays."""
        self._check_open()
        if not self._history:
            raise IllegalMove(Refusal.NOTHING_TO_UNDO)
        position, previous_waste = self._history.pop()
        if position == _DRAWN:
            self._drawn -= 1
        else:
            self._removed &= ~(1 << position)
        self._waste = previous_waste
        self._append(UNDO)

    def _check_open(self) -> None:
        if self._removed == ALL_REMOVED:
            raise IllegalMove(Refusal.GAME_OVER)

    def _record(self, position: int, symbol: str) -> None:
        self._history.append((position, self._waste))
        self._moves += 1
        self._append(symbol)

    def _append(self, symbol: str) -> None:
        self._log.append(symbol)
        if len(self._log) > MAX_LOG_ACTIONS:
            folded, self._log = fold(self._log)
            self._folded += folded

    # -- what the game shows ------------------------------------------------------

    @property
    def waste(self) -> str:
        return card_name(self._waste)

    @property
    def stock_count(self) -> int:
        return STOCK_SIZE - self._drawn

    @property
    def moves(self) -> int:
        """Removals and draws played, undone ones included: never goes down."""
        return self._moves

    @property
    def score(self) -> int:
        """500, −1 per action not undone, +100 per emptied peak; never below 0."""
        return points_score(self._removed, self._drawn)

    @property
    def peak_bonus(self) -> int:
        """The points the emptied peaks add to the score."""
        return PEAK_BONUS * peaks_cleared(self._removed)

    @property
    def log(self) -> str:
        actions = "".join(self._log)
        return f"{self._folded}{FOLDED}{actions}" if self._folded else actions

    @property
    def version(self) -> int:
        """The number of actions played, undos and folded ones included: what a page shows and posts back."""
        return 2 * self._folded + len(self._log)

    @property
    def last_action(self) -> LastAction | None:
        """The latest action of the log, and for a tap the cards it turned face up; None before any."""
        if not self._log:
            return None
        symbol = self._log[-1]
        if symbol == DRAW:
            return LastAction(Action.DRAW)
        if symbol == UNDO:
            return LastAction(Action.UNDO)
        position = POSITION_OF_SYMBOL[symbol]
        revealed = frozenset(p for p in COVERED_BY[position] if self.is_face_up(p))
        return LastAction(Action.TAP, position, revealed)

    @property
    def run(self) -> int:
        """The run going on: the cards played from the peaks since the last draw, among the actions standing."""
        count = 0
        for position, _ in reversed(self._history):
            if position == _DRAWN:
                break
            count += 1
        return count

    @property
    def standing(self) -> str:
        """The actions still standing, in the log's symbols: with the deal, they make the position, undo's
        included (a log reaches the same one whatever it took back on the way)."""
        return "".join(DRAW if position == _DRAWN else tap_symbol(position) for position, _ in self._history)

    @property
    def undoable(self) -> int:
        """How many actions undo can still take back."""
        return len(self._history)

    @property
    def deal(self) -> list[str]:
        return [card_name(card) for card in self._cards]

    @property
    def state(self) -> tuple[int, int, int]:
        """(removed-cards mask, cards drawn, waste card): all a position needs beyond the deal."""
        return (self._removed, self._drawn, self._waste)

    @property
    def cards(self) -> tuple[int, ...]:
        """The deal as engine card numbers (for the solver; the API speaks ``deal``)."""
        return self._cards

    def is_removed(self, position: int) -> bool:
        return bool(self._removed >> position & 1)

    def is_face_up(self, position: int) -> bool:
        """Face up: still on the peaks with nothing left on top of it."""
        return not self.is_removed(position) and is_uncovered(position, self._removed)

    def visible(self) -> dict[int, str]:
        cards = self._cards
        return {p: card_name(cards[p]) for p in self._face_up()}

    def playable(self) -> list[int]:
        """Positions that a tap would remove now, in order."""
        if self._removed == ALL_REMOVED:
            return []
        adjacent, waste_rank, cards = self._adjacent, self._waste % 13, self._cards
        return [p for p in self._face_up() if adjacent[cards[p] % 13 * 13 + waste_rank]]

    def _face_up(self) -> list[int]:
        """The positions ``is_face_up`` holds for, in order: from the mask ``free_cards`` finds once for each
        set of removed cards (every answer to a move draws the board from them)."""
        free = free_cards(self._removed)
        return [p for p in range(PEAK_CARDS) if free >> p & 1]

    @property
    def status(self) -> Status:
        if self._removed == ALL_REMOVED:
            return Status.WON
        if self._drawn == STOCK_SIZE and not self.playable():
            return Status.BLOCKED
        return Status.PLAYING

    def peaks_cleared(self) -> tuple[bool, ...]:
        """For each peak, left to right, whether all its cards are removed."""
        return tuple(self._removed & mask == mask for mask in PEAK_MASKS)

    def __repr__(self) -> str:
        where = str(self.code) if self.code else f"cards, {self.rule.name}"
        return f"<Game {where} log={self.log!r} status={self.status}>"
