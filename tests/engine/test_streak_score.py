"""Streak scoring (docs/rules.md §13): streaks, peaks, stock and time bonuses, multipliers, stars, undo."""

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalMove, Level, Rule, StreakScore, Terms, streak_score
from engine.log import DRAW
from engine.streak import NextStar

from .deals import ALL_TAPS, classic_deal_for_line, deal_for_line, taps
from .test_properties import played

WIN = taps(ALL_TAPS)  # bottom row, row 3, row 2, then the tops 0, 1, 2: the peaks empty on the last three taps


def game_for(level: Level, line: str, played: str | None = None) -> Game:
    """A game at ``level``'s rule on a deal built for ``line``, with ``played`` (by default all of it) played."""
    deal = classic_deal_for_line(line) if level.rule is Rule.CLASSIC else deal_for_line(line)
    return Game.from_cards(deal, level.rule, line if played is None else played)


def score(game: Game, level: Level = Level.EASY, seconds: float = 10_000) -> StreakScore:
    return streak_score(game, level, seconds)


@pytest.mark.parametrize(("cards", "points"), [(1, 10), (3, 60), (5, 150), (10, 550)])
def test_a_streak_of_n_cards_scores_the_documents_table(cards: int, points: int) -> None:
    game = game_for(Level.EASY, taps(ALL_TAPS[:cards]))
    result = score(game)
    assert (result.streak_points, result.streak, result.best_streak) == (points, cards, cards)
    assert result.total == points  # no peak emptied, not won: no bonus; Easy multiplies by 1


def test_a_draw_starts_a_new_streak() -> None:
    line = taps(ALL_TAPS[:3]) + "+" + taps(ALL_TAPS[3:5])
    game = game_for(Level.EASY, line, line[:4])
    assert (score(game).streak, score(game).best_streak, score(game).streak_points) == (0, 3, 60)
    game.play_log(line[4:])
    assert (score(game).streak, score(game).best_streak, score(game).streak_points) == (2, 3, 60 + 10 + 20)


def test_each_emptied_peak_scores_150_and_the_last_one_500() -> None:
    game = game_for(Level.EASY, WIN, WIN[:-3])
    assert score(game).peak_points == 0
    for symbol, points in zip(WIN[-3:], (150, 300, 150 + 150 + 500), strict=True):
        game.apply(symbol)
        assert score(game).peak_points == points
    assert game.status == "won"


def test_a_win_adds_25_per_card_left_in_the_stock() -> None:
    for draws in (0, 5, 23):
        game = game_for(Level.EASY, "+" * draws + WIN)
        assert score(game).stock_bonus == 25 * (23 - draws)
    unfinished = game_for(Level.EASY, "+" * 5 + WIN, "+" * 5 + WIN[:-1])
    assert score(unfinished).stock_bonus == 0


@pytest.mark.parametrize(
    ("level", "limit"), [(Level.EASY, 240), (Level.MEDIUM, 360), (Level.DAILY, 360), (Level.HARD, 480)]
)
def test_the_time_bonus_is_5_per_whole_second_left_under_the_levels_limit(level: Level, limit: int) -> None:
    assert level.time_limit == limit
    won = game_for(level, WIN)
    for seconds, bonus in [(0, 5 * limit), (60, 5 * (limit - 60)), (limit - 0.5, 0), (limit - 1.5, 5)]:
        assert score(won, level, seconds).time_bonus == bonus
    for seconds in (limit, limit + 0.1, 3600, math.inf):
        assert score(won, level, seconds).time_bonus == 0
    unfinished = game_for(level, WIN, WIN[:-1])
    assert score(unfinished, level, 0).time_bonus == 0


@pytest.mark.parametrize(
    ("level", "multiplier"), [(Level.EASY, 1), (Level.MEDIUM, 2), (Level.DAILY, 2), (Level.HARD, 3)]
)
def test_the_total_is_every_part_times_the_levels_multiplier(level: Level, multiplier: int) -> None:
    line = "+" * 4 + WIN
    result = score(game_for(level, line), level, 100)
    assert result.multiplier == level.multiplier == multiplier
    parts = (result.streak_points, result.peak_points, result.stock_bonus, result.time_bonus)
    assert parts == (5 * 28 * 29, 800, 25 * 19, 5 * (level.time_limit - 100))
    assert result.total == sum(parts) * multiplier


@pytest.mark.parametrize(
    ("left", "stars", "next_star"),
    [
        (0, 1, NextStar(2, 3)),
        (2, 1, NextStar(2, 1)),
        (3, 2, NextStar(3, 5)),
        (7, 2, NextStar(3, 1)),
        (8, 3, None),
        (23, 3, None),
    ],
)
def test_stars_count_the_cards_left_in_the_stock_on_a_win(left: int, stars: int, next_star: NextStar | None) -> None:
    result = score(game_for(Level.EASY, "+" * (23 - left) + WIN))
    assert (result.stars, result.stock_left, result.next_star) == (stars, left, next_star)


def test_no_star_and_no_win_bonus_unless_the_game_is_won(blocked_deal: list[str]) -> None:
    assert score(game_for(Level.EASY, WIN, WIN[:-1]), seconds=0).stars == 0
    blocked = Game.from_cards(blocked_deal, Rule.EASY, "+" * 23)
    assert blocked.status == "blocked"
    result = score(blocked, seconds=0)
    assert (result.stars, result.stock_bonus, result.time_bonus, result.total) == (0, 0, 0, 0)


