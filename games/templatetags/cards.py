"""Card faces for the templates: ``{{ "TD"|card_label }}`` is "10♦"."""

from django import template

register = template.Library()

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_LABELS = {"T": "10"}


@register.filter
def card_label(card: str) -> str:
    return RANK_LABELS.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


@register.filter
def card_colour(card: str) -> str:
    return "red" if card[1] in "DH" else "black"
