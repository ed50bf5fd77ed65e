"""Deals built by hand for the engine tests: the rules' example, and deals made for a line."""

import random
from collections.abc import Callable, Iterator

from engine import Game, Rule
from engine.cards import CARD_NAMES, RANKS
from engine.log import DRAW, POSITION_OF_SYMBOL, tap_symbol

# The rules' example (TP1-E-AAAAAAB in the rules documents): waste A♣, bottom row
# 3♠ 5♠ K♣ 4♠ 2♦ A♠ K♦ 8♥ 7♣ 9♠ and 7♠ face down at position 13.
RULES_BOTTOM_ROW = ["3S", "5S", "KC", "4S", "2D", "AS", "KD", "8H", "7C", "9S"]
SEED_WASTE = "AC"

# Bottom row, row 3, row 2, tops: each card is free when its turn comes.
ALL_TAPS = [*range(18, 28), *range(9, 18), *range(3, 9), 0, 1, 2]


def taps(positions: list[int]) -> str:
    return "".join(tap_symbol(p) for p in positions)


def random_games(seed: str, count: int, rule: Rule) -> Iterator[Game]:
    """``count`` new games on shuffled decks, the same ones for the same seed."""
    rng = random.Random(seed)
    for _ in range(count):
        yield Game.from_cards(rng.sample(CARD_NAMES, len(CARD_NAMES)), rule)


def rules_example_deal() -> list[str]:
    """The rules' example deal; the cards the rules do not show are filled in deck order."""
    fixed = {position: card for position, card in enumerate(RULES_BOTTOM_ROW, start=18)}
    fixed[13] = "7S"
    fixed[28] = SEED_WASTE
    rest = iter(card for card in CARD_NAMES if card not in fixed.values())
    return [fixed.get(index) or next(rest) for index in range(52)]


def deal_for_line(line: str) -> list[str]:
    """An Easy deal on which ``line`` (taps and draws, no undos) is legal.

    Every card that reaches the waste along the line is one rank above the one before,
    wrapping K → A, so each rank is used at most four times in the 52 cards.
    """
    return _deal_along(line, lambda step: RANKS[step % 13])


def classic_deal_for_line(line: str) -> list[str]:
    """A deal on which ``line`` (taps and draws, no undos, at most 48 actions) is legal under Classic:
    the ranks that reach the waste go up from the ace to the king and back down, never wrapping."""
    bounce = [*range(13), *range(11, -1, -1), *range(1, 13), *range(11, -1, -1)]
    return _deal_along(line, lambda step: RANKS[bounce[step]])


def _deal_along(line: str, rank_at: Callable[[int], str]) -> list[str]:
    """The deal whose cards reach the waste along ``line`` with the ranks ``rank_at`` gives each step (the
    first waste card is step 0); each rank's suits in turn, and the cards left over in deck order."""
    deal: list[str | None] = [None] * 52
    next_stock = 29
    order = [28]  # deal indices in the order they reach the waste
    for symbol in line:
        if symbol == DRAW:
            order.append(next_stock)
            next_stock += 1
        else:
            order.append(POSITION_OF_SYMBOL[symbol])
    used_suits: dict[str, int] = {}
    for step, index in enumerate(order):
        rank = rank_at(step)
        deal[index] = rank + "CDHS"[used_suits.get(rank, 0)]
        used_suits[rank] = used_suits.get(rank, 0) + 1
    spare = iter(card for card in CARD_NAMES if card not in deal)
    return [card or next(spare) for card in deal]
