"""Facts about the sets of removed peak cards (masks), the same for every deal: which cards are
free, which a removal turns up, and every legal mask by level, laid out for the solver's table.
"""

import functools
import itertools
import operator
from collections.abc import Callable

from .layout import COVER_MASKS, COVERERS, PEAK_CARDS, is_uncovered


@functools.lru_cache(maxsize=4096)  # the solver asks again for the same position at each stage
def free_cards(removed: int) -> int:
    """The face-up cards still on the peaks, as a mask."""
    return sum(1 << p for p in range(PEAK_CARDS) if not removed >> p & 1 and is_uncovered(p, removed))


def uncovered_later() -> tuple[int, ...]:
    """For each position, the cards that can only be turned up after it is removed (all it covers)."""
    later = [0] * PEAK_CARDS
    for p in range(PEAK_CARDS):  # a card's coverers have higher positions, so ``later[q]`` is complete
        for q in range(p):
            if COVER_MASKS[q] >> p & 1:
                later[p] |= 1 << q | later[q]
    return tuple(later)


LATER = uncovered_later()


def turned_up_table() -> tuple[tuple[int, dict[int, int]], ...]:
    """For each position p: the coverers of the cards p covers (a mask, ``near``), and for each set
    of them removed (``removed & near``, p among them), the cards that removing p turns up."""
    table = []
    for p in range(PEAK_CARDS):
        below = [q for q in range(PEAK_CARDS) if COVER_MASKS[q] >> p & 1]
        near = functools.reduce(int.__or__, (COVER_MASKS[q] for q in below), 1 << p)
        others = [1 << q for q in range(PEAK_CARDS) if near >> q & 1 and q != p]
        subsets = [sum(chosen, 1 << p) for k in range(len(others) + 1) for chosen in itertools.combinations(others, k)]
        turned_up = {s: sum(1 << q for q in below if s & COVER_MASKS[q] == COVER_MASKS[q]) for s in subsets}
        table.append((near, turned_up))
    return tuple(table)


# Looked up, not computed, in the quick searches' inner loops:
# ``near, turned_up = TURNED_UP[p]``, then ``turned_up[removed & near]``.
TURNED_UP = turned_up_table()


def chains() -> tuple[tuple[int, ...], ...]:
    """The positions cut into ten chains, each card covered by the one before it in its chain.

    Of a chain at most one card is free at a time (a card is free only once all that lie on it are
    removed), so one lane per chain and per mask holds the free card of every chain: ten lanes per
    mask instead of 28. Ten is the fewest, as the bottom row's ten cards are free together.
    """
    found: list[list[int]] = []
    for position in range(PEAK_CARDS - 1, -1, -1):  # the bottom row first: a card's coverers come before it
        chain = next((chain for chain in found if chain[-1] in COVERERS[position]), None)
        if chain is None:
            found.append([position])
        else:
            chain.append(position)
    return tuple(tuple(chain) for chain in found)


CHAINS = chains()
CHAIN_OF = tuple(next(c for c, chain in enumerate(CHAINS) if p in chain) for p in range(PEAK_CARDS))


class MaskLevels:
    """Every legal mask of removed cards, by how many are removed, and what the solver's table
    (``engine.solver``) needs to fill a level from the next (one card more removed), the same for
    every deal.

    For level k (masks of k removed cards, in ``masks[k]``), a byte string per chain of ``CHAINS``
    with one lane per mask: ``gather[k]`` picks, for each lane, the byte the table keeps for the child
    mask that tapping the chain's free card leaves, out of level k + 1's bytes laid out one block per
    position (``position * len(masks[k + 1]) + index of the child``), or the zero byte at the end when
    the chain has no free card there. ``lanes[k]`` lists (position, chain, lanes) for the positions
    free somewhere in level k, the lanes as an int with 0x7F in each byte where that card is the
    chain's free one. Built once per process (about 0.2 s and 9 MB).
    """

    def __init__(self) -> None:
        self.masks: list[list[int]] = [[0]]
        for _ in range(PEAK_CARDS):
            self.masks.append(sorted({mask | bit for mask in self.masks[-1] for bit in bits(free_cards(mask))}))
        self.index = {mask: index for level in self.masks for index, mask in enumerate(level)}
        # 0x80 in each lane of a level: the guard bits of the table's arithmetic on lanes.
        self.guards = [int.from_bytes(b"\x80" * len(level), "little") for level in self.masks]
        self.gather: list[Callable[[bytes], tuple[int, ...]]] = []
        self.lanes: list[tuple[tuple[int, int, int], ...]] = []
        for level in range(PEAK_CARDS):
            self._add_step(level)

    def _add_step(self, level: int) -> None:
        """``gather`` and ``lanes`` of ``level``, from the next level (one card more removed)."""
        masks, size, next_size = self.masks[level], len(self.masks[level]), len(self.masks[level + 1])
        absent = PEAK_CARDS * next_size  # the zero byte after the last block
        picks = [absent] * (len(CHAINS) * size)
        lanes = [bytearray(size) for _ in range(PEAK_CARDS)]
        for index, mask in enumerate(masks):
            for bit in bits(free_cards(mask)):
                position = bit.bit_length() - 1
                picks[CHAIN_OF[position] * size + index] = position * next_size + self.index[mask | bit]
                lanes[position][index] = 0x7F
        self.gather.append(operator.itemgetter(*picks))
        self.lanes.append(
            tuple(
                (position, CHAIN_OF[position], int.from_bytes(lane, "little"))
                for position, lane in enumerate(lanes)
                if any(lane)
            )
        )


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, each as a mask."""
    found = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        found.append(bit)
    return found


@functools.cache
def mask_levels() -> MaskLevels:
    return MaskLevels()
