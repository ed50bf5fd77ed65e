"""The rules' scoring figures, each on a deal built for its line."""

from engine import Game, Rule

from .deals import ALL_TAPS, deal_for_line, taps


def win(line: str) -> Game:
    game = Game.from_cards(deal_for_line(line), Rule.EASY, line)
    assert game.status == "won"
    return game


def test_a_fresh_game_scores_500() -> None:
    assert Game.from_cards(deal_for_line(""), Rule.EASY).score == 500


def test_the_best_possible_win_scores_772() -> None:
    game = win(taps(ALL_TAPS))
    assert (game.moves, game.score) == (28, 772)


def test_a_win_drawing_all_23_cards_scores_749() -> None:
    game = win("+" * 23 + taps(ALL_TAPS))
    assert (game.moves, game.stock_count, game.score) == (51, 0, 749)


def test_the_rules_50_move_win_empties_peaks_at_37_42_50_and_scores_750() -> None:
    before_left_top = [p for p in ALL_TAPS if p not in (0, 1, 2)] + [0]
    line = "+" * 11 + taps(before_left_top) + "+" * 4 + taps([1]) + "+" * 7 + taps([2])
    game = Game.from_cards(deal_for_line(line), Rule.EASY)
    emptied_at = []
    for symbol in line:
        peaks_before = sum(game.peaks_cleared())
        score_before = game.score
        game.apply(symbol)
        if sum(game.peaks_cleared()) > peaks_before:
            emptied_at.append(game.moves)
            assert game.score == score_before - 1 + 100
        else:
            assert game.score == score_before - 1
    assert emptied_at == [37, 42, 50]
    assert (game.status, game.score) == ("won", 750)


def test_a_win_without_undo_scores_500_minus_moves_plus_300() -> None:
    for draws_first in (0, 5, 17):
        game = win("+" * draws_first + taps(ALL_TAPS))
        assert game.score == 500 - game.moves + 300


def test_undo_returns_the_points_of_the_action_and_keeps_the_move_count() -> None:
    line = taps(ALL_TAPS)
    game = Game.from_cards(deal_for_line(line), Rule.EASY, line[:-1])  # one tap from the win
    assert game.score == 500 - 27 + 200
    game.undo()  # takes back the tap that emptied the centre peak, and its bonus
    assert (game.score, game.moves) == (500 - 26 + 100, 27)


def test_a_blocked_game_has_no_penalty_nor_bonus(blocked_deal: list[str]) -> None:
    game = Game.from_cards(blocked_deal, Rule.EASY, "+" * 23)
    assert (game.status, game.score) == ("blocked", 500 - 23)
