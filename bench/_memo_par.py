"""A plain memoised search for par: the yardstick ``bench/par.py`` races ``engine.par`` against.

Each position (cards removed, cards drawn, the waste's rank, and under streak scoring the streak going on) is
searched once, every tap and the draw tried: the first exact search one writes in Python, with no segments.
"""

from engine import Scoring
from engine.layout import ALL_REMOVED, COVER_MASKS, FIRST_WASTE, PEAK_CARDS, PEAK_MASKS, STOCK_SIZE
from engine.rules import RANK_ADJACENT, Rule

TOPS = [mask & -mask for mask in PEAK_MASKS]  # a peak is empty once its top card is removed


def par_score(cards: tuple[int, ...], rule: Rule, scoring: Scoring) -> int:
    """The best final score of the deal (``cards`` in deal order, engine numbers) under ``rule`` and ``scoring``."""
    ranks = [card % 13 for card in cards]
    peak, stock = ranks[:PEAK_CARDS], ranks[FIRST_WASTE + 1 :]
    adjacent = RANK_ADJACENT[rule]
    streak_scoring = scoring is Scoring.STREAK
    searched: dict[tuple[int, int, int, int], int] = {}

    def emptied(removed: int) -> int:
        return sum(1 for top in TOPS if removed & top)

    def end(removed: int, drawn: int) -> int:
        """The points still to come at the game's end."""
        won = removed == ALL_REMOVED
        if not streak_scoring:
            return max(0, 500 - removed.bit_count() - drawn + 100 * emptied(removed))
        return 500 - 150 + 25 * (STOCK_SIZE - drawn) if won else 0

    def search(removed: int, drawn: int, waste: int, streak: int) -> int:
        """The best points still to come: under streak scoring, those of the actions and the end to come; under
        the app's rule, the final score."""
        key = (removed, drawn, waste, streak)
        if key in searched:
            return searched[key]
        if removed == ALL_REMOVED:
            return end(removed, drawn)
        best = -1
        for position in range(PEAK_CARDS):
            cover, rank = COVER_MASKS[position], peak[position]
            free = not removed >> position & 1 and removed & cover == cover
            if free and adjacent[rank * 13 + waste]:
                after = removed | 1 << position
                gain = 10 * (streak + 1) + 150 * (emptied(after) - emptied(removed)) if streak_scoring else 0
                best = max(best, gain + search(after, drawn, rank, streak + 1 if streak_scoring else 0))
        if drawn < STOCK_SIZE:
            best = max(best, search(removed, drawn + 1, stock[drawn], 0))
        if best < 0:  # blocked
            best = end(removed, drawn)
        searched[key] = best
        return best

    return search(0, 0, ranks[FIRST_WASTE], 0)
