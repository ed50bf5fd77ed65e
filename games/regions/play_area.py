"""The board region, for the templates (games/game.html, replay.html) and the answers (games/answers.py):
``{% board_region %}`` draws its frame around ``{% play_area %}``: the peaks, the stock and the waste,
and the owner's Undo and Teach me; ``{% undo_form %}`` and ``{% hint_form %}`` those two buttons alone
(the end overlay offers them too).

Written in Python rather than template nodes: they are drawn after every move, and through the
template engine they took most of a move's rendering (bench/move_parts.py). The end overlays, drawn once a game,
stay in the template (its partial ``outcome``). Every value written is a number, a URL of the
game's, the CSRF token, or escaped (translations too: they are data); the whitespace is the template's
own, kept byte for byte (tests/web/test_board_golden.py). Every action form is a plain form;
static/js/tripeaks.js queues the ones marked data-queue and sends them in order.
"""

from html import escape

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext

from games.board import Board

from .cards import card_face, peak_rows
from .small import out_of_band
from .words import board_words

CSRF_FIELD = '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'


def board_region(context: template.Context) -> SafeString:
    """The board: its state and version for the page's script, the play area, and the end overlay once over."""
    board: Board = context["board"]
    rule = escape(context["table"].game.rule)
    highlight = " data-highlight" if context["highlight"] else ""
    outcome = _outcome(context) if board.won or board.blocked else ""
    return mark_safe(
        f'\n  \n  <div id="board" class="board {escape(board.status)}" data-version="{board.version}"'
        f' data-rule="{rule}"{highlight} {out_of_band(context)}>\n    {play_area(context)}'
        f"\n\n    \n    {outcome}\n  </div>\n  "
    )


def _outcome(context: template.Context) -> str:
    """The end overlay: the template's partial, drawn once a game (through the cached loaders)."""
    return template.Engine.get_default().get_template("games/game.html#outcome").render(context)


def play_area(context: template.Context) -> SafeString:
    """The peaks, the piles and (for the owner) the controls: read-only for a watcher, inert once the game is over."""
    board: Board = context["board"]
    over = " inert" if board.won or board.blocked else ""
    rows = peak_rows(context, board.rows)
    if not context["can_play"]:
        peaks = f'\n    <div class="peaks"{over}>\n    \n      {rows}\n    </div>'
        return mark_safe(f"{peaks}\n\n    {_piles(context, board, over, '')}\n\n    ")
    fields = _version_fields(context)  # the same in each form: the token is made once
    peaks = (
        f'\n    <form method="post" action="{_url(context, "tap")}" data-queue class="peaks"{over}>'
        f"\n      {fields}\n    \n      {rows}\n    </form>"
    )
    controls = (
        f'\n    <div class="controls"{over}>\n      {_undo(context, fields)}'
        f"\n      {'' if board.won else hint_form(context)}\n    </div>\n    "
    )
    return mark_safe(f"{peaks}\n\n    {_piles(context, board, over, fields)}\n\n    {controls}")


def _piles(context: template.Context, board: Board, over: str, fields: str) -> str:
    """The stock and the waste; ``fields`` are the owner's forms' hidden fields ("" for a watcher)."""
    arrival = f"from-{board.arrival}" if context.get("oob") and board.arrival else ""
    words = board_words(get_language())
    stock, waste = words.stock, words.waste
    return (
        f'<div class="piles"{over}>\n'
        f'      <div class="pile stock"><span class="pile-label" aria-hidden="true">{stock}</span>\n'
        f"        {_stock(context, board, fields)}\n"
        "      </div>\n"
        f'      <div class="pile waste"><span class="pile-label" aria-hidden="true">{waste}</span>\n'
        f"        {card_face(board.waste, arrival)}\n"
        "      </div>\n"
        "    </div>"
    )


def _stock(context: template.Context, board: Board, fields: str) -> str:
    """The owner's Draw button, or the stock as a picture of its count."""
    count = board.stock_count
    badge = f'<span class="badge" aria-hidden="true">{count}</span>'
    if not fields:
        label = ngettext("Stock: %(count)s card", "Stock: %(count)s cards", count) % {"count": count}
        return f'\n        <span class="card back" role="img" aria-label="{escape(label)}">{badge}</span>\n        '
    hinted = " hinted" if context.get("hint_draw") else ""
    disabled = "" if count and not board.won else "disabled"
    draw = ngettext("Draw (%(count)s card left)", "Draw (%(count)s cards left)", count) % {"count": count}
    return (
        f'\n        <form method="post" action="{_url(context, "draw")}" data-queue>\n'
        f"          {fields}\n"
        f'          <button type="submit" class="card back stock-button{hinted}" data-action="draw"'
        f' aria-keyshortcuts="D" {disabled}>\n'
        f'            <span class="visually-hidden">{escape(draw)}</span>\n'
        f"            {badge}\n"
        "          </button>\n"
        "        </form>\n        "
    )


def undo_form(context: template.Context) -> SafeString:
    return mark_safe(_undo(context, _version_fields(context)))


def _undo(context: template.Context, fields: str) -> str:
    disabled = "" if context["board"].can_undo else "disabled"
    undo = board_words(get_language()).undo
    return (
        f'\n<form method="post" action="{_url(context, "undo")}" data-queue>\n'
        f"  {fields}\n"
        f'  <button type="submit" data-action="undo" aria-keyshortcuts="U Control+Z" {disabled}>'
        f"{undo}</button>\n"
        "</form>\n"
    )


def hint_form(context: template.Context) -> SafeString:
    teach = board_words(get_language()).teach_me
    return mark_safe(
        f'\n<form method="get" action="{_url(context, "hint")}" data-queue>\n'
        f'  <button type="submit" data-action="hint">{teach}</button>\n'
        "</form>\n"
    )


def _url(context: template.Context, name: str) -> str:
    """The URL of the game's action ``name`` ("tap", "draw", "undo", "hint"): the game's own URL and the
    action's name, as games/urls.py lays them (tests/web/test_regions.py checks it against ``reverse``)."""
    return escape(f"{context['table'].url}{name}/")


def _version_fields(context: template.Context) -> str:
    """What every action form posts: the CSRF token (as ``{% csrf_token %}`` writes it) and the version shown."""
    token = str(context.get("csrf_token") or "")  # a lazy value: evaluated once
    csrf = "" if token in ("", "NOTPROVIDED") else format_html(CSRF_FIELD, token)
    return f'{csrf}<input type="hidden" name="version" value="{context["board"].version}">'
