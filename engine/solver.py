"""An exact TriPeaks solver: can every peak card still be removed, and how?

Three searches over the compact state (removed-cards mask, cards drawn, waste rank), cheapest first;
docs/solver.md explains them and their figures.

1. Random lines that tap a fitting card whenever there is one and draw otherwise: a few dozen cost
   well under a millisecond and win most winnable deals. A line found wins; none found proves nothing.
2. A depth-first search with good move order, a transposition table and two sound tests that cut
   off positions which can no longer be won, stopped after a budget of positions. It also finds
   the wins that need a draw while a card still fits (the random lines never draw then).
3. Otherwise a table, filled from the cleared table back to the position, of every set of removed
   cards (mask) and waste rank: the most cards drawn from which the peaks can still be cleared. A
   level of masks (as many cards removed) is filled at once, as byte strings worked on as big ints.
   It decides any position in a bounded time (22,932 masks at most), which is what proving a deal
   unwinnable needs, and then answers every other position of the deal by looking it up.

The two exact searches rest on one dominance: a position is at least as good with fewer cards drawn
(same mask, same waste rank), because an extra draw can always be slipped in just before the next
draw of a longer line. And the waste card matters only through the free peak cards that fit on it.
"""

import functools
import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from .layout import ALL_REMOVED, FIRST_WASTE, PEAK_CARDS, STOCK_SIZE
from .log import DRAW, tap_symbol
from .masks import LATER, TURNED_UP, bits, free_cards, mask_levels
from .rules import RANK_ADJACENT, Rule

# Before the table, in this order: random lines and the depth-first search. For the lines, how many
# in all so far (a stage plays the next line numbers); for the depth-first search, its budget in
# positions in all (a stage starts again from the position, keeping the table of positions lost).
# Cheapest first: most winnable deals fall to the first stage, wins that need a draw while a card
# fits to the second, and more lines give the rest another chance (bench/solver.py measures it). A
# longer depth-first stage would cost more than the table it spares, on average and at the tail.
Stage = Literal["lines", "depth"]
QUICK_STAGES: tuple[tuple[Stage, int], ...] = (("lines", 20), ("depth", 100), ("lines", 60))
# Dealing (``winnable_quickly``) passes over a deal the quick stages do not settle instead of filling
# a table: a longer depth-first stage there keeps more of the hard winnable deals in a level's band.
DEALING_STAGES: tuple[tuple[Stage, int], ...] = (*QUICK_STAGES, ("depth", 1000))
_NOT_LOST = STOCK_SIZE + 1  # more draws than there are: a position not known to be lost
_DRAW = -1  # an action in a line: a draw, not a tap


# The one or two ranks each rank fits on (a pair either way), under each rule.
_NEIGHBOURS = MappingProxyType(
    {
        rule: tuple(
            (min(ws), max(ws)) for ws in ([w for w in range(13) if RANK_ADJACENT[rule][q * 13 + w]] for q in range(13))
        )
        for rule in Rule
    }
)


