"""An exact TriPeaks solver: can every peak card still be removed, and how?

Two searches over the compact state (removed-cards mask, cards drawn, waste rank), both exact;
docs/solver.md explains them and their figures.

1. A depth-first search with good move order and a transposition table, stopped after a budget of
   positions. Most winnable deals fall to it in well under a millisecond.
2. Otherwise a forward sweep over the sets of removed cards, fewest removed first: every mask is
   visited once, carrying for each waste rank the fewest draws that reach it. It decides any deal
   in a bounded time (at most 22,932 masks), which is what proving a deal unwinnable needs.

Both rest on one dominance: a position is at least as good with fewer cards drawn (same mask, same
waste rank), because an extra draw can always be slipped in just before the next draw of a longer
line. And the waste card matters only through the free peak cards that fit on it.
"""

from dataclasses import dataclass

from .layout import ALL_REMOVED, COVER_MASKS, FIRST_WASTE, PEAK_CARDS, STOCK_SIZE
from .log import DRAW, tap_symbol
from .rules import RANK_ADJACENT, Rule

DEPTH_FIRST_BUDGET = 3000  # positions; past it the sweep decides
_UNREACHED = STOCK_SIZE + 1  # more draws than there are: not reachable
_DRAW = -1  # an action in a line: a draw, not a tap


def _uncovers() -> tuple[tuple[int, ...], ...]:
    """For each position, the positions it helps cover (turned up once all their coverers are gone)."""
    return tuple(tuple(q for q in range(PEAK_CARDS) if COVER_MASKS[q] >> p & 1) for p in range(PEAK_CARDS))


_UNCOVERS = _uncovers()


def free_cards(removed: int) -> int:
    """The face-up cards still on the peaks, as a mask."""
    return sum(1 << p for p in range(PEAK_CARDS) if not removed >> p & 1 and removed & COVER_MASKS[p] == COVER_MASKS[p])


def _turned_up(position: int, after: int) -> int:
    """The cards that removing ``position`` turns up, given the mask ``after`` its removal."""
    up = 0
    for above in _UNCOVERS[position]:
        if after & COVER_MASKS[above] == COVER_MASKS[above]:
            up |= 1 << above
    return up


class _Deal:
    """What both searches need to know of one deal under one rule."""

    def __init__(self, cards: tuple[int, ...], rule: Rule) -> None:
        adjacent = RANK_ADJACENT[rule]
        self.rank = [card % 13 for card in cards[:PEAK_CARDS]]
        self.stock_rank = [card % 13 for card in cards[FIRST_WASTE + 1 :]]
        # The positions whose card fits on each waste rank, as masks.
        self.fits = [sum(1 << p for p in range(PEAK_CARDS) if adjacent[self.rank[p] * 13 + w]) for w in range(13)]
        # The one or two ranks each rank fits on (a pair either way).
        self.neighbours = [
            (min(ws), max(ws)) for ws in ([w for w in range(13) if adjacent[q * 13 + w]] for q in range(13))
        ]
        # next_draw[d][w]: having drawn d cards, the draw count after which rank w is on the waste.
        self.next_draw = [[_UNREACHED] * 13 for _ in range(STOCK_SIZE + 2)]
        for drawn in range(STOCK_SIZE - 1, -1, -1):
            row = self.next_draw[drawn] = self.next_draw[drawn + 1][:]
            row[self.stock_rank[drawn]] = drawn + 1


class _DepthFirst:
    """Depth-first search, uncovering moves first, with a table of positions known lost."""

    def __init__(self, deal: _Deal, budget: int) -> None:
        self.deal = deal
        self.budget = budget
        self.lost: dict[int, int] = {}  # (mask, fitting free cards) -> lost from this many draws on
        self.states = 0

    def solve(self, removed: int, drawn: int, waste: int) -> list[int] | None:
        """A winning line; None if there is none, or if the budget ran out (see ``exhausted``)."""
        line: list[int] = []
        return line if self._search(removed, free_cards(removed), drawn, waste, line) else None

    @property
    def exhausted(self) -> bool:
        return self.states >= self.budget

    def _search(self, removed: int, free: int, drawn: int, waste: int, line: list[int]) -> bool:
        if removed == ALL_REMOVED:
            return True
        fitting = free & self.deal.fits[waste]
        key = removed << PEAK_CARDS | fitting  # the waste matters only through the cards that fit it
        if self.lost.get(key, _UNREACHED) <= drawn or self.states >= self.budget:
            return False
        self.states += 1
        moves = []
        while fitting:
            bit = fitting & -fitting
            fitting ^= bit
            position = bit.bit_length() - 1
            up = _turned_up(position, removed | bit)
            moves.append((-up.bit_count(), position, up))
        moves.sort()  # moves that turn cards up first
        for _, position, up in moves:
            line.append(position)
            if self._search(removed | 1 << position, free ^ 1 << position | up, drawn, self.deal.rank[position], line):
                return True
            line.pop()
        if drawn < STOCK_SIZE:
            line.append(_DRAW)
            if self._search(removed, free, drawn + 1, self.deal.stock_rank[drawn], line):
                return True
            line.pop()
        if self.states < self.budget:  # a search cut short proves nothing
            self.lost[key] = drawn
        return False


