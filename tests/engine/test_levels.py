"""Levels: their rules, limits and multipliers, their bands of difficulty, and the deals they deal."""

import datetime
import hashlib
import hmac
import math
import random

import pytest

from engine import Game, GameCode, Level, Rule, casual_share, daily_code, deal_level, shuffled_level_code, solve
from engine.levels import EASY_MIN_SHARE, HARD_MAX_SHARE, MEDIUM_MAX_SHARE, MEDIUM_MIN_SHARE

DAY = datetime.date(2025, 3, 14)


def test_each_level_has_its_rule_time_limit_and_multiplier() -> None:
    table = {level.value: (level.rule, level.time_limit, level.multiplier) for level in Level}
    assert table == {
        "easy": (Rule.EASY, 240, 1),
        "medium": (Rule.EASY, 360, 2),
        "hard": (Rule.CLASSIC, 480, 3),
        "daily": (Rule.EASY, 360, 2),
    }
    assert Level("hard") is Level.HARD


def test_the_bands_are_apart_and_daily_is_medium_or_harder() -> None:
    assert MEDIUM_MAX_SHARE < EASY_MIN_SHARE  # no Easy-rule deal is both Easy and Medium
    assert HARD_MAX_SHARE <= MEDIUM_MIN_SHARE
    for wins in range(51):
        share = wins / 50
        assert not (Level.EASY.accepts(share) and Level.MEDIUM.accepts(share))
        if Level.MEDIUM.accepts(share) or share < MEDIUM_MIN_SHARE:
            assert Level.DAILY.accepts(share)
        assert Level.DAILY.accepts(share) == (share <= Level.MEDIUM.band[1])
    assert Level.EASY.accepts(1.0) and Level.EASY.accepts(0.7) and not Level.EASY.accepts(0.68)
    assert Level.MEDIUM.accepts(0.1) and Level.MEDIUM.accepts(0.4) and not Level.MEDIUM.accepts(0.08)
    assert Level.HARD.accepts(0.0) and Level.HARD.accepts(0.1) and not Level.HARD.accepts(0.12)


@pytest.mark.parametrize("level", list(Level))
def test_dealt_games_are_winnable_under_the_levels_rule_and_in_its_band(level: Level) -> None:
    rng = random.Random(f"deal-{level.value}")
    for _ in range(3):
        code = deal_level(level, rng)
        assert code.rule is level.rule
        assert level.accepts(casual_share(code))
        assert solve(Game.new(code)).winnable


def test_dealing_is_the_same_for_the_same_generator_and_random_without_one() -> None:
    assert deal_level(Level.MEDIUM, random.Random(1)) == deal_level(Level.MEDIUM, random.Random(1))
    assert len({deal_level(Level.EASY) for _ in range(5)}) > 1


def test_an_exact_hard_deal_is_winnable_and_in_the_band() -> None:
    code = deal_level(Level.HARD, random.Random("exact"), exact=True)
    assert Level.HARD.accepts(casual_share(code)) and solve(Game.new(code)).winnable


def test_the_daily_deal_is_fixed_by_the_day_and_the_secret() -> None:
    code = daily_code(DAY, "secret")
    assert daily_code(DAY, "secret") == code
    assert daily_code(DAY, "another secret") != code
    week = {daily_code(DAY + datetime.timedelta(days=n), "secret") for n in range(7)}
    assert len(week) == 7


def test_the_daily_deal_is_winnable_under_easy_and_medium_or_harder() -> None:
    for n in range(5):
        code = daily_code(DAY + datetime.timedelta(days=n), "secret")
        assert code.rule is Rule.EASY
        assert Level.DAILY.accepts(casual_share(code))
        assert casual_share(code) <= MEDIUM_MAX_SHARE
        assert solve(Game.new(code)).winnable


def test_the_daily_deal_of_a_known_day_stays_the_same() -> None:
    """The derivation (docs/levels.md) is part of the contract: changing the casual player, the bands
    or the candidates changes every past and future daily deal, and this value with them."""
    assert daily_code(datetime.date(2025, 1, 1), "tripeaks") == GameCode.parse(
        "TP2-E-KUZBRGMKOPYZEEZFCTKWLVCPAPDAQVFGVXPIMBJOWJACMAGX"
    )


def test_the_daily_deal_is_the_first_documented_candidate_over_all_shuffles_that_qualifies() -> None:
    """docs/levels.md: candidate n is HMAC-SHA256(secret, "<date>/<n>") modulo 52!, drawn over every order of
    the deck (a TP2 code), not over the 26⁷ deal numbers whose opening cards would name them."""
    for n in range(4):
        day = DAY + datetime.timedelta(days=n)
        digests = [hmac.new(b"secret", f"{day}/{i}".encode(), hashlib.sha256).digest() for i in range(40)]
        candidates = [GameCode(int.from_bytes(d) % math.factorial(52), Rule.EASY, shuffle=True) for d in digests]
        chosen = candidates.index(daily_code(day, "secret"))
        assert all(not qualifies(code) for code in candidates[:chosen]) and qualifies(candidates[chosen])


def qualifies(code: GameCode) -> bool:
    return Level.DAILY.accepts(casual_share(code)) and solve(Game.new(code)).winnable


def test_the_daily_deal_needs_a_secret() -> None:
    with pytest.raises(ValueError, match="secret"):
        daily_code(DAY, "")


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
def test_a_challenges_deal_is_a_fresh_shuffle_in_the_levels_band_and_winnable(level: Level) -> None:
    codes = {shuffled_level_code(level) for _ in range(2)}
    assert len(codes) == 2
    for code in codes:
        assert code.shuffle and code.rule is level.rule
        assert level.accepts(casual_share(code)) and solve(Game.new(code)).winnable
