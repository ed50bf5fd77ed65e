"""The rule of a game: whether king and ace are adjacent."""

from enum import StrEnum
from types import MappingProxyType


class Rule(StrEnum):
    """Each value is the rule's letter in a game code."""

    EASY = "E"  # king and ace adjacent both ways (the default)
    CLASSIC = "C"  # the run stops at king and at ace


def _adjacency(rule: Rule) -> tuple[bool, ...]:
    """``table[a * 13 + b]`` is whether ranks a and b are adjacent under ``rule``."""
    wraps = rule is Rule.EASY
    return tuple(abs(a - b) == 1 or (wraps and abs(a - b) == 12) for a in range(13) for b in range(13))


RANK_ADJACENT: MappingProxyType[Rule, tuple[bool, ...]] = MappingProxyType({rule: _adjacency(rule) for rule in Rule})
