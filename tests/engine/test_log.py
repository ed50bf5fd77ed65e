"""The move log: round trip, refusal of bad logs, the bound."""

import pytest

from engine import MAX_LOG_ACTIONS, Game, GameCode, InvalidLog, Rule

from .deals import ALL_TAPS, deal_for_line, seed_example_deal, taps

CODE = GameCode.parse("TP1-E-TRIPEAK")


def test_the_log_records_taps_draws_and_undos_in_order() -> None:
    game = Game.from_cards(seed_example_deal(), Rule.EASY)
    game.tap(20)
    game.draw()
    game.undo()
    game.tap(23)
    assert game.log == "k+-n"
    assert game.version == 4


def test_replay_rebuilds_the_same_game() -> None:
    game = Game.from_cards(seed_example_deal(), Rule.EASY, "knm+-+")
    again = Game.from_cards(game.deal, game.rule, game.log)
    assert (again.state, again.score, again.moves, again.log) == (game.state, game.score, game.moves, game.log)


@pytest.mark.parametrize(
    ("log", "index", "symbol", "reason"),
    [
        ("k0", 2, "0", "blocked"),
        ("i", 1, "i", "not_adjacent"),
        ("-", 1, "-", "nothing_to_undo"),
        ("k+x", 3, "x", "symbol"),
        ("kK", 2, "K", "symbol"),
        ("k s", 2, " ", "symbol"),
        ("+" * 24, 24, "+", "stock_empty"),
    ],
)
def test_a_bad_log_names_its_first_bad_action(log: str, index: int, symbol: str, reason: str) -> None:
    with pytest.raises(InvalidLog) as refused:
        Game.from_cards(seed_example_deal(), Rule.EASY, log)
    error = refused.value
    assert (error.index, error.symbol, error.reason) == (index, symbol, reason)
    assert str(error).startswith(f"action {index} ({symbol!r}): ")


def test_a_log_past_the_bound_is_refused_not_truncated() -> None:
    with pytest.raises(InvalidLog) as refused:
        Game.replay(CODE, "+-" * (MAX_LOG_ACTIONS // 2) + "+")
    assert (refused.value.index, refused.value.reason) == (MAX_LOG_ACTIONS + 1, "log_full")


def test_a_log_after_a_win_is_refused_as_game_over() -> None:
    line = taps(ALL_TAPS)
    with pytest.raises(InvalidLog) as refused:
        Game.from_cards(deal_for_line(line), Rule.EASY, line + "+")
    assert (refused.value.index, refused.value.reason) == (29, "game_over")
