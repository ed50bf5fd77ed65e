"""The quick searches in front of the sweep: random lines and the depth-first search in stages.

They may fail to settle a position, but whatever they say must be true: a line they return wins,
and a verdict they give is the sweep's.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import Game, Rule
from engine.cards import CARD_NAMES
from engine.solver import _Deal, _DepthFirst, _random_lines, _Sweep, winnable_quickly

from .test_solver import positions


def as_log(line: list[int]) -> str:
    return "".join(engine.log.DRAW if action < 0 else engine.log.tap_symbol(action) for action in line)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_a_random_line_that_is_returned_wins(game: Game) -> None:
    removed, drawn, waste = game.state
    line = _random_lines(_Deal(game.cards, game.rule), removed, drawn, waste % 13, range(40))
    if line is not None:
        assert Game.from_cards(game.deal, game.rule, game.log + as_log(line)).status == "won"


def test_random_lines_win_most_easy_deals_and_are_the_same_each_time() -> None:
    rng = random.Random("lines")
    won = 0
    for _ in range(40):
        game = Game.from_cards(rng.sample(CARD_NAMES, len(CARD_NAMES)), Rule.EASY)
        removed, drawn, waste = game.state
        deal = _Deal(game.cards, game.rule)
        line = _random_lines(deal, removed, drawn, waste % 13, range(20))
        assert line == _random_lines(deal, removed, drawn, waste % 13, range(20))
        won += line is not None
    # Measured: about 90% of Easy deals; a policy that chose badly (or never drew) would fall far short.
    assert won >= 28


@settings(max_examples=40, deadline=None)
@given(positions())
def test_the_quick_verdict_when_there_is_one_is_the_sweeps(game: Game) -> None:
    removed, drawn, waste = game.state
    quick = winnable_quickly(game.cards, game.rule, removed, drawn, waste % 13)
    if quick is not None:
        assert quick == (_Sweep(_Deal(game.cards, game.rule)).solve(removed, drawn, waste % 13) is not None)


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(1, 200))
def test_a_search_in_stages_ends_as_one_search_does(game: Game, first_budget: int) -> None:
    """The second stage goes on with what the first proved lost: the verdict may not change."""
    removed, drawn, waste = game.state
    deal = _Deal(game.cards, game.rule)
    staged = _DepthFirst(deal)
    staged.solve(removed, drawn, waste % 13, first_budget)
    in_stages = staged.solve(removed, drawn, waste % 13, 10**9)
    at_once = _DepthFirst(deal).solve(removed, drawn, waste % 13, 10**9)
    assert (in_stages is None) == (at_once is None)
    if in_stages is not None:
        assert Game.from_cards(game.deal, game.rule, game.log + as_log(in_stages)).status == "won"
