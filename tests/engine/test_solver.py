"""The solver: exact verdicts, lines that win, agreement with published counts, hints, analysis."""

import functools
import json
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import Game, IllegalMove, Rule
from engine.cards import CARD_NAMES
from engine.solver import DealSolver, _Deal, _DepthFirst, _WinTable, as_log, solve_position

DATA = Path(__file__).parents[1] / "data"  # outside test data and its sources (tests/data/README.md)
PUBLISHED = json.loads((DATA / "published-verdicts.json").read_text())


def brute_force(game: Game) -> bool:
    """Every line, no table, no pruning: the reference the solver must agree with."""
    if game.status == "won":
        return True
    for position in game.playable():
        child = game.copy()
        child.tap(position)
        if brute_force(child):
            return True
    if game.stock_count:
        child = game.copy()
        child.draw()
        return brute_force(child)
    return False


@st.composite
def endgames(draw: st.DrawFn) -> Game:
    """A random deal played at random until few peak cards and few stock cards are left."""
    game = Game.from_cards(draw(st.permutations(CARD_NAMES)), draw(st.sampled_from(list(Rule))))
    stock_left = draw(st.integers(0, 5))
    while game.status == "playing" and game.stock_count > stock_left:
        game.draw()
    while game.status == "playing" and 28 - sum(game.is_removed(p) for p in range(28)) > 9:
        playable = game.playable()
        if not playable:
            break
        game.tap(draw(st.sampled_from(playable)))
    return game


@settings(max_examples=150, deadline=None)
@given(endgames())
def test_the_verdict_matches_an_exhaustive_search(game: Game) -> None:
    solution = engine.solve(game)
    assert solution.winnable == brute_force(game)


@st.composite
def positions(draw: st.DrawFn) -> Game:
    """A random deal after a few random actions (refused ones skipped)."""
    game = Game.from_cards(draw(st.permutations(CARD_NAMES)), draw(st.sampled_from(list(Rule))))
    for _ in range(draw(st.integers(0, 30))):
        options = [*game.playable(), None]
        choice = draw(st.sampled_from(options))
        try:
            game.draw() if choice is None else game.tap(choice)
        except IllegalMove:
            break
    return game


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_line_replays_to_a_win_and_the_game_is_unchanged(game: Game) -> None:
    before = (game.state, game.log, game.moves)
    solution = engine.solve(game)
    assert (game.state, game.log, game.moves) == before
    if solution.winnable:
        won = Game.from_cards(game.deal, game.rule, game.log + solution.line)
        assert won.status == "won"
    else:
        assert solution.line == ""


@settings(max_examples=40, deadline=None)
@given(positions())
def test_the_depth_first_search_and_the_table_agree_and_the_table_writes_a_winning_line(game: Game) -> None:
    removed, drawn, waste = game.state
    deal = _Deal(game.cards, game.rule)
    depth_first = _DepthFirst(deal).solve(removed, drawn, waste % 13, budget=10**9)
    table = _WinTable(deal)
    assert (depth_first is not None) == table.winnable(removed, drawn, waste % 13)
    if depth_first is not None:
        line = as_log(table.line(removed, drawn, waste % 13))
        assert Game.from_cards(game.deal, game.rule, game.log + line).status == "won"


@settings(max_examples=15, deadline=None)
@given(st.permutations(CARD_NAMES), st.sampled_from(list(Rule)), st.integers(0, 2**32 - 1), st.randoms())
def test_one_deal_solver_answers_the_positions_of_a_line_in_any_order_as_fresh_solvers_do(
    cards: list[str], rule: Rule, seed: int, chooser: random.Random
) -> None:
    """Once its table is filled, a deal's solver answers every position from it, filling lower levels for
    earlier positions: the same verdicts as a new solver for each, and lines that win."""
    start = Game.from_cards(cards, rule)
    line = engine.casual_line(start, seed)
    prefixes = list(range(len(line) + 1))
    chooser.shuffle(prefixes)
    solver = DealSolver(start.cards, rule)
    solver.table = _WinTable(solver.deal)  # as after a position the quick stages did not settle
    for prefix in prefixes:
        game = Game.from_cards(cards, rule, line[:prefix])
        removed, drawn, waste = game.state
        solution = solver.solve(removed, drawn, waste % 13)
        assert solution.winnable == solve_position(game.cards, rule, removed, drawn, waste % 13).winnable
        if solution.winnable:
            assert Game.from_cards(cards, rule, game.log + solution.line).status == "won"


@functools.cache
def published_decks() -> list[tuple[int, ...]]:
    return [
        engine.cards.parse_deck([card[0] + card[1].upper() for card in line.split()])
        for line in (DATA / PUBLISHED["decks"]).read_text().splitlines()
    ]