class _Deal:
    """What the searches need to know of one deal under one rule."""

    def __init__(self, cards: tuple[int, ...], rule: Rule) -> None:
        self.rule = rule
        self.rank = rank = [card % 13 for card in cards[:PEAK_CARDS]]
        self.stock_rank = [card % 13 for card in cards[FIRST_WASTE + 1 :]]
        self.neighbours = neighbours = _NEIGHBOURS[rule]
        self.rank_masks = [0] * 13
        for position, r in enumerate(rank):
            self.rank_masks[r] |= 1 << position
        # The positions whose card fits on each waste rank, as masks.
        self.fits = fits = [self.rank_masks[a] | self.rank_masks[b] for a, b in neighbours]
        # The positions whose card fits on each peak card, and on each stock card.
        self.on_peak_card = [fits[r] for r in rank]
        self.on_stock_card = [fits[r] for r in self.stock_rank]

    # For the dead-end tests below, built when first asked for (the random lines need none of it):
    # the peak cards that could go on the waste just before each card, and the cards that some stock
    # card left after d draws fits.

    @functools.cached_property
    def peak_before(self) -> list[int]:
        return [self.on_peak_card[p] & ~LATER[p] for p in range(PEAK_CARDS)]

    @functools.cached_property
    def stock_fits(self) -> list[int]:
        fits = [0] * (STOCK_SIZE + 1)
        for drawn in range(STOCK_SIZE - 1, -1, -1):
            fits[drawn] = fits[drawn + 1] | self.on_stock_card[drawn]
        return fits

    def rank_counts(self, removed: int) -> list[int]:
        """How many peak cards of each rank are left."""
        return [(mask & ~removed).bit_count() for mask in self.rank_masks]

    # Dead ends (docs/solver.md). In a winning line every peak card left is tapped onto the card just
    # before it on the waste: the waste card now (only for a card that fits it now), a stock card not
    # drawn yet, or another peak card left that can be removed before it. And no card on the waste is
    # followed by two taps: each card before is used once.

    def lone_card(self, removed: int, drawn: int, fitting: int) -> bool:
        """A card left that nothing can go before: no stock card left fits it, nor any peak card left
        that can be removed before it, and it does not fit the waste now."""
        alone = ALL_REMOVED & ~removed & ~fitting & ~self.stock_fits[drawn]
        peak_before = self.peak_before
        while alone:
            bit = alone & -alone
            alone ^= bit
            if not peak_before[bit.bit_length() - 1] & ~removed:
                return True
        return False

    def supply(self, removed: int, drawn: int, waste: int) -> list[int]:
        """For each rank, the cards that could go on the waste before a card left: the peak cards
        left, the stock cards left and the waste card. Every action takes exactly one away: the
        card on the waste before it, which nothing can follow any more. One more entry, always 0,
        stands for the rank above the king and below the ace (index -1), which no card has."""
        supply = [*self.rank_counts(removed), 0]
        for r in self.stock_rank[drawn:]:
            supply[r] += 1
        supply[waste] += 1
        return supply

    @staticmethod
    def outnumbered(count: list[int], supply: list[int]) -> bool:
        """Classic only: the cards left (``count`` of each rank) cannot each have a card of their own
        before them, out of ``supply``.

        A card of an odd rank goes only on an even rank and the other way round, so this is Hall's
        condition on two chains of ranks, each checked by ``chain_outnumbered``. Under Easy the
        king–ace wrap joins the chains into a cycle: not used there.
        """
        return _Deal.chain_outnumbered(count, supply, 0) or _Deal.chain_outnumbered(count, supply, 1)

    @staticmethod
    def chain_outnumbered(count: list[int], supply: list[int], first: int) -> bool:
        """The cards of ranks ``first``, ``first + 2``, … cannot each have a card of their own before
        them, from the ranks between. Serving each rank from the rank below first, then from the one
        above, is exact on a chain.

        Along a search only one chain can become outnumbered at a time: an action takes one card
        from the supply of one rank (the waste's), and only the chain of the ranks next to it loses
        from that (``_DepthFirst`` checks that one).
        """
        spare = supply[first - 1]  # what the rank below the first one can spare (none below the ace)
        for rank in range(first, 13, 2):
            short = count[rank] - spare
            above = supply[rank + 1]
            if short > above:
                return True
            spare = above - short if short > 0 else above
        return False


# A fixed sequence of random numbers for the random lines: the same position always gets the same
# answer, and no generator is seeded per solve. Bytes (0–255), not floats: 1.7 KB instead of 50 KB
# of float objects, which a table or a web request between two solves has evicted from the caches.
def _dice(count: int) -> bytes:
    return random.Random("tripeaks").randbytes(count)  # noqa: S311 (seeded: the same lines every time, no secret)


