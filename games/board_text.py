"""The board in words, in the active language: what a screen reader hears after each action.

The format is the seeds' own (000/001/002 give the Italian, Spanish and Bulgarian lines exactly):
"Tallone: 23 carte; scarto: asso di fiori. Cime: carta coperta, …; fila 2: …; fila 3: …; fila in
basso: 3 di picche, …". Removed cards are left out. A row whose cards are all removed is left out
too: rows empty from the bottom up (a card leaves only after the two that cover it), so an omitted
row is always at the end, and a won game is the first sentence alone.
A face-down card is only ever "face-down card": its identity is never read.
"""

from functools import cache

from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy

import engine
from engine.layout import ROWS

# Digits stay digits ("3 di picche"); the ace and the court cards have names.
RANK_WORDS = {
    "A": pgettext_lazy("card rank", "ace"),
    "J": pgettext_lazy("card rank", "jack"),
    "Q": pgettext_lazy("card rank", "queen"),
    "K": pgettext_lazy("card rank", "king"),
    "T": "10",
}
SUIT_WORDS = {
    "C": pgettext_lazy("card suit", "clubs"),
    "D": pgettext_lazy("card suit", "diamonds"),
    "H": pgettext_lazy("card suit", "hearts"),
    "S": pgettext_lazy("card suit", "spades"),
}
# The rows of the peaks, top to bottom, as engine.layout.ROWS lists them.
ROW_LABELS = (
    pgettext_lazy("board text", "Peaks: %(cards)s"),
    pgettext_lazy("board text", "row 2: %(cards)s"),
    pgettext_lazy("board text", "row 3: %(cards)s"),
    pgettext_lazy("board text", "bottom row: %(cards)s"),
)


def card_name(card: str) -> str:
    """A face-up card ("QH") in words: "queen of hearts", "regina di cuori", "дама купа"."""
    return _card_name(card, get_language())


@cache  # 52 cards per language; three catalogue look-ups each, for some 40 names in every answer to a move
def _card_name(card: str, language: str | None) -> str:
    rank = RANK_WORDS.get(card[0], card[0])
    return pgettext("card name", "%(rank)s of %(suit)s") % {"rank": rank, "suit": SUIT_WORDS[card[1]]}


def face_down_name() -> str:
    return gettext("face-down card")


def board_text(game: engine.Game) -> str:
    """The stock, the waste and the four rows of the peaks, as one text in the active language."""
    piles = ngettext(
        "Stock: %(count)d card; waste: %(waste)s.",
        "Stock: %(count)d cards; waste: %(waste)s.",
        game.stock_count,
    ) % {"count": game.stock_count, "waste": card_name(game.waste)}
    visible = game.visible()
    hidden = face_down_name()
    rows = []
    for label, positions in zip(ROW_LABELS, ROWS, strict=True):
        cards = [card_name(visible[p]) if p in visible else hidden for p in positions if not game.is_removed(p)]
        if cards:
            rows.append(label % {"cards": ", ".join(cards)})
    if not rows:
        return piles
    # Translators: what separates two rows of the peaks in the board text ("; " in English).
    between_rows = pgettext("board text", "; ")
    return f"{piles} {between_rows.join(rows)}."
