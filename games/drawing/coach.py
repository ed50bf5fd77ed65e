"""The guided first game's coach (engine/guide.py): what it says at each step, in the page's language, and the
card or the stock it rings, as Teach me rings its own."""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from games.drawing.board import COLUMNS
from games.drawing.cards import spoken_name

Cue = engine.Cue
MIDDLE_COLUMN = 10  # of the peaks' grid of 20 half-card columns (games/drawing/board.py)


@dataclass(frozen=True)
class Coaching:
    words: str
    cue: engine.Cue
    position: int | None  # the card it rings
    draw: bool  # it rings the stock

    @property
    def side(self) -> str:
        """Where its words go when they lie over the peaks (a phone held sideways): the half of the peaks away
        from the card it rings, so that they never hide it."""
        return "end" if self.position is not None and COLUMNS[self.position] <= MIDDLE_COLUMN else "start"


def coaching(game: engine.Game) -> Coaching | None:
    """The coach's word on a guided game as it stands; None once the guide is over."""
    step = engine.guide_step(game)
    if step is None:
        return None
    return Coaching(_said(step, game), step.cue, step.position, step.cue is Cue.DRAW)


def _said(step: engine.GuideStep, game: engine.Game) -> str:
    """Short enough for three lines of a phone held upright, the first step's too."""
    waste = spoken_name(game.waste)
    if step.cue is Cue.DONE:
        return _("A peak cleared! Clear the other two to win; Teach me helps when you are stuck.")
    if step.cue is Cue.OFF_PATH:
        return _("Off the guide's path: Undo brings you back, or play on alone.")
    if step.position is None:  # a draw's cue
        said = _("Nothing fits the %(waste)s: tap the stock.") % {"waste": waste}
    else:
        card = spoken_name(game.visible()[step.position])
        said = _("Tap the %(card)s: one rank from the %(waste)s.") % {"card": card, "waste": waste}
    if not game.standing:
        said = " ".join((_("Clear the three peaks!"), said))
    if step.run >= 2:
        run = ngettext("A streak of %(cards)d card!", "A streak of %(cards)d cards!", step.run) % {"cards": step.run}
        said = " ".join((run, said))
    return said
