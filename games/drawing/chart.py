"""The history page's charts, drawn on the server as inline SVG (no chart library).

Each score chart plots the score of each finished game of one kind (free games, or level games, whose streak scores
run to thousands), oldest to newest, on an axis from 0 labelled at each grid line. Won games are filled dots
and blocked games hollow ones. A line shows the running win rate on a 0–100 % axis on the right, whose
grid lines the scores share. The margins leave room for the labels at the size a phone draws them. Geometry goes
in SVG attributes and colours in classes of static/css/tripeaks.css, so the strict CSP (no inline
styles) holds. Every piece goes through format_html, so no text is left unescaped.

The par chart plots, for every finished game whose deal's par is known, its score's share of par (docs/solver.md
"Par") on the same 0–100 % axis, so that games of every kind compare.
"""

from collections.abc import Sequence

from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine
from games.drawing.html import joined
from games.models import STATUS_LABELS
from games.store.history import FinishedGame, percent

CHART_LIMIT = 100  # the most recent finished games drawn; the win rate still counts every earlier one
WIDTH, HEIGHT = 440, 240  # viewBox units; the picture scales to the page's width
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 58.0, 384.0, 26.0, 190.0
INSET = 8.0  # keeps the first and last dots clear of the side axes
RATE_TICKS = (0, 25, 50, 75, 100)
NICE_TOPS = (1, 2, 4, 6, 8, 10)  # the score axis ends at one of these times a power of ten: round quarters


def history_charts(finished: Sequence[FinishedGame]) -> list[tuple[str, SafeString]]:
    """Free games' scores and level games' (by streaks, in thousands), each on an axis of their own, with
    the caption each goes under."""
    kinds = [
        (False, _("Free games"), _("Free games: your scores and win rate"), "free-chart"),
        (True, _("Level games"), _("Level games: your scores and win rate"), "level-chart"),
    ]
    drawn = [
        (caption, score_chart([game for game in finished if game.level is level], title, name))
        for level, caption, title, name in kinds
    ]
    drawn.append((_("Share of par"), par_chart([game for game in finished if game.par_percent is not None])))
    return [(caption, chart) for caption, chart in drawn if chart]


def score_chart(games: Sequence[FinishedGame], title: str, name: str, limit: int = CHART_LIMIT) -> SafeString:
    """The SVG for ``games`` (the player's finished games of one kind, oldest first), titled ``title``, its
    ids starting ``name``; empty when there are none."""
    if not games:
        return SafeString("")
    rates = running_win_rates(games)[-limit:]
    shown = games[-limit:]
    top = axis_top(max(game.score for game in shown))
    xs = [x_of(index, len(shown)) for index in range(len(shown))]
    dots = dotted(shown, xs, [score_y(game.score, top) for game in shown])
    return chart_svg(
        name, title, summary(shown, rates[-1]), [axes(top), date_labels(shown, xs), rate_line(xs, rates), dots]
    )


def par_chart(games: Sequence[FinishedGame], limit: int = CHART_LIMIT) -> SafeString:
    """The SVG of ``games``' shares of par (each has one), oldest first; empty when there are none."""
    if not games:
        return SafeString("")
    shown = games[-limit:]
    shares = [game.par_percent or 0 for game in shown]
    xs = [x_of(index, len(shown)) for index in range(len(shown))]
    dots = dotted(shown, xs, [rate_y(share / 100) for share in shares])
    described = ngettext(
        "Share of par of your last %(count)d finished game: from %(low)d%% to %(high)d%%.",
        "Share of par of your last %(count)d finished games: from %(low)d%% to %(high)d%%.",
        len(shown),
    ) % {"count": len(shown), "low": min(shares), "high": max(shares)}
    title = _("Your scores as a share of par")
    return chart_svg("par-chart", title, described, [axes(None), date_labels(shown, xs), dots])


def dotted(shown: Sequence[FinishedGame], xs: Sequence[float], ys: Sequence[float]) -> SafeString:
    """A dot for each game: filled for a win, hollow for a blocked game."""
    return joined(
        format_html(
            '<circle class="{}" cx="{}" cy="{}" r="4"/>',
            "chart-won" if game.won else "chart-blocked",
            number(x),
            number(y),
        )
        for game, x, y in zip(shown, xs, ys, strict=True)
    )


def chart_svg(name: str, title: str, described: str, parts: list[SafeString]) -> SafeString:
    """The picture, its ids starting ``name``, titled and described in words for screen readers."""
    title_id, desc_id = f"{name}-title", f"{name}-desc"
    heading = format_html('<title id="{}">{}</title><desc id="{}">{}</desc>', title_id, title, desc_id, described)
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {} {}" width="100%" role="img"'
        ' aria-labelledby="{} {}" data-chart="{}">{}</svg>',
        WIDTH,
        HEIGHT,
        title_id,
        desc_id,
        name,
        joined([heading, *parts, legend()]),
    )


def axis_top(highest: int) -> int:
    """The score axis's end: the least round number (``NICE_TOPS``) at or above ``highest``; 100 at least."""
    power = 100
    while True:
        for nice in NICE_TOPS:
            if nice * power >= highest:
                return nice * power
        power *= 10


