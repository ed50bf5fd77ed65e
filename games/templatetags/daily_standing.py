"""``{% daily_standing record as standing %}``: where a daily game stands on its day's leaderboard; and
``{% human_pace as pace %}``: the most moves a second a person plays (games/store/daily.py)."""

from django import template

from games.store import daily

register = template.Library()
register.simple_tag(daily.standing, name="daily_standing")
register.simple_tag(daily.human_pace, name="human_pace")
