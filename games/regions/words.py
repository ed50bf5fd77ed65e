"""The board's words in the active language, escaped, looked up once per language.

The board is drawn after every move, and a ``gettext`` costs about what drawing a card does: a dozen of
them were a tenth of a move's rendering (bench/move_parts.py). Each ``gettext`` is called outside
an f-string, where makemessages finds it; the count-dependent labels (``ngettext``) stay where they are drawn.
"""

from dataclasses import dataclass
from functools import lru_cache
from html import escape

from django.utils.translation import gettext

from games.cards import face_down_name

LANGUAGES_KEPT = 8  # five are offered


@dataclass(frozen=True)
class BoardWords:
    stock: str
    waste: str
    undo: str
    teach_me: str
    score: str
    moves: str
    streak: str
    time: str  # a level game's clock
    time_bonus: str  # what is left of the time within which a win earns the time bonus
    watching: str  # a watcher's page says so in its status
    won: str
    blocked: str
    in_progress: str
    face_down: str  # a face-down card's name: the same for every one of them


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
        gettext("watching (read-only)"),
        gettext("Won"),
        gettext("No more moves possible"),
        gettext("In progress"),
        face_down_name(),
    )
    return BoardWords(*(escape(word) for word in words))
