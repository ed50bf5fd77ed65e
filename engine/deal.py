"""The deal of a game number: SplitMix64 driving a Fisher–Yates shuffle.

Specified completely in docs/game-codes.md, so that any deal can be reproduced in
another language; the test vectors there are checked by tests/engine/test_deal.py.
"""

from collections.abc import Iterator

from .cards import DECK_SIZE

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
