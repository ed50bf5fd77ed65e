"""The three-peak geometry (docs/rules.md §2), position by position."""

from engine.layout import COVERERS, PEAKS, ROWS


def test_rows_hold_3_6_9_10_cards() -> None:
    assert [len(row) for row in ROWS] == [3, 6, 9, 10]


def test_tops_are_covered_by_row_2_cards_2k_and_2k_plus_1() -> None:
    assert [COVERERS[k] for k in range(3)] == [(3, 4), (5, 6), (7, 8)]


def test_row_2_cards_are_covered_within_their_peak() -> None:
    assert [COVERERS[p] for p in range(3, 9)] == [(9, 10), (10, 11), (12, 13), (13, 14), (15, 16), (16, 17)]


def test_row_3_card_i_is_covered_by_bottom_cards_i_and_i_plus_1() -> None:
    assert [COVERERS[p] for p in range(9, 18)] == [(18 + i, 19 + i) for i in range(9)]
    assert all(COVERERS[p] == () for p in range(18, 28))


def test_peaks_hold_9_9_10_cards_and_split_the_bottom_row_3_3_4() -> None:
    assert [len(peak) for peak in PEAKS] == [9, 9, 10]
    assert [[p for p in peak if p >= 18] for peak in PEAKS] == [[18, 19, 20], [21, 22, 23], [24, 25, 26, 27]]
    assert sorted(p for peak in PEAKS for p in peak) == list(range(28))
