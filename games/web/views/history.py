"""The player's games, newest first, with filters, totals and the charts of their scores."""

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

import engine
from games.drawing.chart import history_charts
from games.drawing.medals import RECORD_LABELS, medals_of, records_of
from games.models import FREE_GAME, LEVEL_LABELS, RULE_LABELS, STATUS_LABELS, GameRecord
from games.store.history import daily_results, finished_games, links_made, stats_by_mode, totals
from games.store.progress import progress_for
from games.web.http import SiteRequest

PAGE_SIZE = 20
FREE_MODE = "free"  # the mode filter's word for free games (whose level is empty)


@require_GET
def history(request: SiteRequest) -> HttpResponse:
    player = request.player
    games = GameRecord.objects.owned_by(player)
    shown = games
    result = request.GET.get("result", "")
    rule = request.GET.get("rule", "")
    mode = request.GET.get("mode", "")
    if result in engine.Status:
        shown = shown.filter(status=result)
    if rule in engine.Rule:
        shown = shown.filter(rule=rule)
    if mode == FREE_MODE or mode in engine.Level:
        shown = shown.filter(level=FREE_GAME if mode == FREE_MODE else mode)
    page = Paginator(shown, PAGE_SIZE).get_page(request.GET.get("page"))
    finished = finished_games(games)  # the chart and the totals ignore the filters
    kept = progress_for(player)
    medals = medals_of(kept)
    context = {
        "page": page,
        "totals": totals(games, finished),
        "charts": history_charts(finished),
        "result": result,
        "rule": rule,
        "statuses": list(STATUS_LABELS.items()),
        "rules": list(RULE_LABELS.items()),
        "mode": mode,
        "modes": [(FREE_MODE, _("Free game")), *LEVEL_LABELS.items()],
        "by_mode": stats_by_mode(games),
        "dailies": daily_results(games),
        "links": links_made(games),
        "records": records_of(kept),
        "record_labels": [RECORD_LABELS[name] for name in engine.RECORDS],
        "medals_earned": sum(1 for medal in medals if medal.earned),
        "medals_all": len(medals),
    }
    return render(request, "games/history.html", context)
