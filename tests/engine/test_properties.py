"""Properties over random deals and random action sequences, refused actions included."""

import contextlib
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalMove, Refusal, Rule
from engine.cards import CARD_NAMES
from engine.layout import PEAK_CARDS

deals = st.permutations(CARD_NAMES)
rules = st.sampled_from(list(Rule))


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a player can see, and the compact state behind it."""
    return (game.state, game.visible(), game.waste, game.stock_count, game.score, game.status, game.playable())


def accounted_cards(game: Game) -> list[str]:
    """Every card, wherever it is: peaks (face up or down), waste pile, stock."""
    deal = game.deal
    on_peaks = [deal[p] for p in range(PEAK_CARDS) if not game.is_removed(p)]
    drawn = 23 - game.stock_count
    waste_pile = [deal[28], *(deal[p] for p in range(PEAK_CARDS) if game.is_removed(p)), *deal[29 : 29 + drawn]]
    stock = deal[29 + drawn :]
    return on_peaks + waste_pile + stock


def perform(game: Game, kind: str, position: int) -> None:
    """A draw, an undo, or else a tap on ``position``; a refusal raises IllegalMove."""
    if kind == "draw":
        game.draw()
    elif kind == "undo":
        game.undo()
    else:
        game.tap(position)


@st.composite
def played(draw: st.DrawFn) -> tuple[Game, list[Game]]:
    """A game played by random actions, mostly legal ones, with a copy after each step."""
    game = Game.from_cards(draw(deals), draw(rules))
    steps = [game.copy()]
    for _ in range(draw(st.integers(0, 120))):
        options = [*(str(p) for p in game.playable()), "draw", "undo", "any"]
        choice = draw(st.sampled_from(options))
        position = draw(st.integers(0, PEAK_CARDS - 1)) if choice == "any" else 0
        with contextlib.suppress(IllegalMove):
            perform(game, choice, int(choice) if choice.isdigit() else position)
        steps.append(game.copy())
    return game, steps


@settings(max_examples=300, deadline=None)
@given(played())
def test_replaying_the_log_gives_the_state_built_step_by_step(played_game: tuple[Game, list[Game]]) -> None:
    game, steps = played_game
    replayed = Game.from_cards(game.deal, game.rule, game.log)
    assert snapshot(replayed) == snapshot(game)
    assert (replayed.moves, replayed.log) == (game.moves, game.log)
    for step in steps:  # every prefix of the log replays to the state seen at that point
        assert snapshot(Game.from_cards(game.deal, game.rule, step.log)) == snapshot(step)


@settings(max_examples=300, deadline=None)
@given(played())
def test_the_actions_standing_replay_to_the_same_position_and_undo_chain(played_game: tuple[Game, list[Game]]) -> None:
    """What the web app remembers the solver's answers by (games/solver/pool.py): with the deal, the actions
    standing make the position, and every position undo leads back to."""
    game, _ = played_game
    straight = Game.from_cards(game.deal, game.rule, game.standing)
    assert straight.standing == game.standing
    while True:
        assert (straight.state, straight.waste, straight.status) == (game.state, game.waste, game.status)
        if not game.undoable or game.status != "playing":
            break
        game.undo()
        straight.undo()


@settings(max_examples=300, deadline=None)
@given(played())
def test_all_52_cards_are_always_accounted_for_and_moves_never_decrease(played_game: tuple[Game, list[Game]]) -> None:
    _, steps = played_game
    for before, after in itertools.pairwise(steps):
        assert after.moves >= before.moves
    for step in steps:
        assert sorted(accounted_cards(step)) == sorted(CARD_NAMES)
        assert set(step.visible().values()) <= set(step.deal[:PEAK_CARDS])


@settings(max_examples=300, deadline=None)
@given(played(), st.data())
def test_undo_is_an_exact_inverse(played_game: tuple[Game, list[Game]], data: st.DataObject) -> None:
    game, _ = played_game
    if game.status == "won":
        return
    options = [*game.playable(), None] if game.stock_count else game.playable()
    if not options:
        return
    before = snapshot(game)
    choice = data.draw(st.sampled_from(options))
    game.draw() if choice is None else game.tap(choice)
    if game.status == "won":
        return
    game.undo()
    assert snapshot(game) == before


@settings(max_examples=300, deadline=None)
@given(deals, rules, st.lists(st.sampled_from(["tap", "draw", "undo"]), max_size=150), st.data())
def test_score_is_500_less_standing_actions_plus_100_per_empty_peak(
    deal: list[str], rule: Rule, kinds: list[str], data: st.DataObject
) -> None:
    game = Game.from_cards(deal, rule)
    standing: list[str] = []  # the model: actions taken and not undone
    for kind in kinds:
        moves_before = game.moves
        playable = game.playable()
        try:
            perform(game, kind, data.draw(st.sampled_from(playable)) if playable and kind == "tap" else 0)
        except IllegalMove as refused:  # one outcome among others here, not what is expected
            assert refused.reason in Refusal  # noqa: PT017
            assert game.moves == moves_before
            continue
        if kind == "undo":
            standing.pop()
        else:
            standing.append(kind)
            assert game.moves == moves_before + 1
        assert game.score == max(0, 500 - len(standing) + 100 * sum(game.peaks_cleared()))
