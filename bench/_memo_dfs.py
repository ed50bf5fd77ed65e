"""A plain memoised depth-first search: the yardstick ``bench/solver.py --side-by-side`` races engine.solve against.

Each position (cards removed, cards drawn, the waste's rank) is searched once; taps in position order before the
draw; no dead-end test, no dominance between positions, no move order: the first exact solver one writes in Python.
"""

from engine.layout import ALL_REMOVED, COVER_MASKS, FIRST_WASTE, PEAK_CARDS, STOCK_SIZE
from engine.rules import RANK_ADJACENT, Rule


def winnable(cards: tuple[int, ...], rule: Rule) -> bool:
    """Whether the deal (``cards`` in deal order, engine numbers) can be won under ``rule``."""
    ranks = [card % 13 for card in cards]
    peak, stock = ranks[:PEAK_CARDS], ranks[FIRST_WASTE + 1 :]
    adjacent = RANK_ADJACENT[rule]
    searched: set[tuple[int, int, int]] = set()

    def search(removed: int, drawn: int, waste: int) -> bool:
        if removed == ALL_REMOVED:
            return True
        if (removed, drawn, waste) in searched:
            return False
        searched.add((removed, drawn, waste))
        for position in range(PEAK_CARDS):
            cover, rank = COVER_MASKS[position], peak[position]
            free = not removed >> position & 1 and removed & cover == cover
            if free and adjacent[rank * 13 + waste] and search(removed | 1 << position, drawn, rank):
                return True
        return drawn < STOCK_SIZE and search(removed, drawn + 1, stock[drawn])

    return search(0, 0, ranks[FIRST_WASTE])
