"""The words of the engine's API that the web app builds on: actions, the last action, refusals."""

import pytest

from engine import Action, CodeError, Game, GameCode, IllegalMove, InvalidGameCode, LastAction, Refusal, Rule, Status

from .deals import rules_example_deal


@pytest.fixture
def game() -> Game:
    return Game.from_cards(rules_example_deal(), Rule.EASY)


def test_act_plays_each_action_as_its_own_method_does(game: Game) -> None:
    twin = game.copy()
    game.act(Action.TAP, 22)
    game.act(Action.DRAW)
    game.act(Action.UNDO)
    twin.tap(22)
    twin.draw()
    twin.undo()
    assert (game.log, game.state) == (twin.log, twin.state)
    assert game.log == "m+-"


def test_a_tap_without_a_position_is_refused_before_anything_changes(game: Game) -> None:
    with pytest.raises(ValueError, match="position"):
        game.act(Action.TAP)
    assert game.version == 0


def test_the_last_action_names_the_tap_and_the_cards_it_turned_up(game: Game) -> None:
    assert game.last_action is None
    game.tap(22)  # 2♦ on the waste A♣: 13 still lies under 23
    assert game.last_action == LastAction(Action.TAP, 22, frozenset())
    game.tap(23)  # A♠ on 2♦: the last card on 13 is gone
    assert game.last_action == LastAction(Action.TAP, 23, frozenset({13}))
    assert game.is_face_up(13)
    game.draw()
    assert game.last_action == LastAction(Action.DRAW)
    game.undo()
    assert game.last_action == LastAction(Action.UNDO)


def test_every_refusal_and_status_has_its_own_word_and_message() -> None:
    assert {refusal.message for refusal in Refusal} and len({r.message for r in Refusal}) == len(Refusal)
    assert [status.value for status in Status] == ["playing", "won", "blocked"]


def test_a_refusal_carries_its_enum_member(game: Game) -> None:
    with pytest.raises(IllegalMove) as refused:
        game.tap(0)
    assert refused.value.reason is Refusal.BLOCKED
    assert str(refused.value) == Refusal.BLOCKED.message


def test_a_bad_code_says_what_is_wrong_as_a_code_error() -> None:
    with pytest.raises(InvalidGameCode) as refused:
        GameCode.parse("TP1-X-ABCDEFG")
    assert refused.value.reason is CodeError.RULE


def test_the_run_counts_the_cards_played_since_the_last_draw(game: Game) -> None:
    assert game.run == 0
    game.tap(22)
    game.tap(23)
    assert game.run == 2
    game.draw()
    assert game.run == 0
    game.undo()
    assert game.run == 2
