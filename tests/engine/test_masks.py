"""The tables over sets of removed cards that the solver steps through instead of recomputing."""

from engine.layout import PEAK_CARDS
from engine.masks import TURNED_UP, free_cards, mask_graph


def test_the_mask_table_holds_every_legal_mask_once_with_its_free_cards_and_children() -> None:
    graph = mask_graph()
    assert len(graph.masks) == len(set(graph.masks)) == 22_932
    for index, mask in enumerate(graph.masks):
        assert graph.index[mask] == index and graph.free[index] == free_cards(mask)
        assert sorted(position for position, _ in graph.children[index]) == [
            p for p in range(PEAK_CARDS) if graph.free[index] >> p & 1
        ]
        for position, child in graph.children[index]:
            assert graph.masks[child] == mask | 1 << position


def test_the_table_of_cards_turned_up_matches_the_layout() -> None:
    """What the quick searches look up is what recomputing the free cards gives, for every legal mask."""
    for mask in mask_graph().masks:
        free = free_cards(mask)
        for position in range(PEAK_CARDS):
            if free >> position & 1:
                child = mask | 1 << position
                near, turned_up = TURNED_UP[position]
                assert free ^ 1 << position | turned_up[child & near] == free_cards(child)
