"""Card faces for the templates: ``{{ "TD"|card_label }}`` is "10♦"; ``{% peak_rows %}`` the peaks."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.board import Cell

register = template.Library()

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_LABELS = {"T": "10"}


@register.filter
def card_label(card: str) -> str:
    return RANK_LABELS.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


@register.filter
def card_colour(card: str) -> str:
    return "red" if card[1] in "DH" else "black"


@register.simple_tag
def peak_rows(rows: list[list[Cell]], can_play: bool, hinted: int | None = None) -> SafeString:
    """The four rows of the peaks. Written in Python: 28 cards through template nodes took
    more than a third of a move's answer."""
    hidden = format_html('<span class="visually-hidden">{}</span>', gettext("face-down card"))
    return mark_safe(
        "".join(
            f'<div class="row row-{number}">{"".join(_peak_card(cell, can_play, hidden, hinted) for cell in row)}</div>'
            for number, row in enumerate(rows, start=1)
        )
    )


def _peak_card(cell: Cell, can_play: bool, hidden: str, hinted: int | None) -> str:
    """A peak position: an empty slot, or a card (a button for the owner, face up or down).
    Every value written is the engine's own (a position, a card name) or escaped above."""
    if cell.removed:
        return '<span class="slot" aria-hidden="true"></span>'
    if cell.card:  # face down, nothing about the card is written: only that it is hidden
        classes = f"card face {card_colour(cell.card)}" + (" playable" if cell.playable else "")
        classes += " hinted" if cell.position == hinted else ""
        face = card_label(cell.card)
    else:
        classes, face = "card back", hidden
    if can_play:
        return f'<button type="submit" name="position" value="{cell.position}" class="{classes}">{face}</button>'
    return f'<span class="{classes}">{face}</span>'
