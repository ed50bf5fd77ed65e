"""The game page's small regions (templates/games/game.html draws them by their tags, games/answers.py
in its answers): ``status_region``, ``counters_region``, ``notice_region`` and ``spoken_region``.

Written in Python rather than template nodes, as the board is (play_area.py): every move's answer draws
them again. Every value written is a number or escaped, translations included (they are
data); each ``gettext`` is called outside the f-strings, where makemessages finds it. The markup is kept
byte for byte by tests/web/test_board_golden.py.
"""

import math
from html import escape

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.board import Board
from games.models import GameRecord

from .words import BoardWords, board_words


def out_of_band(context: template.Context, swap: str = "true") -> str:
    """An answer to an action swaps each region out of band (the forms say hx-swap="none")."""
    return f'hx-swap-oob="{swap}"' if context.get("oob") else ""


def status_region(context: template.Context) -> SafeString:
    """The game's level, rule and state, and whether this page only watches."""
    record, board = context["table"].record, context["board"]
    level = ""
    if record.level:
        name = escape(str(record.get_level_display()))
        level = f'<span class="level" data-level="{escape(record.level)}">{name}</span>\n      '
    words = board_words(get_language())
    watching = "" if context.get("can_play") else f'\n      <span class="watcher">{words.watching}</span>'
    # The dots between the parts are the stylesheet's: on a phone it shows the level (else the rule) and
    # whether this page watches.
    return mark_safe(
        f'\n    <p id="status" class="status" {out_of_band(context)}>\n'
        f"      {level}"
        f'<span class="rule">{escape(str(record.rule_label))}</span>\n'
        f'      <span class="state">{_state(board, words)}</span>{watching}\n'
        "    </p>\n    "
    )


def _state(board: Board, words: BoardWords) -> str:
    if board.won:
        return words.won
    return words.blocked if board.blocked else words.in_progress


def counters_region(context: template.Context) -> SafeString:
    """The score, a level game's streak and clock, the moves and the cards left in the stock."""
    board: Board = context["board"]
    words = board_words(get_language())
    score, moves, stock = words.score, words.moves, words.stock
    streak = ""
    if board.streaks:
        label = words.streak
        streak = f'<div><dt>{label}</dt><dd data-counter="streak">{board.streaks.streak}</dd></div>'
        if "step" not in context:  # a replay's step has no time of its own
            streak += _clock(context["table"].record, words)
    return mark_safe(
        f'\n    <dl id="counters" class="counters" {out_of_band(context)}>\n'
        f'      <div><dt>{score}</dt><dd data-counter="score">{board.score}</dd></div>\n'
        f"      {streak}\n"
        f'      <div><dt>{moves}</dt><dd data-counter="moves">{board.moves}</dd></div>\n'
        f'      <div><dt>{stock}</dt><dd data-counter="stock">{board.stock_count}</dd></div>\n'
        "    </dl>\n    "
    )


def _clock(record: GameRecord, words: BoardWords) -> str:
    """A level game's time on the server's clock, and what is left of its time bonus: static/js/clock.js
    makes them tick from these figures until the next answer brings new ones."""
    seconds = record.seconds()
    limit = record.game_level.time_limit if record.game_level else 0
    running = " data-running" if record.first_action_at and not record.finished else ""
    over = " over" if seconds >= limit else ""
    return (
        f'<div class="clock"><dt>{words.time}</dt><dd data-counter="time" data-seconds="{seconds:.1f}"{running}>'
        f'{minutes(seconds)}</dd><dd class="time-bonus{over}"><span class="label">{words.time_bonus}</span> '
        f'<span data-counter="time-bonus" data-limit="{limit}">{minutes(limit - seconds)}</span></dd></div>'
    )


def minutes(seconds: float) -> str:
    """``seconds`` as minutes and seconds, 3:07; none below 0:00."""
    whole = max(0, math.floor(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def notice_region(context: template.Context) -> SafeString:
    """The answer's notice (a refusal, a stale page, a hint) and the messages a redirect carried."""
    notice = context.get("notice")
    said = ""
    if notice:
        fades = "" if context.get("teaching") else ' class="fades"'
        said = f"<p{fades}>{conditional_escape(notice)}</p>"
    messages = "".join(
        f'<p class="{escape(message.tags)}">{conditional_escape(str(message))}</p>'
        for message in context.get("messages") or ()
    )
    return mark_safe(
        f'\n  <div id="notice" class="notice" role="status" aria-live="polite" {out_of_band(context, "innerHTML")}>\n'
        f"    {said}\n"
        f"    {messages}\n"
        "  </div>\n  "
    )


def spoken_region(context: template.Context) -> SafeString:
    """The board in words (board_text.py), read by screen readers after each action."""
    return mark_safe(
        '\n  <p id="board-text" class="visually-hidden" aria-live="polite" aria-atomic="true"'
        f" {out_of_band(context, 'innerHTML')}>{escape(context['board'].text)}</p>\n  "
    )
