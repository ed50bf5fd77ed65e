"""A casual player: the yardstick of a deal's difficulty (docs/levels.md).

It plays by what it can see, never by a face-down card's identity: among the cards that fit the waste
it taps one whose removal turns a face-down card up, if there is one (that is knowable from the layout
alone: the card it lies on has its other coverer already removed); else any card that fits; and it
draws only when no card fits. Ties are broken by a seeded generator, so a deal and a seed always give
the same game.

Its whole game is played on bitmasks, like the solver's random lines: a game costs about 15 µs, and
grading a deal by 50 games under a millisecond (bench/levels.py grades thousands).
"""

import functools
import random

from .codes import GameCode
from .game import Game
from .layout import ALL_REMOVED, COVER_MASKS, COVERED_BY, FIRST_WASTE, PEAK_CARDS
from .log import DRAW, tap_symbol
from .masks import TURNED_UP, free_cards
from .rules import RANK_ADJACENT, Rule

CASUAL_GAMES = 50  # games per deal in ``casual_share``: seeds 0 to 49

_ROLLS = PEAK_CARDS  # at most one tie to break per tap


def _other_coverers(position: int) -> int:
    """The coverers, other than ``position``, of the cards ``position`` lies on (a mask): removing
    ``position`` turns a card face up exactly when one of them is already removed."""
    return sum(COVER_MASKS[below] & ~(1 << position) for below in COVERED_BY[position])


_OTHER_COVERERS = tuple(_other_coverers(p) for p in range(PEAK_CARDS))


@functools.lru_cache(maxsize=1024)
def _dice(seed: int) -> bytes:
    """The tie-breaking rolls of game ``seed`` (0–255 each), one per tie, in order."""
    return random.Random(seed).randbytes(_ROLLS)  # noqa: S311 (seeded: the same rolls for the same game, no secret)


class _Table:
    """The deal as the casual player's loop reads it: for each waste rank, the positions whose
    card fits on it (a mask), and the waste's rank after the start and after each draw."""

    __slots__ = ("fits", "rank", "wastes")

    def __init__(self, cards: tuple[int, ...], rule: Rule) -> None:
        self.rank = rank = [card % 13 for card in cards[:PEAK_CARDS]]
        adjacent = RANK_ADJACENT[rule]
        self.fits = [sum(1 << p for p in range(PEAK_CARDS) if adjacent[rank[p] * 13 + w]) for w in range(13)]
        self.wastes = [card % 13 for card in cards[FIRST_WASTE:]]  # the first waste, then the stock from the top


def _play(table: _Table, removed: int, drawn: int, waste: int, dice: bytes, line: list[int] | None) -> bool:
    """One casual game from the position; whether it clears the peaks. Given ``line``, each action is
    written there (a position tapped, or -1 for a draw)."""
    fits, rank, wastes = table.fits, table.rank, table.wastes
    other_coverers = _OTHER_COVERERS
    mask, free, roll = removed, free_cards(removed), 0
    stock = len(wastes) - 1  # the stock's last index in ``wastes``
    while True:
        fitting = free & fits[waste]
        while fitting:
            if fitting & (fitting - 1):  # a choice: the cards that turn one up, if any
                flipping, rest = 0, fitting
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    if mask & other_coverers[bit.bit_length() - 1]:
                        flipping |= bit
                if flipping:
                    fitting = flipping
                if fitting & (fitting - 1):  # still a tie: the k-th lowest, k from the dice
                    for _ in range(dice[roll] * fitting.bit_count() >> 8):
                        fitting &= fitting - 1
                    roll += 1
            bit = fitting & -fitting
            position = bit.bit_length() - 1
            if line is not None:
                line.append(position)
            mask |= bit
            near, turned_up = TURNED_UP[position]
            free ^= bit | turned_up[mask & near]
            waste = rank[position]
            fitting = free & fits[waste]
        if mask == ALL_REMOVED:
            return True
        if drawn == stock:
            return False
        drawn += 1
        waste = wastes[drawn]
        if line is not None:
            line.append(-1)


def casual_line(game: Game, seed: int) -> str:
    """The actions a casual player plays from ``game``'s position with generator ``seed``, as a log to
    append to ``game.log``: to the win, or until the stock is out and no card fits. ``game`` is not
    changed."""
    removed, drawn, waste = game.state
    line: list[int] = []
    _play(_Table(game.cards, game.rule), removed, drawn, waste % 13, _dice(seed), line)
    return "".join(DRAW if action < 0 else tap_symbol(action) for action in line)


def casual_wins(cards: tuple[int, ...], rule: Rule, games: int = CASUAL_GAMES) -> int:
    """How many of ``games`` casual games (seeds 0 to games − 1) clear the deal (``cards`` in deal order)."""
    table = _Table(cards, rule)
    waste = cards[FIRST_WASTE] % 13
    return sum(_play(table, 0, 0, waste, _dice(seed), None) for seed in range(games))


def casual_in_band(
    cards: tuple[int, ...], rule: Rule, fewest: int, most: int, games: int = CASUAL_GAMES
) -> bool | None:
    """None if ``casual_wins`` is not between ``fewest`` and ``most`` (both included); else whether
    any game won (proving the deal winnable). Stops playing as soon as both are known: most deals
    out of such a band are told after a few games."""
    table = _Table(cards, rule)
    waste = cards[FIRST_WASTE] % 13
    wins = 0
    for seed in range(games):
        wins += _play(table, 0, 0, waste, _dice(seed), None)
        left = games - seed - 1
        if wins > most or wins + left < fewest:
            return None
        if wins and wins >= fewest and wins + left <= most:
            return True
    return False if fewest == 0 else None  # no game won: in the band only if it starts at 0


def casual_share(code: GameCode, games: int = CASUAL_GAMES) -> float:
    """The share of ``games`` casual games (seeds 0 to games − 1) that clear the deal under ``code.rule``."""
    if games < 1:
        raise ValueError("at least one game")
    return casual_wins(code.cards, code.rule, games) / games
