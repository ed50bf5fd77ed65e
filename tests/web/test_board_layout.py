"""The board as the page lays it out: where each card sits, and what the last action changed."""

import engine
from engine.layout import COVERERS, ROWS
from games.drawing.board import COLUMNS, board


def test_each_card_lies_centred_on_the_two_that_cover_it() -> None:
    assert [COLUMNS[p] for p in ROWS[-1]] == list(range(1, 20, 2))  # the bottom row side by side
    for position, covering in enumerate(COVERERS):
        if covering:
            left, right = (COLUMNS[c] for c in covering)
            assert right == left + 2 and COLUMNS[position] == left + 1


def line_that_reveals() -> tuple[engine.Game, int, set[int]]:
    """From TP1-E-TRIPEAK, draw until a tap turns a card face up; that game, the tap, and what it turned."""
    game = engine.Game.new(engine.GameCode.parse("TP1-E-TRIPEAK"))
    while True:
        for position in game.playable():
            after = game.copy()
            after.tap(position)
            turned = set(after.visible()) - set(game.visible())
            if turned:
                return after, position, turned
        if game.playable():
            game.tap(game.playable()[0])
        else:
            game.draw()


def test_the_last_tap_marks_the_cards_it_turned_face_up() -> None:
    played, _, turned = line_that_reveals()
    shown = board(played)
    assert {cell.position for row in shown.rows for cell in row if cell.revealed} == turned
    assert shown.arrival == "tap"
    played.draw()
    shown = board(played)
    assert not any(cell.revealed for row in shown.rows for cell in row)
    assert shown.arrival == "draw"
    played.undo()
    assert board(played).arrival == ""
