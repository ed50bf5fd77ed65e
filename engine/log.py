"""The move log: one character per action, in order.

A tap on position p is p as one base-36 digit (``0``–``9``, then ``a``–``r`` for
10–27), ``+`` a draw, ``-`` an undo. ``"k+-3"`` taps 20, draws, undoes the draw, taps 3.
"""

import string
from typing import TYPE_CHECKING

from .layout import PEAK_CARDS

if TYPE_CHECKING:
    from .game import Refusal

DRAW = "+"
UNDO = "-"
# Longest log a game may hold: a legal game needs at most 51 actions, so this only
# stops a client that draws and undoes forever from growing a row without limit.
MAX_LOG_ACTIONS = 1000

TAP_SYMBOLS = (string.digits + string.ascii_lowercase)[:PEAK_CARDS]
POSITION_OF_SYMBOL = {symbol: position for position, symbol in enumerate(TAP_SYMBOLS)}


class InvalidLog(ValueError):
    """A log that does not replay; names the first bad action (1-based) and why."""

    def __init__(self, index: int, symbol: str, reason: "Refusal") -> None:
        super().__init__(f"action {index} ({symbol!r}): {reason.message}")
        self.index = index
        self.symbol = symbol
        self.reason = reason


def tap_symbol(position: int) -> str:
    return TAP_SYMBOLS[position]
