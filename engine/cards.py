"""Cards as small integers: ``suit * 13 + rank``, rank 0 = ace … 12 = king.

The public API speaks two-character strings (``"TD"`` is the ten of diamonds);
inside the engine a card is an ``int`` so that states stay small and fast.
"""

from types import MappingProxyType

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK_SIZE = 52

CARD_NAMES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
_CARD_BY_NAME = MappingProxyType({name: card for card, name in enumerate(CARD_NAMES)})


def rank(card: int) -> int:
    return card % 13


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def parse_card(name: str) -> int:
    """The card for ``"TD"`` and the like; ``ValueError`` for anything else."""
    try:
        return _CARD_BY_NAME[name.upper()]
    except (KeyError, AttributeError):
        raise ValueError(f"not a card: {name!r} (rank of {RANKS}, suit of {SUITS})") from None


def parse_deck(names: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """A full deck in deal order; ``ValueError`` unless it is a permutation of the 52 cards."""
    if len(names) != DECK_SIZE:
        raise ValueError(f"a deal has {DECK_SIZE} cards, not {len(names)}")
    cards = tuple(parse_card(name) for name in names)
    if len(set(cards)) != DECK_SIZE:
        duplicates = sorted({CARD_NAMES[c] for c in cards if cards.count(c) > 1})
        raise ValueError(f"cards appear twice: {', '.join(duplicates)}")
    return cards
