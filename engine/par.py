"""Par: the best final score any line of play can still reach from a position, exactly, with a line that reaches
it, under each of the game's two scorings (docs/solver.md, "Par").

Under the app's rule a win beats every blocked end: par is the fewest draws of a win (``FewestDraws``) where one is
left, else the best blocked end, found by a search forward (``ParSearch._best_blocked_end``).

Under streak scoring the search runs over **segments**: the taps between two draws. A segment starts right after a
draw (or at the deal), so its waste card is the stock card just drawn, and the streak is 0: all it needs is the
removed-cards mask and the cards drawn. Within a segment, the points of a run of taps depend only on the cards it
removes (k taps score 10 + 20 + … + 10k, and the peaks they empty), and the next segment starts with a draw, which
covers the waste card, whatever it was. So the best score from a segment's start is the best, over every mask a run
of taps can reach from it, of the run's points and the best score from the next segment's start: a table of (mask,
cards drawn), with no streak in it. Only the position a search starts from may be in the middle of a streak: its
first segment counts the streak already going.
"""

import itertools
from dataclasses import dataclass
from enum import StrEnum

from .game import Game, points_score
from .layout import ALL_REMOVED, FIRST_WASTE, PEAK_CARDS, PEAK_MASKS, STOCK_SIZE
from .log import DRAW, POSITION_OF_SYMBOL, tap_symbol
from .masks import TURNED_UP, free_cards
from .rules import Rule
from .solver import FewestDraws
from .streak import LAST_PEAK_POINTS, PEAK_POINTS, STOCK_CARD_POINTS, STREAK_STEP, Terms, streak_score

