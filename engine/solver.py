"""An exact TriPeaks solver: can every peak card still be removed, and how?

Two searches over the compact state (removed-cards mask, cards drawn, waste rank), both exact;
docs/solver.md explains them and their figures.

1. A depth-first search with good move order, a transposition table and two sound tests that cut
   off positions which can no longer be won, stopped after a budget of positions. Most winnable
   deals fall to it in well under a millisecond.
2. Otherwise a forward sweep over the sets of removed cards, fewest removed first: every mask is
   visited once, carrying for each waste rank the fewest draws that reach it. It decides any deal
   in a bounded time (at most 22,932 masks), which is what proving a deal unwinnable needs.

Both rest on one dominance: a position is at least as good with fewer cards drawn (same mask, same
waste rank), because an extra draw can always be slipped in just before the next draw of a longer
line. And the waste card matters only through the free peak cards that fit on it.
"""

import functools
from dataclasses import dataclass

from .layout import ALL_REMOVED, COVER_MASKS, FIRST_WASTE, PEAK_CARDS, STOCK_SIZE, is_uncovered
from .log import DRAW, tap_symbol
from .rules import RANK_ADJACENT, Rule

DEPTH_FIRST_BUDGET = 1000  # positions; past it the sweep decides
_UNREACHED = STOCK_SIZE + 1  # more draws than there are: not reachable
_DRAW = -1  # an action in a line: a draw, not a tap


def free_cards(removed: int) -> int:
    """The face-up cards still on the peaks, as a mask."""
    return sum(1 << p for p in range(PEAK_CARDS) if not removed >> p & 1 and is_uncovered(p, removed))


def _uncovered_later() -> tuple[int, ...]:
    """For each position, the cards that can only be turned up after it is removed (all it covers)."""
    later = [0] * PEAK_CARDS
    for p in range(PEAK_CARDS):  # a card's coverers have higher positions, so ``later[q]`` is complete
        for q in range(p):
            if COVER_MASKS[q] >> p & 1:
                later[p] |= 1 << q | later[q]
    return tuple(later)


_LATER = _uncovered_later()
# The one or two ranks each rank fits on (a pair either way), under each rule.
_NEIGHBOURS = {
    rule: [(min(ws), max(ws)) for ws in ([w for w in range(13) if RANK_ADJACENT[rule][q * 13 + w]] for q in range(13))]
    for rule in Rule
}


class _MaskGraph:
    """Every legal mask of removed cards, fewest removed first, with its free cards and its children.

    The same for every deal, so it is built once (about 0.1 s, 15 MB): the searches then step from
    mask to mask by index, without recomputing which cards a removal turns up.
    """

    def __init__(self) -> None:
        self.masks = [0]
        self.free = [free_cards(0)]
        self.index = {0: 0}
        self.children: list[tuple[tuple[int, int], ...]] = []  # (position removed, child's index)
        uncovers = [[q for q in range(PEAK_CARDS) if COVER_MASKS[q] >> p & 1] for p in range(PEAK_CARDS)]
        done = 0
        while done < len(self.masks):  # breadth first: the lists grow as the loop goes
            mask, free = self.masks[done], self.free[done]
            done += 1
            children = []
            rest = free
            while rest:
                bit = rest & -rest
                rest ^= bit
                position = bit.bit_length() - 1
                child = mask | bit
                if child not in self.index:
                    self.index[child] = len(self.masks)
                    self.masks.append(child)
                    up = sum(1 << q for q in uncovers[position] if is_uncovered(q, child))
                    self.free.append(free ^ bit | up)
                children.append((position, self.index[child]))
            self.children.append(tuple(children))


@functools.cache
def _graph() -> _MaskGraph:
    return _MaskGraph()


