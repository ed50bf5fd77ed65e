"""The words for the solver's answers: "Teach me" hints and the story of a finished game.

They name only the face-up card to play, or the stock: never a face-down card, so a hint reveals
nothing the player cannot see (tests/web/test_teach.py checks every language's text for it).
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine

from .models import Game
from .templatetags.cards import card_label


def hint_text(hint: engine.Hint, played: engine.Game) -> str:
    if hint.reason == "won":
        return _("The game is won: nothing left to teach.")
    if hint.reason == "lost":
        if hint.undos is None:
            return _("The peaks can no longer all be cleared, and this deal could never be won.")
        return ngettext(
            "The peaks can no longer all be cleared: %(count)d undo brings back a winnable position.",
            "The peaks can no longer all be cleared: %(count)d undos bring back a winnable position.",
            hint.undos,
        ) % {"count": hint.undos}
    if hint.reason == "draw":
        if played.playable():
            return _("Draw from the stock: none of the cards you can play now keeps the deal winnable.")
        return _("Draw from the stock: no card can be played now.")
    card = card_label(played.visible()[hint.position]) if hint.position is not None else ""
    texts = {
        "peak": _("Play the %(card)s: it empties a peak."),
        "flip": _("Play the %(card)s: it turns up a hidden card."),
        "run": _("Play the %(card)s: it keeps your run going."),
        "play": _("Play the %(card)s: the peaks can still all be cleared after it."),
    }
    return texts[hint.reason] % {"card": card}


def verdict_text(game: Game) -> str:
    """What the solver says of a finished game's deal, and where a lost one was lost."""
    rule = game.get_rule_display()
    if not game.analysed:
        return ""
    if not game.winnable:
        return _("This deal could not be won under the %(rule)s rule, whatever the play.") % {"rule": rule}
    if game.status == "won" or game.lost_after_action is None:
        return _("This deal could be won under the %(rule)s rule.") % {"rule": rule}
    symbol = game.log[game.lost_after_action - 1]
    if symbol == engine.log.DRAW:
        what = _("drawing here left no way to clear the peaks")
    else:
        played = engine.Game.replay(game.game_code, game.log[: game.lost_after_action - 1])
        card = card_label(played.visible()[engine.log.POSITION_OF_SYMBOL[symbol]])
        what = _("playing the %(card)s here left no way to clear the peaks") % {"card": card}
    return _("This deal could be won under the %(rule)s rule. It was lost after move %(move)d: %(what)s.") % {
        "rule": rule,
        "move": game.lost_after_move,
        "what": what,
    }
