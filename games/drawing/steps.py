"""What one step of a replay did, in words and the cards' corners: "7♣ onto 8♦", "Drew 4♠", "Undo: 7♣ back"."""

from django.utils.translation import gettext as _

import engine
from games.drawing.cards import card_label


def step_text(before: engine.Game, after: engine.Game) -> str:
    """The action that took ``before`` to ``after``: the card a tap played and the waste card it went onto, the card a
    draw turned, or the card an undo took back. Every card named was face up."""
    done = after.last_action
    if done is None:  # within the pairs a long game folds away (an action and its undo): neither is kept
        return _("an action and its undo, no longer kept")
    if done.action is engine.Action.DRAW:
        return _("Drew %(card)s") % {"card": card_label(after.waste)}
    if done.action is engine.Action.UNDO:  # the waste card before it goes back to the stock, or to the peaks
        return _("Undo: %(card)s back") % {"card": card_label(before.waste)}
    return _("%(card)s onto %(waste)s") % {"card": card_label(after.waste), "waste": card_label(before.waste)}
