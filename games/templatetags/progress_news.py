"""``{% progress_news record as news %}``: the records an ended game beat and the medals it earned
(games/drawing/medals.py), for its end card."""

from django import template

from games.drawing.medals import news_of

register = template.Library()
register.simple_tag(news_of, name="progress_news")
