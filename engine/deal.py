"""The deal of a code: of a deal number (TP1), SplitMix64 driving a Fisher–Yates shuffle; of a shuffle
index (TP2), the deck's order of that index among its 52! orders.

Specified completely in docs/game-codes.md, so that any deal can be reproduced in
another language; the test vectors there are checked by tests/engine/test_deal.py.
"""

import math
from collections.abc import Iterator

from .cards import DECK_SIZE

SHUFFLES = math.factorial(DECK_SIZE)  # the orders of the deck: about 8.1 × 10⁶⁷

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(seed: int) -> Iterator[int]:
    """Sebastiano Vigna's SplitMix64: an endless stream of 64-bit words."""
    state = seed & _MASK64
    while True:
        state = (state + _GOLDEN_GAMMA) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def _below(words: Iterator[int], bound: int) -> int:
    """A uniform integer in [0, bound): reject the words that would bias ``% bound``."""
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def deal_cards(number: int) -> tuple[int, ...]:
    """The 52 cards of game ``number`` in deal order (peaks 0–27, waste, stock from the top)."""
    words = splitmix64(number)
    deck = list(range(DECK_SIZE))  # A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠
    for i in range(DECK_SIZE - 1, 0, -1):
        j = _below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def shuffle_index(cards: tuple[int, ...]) -> int:
    """The index of the order ``cards`` among the deck's orders, counted lexicographically from 0 (the
    ordered deck) to SHUFFLES − 1 (the deck reversed): its Lehmer code read in the factorial base."""
    index = 0
    for i, card in enumerate(cards):
        smaller_after = sum(1 for later in cards[i + 1 :] if later < card)
        index = index * (DECK_SIZE - i) + smaller_after
    return index


def shuffle_at(index: int) -> tuple[int, ...]:
    """The deck's order of ``index`` (``shuffle_index``'s inverse)."""
    if not 0 <= index < SHUFFLES:
        raise ValueError(f"shuffle index out of range: {index}")
    left = list(range(DECK_SIZE))
    order = []
    for i in range(DECK_SIZE, 0, -1):
        place, index = divmod(index, math.factorial(i - 1))
        order.append(left.pop(place))
    return tuple(order)
