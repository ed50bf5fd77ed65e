"""Game codes: ``TP1-<rule>-<7 letters>``, a deal number, or ``TP2-<rule>-<48 letters>``, a whole shuffle;
the letters alone decide the cards."""

import secrets
import string
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import cast

from .deal import SHUFFLES, deal_cards, shuffle_at
from .rules import Rule

VERSION = "TP1"  # the letters are a deal number, which seeds the deal's shuffle
SHUFFLE_VERSION = "TP2"  # the letters are the shuffle's index among all orders of the deck
VERSIONS = (VERSION, SHUFFLE_VERSION)
LETTERS = 7
SHUFFLE_LETTERS = 48  # 26⁴⁸ > 52! > 26⁴⁷
CODE_SPACE = 26**LETTERS  # 8,031,810,176 deals
_LEGACY_RULES = MappingProxyType({"N": Rule.EASY})  # old codes said N ("normal") for today's Easy


class CodeError(StrEnum):
    """What is wrong with a game code."""

    FORMAT = "format"  # not three parts joined by "-"
    VERSION = "version"
    RULE = "rule"
    LENGTH = "length"  # of the deal part
    LETTER = "letter"  # in the deal part
    RANGE = "range"  # a TP2 deal part past the last shuffle


class InvalidGameCode(ValueError):
    """A code that cannot be read: ``reason`` says what is wrong, ``detail`` is the offending part,
    ``str()`` the explanation in English (the web app words its own from reason and detail)."""

    def __init__(self, reason: CodeError, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.detail = detail


def _parse_rule(letter: str) -> Rule:
    if letter in _LEGACY_RULES:
        return _LEGACY_RULES[letter]
    try:
        return Rule(letter)
    except ValueError:
        raise InvalidGameCode(
            CodeError.RULE, f"unknown rule letter {letter!r}: E (Easy) or C (Classic)", letter
        ) from None


def _check_letters(letters: str) -> None:
    """The first character of a deal part that is no letter A–Z is named, whatever the part's length."""
    for char in letters:
        if char not in string.ascii_uppercase:
            raise InvalidGameCode(CodeError.LETTER, f"{char!r} is not a letter A–Z", char)


def _parse_number(letters: str, length: int, bound: int) -> int:
    if len(letters) != length:
        raise InvalidGameCode(
            CodeError.LENGTH, f"the deal part has {length} letters, not {len(letters)}: {letters!r}", letters
        )
    number = 0
    for char in letters:
        number = number * 26 + ord(char) - ord("A")
    if number >= bound:
        raise InvalidGameCode(CodeError.RANGE, f"{letters!r} counts past the deck's last order (52! − 1)", letters)
    return number


@dataclass(frozen=True, slots=True)
class GameCode:
    """A deal and the rule it is played under: a deal number in [0, 26**7), or with ``shuffle`` the index of
    the deck's order among all 52! (docs/game-codes.md)."""

    number: int
    rule: Rule = Rule.EASY
    shuffle: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.number < (SHUFFLES if self.shuffle else CODE_SPACE):
            raise ValueError(f"deal number out of range: {self.number}")

    @classmethod
    def parse(cls, text: str) -> "GameCode":
        return cast(GameCode, cls._read(text, whole=True))  # a whole code is read or refused, never None

    @classmethod
    def parse_typed(cls, text: str) -> "GameCode | None":
        """A code being typed, character by character: the code once it is whole, None while it can still become
        one, or ``InvalidGameCode`` as soon as a character is one that no code has there."""
        return cls._read(text, whole=False)

    @classmethod
    def _read(cls, text: str, *, whole: bool) -> "GameCode | None":
        stripped = text.strip()
        parts = stripped.upper().split("-")
        if len(parts) > 3 or (whole and len(parts) < 3):
            raise InvalidGameCode(
                CodeError.FORMAT,
                f"expected {VERSION}-<rule>-<{LETTERS} letters> or {SHUFFLE_VERSION}-<rule>-<{SHUFFLE_LETTERS}"
                f" letters>, got {stripped!r}",
                stripped,
            )
        version, *rest = parts
        if not rest and any(known.startswith(version) for known in VERSIONS):
            return None
        if version not in VERSIONS:
            raise InvalidGameCode(
                CodeError.VERSION,
                f"unknown version {version!r}: codes start with {VERSION} or {SHUFFLE_VERSION}",
                version,
            )
        if rest == [""]:
            return None
        rule = _parse_rule(rest[0])
        if len(rest) == 1:
            return None
        letters = rest[1]
        _check_letters(letters)
        shuffle = version == SHUFFLE_VERSION
        length, bound = (SHUFFLE_LETTERS, SHUFFLES) if shuffle else (LETTERS, CODE_SPACE)
        if not whole and len(letters) < length:
            return None
        return cls(_parse_number(letters, length, bound), rule, shuffle=shuffle)

    @classmethod
    def random(cls, rule: Rule = Rule.EASY) -> "GameCode":
        return cls(secrets.randbelow(CODE_SPACE), rule)

    @classmethod
    def shuffled(cls, rule: Rule = Rule.EASY) -> "GameCode":
        """A fresh TP2 code drawn over all 52! orders of the deck: unlike a deal number's, its cards face up at the
        start do not name it (docs/game-codes.md)."""
        return cls(secrets.randbelow(SHUFFLES), rule, shuffle=True)

    @property
    def cards(self) -> tuple[int, ...]:
        """The 52 cards in deal order (peaks 0–27, waste, stock from the top)."""
        return shuffle_at(self.number) if self.shuffle else deal_cards(self.number)

    @property
    def letters(self) -> str:
        digits = []
        number = self.number
        for _ in range(SHUFFLE_LETTERS if self.shuffle else LETTERS):
            number, digit = divmod(number, 26)
            digits.append(chr(ord("A") + digit))
        return "".join(reversed(digits))

    def __str__(self) -> str:
        return f"{SHUFFLE_VERSION if self.shuffle else VERSION}-{self.rule.value}-{self.letters}"
