"""How much the daily deal's opening cards tell about it: the deals consistent with what every player
sees at the start (the ten cards of the bottom row and the first waste card), under the scheme that
draws the daily over all 52! orders of the deck (TP2 codes), against drawing it among the 26⁷ deal
numbers of TP1 codes.

    .venv/bin/python bench/daily_secrecy.py [--days 20] [--completions 200] [--workers 2]

For each of ``--days`` daily deals (a random secret), ``--completions`` random orders of the 41 other
cards behind the same opening: the share ``q`` that the Daily would accept (Medium or harder under the
Easy rule, and winnable by the exact solver). The daily deal is uniform over the accepted orders, so the
deals a player cannot tell from the day's, given its opening, number 41! × q; among TP1 codes the
expected number is 26⁷ × q × 41!/52!, since a deal number's opening is a uniform draw of 11 cards.
Prints each figure as a power of ten, with progress as the days are done.
"""

import argparse
import datetime
import math
import random
import secrets
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from engine import Game, GameCode, Level, casual_share, daily_code, solve
from engine.codes import CODE_SPACE
from engine.deal import shuffle_index
from engine.layout import FIRST_WASTE, PEAK_CARDS

BOTTOM_ROW = range(18, PEAK_CARDS)  # face up from the start, with the first waste card
OPENING = [*BOTTOM_ROW, FIRST_WASTE]


def qualifies(code: GameCode) -> bool:
    return Level.DAILY.accepts(casual_share(code)) and solve(Game.new(code)).winnable


def accepted_share(day_and_count: tuple[datetime.date, int]) -> float:
    """The share of random orders behind ``day``'s opening cards that the Daily accepts."""
    day, completions = day_and_count
    cards = daily_code(day, secrets.token_hex(16)).cards
    rng = random.Random(day.toordinal())
    others = [card for i, card in enumerate(cards) if i not in OPENING]
    accepted = 0
    for _ in range(completions):
        rng.shuffle(others)
        rest = iter(others)
        order = tuple(cards[i] if i in OPENING else next(rest) for i in range(len(cards)))
        accepted += qualifies(GameCode(shuffle_index(order), Level.DAILY.rule, shuffle=True))
    return accepted / completions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--days", type=int, default=20)
    parser.add_argument("--completions", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    first = datetime.date(2026, 1, 1)
    tasks = [(first + datetime.timedelta(days=n), args.completions) for n in range(args.days)]
    shares = []
    with ProcessPoolExecutor(args.workers) as pool:
        for share in pool.map(accepted_share, tasks):
            shares.append(share)
            print(f"\rdays done: {len(shares)}/{args.days}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    behind_opening = math.factorial(52 - len(OPENING))
    openings = math.perm(52, len(OPENING))
    low, median = min(shares), statistics.median(shares)
    print(f"{args.days} daily deals, {args.completions} random orders behind each one's {len(OPENING)} opening cards")
    print(f"share the Daily accepts: median {median:.1%}, lowest {low:.1%}, highest {max(shares):.1%}")
    floor = behind_opening * low if low else behind_opening / args.completions  # none seen: under one in all
    lowest = f"{'' if low else 'under '}10^{math.log10(floor):.1f}"
    middle = f"10^{math.log10(behind_opening * median):.1f}" if median else "under the lowest"
    print(f"TP2 (all 52! orders): deals consistent with the opening: median {middle}, lowest {lowest}")
    print(
        f"TP1 (26^7 deal numbers): expected other deals consistent with it: "
        f"{CODE_SPACE * median / openings:.1e} (26^7 / (52!/41!) = {CODE_SPACE / openings:.1e} before the band)"
    )


if __name__ == "__main__":
    main()
