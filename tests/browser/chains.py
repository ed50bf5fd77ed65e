"""Deals whose opening offers a run of quick legal taps, for the browser tests and bench/page.py: the
cards face up at the start, each one rank from the card before it, the first from the waste."""

from collections.abc import Iterator

import engine


def runs(game: engine.Game, length: int) -> Iterator[list[int]]:
    """Every run of ``length`` taps on the cards face up now, each legal after the ones before."""
    if length == 0:
        yield []
        return
    for position in game.playable():
        if not game.is_face_up(position):
            continue
        after = game.copy()
        after.tap(position)
        # Only cards face up from the start: a card a tap turns up is unknown to the page until the answer.
        for rest in runs(after, length - 1):
            if all(game.is_face_up(p) for p in rest):
                yield [position, *rest]


def tap_run(length: int = 5, rule: str = "E") -> tuple[str, list[int]]:
    """The first code (in order) whose deal opens with a run of ``length`` legal taps, and the run."""
    for number in range(engine.codes.CODE_SPACE):  # TP1-E-AAAAAAA, TP1-E-AAAAAAB, … (as the web tests go)
        code = engine.GameCode(number, engine.Rule(rule))
        for run in runs(engine.Game.new(code), length):
            return str(code), run
    raise AssertionError("no such deal")
