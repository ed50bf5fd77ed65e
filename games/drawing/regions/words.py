"""The board's words in the active language, escaped (safe strings), looked up once per language.

The board is drawn after every move, and a ``gettext`` costs about what drawing a card does: a dozen of
them were a tenth of a move's rendering (bench/move_parts.py). Each ``gettext`` is called outside
an f-string, where makemessages finds it; the count-dependent labels (``ngettext``) stay where they are drawn.
"""

from dataclasses import dataclass
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from games.drawing.cards import face_down_name

LANGUAGES_KEPT = 8  # five are offered


@dataclass(frozen=True)
class BoardWords:
    stock: SafeString
    waste: SafeString
    undo: SafeString
    teach_me: SafeString
    score: SafeString
    moves: SafeString
    streak: SafeString
    time: SafeString  # a level game's clock
    time_bonus: SafeString  # what is left of the time within which a win earns the time bonus
    bonus_short: SafeString  # its label where there is room for one short word (a phone)
    bonus_spent: SafeString  # what it says once the time is past
    watching: SafeString  # a watcher's page says so in its status
    yours_over: SafeString  # and its player's, once they may play it no more (a race over, a link's game ended)
    won: SafeString
    blocked: SafeString
    in_progress: SafeString
    face_down: SafeString  # a face-down card's name: the same for every one of them


@lru_cache(maxsize=LANGUAGES_KEPT)
def board_words(language: str | None) -> BoardWords:
    """The words in ``language``, the active one (``get_language()``): ``gettext`` answers in it."""
    words = (
        gettext("Stock"),
        gettext("Waste"),
        gettext("Undo"),
        gettext("Teach me"),
        gettext("Score"),
        gettext("Moves"),
        gettext("Streak"),
        gettext("Time"),
        gettext("Time bonus"),
        pgettext("time bonus, where there is room for one short word", "bonus"),
        gettext("no bonus left"),
        gettext("watching (read-only)"),
        gettext("your game (over)"),
        gettext("Won"),
        gettext("No more moves possible"),
        gettext("In progress"),
        face_down_name(),
    )
    return BoardWords(*(escape(word) for word in words))
