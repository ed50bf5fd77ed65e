"""Teach me: one action that keeps the deal winnable, highlighted and explained; it costs nothing."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import engine
from games import actions
from games.drawing.explanations import hint_text
from games.drawing.tables import Table
from games.solver import pool as solver_pool
from games.solver.budget import SPENT, SolverBudget
from games.store.players import Player
from games.web import answers
from games.web.failures import outage_response
from games.web.http import HtmxHttpRequest
from games.web.limits import HINTS, limited, too_many


@require_GET
@limited(HINTS)
def hint(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    record, game = actions.load_for(Player.of(request), public_id)  # today's daily: its player alone
    table = Table.of(request, record, game)
    budget = SolverBudget(request)
    if wait := budget.wait():
        return too_many(request, SPENT, wait)
    try:
        teaching, cost = solver_pool.hint(game)
    except solver_pool.SolverUnavailable:
        return outage_response(request, _("Teach me is busy for a moment; your game is safe."))
    budget.charge(cost)
    if table.can_play and game.status is not engine.Status.WON:  # blocked too: Undo reopens it
        actions.count_hint(record)
    context = table.context(
        notice=hint_text(teaching, game),
        teaching=True,  # the explanation stays; other notices fade
        hinted=teaching.position,
        hint_draw=teaching.reason is engine.HintReason.DRAW,
        oob=bool(request.htmx),
    )
    if request.htmx:
        return answers.regions(request, context)
    return render(request, "games/game.html", context)
