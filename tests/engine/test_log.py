"""The move log: round trip, refusal of bad logs, the bound."""

import pytest

from engine import MAX_LOG_ACTIONS, Game, GameCode, InvalidLog, Rule, log_until, standing_versions, version_of
from engine.log import UNDO_WINDOW

from .deals import ALL_TAPS, deal_for_line, rules_example_deal, taps

CODE = GameCode.parse("TP1-E-TRIPEAK")


def test_the_log_records_taps_draws_and_undos_in_order() -> None:
    game = Game.from_cards(rules_example_deal(), Rule.EASY)
    game.tap(20)
    game.draw()
    game.undo()
    game.tap(23)
    assert game.log == "k+-n"
    assert game.version == 4


def test_replay_rebuilds_the_same_game() -> None:
    game = Game.from_cards(rules_example_deal(), Rule.EASY, "knm+-+")
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
        Game.from_cards(rules_example_deal(), Rule.EASY, log)
    error = refused.value
    assert (error.index, error.symbol, error.reason) == (index, symbol, reason)
    assert str(error).startswith(f"action {index} ({symbol!r}): ")


def test_a_log_past_the_bound_folds_its_old_taken_back_pairs_and_counts_them() -> None:
    game = Game.replay(CODE, "+-" * (MAX_LOG_ACTIONS // 2) + "+")
    folded, _, kept = game.log.partition("*")
    assert int(folded) * 2 + len(kept) == game.version == MAX_LOG_ACTIONS + 1 == version_of(game.log)
    assert len(kept) <= UNDO_WINDOW + 1 and kept.endswith("+")
    assert Game.replay(CODE, game.log).state == game.state == Game.replay(CODE, "+").state


@pytest.mark.parametrize("log", ["x*+", "*+", "3*+4*", "+3*"])
def test_a_bad_fold_prefix_is_refused(log: str) -> None:
    with pytest.raises(InvalidLog):
        Game.replay(CODE, log)


def test_log_until_gives_each_version_of_a_folded_log() -> None:
    log = Game.replay(CODE, "+-" * (MAX_LOG_ACTIONS // 2) + "+").log
    assert Game.replay(CODE, log_until(log, 0)).state == Game.replay(CODE, "").state
    assert log_until(log, version_of(log)) == log


def test_a_log_after_a_win_is_refused_as_game_over() -> None:
    line = taps(ALL_TAPS)
    with pytest.raises(InvalidLog) as refused:
        Game.from_cards(deal_for_line(line), Rule.EASY, line + "+")
    assert (refused.value.index, refused.value.reason) == (29, "game_over")


def test_standing_versions_give_the_version_each_standing_action_was_played_at() -> None:
    assert standing_versions("k+-3") == [1, 4]  # the draw taken back stands no more
    assert standing_versions("2*+3-") == [5]  # two folded pairs: versions 1 to 4
    game = Game.replay(CODE, "++-+-+")
    assert [game.log[version - 1] for version in standing_versions(game.log)] == list(game.standing)
