"""Par (engine/par.py, docs/solver.md "Par"): the best final score any line can reach, checked against every line
played out by the engine's own game and scorers on positions small enough to enumerate, under both scorings."""

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engine
from engine import Game, GameCode, Rule, Scoring, Status, losses, par, reachable
from engine.cards import CARD_NAMES
from engine.log import DRAW, tap_symbol

LINES_AT_MOST = 20_000  # positions an enumeration may visit: late positions stay well below
CASUAL_DEAL = GameCode.parse("TP1-C-PARLINE")


def final_score(game: Game, scoring: Scoring) -> int:
    """The engine's own score of a game at its end, streak scoring without time bonus or multiplier."""
    if scoring is Scoring.POINTS:
        return game.score
    return engine.streak_score(game, engine.Terms(game.rule, time_limit=0, multiplier=1), 0).total


def legal_actions(game: Game) -> list[str]:
    return [tap_symbol(p) for p in game.playable()] + ([DRAW] if game.stock_count else [])


class TooMany(Exception):
    pass


def every_line_best(game: Game, scoring: Scoring, budget: list[int]) -> int:
    """The best final score over every line from ``game`` to its end, each action played by the engine."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooMany
    if game.status is not Status.PLAYING:
        return final_score(game, scoring)
    best = -1
    for symbol in legal_actions(game):
        after = game.copy()
        after.apply(symbol)
        best = max(best, every_line_best(after, scoring, budget))
    return best


@st.composite
def late_positions(draw: st.DrawFn) -> Game:
    """A random deal played at random until at least ``drawn`` cards are drawn (17 to 23: a short stock left),
    then a few actions more, perhaps none."""
    game = Game.from_cards(draw(st.permutations(CARD_NAMES)), draw(st.sampled_from(list(Rule))))
    drawn = draw(st.integers(17, 23))
    while game.status is Status.PLAYING and engine.layout.STOCK_SIZE - game.stock_count < drawn:
        playable, tap = game.playable(), draw(st.booleans())
        if playable and tap:
            game.tap(draw(st.sampled_from(playable)))
        else:
            game.draw()
    for _ in range(draw(st.integers(0, 6))):
        options = legal_actions(game)
        if not options:
            break
        game.apply(draw(st.sampled_from(options)))
    return game


@settings(max_examples=150, deadline=None)
@given(late_positions(), st.sampled_from(list(Scoring)))
def test_par_is_the_best_of_every_line_and_its_line_scores_it(game: Game, scoring: Scoring) -> None:
    try:
        best = every_line_best(game, scoring, [LINES_AT_MOST])
    except TooMany:
        assume(False)
        return
    before = (game.state, game.log)
    found = par(game, scoring)
    assert (game.state, game.log) == before  # the game itself is not played
    assert found.score == best
    ended = game.copy()
    ended.play_log(found.line)
    assert ended.status is not Status.PLAYING and final_score(ended, scoring) == best


@pytest.fixture(scope="module")
def casual_game() -> Game:
    """A casual player's game of a Classic deal, to its end."""
    game = Game.new(CASUAL_DEAL)
    for symbol in engine.casual_line(game, 7):
        game.apply(symbol)
    return game


@pytest.mark.parametrize("scoring", list(Scoring))
def test_the_best_score_reachable_starts_at_par_never_rises_and_ends_at_the_score(
    casual_game: Game, scoring: Scoring
) -> None:
    figures = reachable(casual_game, scoring)
    assert len(figures) == len(casual_game.standing) + 1
    assert figures[0] == par(Game.new(CASUAL_DEAL), scoring).score
    assert all(later <= earlier for earlier, later in itertools.pairwise(figures))
    assert figures[-1] == final_score(casual_game, scoring) < figures[0]  # a casual line falls short of par


@pytest.mark.parametrize("scoring", list(Scoring))
def test_where_the_points_went_names_the_costliest_actions_and_what_kept_the_points(
    casual_game: Game, scoring: Scoring
) -> None:
    figures = reachable(casual_game, scoring)
    found = losses(casual_game, scoring)
    assert found and len(found) <= 3
    assert [loss.points for loss in found] == sorted((loss.points for loss in found), reverse=True)
    drops = sorted((earlier - later for earlier, later in itertools.pairwise(figures)), reverse=True)
    assert [loss.points for loss in found] == drops[: len(found)]  # no costlier action left out
    for loss in found:
        assert loss.points == figures[loss.index] - figures[loss.index + 1]
        assert loss.played == casual_game.standing[loss.index] != loss.instead
        assert loss.run >= 1 or loss.instead == DRAW  # a tap instead begins a run; a draw may be followed by another
        before = Game.replay(CASUAL_DEAL, casual_game.standing[: loss.index])
        before.apply(loss.instead)
        assert par(before, scoring).score == figures[loss.index]  # the other action keeps what was reachable
