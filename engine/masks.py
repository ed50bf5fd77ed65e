"""Facts about the sets of removed peak cards (masks), the same for every deal: which cards are
free, which a removal turns up, and the table of every legal mask that the solver's sweep steps through.
"""

import functools
import itertools

from .layout import COVER_MASKS, PEAK_CARDS, is_uncovered


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


class MaskGraph:
    """Every legal mask of removed cards, fewest removed first, with its free cards and its children.

    The same for every deal, so it is built once (about 0.1 s, 12 MB): the sweep then steps from
    mask to mask by index, without recomputing which cards a removal turns up.
    """

    def __init__(self) -> None:
        self.masks = [0]
        self.free = [free_cards(0)]
        self.index = {0: 0}
        self.children: list[tuple[tuple[int, int], ...]] = []  # (position removed, child's index)
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
                    near, turned_up = TURNED_UP[position]
                    self.free.append(free ^ bit | turned_up[child & near])
                children.append((position, self.index[child]))
            self.children.append(tuple(children))


@functools.cache
def mask_graph() -> MaskGraph:
    return MaskGraph()