_ROLLS_PER_LINE = 28  # at most one choice per peak card
_LINES = max(effort for stage, effort in DEALING_STAGES if stage == "lines")  # line numbers 0 to _LINES - 1
_DICE = _dice(_ROLLS_PER_LINE * _LINES)


def _random_lines(deal: _Deal, removed: int, drawn: int, waste: int, lines: range) -> list[int] | None:
    """Random lines that tap a fitting card (any of them, at random) whenever one fits and draw
    otherwise; the first that clears the peaks, or None. ``lines`` numbers them (below ``_LINES``):
    line n rolls the dice from ``n * _ROLLS_PER_LINE`` on, so a line is the same whichever stage
    plays it.

    No table, no test: a failing line costs about 9 µs. These lines never draw while a card fits, so
    they miss the wins that need to keep a card for later; the depth-first search finds those.
    """
    assert lines.stop <= _LINES, "more lines than there are dice for"  # noqa: S101 (the callers' constants)
    won = _first_win(deal, removed, drawn, waste, lines, None)
    if won is None:
        return None
    # The lines are played without writing their taps down (an eighth of a line's cost); the one
    # that wins is played again to write them.
    taps: list[int] = []
    _first_win(deal, removed, drawn, waste, range(won, won + 1), taps)
    return _with_draws(taps, drawn)


def _first_win(deal: _Deal, removed: int, drawn: int, waste: int, lines: range, taps: list[int] | None) -> int | None:
    """The number of the first of the random ``lines`` that clears the peaks, or None. Given
    ``taps``, each tap is written there: the cards drawn before it × 32 + its position."""
    # The cards that fit on the waste card now, then on each stock card as it is drawn, as masks.
    on_waste = [deal.fits[waste], *deal.on_stock_card[drawn:]]
    on_peak_card = deal.on_peak_card
    start_free = free_cards(removed)
    for number in lines:
        roll = number * _ROLLS_PER_LINE
        mask, free = removed, start_free
        for stock, fits_waste in enumerate(on_waste, drawn):  # a draw before each but the first
            fitting = free & fits_waste
            while fitting:  # tap a fitting card while there is one
                if fitting & (fitting - 1):  # several fit: one of them at random, the k-th lowest
                    for _ in range(_DICE[roll] * fitting.bit_count() >> 8):
                        fitting &= fitting - 1
                    fitting &= -fitting
                    roll += 1
                position = fitting.bit_length() - 1
                if taps is not None:
                    taps.append(stock << 5 | position)
                mask |= fitting
                near, turned_up = TURNED_UP[position]
                free ^= fitting | turned_up[mask & near]
                fitting = free & on_peak_card[position]
        if mask == ALL_REMOVED:  # checked once a line is over, not after every tap
            return number
    return None


def _with_draws(taps: list[int], drawn: int) -> list[int]:
    """The line of ``_random_lines``' taps, with the draws before each."""
    line: list[int] = []
    for tap in taps:
        line.extend([_DRAW] * ((tap >> 5) - drawn))
        drawn = tap >> 5
        line.append(tap & 31)
    return line


