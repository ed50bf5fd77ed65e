"""The player's games, newest first, with filters, totals and the chart of their scores."""

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine

from ..chart import score_chart
from ..history import finished_games, totals
from ..models import RULE_LABELS, STATUS_LABELS, GameRecord
from ..players import Player

PAGE_SIZE = 20


@require_GET
def history(request: HttpRequest) -> HttpResponse:
    player = Player.of(request)
    games = GameRecord.objects.owned_by(player) if player.is_known else GameRecord.objects.none()
    shown = games
    result = request.GET.get("result", "")
    rule = request.GET.get("rule", "")
    if result in engine.Status:
        shown = shown.filter(status=result)
    if rule in engine.Rule:
        shown = shown.filter(rule=rule)
    page = Paginator(shown, PAGE_SIZE).get_page(request.GET.get("page"))
    finished = finished_games(games)  # the chart and the totals ignore the filters
    context = {
        "page": page,
        "totals": totals(games, finished),
        "chart": score_chart(finished),
        "result": result,
        "rule": rule,
        "statuses": list(STATUS_LABELS.items()),
        "rules": list(RULE_LABELS.items()),
    }
    return render(request, "games/history.html", context)
