"""The deal is exactly as docs/game-codes.md specifies: its test vectors are checked here."""

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Game, GameCode
from engine.cards import CARD_NAMES
from engine.deal import SHUFFLES, deal_cards, shuffle_at, shuffle_index, splitmix64

SPEC = (Path(__file__).parents[2] / "docs" / "game-codes.md").read_text()
VECTORS = re.findall(r"^\| (TP[12]-\w-\w+) \| (\d+) \| ((?:\w\w ){51}\w\w) \|$", SPEC, re.MULTILINE)


def test_the_spec_has_its_vectors() -> None:
    assert [code[:3] for code, _, _ in VECTORS] == ["TP1"] * 5 + ["TP2"] * 4


@pytest.mark.parametrize(("code", "number", "deal"), VECTORS)
def test_each_vector_deals_as_documented(code: str, number: str, deal: str) -> None:
    parsed = GameCode.parse(code)
    assert parsed.number == int(number)
    assert " ".join(Game.new(parsed).deal) == deal


def test_splitmix64_matches_the_reference_outputs() -> None:
    words = splitmix64(0)
    assert [next(words) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    words = splitmix64(1)
    documented = re.search(r"seeded with 1 it gives `(\w+)`, `(\w+)`, `(\w+)`", SPEC)
    assert documented and [next(words) for _ in range(3)] == [int(word, 16) for word in documented.groups()]


def test_every_deal_is_a_permutation_of_the_deck() -> None:
    for number in [0, 1, 2, 12345, 26**7 - 1]:
        assert sorted(deal_cards(number)) == list(range(52))
        assert set(Game.new(GameCode(number)).deal) == set(CARD_NAMES)


@given(st.permutations(range(52)))
def test_every_order_of_the_deck_has_one_tp2_code_that_deals_it(order: list[int]) -> None:
    code = GameCode(shuffle_index(tuple(order)), shuffle=True)
    assert code.cards == tuple(order) == shuffle_at(code.number)
    assert GameCode.parse(str(code)) == code and len(code.letters) == 48


def test_the_tp2_indices_run_from_the_ordered_deck_to_the_reversed_one() -> None:
    assert shuffle_at(0) == tuple(range(52)) and shuffle_at(SHUFFLES - 1) == tuple(reversed(range(52)))
    with pytest.raises(ValueError, match="shuffle index out of range"):
        shuffle_at(SHUFFLES)


def test_both_rules_deal_the_same_cards() -> None:
    assert Game.new(GameCode.parse("TP1-E-TRIPEAK")).deal == Game.new(GameCode.parse("TP1-C-TRIPEAK")).deal


def test_deals_differ_from_number_to_number() -> None:
    assert len({deal_cards(number) for number in range(200)}) == 200
