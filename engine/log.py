"""The move log: one character per action, in order.

A tap on position p is p as one base-36 digit (``0``–``9``, then ``a``–``r`` for
10–27), ``+`` a draw, ``-`` an undo. ``"k+-3"`` taps 20, draws, undoes the draw, taps 3.

A long log is kept short by folding: an action and the undo that took it back (with everything between
them, itself all taken back) change nothing that follows, so once a log holds more than
``MAX_LOG_ACTIONS`` actions, such pairs older than the last ``UNDO_WINDOW`` actions are dropped and
only counted, in a prefix: ``"12*k3"`` is 12 folded pairs, then ``k3``. The game's version and move
counter still count them.
"""

import string
from enum import StrEnum
from types import MappingProxyType

from .layout import PEAK_CARDS

DRAW = "+"
UNDO = "-"
# The most actions a log keeps before its old taken-back pairs are folded: a legal game needs at most
# 51 standing actions, so a stored log stays under this plus a short prefix however long one plays.
MAX_LOG_ACTIONS = 1000
UNDO_WINDOW = 100  # the latest actions, never folded: what undo reaches (docs/rules.md §7)
FOLDED = "*"  # ends the prefix that counts the folded pairs

TAP_SYMBOLS = (string.digits + string.ascii_lowercase)[:PEAK_CARDS]
POSITION_OF_SYMBOL = MappingProxyType({symbol: position for position, symbol in enumerate(TAP_SYMBOLS)})


class Refusal(StrEnum):
    """Why an action was refused."""

    BLOCKED = "blocked"
    NOT_ADJACENT = "not_adjacent"
    STOCK_EMPTY = "stock_empty"
    NOTHING_TO_UNDO = "nothing_to_undo"
    GAME_OVER = "game_over"
    NOT_AN_ACTION = "symbol"  # a log character that is no action (the value names what is wrong)

    @property
    def message(self) -> str:
        return _REFUSAL_MESSAGES[self]


_REFUSAL_MESSAGES = MappingProxyType(
    {
        Refusal.BLOCKED: "this card is covered, face down or already played",
        Refusal.NOT_ADJACENT: "this card is not one rank above or below the waste card",
        Refusal.STOCK_EMPTY: "the stock is empty",
        Refusal.NOTHING_TO_UNDO: "there is no action left to undo",
        Refusal.GAME_OVER: "the game is won; nothing more can be played",
        Refusal.NOT_AN_ACTION: "not an action (0–9 a–r tap, + draw, - undo)",
    }
)


class InvalidLog(ValueError):
    """A log that does not replay; names the first bad action (1-based) and why."""

    def __init__(self, index: int, symbol: str, reason: Refusal) -> None:
        super().__init__(f"action {index} ({symbol!r}): {reason.message}")
        self.index = index
        self.symbol = symbol
        self.reason = reason


def tap_symbol(position: int) -> str:
    return TAP_SYMBOLS[position]


def split_folded(log: str) -> tuple[int, str]:
    """The number of folded pairs a log starts with, and its actions."""
    count, mark, actions = log.partition(FOLDED)
    if not mark:
        return 0, log
    if not count.isdigit():
        raise ValueError(f"not a count of folded pairs: {count!r}")
    return int(count), actions


def version_of(log: str) -> int:
    """The game's version after ``log``: every action played, folded ones included."""
    folded, actions = split_folded(log)
    return 2 * folded + len(actions)


def standing_versions(log: str) -> list[int]:
    """The version each action still standing was played at, in order: an undo takes back the last one standing
    (folded pairs stand none)."""
    folded, actions = split_folded(log)
    standing: list[int] = []
    for index, symbol in enumerate(actions, start=2 * folded + 1):
        if symbol == UNDO:
            standing.pop()
        else:
            standing.append(index)
    return standing


def log_until(log: str, version: int) -> str:
    """``log`` as it stood at ``version``: a version within its folded pairs gives the state after them,
    which is the deal's with no action standing."""
    folded, actions = split_folded(log)
    prefix = f"{folded}{FOLDED}" if folded else ""
    return prefix + actions[: max(0, version - 2 * folded)]


def fold(actions: list[str], keep: int = UNDO_WINDOW) -> tuple[int, list[str]]:
    """Drop each action and the undo that took it back when both are older than the last ``keep``
    actions (what lies between them went too); the number of pairs dropped, and the actions left."""
    cutoff = len(actions) - keep
    dropped = [False] * len(actions)
    standing: list[int] = []
    for index, symbol in enumerate(actions[:cutoff]):
        if symbol == UNDO:
            played = standing.pop()
            dropped[played : index + 1] = [True] * (index + 1 - played)
        else:
            standing.append(index)
    kept = [symbol for symbol, gone in zip(actions, dropped, strict=True) if not gone]
    return (len(actions) - len(kept)) // 2, kept
