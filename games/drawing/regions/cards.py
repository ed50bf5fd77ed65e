"""Card faces for the board's partials (templates/games/game.html): ``waste_face("TD")`` draws the 10♦ on the waste,
``peak_rows`` the peaks, ``changed_cells`` those of them an answer puts in place of the page's.

Written in Python rather than template nodes (28 cards through the template engine cost a third of a move's
answer, bench/move_parts.py), with Django's escape-by-default tools: every value goes through ``format_html``.
"""

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from engine import COVERERS, ROWS
from games.drawing.board import Cell
from games.drawing.cards import SUIT_SYMBOLS, card_colour, corner_rank, spoken_name_in
from games.drawing.html import joined
from games.drawing.regions.words import LANGUAGES_KEPT, board_words

RANK_ORDER = "A23456789TJQK"
ROW_OF = {position: number for number, row in enumerate(ROWS, start=1) for position in row}  # 1 is the top row
NOTHING = SafeString("")
CELLS_KEPT = 8192  # cells of the peaks as drawn, each a few hundred bytes


def _rank(card: str) -> int:
    """A face-up card's rank as a number, 1 (ace) to 13 (king), whatever the page's language: the page
    shows a legal tap on the waste before the server answers (static/js/queue.js)."""
    return RANK_ORDER.index(card[0]) + 1


@lru_cache(maxsize=52 * LANGUAGES_KEPT)
def _face_up(card: str, language: str | None) -> tuple[str, SafeString, SafeString]:
    """A face-up card's colour, its name and rank as attributes, and its face: they depend on the card and
    the active language alone (``language``, the key), so each is drawn once. Never a face-down card's:
    its HTML is the same whatever it is (tests/web/test_hidden_cards.py)."""
    named = format_html(' aria-label="{}" data-rank="{}"', spoken_name_in(card, language), _rank(card))
    return card_colour(card), named, _face(card)


# The stylesheet draws the corners from these attributes: as text, "A♠ A♠" would be the visible label that the
# name ("ace of spades") fails to contain (WCAG 2.5.3, axe's label-content-name-mismatch).
FACE = (
    '<span class="corner" data-rank="{rank}" data-suit="{suit}" aria-hidden="true"></span>'
    '<span class="pip" aria-hidden="true">{suit}</span>'
    '<span class="corner end" data-rank="{rank}" data-suit="{suit}" aria-hidden="true"></span>'
)


def _face(card: str) -> SafeString:
    """Rank and suit in two corners and a large suit in the middle; the name is the element's label."""
    return format_html(FACE, rank=corner_rank(card), suit=SUIT_SYMBOLS[card[1]])


def waste_face(card: str, extra: str = "", patch: bool = False) -> SafeString:
    """The waste's card, face up (``extra``: its arrival's class; ``patch``: swapped out of band by its id)."""
    colour, named, face = _face_up(card, get_language())
    classes = f"card face {colour} {extra}".strip()
    oob = mark_safe(' hx-swap-oob="true"') if patch else NOTHING
    return format_html('<span id="waste-card" class="{}" role="img"{}{}>{}</span>', classes, named, oob, face)


def peak_rows(context: template.Context, rows: list[list[Cell]]) -> SafeString:
    """The four rows of the peaks, laid on a grid of half-card steps (see static/css/tripeaks.css).

    Reads from the context: ``can_play`` (buttons or plain cards), ``highlight`` (ring the playable
    cards), ``hinted`` (the position "Teach me" suggests) and ``oob`` (an answer to an action:
    cards the action turned face up show it).
    """
    options = tuple(bool(context.get(key)) for key in ("can_play", "highlight", "oob"))
    hinted, language = context.get("hinted"), get_language()
    return joined(
        format_html(
            '<div class="row row-{}">{}</div>',
            number,
            joined(_peak_card(cell, number, language, *options, cell.position == hinted) for cell in row),
        )
        for number, row in enumerate(rows, start=1)
    )


def changed_cells(context: template.Context, cells: list[Cell]) -> SafeString:
    """The cells an answer puts in place of the page's, each swapped out of band by its id."""
    options = tuple(bool(context.get(key)) for key in ("can_play", "highlight", "oob"))
    language = get_language()
    return joined(_peak_card(cell, ROW_OF[cell.position], language, *options, False, True) for cell in cells)


@lru_cache(maxsize=CELLS_KEPT)
def _peak_card(
    cell: Cell,
    row: int,
    language: str | None,
    can_play: bool,
    highlight: bool,
    oob: bool,
    hinted: bool,
    patch: bool = False,
) -> SafeString:
    """A card of the peaks (a button for the owner), face up or down; where it was removed, an empty place. Each has
    the id ``cell-<position>``, by which an answer puts what changed in its place (static/js/board_view.js); a
    face-down card names the cards that cover it, so that the page knows which taps turn it up.

    Drawn once for each cell and the way it is shown (the key): a face-down cell carries no card
    (games/drawing/board.py), so its drawing is the same whatever card lies under it."""
    swapped = mark_safe(' hx-swap-oob="true"') if patch else NOTHING
    if cell.removed:
        return format_html('<span id="cell-{}" class="gone" hidden{}></span>', cell.position, swapped)
    place = f"at-{cell.column} on-{row}"
    if cell.card:
        colour, named, face = _face_up(cell.card, language)
        classes = f"card face {colour} {place}"
        classes += " playable" if highlight and cell.playable else ""
        classes += " hinted" if hinted else ""
        classes += " flipped" if oob and cell.revealed else ""
        focus = SafeString("")
    else:
        # Out of the Tab order: a face-down card can never be played (a click still says why).
        face = format_html('<span class="visually-hidden">{}</span>', board_words(language).face_down)
        covered_by = " ".join(str(position) for position in COVERERS[cell.position])
        classes, focus = f"card back {place}", mark_safe(' tabindex="-1"')
        named = format_html(' data-covered-by="{}"', covered_by) if covered_by else NOTHING
    if can_play:
        return format_html(
            '<button type="submit" id="cell-{position}" name="position" value="{position}" class="{classes}"{named}'
            '{focus} data-position="{position}"{swapped}>{face}</button>',
            position=cell.position,
            classes=classes,
            named=named,
            focus=focus,
            face=face,
            swapped=swapped,
        )
    role = mark_safe(' role="img"') if cell.card else ""  # a plain span may carry a name only with a role
    return format_html(
        '<span id="cell-{}" class="{}"{}{} data-position="{}"{}>{}</span>',
        cell.position,
        classes,
        role,
        named,
        cell.position,
        swapped,
        face,
    )
