"""The casual player: plays by the visible cards only, by its stated preferences, the same for a seed."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CASUAL_GAMES, Game, GameCode, Rule, casual_line, casual_share, solve
from engine.cards import CARD_NAMES, parse_deck
from engine.casual import casual_in_band, casual_wins

from .deals import random_games
from .test_solver import positions

deals = st.permutations(CARD_NAMES)
rules = st.sampled_from(list(Rule))


def turns_one_up(game: Game, position: int) -> bool:
    trial = game.copy()
    trial.tap(position)
    last = trial.last_action
    assert last is not None
    return bool(last.revealed)


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 10_000))
def test_each_action_is_one_the_casual_player_prefers_and_the_line_plays_to_the_end(game: Game, seed: int) -> None:
    line = casual_line(game, seed)
    before = game.log
    trial = game.copy()
    for symbol in line:
        playable = trial.playable()
        if symbol == "+":
            assert not playable  # it draws only when no card fits
        else:
            position = int(symbol, 36)
            assert position in playable
            if any(turns_one_up(trial, p) for p in playable):
                assert turns_one_up(trial, position)
        trial.apply(symbol)
    assert trial.status != "playing"  # won, or blocked: the stock is out and nothing fits
    assert game.log == before  # the game itself is not played


@settings(max_examples=150, deadline=None)
@given(deals, rules, st.randoms(use_true_random=False), st.integers(0, 10_000))
def test_the_casual_player_never_looks_at_a_face_down_card(
    deal: list[str], rule: Rule, rng: random.Random, seed: int
) -> None:
    """Shuffle the face-down cards (rows 1–3 and the stock) of a deal: the two games are the same
    until a card that differs is turned up or drawn."""
    hidden = [*range(18), *range(29, 52)]
    shuffled = [deal[i] for i in hidden]
    rng.shuffle(shuffled)
    twin_deal = deal.copy()
    for index, card in zip(hidden, shuffled, strict=True):
        twin_deal[index] = card
    game, twin = Game.from_cards(deal, rule), Game.from_cards(twin_deal, rule)
    line, twin_line = casual_line(game, seed), casual_line(twin, seed)
    for symbol, twin_symbol in zip(line, twin_line, strict=False):
        assert symbol == twin_symbol
        game.apply(symbol)
        twin.apply(symbol)
        if game.visible() != twin.visible() or game.waste != twin.waste:
            return  # from here on it sees different cards
    assert len(line) == len(twin_line)


def test_the_same_deal_and_seed_give_the_same_game_and_seeds_differ() -> None:
    lines = set()
    for game in random_games("casual-seeds", 10, Rule.EASY):
        assert casual_line(game, 7) == casual_line(game, 7) == casual_line(game.copy(), 7)
        lines |= {casual_line(game, seed) for seed in range(5)}
    assert len(lines) > 30  # ties are broken differently from one seed to the next


def test_casual_share_counts_the_games_that_clear_the_deal() -> None:
    code = GameCode(123_456, Rule.EASY)
    game = Game.new(code)
    cleared = []
    for seed in range(CASUAL_GAMES):
        played = game.copy()
        played.play_log(casual_line(game, seed))
        cleared.append(played.status == "won")
    assert casual_share(code) == sum(cleared) / CASUAL_GAMES
    assert casual_share(code, 10) == sum(cleared[:10]) / 10
    with pytest.raises(ValueError, match="at least one game"):
        casual_share(code, 0)


def test_a_deal_a_casual_player_clears_is_winnable() -> None:
    rng = random.Random("casual-winnable")
    for _ in range(20):
        code = GameCode(rng.randrange(26**7), rng.choice(list(Rule)))
        if casual_share(code, 10) > 0:
            assert solve(Game.new(code)).winnable


@settings(max_examples=100, deadline=None)
@given(deals, rules, st.integers(0, CASUAL_GAMES), st.integers(0, CASUAL_GAMES))
def test_counting_within_a_band_stops_early_and_agrees_with_counting_all(
    deal: list[str], rule: Rule, fewest: int, most: int
) -> None:
    cards = parse_deck(deal)
    wins = casual_wins(cards, rule)
    expected = (wins > 0) if fewest <= wins <= most else None
    assert casual_in_band(cards, rule, fewest, most) is expected
