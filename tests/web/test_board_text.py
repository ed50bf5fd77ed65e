"""The board in words (games.drawing.board_text): the rules' own lines in Italian, Spanish and Bulgarian,
the same form in English and French, and never a face-down or stock card's identity."""

import random
import re

import pytest
from django.utils import translation

import engine
from engine import Game, Rule
from games.drawing.board_text import board_text
from games.drawing.cards import spoken_name
from tests.shared import seed_document

from ..engine.deals import ALL_TAPS, deal_for_line, rules_example_deal, taps
from .helpers_play import face_down_cards, stock_cards

# How the rules' board lines start: "Tallone: 23 carte; scarto: …".
SEED_LINE_STARTS = {"it": "Tallone: ", "es": "Mazo: ", "bg": "Тесте за теглене: "}
LANGUAGES = ["en", "it", "es", "bg", "fr"]


def seed_lines(language: str) -> list[str]:
    """The rules' two board lines in ``language``: before and after the example moves."""
    path = seed_document(language)
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [line for line in lines if line.startswith(SEED_LINE_STARTS[language])]
    assert len(found) == 2, found
    return found


def seed_positions() -> list[Game]:
    """The rules' example deal at the start, and after K♣, A♠ on K♣, 2♦ on A♠ (7♠ turns up)."""
    start = Game.from_cards(rules_example_deal(), Rule.EASY)
    after = start.copy()
    for position in (20, 23, 22):
        after.tap(position)
    return [start, after]


def spoken(game: Game, language: str) -> str:
    with translation.override(language):
        return board_text(game)


@pytest.mark.parametrize("language", ["it", "es", "bg"])
def test_the_rules_example_positions_read_exactly_as_the_rules_write_them(language: str) -> None:
    assert [spoken(game, language) for game in seed_positions()] == seed_lines(language)


def cards(*names: str) -> str:
    return ", ".join(names)


def test_english_and_french_read_the_second_example_in_the_same_form() -> None:
    after = seed_positions()[1]
    hidden = "face-down card"
    assert spoken(after, "en") == (
        f"Stock: 23 cards; waste: 2 of diamonds. Peaks: {cards(*[hidden] * 3)}; row 2: {cards(*[hidden] * 6)}; "
        f"row 3: {cards(*[hidden] * 4, '7 of spades', *[hidden] * 4)}; bottom row: "
        "3 of spades, 5 of spades, 4 of spades, king of diamonds, 8 of hearts, 7 of clubs, 9 of spades."
    )
    hidden, nb, nnb = "carte cachée", "\u00a0", "\u202f"  # French spaces before ":" and ";"
    assert spoken(after, "fr") == (
        f"Pioche{nb}: 23 cartes{nnb}; défausse{nb}: 2 de carreau. Sommets{nb}: {cards(*[hidden] * 3)}{nnb}; "
        f"rangée 2{nb}: {cards(*[hidden] * 6)}{nnb}; rangée 3{nb}: {cards(*[hidden] * 4, '7 de pique', *[hidden] * 4)}"
        f"{nnb}; rangée du bas{nb}: 3 de pique, 5 de pique, 4 de pique, roi de carreau, 8 de cœur, 7 de trèfle, "
        "9 de pique."
    )


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (
            "en",
            ["queen of hearts", "jack of spades", "king of clubs", "ace of diamonds", "10 of hearts", "3 of spades"],
        ),
        ("it", ["regina di cuori", "fante di picche", "re di fiori", "asso di quadri", "10 di cuori", "3 di picche"]),
        (
            "es",
            [
                "reina de corazones",
                "jota de picas",
                "rey de tréboles",
                "as de diamantes",
                "10 de corazones",
                "3 de picas",
            ],
        ),
        ("bg", ["дама купа", "вале пика", "поп спатия", "асо каро", "10 купа", "3 пика"]),
        ("fr", ["dame de cœur", "valet de pique", "roi de trèfle", "as de carreau", "10 de cœur", "3 de pique"]),
    ],
)
def test_a_card_in_words(language: str, names: list[str]) -> None:
    with translation.override(language):
        assert [spoken_name(card) for card in ["QH", "JS", "KC", "AD", "TH", "3S"]] == names


@pytest.mark.parametrize(
    ("language", "one", "none"),
    [
        ("en", "Stock: 1 card;", "Stock: 0 cards;"),
        ("it", "Tallone: 1 carta;", "Tallone: 0 carte;"),
        ("es", "Mazo: 1 carta;", "Mazo: 0 cartas;"),
        ("bg", "Тесте за теглене: 1 карта;", "Тесте за теглене: 0 карти;"),
        ("fr", "Pioche\u00a0: 1 carte\u202f;", "Pioche\u00a0: 0 carte\u202f;"),  # in French, 0 is singular
    ],
)
def test_the_stock_count_takes_the_plural_of_each_language(language: str, one: str, none: str) -> None:
    game = Game.from_cards(rules_example_deal(), Rule.EASY, "+" * 22)
    assert spoken(game, language).startswith(one)
    game.draw()
    assert spoken(game, language).startswith(none)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_row_whose_cards_are_all_removed_is_left_out(language: str) -> None:
    full = Game.from_cards(deal_for_line(taps(ALL_TAPS)), Rule.EASY)
    rows_full = spoken(full, language).count(":")  # the piles sentence has two, each row one
    bottom_gone = Game.from_cards(deal_for_line(taps(ALL_TAPS)), Rule.EASY, taps(ALL_TAPS[:10]))
    text = spoken(bottom_gone, language)
    assert (rows_full, text.count(":")) == (2 + 4, 2 + 3)
    with translation.override(language):
        last_row_card = spoken_name(bottom_gone.visible()[17])
    assert text.endswith(f"{last_row_card}.")  # row 3 ends the text now


PILES_ALONE = {
    "en": "Stock: 23 cards; waste: {}.",
    "it": "Tallone: 23 carte; scarto: {}.",
    "es": "Mazo: 23 cartas; descarte: {}.",
    "bg": "Тесте за теглене: 23 карти; купчина за изхвърлени карти: {}.",
    "fr": "Pioche\u00a0: 23 cartes\u202f; défausse\u00a0: {}.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_won_game_reads_only_the_stock_and_the_waste(language: str) -> None:
    won = Game.from_cards(deal_for_line(taps(ALL_TAPS)), Rule.EASY, taps(ALL_TAPS))
    assert won.status == "won"
    with translation.override(language):
        assert board_text(won) == PILES_ALONE[language].format(spoken_name(won.waste))


FACE_DOWN = {
    "en": "face-down card",
    "it": "carta coperta",
    "es": "carta oculta",
    "bg": "скрита карта",
    "fr": "carte cachée",
}


def named(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_face_down_or_stock_card_is_never_named(language: str) -> None:
    """Random play on a few deals: at every step no hidden card is named, and the text says
    "face-down card" exactly once per face-down card."""
    chance = random.Random(5)
    with translation.override(language):
        for number in range(4):
            game = Game.new(engine.GameCode(number * 7919, Rule.EASY))
            while game.status == "playing":
                text = board_text(game)
                face_down = face_down_cards(game)
                assert not [card for card in face_down | stock_cards(game) if named(text, spoken_name(card))]
                assert text.count(FACE_DOWN[language]) == len(face_down)
                moves = game.playable()
                if moves and (not game.stock_count or chance.random() < 0.7):
                    game.tap(chance.choice(moves))
                else:
                    game.draw()
