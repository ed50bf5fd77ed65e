"""The depth-first search's dead-end tests are sound: a position they give up is truly lost.

Checked against the table, which uses no such test and covers every legal set of removed cards.
"""

import random

from engine import Game, Rule
from engine.cards import CARD_NAMES
from engine.masks import free_cards
from engine.solver import _Deal, _WinTable


def lost_by_the_table(game: Game) -> bool:
    removed, drawn, waste = game.state
    return not _WinTable(_Deal(game.cards, game.rule)).winnable(removed, drawn, waste % 13)


def dead_ends(game: Game) -> tuple[bool, bool]:
    """(lone card, outnumbered) for the game's position."""
    removed, drawn, waste = game.state
    deal = _Deal(game.cards, game.rule)
    fitting = free_cards(removed) & deal.fits[waste % 13]
    supply = deal.supply(removed, drawn, waste % 13)
    return deal.lone_card(removed, drawn, fitting), deal.outnumbered(deal.rank_counts(removed), supply)


def randomly_played(rng: random.Random, rule: Rule) -> Game:
    """A random deal after random taps and draws, often deep into the stock: where dead ends are."""
    game = Game.from_cards(rng.sample(CARD_NAMES, len(CARD_NAMES)), rule)
    tap_chance = rng.random()
    for _ in range(rng.randrange(10, 50)):
        playable = game.playable()
        if game.status != "playing":
            break
        if playable and (rng.random() < tap_chance or not game.stock_count):
            game.tap(rng.choice(playable))
        else:
            game.draw()
    return game


def test_positions_given_up_as_dead_ends_are_lost_and_both_tests_fire() -> None:
    rng = random.Random("dead ends")
    fired = {"lone card": 0, "outnumbered": 0}
    for number in range(400):
        rule = Rule.CLASSIC if number % 2 else Rule.EASY
        game = randomly_played(rng, rule)
        if game.status == "won":
            continue
        lone, outnumbered = dead_ends(game)
        outnumbered = outnumbered and rule is Rule.CLASSIC  # the solver uses it under Classic only
        if lone or outnumbered:
            assert lost_by_the_table(game), (game.deal, game.rule, game.log)
        fired["lone card"] += lone
        fired["outnumbered"] += outnumbered
    # Each test has to give up some positions here, or this test would check nothing.
    assert min(fired.values()) >= 20, fired
