"""Parsing and writing game codes."""

import math

import pytest

from engine import GameCode, InvalidGameCode, Rule


@pytest.mark.parametrize(
    ("text", "number", "rule", "canonical"),
    [
        ("TP1-E-AAAAAAA", 0, Rule.EASY, "TP1-E-AAAAAAA"),
        ("TP1-E-AAAAAAB", 1, Rule.EASY, "TP1-E-AAAAAAB"),
        ("TP1-C-AAAAABA", 26, Rule.CLASSIC, "TP1-C-AAAAABA"),
        ("  tp1-c-zzzzzzz \n", 26**7 - 1, Rule.CLASSIC, "TP1-C-ZZZZZZZ"),
        ("TP1-N-AAAAAAD", 3, Rule.EASY, "TP1-E-AAAAAAD"),  # legacy N is Easy, written back as E
        ("Tp1-n-tripeak", 6075305298, Rule.EASY, "TP1-E-TRIPEAK"),
        ("tp2-c-" + "a" * 47 + "b", 1, Rule.CLASSIC, "TP2-C-" + "A" * 47 + "B"),
    ],
)
def test_parse_and_canonical_form(text: str, number: int, rule: Rule, canonical: str) -> None:
    code = GameCode.parse(text)
    assert (code.number, code.rule, str(code)) == (number, rule, canonical)
    assert GameCode.parse(str(code)) == code


@pytest.mark.parametrize(
    ("text", "reason", "says"),
    [
        ("", "format", "expected TP1"),
        ("TP1-E", "format", "expected TP1"),
        ("TP1-E-AAAA-AAA", "format", "expected TP1"),
        ("TP3-E-AAAAAAB", "version", "unknown version 'TP3': codes start with TP1 or TP2"),
        ("TP2-E-AAAAAAB", "length", "48 letters, not 7"),
        ("TP2-E-" + "Z" * 48, "range", "past the deck's last order"),
        ("TP2-E-ZHMEDIRAFWRLDAFOVSIGBJJLWCJVLOUXWNPDRDURZIQIAAAA", "range", "past the deck's last order"),
        ("XX-E-AAAAAAB", "version", "unknown version"),
        ("TP1-X-AAAAAAB", "rule", "unknown rule letter 'X'"),
        ("TP1--AAAAAAB", "rule", "unknown rule letter ''"),
        ("TP1-E-AAAAAB", "length", "7 letters, not 6"),
        ("TP1-E-AAAAAAAB", "length", "7 letters, not 8"),
        ("TP1-E-AAA1AAB", "letter", "'1' is not a letter"),
        ("TP1-E-AAA AAB", "letter", "' ' is not a letter"),
        ("TP1-E-AAAÉAAB", "letter", "'É' is not a letter"),
    ],
)
def test_bad_codes_are_refused_with_what_is_wrong(text: str, reason: str, says: str) -> None:
    with pytest.raises(InvalidGameCode) as refused:
        GameCode.parse(text)
    assert refused.value.reason == reason
    assert says in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_random_codes_cover_the_space_and_keep_the_rule() -> None:
    codes = {GameCode.random(Rule.CLASSIC) for _ in range(50)}
    assert len(codes) == 50
    assert {code.rule for code in codes} == {Rule.CLASSIC}
    assert GameCode.random().rule is Rule.EASY


def test_a_number_outside_the_code_space_is_refused() -> None:
    with pytest.raises(ValueError, match="deal number out of range"):
        GameCode(26**7)
    with pytest.raises(ValueError, match="deal number out of range"):
        GameCode(-1)
    with pytest.raises(ValueError, match="deal number out of range"):
        GameCode(math.factorial(52), shuffle=True)
