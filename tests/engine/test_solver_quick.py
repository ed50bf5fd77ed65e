"""The quick searches in front of the table: random lines and the depth-first search in stages.

They may fail to settle a position, but whatever they say must be true: a line they return wins,
and a verdict they give is the table's.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Rule
from engine.masks import free_cards
from engine.solver import _Deal, _DepthFirst, _random_lines, _WinTable, as_log, winnable_quickly

from .deals import random_games
from .test_solver import positions


@settings(max_examples=60, deadline=None)
@given(positions())
def test_a_random_line_that_is_returned_wins(game: Game) -> None:
    removed, drawn, waste = game.state
    line = _random_lines(_Deal(game.cards, game.rule), removed, drawn, waste % 13, range(40))
    if line is not None:
        assert Game.from_cards(game.deal, game.rule, game.log + as_log(line)).status == "won"


def test_random_lines_win_most_easy_deals_and_a_line_is_the_same_whichever_stage_plays_it() -> None:
    won = 0
    for game in random_games("lines", 40, Rule.EASY):
        removed, drawn, waste = game.state
        deal = _Deal(game.cards, game.rule)
        at_once = _random_lines(deal, removed, drawn, waste % 13, range(60))
        in_stages = _random_lines(deal, removed, drawn, waste % 13, range(20)) or _random_lines(
            deal, removed, drawn, waste % 13, range(20, 60)
        )
        assert in_stages == at_once
        won += _random_lines(deal, removed, drawn, waste % 13, range(20)) is not None
    # Measured: about 90% of Easy deals; a policy that chose badly (or never drew) would fall far short.
    assert won >= 28


@settings(max_examples=40, deadline=None)
@given(positions())
def test_the_quick_verdict_when_there_is_one_is_the_tables(game: Game) -> None:
    removed, drawn, waste = game.state
    quick = winnable_quickly(game.cards, game.rule, removed, drawn, waste % 13)
    if quick is not None:
        assert quick == _WinTable(_Deal(game.cards, game.rule)).winnable(removed, drawn, waste % 13)


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


class CheckingDeal(_Deal):
    """A deal whose dead-end tests first check the counts the search kept against fresh ones."""

    checked = 0
    outnumbered_seen = 0

    def lone_card(self, removed: int, drawn: int, fitting: int) -> bool:
        self.position = (removed, drawn, fitting)  # the search calls this first at every position
        return super().lone_card(removed, drawn, fitting)

    def chain_outnumbered(self, count: list[int], supply: list[int], first: int) -> bool:  # type: ignore[override]
        removed, drawn, fitting = self.position
        assert count == self.rank_counts(removed)
        # The supply is the position's for exactly one waste rank, one whose fitting cards are these.
        wastes = [w for w in range(13) if supply == self.supply(removed, drawn, w)]
        assert len(wastes) == 1
        assert free_cards(removed) & self.fits[wastes[0]] == fitting
        # The one chain checked tells as much as both would (its docstring says why).
        outnumbered = _Deal.chain_outnumbered(count, supply, first)
        assert outnumbered == _Deal.outnumbered(count, supply)
        self.checked += 1
        self.outnumbered_seen += outnumbered
        return outnumbered


def test_the_counts_kept_along_the_search_are_the_positions_own() -> None:
    """``count`` and ``supply`` are kept up to date move by move, not recomputed: a slip there would
    only make the Hall test prune less, which no verdict would show. So check them at every position,
    through a search cut short and taken up again; and that the one chain of the Hall test checked
    there gives the answer both chains would."""
    checked = outnumbered = 0
    for game in random_games("bookkeeping", 12, Rule.CLASSIC):
        removed, drawn, waste = game.state
        deal = CheckingDeal(game.cards, game.rule)
        search = _DepthFirst(deal)
        search.solve(removed, drawn, waste % 13, 50)
        search.solve(removed, drawn, waste % 13, 400)
        checked += deal.checked
        outnumbered += deal.outnumbered_seen
    assert checked > 1000
    assert outnumbered > 20, "the Hall test gave up too few positions here to check the one chain against both"
