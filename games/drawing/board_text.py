"""The board in words, in the active language: what a screen reader hears after each action.

The format is the rules' own (docs/rules.md §4, "Screen-reader board description", in each language):
"Tallone: 23 carte; scarto: asso di fiori. Cime: carta coperta, …; fila 2: …; fila 3: …; fila in
basso: 3 di picche, …". Removed cards are left out. A row whose cards are all removed is left out
too: rows empty from the bottom up (a card leaves only after the two that cover it), so an omitted
row is always at the end, and a won game is the first sentence alone.
A face-down card is only ever "face-down card": its identity is never read.
"""

from django.utils.translation import get_language, ngettext, pgettext, pgettext_lazy

import engine
from games.drawing.cards import face_down_name, spoken_name_in

# The rows of the peaks, top to bottom, as engine.ROWS lists them.
ROW_LABELS = (
    pgettext_lazy("board text", "Peaks: %(cards)s"),
    pgettext_lazy("board text", "row 2: %(cards)s"),
    pgettext_lazy("board text", "row 3: %(cards)s"),
    pgettext_lazy("board text", "bottom row: %(cards)s"),
)


def board_text(game: engine.Game) -> str:
    """The stock, the waste and the four rows of the peaks, as one text in the active language."""
    language = get_language()
    piles = ngettext(
        "Stock: %(count)d card; waste: %(waste)s.",
        "Stock: %(count)d cards; waste: %(waste)s.",
        game.stock_count,
    ) % {"count": game.stock_count, "waste": spoken_name_in(game.waste, language)}
    visible = game.visible()
    hidden = face_down_name()
    rows = []
    for label, positions in zip(ROW_LABELS, engine.ROWS, strict=True):
        cards = [
            spoken_name_in(visible[p], language) if p in visible else hidden
            for p in positions
            if not game.is_removed(p)
        ]
        if cards:
            rows.append(label % {"cards": ", ".join(cards)})
    if not rows:
        return piles
    # Translators: what separates two rows of the peaks in the board text ("; " in English).
    between_rows = pgettext("board text", "; ")
    return f"{piles} {between_rows.join(rows)}."
