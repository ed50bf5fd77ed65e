"""``{% status_region %}``, ``{% counters_region %}``, ``{% notice_region %}`` and ``{% spoken_region %}``: the game
page's small regions, drawn by games/drawing/regions/small.py."""

from django import template

from games.drawing.regions import small

register = template.Library()

for tag in (small.status_region, small.counters_region, small.notice_region, small.spoken_region):
    register.simple_tag(tag, takes_context=True)
