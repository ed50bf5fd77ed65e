"""Parsing and writing game codes."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


@pytest.mark.parametrize(
    ("typed", "reason", "detail"),
    [
        ("TX", "version", "TX"),
        ("TP3", "version", "TP3"),
        ("TP1-X", "rule", "X"),
        ("TP1-EC", "rule", "EC"),
        ("TP1--", "rule", ""),
        ("TP1-E-SHARE0", "letter", "0"),
        ("TP1-E-SHARE01", "letter", "0"),  # the character is named before the length is counted
        ("TP1-E-ABCDEFGH", "length", "ABCDEFGH"),
        ("TP1-E-ABC-", "format", "TP1-E-ABC-"),
        ("TP2-E-" + "Z" * 48, "range", "Z" * 48),
    ],
)
def test_a_code_being_typed_is_refused_at_its_first_wrong_character(typed: str, reason: str, detail: str) -> None:
    with pytest.raises(InvalidGameCode) as refused:
        GameCode.parse_typed(typed)
    assert (refused.value.reason, refused.value.detail) == (reason, detail)


@given(st.integers(0, 26**7 - 1) | st.integers(0, math.factorial(52) - 1), st.sampled_from(Rule), st.data())
def test_every_beginning_of_a_code_is_accepted_until_it_is_whole(number: int, rule: Rule, data: st.DataObject) -> None:
    code = GameCode(number, rule, shuffle=number >= 26**7)
    text = data.draw(st.sampled_from([str(code), str(code).lower()]))
    for end in range(len(text)):
        assert GameCode.parse_typed(text[:end]) is None
    assert GameCode.parse_typed(text) == GameCode.parse(text) == code


@given(st.text(alphabet="TP12EC-ABZ0 ", max_size=14), st.text(alphabet="TP12EC-ABZ0", max_size=50))
def test_once_refused_a_code_stays_refused_whatever_follows(typed: str, more: str) -> None:
    try:
        GameCode.parse_typed(typed)
    except InvalidGameCode:
        with pytest.raises(InvalidGameCode):
            GameCode.parse_typed(typed + more)
        with pytest.raises(InvalidGameCode):
            GameCode.parse(typed + more)
