"""The guided first game: a fixed deal and the first actions of a line that wins it, through which the site's
coach walks a new player, step by step: a run of ten cards, a draw, and a peak cleared."""

from dataclasses import dataclass
from enum import StrEnum

from .codes import GameCode
from .game import Game, Status
from .log import DRAW, POSITION_OF_SYMBOL, TAP_SYMBOLS

GUIDED_CODE = GameCode.parse("TP1-E-XTZDVSV")
# Ten taps in a row, a draw, three taps, a draw, three taps, the last of them clearing the middle peak; the solver
# wins the deal from where it ends (tests/engine/test_guide.py).
GUIDED_LINE = "monlejrdcq+6i9+5k1"


class Cue(StrEnum):
    """What the coach says next."""

    TAP = "tap"  # tap this card
    DRAW = "draw"  # no card fits: draw
    OFF_PATH = "off_path"  # the player left the line: Undo comes back to it
    DONE = "done"  # the line is played: a peak is cleared, and the player goes on alone


@dataclass(frozen=True, slots=True)
class GuideStep:
    cue: Cue
    position: int | None = None  # the card to tap (TAP)
    run: int = 0  # cards played in a row just before this step, since the start or the last draw


def guide_step(game: Game) -> GuideStep | None:
    """Where a game of the guided deal stands on the guide's line; None once the game has gone past the line's
    end, or has ended."""
    if game.status is not Status.PLAYING:
        return None
    standing = game.standing
    run = len(standing) - len(standing.rstrip(TAP_SYMBOLS))
    if standing == GUIDED_LINE:
        return GuideStep(Cue.DONE, run=run)
    if not GUIDED_LINE.startswith(standing):
        return None if standing.startswith(GUIDED_LINE) else GuideStep(Cue.OFF_PATH, run=run)
    following = GUIDED_LINE[len(standing)]
    if following == DRAW:
        return GuideStep(Cue.DRAW, run=run)
    return GuideStep(Cue.TAP, POSITION_OF_SYMBOL[following], run)
