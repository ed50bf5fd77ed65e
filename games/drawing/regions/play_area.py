"""The board region, for the templates (games/game.html, replay.html) and the answers (games/web/answers.py):
``{% board_region %}`` draws its frame around ``{% play_area %}``: the peaks, the stock and the waste,
and the owner's Undo and Teach me; ``{% undo_form %}`` and ``{% hint_form %}`` those two buttons alone
(the end overlay offers them too).

Written in Python rather than template nodes: they are drawn after every move, and through the
template engine they took most of a move's rendering (bench/move_parts.py). The end overlays, drawn once a
game, stay in the template (its partial ``outcome``). Every value goes through Django's ``format_html``, which
escapes it unless it is already safe HTML; the whitespace is the template's own, kept byte for byte
(tests/web/test_board_golden.py). Every action form is a plain form;
static/js/tripeaks.js queues the ones marked data-queue and sends them in order.
"""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext

from games.drawing.board import Board
from games.drawing.regions.cards import card_face, peak_rows
from games.drawing.regions.small import NOTHING, out_of_band
from games.drawing.regions.words import board_words

CSRF_FIELD = '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'


def board_region(context: template.Context) -> SafeString:
    """The board: its state and version for the page's script, the play area, and the end overlay once over."""
    board: Board = context["board"]
    return format_html(
        '\n  \n  <div id="board" class="board {}" data-version="{}" data-rule="{}"{} {}>\n    {}'
        "\n\n    \n    {}\n  </div>\n  ",
        board.status,
        board.version,
        context["table"].game.rule,
        mark_safe(" data-highlight") if context["highlight"] else "",
        out_of_band(context),
        play_area(context),
        _outcome(context) if board.won or board.blocked else "",
    )


def _outcome(context: template.Context) -> SafeString:
    """The end overlay: the template's partial, drawn once a game (through the cached loaders)."""
    return template.Engine.get_default().get_template("games/game.html#outcome").render(context)


def play_area(context: template.Context) -> SafeString:
    """The peaks, the piles and (for the owner) the controls: read-only for a watcher, inert once the game is over."""
    board: Board = context["board"]
    over = mark_safe(" inert") if board.won or board.blocked else NOTHING
    rows = peak_rows(context, board.rows)
    if not context["can_play"]:
        return format_html(
            '\n    <div class="peaks"{}>\n    \n      {}\n    </div>\n\n    {}\n\n    ',
            over,
            rows,
            _piles(context, board, over, NOTHING),
        )
    fields = _version_fields(context)  # the same in each form: the token is made once
    return format_html(
        '\n    <form method="post" action="{tap}" data-queue class="peaks"{over}>\n      {fields}\n    \n      {rows}\n'
        "    </form>\n\n    {piles}\n\n    \n"
        '    <div class="controls"{over}>\n      {undo}\n      {hint}\n    </div>\n    ',
        tap=_url(context, "tap"),
        over=over,
        fields=fields,
        rows=rows,
        piles=_piles(context, board, over, fields),
        undo=_undo(context, fields),
        hint="" if board.won else hint_form(context),
    )


def _piles(context: template.Context, board: Board, over: SafeString, fields: SafeString) -> SafeString:
    """The stock and the waste; ``fields`` are the owner's forms' hidden fields ("" for a watcher)."""
    arrival = f"from-{board.arrival}" if context.get("oob") and board.arrival else ""
    words = board_words(get_language())
    return format_html(
        '<div class="piles"{}>\n'
        '      <div class="pile stock"><span class="pile-label" aria-hidden="true">{}</span>\n'
        "        {}\n"
        "      </div>\n"
        '      <div class="pile waste"><span class="pile-label" aria-hidden="true">{}</span>\n'
        "        {}\n"
        "      </div>\n"
        "    </div>",
        over,
        words.stock,
        _stock(context, board, fields),
        words.waste,
        card_face(board.waste, arrival),
    )


def _stock(context: template.Context, board: Board, fields: SafeString) -> SafeString:
    """The owner's Draw button, or the stock as a picture of its count."""
    count = board.stock_count
    badge = format_html('<span class="badge" aria-hidden="true">{}</span>', count)
    if not fields:
        label = ngettext("Stock: %(count)s card", "Stock: %(count)s cards", count) % {"count": count}
        return format_html(
            '\n        <span class="card back" role="img" aria-label="{}">{}</span>\n        ', label, badge
        )
    draw = ngettext("Draw (%(count)s card left)", "Draw (%(count)s cards left)", count) % {"count": count}
    return format_html(
        '\n        <form method="post" action="{}" data-queue>\n'
        "          {}\n"
        '          <button type="submit" class="card back stock-button{}" data-action="draw"'
        ' aria-keyshortcuts="D" {}>\n'
        '            <span class="visually-hidden">{}</span>\n'
        "            {}\n"
        "          </button>\n"
        "        </form>\n        ",
        _url(context, "draw"),
        fields,
        " hinted" if context.get("hint_draw") else "",
        "" if count and not board.won else "disabled",
        draw,
        badge,
    )


def undo_form(context: template.Context) -> SafeString:
    return _undo(context, _version_fields(context))


def _undo(context: template.Context, fields: SafeString) -> SafeString:
    return format_html(
        '\n<form method="post" action="{}" data-queue>\n'
        "  {}\n"
        '  <button type="submit" data-action="undo" aria-keyshortcuts="U Control+Z" {}>{}</button>\n'
        "</form>\n",
        _url(context, "undo"),
        fields,
        "" if context["board"].can_undo else "disabled",
        board_words(get_language()).undo,
    )


def hint_form(context: template.Context) -> SafeString:
    return format_html(
        '\n<form method="get" action="{}" data-queue>\n'
        '  <button type="submit" data-action="hint">{}</button>\n'
        "</form>\n",
        _url(context, "hint"),
        board_words(get_language()).teach_me,
    )


def _url(context: template.Context, name: str) -> str:
    """The URL of the game's action ``name`` ("tap", "draw", "undo", "hint"): the game's own URL and the
    action's name, as games/urls.py lays them (tests/web/test_regions.py checks it against ``reverse``)."""
    return f"{context['table'].url}{name}/"


def _version_fields(context: template.Context) -> SafeString:
    """What every action form posts: the CSRF token (as ``{% csrf_token %}`` writes it) and the version shown."""
    token = str(context.get("csrf_token") or "")  # a lazy value: evaluated once
    csrf = NOTHING if token in ("", "NOTPROVIDED") else format_html(CSRF_FIELD, token)
    return format_html('{}<input type="hidden" name="version" value="{}">', csrf, context["board"].version)