class _DepthFirst:
    """Depth-first search, uncovering moves first, with a table of positions known lost.

    ``solve`` may be called again with a larger budget: the table keeps what was proved lost. Like
    the random lines, it carries the free cards along instead of looking them up for each mask:
    a search of a few hundred positions then touches little memory, and is much less slowed when
    the processor's caches hold nothing of it (as after a table, or in a web server).
    """

    def __init__(self, deal: _Deal) -> None:
        self.deal = deal
        self.lost: dict[int, int] = {}  # (mask, fitting free cards) -> lost from this many draws on
        self.states = 0
        self.budget = 0

    @property
    def exhausted(self) -> bool:
        return self.states >= self.budget

    def solve(self, removed: int, drawn: int, waste: int, budget: int) -> list[int] | None:
        """A winning line; None if there is none, or if ``budget`` positions were expanded in all
        (see ``exhausted``)."""
        self.budget = budget
        deal, lost = self.deal, self.lost
        fits, rank, stock_rank = deal.fits, deal.rank, deal.stock_rank
        lone_card, chain_outnumbered = deal.lone_card, deal.chain_outnumbered
        classic = deal.rule is Rule.CLASSIC
        # Peak cards left and supply per rank (``_Deal.supply``), kept up to date along the line.
        count, supply = deal.rank_counts(removed), deal.supply(removed, drawn, waste)
        if classic and deal.outnumbered(count, supply):
            return None  # beyond the start, only the chain the last action took a card from is checked
        backwards: list[int] = []  # the winning line, written from its end as the search returns

        # A closure, not a method: the search's locals are its fastest names.
        def search(removed: int, free: int, drawn: int, waste: int, chain: int) -> bool:
            if removed == ALL_REMOVED:
                return True
            fitting = free & fits[waste]
            key = removed << PEAK_CARDS | fitting  # the waste matters only through the cards that fit it
            if lost.get(key, _NOT_LOST) <= drawn or self.states >= budget:
                return False
            self.states += 1
            if lone_card(removed, drawn, fitting) or (classic and chain_outnumbered(count, supply, chain)):
                lost[key] = drawn  # both tests only get stricter with more cards drawn
                return False
            supply[waste] -= 1  # whatever is done next, the waste card now can serve no other card
            chain = (waste & 1) ^ 1  # so the ranks next to it, of the other parity, may be outnumbered
            if fitting:
                for _, _, position, up in _taps(removed, fitting):
                    tapped = rank[position]
                    count[tapped] -= 1
                    if search(removed | 1 << position, free ^ 1 << position | up, drawn, tapped, chain):
                        backwards.append(position)
                        return True
                    count[tapped] += 1
            if drawn < STOCK_SIZE and search(removed, free, drawn + 1, stock_rank[drawn], chain):
                backwards.append(_DRAW)
                return True
            supply[waste] += 1
            if self.states < budget:  # a search cut short proves nothing
                lost[key] = drawn
            return False

        # The start passed both chains above; checking one again costs little.
        if not search(removed, free_cards(removed), drawn, waste, 0):
            return None
        backwards.reverse()
        return backwards


def _taps(removed: int, fitting: int) -> list[tuple[int, int, int, int]]:
    """The taps on the ``fitting`` cards in the order to try them: the ones that turn up the most
    cards first, then the ones that more cards wait for (lower on their peak): (-cards turned up,
    -cards waiting for it, position, the cards turned up as a mask)."""
    taps = []
    while fitting:
        bit = fitting & -fitting
        fitting ^= bit
        position = bit.bit_length() - 1
        near, turned_up = TURNED_UP[position]
        up = turned_up[(removed | bit) & near]
        taps.append((-up.bit_count(), _DEPTH[position], position, up))
    if len(taps) > 1:
        taps.sort()
    return taps


# For each position, minus the number of cards that can only be turned up after it is removed.
_DEPTH = tuple(-LATER[p].bit_count() for p in range(PEAK_CARDS))