# A peak is empty exactly when its top card, the lowest position of its mask, is removed (docs/rules.md §2).
_TOPS = sum(mask & -mask for mask in PEAK_MASKS)
_RUN_POINTS = tuple(STREAK_STEP * taps * (taps + 1) // 2 for taps in range(PEAK_CARDS + 1))  # 10 + 20 + … a run
_WIN_POINTS = LAST_PEAK_POINTS - PEAK_POINTS  # the peak emptied last wins the game: 500, not 150
_NONE = -1  # no end of the game reachable this way (a run that stops where a card still fits, the stock empty)


class Scoring(StrEnum):
    """The two scorings of a game."""

    POINTS = "points"  # the app's rule (docs/rules.md §6): 500, −1 an action standing, +100 an emptied peak
    STREAK = "streak"  # streak scoring (docs/rules.md §13) before the time bonus and the level's multiplier


@dataclass(frozen=True, slots=True)
class Par:
    """The best final score reachable from a position, and a line of actions (move-log symbols) that reaches it."""

    score: int
    line: str


@dataclass(frozen=True, slots=True)
class Loss:
    """A standing action that lowered the best score still reachable: the ``index``-th (from 0), its symbol, the
    ``points`` it cost, and what a par line played instead from the position before it: its first action, and its
    first run of taps, ``run`` long (the streak going on counted when the line taps at once)."""

    index: int
    played: str
    points: int
    instead: str
    run: int

    @property
    def played_position(self) -> int | None:
        """The position the action played tapped; None for a draw."""
        return None if self.played == DRAW else POSITION_OF_SYMBOL[self.played]

    @property
    def instead_position(self) -> int | None:
        """The position the par line tapped instead; None for a draw."""
        return None if self.instead == DRAW else POSITION_OF_SYMBOL[self.instead]


def par(game: Game, scoring: Scoring) -> Par:
    """Par from ``game``'s position: the best final score of any line played on to the game's end, won or blocked,
    and one such line. Under ``Scoring.STREAK`` the score counts the points the game's standing actions scored."""
    return ParSearch(game.cards, game.rule, scoring).par(game)


def reachable(game: Game, scoring: Scoring) -> list[int]:
    """The best final score still reachable at the deal and after each of ``game``'s standing actions (undone ones
    taken out): the first is par of the deal, the last the score of a game at its end; none is above the one before."""
    search = ParSearch(game.cards, game.rule, scoring)
    return [search.reachable(position) for position in _positions(game)]


def losses(game: Game, scoring: Scoring, most: int = 3) -> list[Loss]:
    """The ``most`` standing actions of ``game`` that cost the most reachable score, costliest first (the earlier
    first among equals), each with what a par line played instead: where a player's points went."""
    search = ParSearch(game.cards, game.rule, scoring)
    positions = _positions(game)
    figures = [search.reachable(position) for position in positions]
    costs = sorted(
        ((earlier - later, index) for index, (earlier, later) in enumerate(itertools.pairwise(figures))),
        key=lambda cost: (-cost[0], cost[1]),
    )
    found = []
    for points, index in costs[:most]:
        if points <= 0:
            break
        before = positions[index]
        line = search.par(before).line
        runs = line.split(DRAW)  # an action followed the position: the line has one at least
        run = before.run + len(runs[0]) if runs[0] else len(runs[1])
        found.append(Loss(index, game.standing[index], points, line[0], run))
    return found


def _positions(game: Game) -> list[Game]:
    """The game at the deal and after each of its standing actions."""
    replay = Game(game.cards, game.rule)
    positions = [replay.copy()]
    for symbol in game.standing:
        replay.apply(symbol)
        positions.append(replay.copy())
    return positions


class ParSearch:
    """Par's search over the positions of one deal under one rule and one scoring. Its tables serve every position
    asked of it (``reachable`` asks of each position along a game): the fewest-draws tables under the app's rule,
    the segment starts under streak scoring."""

    def __init__(self, cards: tuple[int, ...], rule: Rule, scoring: Scoring) -> None:
        self.streak = scoring is Scoring.STREAK
        # Under the app's rule any win scores more than any blocked end (772 − draws against 677 at most, docs/rules.md
        # §6), so where a win is left, par is the fewest draws of a winning line.
        self.fewest_draws = FewestDraws(cards, rule)
        deal = self.fewest_draws.deal  # the solver's facts of the deal: the peak cards' ranks, what fits on each rank
        self.rank, self.fits = deal.rank, deal.fits
        # The waste's rank at each segment's start: the first waste card, then each stock card drawn.
        self.segment_waste = [cards[FIRST_WASTE] % 13, *deal.stock_rank]
        self.table: dict[int, int] = {}  # mask << 5 | drawn -> the best points from that segment's start

    def par(self, game: Game) -> Par:
        """Par from ``game``'s position, with a line that reaches it."""
        removed, drawn, waste = game.state
        best, line = self.best_line(removed, drawn, waste % 13, game.run)
        return Par(self.scored(game) + best, line)

    def reachable(self, game: Game) -> int:
        """Par's score alone."""
        removed, drawn, waste = game.state
        return self.scored(game) + self.best(removed, drawn, waste % 13, game.run)

    def scored(self, game: Game) -> int:
        """What the par search adds to: under streak scoring, the points ``game``'s standing actions scored; under
        the app's rule nothing, as its final score depends on the end position alone."""
        if not self.streak:
            return 0
        streak_points = streak_score(game, Terms(game.rule, time_limit=0, multiplier=1), 0).streak_points
        return streak_points + PEAK_POINTS * (game.state[0] & _TOPS).bit_count()

    def best(self, removed: int, drawn: int, waste: int, streak: int) -> int:
        """The best points still to come from the position (``waste`` a rank), ``streak`` taps into a streak."""
        if not self.streak:
            return self._points_line(removed, drawn, waste)[0]
        return self._run(removed, free_cards(removed), drawn, waste, streak, None)

    def best_line(self, removed: int, drawn: int, waste: int, streak: int) -> tuple[int, str]:
        """``best``, and a line that scores it: segment by segment, the first run of taps whose points and what
        follows them reach what is still to score."""
        if not self.streak:
            return self._points_line(removed, drawn, waste)
        best = left = self.best(removed, drawn, waste, streak)
        line: list[str] = []
        while True:
            taps: list[int] = []
            self._run(removed, free_cards(removed), drawn, waste, streak, left, taps)
            line.extend(map(tap_symbol, taps))
            for position in taps:
                removed |= 1 << position
            if removed == ALL_REMOVED or drawn == STOCK_SIZE:
                return best, "".join(line)
            left = self.table[removed << 5 | drawn + 1]  # what the next segment scores, as the run's search found
            line.append(DRAW)
            drawn, waste, streak = drawn + 1, self.segment_waste[drawn + 1], 0

    def _points_line(self, removed: int, drawn: int, waste: int) -> tuple[int, str]:
        """Par under the app's rule, and a line to it: the fewest draws of a win where one is left, else the best
        blocked end."""
        draws = self.fewest_draws.fewest(removed, drawn, waste)
        if draws is not None:
            return points_score(ALL_REMOVED, draws), self.fewest_draws.line(removed, drawn, waste, draws)
        return self._best_blocked_end(removed, drawn, waste)

    def _best_blocked_end(self, removed: int, drawn: int, waste: int) -> tuple[int, str]:
        """From a position no win is left from, the best end under the app's rule and a line to it. Every end is
        then blocked: the stock drawn to its last card, then taps while a card fits. So the search runs forward:
        first every position reachable before the last draw, each (mask, fitting cards) once, at the fewest draws
        it is reached with (a line from it with more draws made can be played with the extra ones drawn later);
        then, on the last stock card, the runs of taps from every mask reached, to where nothing fits."""
        rank, fits, stock = self.rank, self.fits, self.segment_waste
        # (mask << PEAK_CARDS | fitting) -> (the key it was reached from, -1 for the position, the actions from it)
        before_last: dict[int, tuple[int, str]] = {}
        last: dict[int, tuple[int, str]] = {}
        masks: list[tuple[int, int, int, int]] = []  # (mask, free, key, draws) of each mask's first position
        found: set[int] = set()
        best = best_key = -1

        def search(stack: list[tuple[int, int, int, int, str]], draws: int, table: dict[int, tuple[int, str]]) -> None:
            nonlocal best, best_key
            on_last = table is last
            while stack:
                mask, free, on, parent, actions = stack.pop()
                fitting = free & fits[on]
                key = mask << PEAK_CARDS | fitting
                if key in table:
                    continue
                table[key] = (parent, actions)
                if on_last:
                    if not fitting and (points := points_score(mask, STOCK_SIZE)) > best:
                        best, best_key = points, key
                elif mask not in found:
                    found.add(mask)
                    masks.append((mask, free, key, draws))
                while fitting:
                    bit = fitting & -fitting
                    fitting ^= bit
                    position = bit.bit_length() - 1
                    near, turned_up = TURNED_UP[position]
                    after = mask | bit
                    stack.append(
                        (after, free ^ bit | turned_up[after & near], rank[position], key, tap_symbol(position))
                    )

        start = [(removed, free_cards(removed), waste, -1, "")]
        if drawn == STOCK_SIZE:
            search(start, drawn, last)
        else:
            search(start, drawn, before_last)
            # A mask reached already was put on this waste rank then, with fewer draws: only the masks found since
            started = [0] * 13
            for draws in range(drawn + 1, STOCK_SIZE):
                on = stock[draws]
                fresh, started[on] = masks[started[on] :], len(masks)
                search([(m, f, on, key, DRAW * (draws - d)) for m, f, key, d in fresh], draws, before_last)
            on = stock[STOCK_SIZE]
            search([(m, f, on, key, DRAW * (STOCK_SIZE - d)) for m, f, key, d in masks], STOCK_SIZE, last)
        return best, _line_to(best_key, last, before_last)

    def _segment(self, removed: int, free: int, drawn: int) -> int:
        """The best points from a segment's start: right after a draw (or at the deal, with nothing played);
        ``free`` the cards face up."""
        key = removed << 5 | drawn
        found = self.table.get(key)
        if found is None:
            found = self.table[key] = self._run(removed, free, drawn, self.segment_waste[drawn], 0, None)
        return found

    def _run(
        self,
        removed: int,
        free: int,
        drawn: int,
        waste: int,
        streak: int,
        wanted: int | None,
        taps: list[int] | None = None,
    ) -> int:
        """The best points from the position over every run of taps from it (the empty run too) and what follows
        the run: the game's end, or a draw and the next segment's best. Given ``wanted``, stops at the first run
        whose points reach it and writes its taps in ``taps``; returns ``_NONE`` when none does.

        The innermost loop of par: the run's points are worked out inline, as a call for each card tapped would
        cost about a third of the search."""
        rank, fits, segment, run_points, table = self.rank, self.fits, self._segment, _RUN_POINTS, self.table
        last_segment, next_drawn = drawn == STOCK_SIZE, drawn + 1
        start_count, step_streak, new_tops = removed.bit_count(), STREAK_STEP * streak, _TOPS & ~removed
        win_points = _WIN_POINTS + STOCK_CARD_POINTS * (STOCK_SIZE - drawn)
        seen: set[int] = set()
        best = _NONE
        path: list[int] = []

        def visit(mask: int, free: int, waste: int) -> bool:
            nonlocal best
            fitting = free & fits[waste]
            key = mask << PEAK_CARDS | fitting
            if key in seen:
                return False
            seen.add(key)
            count = mask.bit_count() - start_count
            points = run_points[count] + step_streak * count + PEAK_POINTS * (mask & new_tops).bit_count()
            if mask == ALL_REMOVED:
                points += win_points
            elif not last_segment:
                found = table.get(mask << 5 | next_drawn)  # ``_segment``'s lookup, without a call when it is known
                points += segment(mask, free, next_drawn) if found is None else found
            elif fitting:
                points = _NONE  # a card still fits, the stock is empty: the game goes on
            if points > best:
                best = points
            if wanted is not None and points == wanted:
                if taps is not None:
                    taps.extend(path)
                return True
            if mask == ALL_REMOVED:
                return False
            while fitting:
                bit = fitting & -fitting
                fitting ^= bit
                position = bit.bit_length() - 1
                near, turned_up = TURNED_UP[position]
                path.append(position)
                if visit(mask | bit, free ^ bit | turned_up[(mask | bit) & near], rank[position]):
                    return True
                path.pop()
            return False

        found = visit(removed, free, waste)
        if wanted is not None:
            return wanted if found else _NONE
        return best


def _line_to(key: int, last: dict[int, tuple[int, str]], before_last: dict[int, tuple[int, str]]) -> str:
    """The actions that led to ``key`` on the last stock card, back through the positions before the last draw."""
    steps: list[str] = []
    table = last
    while key != -1:
        parent, actions = table[key]
        steps.append(actions)
        if actions.startswith(DRAW):  # the draws up to the last card, from a position before it
            table = before_last
        key = parent
    return "".join(reversed(steps))
