"""The three-peak layout: which positions cover which, and which peak each belongs to.

Positions 0–27 run row by row, top to bottom, left to right: tops 0–2, row 2 3–8,
row 3 9–17, bottom row 18–27. After the 28 peak cards come the first waste card
(deal index 28) and the 23-card stock from the top (deal indices 29–51).
"""

PEAK_CARDS = 28
STOCK_SIZE = 23
FIRST_WASTE = 28
ROWS: tuple[range, ...] = (range(0, 3), range(3, 9), range(9, 18), range(18, 28))
ALL_REMOVED = (1 << PEAK_CARDS) - 1


def _coverers(position: int) -> tuple[int, ...]:
    """The two positions of the next row that lie on ``position``."""
    if position < 3:  # top k: row-2 cards 2k and 2k+1
        return (3 + 2 * position, 4 + 2 * position)
    if position < 9:  # row-2 card j of peak k = j // 2
        j = position - 3
        first = 9 + 3 * (j // 2) + j % 2
        return (first, first + 1)
    if position < 18:  # row-3 card i: bottom cards i and i+1
        i = position - 9
        return (18 + i, 19 + i)
    return ()


COVERERS: tuple[tuple[int, ...], ...] = tuple(_coverers(p) for p in range(PEAK_CARDS))
COVER_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in cs) for cs in COVERERS)


def _mask(positions: list[int] | range) -> int:
    return sum(1 << p for p in positions)


# Left 9, centre 9, right 10 cards: the bottom row splits 3/3/4 among the peaks.
PEAKS: tuple[tuple[int, ...], ...] = (
    (0, 3, 4, 9, 10, 11, 18, 19, 20),
    (1, 5, 6, 12, 13, 14, 21, 22, 23),
    (2, 7, 8, 15, 16, 17, 24, 25, 26, 27),
)
PEAK_MASKS: tuple[int, ...] = tuple(_mask(list(peak)) for peak in PEAKS)
# The positions each position lies on: those it leaves face up when it is the last of their coverers to go.
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(PEAK_CARDS) if p in COVERERS[q]) for p in range(PEAK_CARDS)
)


def is_uncovered(position: int, removed: int) -> bool:
    """A peak card is face up and free exactly when all its coverers are removed."""
    cover = COVER_MASKS[position]
    return removed & cover == cover


def peaks_cleared(removed: int) -> int:
    return sum(1 for mask in PEAK_MASKS if removed & mask == mask)