@pytest.mark.parametrize("rule", list(Rule))
def test_agrees_with_the_published_counts_on_1500_deals(rule: Rule) -> None:
    winnable = PUBLISHED["winnable"][rule.value]
    decks = published_decks()
    assert len(decks) == 1500
    # Two processes: about a minute on one core. Spawned, not forked: the test process has threads.
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        verdicts = list(pool.map(winnable_from_the_deal, decks, [rule] * len(decks), chunksize=50))
    assert sum(verdicts) == winnable


def winnable_from_the_deal(cards: tuple[int, ...], rule: Rule) -> bool:
    return solve_position(cards, rule, 0, 0, cards[28] % 13).winnable


def test_a_hint_keeps_the_deal_winnable_and_is_the_same_when_asked_twice() -> None:
    for number in range(12):
        game = Game.new(engine.GameCode(number, Rule.EASY))
        for _ in range(6):
            hint = engine.hint(game)
            assert hint == engine.hint(game)
            if not hint.winnable or game.status != "playing":
                break
            game.draw() if hint.position is None else game.tap(hint.position)
            assert engine.solve(game).winnable


def test_hint_reasons_for_a_peak_a_flip_and_a_draw() -> None:
    from .deals import ALL_TAPS, deal_for_line, taps

    line = taps(ALL_TAPS)
    one_left = Game.from_cards(deal_for_line(line), Rule.EASY, line[:-1])
    assert engine.hint(one_left) == engine.Hint(2, engine.HintReason.PEAK, True)
    start = Game.from_cards(deal_for_line(line), Rule.EASY)
    assert engine.hint(start) == engine.Hint(18, engine.HintReason.RUN, True)
    after_nine = Game.from_cards(deal_for_line(line), Rule.EASY, line[:9])
    assert engine.hint(after_nine) == engine.Hint(27, engine.HintReason.FLIP, True)  # frees position 17
    draw_first = "+" + line
    drawing = Game.from_cards(deal_for_line(draw_first), Rule.EASY)
    assert engine.hint(drawing) == engine.Hint(None, engine.HintReason.DRAW, True)


def test_a_lost_position_counts_the_undos_back_to_a_winnable_one() -> None:
    checked = 0
    for number in range(60):
        game = Game.new(engine.GameCode(number, Rule.CLASSIC))
        if not engine.solve(game).winnable:
            continue
        game.play_log("+" * 23)  # drawing the whole stock at once loses most deals
        if engine.solve(game).winnable:
            continue
        hint = engine.hint(game)
        assert (hint.winnable, hint.position, hint.reason) == (False, None, "lost")
        assert hint.undos is not None
        for _ in range(hint.undos - 1):
            game.undo()
            assert not engine.solve(game).winnable
        game.undo()
        assert engine.solve(game).winnable
        checked += 1
        if checked == 3:
            return
    pytest.fail("no deal among the first 60 was lost by drawing the whole stock")


def test_analysis_names_the_first_action_after_which_the_deal_was_lost() -> None:
    for number in range(60):
        game = Game.new(engine.GameCode(number, Rule.CLASSIC))
        if not engine.solve(game).winnable:
            continue
        game.play_log("+-+")  # an undo in the log: indices count it, the line played does not
        while game.status == "playing":  # draw out the stock, then play whatever fits
            game.draw() if game.stock_count else game.tap(game.playable()[0])
        if game.status == "won":
            continue
        analysis = engine.analyse(game)
        assert analysis.winnable and analysis.losing_action is not None
        index = analysis.losing_action
        before = Game.from_cards(game.deal, game.rule, game.log[: index - 1])
        after = Game.from_cards(game.deal, game.rule, game.log[:index])
        assert engine.solve(before).winnable and not engine.solve(after).winnable
        assert analysis.losing_move == after.moves
        tapped = after.last_action
        assert tapped is not None
        assert analysis.losing_card == (before.visible()[tapped.position] if tapped.position is not None else None)
        return
    pytest.fail("no winnable deal among the first 60 was lost by this line")


def test_analysis_of_a_deal_that_could_never_be_won(blocked_deal: list[str]) -> None:
    game = Game.from_cards(blocked_deal, Rule.CLASSIC, "+" * 23)
    assert engine.analyse(game) == engine.Analysis(False, None, None)


def test_a_hint_or_an_analysis_fills_at_most_one_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position they ask of after the first that needed the table is looked up in it: on the costliest
    position known (a blocked Classic game, whose analysis once solved eight positions afresh), one table each."""
    tables: list[_WinTable] = []
    filled = _WinTable.__init__

    def counted(self: _WinTable, deal: _Deal) -> None:
        filled(self, deal)
        tables.append(self)

    monkeypatch.setattr(_WinTable, "__init__", counted)
    game = Game.replay(engine.GameCode.parse("TP1-C-IRELRCV"), "+++++n+l++o+ij++k++b+a9+r+3+p+4e++q+h++")
    assert game.status == "blocked"
    assert engine.analyse(game) == engine.Analysis(True, 4, 4, None)
    assert len(tables) == 1
    assert engine.hint(game) == engine.Hint(None, engine.HintReason.LOST, False, 36)
    assert len(tables) == 2
