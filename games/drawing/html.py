"""Safe HTML put together: what the board's regions and History's charts share."""

import operator
from collections.abc import Iterable
from functools import reduce

from django.utils.safestring import SafeString


def joined(parts: Iterable[SafeString]) -> SafeString:
    """Safe HTML one after the other: adding safe strings keeps them safe, without escaping each again (a
    move's board joins 28 cards)."""
    return reduce(operator.add, parts, SafeString(""))
