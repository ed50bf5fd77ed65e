"""The words for the solver's answers: "Teach me" hints and the story of a finished game.

They name only the face-up card to play, or the stock: never a face-down card, so a hint reveals
nothing the player cannot see (tests/web/test_teach.py checks every language's text for it).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import engine
from games.drawing.cards import card_label
from games.models import DealPar, GameRecord

Reason = engine.HintReason
# Hints that name the card to play; the others are worded in ``hint_text`` itself.
TAP_HINTS = {
    Reason.PEAK: gettext_lazy("Play the %(card)s: it empties a peak."),
    Reason.FLIP: gettext_lazy("Play the %(card)s: it turns up a hidden card."),
    Reason.RUN: gettext_lazy("Play the %(card)s: it keeps your run going."),
    Reason.PLAY: gettext_lazy("Play the %(card)s: the peaks can still all be cleared after it."),
}


def hint_text(hint: engine.Hint, game: engine.Game) -> str:
    if hint.reason is Reason.WON:
        return _("The game is won: nothing left to teach.")
    if hint.reason is Reason.LOST:
        if hint.undos is None:
            return _("The peaks can no longer all be cleared, and this deal could never be won.")
        return ngettext(
            "The peaks can no longer all be cleared: %(count)d undo brings back a winnable position.",
            "The peaks can no longer all be cleared: %(count)d undos bring back a winnable position.",
            hint.undos,
        ) % {"count": hint.undos}
    if hint.reason is Reason.DRAW:
        if game.playable():
            return _("Draw from the stock: none of the cards you can play now keeps the deal winnable.")
        return _("Draw from the stock: no card can be played now.")
    assert hint.position is not None  # noqa: S101 (every other reason points at a card)
    card = card_label(game.visible()[hint.position])
    if hint.reason is Reason.RUN and not game.run:  # no card played since the deal or the last draw
        return _("Play the %(card)s: another card fits after it, so a run begins.") % {"card": card}
    return str(TAP_HINTS[hint.reason]) % {"card": card}


def verdict_text(record: GameRecord) -> str:
    """What the solver says of a finished game's deal, and where a lost one was lost."""
    if not record.analysed:
        return ""
    rule = record.rule_label
    if not record.winnable:
        return _("This deal could not be won under the %(rule)s rule, whatever the play.") % {"rule": rule}
    if record.status == engine.Status.WON or record.lost_after_action is None:
        return _("This deal could be won under the %(rule)s rule.") % {"rule": rule}
    if record.lost_with_card:
        what = _("playing the %(card)s here left no way to clear the peaks") % {
            "card": card_label(record.lost_with_card)
        }
    else:
        what = _("drawing here left no way to clear the peaks")
    return _("This deal could be won under the %(rule)s rule. It was lost after move %(move)d: %(what)s.") % {
        "rule": rule,
        "move": record.lost_after_move,
        "what": what,
    }


def par_text(record: GameRecord, game: engine.Game, deal_par: DealPar | None) -> str:
    """A finished game's deal's par, beside the game's score as par counts it (``GameRecord.score_against_par``)."""
    if deal_par is None:
        return ""
    figures = {
        "par": deal_par.shown_for(record),
        "mine": record.score_against_par(game),
        "percent": deal_par.percent_for(record, game),
    }
    if record.scoring:
        said = _(
            "Par for this deal, the best score possible: %(par)d points before the time bonus; "
            "you scored %(mine)d (%(percent)d%%)."
        )
    else:
        said = _("Par for this deal, the best score possible: %(par)d points; you scored %(mine)d (%(percent)d%%).")
    return said % figures