class _Deal:
    """What both searches need to know of one deal under one rule."""

    def __init__(self, cards: tuple[int, ...], rule: Rule) -> None:
        self.rule = rule
        self.rank = rank = [card % 13 for card in cards[:PEAK_CARDS]]
        self.stock_rank = stock_rank = [card % 13 for card in cards[FIRST_WASTE + 1 :]]
        self.neighbours = neighbours = _NEIGHBOURS[rule]
        self.rank_masks = [0] * 13
        for position, r in enumerate(rank):
            self.rank_masks[r] |= 1 << position
        # The positions whose card fits on each waste rank, as masks.
        self.fits = [self.rank_masks[a] | self.rank_masks[b] for a, b in neighbours]
        # For the dead-end tests below: the peak cards that could go on the
        # waste just before each card, the cards that some stock card left after d draws fits, and
        # how many stock cards of each rank are left after d draws.
        self.peak_before = [self.fits[rank[p]] & ~_LATER[p] for p in range(PEAK_CARDS)]
        self.stock_fits = [0] * (STOCK_SIZE + 1)
        self.stock_left = [[0] * 13 for _ in range(STOCK_SIZE + 1)]
        for drawn in range(STOCK_SIZE - 1, -1, -1):
            self.stock_fits[drawn] = self.stock_fits[drawn + 1] | self.fits[stock_rank[drawn]]
            left = self.stock_left[drawn] = self.stock_left[drawn + 1][:]
            left[stock_rank[drawn]] += 1

    # Dead ends (docs/solver.md). In a winning line every peak card left is tapped onto the card just
    # before it on the waste: the waste card now (only for a card that fits it now), a stock card not
    # drawn yet, or another peak card left that can be removed before it. And no card on the waste is
    # followed by two taps: each card before is used once.

    def lone_card(self, removed: int, drawn: int, fitting: int) -> bool:
        """A card left that nothing can go before: no stock card left fits it, nor any peak card left
        that can be removed before it, and it does not fit the waste now."""
        alone = ALL_REMOVED & ~removed & ~fitting & ~self.stock_fits[drawn]
        while alone:
            bit = alone & -alone
            alone ^= bit
            if not self.peak_before[bit.bit_length() - 1] & ~removed:
                return True
        return False

    def outnumbered(self, removed: int, drawn: int, waste: int) -> bool:
        """Classic only: the cards left cannot each have a card of their own before them.

        A card of an odd rank goes only on an even rank and the other way round, so this is Hall's
        condition on two paths of ranks (even cards over the odd ranks around them, odd cards over the
        even ones), where serving each rank from the rank below first, then from the one above, is
        exact. Under Easy the king–ace wrap joins the paths into a cycle: not used there.
        """
        left = ALL_REMOVED & ~removed
        stock = self.stock_left[drawn]
        count = [(left & mask).bit_count() for mask in self.rank_masks]
        spare_for_even = 0  # cards of the odd rank below that its even neighbour below did not need
        spare_for_odd = count[0] + stock[0] + (waste == 0)
        for r in range(1, 13, 2):
            short = count[r - 1] - spare_for_even  # the even rank below r
            above = count[r] + stock[r] + (waste == r)
            if short > above:
                return True
            spare_for_even = above - short if short > 0 else above
            short = count[r] - spare_for_odd  # the odd rank r
            above = count[r + 1] + stock[r + 1] + (waste == r + 1)
            if short > above:
                return True
            spare_for_odd = above - short if short > 0 else above
        return count[12] > spare_for_even


class _DepthFirst:
    """Depth-first search, uncovering moves first, with a table of positions known lost."""

    def __init__(self, deal: _Deal, budget: int) -> None:
        self.deal = deal
        self.budget = budget
        self.graph = _graph()
        self.lost: dict[int, int] = {}  # (mask index, fitting free cards) -> lost from this many draws on
        self.states = 0
        self.classic = deal.rule is Rule.CLASSIC

    def solve(self, removed: int, drawn: int, waste: int) -> list[int] | None:
        """A winning line; None if there is none, or if the budget ran out (see ``exhausted``)."""
        line: list[int] = []
        return line if self._search(self.graph.index[removed], drawn, waste, line) else None

    @property
    def exhausted(self) -> bool:
        return self.states >= self.budget

    def _search(self, index: int, drawn: int, waste: int, line: list[int]) -> bool:
        graph, deal = self.graph, self.deal
        removed = graph.masks[index]
        if removed == ALL_REMOVED:
            return True
        free = graph.free[index]
        fitting = free & deal.fits[waste]
        key = index << PEAK_CARDS | fitting  # the waste matters only through the cards that fit it
        if self.lost.get(key, _UNREACHED) <= drawn or self.states >= self.budget:
            return False
        self.states += 1
        if self._hopeless(removed, drawn, waste, fitting):
            self.lost[key] = drawn  # both tests only get stricter with more cards drawn
            return False
        moves = sorted(
            (-graph.free[child].bit_count(), position, child)  # moves that turn cards up first
            for position, child in graph.children[index]
            if fitting >> position & 1
        )
        for _, position, child in moves:
            line.append(position)
            if self._search(child, drawn, deal.rank[position], line):
                return True
            line.pop()
        if drawn < STOCK_SIZE:
            line.append(_DRAW)
            if self._search(index, drawn + 1, deal.stock_rank[drawn], line):
                return True
            line.pop()
        if self.states < self.budget:  # a search cut short proves nothing
            self.lost[key] = drawn
        return False

    def _hopeless(self, removed: int, drawn: int, waste: int, fitting: int) -> bool:
        """Two sound tests that no line wins from here; both only get stricter as cards are drawn."""
        deal = self.deal
        return deal.lone_card(removed, drawn, fitting) or (self.classic and deal.outnumbered(removed, drawn, waste))


