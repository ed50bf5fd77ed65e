"""Card faces for the board (play_area.py): ``card_face("TD")`` draws the 10♦; ``peak_rows`` the peaks.

Written in Python rather than template nodes: 28 cards through the template engine took more
than a third of a move's answer. Every value written is the engine's own (a position, a card
name) or escaped.
"""

from functools import lru_cache
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.board import Cell
from games.cards import CORNER_RANKS, SUIT_SYMBOLS, card_colour, spoken_name_in

from .words import LANGUAGES_KEPT, board_words

RANK_ORDER = "A23456789TJQK"
CELLS_KEPT = 8192  # cells of the peaks as drawn, each a few hundred bytes


def _rank(card: str) -> str:
    """A face-up card's rank as a number, 1 (ace) to 13 (king), whatever the page's language: the page
    shows a legal tap on the waste before the server answers (static/js/tripeaks.js)."""
    return f' data-rank="{RANK_ORDER.index(card[0]) + 1}"'


@lru_cache(maxsize=52 * LANGUAGES_KEPT)
def _face_up(card: str, language: str | None) -> tuple[str, str, str]:
    """A face-up card's colour, its name and rank as attributes, and its face: they depend on the card and
    the active language alone (``language``, the key), so each is drawn once. Never a face-down card's:
    its HTML is the same whatever it is (tests/web/test_hidden_cards.py)."""
    named = f' aria-label="{escape(spoken_name_in(card, language))}"{_rank(card)}'
    return card_colour(card), named, _face(card)


def _face(card: str) -> str:
    """Rank and suit in two corners and a large suit in the middle; the name is the element's label."""
    rank, suit = escape(str(CORNER_RANKS.get(card[0], card[0]))), SUIT_SYMBOLS[card[1]]  # the rank: translated
    # The stylesheet draws the corners from these attributes: as text, "A♠ A♠" would be the visible
    # label that the name ("ace of spades") fails to contain (WCAG 2.5.3, axe's label-content-name-mismatch).
    corner = f'data-rank="{rank}" data-suit="{suit}" aria-hidden="true"'
    return (
        f'<span class="corner" {corner}></span><span class="pip" aria-hidden="true">{suit}</span>'
        f'<span class="corner end" {corner}></span>'
    )


def card_face(card: str, extra: str = "") -> SafeString:
    """A face-up card that is not a button (the waste)."""
    colour, named, face = _face_up(card, get_language())
    classes = f"card face {colour} {extra}".strip()
    return mark_safe(f'<span class="{classes}" role="img"{named}>{face}</span>')


def peak_rows(context: template.Context, rows: list[list[Cell]]) -> SafeString:
    """The four rows of the peaks, laid on a grid of half-card steps (see static/css/tripeaks.css).

    Reads from the context: ``can_play`` (buttons or plain cards), ``highlight`` (ring the playable
    cards), ``hinted`` (the position "Teach me" suggests) and ``oob`` (an answer to an action:
    cards the action turned face up show it).
    """
    options = tuple(bool(context.get(key)) for key in ("can_play", "highlight", "oob"))
    hinted, language = context.get("hinted"), get_language()
    html = []
    for number, row in enumerate(rows, start=1):
        cards = "".join(_peak_card(cell, number, language, *options, cell.position == hinted) for cell in row)
        html.append(f'<div class="row row-{number}">{cards}</div>')
    return mark_safe("".join(html))


@lru_cache(maxsize=CELLS_KEPT)
def _peak_card(
    cell: Cell, row: int, language: str | None, can_play: bool, highlight: bool, oob: bool, hinted: bool
) -> str:
    """A card of the peaks (a button for the owner), face up or down; nothing where it was removed.

    Drawn once for each cell and the way it is shown (the key): a face-down cell carries no card
    (board.py), so its drawing is the same whatever card lies under it."""
    if cell.removed:
        return ""
    place = f"at-{cell.column} on-{row}"
    if cell.card:
        colour, named, face = _face_up(cell.card, language)
        classes = f"card face {colour} {place}"
        classes += " playable" if highlight and cell.playable else ""
        classes += " hinted" if hinted else ""
        classes += " flipped" if oob and cell.revealed else ""
        focus = ""
    else:
        # Out of the Tab order: a face-down card can never be played (a click still says why).
        hidden = f'<span class="visually-hidden">{board_words(language).face_down}</span>'
        classes, face, named, focus = f"card back {place}", hidden, "", ' tabindex="-1"'
    if can_play:
        return (
            f'<button type="submit" name="position" value="{cell.position}" class="{classes}"'
            f'{named}{focus} data-position="{cell.position}">{face}</button>'
        )
    role = ' role="img"' if named else ""  # a plain span may carry a name only with a role
    return f'<span class="{classes}"{role}{named}>{face}</span>'
