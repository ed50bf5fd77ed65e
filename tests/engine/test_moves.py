"""Draws, the stock, undo, the end of the game and the log bound."""

from collections.abc import Callable

import pytest

from engine import MAX_LOG_ACTIONS, Game, IllegalMove, Rule

from .deals import ALL_TAPS, deal_for_line, rules_example_deal, taps


def refusal(action: Callable[..., object], *args: object) -> str:
    with pytest.raises(IllegalMove) as refused:
        action(*args)
    return refused.value.reason


@pytest.fixture
def game() -> Game:
    return Game.from_cards(rules_example_deal(), Rule.EASY)


def test_draw_turns_the_top_stock_card_onto_the_waste_even_with_a_tap_available(game: Game) -> None:
    assert game.playable()
    game.draw()
    assert (game.waste, game.stock_count, game.moves, game.score) == (game.deal[29], 22, 1, 499)


def test_the_stock_is_used_once_and_an_empty_stock_refuses_to_draw(game: Game) -> None:
    for _ in range(23):
        game.draw()
    assert game.waste == game.deal[51]
    assert refusal(game.draw) == "stock_empty"
    assert (game.stock_count, game.moves) == (0, 23)


def test_undo_puts_a_drawn_card_back_on_the_stock(game: Game) -> None:
    game.draw()
    game.draw()
    game.undo()
    assert (game.waste, game.stock_count, game.moves, game.score) == (game.deal[29], 22, 2, 499)
    game.draw()
    assert game.waste == game.deal[30]


def test_undo_turns_a_card_face_down_again(game: Game) -> None:
    for position in (20, 23, 22):
        game.tap(position)
    assert game.is_face_up(13)
    game.undo()
    assert not game.is_face_up(13)
    assert (game.waste, game.score, game.moves) == ("AS", 498, 3)
    assert refusal(game.tap, 13) == "blocked"


def test_nothing_to_undo_at_the_start(game: Game) -> None:
    assert refusal(game.undo) == "nothing_to_undo"
    assert game.log == ""


def test_undo_takes_back_every_standing_action_to_the_deal(game: Game) -> None:
    start = (game.state, game.score, game.visible())
    game.play_log("k" + "+-" * 40 + "+" * 23)  # 104 actions, 24 of them standing
    assert game.undoable == 24
    for _ in range(24):
        game.undo()
    assert (game.state, game.score, game.visible()) == start
    assert refusal(game.undo) == "nothing_to_undo"
    assert game.moves == 40 + 23 + 1


def test_a_win_ends_the_game_even_with_stock_left() -> None:
    line = taps(ALL_TAPS)
    game = Game.from_cards(deal_for_line(line), Rule.EASY, line)
    assert (game.status, game.stock_count, game.playable()) == ("won", 23, [])
    for action in (game.draw, game.undo):
        assert refusal(action) == "game_over"
    assert refusal(game.tap, 5) == "game_over"


def test_blocked_when_the_stock_is_empty_and_nothing_fits_but_undo_still_works(blocked_deal: list[str]) -> None:
    game = Game.from_cards(blocked_deal, Rule.CLASSIC, "+" * 23)
    assert game.status == "blocked"
    game.undo()
    assert (game.status, game.stock_count) == ("playing", 1)


def test_a_position_off_the_peaks_is_not_a_move(game: Game) -> None:
    for position in (-1, 28, 100):
        with pytest.raises(ValueError, match="no peak position"):
            game.tap(position)
    assert game.log == ""


def test_no_number_of_actions_freezes_a_game_and_the_stored_log_stays_short(game: Game) -> None:
    """Draw and undo 5,000 times, then play on: every action is taken, and the log folds its old
    taken-back pairs, so it never holds more than MAX_LOG_ACTIONS actions."""
    game.tap(22)  # a standing action that the pairs after it must not fold away
    for round in range(5_000):
        game.draw()
        game.undo()
        assert len(game.log) <= MAX_LOG_ACTIONS + 8, round
    assert (game.version, game.moves, game.stock_count) == (10_001, 5_001, 23)
    game.draw()
    game.undo()
    game.undo()  # the tap, 10,000 actions ago, still stands and can be taken back
    assert game.state == Game.from_cards(game.deal, game.rule).state
    replayed = Game.from_cards(game.deal, game.rule, game.log)
    assert (replayed.state, replayed.version, replayed.moves, replayed.log) == (
        game.state,
        game.version,
        game.moves,
        game.log,
    )