class _Sweep:
    """Every reachable mask once, fewest removed first, with the fewest draws to each waste rank.

    For a mask, ``reach[w]`` is the fewest draws after which the mask is on the table with rank w on
    the waste, put there by a tap; drawing from the best of them reaches the other ranks.
    """

    def __init__(self, deal: _Deal) -> None:
        self.deal = deal
        self.graph = _graph()
        # next_draw[d][w]: having drawn d cards, the draw count after which rank w is on the waste.
        # Built here, not in _Deal: most solves end in the depth-first search, which never reads it.
        next_draw = [[_UNREACHED] * 13 for _ in range(STOCK_SIZE + 2)]
        for drawn in range(STOCK_SIZE - 1, -1, -1):
            row = next_draw[drawn] = next_draw[drawn + 1][:]
            row[deal.stock_rank[drawn]] = drawn + 1
        # by_draw[d][p]: having drawn d, the fewest draws after which the waste fits position p.
        self.by_draw = [
            [min(next_draw[d][a], next_draw[d][b]) for a, b in (deal.neighbours[r] for r in deal.rank)]
            for d in range(STOCK_SIZE + 2)
        ]

    def solve(self, removed: int, drawn: int, waste: int) -> list[int] | None:
        graph, by_draw, rank = self.graph, self.by_draw, self.deal.rank
        # For each position: the two ranks it can be tapped onto, and its own rank.
        taps = [(*self.deal.neighbours[r], r) for r in rank]
        reach: list[list[int] | None] = [None] * len(graph.masks)
        start = graph.index[removed]
        first = reach[start] = [_UNREACHED] * 13
        first[waste] = drawn
        unreached = [_UNREACHED] * 13
        level = [start]
        while level:  # the inner loop is the solver's hottest: plain comparisons, no calls
            children: list[int] = []
            for index in level:
                parent = reach[index]
                assert parent is not None
                drawing = by_draw[min(parent)]
                for position, child in graph.children[index]:
                    a, b, q = taps[position]
                    best = drawing[position]
                    if parent[a] < best:
                        best = parent[a]
                    if parent[b] < best:
                        best = parent[b]
                    if best == _UNREACHED:
                        continue
                    entry = reach[child]
                    if entry is None:
                        entry = reach[child] = unreached[:]
                        children.append(child)
                        entry[q] = best
                    elif best < entry[q]:
                        entry[q] = best
            level = children
        if reach[-1] is None:  # the last mask is the cleared table
            return None
        return self._line(reach, start)

    def _line(self, reach: list[list[int] | None], start: int) -> list[int]:
        """Walk back from the cleared table to the start, each step one that gives its draw count exactly."""
        graph = self.graph
        backwards: list[int] = []
        index = len(graph.masks) - 1
        values = reach[index]
        assert values is not None
        waste = values.index(min(values))
        while index != start:
            mask, target = graph.masks[index], values[waste]
            position, parent_index, source = self._step_into(reach, mask, waste, target)
            parent = reach[parent_index]
            assert parent is not None
            backwards.append(position)
            if source < 0:  # drew from the parent's best position until the waste fitted
                fewest = min(parent)
                backwards.extend([_DRAW] * (target - fewest))
                source = parent.index(fewest)
            index, values, waste = parent_index, parent, source
        backwards.reverse()
        return backwards

    def _step_into(self, reach: list[list[int] | None], mask: int, waste: int, target: int) -> tuple[int, int, int]:
        """A tap into (mask, waste) after exactly ``target`` draws: (position, parent's index, the
        parent's waste rank it went on, or -1 when drawn onto)."""
        graph, rank = self.graph, self.deal.rank
        for position in range(PEAK_CARDS):
            if not mask >> position & 1 or rank[position] != waste:
                continue
            parent_index = graph.index.get(mask ^ 1 << position)
            parent = None if parent_index is None else reach[parent_index]
            if parent is None or parent_index is None or not graph.free[parent_index] >> position & 1:
                continue
            for source in self.deal.neighbours[waste]:
                if parent[source] == target:
                    return position, parent_index, source
            if self.by_draw[min(parent)][position] == target:
                return position, parent_index, -1
        raise AssertionError("the sweep reached a mask it cannot trace back")


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
