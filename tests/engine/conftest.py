import pytest

from engine.cards import CARD_NAMES


@pytest.fixture
def blocked_deal() -> list[str]:
    """A deal that is blocked once the stock is drawn: the last stock card is a king
    and the bottom row holds only 4s, 5s and 6s, which fit neither a king nor an ace."""
    bottom = [card for card in CARD_NAMES if card[0] in "456"][:10]
    rest = [card for card in CARD_NAMES if card not in bottom and card != "KS"]
    return rest[:18] + bottom + rest[18:] + ["KS"]
