"""``{% peak_rows %}``, ``{% changed_cells %}`` and ``{% waste_card %}``: the cards of the board's partials
(templates/games/game.html), drawn in Python (games/drawing/regions/cards.py): a tag per card would cost a move's
answer several times more."""

from django import template
from django.utils.safestring import SafeString

from games.drawing.regions import cards

register = template.Library()


@register.simple_tag(takes_context=True)
def peak_rows(context: template.Context) -> SafeString:
    return cards.peak_rows(context, context["board"].rows)


@register.simple_tag(takes_context=True)
def changed_cells(context: template.Context) -> SafeString:
    """The cells of the peaks that an action changed (``changed``), for the page that showed the board before it."""
    return cards.changed_cells(context, context["changed"])


@register.simple_tag(takes_context=True)
def waste_card(context: template.Context) -> SafeString:
    """The waste's card, arriving (its animation) in an answer to the action that put it there."""
    board = context["board"]
    arrival = f"from-{board.arrival}" if context.get("oob") and board.arrival else ""
    return cards.waste_face(board.waste, arrival, patch=bool(context.get("patch")))
