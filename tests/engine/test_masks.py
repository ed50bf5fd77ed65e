"""The tables over sets of removed cards that the solver steps through instead of recomputing."""

from engine.layout import COVER_MASKS, PEAK_CARDS
from engine.masks import CHAIN_OF, CHAINS, TURNED_UP, free_cards, mask_levels


def test_the_levels_hold_every_legal_mask_once_by_the_number_of_cards_removed() -> None:
    """Legal: a card is removed only after the cards that lie on it."""
    levels = mask_levels()
    every = [mask for level in levels.masks for mask in level]
    assert len(every) == len(set(every)) == 22_932
    for removed, level in enumerate(levels.masks):
        for index, mask in enumerate(level):
            assert mask.bit_count() == removed and levels.index[mask] == index
            assert all(mask & COVER_MASKS[p] == COVER_MASKS[p] for p in range(PEAK_CARDS) if mask >> p & 1)


def test_a_chain_has_at_most_one_free_card_in_any_mask() -> None:
    assert sorted(p for chain in CHAINS for p in chain) == list(range(PEAK_CARDS)) and len(CHAINS) == 10
    for level in mask_levels().masks:
        for mask in level:
            free = [CHAIN_OF[p] for p in range(PEAK_CARDS) if free_cards(mask) >> p & 1]
            assert len(free) == len(set(free))


def test_each_lane_gathers_the_child_that_tapping_its_chains_free_card_leaves() -> None:
    """Each level's gather, given blocks that name each child, picks exactly the children of its masks."""
    levels = mask_levels()
    for removed in range(PEAK_CARDS):
        masks, below = levels.masks[removed], levels.masks[removed + 1]
        assert len(below) < 2**16  # the names below fit two lanes
        # Two passes, for the low and the high byte of each child's number: a byte string holds bytes.
        names = [
            bytes([(index >> shift) & 0xFF for _ in range(PEAK_CARDS) for index in range(len(below))]) + b"\xff"
            for shift in (0, 8)
        ]
        low, high = (levels.gather[removed](name) for name in names)
        blocks = [bytes([position]) * len(below) for position in range(PEAK_CARDS)]
        positions = levels.gather[removed](b"".join(blocks) + b"\xff")
        lanes = {position: lanes for position, _, lanes in levels.lanes[removed]}
        for chain in range(len(CHAINS)):
            for index, mask in enumerate(masks):
                lane = chain * len(masks) + index
                free = [p for p in CHAINS[chain] if free_cards(mask) >> p & 1]
                if not free:
                    assert positions[lane] == 0xFF
                    continue
                (position,) = free
                assert positions[lane] == position
                assert below[low[lane] | high[lane] << 8] == mask | 1 << position
                assert lanes[position] >> 8 * index & 0xFF == 0x7F


def test_the_table_of_cards_turned_up_matches_the_layout() -> None:
    """What the quick searches look up is what recomputing the free cards gives, for every legal mask."""
    for level in mask_levels().masks:
        for mask in level:
            free = free_cards(mask)
            for position in range(PEAK_CARDS):
                if free >> position & 1:
                    child = mask | 1 << position
                    near, turned_up = TURNED_UP[position]
                    assert free ^ 1 << position | turned_up[child & near] == free_cards(child)
