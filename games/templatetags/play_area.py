"""``{% board_region %}``, ``{% play_area %}``, ``{% undo_form %}`` and ``{% hint_form %}``: the board, drawn by
games/drawing/regions/play_area.py."""

from django import template

from games.drawing.regions import play_area

register = template.Library()

for tag in (play_area.board_region, play_area.play_area, play_area.undo_form, play_area.hint_form):
    register.simple_tag(tag, takes_context=True)