def test_a_fresh_game_scores_nothing() -> None:
    result = score(game_for(Level.MEDIUM, WIN, ""), Level.MEDIUM, 0)
    assert result == StreakScore(0, 0, 0, 0, 0, 0, 0, 0, 2, 23)
    assert result.next_star is None


def test_the_game_must_be_played_under_the_levels_rule_and_the_time_be_a_duration() -> None:
    easy_game = game_for(Level.EASY, WIN)
    with pytest.raises(ValueError, match="rule"):
        streak_score(easy_game, Level.HARD, 10)
    for seconds in (-1, math.nan):
        with pytest.raises(ValueError, match="seconds"):
            streak_score(easy_game, Level.EASY, seconds)


def test_undo_takes_back_the_points_and_the_streak() -> None:
    line = taps(ALL_TAPS[:4]) + "+" + taps(ALL_TAPS[4:6])
    game = game_for(Level.EASY, line)
    assert (score(game).streak, score(game).best_streak) == (2, 4)
    game.play_log("---")  # the two taps and the draw: the first streak of 4 stands again
    assert (score(game).streak, score(game).best_streak, score(game).streak_points) == (4, 4, 100)
    game.play_log("--")
    assert (score(game).streak, score(game).best_streak, score(game).streak_points) == (2, 2, 30)


# -- properties -------------------------------------------------------------------------------


def level_for(rule: Rule) -> st.SearchStrategy[Level]:
    return st.sampled_from([level for level in Level if level.rule is rule])


def reference(game: Game, level: Level, seconds: float) -> tuple[int, int, int, int]:
    """(streak points, current streak, best streak, total) computed the long way: undo by replaying."""
    standing: list[str] = []
    for symbol in game.log:
        if symbol == "-":
            standing.pop()
        else:
            standing.append(symbol)
    runs = "".join(standing).split(DRAW)
    points = sum(5 * len(run) * (len(run) + 1) for run in runs)
    won = game.status == "won"
    peaks = sum(game.peaks_cleared())
    bonus = (150 * (peaks - 1) + 500 + 25 * game.stock_count) if won else 150 * peaks
    if won and seconds < level.time_limit:
        bonus += 5 * int(level.time_limit - seconds)
    return points, len(runs[-1]), max(len(run) for run in runs), (points + bonus) * level.multiplier


@settings(max_examples=300, deadline=None)
@given(played(), st.data(), st.floats(0, 600))
def test_the_score_is_the_reference_computed_from_the_standing_actions(
    played_game: tuple[Game, list[Game]], data: st.DataObject, seconds: float
) -> None:
    game, steps = played_game
    level = data.draw(level_for(game.rule))
    for step in steps:
        result = streak_score(step, level, seconds)
        expected = reference(step, level, seconds)
        assert (result.streak_points, result.streak, result.best_streak, result.total) == expected


@settings(max_examples=300, deadline=None)
@given(played(), st.data(), st.floats(0, 600))
def test_an_action_and_its_undo_leave_score_streak_and_best_streak_as_they_were(
    played_game: tuple[Game, list[Game]], data: st.DataObject, seconds: float
) -> None:
    game, _ = played_game
    level = data.draw(level_for(game.rule))
    if game.status == "won":
        return
    before = streak_score(game, level, seconds)
    options = [*game.playable(), None] if game.stock_count else game.playable()
    for choice in options:
        with contextlib.suppress(IllegalMove):  # the log may be full
            game.draw() if choice is None else game.tap(choice)
            if game.status == "won":
                return
            game.undo()
        assert streak_score(game, level, seconds) == before


@settings(max_examples=200, deadline=None)
@given(played(), st.data(), st.floats(0, 600))
def test_the_score_depends_only_on_the_log_and_the_time_and_changes_nothing(
    played_game: tuple[Game, list[Game]], data: st.DataObject, seconds: float
) -> None:
    game, _ = played_game
    level = data.draw(level_for(game.rule))
    seen = (game.log, game.state, game.moves, game.undoable, game.status)
    played_score = streak_score(game, level, seconds)
    assert (game.log, game.state, game.moves, game.undoable, game.status) == seen
    replayed = Game.from_cards(game.deal, game.rule, game.log)
    assert streak_score(replayed, level, seconds) == played_score
    assert streak_score(game, level, seconds) == played_score  # asked again: the same


def test_the_worked_example_of_the_rules() -> None:
    """docs/rules.md, section 13: 28 cards in one streak, no draw, won in 60 seconds."""
    easy = score(game_for(Level.EASY, WIN), Level.EASY, 60)
    assert (easy.total, easy.stars, easy.best_streak) == (6_335, 3, 28)
    assert score(game_for(Level.HARD, WIN), Level.HARD, 60).total == 22_605


def test_a_challenges_terms_set_the_time_bonus_limit_and_the_multiplier() -> None:
    won = game_for(Level.EASY, WIN)
    terms = Terms(Rule.EASY, time_limit=600, multiplier=1)
    result = streak_score(won, terms, 100)
    assert result.time_bonus == 5 * 500 and result.multiplier == 1
    assert result.total == streak_score(won, Level.EASY, 100).total + 5 * (600 - 240)
    with pytest.raises(ValueError, match="rule EASY"):
        streak_score(game_for(Level.HARD, WIN), terms, 0)
