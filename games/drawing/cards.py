"""Cards as a page shows and speaks them, in the active language: "10♦" in a corner, "queen of hearts"
as a button's name. The engine names a card by two characters, rank then suit: "TD", "QH"."""

from functools import cache

from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_LABELS = {"T": "10"}
# The letters in a card's corner, and in a text that names a card as its corner shows it ("7♣ onto 8♦"), follow
# the page's language, one alphabet to a language: the king is R in the rules documents of Italian, Spanish and
# Bulgarian ("R♣", docs/rules.md §4), so the Italian court cards are F, D, R (fante, donna, re), the Spanish
# J, D, R (jota, dama, rey) and the French V, D, R (valet, dame, roi), where English has J, Q, K.
CORNER_RANKS = {
    **RANK_LABELS,
    "J": pgettext_lazy("card corner (jack)", "J"),
    "Q": pgettext_lazy("card corner (queen)", "Q"),
    "K": pgettext_lazy("card corner (king)", "K"),
}
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


def corner_rank(card: str) -> str:
    """The rank as the card's corner shows it in the active language: "10", "Q" ("D" in Italian)."""
    return str(CORNER_RANKS.get(card[0], card[0]))


def card_label(card: str) -> str:
    """The card as its corner shows it, with the suit's symbol: "10♦", "R♣" in Italian."""
    return corner_rank(card) + SUIT_SYMBOLS[card[1]]


def card_colour(card: str) -> str:
    return "red" if card[1] in "DH" else "black"


def spoken_name(card: str) -> str:
    """A face-up card in words: "queen of hearts", "regina di cuori", "дама купа"."""
    return spoken_name_in(card, get_language())


@cache  # 52 cards per language; three catalogue look-ups each, for some 40 names in every answer to a move
def spoken_name_in(card: str, language: str | None) -> str:
    """``spoken_name`` where ``language`` is the active language (callers naming many cards look it up once)."""
    rank = RANK_WORDS.get(card[0], card[0])
    return pgettext("card name", "%(rank)s of %(suit)s") % {"rank": rank, "suit": SUIT_WORDS[card[1]]}


def face_down_name() -> str:
    return gettext("face-down card")