def running_win_rates(games: Sequence[FinishedGame]) -> list[float]:
    """After each game: the share of games won so far."""
    rates, won = [], 0
    for played, game in enumerate(games, start=1):
        won += game.won
        rates.append(won / played)
    return rates


def x_of(index: int, count: int) -> float:
    if count == 1:
        return (PLOT_LEFT + PLOT_RIGHT) / 2
    return PLOT_LEFT + INSET + index * (PLOT_RIGHT - PLOT_LEFT - 2 * INSET) / (count - 1)


def score_y(score: int, top: int) -> float:
    """0 on the bottom of the plot, ``top`` on its top."""
    return PLOT_BOTTOM - score / top * (PLOT_BOTTOM - PLOT_TOP)


def rate_y(rate: float) -> float:
    return PLOT_BOTTOM - rate * (PLOT_BOTTOM - PLOT_TOP)


def summary(shown: Sequence[FinishedGame], rate: float) -> str:
    """The chart in words, for screen readers."""
    if len(shown) == 1:
        scores = _("Score of your finished game: %(score)d.") % {"score": shown[0].score}
    else:
        scores = ngettext(
            "Scores of your last %(count)d finished game, from %(low)d to %(high)d.",
            "Scores of your last %(count)d finished games, from %(low)d to %(high)d.",
            len(shown),
        ) % {"count": len(shown), "low": min(g.score for g in shown), "high": max(g.score for g in shown)}
    return scores + " " + _("Win rate over all your finished games of this kind: %(rate)d%%.") % {"rate": percent(rate)}


def axes(top: int | None) -> SafeString:
    """Grid lines at each win-rate tick, labelled with their score on the left and their rate on the right,
    and the frame; with no ``top``, the par chart's: shares of par on the left, nothing on the right."""
    grid = joined(
        format_html(
            '<line class="chart-grid" x1="{}" x2="{}" y1="{y}" y2="{y}"/>'
            '<text x="{}" y="{y}" text-anchor="end" dominant-baseline="middle">{}</text>'
            '<text class="chart-rate-label" x="{}" y="{y}" dominant-baseline="middle">{}</text>',
            number(PLOT_LEFT),
            number(PLOT_RIGHT),
            number(PLOT_LEFT - 6),
            f"{tick}%" if top is None else top * tick // 100,
            number(PLOT_RIGHT + 6),
            "" if top is None else f"{tick}%",
            y=number(rate_y(tick / 100)),
        )
        for tick in RATE_TICKS
    )
    return format_html(
        '{}<path class="chart-axis" d="M{left} {top}V{bottom}H{right}V{top}" fill="none"/>'
        '<text x="4" y="14">{}</text><text class="chart-rate-label" x="{}" y="14" text-anchor="end">{}</text>',
        grid,
        _("Share of par") if top is None else _("Score"),
        WIDTH - 4,
        "" if top is None else _("Win rate"),
        left=number(PLOT_LEFT),
        right=number(PLOT_RIGHT),
        top=number(PLOT_TOP),
        bottom=number(PLOT_BOTTOM),
    )


def date_labels(shown: Sequence[FinishedGame], xs: Sequence[float]) -> SafeString:
    """The first and last games' dates under the ends of the time axis (one date when they match)."""
    first, last = (date_format(localtime(game.finished), "SHORT_DATE_FORMAT") for game in (shown[0], shown[-1]))
    y = number(PLOT_BOTTOM + 18)
    if first == last:
        return format_html('<text x="{}" y="{}" text-anchor="middle">{}</text>', number(sum(xs) / len(xs)), y, first)
    return format_html(
        '<text x="{}" y="{y}">{}</text><text x="{}" y="{y}" text-anchor="end">{}</text>',
        number(PLOT_LEFT),
        first,
        number(PLOT_RIGHT),
        last,
        y=y,
    )


def rate_line(xs: Sequence[float], rates: Sequence[float]) -> SafeString:
    """The running win rate, with a dot on the latest value so that a single game still shows it."""
    points = " ".join(f"{number(x)},{number(rate_y(rate))}" for x, rate in zip(xs, rates, strict=True))
    return format_html(
        '<polyline class="chart-rate" points="{}" fill="none"/><circle class="chart-rate-end" cx="{}" cy="{}" r="3"/>',
        points,
        number(xs[-1]),
        number(rate_y(rates[-1])),
    )


def legend() -> SafeString:
    """One line of text, so that longer translations push the keys along rather than overlap them."""
    return format_html(
        '<text x="{}" y="{}" text-anchor="middle"><tspan class="chart-won-key">●</tspan> {}'
        ' <tspan class="chart-blocked-key">○</tspan> {}</text>',
        WIDTH // 2,
        HEIGHT - 8,
        STATUS_LABELS[engine.Status.WON],
        STATUS_LABELS[engine.Status.BLOCKED],
    )


def number(value: float) -> str:
    return f"{value:.1f}"
