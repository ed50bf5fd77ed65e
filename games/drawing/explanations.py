"""The words for the solver's answers: "Teach me" hints and the story of a finished game.

They name only the face-up card to play, or the stock: never a face-down card, so a hint reveals
nothing the player cannot see (tests/web/test_teach.py checks every language's text for it).
"""

from dataclasses import dataclass

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
    if record.status == engine.Status.WON:
        return _("You won this deal under the %(rule)s rule.") % {"rule": rule}
    if record.lost_after_action is None:
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


@dataclass(frozen=True)
class LostPoints:
    """One of the actions that cost a finished game the most of par, in words, and the replay's step before it."""

    step: int
    said: str


def lost_points(record: GameRecord, game: engine.Game) -> list[LostPoints]:
    """Where the game's points went (``GameRecord.par_losses``), with its level's multiplier, costliest first."""
    versions = engine.standing_versions(record.log)
    terms = record.scoring
    multiplier = terms.multiplier if terms else 1
    return [
        LostPoints(versions[loss.index] - 1, _loss_text(loss, game.deal, versions[loss.index], multiplier, bool(terms)))
        for loss in (engine.Loss(**kept) for kept in record.par_losses or [])
    ]


def _loss_text(loss: engine.Loss, deal: list[str], step: int, multiplier: int, streaks: bool) -> str:
    figures: dict[str, object] = {"step": step, "points": loss.points * multiplier, "run": loss.run}
    played, instead = loss.played_position, loss.instead_position
    if played is not None:
        figures["played"] = card_label(deal[played])
    if instead is not None:
        figures["card"] = card_label(deal[instead])
    if played is None:
        if streaks:
            said = _(
                "Action %(step)d, a draw, cost %(points)d points: the %(card)s fitted and led to a streak of %(run)d."
            )
        else:
            said = _("Action %(step)d, a draw, cost %(points)d points: the %(card)s fitted there.")
    elif instead is None:
        if streaks and loss.run:  # a streak after the draw; else more draws came first
            said = _("Action %(step)d, the %(played)s, cost %(points)d points: a draw, then a streak of %(run)d.")
        else:
            said = _("Action %(step)d, the %(played)s, cost %(points)d points: a draw was the better play.")
    elif streaks:
        said = _("Action %(step)d, the %(played)s, cost %(points)d points: the %(card)s led to a streak of %(run)d.")
    else:
        said = _("Action %(step)d, the %(played)s, cost %(points)d points: the %(card)s was the better play.")
    return said % figures
