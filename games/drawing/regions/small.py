"""The game page's small regions (templates/games/game.html draws them by their tags, games/web/answers.py
in its answers): ``status_region``, ``counters_region``, ``notice_region`` and ``spoken_region``.

Written in Python rather than template nodes, as the board is (play_area.py): every move's answer draws
them again. Every value goes through Django's ``format_html``, which escapes it unless it is already safe
HTML (translations included: they are data). The markup is kept byte for byte by
tests/web/test_board_golden.py.
"""

import math

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.drawing.board import Board
from games.drawing.regions.words import BoardWords, board_words
from games.models import GameRecord

NOTHING = SafeString("")


def out_of_band(context: template.Context, swap: str = "true") -> SafeString:
    """An answer to an action swaps each region out of band (the forms say hx-swap="none")."""
    return format_html('hx-swap-oob="{}"', swap) if context.get("oob") else NOTHING


def status_region(context: template.Context) -> SafeString:
    """The game's level, rule and state, and whether this page only watches."""
    record, board = context["table"].record, context["board"]
    level = NOTHING
    if record.level:
        level = format_html(
            '<span class="level" data-level="{}">{}</span>\n      ', record.level, record.get_level_display()
        )
    words = board_words(get_language())
    watching = (
        NOTHING if context.get("can_play") else format_html('\n      <span class="watcher">{}</span>', words.watching)
    )
    # The dots between the parts are the stylesheet's: on a phone it shows the level (else the rule) and
    # whether this page watches.
    return format_html(
        '\n    <p id="status" class="status" {}>\n'
        "      {}"
        '<span class="rule">{}</span>\n'
        '      <span class="state">{}</span>{}\n'
        "    </p>\n    ",
        out_of_band(context),
        level,
        record.rule_label,
        _state(board, words),
        watching,
    )


def _state(board: Board, words: BoardWords) -> SafeString:
    if board.won:
        return words.won
    return words.blocked if board.blocked else words.in_progress


def counters_region(context: template.Context) -> SafeString:
    """The score, a level game's streak and clock, the moves and the cards left in the stock."""
    board: Board = context["board"]
    words = board_words(get_language())
    streak = NOTHING
    if board.streaks:
        streak = format_html(
            '<div><dt>{}</dt><dd data-counter="streak">{}</dd></div>', words.streak, board.streaks.streak
        )
        if "step" not in context:  # a replay's step has no time of its own
            streak = format_html("{}{}", streak, _clock(context["table"].record, words))
    return format_html(
        '\n    <dl id="counters" class="counters" {}>\n'
        '      <div><dt>{}</dt><dd data-counter="score">{}</dd></div>\n'
        "      {}\n"
        '      <div><dt>{}</dt><dd data-counter="moves">{}</dd></div>\n'
        '      <div><dt>{}</dt><dd data-counter="stock">{}</dd></div>\n'
        "    </dl>\n    ",
        out_of_band(context),
        words.score,
        board.score,
        streak,
        words.moves,
        board.moves,
        words.stock,
        board.stock_count,
    )


def _clock(record: GameRecord, words: BoardWords) -> SafeString:
    """A level game's (or a challenge's) time on the server's clock, and what is left of its time bonus (of a
    challenge's: of the race): static/js/clock.js
    makes them tick from these figures until the next answer brings new ones."""
    seconds = record.seconds()
    limit = record.scoring.time_limit if record.scoring else 0
    running = record.first_action_at and not record.finished and (record.time_limit is None or seconds < limit)
    return format_html(
        '<div class="clock"><dt>{}</dt><dd data-counter="time" data-seconds="{}"{}>{}</dd>'
        '<dd class="time-bonus{}"><span class="label">{}</span> '
        '<span data-counter="time-bonus" data-limit="{}">{}</span></dd></div>',
        words.time,
        f"{seconds:.1f}",
        mark_safe(" data-running") if running else "",
        minutes(seconds),
        " over" if seconds >= limit else "",
        words.time_bonus,
        limit,
        minutes(limit - seconds),
    )


def minutes(seconds: float) -> str:
    """``seconds`` as minutes and seconds, 3:07; none below 0:00."""
    whole = max(0, math.floor(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def notice_region(context: template.Context) -> SafeString:
    """The answer's notice (a refusal, a stale page, a hint) and the messages a redirect carried."""
    notice = context.get("notice")
    said = NOTHING
    if notice:
        fades = NOTHING if context.get("teaching") else mark_safe(' class="fades"')
        said = format_html("<p{}>{}</p>", fades, notice)
    messages = format_html_join(
        "", '<p class="{}">{}</p>', ((message.tags, str(message)) for message in context.get("messages") or ())
    )
    return format_html(
        '\n  <div id="notice" class="notice" role="status" aria-live="polite" {}>\n    {}\n    {}\n  </div>\n  ',
        out_of_band(context, "innerHTML"),
        said,
        messages,
    )


def spoken_region(context: template.Context) -> SafeString:
    """The board in words (board_text.py), read by screen readers after each action."""
    return format_html(
        '\n  <p id="board-text" class="visually-hidden" aria-live="polite" aria-atomic="true" {}>{}</p>\n  ',
        out_of_band(context, "innerHTML"),
        context["board"].text,
    )
