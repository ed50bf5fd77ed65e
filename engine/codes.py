"""Game codes: ``TP1-<rule>-<7 letters>``; the letters alone decide the cards."""

import secrets
import string
from dataclasses import dataclass
from enum import StrEnum

from .rules import Rule

VERSION = "TP1"
LETTERS = 7
CODE_SPACE = 26**LETTERS  # 8,031,810,176 deals
_LEGACY_RULES = {"N": Rule.EASY}  # old codes said N ("normal") for today's Easy


class CodeError(StrEnum):
    """What is wrong with a game code."""

    FORMAT = "format"  # not three parts joined by "-"
    VERSION = "version"
    RULE = "rule"
    LENGTH = "length"  # of the deal part
    LETTER = "letter"  # in the deal part


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


def _parse_number(letters: str) -> int:
    if len(letters) != LETTERS:
        raise InvalidGameCode(
            CodeError.LENGTH, f"the deal part has {LETTERS} letters, not {len(letters)}: {letters!r}", letters
        )
    number = 0
    for char in letters:
        if char not in string.ascii_uppercase:
            raise InvalidGameCode(CodeError.LETTER, f"{char!r} is not a letter A–Z", char)
        number = number * 26 + ord(char) - ord("A")
    return number


@dataclass(frozen=True, slots=True)
class GameCode:
    """A deal number in [0, 26**7) and the rule it is played under."""

    number: int
    rule: Rule = Rule.EASY

    def __post_init__(self) -> None:
        if not 0 <= self.number < CODE_SPACE:
            raise ValueError(f"deal number out of range: {self.number}")

    @classmethod
    def parse(cls, text: str) -> "GameCode":
        parts = text.strip().upper().split("-")
        if len(parts) != 3:
            raise InvalidGameCode(
                CodeError.FORMAT, f"expected {VERSION}-<rule>-<{LETTERS} letters>, got {text.strip()!r}", text.strip()
            )
        version, rule_letter, letters = parts
        if version != VERSION:
            raise InvalidGameCode(
                CodeError.VERSION, f"unknown version {version!r}: codes start with {VERSION}", version
            )
        return cls(_parse_number(letters), _parse_rule(rule_letter))

    @classmethod
    def random(cls, rule: Rule = Rule.EASY) -> "GameCode":
        return cls(secrets.randbelow(CODE_SPACE), rule)

    @property
    def letters(self) -> str:
        digits = []
        number = self.number
        for _ in range(LETTERS):
            number, digit = divmod(number, 26)
            digits.append(chr(ord("A") + digit))
        return "".join(reversed(digits))

    def __str__(self) -> str:
        return f"{VERSION}-{self.rule.value}-{self.letters}"
