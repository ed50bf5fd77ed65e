"""Every example of the rules (docs/rules.md §3, §4, §7), through the public API."""

import pytest

from engine import Game, IllegalMove, Rule

from .deals import RULES_BOTTOM_ROW, rules_example_deal


@pytest.fixture
def easy() -> Game:
    return Game.from_cards(rules_example_deal(), Rule.EASY)


def test_the_deal_shows_the_bottom_row_face_up_and_the_waste(easy: Game) -> None:
    assert easy.waste == "AC"
    assert easy.stock_count == 23
    assert easy.visible() == dict(enumerate(RULES_BOTTOM_ROW, start=18))


def test_easy_allows_king_ace_and_two_on_the_ace_of_clubs(easy: Game) -> None:
    assert [easy.visible()[p] for p in easy.playable()] == ["KC", "2D", "KD"]


def test_classic_allows_only_the_two() -> None:
    classic = Game.from_cards(rules_example_deal(), Rule.CLASSIC)
    assert [classic.visible()[p] for p in classic.playable()] == ["2D"]
    with pytest.raises(IllegalMove) as refused:
        classic.tap(20)  # K♣ on A♣
    assert refused.value.reason == "not_adjacent"


def test_three_of_spades_on_the_ace_is_not_adjacent(easy: Game) -> None:
    with pytest.raises(IllegalMove) as refused:
        easy.tap(18)
    assert refused.value.reason == "not_adjacent"


@pytest.mark.parametrize("position", [0, 4, 13, 17])
def test_a_face_down_card_is_blocked(easy: Game, position: int) -> None:
    with pytest.raises(IllegalMove) as refused:
        easy.tap(position)
    assert refused.value.reason == "blocked"


def test_king_ace_two_turns_up_the_seven_of_spades(easy: Game) -> None:
    for position in (20, 23, 22):  # K♣, then A♠ on K♣, then 2♦ on A♠
        easy.tap(position)
    assert easy.waste == "2D"
    assert easy.visible()[13] == "7S"
    bottom = [card for position, card in easy.visible().items() if position >= 18]
    assert bottom == ["3S", "5S", "4S", "KD", "8H", "7C", "9S"]
    assert 12 not in easy.visible()  # still covered by 4♠ at 21


def test_a_refused_action_changes_nothing(easy: Game) -> None:
    before = (easy.state, easy.score, easy.moves, easy.log)
    for position in (18, 0, 13):
        with pytest.raises(IllegalMove):
            easy.tap(position)
    assert (easy.state, easy.score, easy.moves, easy.log) == before
