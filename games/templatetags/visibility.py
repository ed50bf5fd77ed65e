"""``{{ record|shown_code }}``: a game's code as every page shows it, a label while its deal is secret
(games/store/visibility.py)."""

from django import template

from games.models import GameRecord
from games.store.visibility import Sight

register = template.Library()


@register.filter
def shown_code(record: GameRecord) -> str:
    return Sight(record, owner=False).code
