"""What the solver tells a player: is the deal winnable, which action keeps it so, where was it lost.

The answers never depend on more than the position; the texts built on them (in the web app) name
only face-up cards, so no hint reveals a face-down card.
"""

import secrets
from dataclasses import dataclass
from enum import StrEnum

from .codes import CODE_SPACE, GameCode
from .game import Game, Status
from .layout import FIRST_WASTE
from .log import POSITION_OF_SYMBOL, UNDO, split_folded
from .rules import Rule
from .solver import DealSolver, Solution, winnable_quickly


class HintReason(StrEnum):
    """Why a hint points at its action, or why it points at none."""

    PEAK = "peak"  # the tap empties a peak
    FLIP = "flip"  # the tap turns up a face-down card
    RUN = "run"  # another card fits after the tap
    PLAY = "play"  # the tap keeps the deal winnable, nothing more
    DRAW = "draw"  # no tap keeps the deal winnable
    LOST = "lost"  # the position is no longer winnable
    WON = "won"


# Among the actions that keep the deal winnable, the one a teacher would point at first.
_PREFERENCE = (HintReason.PEAK, HintReason.FLIP, HintReason.RUN, HintReason.PLAY)


def solve(game: Game) -> Solution:
    """Whether every peak card can still be removed from ``game``'s position, and a line that does it
    (a log to append to ``game.log``). ``game`` is not changed."""
    return _solve(DealSolver(game.cards, game.rule), game)


def _solve(solver: DealSolver, game: Game) -> Solution:
    removed, drawn, waste = game.state
    return solver.solve(removed, drawn, waste % 13)


@dataclass(frozen=True, slots=True)
class Hint:
    position: int | None  # the peak card to tap, or None (draw, or nothing to do)
    reason: HintReason
    winnable: bool
    undos: int | None = None  # when not winnable: undos that bring back a winnable position


def hint(game: Game) -> Hint:
    """One action that keeps the deal winnable, the most instructive first; the same for the same position."""
    if game.status is Status.WON:
        return Hint(None, HintReason.WON, True)
    solver = DealSolver(game.cards, game.rule)  # one for all the positions asked of below
    if not _solve(solver, game).winnable:
        return Hint(None, HintReason.LOST, False, _undos_to_winnable(solver, game))
    for reason, position, after in sorted(_taps_by_reason(game), key=lambda tap: (_PREFERENCE.index(tap[0]), tap[1])):
        if _solve(solver, after).winnable:
            return Hint(position, reason, True)
    return Hint(None, HintReason.DRAW, True)  # winnable, and no tap keeps it so: the winning line draws


def _taps_by_reason(game: Game) -> list[tuple[HintReason, int, Game]]:
    """Each card that can be played: why a teacher would point at it, and the game after it."""
    peaks_cleared, visible = sum(game.peaks_cleared()), len(game.visible())
    taps: list[tuple[HintReason, int, Game]] = []
    for position in game.playable():
        trial = game.copy()
        trial.tap(position)
        if sum(trial.peaks_cleared()) > peaks_cleared:
            reason = HintReason.PEAK
        elif len(trial.visible()) >= visible:  # one card left, at least one turned up
            reason = HintReason.FLIP
        elif trial.playable():
            reason = HintReason.RUN
        else:
            reason = HintReason.PLAY
        taps.append((reason, position, trial))
    return taps


def undos_to_winnable(game: Game) -> int | None:
    """The fewest undos after which the deal is winnable again; None if not even the deal is.

    Winnability only ever goes from yes to no along a line (a winnable position's line would win
    from any earlier one), so a binary search over the undo depth finds it in a few solves.
    """
    return _undos_to_winnable(DealSolver(game.cards, game.rule), game)


def _undos_to_winnable(solver: DealSolver, game: Game) -> int | None:
    positions = _undone(game)
    if not _solve(solver, positions[-1]).winnable:
        return None
    low, high = 1, len(positions) - 1  # positions[k]: after k undos; positions[0] is unwinnable
    while low < high:
        middle = (low + high) // 2
        if _solve(solver, positions[middle]).winnable:
            high = middle
        else:
            low = middle + 1
    return low


def _undone(game: Game) -> list[Game]:
    """The position after 0, 1, … undos, back to the deal."""
    positions = [game.copy()]
    while positions[-1].undoable:
        earlier = positions[-1].copy()
        earlier.undo()
        positions.append(earlier)
    return positions


@dataclass(frozen=True, slots=True)
class Analysis:
    winnable: bool  # from the deal, under the game's rule
    losing_action: int | None  # 1-based index in the log of the action after which it no longer was
    losing_move: int | None  # the move counter after that action
    losing_card: str | None = None  # the card that action played; None when it was a draw


def analyse(game: Game) -> Analysis:
    """For a finished game: could the deal be won, and which action of the line played lost it."""
    if game.status is Status.WON:
        return Analysis(True, None, None)
    return analysis_of_loss(game, undos_to_winnable(game))


def analysis_of_loss(game: Game, undos: int | None) -> Analysis:
    """``analyse`` of a game ended lost, from its ``undos_to_winnable``, which Teach me's answer on its last
    position gives too (the web app asks the solver once for both)."""
    # The position is unwinnable; the action that lost it is the first one that the fewest undos back to a
    # winnable position take away.
    if undos is None:
        return Analysis(False, None, None)
    folded, actions = split_folded(game.log)
    first = 2 * folded  # the version before the first action the log keeps
    standing = _standing_actions(actions, first)
    index = standing[len(standing) - undos]
    symbol = actions[index - first - 1]
    card = game.deal[POSITION_OF_SYMBOL[symbol]] if symbol in POSITION_OF_SYMBOL else None
    moves = folded + sum(1 for played in actions[: index - first] if played != UNDO)
    return Analysis(True, index, moves, card)


def _standing_actions(actions: str, first: int) -> list[int]:
    """The versions after the actions still standing (``actions`` start after version ``first``), in order."""
    stack: list[int] = []
    for index, symbol in enumerate(actions, start=first + 1):
        if symbol == UNDO:
            stack.pop()
        else:
            stack.append(index)
    return stack


def winnable_code(rule: Rule = Rule.EASY) -> GameCode:
    """A random code whose deal the solver proves winnable under ``rule``.

    A deal the quick stages (random lines, depth-first search) cannot settle is passed over rather
    than swept: another random deal is as good, and the wait stays in milliseconds (bench/solver.py
    measures it).
    """
    while True:
        code = GameCode(secrets.randbelow(CODE_SPACE), rule)
        cards = Game.new(code).cards
        if winnable_quickly(cards, rule, 0, 0, cards[FIRST_WASTE] % 13):
            return code