class _WinTable:
    """For every mask and waste rank, the most cards drawn from which the peaks can still be cleared.

    Filled from the cleared table down, one level (masks of as many removed cards) at a time, all of
    a level's masks at once: a level is a few byte strings, one lane per mask, and the arithmetic on
    them is Python's on big ints (the lane-by-lane max of two costs seven operations, whatever the
    number of lanes). ``rows[k][w]`` is level k's byte string for waste rank w; a lane holds 1 + the
    most cards drawn from which the mask, with rank w on the waste, can still be won, or 0 if from
    none. Only the levels from the cleared table down to the lowest position asked of are filled.

    For a mask, with ``tap[w]`` the best lane of the children that a free card fitting rank w leaves
    (with that card's rank on the waste, as many cards drawn): drawing is worth it up to the last
    stock card d' (d' − 1 cards drawn, then the d'-th onto the waste) whose rank's ``tap`` still wins
    with d' cards drawn; the lane is the better of ``tap[w]`` and that d' (docs/solver.md, "Three
    searches, cheapest first").
    """

    def __init__(self, deal: _Deal, draws: int = STOCK_SIZE) -> None:
        """A line may draw ``draws`` cards in all: every card, or fewer where par asks for the fewest draws."""
        self.deal = deal
        self.levels = mask_levels()
        self.rows: list[list[bytes]] = [[bytes([draws + 1])] * 13]  # from the cleared table down
        # The stock cards by rank: (rank, d') for the d'-th card drawn, d' counted from 1.
        self.stock = [(rank, drawn) for drawn, rank in enumerate(deal.stock_rank[:draws], start=1)]

    def row(self, level: int) -> list[bytes]:
        """Level ``level``'s byte strings, filling the levels down to it that are not filled yet."""
        while PEAK_CARDS - len(self.rows) >= level:
            self.rows.append(self._fill(PEAK_CARDS - len(self.rows)))
        return self.rows[PEAK_CARDS - level]

    def winnable(self, removed: int, drawn: int, waste: int) -> bool:
        return self.row(removed.bit_count())[waste][self.levels.index[removed]] > drawn

    def _fill(self, level: int) -> list[bytes]:
        """Level ``level``'s byte strings from the next level's (one card more removed)."""
        levels, rank = self.levels, self.deal.rank
        size, guard = len(levels.masks[level]), levels.guards[level]
        after = self.rows[-1]
        picked = bytes(levels.gather[level](b"".join([after[r] for r in rank]) + b"\x00"))
        chains = [int.from_bytes(picked[start : start + size], "little") for start in range(0, len(picked), size)]
        # best[r]: the best lane of the children that tapping a free card of rank r leaves.
        best = [0] * 13
        for position, chain, lanes in levels.lanes[level]:
            x, r = chains[chain] & lanes, rank[position]
            best[r] = _lane_max(x, best[r], guard) if best[r] else x
        tap = [_lane_max(best[a], best[b], guard) for a, b in self.deal.neighbours]
        ones = guard >> 7
        draw = 0  # per lane: the last d' worth drawing to, 0 if none
        for r, drawn in self.stock:  # in order of d', so that a later one replaces an earlier
            worth = ((tap[r] | guard) - ones * (drawn + 1)) & guard  # 0x80 where tap[r] > d'
            if worth:
                draw = draw & ~(worth - (worth >> 7)) | (worth >> 7) * drawn
        return [_lane_max(lanes, draw, guard).to_bytes(size, "little") for lanes in tap]

    def line(self, removed: int, drawn: int, waste: int) -> list[int]:
        """A winning line from a position ``winnable`` says can be won: at each step a tap the table
        says keeps it winnable, else a draw."""
        deal, index = self.deal, self.levels.index
        line: list[int] = []
        while removed != ALL_REMOVED:
            after = self.row(removed.bit_count() + 1)
            for bit in bits(free_cards(removed) & deal.fits[waste]):
                position = bit.bit_length() - 1
                if after[deal.rank[position]][index[removed | bit]] > drawn:
                    line.append(position)
                    removed, waste = removed | bit, deal.rank[position]
                    break
            else:
                line.append(_DRAW)
                waste, drawn = deal.stock_rank[drawn], drawn + 1
        return line


def _lane_max(x: int, y: int, guard: int) -> int:
    """Lane by lane, the larger of ``x`` and ``y`` (lanes of 7 bits; ``guard`` has 0x80 in each):
    x − y is worked out with the guard bit set, so no lane borrows from the next."""
    difference = (x | guard) - y
    larger = difference & guard  # 0x80 where x >= y
    return y + (difference & (larger - (larger >> 7)))


@dataclass(frozen=True, slots=True)
class Solution:
    winnable: bool
    line: str  # a log that, played on from the position, wins; "" when not winnable