class _Sweep:
    """Every reachable mask once, fewest removed first, with the fewest draws to each waste rank.

    For a mask, ``reach[w]`` is the fewest draws after which the mask is on the table with rank w on
    the waste, put there by a tap; drawing from the best of them reaches the other ranks. ``came``
    remembers the step into each (mask, rank), to write the winning line out.
    """

    def __init__(self, deal: _Deal) -> None:
        self.deal = deal
        self.came: dict[int, int] = {}  # mask << 4 | rank  ->  parent mask << 4 | (tapped-on rank + 1), 0: drew

    def solve(self, removed: int, drawn: int, waste: int) -> list[int] | None:
        deal = self.deal
        # by_draw[d][p]: having drawn d, the fewest draws after which the waste fits position p.
        by_draw = [
            [min(deal.next_draw[d][a], deal.next_draw[d][b]) for a, b in (deal.neighbours[r] for r in deal.rank)]
            for d in range(STOCK_SIZE + 2)
        ]
        start = [_UNREACHED] * 13
        start[waste] = drawn
        level = {removed: (start, free_cards(removed))}
        levels = [level]
        while ALL_REMOVED not in level:
            if not level:
                return None
            level = self._next_level(level, by_draw)
            levels.append(level)
        return self._line(levels, removed)

    def _next_level(
        self, level: dict[int, tuple[list[int], int]], by_draw: list[list[int]]
    ) -> dict[int, tuple[list[int], int]]:
        rank, neighbours, came = self.deal.rank, self.deal.neighbours, self.came
        children: dict[int, tuple[list[int], int]] = {}
        for mask, (reach, free) in level.items():
            drawing = by_draw[min(reach)]
            rest = free
            while rest:
                bit = rest & -rest
                rest ^= bit
                position = bit.bit_length() - 1
                a, b = neighbours[rank[position]]
                best, source = drawing[position], 0
                if reach[a] < best:
                    best, source = reach[a], a + 1
                if reach[b] < best:
                    best, source = reach[b], b + 1
                if best == _UNREACHED:
                    continue
                child = mask | bit
                q = rank[position]
                entry = children.get(child)
                if entry is None:
                    entry = children[child] = ([_UNREACHED] * 13, free ^ bit | _turned_up(position, child))
                if best < entry[0][q]:
                    entry[0][q] = best
                    came[child << 4 | q] = mask << 4 | source
        return children

    def _line(self, levels: list[dict[int, tuple[list[int], int]]], start: int) -> list[int]:
        """Walk the remembered steps back from the cleared table to the start."""
        backwards: list[int] = []
        mask = ALL_REMOVED
        reach = levels[-1][mask][0]
        waste = reach.index(min(reach))
        for depth in range(len(levels) - 1, 0, -1):
            step = self.came[mask << 4 | waste]
            parent, source = step >> 4, (step & 15) - 1
            backwards.append((mask ^ parent).bit_length() - 1)
            parent_reach = levels[depth - 1][parent][0]
            if source < 0:  # drew from the parent's best position until the waste fitted
                fewest = min(parent_reach)
                backwards.extend([_DRAW] * (reach[waste] - fewest))
                source = parent_reach.index(fewest)
            mask, waste, reach = parent, source, parent_reach
        assert mask == start
        backwards.reverse()
        return backwards


@dataclass(frozen=True, slots=True)
class Solution:
    winnable: bool
    line: str  # a log that, played on from the position, wins; "" when not winnable


def solve_position(cards: tuple[int, ...], rule: Rule, removed: int, drawn: int, waste: int) -> Solution:
    """Solve the position: ``cards`` in deal order (engine numbers), ``waste`` the waste's rank."""
    deal = _Deal(cards, rule)
    quick = _DepthFirst(deal, DEPTH_FIRST_BUDGET)
    line = quick.solve(removed, drawn, waste)
    if line is None and quick.exhausted:
        line = _Sweep(deal).solve(removed, drawn, waste)
    if line is None:
        return Solution(False, "")
    return Solution(True, "".join(DRAW if action == _DRAW else tap_symbol(action) for action in line))


def winnable_quickly(cards: tuple[int, ...], rule: Rule, removed: int, drawn: int, waste: int) -> bool | None:
    """The depth-first search alone: True or False when it settles the position within its budget,
    None when it does not (the sweep would be needed)."""
    search = _DepthFirst(_Deal(cards, rule), DEPTH_FIRST_BUDGET)
    if search.solve(removed, drawn, waste) is not None:
        return True
    return None if search.exhausted else False