class DealSolver:
    """The solver for the positions of one deal under one rule, asked one after another (a hint asks
    of each card it could point at, an analysis of the positions along a line).

    Each position goes to the quick searches first; the table, once one position needed it, answers
    every later one, from any position of the deal, with at most the levels it has not filled yet.
    """

    def __init__(self, cards: tuple[int, ...], rule: Rule) -> None:
        self.deal = _Deal(cards, rule)
        self.table: _WinTable | None = None

    def solve(self, removed: int, drawn: int, waste: int) -> Solution:
        """Solve the position, ``waste`` the waste's rank."""
        if self.table is None:
            line, settled = _quick(self.deal, removed, drawn, waste, QUICK_STAGES)
            if settled:
                return Solution(False, "") if line is None else Solution(True, as_log(line))
            self.table = _WinTable(self.deal)
        if not self.table.winnable(removed, drawn, waste):
            return Solution(False, "")
        return Solution(True, as_log(self.table.line(removed, drawn, waste)))


class FewestDraws:
    """The fewest cards drawn in all by a line that wins from a position of one deal: a table that lets a line draw
    only so many (``_WinTable``'s ``draws``) wins the position or not, and a binary search over that number. The
    tables are kept, so that the positions along one game are answered by looking them up."""

    def __init__(self, cards: tuple[int, ...], rule: Rule) -> None:
        self.deal = _Deal(cards, rule)
        self.tables: dict[int, _WinTable] = {}

    def _wins(self, draws: int, removed: int, drawn: int, waste: int) -> bool:
        table = self.tables.get(draws)
        if table is None:
            table = self.tables[draws] = _WinTable(self.deal, draws)
        return table.winnable(removed, drawn, waste)

    def fewest(self, removed: int, drawn: int, waste: int) -> int | None:
        """The fewest draws in all (``drawn`` counted) of a winning line from the position; None if none wins."""
        if not self._wins(STOCK_SIZE, removed, drawn, waste):
            return None
        low, high = drawn, STOCK_SIZE
        while low < high:
            middle = (low + high) // 2
            if self._wins(middle, removed, drawn, waste):
                high = middle
            else:
                low = middle + 1
        return low

    def line(self, removed: int, drawn: int, waste: int, draws: int) -> str:
        """A line that wins from the position drawing ``draws`` cards in all (``fewest``'s answer)."""
        self._wins(draws, removed, drawn, waste)
        return as_log(self.tables[draws].line(removed, drawn, waste))


def solve_position(cards: tuple[int, ...], rule: Rule, removed: int, drawn: int, waste: int) -> Solution:
    """Solve the position: ``cards`` in deal order (engine numbers), ``waste`` the waste's rank."""
    return DealSolver(cards, rule).solve(removed, drawn, waste)


def as_log(line: list[int]) -> str:
    """A line of actions (positions tapped, ``_DRAW`` for a draw) as move-log symbols."""
    return "".join(DRAW if action == _DRAW else tap_symbol(action) for action in line)


def winnable_quickly(cards: tuple[int, ...], rule: Rule, removed: int, drawn: int, waste: int) -> bool | None:
    """The quick searches alone, as dealing runs them (``DEALING_STAGES``): True or False when they settle
    the position, None when they do not (the table would be needed)."""
    line, settled = _quick(_Deal(cards, rule), removed, drawn, waste, DEALING_STAGES)
    return (line is not None) if settled else None


def _quick(
    deal: _Deal, removed: int, drawn: int, waste: int, stages: tuple[tuple[Stage, int], ...]
) -> tuple[list[int] | None, bool]:
    """(a winning line or None, whether that settles it) after ``stages``."""
    depth_first = _DepthFirst(deal)
    lines_played = 0
    for stage, effort in stages:
        if stage == "lines":
            line = _random_lines(deal, removed, drawn, waste, range(lines_played, effort))
            lines_played = effort
        else:
            line = depth_first.solve(removed, drawn, waste, effort)
            if line is None and not depth_first.exhausted:
                return None, True
        if line is not None:
            return line, True
    return None, False
